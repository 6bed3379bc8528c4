//! End-to-end tests of `dungeon maze`: the ASCII and JSON outputs describe perfect (or braided)
//! mazes of the asked size, runs repeat byte for byte, batches and files match single runs, and
//! bad input is one line on stderr with exit status 2 and nothing on stdout.

mod common;

use std::process::Output;

use connectors::maze::{Algorithm, Maze};

/// Runs `dungeon maze` with `args`.
fn dungeon(args: &[&str]) -> Output {
    let mut all = vec!["maze"];
    all.extend_from_slice(args);
    common::dungeon(&all)
}

fn stdout_of(args: &[&str]) -> String {
    let output = dungeon(args);
    assert!(
        output.status.success(),
        "dungeon maze {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

const ALGORITHMS: [&str; 9] = [
    "dfs",
    "prim",
    "kruskal",
    "binary-tree",
    "sidewinder",
    "growing-tree",
    "growing-tree:oldest",
    "growing-tree:random",
    "growing-tree:mixed:0.75",
];

#[test]
fn ascii_is_2h_plus_1_lines_of_2w_plus_1_characters_of_a_perfect_maze() {
    for algorithm in ALGORITHMS {
        let text = stdout_of(&[
            "--algorithm",
            algorithm,
            "--width",
            "40",
            "--height",
            "20",
            "--seed",
            "11",
        ]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 41, "{algorithm}");
        assert!(lines.iter().all(|line| line.len() == 81), "{algorithm}");
        assert!(text.bytes().all(|b| matches!(b, b'#' | b' ' | b'\n')));
        let maze = Maze::from_ascii(&text).expect("the output reads back");
        assert_eq!((maze.width, maze.height), (40, 20));
        assert!(maze.is_perfect(), "{algorithm}");
    }
}

#[test]
fn json_carries_the_maze_and_its_figures() {
    for algorithm in ALGORITHMS {
        for braid in ["0", "0.5", "1"] {
            let text = stdout_of(&[
                "-a", algorithm, "-W", "15", "-H", "9", "-s", "4", "--braid", braid, "-f", "json",
            ]);
            let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
            let printed: Algorithm = json["algorithm"].as_str().unwrap_or("").parse().unwrap();
            assert_eq!(printed, algorithm.parse::<Algorithm>().unwrap());
            assert_eq!(json["seed"], 4);
            let cells: Vec<u8> = serde_json::from_value(json["cells"].clone()).expect("cells");
            let maze = Maze::from_cells(15, 9, cells).expect("a valid maze");
            assert_eq!(json["passages"], maze.passages());
            assert_eq!(json["dead_ends"], maze.dead_ends());
            assert!(maze.is_connected());
            match braid {
                "0" => assert!(maze.is_perfect()),
                "1" => assert_eq!(maze.dead_ends(), 0, "{algorithm}"),
                _ => assert!(maze.passages() >= 15 * 9 - 1),
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_does_not() {
    let args = ["-a", "kruskal", "-W", "30", "-H", "12", "--braid", "0.2"];
    let with_seed = |seed: &str| {
        let mut all = args.to_vec();
        all.extend(["--seed", seed]);
        stdout_of(&all)
    };
    assert_eq!(with_seed("77"), with_seed("77"));
    assert_ne!(with_seed("77"), with_seed("78"));
    // Only the low 31 bits of a seed count.
    assert_eq!(with_seed("77"), with_seed(&(77u64 + (1 << 31)).to_string()));
}

#[test]
fn a_missing_seed_is_seed_1_so_the_same_command_prints_the_same_maze() {
    let output = dungeon(&["-a", "prim", "-W", "12", "-H", "7"]);
    assert!(output.status.success());
    assert!(output.stderr.is_empty(), "nothing on stderr");
    let again = dungeon(&["-a", "prim", "-W", "12", "-H", "7"]);
    assert_eq!(output.stdout, again.stdout);
    let seed_1 = stdout_of(&["-a", "prim", "-W", "12", "-H", "7", "-s", "1"]);
    assert_eq!(String::from_utf8_lossy(&output.stdout), seed_1);
    let seed_2 = stdout_of(&["-a", "prim", "-W", "12", "-H", "7", "-s", "2"]);
    assert_ne!(seed_1, seed_2);
}

#[test]
fn a_batch_is_the_single_runs_of_consecutive_seeds() {
    let batch = stdout_of(&[
        "-a",
        "sidewinder",
        "-W",
        "6",
        "-H",
        "3",
        "-s",
        "100",
        "-n",
        "3",
    ]);
    let singles: Vec<String> = (100..103)
        .map(|seed| {
            stdout_of(&[
                "-a",
                "sidewinder",
                "-W",
                "6",
                "-H",
                "3",
                "-s",
                &seed.to_string(),
            ])
        })
        .collect();
    assert_eq!(batch, singles.join("\n"));
    let lines = stdout_of(&[
        "-a", "dfs", "-W", "5", "-H", "5", "-s", "8", "-n", "4", "-f", "json",
    ]);
    let seeds: Vec<u64> = lines
        .lines()
        .map(|line| serde_json::from_str::<serde_json::Value>(line).expect("one object per line"))
        .map(|json| json["seed"].as_u64().expect("a seed"))
        .collect();
    assert_eq!(seeds, [8, 9, 10, 11]);
}

#[test]
fn stats_summarise_the_batch() {
    let text = stdout_of(&[
        "-a",
        "binary-tree",
        "-W",
        "10",
        "-H",
        "10",
        "-s",
        "1",
        "-n",
        "300",
        "--stats",
        "-f",
        "json",
    ]);
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(json["count"], 300);
    // Perfect mazes: exactly cells - 1 passages every time.
    assert_eq!(json["passages"]["min"], 99);
    assert_eq!(json["passages"]["max"], 99);
    // A binary-tree maze's corner-to-corner path is always the shortest possible.
    assert_eq!(json["corner_path"]["max"], 18);
    let mean = json["dead_ends"]["mean"].as_f64().expect("a mean");
    assert!(mean > 10.0 && mean < 40.0, "{mean}");
}

#[test]
fn out_writes_the_same_bytes_to_a_file() {
    let dir = std::env::temp_dir().join(format!("dungeon-maze-test-{}", std::process::id()));
    let path = dir.join("maze.txt");
    let args = ["-a", "growing-tree:random", "-W", "9", "-H", "4", "-s", "2"];
    let mut with_out = args.to_vec();
    let path_text = path.to_string_lossy().into_owned();
    with_out.extend(["--out", &path_text]);
    assert_eq!(stdout_of(&with_out), "");
    let written = std::fs::read_to_string(&path).expect("the file is written");
    assert_eq!(written, stdout_of(&args));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_input_is_one_line_and_exit_status_2() {
    let cases: [&[&str]; 8] = [
        &["--algorithm", "bogus"],
        &["--algorithm", "growing-tree:mixed:2"],
        &["--algorithm", "dfs:oldest"],
        &["--width", "0"],
        &["--height", "0", "--seed", "1"],
        &["--braid", "1.5", "--seed", "1"],
        &["--braid", "NaN", "--seed", "1"],
        &["--count", "0", "--seed", "1"],
    ];
    for args in cases {
        let output = dungeon(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("dungeon: error: "), "{args:?}: {stderr}");
    }
}
