//! The sidewinder algorithm as document 004 states it, row by row: each cell either extends the
//! current run east or, on a coin flip, closes it by opening the south wall of one random cell of
//! the run. The row that cannot open south (the south row) is one corridor and is done first,
//! then the rows northwards.
//!
//! (Document 004's drawing shows the mirror image with the north row open; its text, "carve
//! south", is followed here, which makes the south row the open one.)
//!
//! Draws, per row but the south row (which draws nothing), from south to north: one
//! `chance(0.5)` per cell except the last of the row, and one `index` per closed run longer than
//! one cell.

use rng::Rng31;

use super::draw::{pick, Chance};
use super::grid::carve;
use super::Dir4;

/// The chance that a run closes at a cell that is not the last of its row.
const CLOSE_RUN: f64 = 0.5;

/// Carves a perfect maze into `cells` (all closed, `width` wide).
pub(super) fn carve_sidewinder(cells: &mut [u8], width: usize, rng: &mut impl Rng31) {
    let height = cells.len() / width;
    let south_row = (height - 1) * width;
    let close_run = Chance::new(CLOSE_RUN);
    for cell in south_row..south_row + width - 1 {
        carve(cells, cell, Dir4::E, cell + 1);
    }
    for y in (0..height - 1).rev() {
        let row = y * width;
        let mut run_start = 0;
        for x in 0..width {
            let close = x + 1 == width || close_run.draw(rng);
            if close {
                let chosen = row + run_start + pick(rng, x + 1 - run_start);
                carve(cells, chosen, Dir4::S, chosen + width);
                run_start = x + 1;
            } else {
                carve(cells, row + x, Dir4::E, row + x + 1);
            }
        }
    }
}
