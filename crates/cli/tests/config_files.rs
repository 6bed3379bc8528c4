//! End-to-end tests of the options that read a user's config file (`--pack`, `validate`,
//! `--data`, `--floor`): a file nested hundreds of thousands of brackets deep (which the YAML
//! scanner would chew on for minutes), a file of two YAML documents and a missing file are
//! one-line errors with exit status 2 naming the file, and nothing is written.

mod common;
use common::dungeon_in;

use std::fs;
use std::path::PathBuf;

fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("config-files");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn deep_nesting_and_missing_files_are_one_line_errors() {
    let dir = scratch();
    let depth = 200_000;
    let deep = format!(
        "name: x\nrooms: {}{}\n",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    fs::write(dir.join("deep.yaml"), deep).expect("write");
    fs::write(
        dir.join("two.yaml"),
        "# one\nname: x\n\n--- # two\nname: y\n",
    )
    .expect("write");
    let runs: [&[&str]; 5] = [
        &["validate", "FILE"],
        &["layout", "--pack", "FILE"],
        &["export", "--pack", "FILE", "--out", "out"],
        &["floor", "--data", "FILE"],
        &["map", "--floor", "FILE"],
    ];
    for run in runs {
        for (file, expected) in [
            (
                "deep.yaml",
                "deep.yaml:2: brackets nested more than 64 levels deep",
            ),
            ("two.yaml", "two.yaml:4: a second YAML document starts here"),
            ("missing.yaml", "missing.yaml: cannot read the"),
        ] {
            let args: Vec<&str> = run
                .iter()
                .map(|a| if *a == "FILE" { file } else { a })
                .collect();
            let output = dungeon_in(&dir, &args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
            assert_eq!(stderr.trim_end().lines().count(), 1, "{args:?}: {stderr}");
            assert!(stderr.contains(expected), "{args:?}: {stderr}");
            assert!(output.stdout.is_empty(), "{args:?}");
        }
    }
    assert!(!dir.join("out").exists());
}
