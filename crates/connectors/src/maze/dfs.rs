//! Randomised depth-first search (the "recursive backtracker") with an explicit stack, so that
//! no maze size can overflow the call stack.
//!
//! Draws: one `index` for the start cell, then one `index` per step that has more than one
//! unvisited neighbour to choose from.

use rng::Rng31;

use super::padded::{carve_to_random_neighbor, PaddedGrid};

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
    let start = grid.visit_random_start(cells, width, rng);
    let offsets = grid.offsets();
    let slots = grid.slots_mut();
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
