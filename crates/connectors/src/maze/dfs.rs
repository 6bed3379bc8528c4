//! Randomised depth-first search (the "recursive backtracker") with an explicit stack, so that
//! no maze size can overflow the call stack.
//!
//! Draws: one `index` for the start cell, then one `index` per step that has more than one
//! unvisited neighbour to choose from.

use rng::Rng31;

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
    grid.visit(start);
    stack.push(start as u32);
    let mut options = [(super::Dir4::N, 0); 4];
    while let Some(&top) = stack.last() {
        let top = top as usize;
        let count = grid.unvisited_neighbors(top, &mut options);
        if count == 0 {
            // A dead end of the search: backtrack.
            stack.pop();
            continue;
        }
        let (dir, next) = options[pick(rng, count)];
        grid.carve(top, dir, next);
        grid.visit(next);
        stack.push(next as u32);
    }
}

/// An index below `count` (at least 1); no draw when there is only one choice.
#[inline]
pub(super) fn pick(rng: &mut impl Rng31, count: usize) -> usize {
    if count == 1 {
        0
    } else {
        super::draw::index_below(rng, count)
    }
}
