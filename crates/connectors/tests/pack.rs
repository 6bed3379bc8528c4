//! Packs: the shipped packs are valid and complete (at least 12 room types with every kind the
//! issue asks for), a broken pack reports every problem with its path and line, and the layout
//! rules that cannot be met end in an error that names the rule instead of a hang.

use connectors::{generate, Door, Engine, ErrorKind, Pack, RoomType, CASTLE_YAML, MINES_YAML};

#[test]
fn shipped_packs_are_complete() {
    for text in [CASTLE_YAML, MINES_YAML] {
        let pack = Pack::from_yaml(text).expect("shipped packs are valid");
        assert!(
            pack.rooms.len() >= 12,
            "{}: {} room types",
            pack.name,
            pack.rooms.len()
        );
        let has = |kind: RoomType| pack.rooms.iter().any(|r| r.kind == kind);
        assert!(has(RoomType::Start) && has(RoomType::End) && has(RoomType::Special));
        // Corridors: straight (2 opposite doors), corner (2 at right angles), T (3), cross (4).
        let corridor_shapes: Vec<usize> = pack
            .rooms
            .iter()
            .filter(|r| r.kind == RoomType::Corridor)
            .map(|r| r.connectors.len())
            .collect();
        for doors in [2, 3, 4] {
            assert!(
                corridor_shapes.contains(&doors),
                "{}: no corridor with {doors} doors",
                pack.name
            );
        }
        assert!(
            corridor_shapes.iter().filter(|&&d| d == 2).count() >= 2,
            "{}: straight and corner",
            pack.name
        );
        let doors: Vec<Door> = pack
            .rooms
            .iter()
            .flat_map(|r| &r.connectors)
            .filter_map(|c| c.door)
            .collect();
        assert!(
            doors.iter().any(|d| matches!(d, Door::Locked(_))),
            "{}: no locked door",
            pack.name
        );
        assert!(
            pack.rooms.iter().any(|r| r.key.is_some()),
            "{}: no key room",
            pack.name
        );
        assert!(pack.is_vertical(), "{}: no stairs", pack.name);
        let dirs = |d| {
            pack.rooms
                .iter()
                .flat_map(|r| &r.connectors)
                .any(|c| c.direction == d)
        };
        assert!(dirs(connectors::Dir::Up) && dirs(connectors::Dir::Down));
        for room in &pack.rooms {
            // Modest sizes on the 5-block module grid, doors at floor level in the middle of a
            // module, so that rooms stay on one lattice and unused doors meet (loops).
            assert!(
                room.size.x >= 5 && room.size.x <= 15 && room.size.z >= 5 && room.size.z <= 15,
                "{}",
                room.id
            );
            assert!(
                room.size.x % MODULE == 0 && room.size.z % MODULE == 0,
                "{}: footprint off the module grid",
                room.id
            );
            assert!(room.size.y >= 5 && room.size.y <= 8, "{}", room.id);
            assert!(!room.structure.is_empty());
            for c in &room.connectors {
                if c.direction.is_horizontal() {
                    assert_eq!(c.position.y, 1, "{}.{}", room.id, c.id);
                }
                let module_middle = |v: i32| v % MODULE == MODULE / 2;
                let on_grid = match c.direction {
                    connectors::Dir::North | connectors::Dir::South => module_middle(c.position.x),
                    connectors::Dir::East | connectors::Dir::West => module_middle(c.position.z),
                    _ => module_middle(c.position.x) && module_middle(c.position.z),
                };
                assert!(on_grid, "{}.{}: door off the module grid", room.id, c.id);
            }
        }
    }
}

/// The module of the shipped packs' grid, in blocks.
const MODULE: i32 = 5;

const BROKEN: &str = "\
name: broken
layout:
  minRooms: 5
  maxRooms: 4
rooms:
  - id: hall
    type: ROOM
    structure: x/hall
    size: [9, 6, 9]
    key: gold_key
    connectors:
      - { id: north, position: [4, 1, 3], direction: NORTH }
      - id: east
        position: [8, 1, 4]
        direction: EAST
        tags: [huge]
        whitelist: [nowhere]
  - id: vault
    type: SPECIAL
    structure: x/vault
    size: [5, 5, 5]
    occurrences: { min: 3, max: 2 }
    depth: { min: 9 }
    connectors:
      - id: south
        position: [2, 1, 4]
        direction: SOUTH
        door: { type: LOCKED, key: iron_key }
  - id: hall
    type: ROOM
    structure: x/hall2
    size: [5, 5, 5]
    connectors:
      - { id: up, position: [2, 4, 2], direction: UP, tags: [rope] }
";

