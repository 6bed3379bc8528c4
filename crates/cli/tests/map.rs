//! End-to-end tests of `dungeon map`: the ASCII shape, the first reference map, batches in
//! every format, statistics, and one-line errors with exit status 2 for bad floor properties.

mod common;
use common::dungeon;

use std::process::Output;

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dungeon-map-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write temp file");
    path
}

#[test]
fn ascii_is_exactly_32_lines_of_56_glyphs_and_matches_the_reference() {
    let output = dungeon(&["map", "--preset", "std", "--seed", "1", "--format", "ascii"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 32);
    assert!(lines.iter().all(|line| line.chars().count() == 56));
    assert!(stderr(&output).is_empty());
    // The first map of the reference file std_deadends-false.txt (seed 1).
    let reference = include_str!("../../tile-map/tests/vectors/std_deadends-false.txt");
    let want: Vec<&str> = reference.lines().skip(2).take(32).collect();
    assert_eq!(lines, want);
}

#[test]
fn jsonl_batch_has_one_map_per_seed() {
    let output = dungeon(&[
        "map", "--preset", "water", "--seed", "10", "--count", "3", "--format", "jsonl",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let seeds: Vec<u64> = text
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("each line is JSON");
            assert_eq!(value["terrain"].as_array().map(Vec::len), Some(56 * 32));
            value["seed"].as_u64().expect("seed")
        })
        .collect();
    assert_eq!(seeds, vec![10, 11, 12]);
}

#[test]
fn json_single_map_and_json_batch_parse() {
    let one = dungeon(&["map", "--seed", "5", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&one)).expect("JSON");
    assert!(value["rooms"]
        .as_array()
        .is_some_and(|rooms| !rooms.is_empty()));
    let many = dungeon(&["map", "--seed", "5", "--count", "2", "--format", "json"]);
    let value: serde_json::Value = serde_json::from_str(&stdout(&many)).expect("JSON array");
    assert_eq!(value.as_array().map(Vec::len), Some(2));
}

#[test]
fn stats_report_the_batch() {
    let output = dungeon(&[
        "map", "--preset", "std", "--count", "50", "--stats", "--format", "json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let value: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    assert_eq!(value["floors"], 50);
    let rooms = value["rooms"]["mean"].as_f64().expect("mean rooms");
    assert!((2.0..=36.0).contains(&rooms));
    assert_eq!(value["water"]["max"], 0);
}

#[test]
fn fixed_quirks_run() {
    let output = dungeon(&[
        "map", "--preset", "water", "--quirks", "fixed", "--seed", "3",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(stdout(&output).lines().count(), 32);
}

fn assert_bad_input(output: &Output, field: &str) {
    assert_eq!(output.status.code(), Some(2), "{}", stderr(output));
    let message = stderr(output);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.starts_with("dungeon: error: "), "{message}");
    assert!(message.contains(field), "{message}");
    assert!(output.stdout.is_empty());
}

#[test]
fn bad_floor_files_get_one_line_errors_with_the_field() {
    let unknown = temp_file("unknown.yaml", "room_density: 6\nroom_densty: 7\n");
    assert_bad_input(
        &dungeon(&["map", "--floor", unknown.to_str().unwrap_or("")]),
        "room_densty",
    );
    let wrong_type = temp_file("type.yaml", "layout: 0\ntrap_density: many\n");
    let output = dungeon(&["map", "--floor", wrong_type.to_str().unwrap_or("")]);
    assert_bad_input(&output, "trap_density");
    assert!(stderr(&output).contains("line 2"));
    let range = temp_file(
        "range.json",
        "{\n \"layout\": 3,\n \"kecleon_shop_chance\": 250\n}\n",
    );
    let output = dungeon(&["map", "--floor", range.to_str().unwrap_or("")]);
    assert_bad_input(&output, "kecleon_shop_chance");
    assert!(stderr(&output).contains("line 3"));
}

#[test]
fn bad_settings_and_presets_get_one_line_errors() {
    assert_bad_input(
        &dungeon(&["map", "--set", "floor_connectivity=-1"]),
        "floor_connectivity",
    );
    assert_bad_input(&dungeon(&["map", "--set", "nonsense=1"]), "nonsense");
    assert_bad_input(&dungeon(&["map", "--preset", "nope"]), "nope");
}

#[test]
fn unreadable_floor_files_get_one_line_errors_with_exit_status_2() {
    let not_utf8 = temp_file("binary.yaml", "\u{0}");
    std::fs::write(&not_utf8, [0xff_u8, 0xfe, 0x00, 0x41]).expect("write temp file");
    assert_bad_input(
        &dungeon(&["map", "--floor", not_utf8.to_str().unwrap_or("")]),
        "binary.yaml",
    );
    let missing = not_utf8.with_file_name("no-such-floor.yaml");
    assert_bad_input(
        &dungeon(&["map", "--floor", missing.to_str().unwrap_or("")]),
        "no-such-floor.yaml",
    );
}
