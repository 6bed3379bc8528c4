//! Invariants of every floor over thousands of runs with varied setups (class, difficulty,
//! unlocks): connectivity, no shared tiles, monster counts, level sums and ranges, distinct
//! environments and bosses, the last floor's layout, determinism and floor independence.

use grid_floor::{Floor, Generator, History, ObjectKind, Setup, Tables};

const RUNS: u32 = 3000;

/// A setup that varies with the seed, so every class / difficulty / unlock path is exercised.
fn setup_for(seed: u32) -> Setup {
    Setup {
        class: (seed % 15) as u8,
        difficulty: (seed / 15 % 3) as u8,
        unlocks: u64::from(seed / 45 % 8),
    }
}

fn passable_tiles_are_one_region(floor: &Floor<'_>) -> bool {
    let (w, h) = (floor.width, floor.height);
    let open: Vec<(u8, u8)> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .filter(|&(x, y)| !floor.is_wall(x, y))
        .collect();
    let Some(&start) = open.first() else {
        return true;
    };
    let mut seen = vec![false; usize::from(w) * usize::from(h)];
    let index = |(x, y): (u8, u8)| usize::from(y) * usize::from(w) + usize::from(x);
    let mut stack = vec![start];
    seen[index(start)] = true;
    let mut reached = 1;
    while let Some((x, y)) = stack.pop() {
        let candidates = [
            (x.wrapping_sub(1), y),
            (x + 1, y),
            (x, y.wrapping_sub(1)),
            (x, y + 1),
        ];
        for (nx, ny) in candidates {
            if nx < w && ny < h && !floor.is_wall(nx, ny) && !seen[index((nx, ny))] {
                seen[index((nx, ny))] = true;
                reached += 1;
                stack.push((nx, ny));
            }
        }
    }
    reached == open.len()
}

fn check_normal_floor(floor: &Floor<'_>, tables: &Tables, setup: &Setup) {
    let rule = tables
        .floor_rule(floor.depth)
        .expect("depths 1-3 have rules");
    let context = format!("run {:?} floor {}", floor.initial_seed, floor.depth);
    assert_eq!(floor.width, rule.size, "{context}");
    assert!(
        passable_tiles_are_one_region(floor),
        "{context}: walls split the board"
    );

    // One object per tile; the level start shares the player's tile and nothing else does.
    let mut tiles: Vec<(u8, u8)> = Vec::new();
    for object in &floor.objects {
        assert!(
            !floor.is_wall(object.x, object.y),
            "{context}: {object:?} on a wall"
        );
        if object.kind == ObjectKind::LevelStart {
            assert_eq!((object.x, object.y), floor.player, "{context}");
            continue;
        }
        assert_ne!(
            (object.x, object.y),
            floor.player,
            "{context}: {object:?} on the player"
        );
        assert!(
            !tiles.contains(&(object.x, object.y)),
            "{context}: two objects on {:?}",
            (object.x, object.y)
        );
        tiles.push((object.x, object.y));
    }
    assert!(!floor.is_wall(floor.player.0, floor.player.1), "{context}");

    // Monsters: count, level range and sum.
    let monsters: Vec<u8> = floor
        .objects
        .iter()
        .filter(|o| o.kind == ObjectKind::Monster && !o.from_reward)
        .map(|o| o.level.expect("monsters carry a level"))
        .collect();
    let (low, high) = rule.monster_count;
    assert!(
        (low as usize..=high as usize).contains(&monsters.len()),
        "{context}: {} monsters",
        monsters.len()
    );
    let cap = (rule.base_levels[2] + 1).min(10);
    assert!(
        monsters
            .iter()
            .all(|&l| (rule.base_levels[0]..=cap).contains(&l)),
        "{context}: levels {monsters:?}"
    );
    let sum: u32 = monsters.iter().map(|&l| u32::from(l)).sum();
    assert!(
        sum >= rule.level_target,
        "{context}: level sum {sum} < {}",
        rule.level_target
    );

    // Exactly one boss, standing where the stairs will appear.
    let bosses: Vec<_> = floor
        .objects
        .iter()
        .filter(|o| o.kind == ObjectKind::Boss)
        .collect();
    assert_eq!(bosses.len(), 1, "{context}");
    assert_eq!(floor.stairs, Some((bosses[0].x, bosses[0].y)), "{context}");
    assert_eq!(bosses[0].level, Some(rule.boss_level), "{context}");

    // Taverns only for the Bard; on floor 1 next to the player unless the neighbours were full.
    let taverns: Vec<_> = floor
        .objects
        .iter()
        .filter(|o| o.kind == ObjectKind::Tavern)
        .collect();
    let bard = rng::SeedCode::class_index("bard") == Some(setup.class);
    if !bard {
        assert!(taverns.is_empty(), "{context}");
    } else if floor.depth > 1 {
        assert_eq!(taverns.len(), 1, "{context}");
    } else {
        let second = setup.unlocks >> 2 & 1 == 1;
        assert_eq!(taverns.len(), 1 + usize::from(second), "{context}");
    }

    // Weird features from floor 2 only, one per floor.
    let weird = floor
        .objects
        .iter()
        .filter(|o| {
            matches!(
                o.kind,
                ObjectKind::Altar | ObjectKind::MushroomPatch | ObjectKind::Brainsucker
            )
        })
        .count();
    assert_eq!(weird, usize::from(rule.weird_feature), "{context}");

    // Extra reward names: range(2, 4) of them.
    assert!((2..=4).contains(&floor.extra_rewards.len()), "{context}");

    // The Lich brings its hunter; nobody else does.
    let hunters = floor
        .objects
        .iter()
        .filter(|o| o.kind == ObjectKind::LichHunter)
        .count();
    assert_eq!(hunters, usize::from(bosses[0].id == "Lich"), "{context}");
}

