//! The 56x32 floor generator of document 002 (`seeds/002_*.txt`): rooms, crossroads, hallways,
//! water and spawns, reproducing the original game's maps tile for tile from the same seed and
//! floor properties. Randomness comes from [`rng::DungeonRng`], the game's own PRNG.
//!
//! Fidelity: every map of the reference vectors (`tests/vectors/`, made by the game's generator)
//! is reproduced tile for tile and spawn for spawn, with the same number of RNG draws, for the
//! standard layout (dead ends allowed or not), water, structures, imperfections, the small and
//! medium layouts and layouts 1 to 9 and 11. Not verified against the game: layout 10 (outer
//! rooms, unused by the game, no reference exists; it runs and passes the property tests),
//! hidden stairs (no reference map has them), and the one-room fallback's `fallback` flag.
//! Out of scope: fixed rooms (`fixed_room_id` only switches off the monster house and the
//! stairs check, as the game does), rescue floors and mission floors.
//!
//! Quirks ([`Quirks`]): `Faithful` keeps the game's bugs; `Fixed` corrects the dead-end
//! neighbour check (`standard.rs`, `assign_grid_cell_connections`), the 32-room cap
//! (`standard.rs`, `assign_rooms`; unreachable on the game's grids of at most 24 cells) and the
//! thin right and bottom water frame (`terrain.rs`, `generate_secondary_terrain`). Other bugs of
//! the game are kept in both modes because they shape every floor: the pool's y "swap"
//! (`features.rs`), the left hallway's end column (`standard.rs`), anchors as junctions
//! (`terrain.rs`), wall maze rooms never being built (`features.rs`).
//!
//! Speed: a [`Generator`] owns every buffer and is reused from floor to floor; spawn shuffles
//! draw their random numbers in bulk ([`rng::DungeonRng::fill_rand_int`]).
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

mod columns;
mod config;
mod cpu;
mod error;
mod features;
mod generator;
mod grid;
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
