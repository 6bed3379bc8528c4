//! Golden fixtures: runs the `dungeon` binary for every line of `tests/fixtures/index.txt` and
//! compares its standard output with the committed file. Regenerate with `cargo xtask fixtures`
//! and review the diff.

mod common;
use common::root;

use std::process::Command;

#[test]
fn every_fixture_matches() {
    let root = root();
    let index = std::fs::read_to_string(root.join("tests/fixtures/index.txt"))
        .expect("tests/fixtures/index.txt is committed");
    let mut checked = 0;
    let mut stale = Vec::new();
    for line in index.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut words = line.split_whitespace();
        let path = words.next().expect("a non-empty line has a first word");
        let args: Vec<&str> = words.collect();
        let output = Command::new(env!("CARGO_BIN_EXE_dungeon"))
            .args(&args)
            .current_dir(&root)
            .output()
            .expect("the dungeon binary runs");
        assert!(
            output.status.success(),
            "dungeon {}: {}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
        let expected = std::fs::read(root.join("tests/fixtures").join(path))
            .unwrap_or_else(|e| panic!("tests/fixtures/{path}: {e}"));
        if expected != output.stdout {
            stale.push(path.to_string());
        }
        checked += 1;
    }
    assert!(checked > 0, "no fixtures listed");
    assert!(
        stale.is_empty(),
        "output differs from the golden files (review, then `cargo xtask fixtures`): {stale:?}"
    );
}
