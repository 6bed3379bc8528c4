//! The grid of cells a layout is planned on (the game's `dungeon_grid_cell` array), stored as
//! one 64-bit mask per flag over all cells plus one rectangle per cell.
//!
//! Every grid the generator builds is at most 6 x 4 cells (the grid size draw caps it, and the
//! fixed layouts are smaller), and the passes read at most one cell past it (the faithful
//! dead-end quirk reads `x + 1`), so an 8 x 8 array holds them all: cell (x, y) is bit
//! `x * 8 + y`. Ascending bit order is then the game's x-outer scan, and a pass becomes a few
//! mask operations; resetting the grid for a layout attempt is a few stores.

use crate::columns::set_bits;

/// Cells per axis of the grid array.
pub(crate) const GRID_SIDE: usize = 8;

/// Whether (x, y) is in the grid array: one test, as a negative coordinate sets high bits.
#[inline]
fn on_grid(x: i32, y: i32) -> bool {
    const _: () = assert!(GRID_SIDE.is_power_of_two());
    ((x | y) as u32) < GRID_SIDE as u32
}

/// The mask bit of cell (x, y); 0 off the grid array, so that writes there are dropped and
/// flag reads there are false (as the game's stray neighbours are never used).
#[inline]
pub(crate) fn cell_bit(x: i32, y: i32) -> u64 {
    u64::from(on_grid(x, y)) << (x.wrapping_mul(GRID_SIDE as i32).wrapping_add(y) & 63)
}

/// Whether `mask` holds cell (x, y) (false off the grid array).
#[inline]
pub(crate) fn has(mask: u64, x: i32, y: i32) -> bool {
    mask & cell_bit(x, y) != 0
}

/// The lowest `n` bits set (`n` clamped to 0..=64).
#[inline]
fn low_bits(n: i32) -> u64 {
    match n {
        ..=0 => 0,
        64.. => u64::MAX,
        _ => (1u64 << n) - 1,
    }
}

/// The cells with x below `columns` and y below `rows` (both clamped to the array).
#[inline]
pub(crate) fn grid_cells(columns: i32, rows: i32) -> u64 {
    const FIRST_ROW: u64 = 0x0101_0101_0101_0101;
    let side = GRID_SIDE as i32;
    let column = low_bits(rows.clamp(0, side));
    column * (FIRST_ROW & low_bits(columns.clamp(0, side) * side))
}

/// The cells of `mask` in the game's x-outer order (x, then y), as (x, y).
#[inline]
pub(crate) fn x_major(mask: u64) -> impl Iterator<Item = (i32, i32)> {
    set_bits(mask).map(|at| ((at / GRID_SIDE) as i32, (at % GRID_SIDE) as i32))
}

/// The cells of `mask` in y-outer order (y, then x), as (x, y): the bits of the transposed
/// mask in ascending order.
#[inline]
pub(crate) fn y_major(mask: u64) -> impl Iterator<Item = (i32, i32)> {
    set_bits(transpose(mask)).map(|at| ((at % GRID_SIDE) as i32, (at / GRID_SIDE) as i32))
}

/// The 8 x 8 bit matrix transposed: bit `x * 8 + y` goes to `y * 8 + x`. Three rounds swap the
/// off-diagonal halves of 2 x 2, then 4 x 4, then 8 x 8 blocks.
#[inline]
pub(crate) fn transpose(mut mask: u64) -> u64 {
    let swap = (mask ^ (mask >> 7)) & 0x00AA_00AA_00AA_00AA;
    mask ^= swap ^ (swap << 7);
    let swap = (mask ^ (mask >> 14)) & 0x0000_CCCC_0000_CCCC;
    mask ^= swap ^ (swap << 14);
    let swap = (mask ^ (mask >> 28)) & 0x0000_0000_F0F0_F0F0;
    mask ^= swap ^ (swap << 28);
    mask
}

/// A cell's rectangle: a room's tiles [start, end), or an anchor's tile and the one after it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Rect {
    pub start_x: i32,
    pub start_y: i32,
    pub end_x: i32,
    pub end_y: i32,
}

