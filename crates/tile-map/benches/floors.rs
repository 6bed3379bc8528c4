//! Floors per second of the whole generator (one floor per iteration, seeds advancing, one
//! reused generator), for the `std` and `water` presets: `cargo bench -p tile-map`.

use divan::{black_box, Bencher};
use tile_map::{preset, Generator, Quirks};

fn main() {
    divan::main();
}

fn floors(bencher: Bencher<'_, '_>, name: &str) {
    let props = preset(name).expect("shipped preset");
    let mut generator = Generator::new();
    let mut seed = 0u32;
    bencher.bench_local(|| {
        seed = seed.wrapping_add(1);
        black_box(generator.generate(&props, Quirks::Faithful, seed).draws)
    });
}

#[divan::bench]
fn std_floor(bencher: Bencher<'_, '_>) {
    floors(bencher, "std");
}

#[divan::bench]
fn water_floor(bencher: Bencher<'_, '_>) {
    floors(bencher, "water");
}
