//! End-to-end tests of `dungeon seed`: the Done-when round trip and one clear line with exit
//! status 2 for every bad seed string.

mod common;
use common::dungeon;

#[test]
fn new_then_show_gives_the_derived_seeds() {
    let new = dungeon(&["seed", "new", "--seed", "1"]);
    assert!(new.status.success());
    let code = String::from_utf8(new.stdout).expect("utf-8");
    let shown = dungeon(&["seed", "show", code.trim(), "--json"]);
    assert!(shown.status.success());
    let json: serde_json::Value = serde_json::from_slice(&shown.stdout).expect("valid JSON");
    assert_eq!(
        json["floor_seeds"],
        serde_json::json!([1103527590, 377401575, 662824084])
    );
    assert_eq!(json["upgrade_seed"], 1147902781);
    assert_eq!(json["initial_seed"], 1);
    assert_eq!(json["class"], "warrior");
}

#[test]
fn options_are_encoded() {
    let new = dungeon(&[
        "seed",
        "new",
        "--seed",
        "99",
        "--class",
        "bard",
        "--difficulty",
        "kitten",
        "--unlocks",
        "ff",
    ]);
    assert!(new.status.success());
    let code = String::from_utf8(new.stdout).expect("utf-8");
    let shown = dungeon(&["seed", "show", code.trim(), "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&shown.stdout).expect("valid JSON");
    assert_eq!(json["class"], "bard");
    assert_eq!(json["difficulty"], "kitten");
    assert_eq!(json["unlocks"], "0xff");
    assert_eq!(json["initial_seed"], 99);
}

#[test]
fn a_fresh_seed_is_a_valid_code() {
    let new = dungeon(&["seed", "new"]);
    assert!(new.status.success());
    let code = String::from_utf8(new.stdout).expect("utf-8");
    assert!(dungeon(&["seed", "show", code.trim()]).status.success());
}

#[test]
fn bad_codes_exit_2_with_one_line_naming_the_problem() {
    let cases = [
        ("ABC", "wrong length"),
        ("20400-00000-00000-038YN-1", "wrong length"),
        ("20400-0U000-00000-038YN", "bad character 'U' at position 8"),
        ("20400-00000-00000-038YM", "checksum"),
        ("!!!!!-00000-00000-038YN", "bad character '!' at position 1"),
    ];
    for (code, expected) in cases {
        let out = dungeon(&["seed", "show", code]);
        assert_eq!(out.status.code(), Some(2), "{code}");
        let stderr = String::from_utf8(out.stderr).expect("utf-8");
        assert_eq!(stderr.lines().count(), 1, "{code}: {stderr}");
        assert!(stderr.contains(expected), "{code}: {stderr}");
        assert!(!stderr.contains("panicked"), "{code}: {stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn bad_options_exit_2() {
    for args in [
        &["seed", "new", "--class", "nobody"][..],
        &["seed", "new", "--difficulty", "9"],
        &["seed", "new", "--unlocks", "xyz"],
        &["seed", "new", "--unlocks", "ffffffffffff"],
    ] {
        let out = dungeon(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr).lines().count(),
            1,
            "{args:?}"
        );
    }
}
