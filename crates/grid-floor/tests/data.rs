//! The data tables: the embedded default is valid and matches the facts' boss pools; a broken
//! file is rejected with the field, row and line of every problem, never with a panic.

use grid_floor::{ErrorKind, Tables, DEFAULT_YAML, ENVIRONMENT_COUNT};

fn problems_of(text: &str) -> Vec<String> {
    match Tables::from_yaml(text) {
        Ok(_) => Vec::new(),
        Err(error) => match error.kind() {
            ErrorKind::Invalid(problems) => problems.iter().map(|p| p.to_string()).collect(),
            other => vec![format!("not a validation error: {other:?}")],
        },
    }
}

#[test]
fn the_default_tables_are_valid() {
    let tables = Tables::default_tables().expect("the embedded tables validate");
    assert_eq!(tables.environments.len(), ENVIRONMENT_COUNT);
    assert_eq!(tables.monsters.len(), 55);
    assert_eq!(tables.bosses.len(), 18);
}

/// Facts 8.3: the boss pool at each floor's base level, in MonsterList order, with weights.
#[test]
fn boss_pools_match_the_recovered_candidate_lists() {
    let tables = Tables::default_tables().expect("the embedded tables validate");
    let expected: [(u8, &str, &str); 6] = [
        (4, "Dungeon", "GoblinKing 10, Mime 2, GelatinousCube 10, Vampire 3"),
        (4, "Crypt", "Mime 2, GelatinousCube 3, Vampire 10"),
        (7, "Water", "IceQueen 5, Mime 2, ChromaticDemon 5, AkamiAscendent 10, GelatinousCube 3, GiantShark 10, Genie 3, Hydra 5, GiantSquid 10"),
        (7, "Mountain", "Mime 2, ChromaticDemon 5, Titan 10, UssuriWarQueen 5, Genie 10, CumuloNimbus 10, Phoenix 10"),
        (10, "Dungeon", "Lich 3, Titan 5, Phoenix 5"),
        (10, "Forest", "IceQueen 10, ChromaticDemon 5, Hydra 5, GiantSquid 5"),
    ];
    for (level, environment, pool) in expected {
        let e = tables
            .environment_index(environment)
            .expect("a known environment");
        let ours: Vec<String> = tables
            .bosses
            .iter()
            .filter(|b| b.fits(e, level))
            .map(|b| format!("{} {}", b.id, b.weights[e]))
            .collect();
        assert_eq!(ours.join(", "), pool, "level {level} {environment}");
    }
}

#[test]
fn a_level_without_any_monster_names_the_table_field_and_floor() {
    // Zero every water weight of the 4-7 band: floor 2 in Water has no candidate at 5, 6, 7
    // except the 1-10 generalists, so zero those too.
    let mut text = String::new();
    for line in DEFAULT_YAML.lines() {
        let generalist = [
            "Mage",
            "Priest",
            "Thief",
            "Warrior",
            "Ghost",
            "WaterElemental",
            "WhiteDragon",
            "Hag",
            "Treant",
            "HandOfGlory",
            "Banshee",
            "Wisp",
        ]
        .iter()
        .any(|id| line.contains(&format!("{{id: {id},")));
        let band = line.contains("min_level: 4, max_level: 7")
            || line.contains("min_level: 5, max_level: 7");
        if line.trim_start().starts_with("- {id:")
            && (generalist || band)
            && !line.contains("AkamiAscendent")
        {
            text.push_str(
                &line
                    .replace("water: 10", "water: 0")
                    .replace("water: 5", "water: 0")
                    .replace("water: 3", "water: 0")
                    .replace("water: 2", "water: 0"),
            );
        } else {
            text.push_str(line);
        }
        text.push('\n');
    }
    let problems = problems_of(&text);
    assert!(!problems.is_empty(), "the broken tables were accepted");
    let water: Vec<&String> = problems
        .iter()
        .filter(|p| p.contains("monsters[*].weights.water"))
        .collect();
    assert!(!water.is_empty(), "{problems:?}");
    assert!(
        water
            .iter()
            .any(|p| p.contains("containing 5, which floors[1] (depth 2) needs")),
        "{problems:?}"
    );
    // The table's line is given.
    let monsters_line = DEFAULT_YAML
        .lines()
        .position(|l| l.starts_with("monsters:"))
        .expect("a monsters table")
        + 1;
    assert!(
        water[0].starts_with(&format!("line {monsters_line}:")),
        "{}",
        water[0]
    );
}

#[test]
fn every_problem_is_collected_with_its_path_and_line() {
    let text = DEFAULT_YAML
        .replace(
            "monster_count: {min: 9, max: 11}",
            "monster_count: {min: 12, max: 11}",
        )
        .replace("  wall_chance: 0.5", "  wall_chance: 1.5")
        .replace(
            "{id: Kobold, name: Kobold, min_level: 1, max_level: 4,",
            "{id: Kobold, name: Kobold, min_level: 6, max_level: 4,",
        );
    let problems = problems_of(&text);
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .expect("present")
            + 1
    };
    let expect = [
        format!(
            "line {}: floors[1].monster_count.min: must be at most max (12 > 11)",
            line_of("{min: 12, max: 11}")
        ),
        format!(
            "line {}: maze.wall_chance: must be a probability",
            line_of("wall_chance: 1.5")
        ),
        format!("line {}: monsters[0].min_level:", line_of("{id: Kobold,")),
    ];
    for wanted in &expect {
        assert!(
            problems.iter().any(|p| p.starts_with(wanted.as_str())),
            "missing {wanted:?} in {problems:?}"
        );
    }
}

#[test]
fn malformed_yaml_reports_line_and_field() {
    let text = DEFAULT_YAML.replacen("    size: 8\n", "    size: 8\n    sise: 9\n", 1);
    let error = Tables::from_yaml(&text).expect_err("an unknown field is rejected");
    let ErrorKind::Yaml { line, message, .. } = error.kind() else {
        panic!("expected a YAML error, got {error}");
    };
    let expected_line = text
        .lines()
        .position(|l| l.contains("sise: 9"))
        .expect("present")
        + 1;
    assert_eq!(*line, Some(expected_line));
    assert!(
        message.contains("floors[0]") && message.contains("sise"),
        "{message}"
    );

    let error = Tables::from_yaml("floors: [").expect_err("broken syntax is rejected");
    assert!(matches!(error.kind(), ErrorKind::Yaml { .. }), "{error}");
}

#[test]
fn a_boss_pool_that_earlier_floors_can_exhaust_is_rejected() {
    // Leave Crypt at level 10 with only the Lich, which floor 2 (level 7) can also pick.
    let text = DEFAULT_YAML.replace(
        "{id: Hydra, name: Hydra, min_level: 7, max_level: 10, weights: {dungeon: 0, water: 5, volcano: 0, forest: 5, crypt: 5, mountain: 0}}",
        "{id: Hydra, name: Hydra, min_level: 7, max_level: 10, weights: {dungeon: 0, water: 5, volcano: 0, forest: 5, crypt: 0, mountain: 0}}",
    );
    assert_ne!(text, DEFAULT_YAML, "the Hydra row was found");
    let problems = problems_of(&text);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("bosses[*].weights.crypt") && p.contains("floors[2]")),
        "{problems:?}"
    );
}
