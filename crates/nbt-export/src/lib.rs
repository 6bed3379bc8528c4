//! Minecraft Java structure files (`.nbt`) and Sponge schematics (`.schem`): a structure model,
//! exact reading and writing, rotation and mirroring of positions and block states, and assembly of
//! placed rooms into one world. Knows nothing of the generators; the CLI maps their output here.
//!
//! Coordinates are Minecraft's: +X east, +Y up, +Z south; a structure's origin is its minimum
//! corner. Output is byte-for-byte reproducible: palettes, properties and compounds are sorted,
//! and the gzip header carries no time stamp.
#![deny(missing_docs)]

mod assemble;
mod block;
mod blueprint;
mod datapack;
mod error;
mod extrude;
mod io;
mod schem;
mod structure;
mod tag;
mod transform;
mod version;

pub use assemble::{assemble, bounds, placed_room, Assembly, Placement, Template};
pub use block::BlockState;
pub use blueprint::build_blueprint;
pub use datapack::{data_pack, place_function, PackFile, PackOptions};
pub use error::{Error, ErrorKind, Result};
pub use extrude::{extrude, Marker, Theme, TileGrid, STONE_THEME};
pub use io::{
    gunzip, nbt_bytes, read_nbt, structure_from_compound, write_nbt, write_nbt_with_level,
    DEFAULT_LEVEL, MAX_NBT_BYTES,
};
pub use schem::write_schem;
pub use structure::{BlockRef, Entity, Structure, MAX_VOLUME};
pub use tag::{parse_root, Compound, Tag};
pub use transform::{
    place_command_position, transform_point, transform_pos, transform_state, transformed_size,
    Direction, Mirror, Rotation, Transform,
};
pub use version::McVersion;

/// Re-exported so callers name positions with the same type.
pub use glam::{DVec3, IVec3};
