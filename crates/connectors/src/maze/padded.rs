//! A scratch copy of the maze with a one-cell border that is marked visited from the start, for
//! the searches (DFS, Prim, growing tree). The border turns every "is this neighbour inside the
//! grid?" test into the same `VISITED` test as any other cell: no division to find a cell's
//! column, no border branches, and the four neighbours are fixed offsets. Also the searches'
//! shared steps: drawing the start cell, and opening a wall to a random unvisited neighbour.
//!
//! Cells are addressed by their padded index `(y + 1) * stride + x + 1`, `stride = width + 2`.
//! Indices fit in `u32` with two bits to spare: at most `3 * (MAX_CELLS + 2)` slots.

use rng::Rng31;

use super::draw::pick;
use super::grid::{OPEN_MASK, VISITED};

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

    /// Draws a search's start among the `cells` cells of the maze `width` wide (one `index`),
    /// marks it visited and returns its padded index.
    pub(super) fn visit_random_start(
        &mut self,
        cells: usize,
        width: usize,
        rng: &mut impl Rng31,
    ) -> usize {
        let cell = rng.index(cells).unwrap_or(0);
        let (x, y) = (cell % width, cell / width);
        let start = (y + 1) * self.stride + x + 1;
        self.cells[start] |= VISITED;
        start
    }

    /// The raw slots (open sides plus `VISITED`), for loops that step with [`PaddedGrid::offsets`].
    #[inline]
    pub(super) fn slots_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// The padded-index step of each direction in `Dir4::ALL` order (N, E, S, W), as wrapping additions.
    #[inline]
    pub(super) fn offsets(&self) -> [usize; 4] {
        [
            self.stride.wrapping_neg(),
            1,
            self.stride,
            1usize.wrapping_neg(),
        ]
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

/// The unvisited neighbours of the padded slot `cell` as a mask (bit `d` for `Dir4::ALL[d]`:
/// N=1, E=2, S=4, W=8). A slot on the border, or outside, reports none.
#[inline(always)]
pub(super) fn unvisited_mask(slots: &[u8], stride: usize, cell: usize) -> u32 {
    // One range check up front lets the four loads go unchecked.
    if cell < stride || cell + stride >= slots.len() {
        return 0;
    }
    let visited = |slot: u8| u32::from(slot) >> 7;
    let visited_mask = visited(slots[cell - stride])
        | visited(slots[cell + 1]) << 1
        | visited(slots[cell + stride]) << 2
        | visited(slots[cell - 1]) << 3;
    !visited_mask & 0xF
}

/// Opens the wall from `cell` (a padded index) to one of its unvisited neighbours, chosen with
/// `pick` among them in N, E, S, W order, and marks that neighbour visited. Returns it, or
/// `None` (without a draw) when every neighbour is visited.
#[inline(always)]
pub(super) fn carve_to_random_neighbor(
    slots: &mut [u8],
    offsets: &[usize; 4],
    cell: usize,
    rng: &mut impl Rng31,
) -> Option<usize> {
    let mask = unvisited_mask(slots, offsets[2], cell);
    if mask == 0 {
        return None;
    }
    let choice = pick(rng, mask.count_ones() as usize) & 3;
    let dir = usize::from(NTH_SET_BIT[mask as usize][choice]);
    let next = cell.wrapping_add(offsets[dir]);
    slots[cell] |= 1 << dir;
    slots[next] |= VISITED | (1 << ((dir + 2) & 3));
    Some(next)
}

/// `NTH_SET_BIT[mask][k]`: the position of the `k`-th set bit (from the lowest) of a 4-bit mask.
const NTH_SET_BIT: [[u8; 4]; 16] = {
    let mut table = [[0u8; 4]; 16];
    let mut mask = 0;
    while mask < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                table[mask][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        mask += 1;
    }
    table
};
