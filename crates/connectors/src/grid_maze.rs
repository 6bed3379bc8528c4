//! The grid-maze engine: a maze on an abstract grid of about `target` cells (one of the six
//! maze algorithms, optionally braided), then a breadth-first walk of its passages from the
//! start cell; each cell becomes a room whose transformed connectors point along all of the
//! cell's passages, grown on the connector of its parent that points into the cell. Rooms of
//! different sizes drift off an exact grid, so a cell whose room collides is skipped with its
//! subtree; passages between two placed rooms that line up become loops.

use std::collections::VecDeque;

use rng::Rng31;

use crate::error::{Error, ErrorKind};
use crate::geom::Dir;
use crate::layout::{dir_bit, Builder, Pick, OPEN};

const NORTH: u8 = 1;
const EAST: u8 = 2;
const SOUTH: u8 = 4;
const WEST: u8 = 8;

/// The grid cell one step from `(x, y)` through a passage bit (y grows southwards).
fn step(x: usize, y: usize, bit: u8) -> (usize, usize) {
    match bit {
        NORTH => (x, y.wrapping_sub(1)),
        EAST => (x + 1, y),
        SOUTH => (x, y + 1),
        _ => (x.wrapping_sub(1), y),
    }
}

fn bit_dir(bit: u8) -> Dir {
    match bit {
        NORTH => Dir::North,
        EAST => Dir::East,
        SOUTH => Dir::South,
        _ => Dir::West,
    }
}

/// The passages of every cell, row by row (bits N=1, E=2, S=4, W=8).
fn topology(builder: &mut Builder<'_>, width: usize, height: usize) -> Result<Vec<u8>, Error> {
    let _ = (builder, width, height);
    Err(Error::new(ErrorKind::BadRequest(
        "the grid-maze engine needs the maze algorithms, which are not merged into this build yet"
            .to_string(),
    )))
}

pub(crate) fn grid_maze(builder: &mut Builder<'_>) -> Result<Vec<usize>, Error> {
    let cells = (builder.target as usize).max(1);
    let width = (cells as f64).sqrt().ceil() as usize;
    let height = cells.div_ceil(width);
    let passages = topology(builder, width, height)?;
    let start_cell = builder.rng.index(width * height).unwrap_or(0);
    let mut room_of = vec![u32::MAX; width * height];
    room_of[start_cell] = 0;
    let mut queue = VecDeque::from([start_cell]);
    while let Some(cell) = queue.pop_front() {
        let (x, y) = (cell % width, cell / width);
        let p = room_of[cell] as usize;
        for bit in [NORTH, EAST, SOUTH, WEST] {
            if passages[cell] & bit == 0 || builder.len() >= builder.target as usize {
                continue;
            }
            let (nx, ny) = step(x, y, bit);
            if nx >= width || ny >= height {
                continue;
            }
            let next = ny * width + nx;
            if room_of[next] != u32::MAX {
                continue;
            }
            let wanted = bit_dir(bit);
            let Some(c) = (0..builder.n_connectors(p)).find(|&c| {
                builder.state(p, c) == OPEN && builder.connector_world(p, c).1 == wanted
            }) else {
                continue;
            };
            builder.required_dirs = [NORTH, EAST, SOUTH, WEST]
                .into_iter()
                .filter(|&b| passages[next] & b != 0)
                .fold(0, |mask, b| mask | dir_bit(bit_dir(b)));
            let grown = builder.attach(p, c, Pick::Normal, false);
            builder.required_dirs = 0;
            if let Some(new) = grown {
                room_of[next] = new as u32;
                queue.push_back(next);
            }
        }
    }
    Ok(Vec::new())
}
