//! The growing-tree algorithm (document 004): an active list starts with one random cell; each
//! step picks a cell from it by the policy and opens a wall to one of its unvisited neighbours
//! (which joins the list), or retires it when it has none.
//!
//! The list keeps insertion order, so "newest" and "oldest" stay true under every policy. A
//! retired cell leaves at once when it is at either end; in the middle it is only flagged, random
//! picks that land on it are drawn again, and the list is compacted when flagged entries outnumber
//! live ones. Every operation is amortised O(1).
//!
//! Draws: one `index` for the start cell; per step, `chance(newest)` for the mixed policy, one
//! `index` per random pick (again on a flagged entry), and one `index` when the picked cell has
//! more than one unvisited neighbour. With the newest policy the draws, and so the mazes, are
//! exactly those of [`super::Algorithm::Dfs`].

use rng::Rng31;

use super::dfs::pick;
use super::grid::{carve, unvisited_neighbors, RETIRED, VISITED};
use super::{Dir4, GrowingPolicy};

/// The active list: `cells[head..]` in insertion order, `flagged` of them retired.
struct ActiveList<'a> {
    cells: &'a mut Vec<u32>,
    head: usize,
    live: usize,
    flagged: usize,
}

impl ActiveList<'_> {
    fn push(&mut self, cell: usize) {
        self.cells.push(cell as u32);
        self.live += 1;
    }

    fn newest(&self) -> usize {
        self.cells.len() - 1
    }

    fn random(&self, grid: &[u8], rng: &mut impl Rng31) -> usize {
        loop {
            let slot = self.head + pick(rng, self.cells.len() - self.head);
            if grid[self.cells[slot] as usize] & RETIRED == 0 {
                return slot;
            }
        }
    }

    /// Retires the cell in `slot`.
    fn retire(&mut self, grid: &mut [u8], slot: usize) {
        grid[self.cells[slot] as usize] |= RETIRED;
        self.live -= 1;
        self.flagged += 1;
        while self.head < self.cells.len() && grid[self.cells[self.head] as usize] & RETIRED != 0 {
            self.head += 1;
            self.flagged -= 1;
        }
        while self.cells.len() > self.head
            && self
                .cells
                .last()
                .is_some_and(|&c| grid[c as usize] & RETIRED != 0)
        {
            self.cells.pop();
            self.flagged -= 1;
        }
        if self.flagged > self.live {
            // More than half the entries are retired: compact, keeping the order.
            let head = self.head;
            self.cells.drain(..head);
            self.cells.retain(|&c| grid[c as usize] & RETIRED == 0);
            self.head = 0;
            self.flagged = 0;
        }
    }
}

/// Carves a perfect maze into `grid` (all closed, `width` wide). `scratch` holds the active list.
pub(super) fn carve_growing_tree(
    grid: &mut [u8],
    width: usize,
    policy: GrowingPolicy,
    rng: &mut impl Rng31,
    scratch: &mut Vec<u32>,
) {
    scratch.clear();
    let mut active = ActiveList {
        cells: scratch,
        head: 0,
        live: 0,
        flagged: 0,
    };
    let start = rng.index(grid.len()).unwrap_or(0);
    grid[start] |= VISITED;
    active.push(start);
    let mut options = [(Dir4::N, 0); 4];
    while active.live > 0 {
        let slot = match policy {
            GrowingPolicy::Newest => active.newest(),
            GrowingPolicy::Oldest => active.head,
            GrowingPolicy::Random => active.random(grid, rng),
            GrowingPolicy::Mixed { newest } => {
                if rng.chance(newest) {
                    active.newest()
                } else {
                    active.random(grid, rng)
                }
            }
        };
        let cell = active.cells[slot] as usize;
        let count = unvisited_neighbors(grid, width, cell, &mut options);
        if count == 0 {
            active.retire(grid, slot);
            continue;
        }
        let (dir, next) = options[pick(rng, count)];
        carve(grid, cell, dir, next);
        grid[next] |= VISITED;
        active.push(next);
    }
}
