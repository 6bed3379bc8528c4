//! Randomised Prim (document 004): a frontier of walls between the maze and the cells outside it;
//! a random wall is taken out with a swap-remove (O(1)), and opened when the cell behind it is new.
//!
//! Draws: one `index` for the start cell, then one `index` per frontier pick while the frontier
//! holds more than one wall. Stops as soon as every cell has joined.
//!
//! The loop works on the padded grid's raw slots with the four steps as fixed offsets, and lists
//! a new cell's walls without a branch per neighbour: about a third of the instructions of a
//! version written with the grid's per-direction helpers, for the same mazes.

use rng::Rng31;

use super::grid::VISITED;
use super::padded::{unvisited_mask, PaddedGrid};

/// Carves a perfect maze into `grid` (reset to `width x height`, from a maze of `cells` cells).
/// `frontier` is scratch; each entry is a visited cell's padded index times 4 plus the direction
/// of the wall (its index in `Dir4::ALL`).
pub(super) fn carve_prim(
    grid: &mut PaddedGrid,
    cells: usize,
    width: usize,
    rng: &mut impl Rng31,
    frontier: &mut Vec<u32>,
) {
    frontier.clear();
    let start = grid.visit_random_start(cells, width, rng);
    let offsets = grid.offsets();
    let slots = grid.slots_mut();
    push_walls(slots, offsets[2], start, frontier);
    let mut joined = 1;
    while joined < cells {
        let slot = match frontier.len() {
            0 => break,
            1 => 0,
            len => rng.index(len).unwrap_or(0),
        };
        let wall = frontier.swap_remove(slot);
        let cell = (wall >> 2) as usize;
        let dir = (wall & 3) as usize;
        // Walls are only listed towards cells inside the grid (the border is visited).
        let next = cell.wrapping_add(offsets[dir]);
        let behind = slots[next];
        if behind & VISITED != 0 {
            continue;
        }
        slots[cell] |= 1 << dir;
        slots[next] = behind | VISITED | (1 << ((dir + 2) & 3));
        push_walls(slots, offsets[2], next, frontier);
        joined += 1;
    }
}

/// Appends the walls from `cell` to its unvisited neighbours, in N, E, S, W order.
#[inline(always)]
fn push_walls(slots: &[u8], stride: usize, cell: usize, frontier: &mut Vec<u32>) {
    let mask = unvisited_mask(slots, stride, cell);
    let mut walls = [0u32; 4];
    let mut count = 0;
    for dir in 0..4 {
        // Written unconditionally, kept by advancing the count: no unpredictable branch.
        walls[count & 3] = ((cell as u32) << 2) | dir;
        count += (mask >> dir) as usize & 1;
    }
    let len = frontier.len();
    frontier.extend_from_slice(&walls);
    frontier.truncate(len + count);
}
