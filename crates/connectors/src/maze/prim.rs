//! Randomised Prim (document 004): a frontier of walls between the maze and the cells outside it;
//! a random wall is taken out with a swap-remove (O(1)), and opened when the cell behind it is new.
//!
//! Draws: one `index` for the start cell, then one `index` per frontier pick while the frontier
//! holds more than one wall. Stops as soon as every cell has joined.

use rng::Rng31;

use super::dfs::pick;
use super::grid::{carve, unvisited_neighbors, VISITED};
use super::Dir4;

/// Carves a perfect maze into `cells` (all closed, `width` wide). `frontier` is scratch; each
/// entry is a visited cell times 4 plus the direction of the wall.
pub(super) fn carve_prim(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    frontier: &mut Vec<u32>,
) {
    frontier.clear();
    let n = cells.len();
    let start = rng.index(n).unwrap_or(0);
    let mut options = [(Dir4::N, 0); 4];
    let mut add_walls = |cells: &mut [u8], frontier: &mut Vec<u32>, cell: usize| {
        cells[cell] |= VISITED;
        let count = unvisited_neighbors(cells, width, cell, &mut options);
        for &(dir, _) in &options[..count] {
            frontier.push(((cell as u32) << 2) | dir as u32);
        }
    };
    add_walls(cells, frontier, start);
    let mut joined = 1;
    while joined < n && !frontier.is_empty() {
        let wall = frontier.swap_remove(pick(rng, frontier.len()));
        let cell = (wall >> 2) as usize;
        let dir = Dir4::ALL[(wall & 3) as usize];
        let Some(next) = super::grid::step(cell, dir, width, n) else {
            continue;
        };
        if cells[next] & VISITED != 0 {
            continue;
        }
        carve(cells, cell, dir, next);
        add_walls(cells, frontier, next);
        joined += 1;
    }
}
