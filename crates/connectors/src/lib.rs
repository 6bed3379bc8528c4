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
//! Decisions where document 004 is silent (see also `SPEC.md`, "connectors"):
//! - A connector must sit on the face its direction points out of; positions and directions turn
//!   together, as Minecraft's `StructureTemplate` turns them (mirror X first, then clockwise).
//! - A layout's room count is drawn in `minRooms..=maxRooms`; one slot is kept for the END room,
//!   which is attached as deep as possible after growth (on the trunk tip for branching), else
//!   swapped for a deep leaf, else the deepest leaf is marked END (chapter 8).
//! - Success chances: the anchor's is rolled once when its connector is tried, the target's per
//!   candidate placement; a chance of 1 draws nothing.
//! - Selection draws rooms by weight without replacement, required SPECIAL rooms first; rooms
//!   below their `min` weigh x3; the other class (corridor after room, room after corridor)
//!   weighs x`corridorBias`. Rooms still below `min` afterwards are attached anywhere their
//!   depth allows, or swapped for a leaf.
//! - A locked connector is used only once its key room is placed, so in the tree the key is
//!   always reachable without its door; the final check runs on the graph anyway. A one-way door
//!   lets you out of the room that declares it, so it never leads into a new child room.
//! - Loops: facing pairs of unused connectors (chapter 7), then bridges: from an unused
//!   connector, one room, or a corridor and a room, whose last doorway faces another unused
//!   connector nearby; each facing pair or bridge found closes with chance `loopChance`, and
//!   bridge rooms count towards `maxRooms`. The shipped packs sit on a 5-block module grid, so
//!   such partners are common.
//! - A layout that breaks a rule is retried with seeds drawn from an `Lcg31` seeded with the
//!   asked seed, `layout.attempts` times in all; the error names the rule the last attempt broke.
//!
//! The six maze algorithms (DFS, Prim, Kruskal, Binary Tree, Sidewinder, Growing Tree) live in
//! [`maze`] and are usable on their own.
#![deny(missing_docs)]
pub mod maze;

mod engines;
mod error;
mod facing;
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
