//! The maze value: a flat array with one byte per cell whose low four bits say which sides are
//! open (N=1, E=2, S=4, W=8), plus the queries, ASCII rendering and JSON form built on it.
//!
//! Invariants kept by every constructor and mutator: `cells.len() == width * height`, a passage is
//! recorded on both of its cells, and no passage leads out through the border.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::error::{Error, ErrorKind};

/// The open-side bits of a cell.
pub(super) const OPEN_MASK: u8 = 0x0F;
/// Scratch flag of the searches' padded grid: the cell is part of the maze being grown.
pub(super) const VISITED: u8 = 0x80;

/// One of the four grid directions. `y` grows southwards (Minecraft's +Z), `x` eastwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir4 {
    /// Towards `y - 1`.
    N,
    /// Towards `x + 1`.
    E,
    /// Towards `y + 1`.
    S,
    /// Towards `x - 1`.
    W,
}

impl Dir4 {
    /// The four directions in bit order: N, E, S, W.
    pub const ALL: [Dir4; 4] = [Dir4::N, Dir4::E, Dir4::S, Dir4::W];

    /// This side's bit in [`Maze::open_dirs`]: N=1, E=2, S=4, W=8.
    pub const fn bit(self) -> u8 {
        match self {
            Dir4::N => 1,
            Dir4::E => 2,
            Dir4::S => 4,
            Dir4::W => 8,
        }
    }

    /// The direction pointing back.
    pub const fn opposite(self) -> Dir4 {
        match self {
            Dir4::N => Dir4::S,
            Dir4::E => Dir4::W,
            Dir4::S => Dir4::N,
            Dir4::W => Dir4::E,
        }
    }

    /// The step `(dx, dy)` of one cell in this direction.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir4::N => (0, -1),
            Dir4::E => (1, 0),
            Dir4::S => (0, 1),
            Dir4::W => (-1, 0),
        }
    }
}

/// A rectangular maze of `width x height` cells.
///
/// `width` and `height` are public to read; changing them does not resize the maze (every query
/// then answers as for a closed cell rather than panic). Build mazes with [`super::generate`],
/// [`Maze::closed`], [`Maze::from_ascii`] or serde.
///
/// JSON form: `{"width": W, "height": H, "cells": [...]}` with `cells` in row-major order (north
/// row first), each the open-side bits of one cell.
#[derive(Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "MazeData")]
pub struct Maze {
    /// Cells from west to east.
    pub width: usize,
    /// Cells from north to south.
    pub height: usize,
    cells: Vec<u8>,
}

/// The serde shape of a maze, checked by `TryFrom` before it becomes a [`Maze`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MazeData {
    width: usize,
    height: usize,
    cells: Vec<u8>,
}

#[derive(Serialize)]
struct MazeDataRef<'a> {
    width: usize,
    height: usize,
    cells: &'a [u8],
}

impl Serialize for Maze {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        MazeDataRef {
            width: self.width,
            height: self.height,
            cells: &self.cells,
        }
        .serialize(serializer)
    }
}

impl TryFrom<MazeData> for Maze {
    type Error = Error;

    fn try_from(data: MazeData) -> Result<Self, Error> {
        Maze::from_cells(data.width, data.height, data.cells)
    }
}

impl fmt::Debug for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Maze")
            .field("width", &self.width)
            .field("height", &self.height)
            .field("passages", &self.passages())
            .finish_non_exhaustive()
    }
}

/// Checks a size and returns its number of cells.
pub(super) fn cell_count(width: usize, height: usize) -> Result<usize, Error> {
    if width == 0 || height == 0 {
        return Err(Error::new(ErrorKind::EmptySize { width, height }));
    }
    match width.checked_mul(height) {
        Some(n) if n <= super::MAX_CELLS => Ok(n),
        _ => Err(Error::new(ErrorKind::TooLarge { width, height })),
    }
}