#[test]
fn a_broken_pack_lists_every_problem_with_path_and_line() {
    let error = Pack::from_yaml(BROKEN).expect_err("the pack is broken");
    let listed: Vec<String> = error
        .problems()
        .iter()
        .map(|p| format!("{}:{}", p.line.unwrap_or(0), p.path))
        .collect();
    assert_eq!(
        listed,
        [
            "3:layout.minRooms",
            "5:rooms",
            "10:rooms[0].key",
            "12:rooms[0].connectors[0].position",
            "17:rooms[0].connectors[1].whitelist[0]",
            "22:rooms[1].occurrences",
            "23:rooms[1].depth.min",
            "28:rooms[1].connectors[0].door.key",
            "29:rooms[2]",
            "29:rooms[2].id",
            "34:rooms[2].connectors[0].tags",
        ]
    );
    let text = error.to_string();
    assert!(text.contains("unknown room id `nowhere`"), "{text}");
    assert!(
        text.contains("no connector in the pack can match tags"),
        "{text}"
    );
    assert!(text.contains("can never fit"), "{text}");
}

#[test]
fn unknown_fields_and_bad_values_point_at_their_line() {
    let text = CASTLE_YAML.replacen("    weight: 4\n", "    weight: 4\n    wieght: 2\n", 1);
    let error = Pack::from_yaml(&text).expect_err("a misspelt field is rejected");
    let problem = &error.problems()[0];
    let expected_line = text
        .lines()
        .position(|l| l.contains("wieght"))
        .map(|i| i + 1);
    assert_eq!(problem.line, expected_line);
    assert!(
        problem.message.contains("unknown field `wieght`"),
        "{problem}"
    );
    assert!(problem.path.starts_with("rooms[1]"), "{problem}");
}

/// The 1-based line of the first line of `text` holding `needle`.
fn line_of(text: &str, needle: &str) -> Option<usize> {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1)
}

/// Each problem's path and line, in order.
fn paths_and_lines(error: &connectors::Error) -> Vec<(String, Option<usize>)> {
    error
        .problems()
        .iter()
        .map(|p| (p.path.clone(), p.line))
        .collect()
}

/// Counts that drive loops and weights that are summed are capped, so that no pack can make
/// generation hang or its weighted picks overflow; each problem points at its field's line.
#[test]
fn huge_counts_and_weights_are_rejected_with_their_line() {
    let text = CASTLE_YAML
        .replacen("    trunkMax: 14\n", "    trunkMax: 2000000000\n", 1)
        .replacen("    branchCount: 5\n", "    branchCount: 2000000000\n", 1)
        .replacen("    branchDepth: 3\n", "    branchDepth: 1000001\n", 1)
        .replacen("    weight: 4\n", "    weight: 1e308\n", 1)
        .replacen("  corridorBias: 3\n", "  corridorBias: 1e300\n", 1);
    let error = Pack::from_yaml(&text).expect_err("five values out of range");
    let line_of = |needle: &str| line_of(&text, needle);
    let found = paths_and_lines(&error);
    for (path, needle) in [
        ("layout.branching.trunkMax", "trunkMax: 2000000000"),
        ("layout.branching.branchCount", "branchCount: 2000000000"),
        ("layout.branching.branchDepth", "branchDepth: 1000001"),
        ("rooms[1].weight", "weight: 1e308"),
        ("layout.corridorBias", "corridorBias: 1e300"),
    ] {
        assert!(
            found.contains(&(path.to_string(), line_of(needle))),
            "{path}: {error}"
        );
    }
    assert_eq!(found.len(), 5, "{error}");
}

