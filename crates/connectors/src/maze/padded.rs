//! A scratch copy of the maze with a one-cell border that is marked visited from the start, for
//! the searches (DFS, Prim, growing tree). The border turns every "is this neighbour inside the
//! grid?" test into the same `VISITED` test as any other cell: no division to find a cell's
//! column, no border branches, and the four neighbours are fixed offsets.
//!
//! Cells are addressed by their padded index `(y + 1) * stride + x + 1`, `stride = width + 2`.
//! Indices fit in `u32` with two bits to spare: at most `3 * (MAX_CELLS + 2)` slots.

use super::grid::{OPEN_MASK, VISITED};
use super::Dir4;

/// The padded grid and its row length, kept between mazes.
#[derive(Default)]
pub(super) struct PaddedGrid {
    cells: Vec<u8>,
    stride: usize,
}

impl PaddedGrid {
    /// Clears to a closed `width x height` maze with a visited border.
    pub(super) fn reset(&mut self, width: usize, height: usize) {
        let stride = width + 2;
        self.stride = stride;
        self.cells.clear();
        self.cells.resize(stride * (height + 2), 0);
        let last_row = stride * (height + 1);
        self.cells[..stride].fill(VISITED);
        self.cells[last_row..].fill(VISITED);
        for row in (stride..last_row).step_by(stride) {
            self.cells[row] = VISITED;
            self.cells[row + stride - 1] = VISITED;
        }
    }

    /// The padded index of maze cell `cell` (row-major in a maze `width` wide).
    pub(super) fn index_of(&self, cell: usize, width: usize) -> usize {
        let (x, y) = (cell % width, cell / width);
        (y + 1) * self.stride + x + 1
    }

    /// The raw slots (open sides plus `VISITED`), for loops that step with [`PaddedGrid::offsets`].
    #[inline]
    pub(super) fn slots_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The padded-index step of each direction in [`Dir4::ALL`] order, as wrapping additions.
    #[inline]
    pub(super) fn offsets(&self) -> [usize; 4] {
        [
            self.stride.wrapping_neg(),
            1,
            self.stride,
            1usize.wrapping_neg(),
        ]
    }

    /// Marks `cell` visited.
    #[inline]
    pub(super) fn visit(&mut self, cell: usize) {
        self.cells[cell] |= VISITED;
    }

    /// Whether `cell` is visited (every border slot is).
    #[inline]
    pub(super) fn is_visited(&self, cell: usize) -> bool {
        self.cells[cell] & VISITED != 0
    }

    /// The padded index one step from `cell` towards `dir`.
    #[inline]
    pub(super) fn step(&self, cell: usize, dir: Dir4) -> usize {
        match dir {
            Dir4::N => cell.wrapping_sub(self.stride),
            Dir4::E => cell + 1,
            Dir4::S => cell + self.stride,
            Dir4::W => cell.wrapping_sub(1),
        }
    }

    /// The unvisited neighbours of `cell`, in N, E, S, W order, with the direction that leads
    /// to each. Returns how many of the four slots are filled.
    #[inline]
    pub(super) fn unvisited_neighbors(&self, cell: usize, out: &mut [(Dir4, usize); 4]) -> usize {
        let mut count = 0;
        for dir in Dir4::ALL {
            let next = self.step(cell, dir);
            // Written unconditionally, kept by advancing the count: no unpredictable branch.
            out[count] = (dir, next);
            count += usize::from(!self.is_visited(next));
        }
        count
    }

    /// Opens the wall between `cell` and its neighbour `to` that lies towards `dir`.
    #[inline]
    pub(super) fn carve(&mut self, cell: usize, dir: Dir4, to: usize) {
        self.cells[cell] |= dir.bit();
        self.cells[to] |= dir.opposite().bit();
    }

    /// Copies the open sides into `cells`, the unpadded row-major maze `width` wide.
    pub(super) fn write_to(&self, cells: &mut [u8], width: usize) {
        for (row, padded) in cells
            .chunks_exact_mut(width)
            .zip(self.cells.chunks_exact(self.stride).skip(1))
        {
            for (bits, &source) in row.iter_mut().zip(&padded[1..=width]) {
                *bits = source & OPEN_MASK;
            }
        }
    }
}
