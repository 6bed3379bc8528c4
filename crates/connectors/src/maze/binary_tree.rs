//! The binary-tree algorithm as document 004 states it: every cell opens its south or its east
//! wall. Cells on the south row can only open east and cells on the east column only south, so
//! both are straight corridors; the south-east corner opens nothing itself.
//!
//! (Document 004's drawing shows the mirror image, the north-east variant; its text and its
//! summary table, "strong south-east bias", are followed here.)
//!
//! Draws: one `chance(0.5)` per cell that has both choices, in row-major order.

use rng::Rng31;

use super::draw::Chance;
use super::grid::carve;
use super::Dir4;

/// Carves a perfect maze into `cells` (all closed, `width` wide).
pub(super) fn carve_binary_tree(cells: &mut [u8], width: usize, rng: &mut impl Rng31) {
    let height = cells.len() / width;
    let coin = Chance::new(0.5);
    for y in 0..height {
        let row = y * width;
        for x in 0..width {
            let cell = row + x;
            let south = match (y + 1 < height, x + 1 < width) {
                (true, true) => coin.draw(rng),
                (true, false) => true,
                (false, true) => false,
                (false, false) => continue,
            };
            if south {
                carve(cells, cell, Dir4::S, cell + width);
            } else {
                carve(cells, cell, Dir4::E, cell + 1);
            }
        }
    }
}