/// Schema errors in different sections (layout, rooms, connectors; two in one room) are all
/// listed, each with its full path and line, not only the first one serde meets; a syntax error
/// is listed alone.
#[test]
fn schema_errors_in_several_rooms_are_all_listed() {
    let text = CASTLE_YAML
        .replacen("  loopChance: 0.2\n", "  loopChanse: 0.2\n", 1)
        .replacen("    weight: 4\n", "    weight: 4\n    wieght: 2\n", 1)
        .replacen(
            "{ id: east, position: [4, 1, 2], direction: EAST }",
            "{ id: east, position: [4, 1, 2], direction: EASTWARD }",
            1,
        )
        .replacen(
            "    occurrences: { max: 3 }\n",
            "    occurrences: { max: -3 }\n",
            1,
        )
        .replacen(
            "{ id: up, position: [2, 7, 2], direction: UP }",
            "{ id: up, position: [2, 7, 2], direction: UP, chance: 1 }",
            1,
        );
    let error = Pack::from_yaml(&text).expect_err("five schema errors");
    let line_of = |needle: &str| line_of(&text, needle);
    let found = paths_and_lines(&error);
    assert_eq!(found.len(), 5, "{error}");
    assert!(found[0].0.starts_with("layout"), "{error}");
    // The first error serde meets keeps its exact line; the others point at their section's
    // deepest known path.
    assert_eq!(found[0].1, line_of("loopChanse"), "{error}");
    assert!(found[1].0.starts_with("rooms[1]"), "{error}");
    assert_eq!(found[1].1, line_of("  - id: corridor_straight"), "{error}");
    assert!(found[2].0.starts_with("rooms[2].connectors[1]"), "{error}");
    assert_eq!(found[2].1, line_of("EASTWARD"), "{error}");
    assert!(found[3].0.starts_with("rooms[13].occurrences"), "{error}");
    assert_eq!(found[3].1, line_of("max: -3"), "{error}");
    // The same room's connector, read on its own.
    assert_eq!(found[4].0, "rooms[13].connectors[1]", "{error}");
    assert_eq!(found[4].1, line_of("chance: 1"), "{error}");
    let message = error.to_string();
    for needle in ["loopChanse", "wieght", "EASTWARD", "`chance`"] {
        assert!(message.contains(needle), "{needle}: {message}");
    }
    let syntax = Pack::from_yaml("name: [unclosed\nrooms: []\n").expect_err("bad YAML");
    assert_eq!(syntax.problems().len(), 1, "{syntax}");
}

#[test]
fn a_rule_that_cannot_be_met_is_named_after_bounded_attempts() {
    // The boss needs depth 29 but 30 rooms in a bushy layout never reach it.
    let text = CASTLE_YAML.replace(
        "    depth: { min: 5 }\n    connectors:\n      - id: entrance",
        "    depth: { min: 29 }\n    connectors:\n      - id: entrance",
    );
    let pack = Pack::from_yaml(&text).expect("still a valid pack");
    let error = generate(&pack, Engine::Minecrafty, 1).expect_err("depth 29 is out of reach");
    let ErrorKind::Unmet { rule, attempts } = &error.kind else {
        panic!("unexpected error {error}");
    };
    assert_eq!(*attempts, pack.layout.attempts);
    assert!(
        rule.starts_with("room `boss_arena` needs depth >= 29 but the layout reached depth"),
        "{rule}"
    );
    assert!(
        error
            .to_string()
            .ends_with(&format!("in {attempts} attempts")),
        "{error}"
    );
}

#[test]
fn same_seed_same_layout_and_seeds_differ() {
    let pack = Pack::from_yaml(CASTLE_YAML).expect("valid");
    for engine in [Engine::Minecrafty, Engine::Branching, Engine::RandomWalk] {
        let a = generate(&pack, engine, 42).expect("layout");
        let b = generate(&pack, engine, 42).expect("layout");
        let c = generate(&pack, engine, 43).expect("layout");
        let rooms = |l: &connectors::Layout| l.placements().cloned().collect::<Vec<_>>();
        assert_eq!(rooms(&a), rooms(&b));
        assert_eq!(
            a.connections().cloned().collect::<Vec<_>>(),
            b.connections().cloned().collect::<Vec<_>>()
        );
        assert_ne!(rooms(&a), rooms(&c));
    }
}

#[test]
fn an_engine_section_given_in_part_takes_the_documented_defaults_for_the_rest() {
    let full = "  branching:\n    trunkMin: 10\n    trunkMax: 14\n    straightness: 0.6\n    \
                branchCount: 5\n    branchDepth: 3\n    endAt: trunk\n  randomWalk:\n    \
                boundaryBias: 0.7\n  gridMaze:\n    algorithm: dfs\n    braid: 0.1\n";
    assert!(
        CASTLE_YAML.contains(full),
        "the castle pack's engine sections moved"
    );
    let part = "  branching:\n    trunkMin: 10\n    trunkMax: 14\n  randomWalk: {}\n  \
                gridMaze:\n    algorithm: prim\n";
    let pack = Pack::from_yaml(&CASTLE_YAML.replace(full, part))
        .expect("fields left out of an engine section take their defaults");
    let branching = &pack.layout.branching;
    assert_eq!((branching.trunk_min, branching.trunk_max), (10, 14));
    assert_eq!(branching.straightness, 0.5);
    assert_eq!((branching.branch_count, branching.branch_depth), (3, 2));
    assert_eq!(branching.end_at, connectors::EndAt::Trunk);
    assert_eq!(pack.layout.random_walk.boundary_bias, 0.5);
    assert_eq!(pack.layout.grid_maze.algorithm, "prim");
    assert_eq!(pack.layout.grid_maze.braid, 0.0);
    // Unknown fields in them are still errors.
    let typo = CASTLE_YAML.replace("    straightness: 0.6\n", "    straightnes: 0.6\n");
    assert!(Pack::from_yaml(&typo).is_err());
}
