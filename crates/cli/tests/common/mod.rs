//! Helpers shared by the end-to-end tests: running the `dungeon` binary and reading its output.
//! Each test binary compiles this module and uses a part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root (packs and fixtures are addressed from there).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs `dungeon` with `args` in the test's working directory.
pub fn dungeon(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(args)
        .output()
        .expect("the dungeon binary runs")
}

/// Runs `dungeon` with `args` in `dir`.
pub fn dungeon_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dungeon"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the dungeon binary runs")
}

/// The standard output of a run that must have succeeded.
pub fn stdout_ok(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}
