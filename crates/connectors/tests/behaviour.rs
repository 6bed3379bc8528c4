//! What the knobs do, measured over many seeds: `boundaryBias` makes random walks reach deeper,
//! `straightness` stretches the branching trunk, `loopChance` 1 leaves no facing pair of
//! unused connectors open, vertical connectors are used, and required rooms always appear. Each
//! comparison of means uses a margin of three standard errors from the samples themselves.

use connectors::{generate, Engine, Layout, Pack, RoomType, CASTLE_YAML, MINES_YAML};

const SEEDS: u32 = 300;

fn mean_and_se(values: &[f64]) -> (f64, f64) {
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Asserts that the mean of `high` exceeds the mean of `low` by more than three standard errors
/// of the difference.
fn assert_greater(high: &[f64], low: &[f64], what: &str) {
    let (mh, sh) = mean_and_se(high);
    let (ml, sl) = mean_and_se(low);
    let margin = 3.0 * (sh * sh + sl * sl).sqrt();
    assert!(
        mh - ml > margin,
        "{what}: {mh:.2} vs {ml:.2}, margin {margin:.2}"
    );
}

fn layouts(pack: &Pack, engine: Engine) -> Vec<Layout> {
    (0..SEEDS)
        .filter_map(|seed| generate(pack, engine, seed).ok())
        .collect()
}

#[test]
fn boundary_bias_grows_deeper_walks() {
    let mut pack = Pack::from_yaml(MINES_YAML).expect("valid");
    pack.layout.random_walk.boundary_bias = 0.95;
    let tips: Vec<f64> = layouts(&pack, Engine::RandomWalk)
        .iter()
        .map(|l| f64::from(l.stats.max_depth))
        .collect();
    pack.layout.random_walk.boundary_bias = 0.0;
    let anywhere: Vec<f64> = layouts(&pack, Engine::RandomWalk)
        .iter()
        .map(|l| f64::from(l.stats.max_depth))
        .collect();
    assert!(tips.len() > 250 && anywhere.len() > 250);
    assert_greater(&tips, &anywhere, "max depth, bias 0.95 vs 0");
}

fn horizontal_extent(layout: &Layout) -> f64 {
    let (mut lo, mut hi) = (glam::IVec3::MAX, glam::IVec3::MIN);
    for p in layout.placements() {
        lo = lo.min(p.origin);
        hi = hi.max(p.origin + p.size);
    }
    f64::from((hi.x - lo.x).max(hi.z - lo.z))
}

#[test]
fn straightness_stretches_the_trunk() {
    let mut pack = Pack::from_yaml(CASTLE_YAML).expect("valid");
    pack.layout.branching.branch_count = 0;
    pack.layout.min_rooms = 10;
    // Loops would add bridge rooms beside the trunk; a longer trunk shows the effect better.
    pack.layout.loop_chance = 0.0;
    pack.layout.max_rooms = 40;
    pack.layout.branching.trunk_min = 20;
    pack.layout.branching.trunk_max = 20;
    pack.layout.branching.straightness = 1.0;
    let straight: Vec<f64> = layouts(&pack, Engine::Branching)
        .iter()
        .map(horizontal_extent)
        .collect();
    pack.layout.branching.straightness = 0.0;
    let winding: Vec<f64> = layouts(&pack, Engine::Branching)
        .iter()
        .map(horizontal_extent)
        .collect();
    assert!(
        straight.len() > 250 && winding.len() > 250,
        "{} {}",
        straight.len(),
        winding.len()
    );
    assert_greater(&straight, &winding, "extent, straightness 1 vs 0");
}

#[test]
fn loop_chance_one_closes_every_facing_pair() {
    let mut pack = Pack::from_yaml(CASTLE_YAML).expect("valid");
    pack.layout.loop_chance = 1.0;
    pack.layout.max_loops = None;
    let mut total_loops = 0;
    let all: Vec<Layout> = Engine::ALL
        .into_iter()
        .flat_map(|engine| layouts(&pack, engine))
        .collect();
    for layout in all {
        total_loops += layout.stats.loops;
        let placements: Vec<_> = layout.placements().collect();
        let mut used = std::collections::BTreeSet::new();
        for c in layout.connections() {
            used.insert((c.from, c.from_connector));
            used.insert((c.to, c.to_connector));
        }
        // Every unused connector, by brute force.
        let mut unused = Vec::new();
        for (i, p) in placements.iter().enumerate() {
            let def = &pack.rooms[p.room];
            for (c, conn) in def.connectors.iter().enumerate() {
                if !used.contains(&(i, c)) {
                    let pos = p.origin + p.transform.pos(conn.position, def.size);
                    unused.push((i, c, pos, p.transform.dir(conn.direction)));
                }
            }
        }
        for a in &unused {
            for b in &unused {
                let facing = a.0 != b.0 && a.2 + a.3.vector() == b.2 && b.3 == a.3.opposite();
                let (ra, rb) = (placements[a.0].room, placements[b.0].room);
                let (ca, cb) = (
                    &pack.rooms[ra].connectors[a.1],
                    &pack.rooms[rb].connectors[b.1],
                );
                let allowed = pack.rules_allow(ra, ca, rb, cb) && pack.rules_allow(rb, cb, ra, ca);
                assert!(
                    !(facing && allowed),
                    "seed {}: connectors {:?} and {:?} face each other unused",
                    layout.seed,
                    (a.0, a.1),
                    (b.0, b.1)
                );
            }
        }
    }
    // Facing pairs need rooms that line up exactly, which braided grid mazes make most often.
    assert!(total_loops > 0, "no loop in {} layouts", 4 * SEEDS);
}

#[test]
fn stairs_are_used_and_levels_differ() {
    for text in [CASTLE_YAML, MINES_YAML] {
        let pack = Pack::from_yaml(text).expect("valid");
        for engine in [Engine::Minecrafty, Engine::Branching, Engine::RandomWalk] {
            let with_levels = layouts(&pack, engine)
                .iter()
                .filter(|l| l.placements().any(|p| p.origin.y != 0))
                .count();
            assert!(
                with_levels * 10 > SEEDS as usize,
                "{} {}: {with_levels} multi-level layouts",
                pack.name,
                engine.name()
            );
        }
    }
}

#[test]
fn special_and_end_rooms_always_appear() {
    for text in [CASTLE_YAML, MINES_YAML] {
        let pack = Pack::from_yaml(text).expect("valid");
        let end_room = pack
            .rooms
            .iter()
            .position(|r| r.kind == RoomType::End)
            .expect("an END room");
        for engine in [Engine::Minecrafty, Engine::Branching, Engine::RandomWalk] {
            let all = layouts(&pack, engine);
            assert!(all.len() as u32 * 100 >= SEEDS * 99);
            // The real END room, not a marked leaf, in practically every layout.
            let with_boss = all
                .iter()
                .filter(|l| l.placements().any(|p| p.room == end_room))
                .count();
            assert!(
                with_boss * 100 >= all.len() * 95,
                "{} {}: boss in {with_boss} of {}",
                pack.name,
                engine.name(),
                all.len()
            );
        }
    }
}
