//! Layout benchmarks: 100, 1,000, 10,000 and 100,000 rooms per engine on the castle pack with
//! maxRooms = the size, minRooms 75% of it, one attempt, seed 1; the room counts reached are
//! printed first. Targets from the issue: 1,000 rooms
//! under 5 ms, 100,000 under 1 s, and the 100k / 10k ratio at most 12 (n log n growth).
//!
//! Run: `cargo bench -p connectors --bench layout`.

use connectors::{Engine, Generator, Pack, CASTLE_YAML};

fn main() {
    // The room counts reached, so the timings below can be read per room.
    for engine in Engine::ALL {
        let reached: Vec<String> = SIZES
            .iter()
            .map(|&rooms| {
                let pack = pack_for(rooms);
                let generator = Generator::new(&pack);
                let layout = generator.generate(engine, 1);
                // A plain wall-clock figure beside divan's: the best of a few runs.
                let runs = if rooms >= 100_000 { 3 } else { 10 };
                let best = (0..runs)
                    .map(|_| {
                        let started = std::time::Instant::now();
                        let _ = divan::black_box(generator.generate(engine, 1));
                        started.elapsed()
                    })
                    .min()
                    .unwrap_or_default();
                let reached =
                    layout.map_or_else(|e| format!("error: {e}"), |l| l.stats.rooms.to_string());
                format!("{reached} in {best:.2?}")
            })
            .collect();
        eprintln!(
            "{:12} rooms reached for {SIZES:?}: {}",
            engine.name(),
            reached.join(", ")
        );
    }
    divan::main();
}

const SIZES: [u32; 4] = [100, 1_000, 10_000, 100_000];

/// The castle pack made to grow without dying out: every connector always tries, and the
/// junction pieces weigh more, so a layout keeps open connectors up to the cap.
fn pack_for(rooms: u32) -> Pack {
    let mut pack = Pack::from_yaml(CASTLE_YAML).expect("the castle pack is valid");
    for room in &mut pack.rooms {
        for connector in &mut room.connectors {
            connector.success_chance = 1.0;
        }
        if room.connectors.len() >= 3 {
            room.weight *= 3.0;
        }
    }
    pack.layout.min_rooms = rooms - rooms / 4;
    pack.layout.max_rooms = rooms;
    pack.layout.attempts = 1;
    let branching = &mut pack.layout.branching;
    branching.trunk_min = (rooms / 2).max(1);
    branching.trunk_max = (rooms / 2).max(1);
    branching.branch_depth = 10;
    // Twice the branches the cap needs: some die early against other rooms, the rest fill up.
    branching.branch_count = rooms / 10;
    pack
}

fn run(bencher: divan::Bencher<'_, '_>, engine: Engine, rooms: u32) {
    let pack = pack_for(rooms);
    let generator = Generator::new(&pack);
    let mut seed = 0u32;
    bencher.bench_local(|| {
        seed = seed.wrapping_add(1);
        // A failed layout would time an error path, not a layout: stop the bench instead.
        match generator.generate(engine, seed) {
            Ok(layout) => layout.stats.rooms,
            Err(error) => panic!("{} at {rooms} rooms, seed {seed}: {error}", engine.name()),
        }
    });
}

#[divan::bench(args = SIZES, sample_count = 10, sample_size = 1)]
fn minecrafty(bencher: divan::Bencher<'_, '_>, rooms: u32) {
    run(bencher, Engine::Minecrafty, rooms);
}

#[divan::bench(args = SIZES, sample_count = 10, sample_size = 1)]
fn branching(bencher: divan::Bencher<'_, '_>, rooms: u32) {
    run(bencher, Engine::Branching, rooms);
}

#[divan::bench(args = SIZES, sample_count = 10, sample_size = 1)]
fn random_walk(bencher: divan::Bencher<'_, '_>, rooms: u32) {
    run(bencher, Engine::RandomWalk, rooms);
}

#[divan::bench(args = SIZES, sample_count = 10, sample_size = 1)]
fn grid_maze(bencher: divan::Bencher<'_, '_>, rooms: u32) {
    run(bencher, Engine::GridMaze, rooms);
}
