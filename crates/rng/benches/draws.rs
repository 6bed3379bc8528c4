//! Benchmarks of every draw of both generator families: `cargo bench -p rng --bench draws`.
//! Each iteration makes one draw (a shuffle of 64 items for `shuffle_64`).

use divan::{black_box, Bencher};
use rng::{DungeonRng, Lcg31, Rand16, Rng31};

fn main() {
    divan::main();
}

#[divan::bench]
fn lcg31_next_u31(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.next_u31()));
}

#[divan::bench]
fn lcg31_float(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.float()));
}

#[divan::bench]
fn lcg31_range(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.range(black_box(9), black_box(11))));
}

#[divan::bench]
fn lcg31_chance(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.chance(black_box(0.5))));
}

#[divan::bench]
fn lcg31_weighted_8(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    let weights = [2.0, 0.0, 1.0, 4.0, 0.5, 3.0, 0.0, 1.5];
    bencher.bench_local(|| black_box(g.weighted(black_box(&weights))));
}

#[divan::bench]
fn lcg31_shuffle_64(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    let mut items: Vec<u16> = (0..64).collect();
    bencher.bench_local(|| {
        g.shuffle(&mut items);
        black_box(items[0])
    });
}

#[divan::bench]
fn lcg31_round_random(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.round_random(black_box(2.25))));
}

#[divan::bench]
fn lcg31_normal(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.normal(black_box(100.0), black_box(10.0))));
}

#[divan::bench]
fn lcg31_letter(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.letter()));
}

#[divan::bench]
fn dungeon_next_u16(bencher: Bencher<'_, '_>) {
    let mut g = DungeonRng::init(1);
    bencher.bench_local(|| black_box(g.next_u16()));
}

#[divan::bench]
fn dungeon_rand_int(bencher: Bencher<'_, '_>) {
    let mut g = DungeonRng::init(1);
    bencher.bench_local(|| black_box(g.rand_int(black_box(100))));
}

#[divan::bench]
fn dungeon_rand_range(bencher: Bencher<'_, '_>) {
    let mut g = DungeonRng::init(1);
    bencher.bench_local(|| black_box(g.rand_range(black_box(2), black_box(54))));
}

#[divan::bench]
fn dungeon_secondary_next_u16(bencher: Bencher<'_, '_>) {
    let mut g = DungeonRng::init(1);
    g.use_secondary(3);
    bencher.bench_local(|| black_box(g.next_u16()));
}
