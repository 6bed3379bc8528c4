//! Seeded random streams for every generator in the workspace, and nothing else.
//!
//! Two generator families live here, each behind one small trait:
//!
//! * [`Lcg31`], the card-roguelike's 31-bit LCG of document 003, with the derived draws of
//!   [`Rng31`] (`float`, inclusive `range`, `chance`, `weighted`, forward `shuffle`,
//!   `round_random`, `normal`, `letter`). Used by `grid-floor`, `connectors` and the CLI.
//! * [`DungeonRng`], the tile-map game's `dg_random` (one primary and five secondary LCGs with
//!   multiplier `0x5D588B65`), with `rand_int` / `rand_range` of [`Rand16`]. Used by `tile-map`.
//!
//! On top of them: the run's [`Streams`] (initial seed to floor and upgrade seeds) and the
//! human-readable [`SeedCode`] strings. Every draw consumes a fixed, documented number of core
//! steps, so that two implementations can be compared draw by draw.
//!
//! The generator types are neither `Copy` nor `Default` (a stream must be seeded on purpose and
//! never duplicated by accident), and their `Debug` output hides the state.
#![deny(missing_docs)]

mod dungeon;
mod error;
mod lcg31;
mod seedcode;
mod streams;

pub use dungeon::{DungeonRng, Rand16, SECONDARY_COUNT};
pub use error::RngError;
pub use lcg31::{draw_bound, draw_to_float, Lcg31, Rng31};
pub use seedcode::{SeedCode, SeedCodeError, CLASSES, DIFFICULTIES};
pub use streams::{RunStreams, Streams};
