//! Prefab-room dungeons joined by connectors (document 004): room and connector definitions
//! loaded from YAML packs and validated with paths and lines, Minecraft-style transforms,
//! collision through a spatial index, four layout engines on one selection policy, loops,
//! special rooms, locks and keys, and the result as a petgraph graph with statistics.
//!
//! ```
//! let pack = connectors::Pack::from_yaml(connectors::CASTLE_YAML).unwrap();
//! let layout = connectors::generate(&pack, connectors::Engine::Minecrafty, 7).unwrap();
//! assert!(layout.stats.rooms >= pack.layout.min_rooms);
//! ```
//!
//! The six maze algorithms (DFS, Prim, Kruskal, Binary Tree, Sidewinder, Growing Tree) live in
//! [`maze`] and are usable on their own.
#![deny(missing_docs)]
pub mod maze;

mod engines;
mod error;
mod geom;
mod grid_maze;
mod index;
mod layout;
mod locate;
mod pack;

pub use error::{Error, ErrorKind, Problem};
pub use geom::{Aabb, Dir, Rotation, Transform};
pub use index::GridIndex;
pub use layout::{
    generate, Connection, ConnectionDoor, ConnectionKind, Generator, Layout, Placement, Stats,
};
pub use pack::{
    Bounds, BranchingParams, ConnectorDef, Door, EndAt, Engine, GridMazeParams, LayoutParams, Pack,
    RandomWalkParams, RoomDef, RoomSet, RoomType, CASTLE_YAML, MINES_YAML,
};
