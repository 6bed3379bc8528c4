//! The grid-maze engine: a maze on an abstract grid of about `target` cells (one of the six
//! maze algorithms, optionally braided), then a breadth-first walk of its passages from the
//! start cell; each cell becomes a room whose transformed connectors point along all of the
//! cell's passages, grown on the connector of its parent that points into the cell. When no room
//! has the cell's shape, any room that fits is used. Rooms of different sizes drift off an exact
//! grid, so a cell whose room collides is skipped with its subtree, and the rooms it would have
//! held are grown breadth-first from the open connectors afterwards; passages between two placed
//! rooms that line up become loops.

use std::collections::VecDeque;

use rng::Rng31;

use crate::error::{Error, ErrorKind};
use crate::geom::Dir;
use crate::layout::{dir_bit, Builder, Pick, OPEN};
use crate::maze::{self, Algorithm};

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

/// The passages of every cell, row by row (bits N=1, E=2, S=4, W=8): the pack's maze
/// algorithm, then braiding.
fn topology(builder: &mut Builder<'_>, width: usize, height: usize) -> Result<Vec<u8>, Error> {
    let params = &builder.pack.layout.grid_maze;
    let bad = |e: maze::Error| Error::new(ErrorKind::BadRequest(format!("grid maze: {e}")));
    let algorithm: Algorithm = params.algorithm.parse().map_err(bad)?;
    let braid_share = params.braid;
    let mut grid = maze::generate(algorithm, width, height, &mut builder.rng).map_err(bad)?;
    if braid_share > 0.0 {
        maze::braid(&mut grid, braid_share, &mut builder.rng).map_err(bad)?;
    }
    Ok(grid.cells().to_vec())
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
            let mut grown = builder.attach(p, c, Pick::Normal, false);
            builder.required_dirs = 0;
            if grown.is_none() {
                // No room has the cell's exact shape here: any room that fits keeps the walk
                // going; the cell's passages its connectors do not cover are dropped.
                grown = builder.attach(p, c, Pick::Normal, true);
            }
            if let Some(new) = grown {
                room_of[next] = new as u32;
                queue.push_back(next);
            }
        }
    }
    // Cells lost to collisions (rooms of different sizes drift off the grid) are made up by
    // breadth-first growth from the open connectors, so the room count still holds.
    if builder.len() < builder.target as usize {
        crate::engines::minecrafty(builder);
    }
    Ok(Vec::new())
}
