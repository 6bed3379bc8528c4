//! Braiding, the loop knob of document 004 for mazes: a share of the dead ends each get one more
//! opening, which turns them into corridors and the maze into one with loops.
//!
//! The dead ends are taken in a shuffled order. A dead end opens towards a neighbour that is also
//! a dead end when one is there (one new passage then removes two dead ends and adds one loop),
//! else towards any closed neighbour. The count removed is exact whenever the maze allows it: the
//! last opening avoids removing two when only one is still wanted. A dead end with no closed
//! neighbour (the ends of a 1xN maze) cannot be removed.
//!
//! Draws: none for a fraction of 0 or a maze without dead ends; else one `shuffle` of the dead
//! ends (one draw each), then one `index` per opening that has more than one candidate.

use rng::Rng31;

use super::draw::pick;
use super::error::{Error, ErrorKind};
use super::grid::{carve, step, OPEN_MASK};
use super::{Dir4, Maze};

/// Opens walls at dead ends until `round(fraction * dead ends)` of them are gone (or no more
/// can go). Returns how many dead ends were removed. Only adds passages, so a connected maze stays
/// connected. `fraction` must be in [0, 1].
pub fn braid(maze: &mut Maze, fraction: f64, rng: &mut impl Rng31) -> Result<usize, Error> {
    if !(0.0..=1.0).contains(&fraction) {
        return Err(Error::new(ErrorKind::BadFraction(fraction)));
    }
    let width = maze.width;
    let cells = maze.cells_mut();
    let n = cells.len();
    if width == 0 || !n.is_multiple_of(width) {
        return Err(Error::new(ErrorKind::BadData(
            "width and cells no longer agree".to_string(),
        )));
    }
    let mut dead_ends: Vec<u32> = (0..n)
        .filter(|&cell| open_count(cells[cell]) == 1)
        .map(|cell| cell as u32)
        .collect();
    let before = dead_ends.len();
    let target = (fraction * before as f64).round() as usize;
    if target == 0 {
        return Ok(0);
    }
    rng.shuffle(&mut dead_ends);
    let mut removed = 0;
    // Dead ends whose every option would remove two when only one is wanted: tried last.
    let mut held_back = Vec::new();
    let mut options = Options::default();
    for &cell in &dead_ends {
        if removed >= target {
            break;
        }
        let cell = cell as usize;
        options.collect(cells, width, cell);
        let wanted = target - removed;
        if wanted == 1 && options.to_corridor.is_empty() && !options.to_dead_end.is_empty() {
            held_back.push(cell);
            continue;
        }
        removed += options.open_one(cells, cell, wanted, rng);
    }
    // Still one short: remove two rather than none.
    for cell in held_back {
        if removed >= target {
            break;
        }
        options.collect(cells, width, cell);
        removed += options.open_one(cells, cell, target - removed, rng);
    }
    Ok(removed)
}

/// The walls a dead end could open, by what lies behind them.
#[derive(Default)]
struct Options {
    /// Neighbours that are dead ends themselves: opening removes two dead ends.
    to_dead_end: Vec<(Dir4, usize)>,
    /// Neighbours with two or more openings: opening removes one.
    to_corridor: Vec<(Dir4, usize)>,
}

impl Options {
    /// Lists the closed walls of `cell`; nothing when it is no longer a dead end. A closed
    /// neighbour (no openings, only in mazes that are not perfect) is left out: opening into it
    /// would only move the dead end.
    fn collect(&mut self, cells: &[u8], width: usize, cell: usize) {
        self.to_dead_end.clear();
        self.to_corridor.clear();
        if open_count(cells[cell]) != 1 {
            return;
        }
        for dir in Dir4::ALL {
            if cells[cell] & dir.bit() != 0 {
                continue;
            }
            let Some(next) = step(cell, dir, width, cells.len()) else {
                continue;
            };
            match open_count(cells[next]) {
                0 => {}
                1 => self.to_dead_end.push((dir, next)),
                _ => self.to_corridor.push((dir, next)),
            }
        }
    }

    /// Opens one listed wall, joining another dead end when at least two are `wanted`, and
    /// returns how many dead ends that removed.
    fn open_one(
        &self,
        cells: &mut [u8],
        cell: usize,
        wanted: usize,
        rng: &mut impl Rng31,
    ) -> usize {
        let (list, gain) =
            if (wanted >= 2 || self.to_corridor.is_empty()) && !self.to_dead_end.is_empty() {
                (&self.to_dead_end, 2)
            } else if !self.to_corridor.is_empty() {
                (&self.to_corridor, 1)
            } else {
                return 0;
            };
        let (dir, next) = list[pick(rng, list.len())];
        carve(cells, cell, dir, next);
        gain
    }
}

fn open_count(bits: u8) -> u32 {
    (bits & OPEN_MASK).count_ones()
}
