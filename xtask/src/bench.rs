//! `bench [--quick] [SUITE...]`: runs the workspace's benchmarks one suite after another, then
//! times the CLI's batch modes as whole processes (start-up, generation and output included), the
//! way a user runs them. With no suite named, all of them run; `--quick` takes fewer samples and
//! smaller batches, for a look rather than a figure to quote.
//!
//! The batch runs are timed by wall clock, best and median of three: the machine's other load
//! shows in the median, so the load average is printed with them.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::fixtures::dungeon_binary;

/// A `cargo bench` target: the suite's name on the command line, its package and bench.
struct Suite {
    name: &'static str,
    package: &'static str,
    bench: &'static str,
}

const SUITES: [Suite; 6] = [
    Suite {
        name: "rng",
        package: "rng",
        bench: "draws",
    },
    Suite {
        name: "grid-floor",
        package: "grid-floor",
        bench: "floors",
    },
    Suite {
        name: "tile-map",
        package: "tile-map",
        bench: "floors",
    },
    Suite {
        name: "layout",
        package: "connectors",
        bench: "layout",
    },
    Suite {
        name: "maze",
        package: "connectors",
        bench: "maze",
    },
    Suite {
        name: "nbt",
        package: "nbt-export",
        bench: "write",
    },
];

/// The suite name of the whole-process batch runs.
const BATCH: &str = "batch";

/// A whole-process run of the CLI: its arguments (`{count}` is replaced by the batch size, `{out}`
/// by a scratch folder) and what one unit of its work is.
struct BatchRun {
    label: &'static str,
    args: &'static [&'static str],
    count: usize,
    unit: &'static str,
}

/// The whole-process runs: the batch modes the issues set targets for, and the main job.
const BATCH_RUNS: [BatchRun; 4] = [
    BatchRun {
        label: "tile-map std floors",
        args: &["map", "--preset", "std", "--count", "{count}", "--stats"],
        count: 100_000,
        unit: "floors",
    },
    BatchRun {
        label: "tile-map water floors",
        args: &["map", "--preset", "water", "--count", "{count}", "--stats"],
        count: 100_000,
        unit: "floors",
    },
    BatchRun {
        label: "grid-floor 4-floor dungeons, JSON Lines",
        args: &[
            "floor", "--count", "{count}", "--depth", "all", "--format", "json",
        ],
        count: 100_000,
        unit: "dungeons",
    },
    BatchRun {
        label: "export of the default pack",
        args: &["export", "--out", "{out}"],
        count: 1,
        unit: "export",
    },
];

/// Timed repetitions of each batch run.
const REPEATS: usize = 3;

/// Runs the suites named in `args` (all when none is), then the batch runs if selected.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let quick = args.iter().any(|a| a == "--quick");
    let mut wanted: Vec<&str> = Vec::new();
    for arg in args.iter().filter(|a| *a != "--quick") {
        if !SUITES.iter().any(|s| s.name == arg) && arg != BATCH {
            let names: Vec<&str> = SUITES.iter().map(|s| s.name).chain([BATCH]).collect();
            return Err(format!(
                "bench: unknown suite `{arg}` (suites: {}; option: --quick)",
                names.join(", ")
            ));
        }
        wanted.push(arg);
    }
    let selected = |name: &str| wanted.is_empty() || wanted.contains(&name);
    for suite in SUITES.iter().filter(|s| selected(s.name)) {
        println!(
            "== {}: cargo bench -p {} --bench {}",
            suite.name, suite.package, suite.bench
        );
        let mut command = Command::new(env!("CARGO"));
        command
            .args(["bench", "--package", suite.package, "--bench", suite.bench])
            .current_dir(root);
        if quick {
            command.env("DIVAN_SAMPLE_COUNT", "10");
        }
        let status = command
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("the {} benchmarks failed", suite.name));
        }
    }
    if selected(BATCH) {
        batch(root, quick)?;
    }
    Ok(())
}

