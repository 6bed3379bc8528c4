//! The six maze algorithms of document 004 ("maze algorithm encyclopedia"), usable on their own
//! and as the topology of the GridMaze engine: DFS, Prim, Kruskal, Binary Tree, Sidewinder and
//! Growing Tree, plus braiding as the loop knob.
//!
//! Every algorithm returns a perfect maze (a spanning tree of the grid: connected, `cells - 1`
//! passages, nothing through the border). Storage is one byte per cell (open sides N=1, E=2,
//! S=4, W=8; `y` grows southwards like Minecraft's +Z), no algorithm recurses, and scratch memory
//! is O(cells). All randomness comes from the [`rng::Rng31`] passed in, so a seed and a size give
//! the same maze on every machine; each algorithm's file lists the draws it makes. Only Kruskal
//! ever starts a thread (a scoped one, for large mazes on a machine with two cores or more).
//!
//! ```
//! use connectors::maze::{braid, generate, Algorithm};
//! use rng::Lcg31;
//!
//! let mut rng = Lcg31::new(7);
//! let algorithm: Algorithm = "growing-tree:mixed:0.75".parse().unwrap();
//! let mut maze = generate(algorithm, 12, 8, &mut rng).unwrap();
//! assert!(maze.is_perfect());
//! let before = maze.dead_ends();
//! let removed = braid(&mut maze, 0.5, &mut rng).unwrap();
//! assert_eq!(maze.dead_ends(), before - removed);
//! print!("{}", maze.to_ascii());
//! ```

mod algorithm;
mod binary_tree;
mod braid;
mod dfs;
mod draw;
mod error;
mod grid;
mod growing_tree;
mod kruskal;
mod padded;
mod prim;
mod sidewinder;
#[cfg(test)]
mod tests;

use rng::Rng31;

pub use algorithm::{Algorithm, GrowingPolicy};
pub use braid::braid;
pub use error::{Error, ErrorKind};
pub use grid::{Dir4, Maze};

/// The largest maze, in cells (8192 x 8192, 64 Mi). Scratch indices are `u32`; the cap keeps the
/// worst case, Prim's frontier (up to about two `u32` walls per cell, besides the maze and the
/// padded grid), near 700 MB.
pub const MAX_CELLS: usize = 1 << 26;

/// Generates a perfect `width x height` maze with `algorithm`. Errors on a zero size, on more
/// than [`MAX_CELLS`] cells, and on a growing-tree mixed ratio outside [0, 1].
pub fn generate(
    algorithm: Algorithm,
    width: usize,
    height: usize,
    rng: &mut impl Rng31,
) -> Result<Maze, Error> {
    let mut maze = Maze::closed(width, height)?;
    Generator::new().generate_into(&mut maze, algorithm, width, height, rng)?;
    Ok(maze)
}

/// Scratch buffers kept from one maze to the next, for batch runs that generate many mazes
/// without allocating for each.
#[derive(Default)]
pub struct Generator {
    /// The searches' stack, queue, active list or frontier.
    list: Vec<u32>,
    kruskal: kruskal::Scratch,
    /// The searches' grid.
    padded: padded::PaddedGrid,
}

impl Generator {
    /// A generator with empty buffers.
    pub fn new() -> Self {
        Generator::default()
    }

    /// Like [`generate`], but overwrites `maze` and reuses its allocation and this generator's.
    /// On error `maze` is left unchanged.
    pub fn generate_into(
        &mut self,
        maze: &mut Maze,
        algorithm: Algorithm,
        width: usize,
        height: usize,
        rng: &mut impl Rng31,
    ) -> Result<(), Error> {
        grid::cell_count(width, height)?;
        if let Algorithm::GrowingTree(policy) = algorithm {
            policy.validate()?;
        }
        maze.reset(width, height)?;
        let cells = maze.cells_mut();
        let n = cells.len();
        let searched = matches!(
            algorithm,
            Algorithm::Dfs | Algorithm::Prim | Algorithm::GrowingTree(_)
        );
        if searched {
            self.padded.reset(width, height);
        }
        let padded = &mut self.padded;
        match algorithm {
            Algorithm::Dfs => dfs::carve_dfs(padded, n, width, rng, &mut self.list),
            Algorithm::Prim => prim::carve_prim(padded, n, width, rng, &mut self.list),
            Algorithm::Kruskal => kruskal::carve_kruskal(cells, width, rng, &mut self.kruskal),
            Algorithm::BinaryTree => binary_tree::carve_binary_tree(cells, width, rng),
            Algorithm::Sidewinder => sidewinder::carve_sidewinder(cells, width, rng),
            Algorithm::GrowingTree(policy) => {
                let batched = growing_tree::batches_draws(n);
                growing_tree::carve_growing_tree(
                    padded,
                    n,
                    width,
                    policy,
                    rng,
                    &mut self.list,
                    batched,
                )
            }
        }
        if searched {
            // The searches carved into the padded copy (which holds their visited flags).
            self.padded.write_to(cells, width);
        }
        Ok(())
    }
}