fn check_last_floor(floor: &Floor<'_>) {
    assert_eq!((floor.width, floor.height), (10, 10));
    assert_eq!(floor.wall_count(), 0);
    assert!(floor.all_visible);
    assert_eq!(floor.stairs, None);
    let at_centre: Vec<ObjectKind> = floor
        .objects
        .iter()
        .filter(|o| (o.x, o.y) == (5, 5))
        .map(|o| o.kind)
        .collect();
    assert_eq!(at_centre, [ObjectKind::Throne, ObjectKind::FinalBoss]);
    assert_ne!(floor.player, (5, 5));
    assert_eq!(floor.boss_attributes.len(), 3);
    assert_eq!(floor.objects.len(), 3);
}

#[test]
fn every_floor_of_thousands_of_runs_keeps_the_invariants() {
    let tables = Tables::default_tables().expect("the default tables are valid");
    let mut generator = Generator::new(&tables);
    for seed in 0..RUNS {
        let setup = setup_for(seed);
        let floors = generator.run(&setup, seed).expect("a run builds");
        assert_eq!(floors.len(), 4);
        let environments: Vec<&str> = floors[..3].iter().map(|f| f.environment).collect();
        assert!(
            environments[0] != environments[1]
                && environments[1] != environments[2]
                && environments[0] != environments[2],
            "run {seed}: {environments:?}"
        );
        let bosses: Vec<&str> = floors[..3]
            .iter()
            .flat_map(|f| {
                f.objects
                    .iter()
                    .filter(|o| o.kind == ObjectKind::Boss)
                    .map(|o| o.id)
            })
            .collect();
        assert!(
            bosses[0] != bosses[1] && bosses[1] != bosses[2] && bosses[0] != bosses[2],
            "run {seed}: {bosses:?}"
        );
        for floor in &floors[..3] {
            check_normal_floor(floor, &tables, &setup);
        }
        check_last_floor(&floors[3]);
    }
}

#[test]
fn runs_are_deterministic_and_floors_independent() {
    let tables = Tables::default_tables().expect("the default tables are valid");
    let mut generator = Generator::new(&tables);
    let mut other = Generator::new(&tables);
    for seed in (0..200u32).map(|i| i.wrapping_mul(2_654_435_761) & 0x7FFF_FFFF) {
        let setup = setup_for(seed);
        let run = generator.run(&setup, seed).expect("a run builds");
        assert_eq!(run, other.run(&setup, seed).expect("a run builds"));
        for depth in 1..=4u8 {
            let alone = generator
                .run_floor(&setup, seed, depth)
                .expect("a floor builds");
            assert_eq!(
                alone,
                run[usize::from(depth - 1)],
                "seed {seed} depth {depth}"
            );
        }
        // Floor 2 reads floor 1 only through its saved environment and boss.
        let mut history = History::default();
        let streams = rng::Streams::derive(seed);
        other
            .floor(&setup, 1, streams.floor_seeds[0], &mut history)
            .expect("floor 1");
        let saved = History {
            environments: [history.environments[0], None, None],
            bosses: [history.bosses[0], None, None],
        };
        let mut fresh = saved.clone();
        let mut floor_two = other
            .floor(&setup, 2, streams.floor_seeds[1], &mut fresh)
            .expect("floor 2");
        floor_two.initial_seed = Some(streams.initial_seed);
        assert_eq!(floor_two, run[1]);
    }
}

#[test]
fn a_saved_environment_and_boss_are_reused() {
    let tables = Tables::default_tables().expect("the default tables are valid");
    let mut generator = Generator::new(&tables);
    let setup = Setup::for_class("warrior").expect("warrior is a class");
    let lich = tables
        .bosses
        .iter()
        .position(|b| b.id == "Lich")
        .expect("the Lich is a boss");
    let crypt = tables
        .environment_index("Crypt")
        .expect("Crypt is an environment");
    for seed in 0..50 {
        let mut history = History {
            environments: [None, Some(crypt), None],
            bosses: [None, Some(lich), None],
        };
        let floor = generator
            .floor(&setup, 2, seed, &mut history)
            .expect("floor 2");
        assert_eq!(floor.environment, "Crypt");
        let boss = floor
            .objects
            .iter()
            .find(|o| o.kind == ObjectKind::Boss)
            .expect("a boss");
        assert_eq!(boss.id, "Lich");
        assert_eq!(
            floor
                .objects
                .iter()
                .filter(|o| o.kind == ObjectKind::LichHunter)
                .count(),
            1
        );
    }
}