/// Times every [`BATCH_RUNS`] entry [`REPEATS`] times with the release binary.
fn batch(root: &Path, quick: bool) -> Result<(), String> {
    println!("== {BATCH}: whole-process runs of the release `dungeon` binary");
    let binary = dungeon_binary(root, true)?;
    let scratch = std::env::temp_dir().join(format!("dungeon-xtask-bench-{}", std::process::id()));
    let out = scratch.join("out");
    let load = load_average().unwrap_or_else(|| "unknown".into());
    let mut rows = Vec::new();
    for run in &BATCH_RUNS {
        let count = if quick {
            run.count.div_ceil(10)
        } else {
            run.count
        };
        let args: Vec<String> = run
            .args
            .iter()
            .map(|a| match *a {
                "{count}" => count.to_string(),
                "{out}" => out.display().to_string(),
                other => other.to_string(),
            })
            .collect();
        let mut times = Vec::with_capacity(REPEATS);
        for _ in 0..REPEATS {
            let _ = std::fs::remove_dir_all(&scratch);
            let started = Instant::now();
            let output = Command::new(&binary)
                .args(&args)
                .current_dir(root)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .output()
                .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
            times.push(started.elapsed());
            if !output.status.success() {
                return Err(format!(
                    "`dungeon {}` failed: {}",
                    args.join(" "),
                    String::from_utf8_lossy(&output.stderr).trim_end()
                ));
            }
        }
        let _ = std::fs::remove_dir_all(&scratch);
        times.sort_unstable();
        let shown = args
            .join(" ")
            .replace(&out.display().to_string(), "<scratch>");
        rows.push((run, count, shown, times));
    }
    println!("load average before the runs: {load}");
    for (run, count, shown, times) in rows {
        let (best, median) = (times[0], times[times.len() / 2]);
        let rate = if count > 1 {
            format!(" ({})", rate(count, best, run.unit))
        } else {
            String::new()
        };
        println!(
            "{:40} best {:>9}{rate:22} median {:>9}   dungeon {}",
            run.label,
            format_duration(best),
            format_duration(median),
            shown
        );
    }
    Ok(())
}

/// `count` units in `time` as a rate, e.g. `74,120 floors/s`.
fn rate(count: usize, time: Duration, unit: &str) -> String {
    let per_second = count as f64 / time.as_secs_f64().max(1e-9);
    format!("{} {unit}/s", group_thousands(per_second.round() as u64))
}

fn group_thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn format_duration(time: Duration) -> String {
    if time < Duration::from_secs(1) {
        format!("{:.1} ms", time.as_secs_f64() * 1e3)
    } else {
        format!("{:.2} s", time.as_secs_f64())
    }
}

/// The 1, 5 and 15 minute load averages, where the system tells them.
fn load_average() -> Option<String> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let fields: Vec<&str> = text.split_whitespace().take(3).collect();
    (fields.len() == 3).then(|| fields.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_and_durations_read_well() {
        assert_eq!(group_thousands(0), "0");
        assert_eq!(group_thousands(999), "999");
        assert_eq!(group_thousands(1_000), "1,000");
        assert_eq!(group_thousands(74_120), "74,120");
        assert_eq!(group_thousands(1_234_567), "1,234,567");
        assert_eq!(
            rate(100_000, Duration::from_millis(1_350), "floors"),
            "74,074 floors/s"
        );
        assert_eq!(format_duration(Duration::from_micros(12_345)), "12.3 ms");
        assert_eq!(format_duration(Duration::from_millis(6_120)), "6.12 s");
    }

    #[test]
    fn unknown_suites_are_refused_before_anything_runs() {
        let error = run(Path::new("."), &["tilemap".to_string()]).unwrap_err();
        assert!(error.contains("unknown suite `tilemap`"), "{error}");
        assert!(error.contains("tile-map"), "{error}");
        let error = run(Path::new("."), &["--fast".to_string()]).unwrap_err();
        assert!(error.contains("unknown suite `--fast`"), "{error}");
    }
}