impl Maze {
    /// A maze with every wall standing.
    pub fn closed(width: usize, height: usize) -> Result<Maze, Error> {
        let n = cell_count(width, height)?;
        Ok(Maze {
            width,
            height,
            cells: vec![0; n],
        })
    }

    /// A maze from its row-major open-side bits, checked: right length, no bits above 15, every
    /// passage recorded on both cells, none through the border.
    pub fn from_cells(width: usize, height: usize, cells: Vec<u8>) -> Result<Maze, Error> {
        let n = cell_count(width, height)?;
        if cells.len() != n {
            return Err(bad_data(format!(
                "{} cells for a {width}x{height} maze (expected {n})",
                cells.len()
            )));
        }
        let maze = Maze {
            width,
            height,
            cells,
        };
        for y in 0..height {
            for x in 0..width {
                let bits = maze.cells[y * width + x];
                if bits & !OPEN_MASK != 0 {
                    return Err(bad_data(format!(
                        "cell ({x}, {y}) has bits {bits:#x} beyond N|E|S|W"
                    )));
                }
                for dir in Dir4::ALL {
                    if bits & dir.bit() == 0 {
                        continue;
                    }
                    let Some((nx, ny)) = maze.neighbor(x, y, dir) else {
                        return Err(bad_data(format!(
                            "cell ({x}, {y}) opens {dir:?} through the border"
                        )));
                    };
                    if maze.open_dirs(nx, ny) & dir.opposite().bit() == 0 {
                        return Err(bad_data(format!(
                            "cell ({x}, {y}) opens {dir:?} but ({nx}, {ny}) does not open {:?}",
                            dir.opposite()
                        )));
                    }
                }
            }
        }
        Ok(maze)
    }

