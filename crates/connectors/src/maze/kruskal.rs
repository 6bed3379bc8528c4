//! Randomised Kruskal (document 004): every inner wall in one list, shuffled, then opened when
//! its two cells are still in different sets. The sets are a union-find with path compression and
//! union by rank.
//!
//! Draws: one `shuffle` of the wall list (one draw per wall). Stops once `cells - 1` walls are
//! open.

use rng::Rng31;

use super::grid::carve;
use super::Dir4;

/// Scratch of the union-find, kept between mazes.
#[derive(Default)]
pub(super) struct UnionFind {
    parent: Vec<u32>,
    rank: Vec<u8>,
}

impl UnionFind {
    fn reset(&mut self, n: usize) {
        self.parent.clear();
        self.parent.extend(0..n as u32);
        self.rank.clear();
        self.rank.resize(n, 0);
    }

    fn find(&mut self, item: usize) -> usize {
        let mut root = item;
        while self.parent[root] as usize != root {
            root = self.parent[root] as usize;
        }
        // Second pass: point every cell on the path straight at the root.
        let mut cursor = item;
        while cursor != root {
            let next = self.parent[cursor] as usize;
            self.parent[cursor] = root as u32;
            cursor = next;
        }
        root
    }

    /// Joins the sets of `a` and `b`; false when they already were one.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (root_a, root_b) = (self.find(a), self.find(b));
        if root_a == root_b {
            return false;
        }
        let (low, high) = if self.rank[root_a] < self.rank[root_b] {
            (root_a, root_b)
        } else {
            (root_b, root_a)
        };
        self.parent[low] = high as u32;
        if self.rank[low] == self.rank[high] {
            self.rank[high] += 1;
        }
        true
    }
}

/// Carves a perfect maze into `cells` (all closed, `width` wide). `walls` and `sets` are scratch;
/// a wall is its west or north cell times 2, plus 1 for the south wall.
pub(super) fn carve_kruskal(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    walls: &mut Vec<u32>,
    sets: &mut UnionFind,
) {
    let n = cells.len();
    walls.clear();
    for cell in 0..n {
        if cell % width + 1 < width {
            walls.push((cell as u32) << 1);
        }
        if cell + width < n {
            walls.push(((cell as u32) << 1) | 1);
        }
    }
    rng.shuffle(walls);
    sets.reset(n);
    let mut opened = 0;
    for &wall in walls.iter() {
        if opened + 1 >= n {
            break;
        }
        let cell = (wall >> 1) as usize;
        let (dir, next) = if wall & 1 == 0 {
            (Dir4::E, cell + 1)
        } else {
            (Dir4::S, cell + width)
        };
        if sets.union(cell, next) {
            carve(cells, cell, dir, next);
            opened += 1;
        }
    }
}
