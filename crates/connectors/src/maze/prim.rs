//! Randomised Prim (document 004): a frontier of walls between the maze and the cells outside it;
//! a random wall is taken out with a swap-remove (O(1)), and opened when the cell behind it is new.
//!
//! Draws: one `index` for the start cell, then one `index` per frontier pick while the frontier
//! holds more than one wall. Stops as soon as every cell has joined.

use rng::Rng31;

use super::dfs::pick;
use super::padded::PaddedGrid;
use super::Dir4;

/// Carves a perfect maze into `grid` (reset to `width x height`, from a maze of `cells` cells).
/// `frontier` is scratch; each entry is a visited cell's padded index times 4 plus the direction
/// of the wall.
pub(super) fn carve_prim(
    grid: &mut PaddedGrid,
    cells: usize,
    width: usize,
    rng: &mut impl Rng31,
    frontier: &mut Vec<u32>,
) {
    frontier.clear();
    let start = grid.index_of(rng.index(cells).unwrap_or(0), width);
    let mut options = [(Dir4::N, 0); 4];
    let mut add_walls = |grid: &mut PaddedGrid, frontier: &mut Vec<u32>, cell: usize| {
        grid.visit(cell);
        let count = grid.unvisited_neighbors(cell, &mut options);
        for &(dir, _) in &options[..count] {
            frontier.push(((cell as u32) << 2) | dir as u32);
        }
    };
    add_walls(grid, frontier, start);
    let mut joined = 1;
    while joined < cells && !frontier.is_empty() {
        let wall = frontier.swap_remove(pick(rng, frontier.len()));
        let cell = (wall >> 2) as usize;
        let dir = Dir4::ALL[(wall & 3) as usize];
        // Walls are only listed towards cells inside the grid (the border is visited).
        let next = grid.step(cell, dir);
        if grid.is_visited(next) {
            continue;
        }
        grid.carve(cell, dir, next);
        add_walls(grid, frontier, next);
        joined += 1;
    }
}
