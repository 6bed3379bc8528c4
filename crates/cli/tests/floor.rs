//! End-to-end tests of `dungeon floor`: the JSON fields the issue lists, the ASCII view, batch
//! JSON Lines, seed strings, and one-line errors with exit status 2 for bad input.

mod common;
use common::{dungeon, stdout_ok};

use std::path::PathBuf;
use std::process::Output;

fn temporary_file(name: &str, contents: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-floor-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let path = dir.join(name);
    std::fs::write(&path, contents).expect("the temporary file is written");
    path
}

fn assert_bad_input(output: &Output, needles: &[&str]) {
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "one line expected: {stderr}");
    assert!(stderr.starts_with("dungeon: error: "), "{stderr}");
    for needle in needles {
        assert!(stderr.contains(needle), "{needle:?} missing from {stderr}");
    }
}

#[test]
fn json_of_a_whole_run_has_every_listed_field() {
    let text = stdout_ok(&dungeon(&[
        "floor", "--seed", "7", "--depth", "all", "--format", "json",
    ]));
    let floors: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    let floors = floors.as_array().expect("an array of floors");
    assert_eq!(floors.len(), 4);
    for (i, floor) in floors.iter().enumerate() {
        assert_eq!(floor["depth"], i + 1);
        for field in [
            "seed",
            "width",
            "height",
            "environment",
            "rows",
            "player",
            "stairs",
            "objects",
        ] {
            assert!(floor.get(field).is_some(), "floor {} lacks {field}", i + 1);
        }
        let width = floor["width"].as_u64().expect("a width") as usize;
        let rows = floor["rows"].as_array().expect("rows");
        assert_eq!(
            rows.len() as u64,
            floor["height"].as_u64().expect("a height")
        );
        for row in rows {
            let row = row.as_str().expect("a row string");
            assert_eq!(row.len(), width);
            assert!(row.chars().all(|c| c == '#' || c == '.'), "{row}");
        }
        for object in floor["objects"].as_array().expect("objects") {
            let kind = object["kind"].as_str().expect("a kind");
            assert!(object["name"].is_string() && object["x"].is_u64() && object["y"].is_u64());
            if kind == "monster" || kind == "boss" {
                assert!(object["level"].is_u64(), "{object}");
            }
            if kind == "reward" {
                assert!(object["gold"].is_i64(), "{object}");
            }
        }
    }
    assert!(floors[3]["stairs"].is_null());
    assert!(floors[0]["stairs"].is_array());
}

#[test]
fn ascii_view_has_a_board_and_a_legend() {
    let text = stdout_ok(&dungeon(&["floor", "--seed", "7", "--depth", "1"]));
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("floor 1  seed "), "{}", lines[0]);
    for row in &lines[1..9] {
        assert_eq!(row.len(), 8, "{row}");
    }
    assert!(
        text.contains("legend: # wall  . floor  @ player  M monster  B boss"),
        "{text}"
    );
    assert_eq!(
        text.matches('@').count(),
        2,
        "the player on the board and in the legend"
    );
}

#[test]
fn batch_mode_writes_one_floor_per_line_for_consecutive_seeds() {
    let text = stdout_ok(&dungeon(&[
        "floor", "--seed", "40", "--count", "5", "--depth", "2", "--format", "json",
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    for (i, line) in lines.iter().enumerate() {
        let floor: serde_json::Value = serde_json::from_str(line).expect("one JSON floor per line");
        assert_eq!(floor["depth"], 2);
        assert_eq!(floor["initial_seed"], 40 + i);
    }
    // A floor built alone equals the same floor of the batch.
    let alone = stdout_ok(&dungeon(&[
        "floor", "--seed", "42", "--depth", "2", "--format", "json",
    ]));
    let alone: serde_json::Value = serde_json::from_str(&alone).expect("valid JSON");
    let batch: serde_json::Value = serde_json::from_str(lines[2]).expect("valid JSON");
    assert_eq!(alone, batch);
}

#[test]
fn a_seed_string_carries_class_and_unlocks() {
    // Bard, Kitten, unlock bits 0-2 (DRAGON1, STEPS1, WINBARD2), initial seed 7.
    let text = stdout_ok(&dungeon(&[
        "floor",
        "--code",
        "2A000-00000-W0000-0EF0D",
        "--depth",
        "1",
        "--format",
        "json",
    ]));
    let floor: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(floor["initial_seed"], 7);
    let taverns = floor["objects"]
        .as_array()
        .expect("objects")
        .iter()
        .filter(|o| o["kind"] == "tavern")
        .count();
    assert_eq!(
        taverns, 2,
        "a Bard with Musical Champion gets two taverns on floor 1"
    );
}

#[test]
fn malformed_data_gives_one_line_with_file_line_and_field() {
    let defaults = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../configs/grid-floor/default.yaml"),
    )
    .expect("the default tables are committed");
    let broken = defaults.replacen("  wall_chance: 0.5", "  wall_chance: half", 1);
    let path = temporary_file("broken.yaml", &broken);
    let line = broken
        .lines()
        .position(|l| l.contains("wall_chance: half"))
        .expect("present")
        + 1;
    let output = dungeon(&["floor", "--data", path.to_str().expect("a UTF-8 path")]);
    assert_bad_input(
        &output,
        &[&format!("broken.yaml:{line}:"), "maze.wall_chance"],
    );

    let invalid = defaults.replacen("boss_level: 7", "boss_level: 11", 1);
    let path = temporary_file("invalid.yaml", &invalid);
    let output = dungeon(&["floor", "--data", path.to_str().expect("a UTF-8 path")]);
    assert_bad_input(&output, &["invalid.yaml", "floors[1].boss_level"]);

    // The defaults themselves load from a file.
    let path = temporary_file("defaults.yaml", &defaults);
    let from_file = stdout_ok(&dungeon(&[
        "floor",
        "--seed",
        "3",
        "--data",
        path.to_str().expect("a UTF-8 path"),
    ]));
    assert_eq!(from_file, stdout_ok(&dungeon(&["floor", "--seed", "3"])));
}

#[test]
fn bad_arguments_exit_with_status_two() {
    assert_bad_input(&dungeon(&["floor", "--depth", "5"]), &["--depth"]);
    assert_bad_input(&dungeon(&["floor", "--class", "pirate"]), &["pirate"]);
    assert_bad_input(&dungeon(&["floor", "--code", "NOT-A-CODE"]), &["--code"]);
    assert_bad_input(
        &dungeon(&["floor", "--data", "/nonexistent/tables.yaml"]),
        &["tables.yaml"],
    );
}

/// Data that validates but puts more on a board than it can hold fails at run time: that is the
/// user's data, so it is bad input naming the file, the seed and the fields to change.
#[test]
fn data_too_tight_for_its_boards_is_bad_input() {
    let defaults = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../configs/grid-floor/default.yaml"),
    )
    .expect("the default tables are committed");
    let crowded = defaults.replacen(
        "monster_count: {min: 6, max: 6}",
        "monster_count: {min: 32, max: 32}",
        1,
    );
    assert_ne!(crowded, defaults);
    let path = temporary_file("crowded.yaml", &crowded);
    let output = dungeon(&[
        "floor",
        "--data",
        path.to_str().expect("a UTF-8 path"),
        "--depth",
        "1",
        "--count",
        "200",
        "--format",
        "json",
    ]);
    assert_bad_input(
        &output,
        &["crowded.yaml: seed ", "no unused tile", "floors[].size"],
    );
}
