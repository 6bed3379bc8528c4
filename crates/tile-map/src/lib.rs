//! The 56x32 floor generator of document 002 (`seeds/002_*.txt`): rooms, crossroads, hallways,
//! water and spawns, reproducing the original game's maps tile for tile from the same seed and
//! floor properties. Randomness comes from [`rng::DungeonRng`], the game's own PRNG.
//!
//! ```
//! use tile_map::{Generator, Quirks, preset};
//! let props = preset("std").unwrap();
//! let mut generator = Generator::new();
//! generator.generate(&props, Quirks::Faithful, 1);
//! let map = generator.map();
//! assert_eq!(map.to_ascii().lines().count(), 32);
//! ```
#![deny(missing_docs)]

mod config;
mod error;
mod features;
mod generator;
mod layouts;
mod map;
mod props;
mod spawns;
mod standard;
mod terrain;
mod tile;

pub use config::{parse_properties, preset, set_property, PRESET_NAMES};
pub use error::{Error, ErrorKind};
pub use generator::{Counts, Generator, Outcome};
pub use map::{glyph, Map, Room, MAP_MOAT, MAP_MONSTER_HOUSE, MAP_SHOP};
pub use props::{FloorProperties, Layout, Quirks};
pub use tile::{Terrain, HEIGHT, SPAWN_ITEM, SPAWN_MONSTER, SPAWN_STAIRS, SPAWN_TRAP, WIDTH};