    /// The row-major open-side bits, one byte per cell.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    fn index(&self, x: usize, y: usize) -> Option<usize> {
        if x < self.width && y < self.height {
            let index = y * self.width + x;
            (index < self.cells.len()).then_some(index)
        } else {
            None
        }
    }

    /// The cell one step from `(x, y)` towards `dir`, if it is inside the maze.
    pub fn neighbor(&self, x: usize, y: usize, dir: Dir4) -> Option<(usize, usize)> {
        let (dx, dy) = dir.delta();
        let nx = x.checked_add_signed(dx)?;
        let ny = y.checked_add_signed(dy)?;
        self.index(nx, ny).map(|_| (nx, ny))
    }

    /// Whether the side `dir` of cell `(x, y)` is a passage. False outside the maze.
    pub fn is_open(&self, x: usize, y: usize, dir: Dir4) -> bool {
        self.open_dirs(x, y) & dir.bit() != 0
    }

    /// The open sides of cell `(x, y)` as bits N=1, E=2, S=4, W=8; 0 outside the maze.
    pub fn open_dirs(&self, x: usize, y: usize) -> u8 {
        self.index(x, y)
            .map_or(0, |index| self.cells[index] & OPEN_MASK)
    }

    /// Opens the wall on side `dir` of `(x, y)` (on both cells). Returns false, changing
    /// nothing, when that side is the border or the cell is outside the maze.
    pub fn open_wall(&mut self, x: usize, y: usize, dir: Dir4) -> bool {
        let (Some(index), Some((nx, ny))) = (self.index(x, y), self.neighbor(x, y, dir)) else {
            return false;
        };
        let Some(neighbor) = self.index(nx, ny) else {
            return false;
        };
        self.cells[index] |= dir.bit();
        self.cells[neighbor] |= dir.opposite().bit();
        true
    }

    /// The number of passages (open walls between two cells). A perfect maze has
    /// `cells - 1`.
    pub fn passages(&self) -> usize {
        // Each passage is counted once, from its west or north cell.
        self.cells
            .iter()
            .map(|&bits| {
                usize::from(bits & Dir4::E.bit() != 0) + usize::from(bits & Dir4::S.bit() != 0)
            })
            .sum()
    }

    /// The number of dead ends: cells with exactly one open side.
    pub fn dead_ends(&self) -> usize {
        self.cells
            .iter()
            .filter(|&&bits| (bits & OPEN_MASK).count_ones() == 1)
            .count()
    }

    /// Breadth-first distances (in steps) from `(x, y)` to every cell, row-major; `u32::MAX`
    /// marks cells that cannot be reached. `None` when `(x, y)` is outside the maze.
    pub fn distances_from(&self, x: usize, y: usize) -> Option<Vec<u32>> {
        let mut distance = Vec::new();
        let mut queue = Vec::new();
        self.distances_into(x, y, &mut distance, &mut queue)
            .then_some(distance)
    }

    /// [`Maze::distances_from`] into caller-owned buffers (`queue` is scratch), for batch runs.
    /// Returns false, leaving `distance` empty, when `(x, y)` is outside the maze.
    pub fn distances_into(
        &self,
        x: usize,
        y: usize,
        distance: &mut Vec<u32>,
        queue: &mut Vec<u32>,
    ) -> bool {
        distance.clear();
        queue.clear();
        let Some(start) = self.index(x, y) else {
            return false;
        };
        distance.resize(self.cells.len(), u32::MAX);
        distance[start] = 0;
        queue.push(start as u32);
        let mut head = 0;
        while let Some(&cell) = queue.get(head) {
            head += 1;
            let cell = cell as usize;
            let next = distance[cell] + 1;
            let bits = self.cells[cell];
            for dir in Dir4::ALL {
                if bits & dir.bit() == 0 {
                    continue;
                }
                if let Some(neighbor) = passage_step(cell, dir, self.width, self.cells.len()) {
                    if distance[neighbor] == u32::MAX {
                        distance[neighbor] = next;
                        queue.push(neighbor as u32);
                    }
                }
            }
        }
        true
    }

    /// Whether every cell can be reached from every other.
    pub fn is_connected(&self) -> bool {
        self.distances_from(0, 0)
            .is_some_and(|distance| distance.iter().all(|&d| d != u32::MAX))
    }

    /// Whether this is a perfect maze: connected, with exactly `cells - 1` passages (so without
    /// loops).
    pub fn is_perfect(&self) -> bool {
        self.passages() + 1 == self.cells.len() && self.is_connected()
    }

    /// The maze as text: `2H+1` lines of `2W+1` characters, each ending in `\n`; `#` is wall,
    /// space is passage. Cell `(x, y)` is character `2x+1` of line `2y+1`.
    pub fn to_ascii(&self) -> String {
        let mut text = String::with_capacity((2 * self.width + 2) * (2 * self.height + 1));
        let mut line = Vec::with_capacity(2 * self.width + 1);
        for y in 0..self.height {
            // The wall line north of row y, then the row itself.
            line.clear();
            line.push(b'#');
            for x in 0..self.width {
                line.push(if self.is_open(x, y, Dir4::N) {
                    b' '
                } else {
                    b'#'
                });
                line.push(b'#');
            }
            push_line(&mut text, &line);
            line.clear();
            line.push(if self.is_open(0, y, Dir4::W) {
                b' '
            } else {
                b'#'
            });
            for x in 0..self.width {
                line.push(b' ');
                line.push(if self.is_open(x, y, Dir4::E) {
                    b' '
                } else {
                    b'#'
                });
            }
            push_line(&mut text, &line);
        }
        line.clear();
        line.resize(2 * self.width + 1, b'#');
        push_line(&mut text, &line);
        text
    }

    /// Reads the text of [`Maze::to_ascii`] back (trailing `\r` and a final newline are
    /// accepted). Every line must have the same length, odd and at least 3.
    pub fn from_ascii(text: &str) -> Result<Maze, Error> {
        let lines: Vec<&[u8]> = text
            .lines()
            .map(|line| line.trim_end_matches('\r').as_bytes())
            .collect();
        let columns = lines.first().map_or(0, |line| line.len());
        if lines.len() < 3
            || lines.len().is_multiple_of(2)
            || columns < 3
            || columns.is_multiple_of(2)
        {
            return Err(bad_data(format!(
                "{} lines of {columns} characters: expected an odd number (at least 3) of each",
                lines.len()
            )));
        }
        let (width, height) = (columns / 2, lines.len() / 2);
        for (number, line) in lines.iter().enumerate() {
            if line.len() != columns {
                return Err(bad_data(format!(
                    "line {} has {} characters, line 1 has {columns}",
                    number + 1,
                    line.len()
                )));
            }
            if let Some(column) = line.iter().position(|&c| c != b'#' && c != b' ') {
                return Err(bad_data(format!(
                    "line {} column {}: only '#' and ' ' are allowed",
                    number + 1,
                    column + 1
                )));
            }
        }
        for row in (0..lines.len()).step_by(2) {
            for column in (0..columns).step_by(2) {
                if lines[row][column] != b'#' {
                    return Err(bad_data(format!(
                        "line {} column {}: a wall corner must be '#'",
                        row + 1,
                        column + 1
                    )));
                }
            }
        }
        let mut cells = vec![0u8; cell_count(width, height)?];
        for y in 0..height {
            for x in 0..width {
                let (column, row) = (2 * x + 1, 2 * y + 1);
                if lines[row][column] != b' ' {
                    return Err(bad_data(format!(
                        "line {} column {}: a cell must be a space",
                        row + 1,
                        column + 1
                    )));
                }
                let mut bits = 0;
                for dir in Dir4::ALL {
                    let (dx, dy) = dir.delta();
                    let wall_row = row.wrapping_add_signed(dy);
                    let wall_column = column.wrapping_add_signed(dx);
                    if lines[wall_row][wall_column] == b' ' {
                        bits |= dir.bit();
                    }
                }
                cells[y * width + x] = bits;
            }
        }
        Maze::from_cells(width, height, cells)
    }
}

