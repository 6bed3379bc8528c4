//! Golden fixtures: files under `tests/fixtures/` that pin the exact output of the `dungeon`
//! binary for fixed seeds. Each line of `tests/fixtures/index.txt` names a file and the arguments that
//! produce it; `cargo xtask fixtures` rewrites them all, `--check` only compares. A diff in a fixture is
//! reviewed like code, never accepted blindly.

use std::fs;
use std::path::Path;
use std::process::Command;

/// One golden file: where it lives (relative to `tests/fixtures/`) and the `dungeon` arguments
/// whose standard output it holds.
pub struct Fixture {
    /// Path below `tests/fixtures/`.
    pub path: String,
    /// Arguments given to the `dungeon` binary.
    pub args: Vec<String>,
}

/// Reads `tests/fixtures/index.txt`: one fixture per line, `path args...`, `#` comments.
pub fn index(root: &Path) -> Result<Vec<Fixture>, String> {
    let index = root.join("tests/fixtures/index.txt");
    let text = fs::read_to_string(&index).map_err(|e| format!("{}: {e}", index.display()))?;
    let mut fixtures = Vec::new();
    for (line_no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace().map(String::from);
        let path = words.next().unwrap_or_default();
        let args: Vec<String> = words.collect();
        if args.is_empty() {
            return Err(format!(
                "{}:{}: a fixture needs arguments",
                index.display(),
                line_no + 1
            ));
        }
        fixtures.push(Fixture { path, args });
    }
    Ok(fixtures)
}

/// Builds the `dungeon` binary and returns its path: with the dev profile for the fixtures (the
/// one `cargo test` already built, so CI does not pay for a second, optimised build; the output
/// does not depend on the profile), or the release profile for timings.
pub fn dungeon_binary(root: &Path, release: bool) -> Result<std::path::PathBuf, String> {
    let mut args = vec!["build", "--quiet", "--package", "cli", "--bin", "dungeon"];
    if release {
        args.push("--release");
    }
    let status = Command::new(env!("CARGO"))
        .args(&args)
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("building the dungeon binary failed".into());
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let profile = if release { "release" } else { "debug" };
    Ok(target.join(profile).join("dungeon"))
}

/// Regenerates (or, with `check`, compares) every fixture.
pub fn run(root: &Path, check: bool) -> Result<(), String> {
    let binary = dungeon_binary(root, false)?;
    let mut stale = Vec::new();
    let fixtures = index(root)?;
    for fixture in &fixtures {
        let output = Command::new(&binary)
            .args(&fixture.args)
            .current_dir(root)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        if !output.status.success() {
            return Err(format!(
                "`dungeon {}` failed: {}",
                fixture.args.join(" "),
                String::from_utf8_lossy(&output.stderr).trim()
            ));
        }
        let path = root.join("tests/fixtures").join(&fixture.path);
        let current = fs::read(&path).ok();
        if current.as_deref() == Some(output.stdout.as_slice()) {
            continue;
        }
        if check {
            stale.push(fixture.path.clone());
            continue;
        }
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        let temporary = path.with_extension("tmp");
        fs::write(&temporary, &output.stdout).map_err(|e| format!("{}: {e}", path.display()))?;
        fs::rename(&temporary, &path).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("wrote tests/fixtures/{}", fixture.path);
    }
    if stale.is_empty() {
        println!("fixtures: {} up to date", fixtures.len());
        Ok(())
    } else {
        Err(format!(
            "stale fixtures (run `cargo xtask fixtures`): {}",
            stale.join(", ")
        ))
    }
}
