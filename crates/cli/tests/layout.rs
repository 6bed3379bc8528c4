//! End-to-end tests of `dungeon layout` and `dungeon validate`: the default pack works with no
//! file, JSON carries the issue's field names and agrees with itself, output is byte-identical
//! for a seed, and a broken pack lists every problem with its line, exits 2 and prints nothing
//! on standard output.

mod common;
use common::{dungeon_in, root, stdout_ok};

#[test]
fn default_layout_is_an_ascii_map_per_level() {
    let text = stdout_ok(&dungeon_in(&root(), &["layout"]));
    assert!(text.starts_with("castle / minecrafty / seed 1: "), "{text}");
    assert!(text.contains("\nlevel y=0 "), "{text}");
    assert!(text.contains('S') && text.contains('E'));
}

#[test]
fn json_has_the_issue_fields_and_is_consistent() {
    let text = stdout_ok(&dungeon_in(
        &root(),
        &[
            "layout",
            "--pack",
            "configs/packs/mines.yaml",
            "--engine",
            "branching",
            "--seed",
            "3",
            "--format",
            "json",
        ],
    ));
    let json: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(json["engine"], "branching");
    let rooms = json["rooms"].as_array().expect("rooms");
    let connections = json["connections"].as_array().expect("connections");
    assert!(rooms.len() >= 16);
    for (i, room) in rooms.iter().enumerate() {
        assert_eq!(room["id"], i);
        for field in [
            "room", "type", "origin", "size", "rotation", "mirror", "depth",
        ] {
            assert!(!room[field].is_null(), "room {i} lacks {field}");
        }
        assert!([0, 90, 180, 270].contains(&room["rotation"].as_u64().expect("rotation")));
    }
    assert_eq!(rooms.iter().filter(|r| r["type"] == "START").count(), 1);
    for c in connections {
        for field in [
            "from",
            "to",
            "from_connector",
            "to_connector",
            "from_pos",
            "to_pos",
            "kind",
        ] {
            assert!(!c[field].is_null(), "connection lacks {field}");
        }
        assert!(c.get("door").is_some());
        let (a, b) = (&c["from_pos"], &c["to_pos"]);
        let manhattan: i64 = (0..3)
            .map(|k| (a[k].as_i64().unwrap_or(0) - b[k].as_i64().unwrap_or(0)).abs())
            .sum();
        assert_eq!(manhattan, 1, "connector positions are adjacent");
    }
    let tree = connections.iter().filter(|c| c["kind"] == "tree").count();
    assert_eq!(tree, rooms.len() - 1);
    assert!(
        connections.iter().any(|c| c["door"]["kind"] == "locked"),
        "the iron gate is placed"
    );
}

#[test]
fn same_seed_same_bytes() {
    for engine in ["minecrafty", "branching", "grid-maze", "random-walk"] {
        let args = [
            "layout", "--engine", engine, "--seed", "77", "--format", "json",
        ];
        assert_eq!(
            stdout_ok(&dungeon_in(&root(), &args)),
            stdout_ok(&dungeon_in(&root(), &args))
        );
    }
}

#[test]
fn validate_accepts_the_shipped_packs() {
    for pack in ["configs/packs/castle.yaml", "configs/packs/mines.yaml"] {
        let text = stdout_ok(&dungeon_in(&root(), &["validate", pack]));
        assert!(text.contains(": ok: pack"), "{text}");
    }
    let text = stdout_ok(&dungeon_in(&root(), &["validate"]));
    assert!(
        text.starts_with("castle (embedded): ok: pack `castle`, 16 room types"),
        "{text}"
    );
}

#[test]
fn a_broken_pack_is_listed_with_lines_exit_2_and_no_output() {
    let dir = std::env::temp_dir().join(format!("dungeon-layout-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("broken.yaml");
    let castle =
        std::fs::read_to_string(root().join("configs/packs/castle.yaml")).expect("castle pack");
    let broken = castle
        .replacen(
            "whitelist: [corridor_straight,",
            "whitelist: [corridor_stright,",
            1,
        )
        .replacen(
            "position: [7, 1, 0], direction: NORTH }",
            "position: [7, 1, 3], direction: NORTH }",
            1,
        )
        .replacen("key: silver_key\n", "key: gold_key\n", 1);
    std::fs::write(&path, &broken).expect("write pack");
    let line_of = |needle: &str| {
        broken
            .lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
            .unwrap_or(0)
    };
    for args in [
        vec!["validate", path.to_str().unwrap_or("")],
        vec!["layout", "--pack", path.to_str().unwrap_or("")],
    ] {
        let output = dungeon_in(&root(), &args);
        assert_eq!(output.status.code(), Some(2));
        assert!(output.stdout.is_empty());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("has 4 problems"), "{stderr}");
        assert!(
            stderr.contains(&format!(
                ":{}: rooms[0].connectors[0].position",
                line_of("[7, 1, 3]")
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!(
                ":{}: rooms[15].connectors[0].whitelist[0]: unknown room id `corridor_stright`",
                line_of("corridor_stright")
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains(&format!(
                ":{}: rooms[11].key: key `gold_key` opens no door",
                line_of("gold_key")
            )),
            "{stderr}"
        );
        assert!(
            stderr.contains("no room holds key `silver_key`"),
            "{stderr}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unmet_rule_exits_2_and_names_it() {
    let dir = std::env::temp_dir().join(format!("dungeon-layout-unmet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("deep.yaml");
    let castle =
        std::fs::read_to_string(root().join("configs/packs/castle.yaml")).expect("castle pack");
    std::fs::write(
        &path,
        castle.replacen("    depth: { min: 5 }\n", "    depth: { min: 29 }\n", 1),
    )
    .expect("write pack");
    let output = dungeon_in(&root(), &["layout", "--pack", path.to_str().unwrap_or("")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("room `boss_arena` needs depth >= 29 but the layout reached depth"),
        "{stderr}"
    );
    assert!(stderr.contains("in 12 attempts"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}