/// The index one step from `cell` towards `dir` in a row-major grid `width` wide with `n` cells.
#[inline]
pub(super) fn step(cell: usize, dir: Dir4, width: usize, n: usize) -> Option<usize> {
    match dir {
        Dir4::N => cell.checked_sub(width),
        Dir4::E => (cell % width + 1 < width).then_some(cell + 1),
        Dir4::S => Some(cell + width).filter(|&below| below < n),
        Dir4::W => (!cell.is_multiple_of(width)).then(|| cell - 1),
    }
}

/// The index one step from `cell` towards `dir` along a passage. Passages never cross the
/// border, so only the ends of the array are checked (which also keeps a maze whose `width` was
/// changed from panicking).
#[inline]
pub(super) fn passage_step(cell: usize, dir: Dir4, width: usize, n: usize) -> Option<usize> {
    let next = match dir {
        Dir4::N => cell.checked_sub(width)?,
        Dir4::E => cell + 1,
        Dir4::S => cell + width,
        Dir4::W => cell.checked_sub(1)?,
    };
    (next < n).then_some(next)
}

/// Opens the wall between `cell` and its neighbour `to` that lies towards `dir`.
#[inline]
pub(super) fn carve(cells: &mut [u8], cell: usize, dir: Dir4, to: usize) {
    cells[cell] |= dir.bit();
    cells[to] |= dir.opposite().bit();
}

impl Maze {
    /// Raw access for the generators of this module.
    pub(super) fn cells_mut(&mut self) -> &mut Vec<u8> {
        &mut self.cells
    }

    /// Resets to `width x height` closed cells, keeping the allocation.
    pub(super) fn reset(&mut self, width: usize, height: usize) -> Result<(), Error> {
        let n = cell_count(width, height)?;
        self.width = width;
        self.height = height;
        self.cells.clear();
        self.cells.resize(n, 0);
        Ok(())
    }
}

fn push_line(text: &mut String, line: &[u8]) {
    // Only '#' and ' ' are ever pushed, so the bytes are ASCII.
    text.extend(line.iter().map(|&b| char::from(b)));
    text.push('\n');
}

fn bad_data(why: String) -> Error {
    Error::new(ErrorKind::BadData(why))
}
