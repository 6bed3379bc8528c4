//! Benchmarks of every draw of both generator families: `cargo bench -p rng`.

use divan::{black_box, Bencher};
use rng::{DungeonRng, Lcg31, Rand16, Rng31};

fn main() {
    divan::main();
}

#[divan::bench]
fn lcg31_next(bencher: Bencher<'_, '_>) {
    let mut g = Lcg31::new(1);
    bencher.bench_local(|| black_box(g.next_u31()));
}
