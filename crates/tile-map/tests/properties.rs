//! Invariants over many seeds and random valid floor properties, and the rates of the special
//! rooms over many seeds.
//!
//! Reachability: every floor tile is reachable from the player, walking in 8 directions without
//! cutting the corner of a wall, where the game's own check also lets walkers cross the moat of
//! an island structure (corner-cuttable water). The game's rules allow one exception, left out
//! here: fixed floors (`fixed_room_id` 1 to 0x6E) skip the check.

use proptest::prelude::*;
use tile_map::{
    FloorProperties, Generator, Map, Quirks, Terrain, HEIGHT, MAP_MOAT, MAP_MONSTER_HOUSE,
    MAP_SHOP, SPAWN_ITEM, SPAWN_MONSTER, SPAWN_STAIRS, SPAWN_TRAP, WIDTH,
};

fn properties() -> impl Strategy<Value = FloorProperties> {
    let grid = (
        0u8..=15,
        -36i8..=36,
        0u8..=60,
        any::<bool>(),
        0u8..=40,
        any::<i8>(),
        0u8..=100,
        0u8..=100,
        0u8..=100,
        0u8..=100,
    );
    let rest = (
        0u8..=20,
        any::<bool>(),
        any::<bool>(),
        0u8..=60,
        0u8..=60,
        0u8..=60,
        0u8..=30,
        0u8..=2,
        0u8..=100,
        prop_oneof![Just(0u8), any::<u8>()],
    );
    (grid, rest).prop_map(|(a, b)| FloorProperties {
        layout: a.0,
        room_density: a.1,
        floor_connectivity: a.2,
        allow_dead_ends: a.3,
        num_extra_hallways: a.4,
        enemy_density: a.5,
        kecleon_shop_chance: a.6,
        monster_house_chance: a.7,
        maze_room_chance: a.8,
        itemless_monster_house_chance: a.9,
        secondary_structures_budget: b.0,
        f_secondary_terrain_generation: b.1,
        f_room_imperfections: b.2,
        item_density: b.3,
        trap_density: b.4,
        buried_item_density: b.5,
        secondary_terrain_density: b.6,
        hidden_stairs_type: b.7,
        hidden_stairs_spawn_chance: b.8,
        fixed_room_id: b.9,
        floor_number: 1,
    })
}

fn at(x: usize, y: usize) -> usize {
    y * WIDTH + x
}

/// The game's reachability rule (see the file header), from `start`.
fn reachable(map: &Map, start: (u8, u8)) -> Vec<bool> {
    let passable = |x: i32, y: i32| {
        (0..WIDTH as i32).contains(&x) && (0..HEIGHT as i32).contains(&y) && {
            let i = at(x as usize, y as usize);
            map.terrain[i] == Terrain::Floor || map.areas[i] & MAP_MOAT != 0
        }
    };
    let mut seen = vec![false; WIDTH * HEIGHT];
    let mut stack = vec![(i32::from(start.0), i32::from(start.1))];
    seen[at(usize::from(start.0), usize::from(start.1))] = true;
    while let Some((x, y)) = stack.pop() {
        for dx in -1..=1 {
            for dy in -1..=1 {
                let (nx, ny) = (x + dx, y + dy);
                if (dx == 0 && dy == 0) || !passable(nx, ny) {
                    continue;
                }
                if dx != 0 && dy != 0 && (!passable(x, ny) || !passable(nx, y)) {
                    continue;
                }
                let i = at(nx as usize, ny as usize);
                if !seen[i] {
                    seen[i] = true;
                    stack.push((nx, ny));
                }
            }
        }
    }
    seen
}

