//! Value stability: the exact layouts of a few fixed seeds, per engine and pack, pinned as a
//! digest of every placement and connection, so any change to the output is seen and made on
//! purpose (the golden JSON fixtures under `tests/fixtures/layout/` show the same layouts in
//! full).

use connectors::{generate, ConnectionKind, Engine, Layout, Pack, CASTLE_YAML, MINES_YAML};

/// FNV-1a over the numbers that define a layout.
fn digest(layout: &Layout) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |value: i64| {
        for byte in value.to_le_bytes() {
            hash ^= u64::from(byte);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for p in layout.placements() {
        for v in [
            p.room as i64,
            p.origin.x.into(),
            p.origin.y.into(),
            p.origin.z.into(),
            p.transform.index() as i64,
            p.depth.into(),
        ] {
            eat(v);
        }
    }
    for c in layout.connections() {
        let kind = i64::from(c.kind == ConnectionKind::Loop);
        for v in [
            c.from as i64,
            c.to as i64,
            c.from_connector as i64,
            c.to_connector as i64,
            kind,
        ] {
            eat(v);
        }
    }
    hash
}

const PINNED: [(&str, Engine, u32, u32, u64); 8] = [
    ("castle", Engine::Minecrafty, 1, 25, 15078733044888183457),
    ("castle", Engine::Branching, 2, 23, 10462452882184979659),
    ("castle", Engine::GridMaze, 3, 25, 15459050573047908033),
    ("castle", Engine::RandomWalk, 4, 21, 1266139319953344102),
    ("mines", Engine::Minecrafty, 5, 23, 260339849432554873),
    ("mines", Engine::Branching, 6, 23, 4178145396914854941),
    ("mines", Engine::GridMaze, 7, 23, 9374956226259534705),
    ("mines", Engine::RandomWalk, 8, 18, 9577820024473996272),
];

#[test]
fn value_stability() {
    let castle = Pack::from_yaml(CASTLE_YAML).expect("valid");
    let mines = Pack::from_yaml(MINES_YAML).expect("valid");
    let mut actual = Vec::new();
    for &(name, engine, seed, _, _) in &PINNED {
        let pack = if name == "castle" { &castle } else { &mines };
        let layout = generate(pack, engine, seed).expect("layout");
        actual.push((name, engine, seed, layout.stats.rooms, digest(&layout)));
    }
    assert_eq!(actual, PINNED);
}
