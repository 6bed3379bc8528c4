//! Prefab-room dungeons joined by connectors (document 004): room and connector definitions,
//! Minecraft-style transforms, collision through a spatial index, four layout engines, six maze
//! algorithms, room selection rules, loops, special rooms, locks and keys.
#![deny(missing_docs)]
pub mod maze;