fn check_floor(map: &Map, props: &FloorProperties) -> Result<(), TestCaseError> {
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let i = at(x, y);
            let frame = x == 0 || y == 0 || x == WIDTH - 1 || y == HEIGHT - 1;
            if frame {
                prop_assert_eq!(map.terrain[i], Terrain::Wall, "frame tile ({}, {})", x, y);
                prop_assert_eq!(map.spawns[i], 0, "spawn on the frame at ({}, {})", x, y);
            }
            // Rows 1 and 30 are reset to wall after the layout; only water may come back.
            if y == 1 || y == HEIGHT - 2 {
                prop_assert!(
                    map.terrain[i] != Terrain::Floor,
                    "floor on row {} at x {}",
                    y,
                    x
                );
            }
            let spawn = map.spawns[i];
            if map.terrain[i] != Terrain::Floor {
                prop_assert_eq!(
                    spawn & (SPAWN_TRAP | SPAWN_STAIRS),
                    0,
                    "trap or stairs off floor"
                );
            }
            if spawn & (SPAWN_STAIRS | SPAWN_ITEM) != 0 {
                prop_assert_eq!(spawn & SPAWN_TRAP, 0, "trap under stairs or item");
            }
            if map.areas[i] & MAP_SHOP != 0 {
                prop_assert_eq!(
                    spawn & (SPAWN_STAIRS | SPAWN_MONSTER),
                    0,
                    "stairs or enemy in shop"
                );
            }
        }
    }
    let player = map.player.ok_or_else(|| TestCaseError::fail("no player"))?;
    let stairs = map.stairs.ok_or_else(|| TestCaseError::fail("no stairs"))?;
    for (x, y) in [player, stairs] {
        let i = at(usize::from(x), usize::from(y));
        prop_assert_eq!(map.terrain[i], Terrain::Floor);
        prop_assert!(map.room_index[i] < 0xF0, "spawn point in a hallway");
    }
    prop_assert!(map.counts.rooms >= 1 && map.counts.rooms <= 36);
    prop_assert!(map.attempts >= 1 && map.attempts <= 100);
    let fixed_floor = (1..=0x6E).contains(&props.fixed_room_id);
    if !fixed_floor {
        let seen = reachable(map, player);
        for (i, terrain) in map.terrain.iter().enumerate() {
            if *terrain == Terrain::Floor {
                prop_assert!(
                    seen[i],
                    "floor tile ({}, {}) unreachable",
                    i % WIDTH,
                    i / WIDTH
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn every_valid_property_set_gives_a_sound_floor(
        props in properties(),
        seed in any::<u32>(),
        fixed in any::<bool>(),
    ) {
        let quirks = if fixed { Quirks::Fixed } else { Quirks::Faithful };
        let mut generator = Generator::new();
        generator.generate(&props, quirks, seed);
        check_floor(&generator.map(), &props)?;
    }
}

#[test]
fn shipped_presets_hold_the_invariants_over_thousands_of_seeds() {
    let mut generator = Generator::new();
    let mut map = Map::empty();
    for name in tile_map::PRESET_NAMES {
        let props = tile_map::preset(name).expect("preset");
        for seed in 0..600u32 {
            for quirks in [Quirks::Faithful, Quirks::Fixed] {
                generator.generate(&props, quirks, seed.wrapping_mul(2_654_435_761));
                generator.fill_map(&mut map);
                if let Err(error) = check_floor(&map, &props) {
                    panic!("{name} seed {seed} {quirks:?}: {error}");
                }
            }
        }
    }
}

/// The fraction of floors with any tile flagged `area`, over `n` seeds of `props`.
fn rate(props: &FloorProperties, n: u32, area: u8) -> f64 {
    let mut generator = Generator::new();
    let mut map = Map::empty();
    let mut hits = 0;
    for seed in 0..n {
        generator.generate(
            props,
            Quirks::Faithful,
            seed.wrapping_mul(2_654_435_761).wrapping_add(1),
        );
        generator.fill_map(&mut map);
        if map.areas.iter().any(|a| a & area != 0) {
            hits += 1;
        }
    }
    f64::from(hits) / f64::from(n)
}

#[test]
fn shops_and_monster_houses_appear_at_the_configured_rates() {
    // On a standard floor the shop roll (8%) comes first and almost always finds a room; the
    // monster house roll (5%) comes next and only succeeds on floors without a shop, so its
    // rate is 5% x (1 - shop rate). Tolerance: 4 standard errors of a binomial proportion over
    // n floors, plus 1 point for the rare floor where no room qualifies.
    let n = 6000;
    let props = tile_map::preset("std").expect("preset");
    let four_sigma = |p: f64| 4.0 * (p * (1.0 - p) / f64::from(n)).sqrt();
    let shop = rate(&props, n, MAP_SHOP);
    assert!(
        (shop - 0.08).abs() <= four_sigma(0.08) + 0.01,
        "shop rate {shop} vs 0.08"
    );
    let house_expected = 0.05 * (1.0 - shop);
    let house = rate(&props, n, MAP_MONSTER_HOUSE);
    assert!(
        (house - house_expected).abs() <= four_sigma(house_expected) + 0.01,
        "monster house rate {house} vs {house_expected}"
    );
}
