//! Benchmarks of the six maze algorithms (and braiding) at 100x100 and 1000x1000:
//! `cargo bench -p connectors --bench maze`.
//!
//! The `knossos` crate's equivalent algorithms are the reference column. They pull in an image
//! library (with an AV1 encoder) that would slow every `cargo test` of this crate, so knossos is a
//! dev-dependency only under a cfg flag; for both columns in one run:
//! `RUSTFLAGS="--cfg knossos_reference" cargo bench -p connectors --bench maze`.
//!
//! Both sides build a fresh maze per iteration (allocation included), from a fixed seed.
//!
//! For profilers (callgrind) and whole-process timings, `MAZE_PROFILE=ALGORITHM:SIZE[:COUNT]`
//! skips divan and generates COUNT (default 1) mazes of that algorithm and size, one buffer set
//! reused, e.g. `MAZE_PROFILE=kruskal:1000 valgrind --tool=callgrind <bench binary>`.
#![allow(unexpected_cfgs)]

use connectors::maze::{braid, generate, Algorithm, Generator, GrowingPolicy, Maze};
use divan::{black_box, Bencher};
use rng::Lcg31;

const SIZES: [usize; 2] = [100, 1000];

fn main() {
    if let Ok(spec) = std::env::var("MAZE_PROFILE") {
        profile(&spec);
        return;
    }
    // knossos' recursive backtracker recurses once per cell: a 1000x1000 maze needs far more
    // than the default 8 MiB stack. divan measures on the calling thread, so give it room.
    let runner = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(divan::main)
        .expect("spawn the benchmark thread");
    runner.join().expect("benchmarks ran");
}

/// The `MAZE_PROFILE` mode: `ALGORITHM:SIZE[:COUNT]`, where ALGORITHM may itself hold colons.
fn profile(spec: &str) {
    let mut parts: Vec<&str> = spec.rsplitn(3, ':').collect();
    parts.reverse();
    let (name, size, count) = match parts.as_slice() {
        [name, size, count] if count.parse::<u32>().is_ok() && size.parse::<usize>().is_ok() => {
            (name.to_string(), *size, *count)
        }
        [head, name_end, size] => (format!("{head}:{name_end}"), *size, "1"),
        [name, size] => (name.to_string(), *size, "1"),
        _ => panic!("MAZE_PROFILE={spec}: expected ALGORITHM:SIZE[:COUNT]"),
    };
    let algorithm: Algorithm = name.parse().expect("a maze algorithm");
    let size: usize = size.parse().expect("a size");
    let count: u32 = count.parse().expect("a count");
    let mut generator = Generator::new();
    let mut maze = Maze::closed(size, size).expect("a valid size");
    let mut passages = 0;
    for seed in 1..=count {
        generator
            .generate_into(&mut maze, algorithm, size, size, &mut Lcg31::new(seed))
            .expect("a valid size");
        passages += maze.passages();
    }
    println!("{name} {size}x{size} x{count}: {passages} passages");
}

fn ours(bencher: Bencher<'_, '_>, algorithm: Algorithm, size: usize) {
    bencher.bench_local(|| {
        let maze = generate(algorithm, size, size, &mut Lcg31::new(1));
        black_box(maze)
    });
}

mod ours {
    use super::*;

    #[divan::bench(args = SIZES)]
    fn dfs(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::Dfs, size);
    }

    #[divan::bench(args = SIZES)]
    fn prim(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::Prim, size);
    }

    #[divan::bench(args = SIZES)]
    fn kruskal(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::Kruskal, size);
    }

    #[divan::bench(args = SIZES)]
    fn binary_tree(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::BinaryTree, size);
    }

    #[divan::bench(args = SIZES)]
    fn sidewinder(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::Sidewinder, size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_newest(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::GrowingTree(GrowingPolicy::Newest), size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_oldest(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::GrowingTree(GrowingPolicy::Oldest), size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_random(bencher: Bencher<'_, '_>, size: usize) {
        ours(bencher, Algorithm::GrowingTree(GrowingPolicy::Random), size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_mixed_50(bencher: Bencher<'_, '_>, size: usize) {
        let policy = GrowingPolicy::Mixed { newest: 0.5 };
        ours(bencher, Algorithm::GrowingTree(policy), size);
    }

    /// Batch use: the generator's and the maze's buffers are reused between mazes.
    #[divan::bench(args = SIZES)]
    fn kruskal_reused_buffers(bencher: Bencher<'_, '_>, size: usize) {
        let mut generator = Generator::new();
        let mut maze = Maze::closed(size, size).expect("a valid size");
        let mut seed = 0;
        bencher.bench_local(|| {
            seed += 1;
            let mut rng = Lcg31::new(seed);
            generator
                .generate_into(&mut maze, Algorithm::Kruskal, size, size, &mut rng)
                .expect("a valid size");
            black_box(maze.passages())
        });
    }

    /// Braiding half the dead ends of a Kruskal maze (the clone is included).
    #[divan::bench(args = SIZES)]
    fn braid_half(bencher: Bencher<'_, '_>, size: usize) {
        let mut rng = Lcg31::new(1);
        let maze = generate(Algorithm::Kruskal, size, size, &mut rng).expect("a valid size");
        bencher.bench_local(|| {
            let mut braided = maze.clone();
            let removed = braid(&mut braided, 0.5, &mut rng).expect("a valid fraction");
            black_box((braided, removed))
        });
    }
}

#[cfg(knossos_reference)]
mod knossos {
    use super::SIZES;
    use divan::{black_box, Bencher};
    use knossos::maze::{
        Algorithm, Bias, BinaryTree, GrowingTree, Kruskal, Method, OrthogonalMazeBuilder, Prim,
        RecursiveBacktracking, Sidewinder,
    };

    fn theirs(bencher: Bencher<'_, '_>, make: fn() -> Box<dyn Algorithm>, size: usize) {
        bencher.bench_local(|| {
            let maze = OrthogonalMazeBuilder::new()
                .width(size)
                .height(size)
                .seed(Some(1))
                .algorithm(make())
                .build();
            black_box(maze)
        });
    }

    #[divan::bench(args = SIZES)]
    fn dfs(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(RecursiveBacktracking), size);
    }

    #[divan::bench(args = SIZES)]
    fn prim(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(Prim::new()), size);
    }

    #[divan::bench(args = SIZES)]
    fn kruskal(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(Kruskal), size);
    }

    #[divan::bench(args = SIZES)]
    fn binary_tree(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(BinaryTree::new(Bias::SouthEast)), size);
    }

    #[divan::bench(args = SIZES)]
    fn sidewinder(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(Sidewinder), size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_newest(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(GrowingTree::new(Method::Newest)), size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_oldest(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(GrowingTree::new(Method::Oldest)), size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_random(bencher: Bencher<'_, '_>, size: usize) {
        theirs(bencher, || Box::new(GrowingTree::new(Method::Random)), size);
    }

    #[divan::bench(args = SIZES)]
    fn growing_tree_mixed_50(bencher: Bencher<'_, '_>, size: usize) {
        theirs(
            bencher,
            || Box::new(GrowingTree::new(Method::Newest50Random50)),
            size,
        );
    }
}
