//! The growing-tree algorithm (document 004): an active list starts with one random cell; each
//! step picks a cell from it by the policy and opens a wall to one of its unvisited neighbours
//! (which joins the list), or retires it when it has none.
//!
//! Under the newest, oldest and mixed policies the list keeps insertion order, so "newest" and
//! "oldest" stay true. A retired cell leaves at once when it is at either end; in the middle (mixed
//! policy only) its entry is flagged, random picks that land on it are drawn again, and the list
//! is compacted when flagged entries outnumber live ones. Under the random policy order does not
//! matter and a retired cell is swap-removed. Every operation is amortised O(1).
//!
//! Draws: one `index` for the start cell; per step, `chance(newest)` for the mixed policy, one
//! `index` per random pick (again on a flagged entry), and one `index` when the picked cell has
//! more than one unvisited neighbour. With the newest policy the draws, and so the mazes, are
//! exactly those of [`super::Algorithm::Dfs`].

use rng::Rng31;

use super::dfs::pick;
use super::padded::PaddedGrid;
use super::{Dir4, GrowingPolicy};

/// The flag on a list entry whose cell is retired (cell indices stay below `MAX_CELLS`).
const RETIRED_ENTRY: u32 = 1 << 31;

/// The active list: `cells[head..]`, `flagged` of them retired.
struct ActiveList<'a> {
    cells: &'a mut Vec<u32>,
    head: usize,
    live: usize,
    flagged: usize,
    keep_order: bool,
}

impl ActiveList<'_> {
    fn push(&mut self, cell: usize) {
        self.cells.push(cell as u32);
        self.live += 1;
    }

    fn newest(&self) -> usize {
        self.cells.len() - 1
    }

    fn random(&self, rng: &mut impl Rng31) -> usize {
        loop {
            let slot = self.head + pick(rng, self.cells.len() - self.head);
            if self.cells[slot] & RETIRED_ENTRY == 0 {
                return slot;
            }
        }
    }

    /// Retires the cell in `slot`.
    fn retire(&mut self, slot: usize) {
        self.live -= 1;
        if !self.keep_order {
            self.cells.swap_remove(slot);
            return;
        }
        self.cells[slot] |= RETIRED_ENTRY;
        self.flagged += 1;
        while self.head < self.cells.len() && self.cells[self.head] & RETIRED_ENTRY != 0 {
            self.head += 1;
            self.flagged -= 1;
        }
        while self.cells.len() > self.head
            && self.cells.last().is_some_and(|&c| c & RETIRED_ENTRY != 0)
        {
            self.cells.pop();
            self.flagged -= 1;
        }
        if self.flagged > self.live {
            // More than half the entries are retired: compact, keeping the order.
            let head = self.head;
            self.cells.drain(..head);
            self.cells.retain(|&c| c & RETIRED_ENTRY == 0);
            self.head = 0;
            self.flagged = 0;
        }
    }
}

/// Carves a perfect maze into `grid` (reset to `width x height`, from a maze of `cells` cells).
/// `scratch` holds the active list of padded indices.
pub(super) fn carve_growing_tree(
    grid: &mut PaddedGrid,
    cells: usize,
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
        keep_order: !matches!(policy, GrowingPolicy::Random),
    };
    let start = grid.index_of(rng.index(cells).unwrap_or(0), width);
    grid.visit(start);
    active.push(start);
    let mut options = [(Dir4::N, 0); 4];
    while active.live > 0 {
        let slot = match policy {
            GrowingPolicy::Newest => active.newest(),
            GrowingPolicy::Oldest => active.head,
            GrowingPolicy::Random => active.random(rng),
            GrowingPolicy::Mixed { newest } => {
                if rng.chance(newest) {
                    active.newest()
                } else {
                    active.random(rng)
                }
            }
        };
        let cell = active.cells[slot] as usize;
        let count = grid.unvisited_neighbors(cell, &mut options);
        if count == 0 {
            active.retire(slot);
            continue;
        }
        let (dir, next) = options[pick(rng, count)];
        grid.carve(cell, dir, next);
        grid.visit(next);
        active.push(next);
    }
}
