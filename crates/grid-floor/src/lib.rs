//! The four-floor board pipeline of document 000 (`seeds/000_*.txt`): 8x8 and 10x10 boards, walls
//! that keep the map connected, monsters at cut vertices, threat-zoned rewards, bosses and the
//! final floor. All randomness comes from [`rng::Lcg31`] through the floor streams of document 003.
//!
//! ```
//! let tables = grid_floor::Tables::default_tables().unwrap();
//! let setup = grid_floor::Setup::for_class("bard").unwrap();
//! let floors = grid_floor::Generator::new(&tables).run(&setup, 7).unwrap();
//! assert_eq!(floors.len(), 4);
//! print!("{}", floors[0].to_ascii());
//! ```
//!
//! Modules follow the document: [`board`] (section 2, the tiles and connectivity), `pipeline`
//! (sections 3 to 9, in draw order), `data` (every table, from YAML), `floor` (the result).
//!
//! # Decisions
//!
//! Where document 000, `grid-floor-facts.md` and `SPEC.md` leave a detail open, this crate decides
//! (each is marked "Decision:" in the code):
//! - `allTiles` is x fastest; BuildMaze and AddMonsters shuffle copies of it.
//! - The environment draw is one `index(remaining)` over the remaining environments in enum order.
//! - `CanBeACut` counts passable neighbours; cut-vertex candidates are unused tiles; the best cut
//!   gives the most threat components, then the larger smallest one, then comes first (SPEC).
//! - IsConnected floods over non-impassable tiles only (features do not block it).
//! - `Tile.Neighbors()` is Left, Up, Right, Down; a Bard with no unused neighbour gets the tavern
//!   on `RandomUnusedTile()`.
//! - Monster levels: a zero-count bucket is skipped; the top-up draws `index` among the entries
//!   below the cap; equal distances keep selection order (stable sort); the seen penalty is a
//!   flat division by `seen_divisor`.
//! - Threat components are listed by their first tile in allTiles order before the (stable)
//!   sort; rewards left when every component is exhausted go to `RandomUnusedTile()`; the gold
//!   average is a float division.
//! - `GetMonsterLevel` (mimic chest, Goblin Hoarder) is the floor's highest base level.
//! - A treasure chest's loot is drawn at creation; each card consumes one draw.
//! - The boss tile search passes over a component whose deletable tiles are all used; the
//!   all-tiles scan skips the player's tile; `BonusMonsterLevel` is 0.
//! - The weird feature comes after the boss (document 000's order); the altar is one `index(6)`.
//! - Floor 4 runs on `Streams::last_floor_seed`: player first, then the three boss attributes.
#![deny(missing_docs)]

pub mod board;
mod data;
mod error;
mod floor;
mod locate;
mod pipeline;

pub use data::{
    Cumulative, Environment, FloorRule, LastFloorRule, MonsterRow, RewardBehaviour, RewardKind,
    Tables, DEFAULT_YAML, ENVIRONMENT_COUNT, MAX_SIDE,
};
pub use error::{Error, ErrorKind, Problem};
pub use floor::{Floor, Loot, Object, ObjectKind};
pub use pipeline::{Generator, History, Setup};
