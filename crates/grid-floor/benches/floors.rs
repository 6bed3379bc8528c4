//! Benchmarks: a whole four-floor dungeon, and floor 3 alone (`cargo bench -p grid-floor`).
//! One generator is reused across iterations, as the CLI's batch mode does; seeds advance so that
//! every iteration builds a different dungeon.

use divan::{black_box, Bencher};
use grid_floor::{Generator, History, Setup, Tables};

fn main() {
    divan::main();
}

#[divan::bench]
fn whole_dungeon(bencher: Bencher<'_, '_>) {
    let tables = Tables::default_tables().expect("the default tables are valid");
    let setup = Setup::for_class("bard").expect("bard is a class");
    let mut generator = Generator::new(&tables);
    let mut seed = 0u32;
    bencher.bench_local(|| {
        seed = seed.wrapping_add(1) & 0x7FFF_FFFF;
        black_box(generator.run(&setup, seed).expect("a run builds"))
    });
}

#[divan::bench]
fn floor_three(bencher: Bencher<'_, '_>) {
    let tables = Tables::default_tables().expect("the default tables are valid");
    let setup = Setup::for_class("warrior").expect("warrior is a class");
    let mut generator = Generator::new(&tables);
    // Floors 1 and 2 of run 1 fix the history floor 3 reads.
    let streams = rng::Streams::derive(1);
    let mut history = History::default();
    for depth in 1..=2u8 {
        generator
            .floor(
                &setup,
                depth,
                streams.floor_seeds[usize::from(depth - 1)],
                &mut history,
            )
            .expect("floors 1 and 2 build");
    }
    let mut seed = 0u32;
    bencher.bench_local(|| {
        seed = seed.wrapping_add(1) & 0x7FFF_FFFF;
        let mut history = history.clone();
        black_box(
            generator
                .floor(&setup, 3, seed, &mut history)
                .expect("floor 3 builds"),
        )
    });
}