/// The grid of cells: the game's cell flags as masks (bit `x * 8 + y`), the rectangles per cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Rectangles, index `x * 8 + y`.
    pub rects: [Rect; GRID_SIDE * GRID_SIDE],
    /// `is_invalid`: the cell takes no part. Cells off the array read as invalid.
    pub invalid: u64,
    /// `is_room` (else an anchor).
    pub room: u64,
    /// `is_connected`.
    pub connected: u64,
    /// `has_secondary_structure`.
    pub secondary_structure: u64,
    /// `is_kecleon_shop`.
    pub kecleon_shop: u64,
    /// `is_monster_house`.
    pub monster_house: u64,
    /// `is_maze_room`.
    pub maze_room: u64,
    /// `has_been_merged`: merged into a neighbour, which holds the joint room.
    pub been_merged: u64,
    /// `is_merged`: either side of a merge.
    pub merged: u64,
    /// `connected_to_right`, `_top`, `_left`, `_bottom`: indexed by the walk's directions.
    pub linked: [u64; 4],
    /// `flag_imperfect`.
    pub flag_imperfect: u64,
    /// `flag_secondary_structure`.
    pub flag_secondary_structure: u64,
}

impl Grid {
    /// Every cell reset: no flags, empty rectangles.
    pub const EMPTY: Grid = Grid {
        rects: [Rect {
            start_x: 0,
            start_y: 0,
            end_x: 0,
            end_y: 0,
        }; GRID_SIDE * GRID_SIDE],
        invalid: 0,
        room: 0,
        connected: 0,
        secondary_structure: 0,
        kecleon_shop: 0,
        monster_house: 0,
        maze_room: 0,
        been_merged: 0,
        merged: 0,
        linked: [0; 4],
        flag_imperfect: 0,
        flag_secondary_structure: 0,
    };

    /// The connected rooms of a `grid_x` x `grid_y` grid that no earlier feature took (not
    /// invalid, merged away, a secondary structure or the Kecleon shop): where the game may
    /// put a maze room or a monster house, each of which also skips the other.
    pub fn free_connected_rooms(&self, grid_x: i32, grid_y: i32) -> u64 {
        let taken = self.invalid | self.been_merged | self.secondary_structure | self.kecleon_shop;
        grid_cells(grid_x, grid_y) & self.connected & self.room & !taken
    }

    /// Whether cell (x, y) is invalid; true off the grid array.
    #[inline]
    pub fn is_invalid(&self, x: i32, y: i32) -> bool {
        cell_bit(x, y) & !self.invalid == 0
    }

    /// Cell (x, y)'s rectangle; empty off the grid array.
    #[inline]
    pub fn rect(&self, x: i32, y: i32) -> Rect {
        if on_grid(x, y) {
            self.rects[(x as usize * GRID_SIDE + y as usize) % self.rects.len()]
        } else {
            Rect::default()
        }
    }

    /// Sets cell (x, y)'s rectangle; dropped off the grid array.
    #[inline]
    pub fn set_rect(&mut self, x: i32, y: i32, rect: Rect) {
        if on_grid(x, y) {
            let at = (x as usize * GRID_SIDE + y as usize) % self.rects.len();
            self.rects[at] = rect;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transpose_moves_each_cell_to_its_mirror() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..2000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mask = if round < 64 { 1 << round } else { state };
            let mut want = 0u64;
            for x in 0..8 {
                for y in 0..8 {
                    want |= (mask >> (x * 8 + y) & 1) << (y * 8 + x);
                }
            }
            assert_eq!(transpose(mask), want, "{mask:#x}");
        }
    }

    #[test]
    fn cell_orders_and_bounds_match_plain_loops() {
        for columns in -1..=9 {
            for rows in -1..=9 {
                let cells = grid_cells(columns, rows);
                let mut x_outer = Vec::new();
                for x in 0..columns.clamp(0, 8) {
                    for y in 0..rows.clamp(0, 8) {
                        x_outer.push((x, y));
                    }
                }
                let mut y_outer = x_outer.clone();
                y_outer.sort_by_key(|&(x, y)| (y, x));
                assert_eq!(x_major(cells).collect::<Vec<_>>(), x_outer);
                assert_eq!(y_major(cells).collect::<Vec<_>>(), y_outer);
            }
        }
    }

    #[test]
    fn cells_off_the_array_read_invalid_and_drop_writes() {
        let mut grid = Grid::EMPTY;
        for (x, y) in [
            (-1, 0),
            (0, -1),
            (8, 0),
            (0, 8),
            (i32::MIN, 3),
            (3, i32::MAX),
        ] {
            assert_eq!(cell_bit(x, y), 0);
            assert!(grid.is_invalid(x, y));
            assert!(!has(u64::MAX, x, y));
            grid.set_rect(
                x,
                y,
                Rect {
                    start_x: 1,
                    start_y: 2,
                    end_x: 3,
                    end_y: 4,
                },
            );
            assert_eq!(grid.rect(x, y), Rect::default());
        }
        assert_eq!(grid, Grid::EMPTY);
        for x in 0..8 {
            for y in 0..8 {
                assert_eq!(cell_bit(x, y), 1 << (x * 8 + y));
                assert!(!grid.is_invalid(x, y));
            }
        }
    }
}
