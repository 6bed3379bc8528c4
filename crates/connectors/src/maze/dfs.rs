//! Randomised depth-first search (the "recursive backtracker") with an explicit stack, so that
//! no maze size can overflow the call stack.
//!
//! Draws: one `index` for the start cell, then one `index` per step that has more than one
//! unvisited neighbour to choose from.

use rng::Rng31;

use super::grid::{carve, unvisited_neighbors, VISITED};

/// Carves a perfect maze into `cells` (all closed, `width` wide). `stack` is scratch.
pub(super) fn carve_dfs(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    stack: &mut Vec<u32>,
) {
    stack.clear();
    let start = rng.index(cells.len()).unwrap_or(0);
    cells[start] |= VISITED;
    stack.push(start as u32);
    let mut options = [(super::Dir4::N, 0); 4];
    while let Some(&top) = stack.last() {
        let top = top as usize;
        let count = unvisited_neighbors(cells, width, top, &mut options);
        if count == 0 {
            // A dead end of the search: backtrack.
            stack.pop();
            continue;
        }
        let (dir, next) = options[pick(rng, count)];
        carve(cells, top, dir, next);
        cells[next] |= VISITED;
        stack.push(next as u32);
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
