//! Randomised depth-first search (the "recursive backtracker") with an explicit stack, so that
//! no maze size can overflow the call stack.
//!
//! Draws: one `index` for the start cell, then one `index` per step that has more than one
//! unvisited neighbour to choose from.

use rng::Rng31;

use super::grid::VISITED;
use super::growing_tree::carve_to_random_neighbor;
use super::padded::PaddedGrid;

/// Carves a perfect maze into `grid` (reset to `width x height`, from a maze of `cells` cells).
/// `stack` is scratch and holds padded indices.
pub(super) fn carve_dfs(
    grid: &mut PaddedGrid,
    cells: usize,
    width: usize,
    rng: &mut impl Rng31,
    stack: &mut Vec<u32>,
) {
    stack.clear();
    let start = grid.index_of(rng.index(cells).unwrap_or(0), width);
    let offsets = grid.offsets();
    let slots = grid.slots_mut();
    slots[start] |= VISITED;
    stack.push(start as u32);
    grow_newest(slots, &offsets, stack, rng);
}

/// Runs the search from the cells already on `stack` (visited): the newest cell opens towards a
/// random unvisited neighbour, or is popped when it has none. Shared with the growing tree's
/// newest policy.
pub(super) fn grow_newest(
    slots: &mut [u8],
    offsets: &[usize; 4],
    stack: &mut Vec<u32>,
    rng: &mut impl Rng31,
) {
    while let Some(&top) = stack.last() {
        match carve_to_random_neighbor(slots, offsets, top as usize, rng) {
            Some(next) => stack.push(next as u32),
            // A dead end of the search: backtrack.
            None => {
                stack.pop();
            }
        }
    }
}

/// An index below `count` (at least 1); no draw when there is only one choice.
#[inline]
pub(super) fn pick(rng: &mut impl Rng31, count: usize) -> usize {
    if count == 1 {
        0
    } else {
        rng.index(count).unwrap_or(0)
    }
}
