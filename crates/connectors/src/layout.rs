//! Layout generation: the shared builder (placement through the spatial index, the one
//! selection policy), the post passes (end room, required rooms, loops), the rule checks with
//! bounded retries on derived seeds, and the result graph with its statistics. The four engines
//! live in `engines.rs` and only decide where to grow next.

use std::collections::BTreeMap;

use glam::IVec3;
use petgraph::graph::{NodeIndex, UnGraph};
use rng::{Lcg31, Rng31};

use crate::engines;
use crate::error::{Error, ErrorKind};
use crate::facing::{FacingPairs, NO_PARTNER};
use crate::geom::{Aabb, Dir, Transform};
use crate::index::{prefetch, GridIndex, PREFETCH_AHEAD};
use crate::pack::{Door, Engine, Pack, RoomType};

/// One placed room.
#[derive(Clone, Debug, PartialEq)]
pub struct Placement {
    /// Index of its [`crate::RoomDef`] in [`Pack::rooms`].
    pub room: usize,
    /// Its role in this layout: the room's own type, or END for a leaf marked as the end
    /// because no END room could be placed.
    pub kind: RoomType,
    /// World position of its minimum corner.
    pub origin: IVec3,
    /// Size after the transform.
    pub size: IVec3,
    /// Mirror and rotation applied to the room's structure.
    pub transform: Transform,
    /// Room-count distance from the start along the tree.
    pub depth: u32,
}

impl Placement {
    /// The blocks it occupies.
    pub fn aabb(&self) -> Aabb {
        Aabb::from_origin_size(self.origin, self.size)
    }
}

/// Whether a connection is part of the spanning tree or a loop added afterwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectionKind {
    /// Made while growing; the tree edges connect every room.
    Tree,
    /// Added between two unused connectors that face each other.
    Loop,
}

/// The door of a connection, from either of its two connectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConnectionDoor {
    /// An ordinary door.
    Normal,
    /// Locked; opened by the key of this index in [`Pack::keys`].
    Locked(usize),
    /// Passable only from the placement `from` to the other one.
    OneWay {
        /// The placement the door lets you out of.
        from: usize,
    },
}

/// Two placements joined through two connectors.
#[derive(Clone, Debug, PartialEq)]
pub struct Connection {
    /// Placement index of the first room (the tree parent for tree edges).
    pub from: usize,
    /// Placement index of the second room.
    pub to: usize,
    /// Connector index in the first room's definition.
    pub from_connector: usize,
    /// Connector index in the second room's definition.
    pub to_connector: usize,
    /// World position of the first connector.
    pub from_pos: IVec3,
    /// World position of the second connector: `from_pos` plus the first one's direction.
    pub to_pos: IVec3,
    /// Tree or loop.
    pub kind: ConnectionKind,
    /// The door, if either connector has one (locked wins over one-way over normal).
    pub door: Option<ConnectionDoor>,
}

/// Figures about a layout.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Number of rooms.
    pub rooms: u32,
    /// Rooms per type name.
    pub rooms_by_type: BTreeMap<&'static str, u32>,
    /// The greatest depth.
    pub max_depth: u32,
    /// Rooms with exactly one connection.
    pub dead_ends: u32,
    /// Loop connections.
    pub loops: u32,
    /// Connectors of placed rooms that joined nothing.
    pub unused_connectors: u32,
    /// Attempts used (1 when the first seed worked).
    pub attempts: u32,
}

/// A generated layout: the graph of placements and connections, and its statistics.
#[derive(Clone, Debug)]
pub struct Layout {
    /// Nodes are placements (node index = placement index), edges are connections.
    pub graph: UnGraph<Placement, Connection>,
    /// Figures about it.
    pub stats: Stats,
    /// The engine that made it.
    pub engine: Engine,
    /// The seed asked for.
    pub seed: u32,
    /// The seed of the attempt that succeeded (the asked seed on the first attempt).
    pub attempt_seed: u32,
}

impl Layout {
    /// Placements in index order.
    pub fn placements(&self) -> impl Iterator<Item = &Placement> {
        self.graph.node_weights()
    }

    /// Connections in the order they were made.
    pub fn connections(&self) -> impl Iterator<Item = &Connection> {
        self.graph.edge_weights()
    }
}

/// Generates a layout with a fresh [`Generator`] (keep one to make several layouts).
pub fn generate(pack: &Pack, engine: Engine, seed: u32) -> Result<Layout, Error> {
    Generator::new(pack).generate(engine, seed)
}

// ---------------------------------------------------------------------------------------------

pub(crate) const OPEN: u8 = 0;
pub(crate) const TRIED: u8 = 1;
pub(crate) const USED: u8 = 2;
const NO_PARENT: u32 = u32::MAX;
/// The most rooms a builder reserves memory for before it starts.
const RESERVE_ROOMS_MAX: usize = 1 << 20;

/// Every room's connectors and size under all eight transforms, computed once per pack.
pub(crate) struct Tables {
    /// First global connector index of each room.
    pub conn_base: Vec<usize>,
    /// Per global connector, the transformed local position under each transform.
    pub xf_pos: Vec<[IVec3; 8]>,
    /// Per global connector, the transformed direction under each transform.
    pub xf_dir: Vec<[Dir; 8]>,
    /// Per room, the transformed size.
    pub xf_size: Vec<[IVec3; 8]>,
    /// Per room, the set of transformed connector directions (bits of [`dir_bit`]).
    pub xf_dirs: Vec<[u8; 8]>,
    /// Per direction of an anchor connector (in [`Dir`] order), the distinct ways a room can be
    /// entered from it: the pieces a bridge loop is built from.
    pub pieces: [Vec<Piece>; 6],
    /// Per direction of an anchor connector, every (piece, exit) pair as the position of the
    /// partner connector the exit would meet, relative to the anchor's doorstep, sorted so a
    /// partner's offset finds its pieces by binary search.
    pub spans: [Vec<Span>; 6],
    /// How far (in blocks, along any axis) a partner can sit from the doorstep and still be
    /// reached by a bridge of two rooms.
    pub bridge_reach: i32,
    /// Per direction of an anchor connector, the fewest blocks any room entered from it spans
    /// along that direction (its size along the connector's axis).
    pub min_reach: [i32; 6],
}

/// What makes two ways of entering a room the same: the entry direction, the box relative to
/// the doorstep, and the other doorways (position relative to the doorstep, direction).
type PieceShape = (usize, IVec3, IVec3, Vec<(IVec3, u8)>);

/// A room entered through connector `entry` under transform `transform`: its box starts at the
/// anchor's doorstep plus `offset`.
pub(crate) struct Piece {
    pub room: usize,
    pub entry: usize,
    pub transform: usize,
    pub offset: IVec3,
    /// Whether the room is a corridor (only corridors extend a bridge beyond its first room).
    pub corridor: bool,
}

/// A way for a room entered from an anchor to meet a partner connector at `delta` from the
/// doorstep, pointing `partner_dir`, through its connector `exit`.
pub(crate) struct Span {
    pub delta: IVec3,
    pub partner_dir: Dir,
    pub piece: u32,
    pub exit: u16,
}

fn span_key(delta: IVec3, dir: Dir) -> (i32, i32, i32, u8) {
    (delta.x, delta.y, delta.z, dir as u8)
}

/// The bit of a direction in direction sets: NORTH 1, EAST 2, SOUTH 4, WEST 8 (the maze
/// convention), UP 16, DOWN 32.
pub(crate) fn dir_bit(dir: Dir) -> u8 {
    match dir {
        Dir::North => 1,
        Dir::East => 2,
        Dir::South => 4,
        Dir::West => 8,
        Dir::Up => 16,
        Dir::Down => 32,
    }
}

impl Tables {
    fn new(pack: &Pack) -> Tables {
        let mut conn_base = Vec::with_capacity(pack.rooms.len());
        let mut xf_pos = Vec::new();
        let mut xf_dir = Vec::new();
        let mut xf_size = Vec::new();
        let mut xf_dirs = Vec::new();
        for room in &pack.rooms {
            conn_base.push(xf_pos.len());
            xf_size.push(Transform::ALL.map(|t| t.size(room.size)));
            xf_dirs.push(Transform::ALL.map(|t| {
                room.connectors
                    .iter()
                    .fold(0u8, |mask, c| mask | dir_bit(t.dir(c.direction)))
            }));
            for conn in &room.connectors {
                xf_pos.push(Transform::ALL.map(|t| t.pos(conn.position, room.size)));
                xf_dir.push(Transform::ALL.map(|t| t.dir(conn.direction)));
            }
        }
        let mut pieces: [Vec<Piece>; 6] = Default::default();
        for (r, room) in pack.rooms.iter().enumerate() {
            if matches!(room.kind, RoomType::Start | RoomType::End) {
                continue;
            }
            let base = conn_base[r];
            // Placements that only relabel the same doorways (a symmetric room turned onto
            // itself) are kept once, so a search never tries the same geometry twice.
            let mut seen: Vec<PieceShape> = Vec::new();
            for t in 0..8 {
                for (entry, conn) in room.connectors.iter().enumerate() {
                    if conn.door == Some(Door::OneWay) {
                        continue;
                    }
                    let entry_dir = xf_dir[base + entry][t];
                    let offset = -xf_pos[base + entry][t];
                    let mut doorways: Vec<(IVec3, u8)> = (0..room.connectors.len())
                        .filter(|&e| e != entry)
                        .map(|e| (xf_pos[base + e][t] + offset, xf_dir[base + e][t] as u8))
                        .collect();
                    doorways.sort_by_key(|&(pos, dir)| (pos.x, pos.y, pos.z, dir));
                    let key = (entry_dir as usize, offset, xf_size[r][t], doorways);
                    if seen.contains(&key) {
                        continue;
                    }
                    seen.push(key);
                    pieces[entry_dir.opposite() as usize].push(Piece {
                        room: r,
                        entry,
                        transform: t,
                        offset,
                        corridor: room.kind == RoomType::Corridor,
                    });
                }
            }
        }
        let mut spans: [Vec<Span>; 6] = Default::default();
        let mut bridge_reach = 0;
        for (dir, list) in pieces.iter().enumerate() {
            for (i, piece) in list.iter().enumerate() {
                let base = conn_base[piece.room];
                let size = xf_size[piece.room][piece.transform];
                bridge_reach = bridge_reach.max(size.max_element() + 1);
                for exit in 0..pack.rooms[piece.room].connectors.len() {
                    if exit == piece.entry {
                        continue;
                    }
                    let exit_dir = xf_dir[base + exit][piece.transform];
                    spans[dir].push(Span {
                        delta: piece.offset
                            + xf_pos[base + exit][piece.transform]
                            + exit_dir.vector(),
                        partner_dir: exit_dir.opposite(),
                        piece: i as u32,
                        exit: exit as u16,
                    });
                }
            }
        }
        for list in &mut spans {
            list.sort_by_key(|s| (span_key(s.delta, s.partner_dir), s.piece, s.exit));
        }
        let bridge_reach = 2 * bridge_reach + 1;
        let mut min_reach = [i32::MAX; 6];
        for room in pack.rooms.iter().filter(|r| r.kind != RoomType::Start) {
            for conn in &room.connectors {
                // Entered through `conn`, the room runs away from the anchor opposite to
                // `conn.direction`; transforms turn the axis but keep the length.
                let along = match conn.direction {
                    Dir::North | Dir::South => room.size.z,
                    Dir::East | Dir::West => room.size.x,
                    Dir::Up | Dir::Down => room.size.y,
                };
                let anchors: &[Dir] = if conn.direction.is_horizontal() {
                    &[Dir::North, Dir::East, Dir::South, Dir::West]
                } else if conn.direction == Dir::Down {
                    &[Dir::Up]
                } else {
                    &[Dir::Down]
                };
                for &anchor in anchors {
                    min_reach[anchor as usize] = min_reach[anchor as usize].min(along);
                }
            }
        }
        let min_reach = min_reach.map(|r| if r == i32::MAX { 1 } else { r });
        Tables {
            conn_base,
            xf_pos,
            xf_dir,
            xf_size,
            xf_dirs,
            pieces,
            spans,
            bridge_reach,
            min_reach,
        }
    }
}

/// A bridge found by [`Builder::find_bridge`]: the first room, an optional second room with the
/// first room's connector it hangs on, the last room's connector that closes the loop, and the
/// partner it closes it with.
pub(crate) struct BridgePlan {
    first: Fit,
    second: Option<(usize, Fit)>,
    exit: usize,
    partner: (usize, usize),
}

fn first_fit(piece: &Piece, origin: IVec3) -> Fit {
    Fit {
        room: piece.room,
        connector: piece.entry,
        transform: Transform::ALL[piece.transform],
        origin,
    }
}

/// Which rooms a selection may pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// Any room but START and END.
    Normal,
    /// END rooms only.
    End,
    /// This room only.
    Only(usize),
}

/// A placement found for an anchor connector, not yet committed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fit {
    room: usize,
    connector: usize,
    transform: Transform,
    origin: IVec3,
}

/// A placed room while the layout is built: what a growth step reads about a room, in one
/// 32-byte record, so a room picked at random costs one cache line rather than one per array.
/// The public [`Placement`]s are made from these once, at the end.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node {
    /// World position of its minimum corner.
    pub origin: IVec3,
    /// Index of its room in [`Pack::rooms`].
    pub room: u32,
    /// Room-count distance from the start along the tree.
    pub depth: u32,
    /// Its first slot in `Builder::conn_state`.
    pub conn_base: u32,
    /// Connections it takes part in.
    pub degree: u32,
    /// Index of its transform in [`Transform::ALL`].
    pub transform: u8,
    /// Its role (END for a leaf marked as the end).
    pub kind: RoomType,
}

/// An unused connector while loops are closed: its world position and direction, its room
/// and its number there (the direction is found with the position, in one pass over the rooms).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unused {
    pos: IVec3,
    placement: u32,
    connector: u16,
    dir: Dir,
}

/// The door of a [`Link`]: [`ConnectionDoor`] with the one-way door's room given by side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LinkDoor {
    None,
    Normal,
    Locked(u32),
    /// Passable only out of the link's `from` room.
    OneWayFrom,
    /// Passable only out of the link's `to` room.
    OneWayTo,
}

/// A connection while the layout is built: the two rooms and connectors, its kind and door
/// (28 bytes against the 80 of a [`Connection`], whose positions are found at the end).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Link {
    pub from: u32,
    pub to: u32,
    pub from_connector: u32,
    pub to_connector: u32,
    pub door: LinkDoor,
    pub kind: ConnectionKind,
}

impl Link {
    /// Whether it may be passed out of its `from` room, and out of its `to` room.
    fn passable(&self) -> (bool, bool) {
        match self.door {
            LinkDoor::OneWayFrom => (true, false),
            LinkDoor::OneWayTo => (false, true),
            _ => (true, true),
        }
    }

    fn connection_door(&self) -> Option<ConnectionDoor> {
        match self.door {
            LinkDoor::None => None,
            LinkDoor::Normal => Some(ConnectionDoor::Normal),
            LinkDoor::Locked(key) => Some(ConnectionDoor::Locked(key as usize)),
            LinkDoor::OneWayFrom => Some(ConnectionDoor::OneWay {
                from: self.from as usize,
            }),
            LinkDoor::OneWayTo => Some(ConnectionDoor::OneWay {
                from: self.to as usize,
            }),
        }
    }
}

/// The memory of a [`Builder`], kept by a [`Generator`] from one layout to the next: a large
/// layout's arrays are above the allocator's threshold for fresh mappings, so without it every
/// layout would fault in its pages again.
#[derive(Default)]
pub(crate) struct Buffers {
    nodes: Vec<Node>,
    conn_state: Vec<u8>,
    parent_edge: Vec<u32>,
    links: Vec<Link>,
    counts: Vec<u32>,
    keys_placed: Vec<u32>,
    index: GridIndex,
    weights: Vec<f64>,
    tier_weights: Vec<f64>,
    tiers: Vec<u8>,
    combos: Vec<(u16, u8)>,
    order: Vec<u16>,
    near: Vec<(IVec3, u32, u16)>,
    unused: Vec<Unused>,
    facing: FacingPairs,
    partners: GridIndex,
}

/// The state of one attempt; its buffers are reused across attempts and layouts.
pub(crate) struct Builder<'p> {
    pub pack: &'p Pack,
    pub tables: &'p Tables,
    pub rng: Lcg31,
    pub nodes: Vec<Node>,
    /// Per placed connector: OPEN, TRIED or USED.
    pub conn_state: Vec<u8>,
    /// Per placement, the index of the tree connection from its parent (read only when a
    /// leaf is swapped, so kept out of the nodes).
    pub parent_edge: Vec<u32>,
    pub links: Vec<Link>,
    pub counts: Vec<u32>,
    pub keys_placed: Vec<u32>,
    pub index: GridIndex,
    /// Rooms the engine may place (the cap, less the reserve for the end room).
    pub target: u32,
    /// Directions (bits of [`dir_bit`]) a new room must have connectors towards after its
    /// transform; the grid-maze engine sets it to a cell's passages.
    pub required_dirs: u8,
    weights: Vec<f64>,
    tier_weights: Vec<f64>,
    tiers: Vec<u8>,
    combos: Vec<(u16, u8)>,
    pub order: Vec<u16>,
    /// Unused connectors near a bridge's anchor, reused between searches.
    near: Vec<(IVec3, u32, u16)>,
    /// The unused connectors, while loops are closed ([`Builder::collect_unused`]).
    unused: Vec<Unused>,
    /// Pairs the unused connectors that face each other, while loops are closed.
    facing: FacingPairs,
    /// The unused connectors as points, for the bridges' window queries.
    partners: GridIndex,
}

impl<'p> Builder<'p> {
    /// A builder for `pack` on the memory of `buffers` (whatever they held is forgotten).
    pub(crate) fn new(pack: &'p Pack, tables: &'p Tables, buffers: Buffers) -> Builder<'p> {
        let Buffers {
            mut nodes,
            mut conn_state,
            mut parent_edge,
            mut links,
            mut counts,
            mut keys_placed,
            index,
            mut weights,
            mut tier_weights,
            mut tiers,
            combos,
            order,
            near,
            unused,
            facing,
            partners,
        } = buffers;
        // Room for `maxRooms` rooms up front (up to a bound, against absurd caps): growing by
        // doubling would copy the large per-room arrays several times. Reserved pages that a
        // smaller layout never reaches cost address space, not memory.
        let rooms = (pack.layout.max_rooms as usize).min(RESERVE_ROOMS_MAX);
        let max_connectors = pack.rooms.iter().map(|r| r.connectors.len()).max();
        let connectors = rooms * max_connectors.unwrap_or(0);
        nodes.clear();
        nodes.reserve(rooms);
        conn_state.clear();
        conn_state.reserve(connectors);
        parent_edge.clear();
        parent_edge.reserve(rooms);
        links.clear();
        links.reserve(rooms);
        let n_rooms = pack.rooms.len();
        for (list, len) in [(&mut counts, n_rooms), (&mut keys_placed, pack.keys.len())] {
            list.clear();
            list.resize(len, 0);
        }
        for list in [&mut weights, &mut tier_weights] {
            list.clear();
            list.resize(n_rooms, 0.0);
        }
        tiers.clear();
        tiers.resize(n_rooms, 0);
        Builder {
            pack,
            tables,
            rng: Lcg31::new(0),
            nodes,
            conn_state,
            parent_edge,
            links,
            counts,
            keys_placed,
            index,
            target: 0,
            required_dirs: 0,
            weights,
            tier_weights,
            tiers,
            combos,
            order,
            near,
            unused,
            facing,
            partners,
        }
    }

    /// Gives the builder's memory back, for the next layout.
    pub(crate) fn into_buffers(self) -> Buffers {
        Buffers {
            nodes: self.nodes,
            conn_state: self.conn_state,
            parent_edge: self.parent_edge,
            links: self.links,
            counts: self.counts,
            keys_placed: self.keys_placed,
            index: self.index,
            weights: self.weights,
            tier_weights: self.tier_weights,
            tiers: self.tiers,
            combos: self.combos,
            order: self.order,
            near: self.near,
            unused: self.unused,
            facing: self.facing,
            partners: self.partners,
        }
    }

    fn reset(&mut self, seed: u32) {
        self.rng = Lcg31::new(seed);
        self.nodes.clear();
        self.conn_state.clear();
        self.parent_edge.clear();
        self.links.clear();
        self.counts.iter_mut().for_each(|c| *c = 0);
        self.keys_placed.iter_mut().for_each(|c| *c = 0);
        self.index.clear();
    }

    /// Number of placed rooms.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The room of placement `p`, as an index in [`Pack::rooms`].
    pub fn room_of(&self, p: usize) -> usize {
        self.nodes[p].room as usize
    }

    /// The box of placement `p`.
    fn node_box(&self, p: usize) -> Aabb {
        let node = &self.nodes[p];
        let size = self.tables.xf_size[node.room as usize][usize::from(node.transform)];
        Aabb::from_origin_size(node.origin, size)
    }

    /// Number of connectors of placement `p`.
    pub fn n_connectors(&self, p: usize) -> usize {
        self.pack.rooms[self.nodes[p].room as usize]
            .connectors
            .len()
    }

    /// Starts loading the record of placement `p`.
    pub fn prefetch_node(&self, p: usize) {
        if let Some(node) = self.nodes.get(p) {
            prefetch(node);
        }
    }

    /// Starts loading what a growth step from placement `p` reads: its connector states and
    /// the index cell at its corner. For a room picked at random these lie anywhere in memory,
    /// and asked for together the loads overlap instead of waiting for each other.
    pub fn prefetch_room(&self, p: usize) {
        let node = &self.nodes[p];
        if let Some(state) = self.conn_state.get(node.conn_base as usize) {
            prefetch(state);
        }
        self.index.prefetch_cell(node.origin);
    }

    /// The state of connector `c` of placement `p`.
    pub fn state(&self, p: usize, c: usize) -> u8 {
        self.conn_state[self.nodes[p].conn_base as usize + c]
    }

    fn set_state(&mut self, p: usize, c: usize, state: u8) {
        let base = self.nodes[p].conn_base as usize;
        self.conn_state[base + c] = state;
    }

    /// World position and direction of connector `c` of placement `p`.
    pub fn connector_world(&self, p: usize, c: usize) -> (IVec3, Dir) {
        let node = &self.nodes[p];
        let g = self.tables.conn_base[node.room as usize] + c;
        let t = usize::from(node.transform);
        (
            node.origin + self.tables.xf_pos[g][t],
            self.tables.xf_dir[g][t],
        )
    }

    fn push_placement(
        &mut self,
        room: usize,
        transform: Transform,
        origin: IVec3,
        depth: u32,
    ) -> usize {
        let idx = self.nodes.len();
        let size = self.tables.xf_size[room][transform.index()];
        self.index
            .insert(idx as u32, &Aabb::from_origin_size(origin, size));
        self.nodes.push(Node {
            origin,
            room: room as u32,
            depth,
            conn_base: self.conn_state.len() as u32,
            degree: 0,
            transform: transform.index() as u8,
            kind: self.pack.rooms[room].kind,
        });
        let n = self.pack.rooms[room].connectors.len();
        self.conn_state.extend(std::iter::repeat_n(OPEN, n));
        self.parent_edge.push(NO_PARENT);
        self.counts[room] += 1;
        if let Some(key) = self.pack.rooms[room].key {
            self.keys_placed[key] += 1;
        }
        idx
    }

    /// Places a START room at the world origin, untransformed.
    pub fn place_start(&mut self) -> Result<(), String> {
        let starts: Vec<f64> = self
            .pack
            .rooms
            .iter()
            .map(|r| {
                if r.kind == RoomType::Start {
                    r.weight.max(f64::MIN_POSITIVE)
                } else {
                    0.0
                }
            })
            .collect();
        let room = self
            .rng
            .weighted(&starts)
            .map_err(|_| "the pack has no START room".to_string())?;
        self.push_placement(room, Transform::IDENTITY, IVec3::ZERO, 0);
        Ok(())
    }

    fn door_of(&self, room: usize, c: usize) -> Option<Door> {
        self.pack.rooms[room].connectors[c].door
    }

    fn combine_doors(&self, from: usize, fc: usize, to: usize, tc: usize) -> LinkDoor {
        let a = self.door_of(self.room_of(from), fc);
        let b = self.door_of(self.room_of(to), tc);
        match (a, b) {
            (Some(Door::Locked(k)), _) | (_, Some(Door::Locked(k))) => LinkDoor::Locked(k as u32),
            (Some(Door::OneWay), _) => LinkDoor::OneWayFrom,
            (_, Some(Door::OneWay)) => LinkDoor::OneWayTo,
            (None, None) => LinkDoor::None,
            _ => LinkDoor::Normal,
        }
    }

    fn key_ready(&self, door: Option<Door>) -> bool {
        match door {
            Some(Door::Locked(key)) => self.keys_placed[key] > 0,
            _ => true,
        }
    }

    /// Rolls a success chance; a chance of 1 draws nothing.
    fn roll(&mut self, chance: f64) -> bool {
        chance >= 1.0 || self.rng.chance(chance)
    }

    /// The selection weight and tier of room `r` for an anchor in room `anchor_room`, connector
    /// `anchor_conn`, at `depth`; `None` when it may not go there.
    fn eligibility(
        &self,
        r: usize,
        anchor_room: usize,
        anchor_conn: usize,
        depth: u32,
        pick: Pick,
    ) -> Option<(f64, u8)> {
        let def = &self.pack.rooms[r];
        match pick {
            Pick::Normal if matches!(def.kind, RoomType::Start | RoomType::End) => return None,
            Pick::End if def.kind != RoomType::End => return None,
            Pick::Only(only) if only != r => return None,
            _ => {}
        }
        if def.kind == RoomType::Start || def.weight <= 0.0 || !def.depth.contains(depth) {
            return None;
        }
        let count = self.counts[r];
        if def.occurrences.max.is_some_and(|max| count >= max) {
            return None;
        }
        let anchor = &self.pack.rooms[anchor_room].connectors[anchor_conn];
        if (!anchor.whitelist.is_empty() && !anchor.whitelist.contains(r))
            || anchor.blacklist.contains(r)
        {
            return None;
        }
        let mut weight = def.weight;
        let anchor_is_corridor = self.pack.rooms[anchor_room].kind == RoomType::Corridor;
        if anchor_is_corridor != (def.kind == RoomType::Corridor) {
            weight *= self.pack.layout.corridor_bias;
        }
        let below_min = count < def.occurrences.min;
        if below_min {
            weight *= 3.0;
        }
        let tier = u8::from(!(below_min && def.kind == RoomType::Special));
        Some((weight, tier))
    }

    /// Finds a room, transform and connector that joins connector `c` of placement `p` without
    /// overlapping any placed room; candidates are drawn by weight without replacement, required
    /// SPECIAL rooms first, and each room's (connector, transform) pairs are shuffled.
    pub(crate) fn find_fit(&mut self, p: usize, c: usize, depth: u32, pick: Pick) -> Option<Fit> {
        let anchor_room = self.room_of(p);
        let anchor_def = &self.pack.rooms[anchor_room].connectors[c];
        if !self.key_ready(anchor_def.door) {
            return None;
        }
        let (anchor_pos, anchor_dir) = self.connector_world(p, c);
        let target_pos = anchor_pos + anchor_dir.vector();
        // The commonest failure inside a dense layout: the blocks beyond the doorway already
        // belong to a room. Any room entered here covers the line from the doorstep straight in
        // for at least `min_reach` blocks, so one thin probe rules every candidate out at once.
        let reach = self.tables.min_reach[anchor_dir as usize].max(1);
        let probe_end = target_pos + anchor_dir.vector() * (reach - 1);
        let probe = Aabb {
            min: target_pos.min(probe_end),
            max: target_pos.max(probe_end),
        };
        if self.index.hits(&probe) {
            return None;
        }
        let wanted = anchor_dir.opposite();
        let n_rooms = self.pack.rooms.len();
        for r in 0..n_rooms {
            match self.eligibility(r, anchor_room, c, depth, pick) {
                Some((weight, tier)) => {
                    self.weights[r] = weight;
                    self.tiers[r] = tier;
                }
                None => {
                    self.weights[r] = 0.0;
                    self.tiers[r] = u8::MAX;
                }
            }
        }
        let mut tier_weights = std::mem::take(&mut self.tier_weights);
        let mut found = None;
        'tiers: for tier in 0..2u8 {
            let mut any = false;
            for (r, weight) in tier_weights.iter_mut().enumerate() {
                *weight = if self.tiers[r] == tier {
                    self.weights[r]
                } else {
                    0.0
                };
                any |= *weight > 0.0;
            }
            if !any {
                continue;
            }
            while let Ok(r) = self.rng.weighted(&tier_weights) {
                if let Some(fit) = self.try_room(anchor_room, c, r, target_pos, wanted) {
                    found = Some(fit);
                    break 'tiers;
                }
                tier_weights[r] = 0.0;
            }
        }
        self.tier_weights = tier_weights;
        found
    }

    fn try_room(
        &mut self,
        anchor_room: usize,
        anchor_conn: usize,
        r: usize,
        target_pos: IVec3,
        wanted: Dir,
    ) -> Option<Fit> {
        let pack = self.pack;
        let def = &pack.rooms[r];
        let anchor = &pack.rooms[anchor_room].connectors[anchor_conn];
        let base = self.tables.conn_base[r];
        self.combos.clear();
        for (cb, conn) in def.connectors.iter().enumerate() {
            // A one-way door lets you out of its own room only, so it never leads into a
            // new child room.
            if conn.door == Some(Door::OneWay) || !self.key_ready(conn.door) {
                continue;
            }
            if !pack.rules_allow(anchor_room, anchor, r, conn) {
                continue;
            }
            for t in 0..8u8 {
                let covers = self.tables.xf_dirs[r][usize::from(t)] & self.required_dirs
                    == self.required_dirs;
                if covers && self.tables.xf_dir[base + cb][usize::from(t)] == wanted {
                    self.combos.push((cb as u16, t));
                }
            }
        }
        let mut combos = std::mem::take(&mut self.combos);
        self.rng.shuffle(&mut combos);
        let mut found = None;
        for &(cb, t) in &combos {
            let (cb, t) = (usize::from(cb), usize::from(t));
            if !self.roll(def.connectors[cb].success_chance) {
                continue;
            }
            let origin = target_pos - self.tables.xf_pos[base + cb][t];
            let aabb = Aabb::from_origin_size(origin, self.tables.xf_size[r][t]);
            if !self.index.hits(&aabb) {
                found = Some(Fit {
                    room: r,
                    connector: cb,
                    transform: Transform::ALL[t],
                    origin,
                });
                break;
            }
        }
        self.combos = combos;
        found
    }

    fn commit_new(&mut self, p: usize, c: usize, fit: Fit) -> usize {
        let depth = self.nodes[p].depth + 1;
        let idx = self.push_placement(fit.room, fit.transform, fit.origin, depth);
        self.set_state(p, c, USED);
        self.set_state(idx, fit.connector, USED);
        self.nodes[p].degree += 1;
        self.nodes[idx].degree += 1;
        let door = self.combine_doors(p, c, idx, fit.connector);
        self.parent_edge[idx] = self.links.len() as u32;
        self.links.push(Link {
            from: p as u32,
            to: idx as u32,
            from_connector: c as u32,
            to_connector: fit.connector as u32,
            door,
            kind: ConnectionKind::Tree,
        });
        idx
    }

    /// Tries to grow a new room on connector `c` of placement `p`: rolls the anchor's success
    /// chance, then looks for a fit. A connector that fails is marked TRIED (a wall for now; a
    /// loop may still use it).
    pub fn attach(&mut self, p: usize, c: usize, pick: Pick, allow_tried: bool) -> Option<usize> {
        let state = self.state(p, c);
        if state == USED || (state == TRIED && !allow_tried) {
            return None;
        }
        let chance = self.pack.rooms[self.room_of(p)].connectors[c].success_chance;
        if !self.roll(chance) {
            self.set_state(p, c, TRIED);
            return None;
        }
        let depth = self.nodes[p].depth + 1;
        match self.find_fit(p, c, depth, pick) {
            Some(fit) => Some(self.commit_new(p, c, fit)),
            None => {
                self.set_state(p, c, TRIED);
                None
            }
        }
    }

    /// Whether leaf `l` may be swapped for another room.
    fn swappable(&self, l: usize) -> bool {
        let node = &self.nodes[l];
        let def = &self.pack.rooms[node.room as usize];
        l != 0
            && node.degree == 1
            && self.parent_edge[l] != NO_PARENT
            && matches!(node.kind, RoomType::Room | RoomType::Corridor)
            && def.key.is_none()
            && self.counts[node.room as usize] > def.occurrences.min
    }

    /// Replaces leaf `l` by a room chosen with `pick` on the same parent connector; false (and
    /// nothing changed) when nothing fits.
    pub fn replace_leaf(&mut self, l: usize, pick: Pick) -> bool {
        if !self.swappable(l) {
            return false;
        }
        let edge = self.parent_edge[l] as usize;
        let (p, c) = (
            self.links[edge].from as usize,
            self.links[edge].from_connector as usize,
        );
        let old_box = self.node_box(l);
        // Unfiled, the leaf's own box does not block its replacement.
        self.index.remove(l as u32, &old_box);
        let depth = self.nodes[l].depth;
        let Some(fit) = self.find_fit(p, c, depth, pick) else {
            self.index.insert(l as u32, &old_box);
            return false;
        };
        let old_room = self.room_of(l);
        self.counts[old_room] -= 1;
        // The new room's connector states live in a fresh block.
        self.nodes[l] = Node {
            origin: fit.origin,
            room: fit.room as u32,
            depth,
            conn_base: self.conn_state.len() as u32,
            degree: self.nodes[l].degree,
            transform: fit.transform.index() as u8,
            kind: self.pack.rooms[fit.room].kind,
        };
        let aabb = self.node_box(l);
        self.index.insert(l as u32, &aabb);
        self.counts[fit.room] += 1;
        if let Some(key) = self.pack.rooms[fit.room].key {
            self.keys_placed[key] += 1;
        }
        let n = self.pack.rooms[fit.room].connectors.len();
        self.conn_state.extend(std::iter::repeat_n(OPEN, n));
        self.set_state(l, fit.connector, USED);
        let door = self.combine_doors(p, c, l, fit.connector);
        let link = &mut self.links[edge];
        link.to_connector = fit.connector as u32;
        link.door = door;
        true
    }

    /// Indices of placements by depth, deepest first (ties by index): a counting sort, since
    /// depths are small integers, so large layouts pay no n log n here.
    fn deepest_first(&self) -> Vec<usize> {
        let max_depth = self.nodes.iter().map(|p| p.depth).max().unwrap_or(0) as usize;
        // starts[k] counts, then locates, the placements of depth max_depth - k.
        let mut starts = vec![0usize; max_depth + 2];
        for p in &self.nodes {
            starts[max_depth - p.depth as usize + 1] += 1;
        }
        for k in 0..=max_depth {
            starts[k + 1] += starts[k];
        }
        let mut order = vec![0usize; self.len()];
        for (i, p) in self.nodes.iter().enumerate() {
            let slot = &mut starts[max_depth - p.depth as usize];
            order[*slot] = i;
            *slot += 1;
        }
        order
    }

    /// Makes sure the layout has an end: an END room attached as deep as possible (first on
    /// `preferred`), else swapped for a deep leaf, else the deepest leaf is marked as the end.
    pub fn place_end(&mut self, preferred: &[usize]) {
        if self.nodes.iter().any(|p| p.kind == RoomType::End) {
            return;
        }
        const SEARCH: usize = 256;
        let has_end_rooms = self.pack.rooms.iter().any(|r| r.kind == RoomType::End);
        let order = self.deepest_first();
        if has_end_rooms {
            let anchors: Vec<usize> = preferred
                .iter()
                .copied()
                .chain(order.iter().copied().take(SEARCH))
                .collect();
            for &p in &anchors {
                for c in 0..self.n_connectors(p) {
                    if self.attach(p, c, Pick::End, true).is_some() {
                        return;
                    }
                }
            }
            let leaves: Vec<usize> = preferred
                .iter()
                .copied()
                .chain(order.iter().copied())
                .filter(|&l| self.swappable(l))
                .take(SEARCH)
                .collect();
            for l in leaves {
                if self.replace_leaf(l, Pick::End) {
                    return;
                }
            }
        }
        // Document 004, chapter 8: the deepest leaf becomes the end.
        if let Some(&leaf) = order.iter().find(|&&l| l != 0 && self.nodes[l].degree <= 1) {
            self.nodes[leaf].kind = RoomType::End;
        }
    }

    /// Places rooms still below their minimum count: attached wherever they fit while the cap
    /// allows, else swapped for a leaf.
    pub fn place_required(&mut self) {
        let max_rooms = self.pack.layout.max_rooms as usize;
        for r in 0..self.pack.rooms.len() {
            let def = &self.pack.rooms[r];
            if def.kind == RoomType::Start {
                continue;
            }
            while self.counts[r] < def.occurrences.min {
                let mut placed = false;
                if self.len() < max_rooms {
                    'anchors: for p in 0..self.len() {
                        if !def.depth.contains(self.nodes[p].depth + 1) {
                            continue;
                        }
                        for c in 0..self.n_connectors(p) {
                            if self.attach(p, c, Pick::Only(r), true).is_some() {
                                placed = true;
                                break 'anchors;
                            }
                        }
                    }
                }
                if !placed {
                    for l in self.deepest_first() {
                        if def.depth.contains(self.nodes[l].depth)
                            && self.replace_leaf(l, Pick::Only(r))
                        {
                            placed = true;
                            break;
                        }
                    }
                }
                if !placed {
                    break;
                }
            }
        }
    }

    /// Adds loops: first between unused connectors that face each other across one block
    /// (document 004, chapter 7), then, while `maxLoops` and `maxRooms` allow, by bridging: one
    /// room, or a corridor and a room, from an unused connector to another one nearby
    /// ([`Builder::find_bridge`]), then the direct pass again for the connectors the bridges
    /// brought. Partners are found through position lookups, never by a scan.
    pub fn add_loops(&mut self) {
        let layout = &self.pack.layout;
        if layout.loop_chance <= 0.0 || layout.max_loops == Some(0) {
            return;
        }
        let mut loops = self.add_direct_loops(0);
        // With maxLoops or maxRooms reached no bridge can be built: skip the bridge search's
        // setup over every unused connector. It would only have shuffled them, and those draws
        // would have been the attempt's last, so the layout is the same.
        let max_rooms = layout.max_rooms as usize;
        if layout.max_loops.is_some_and(|max| loops >= max) || self.len() >= max_rooms {
            return;
        }
        let bridged = self.add_bridges(loops);
        if bridged > 0 {
            loops += bridged;
            self.add_direct_loops(loops);
        }
    }

    /// The unused connectors, in placement order, in `self.unused` (its memory kept from one
    /// layout to the next: a large layout has a few hundred thousand).
    fn collect_unused(&mut self) {
        let mut unused = std::mem::take(&mut self.unused);
        unused.clear();
        for p in 0..self.len() {
            for c in 0..self.n_connectors(p) {
                if self.state(p, c) != USED {
                    let (pos, dir) = self.connector_world(p, c);
                    unused.push(Unused {
                        pos,
                        placement: p as u32,
                        connector: c as u16,
                        dir,
                    });
                }
            }
        }
        self.unused = unused;
    }

    fn loop_allowed(&self, p: usize, c: usize, q: usize, d: usize) -> bool {
        self.pair_allowed(self.room_of(p), c, self.room_of(q), d)
    }

    fn push_loop(&mut self, p: usize, c: usize, q: usize, d: usize) {
        self.set_state(p, c, USED);
        self.set_state(q, d, USED);
        self.nodes[p].degree += 1;
        self.nodes[q].degree += 1;
        let door = self.combine_doors(p, c, q, d);
        self.links.push(Link {
            from: p as u32,
            to: q as u32,
            from_connector: c as u32,
            to_connector: d as u32,
            door,
            kind: ConnectionKind::Loop,
        });
    }

    /// Joins facing pairs of unused connectors; returns how many loops it added.
    fn add_direct_loops(&mut self, mut loops: u32) -> u32 {
        let layout = &self.pack.layout;
        self.collect_unused();
        let unused = &self.unused;
        let mut facing = std::mem::take(&mut self.facing);
        let partners = facing.partners(unused, |u| (u.pos, u.dir));
        let mut candidates: Vec<(usize, usize, usize, usize)> = Vec::new();
        for (i, (u, &partner)) in unused.iter().zip(partners).enumerate() {
            // A partner lies anywhere in the list: start loading the one a few steps ahead
            // (`NO_PARTNER` is past the end, so nothing is loaded for it).
            if let Some(&ahead) = partners.get(i + PREFETCH_AHEAD) {
                if let Some(v) = unused.get(ahead as usize) {
                    prefetch(v);
                }
            }
            if partner == NO_PARTNER {
                continue;
            }
            let v = &unused[partner as usize];
            // Each pair once, from its lower placement.
            if v.placement > u.placement {
                candidates.push((
                    u.placement as usize,
                    usize::from(u.connector),
                    v.placement as usize,
                    usize::from(v.connector),
                ));
            }
        }
        self.facing = facing;
        self.rng.shuffle(&mut candidates);
        let before = loops;
        for (p, c, q, d) in candidates {
            if layout.max_loops.is_some_and(|max| loops >= max) {
                break;
            }
            if !self.rng.chance(layout.loop_chance) || !self.loop_allowed(p, c, q, d) {
                continue;
            }
            self.push_loop(p, c, q, d);
            loops += 1;
        }
        loops - before
    }

    /// Whether connector `a` of room `room_a` may join connector `b` of room `room_b` as a loop.
    fn pair_allowed(&self, room_a: usize, a: usize, room_b: usize, b: usize) -> bool {
        let conn_a = &self.pack.rooms[room_a].connectors[a];
        let conn_b = &self.pack.rooms[room_b].connectors[b];
        self.pack.rules_allow(room_a, conn_a, room_b, conn_b)
            && self.pack.rules_allow(room_b, conn_b, room_a, conn_a)
            && self.key_ready(conn_a.door)
            && self.key_ready(conn_b.door)
    }

    /// Whether piece `piece` may enter from connector `c` of room `anchor_room` at `depth`,
    /// with `extra` more rooms of its kind already planned.
    fn piece_allowed(
        &self,
        piece: &Piece,
        anchor_room: usize,
        c: usize,
        depth: u32,
        extra: u32,
    ) -> bool {
        let r = piece.room;
        let def = &self.pack.rooms[r];
        let entry = &def.connectors[piece.entry];
        self.eligibility(r, anchor_room, c, depth, Pick::Normal)
            .is_some()
            && def
                .occurrences
                .max
                .is_none_or(|max| self.counts[r] + extra < max)
            && self.key_ready(entry.door)
            && self.pack.rules_allow(
                anchor_room,
                &self.pack.rooms[anchor_room].connectors[c],
                r,
                entry,
            )
    }

    /// The origin and box of `piece` entered at `doorstep`.
    fn piece_box(&self, piece: &Piece, doorstep: IVec3) -> (IVec3, Aabb) {
        let origin = doorstep + piece.offset;
        let size = self.tables.xf_size[piece.room][piece.transform];
        (origin, Aabb::from_origin_size(origin, size))
    }

    /// The spans of `dir` that meet a partner at `delta` pointing `partner_dir`.
    fn spans_to(&self, dir: Dir, delta: IVec3, partner_dir: Dir) -> &'p [Span] {
        let list = &self.tables.spans[dir as usize];
        let key = span_key(delta, partner_dir);
        let start = list.partition_point(|s| span_key(s.delta, s.partner_dir) < key);
        let len = list[start..]
            .iter()
            .take_while(|s| span_key(s.delta, s.partner_dir) == key)
            .count();
        &list[start..start + len]
    }

    /// Searches for a bridge from connector `c` of placement `p` to another unused connector
    /// near it: one room entered from `c` with a doorway that faces the partner, or, when
    /// `max_pieces` allows, a corridor and a second room. The search starts from the partners
    /// (found through a point index of the unused connectors) and finds the rooms that reach
    /// each by binary search in [`Tables::spans`], so its cost does not depend on how many
    /// rooms the pack has that lead nowhere.
    fn find_bridge(
        &mut self,
        partners: &GridIndex,
        unused: &[Unused],
        p: usize,
        c: usize,
        max_pieces: u32,
    ) -> Option<BridgePlan> {
        let tables = self.tables;
        let anchor_room = self.room_of(p);
        if !self.key_ready(self.pack.rooms[anchor_room].connectors[c].door) {
            return None;
        }
        let (anchor_pos, dir) = self.connector_world(p, c);
        let doorstep = anchor_pos + dir.vector();
        if self.index.hits(&Aabb {
            min: doorstep,
            max: doorstep,
        }) {
            return None;
        }
        let mut near = std::mem::take(&mut self.near);
        near.clear();
        let window = Aabb {
            min: doorstep - IVec3::splat(tables.bridge_reach),
            max: doorstep + IVec3::splat(tables.bridge_reach),
        };
        partners.for_each_near(&window, |i| {
            let u = unused[i as usize];
            if u.placement as usize != p && window.contains(u.pos) {
                near.push((u.pos, u.placement, u.connector));
            }
        });
        near.sort_by_key(|e| (e.0.x, e.0.y, e.0.z, e.1, e.2));
        near.dedup();
        near.retain(|&(_, q, d)| self.state(q as usize, usize::from(d)) != USED);
        let plan = if near.is_empty() {
            None
        } else {
            let start = self.rng.index(near.len()).unwrap_or(0);
            near.rotate_left(start);
            self.search_bridge(&near, p, c, doorstep, dir, max_pieces)
        };
        self.near = near;
        plan
    }

    fn search_bridge(
        &self,
        near: &[(IVec3, u32, u16)],
        p: usize,
        c: usize,
        doorstep: IVec3,
        dir: Dir,
        max_pieces: u32,
    ) -> Option<BridgePlan> {
        let tables = self.tables;
        let anchor_room = self.room_of(p);
        let depth = self.nodes[p].depth + 1;
        let pieces = &tables.pieces[dir as usize];
        // One room.
        for &(pos, q, d) in near {
            let (q, d) = (q as usize, usize::from(d));
            let partner_dir = self.connector_world(q, d).1;
            for span in self.spans_to(dir, pos - doorstep, partner_dir) {
                let piece = &pieces[span.piece as usize];
                let exit = usize::from(span.exit);
                if !self.piece_allowed(piece, anchor_room, c, depth, 0)
                    || !self.pair_allowed(piece.room, exit, self.room_of(q), d)
                {
                    continue;
                }
                let (origin, aabb) = self.piece_box(piece, doorstep);
                if !self.index.hits(&aabb) {
                    return Some(BridgePlan {
                        first: first_fit(piece, origin),
                        second: None,
                        exit,
                        partner: (q, d),
                    });
                }
            }
        }
        if max_pieces < 2 {
            return None;
        }
        // A corridor, then a room that reaches the partner.
        for first in pieces.iter().filter(|f| f.corridor) {
            if !self.piece_allowed(first, anchor_room, c, depth, 0) {
                continue;
            }
            let (origin, aabb) = self.piece_box(first, doorstep);
            let mut first_free = None;
            let base = tables.conn_base[first.room];
            for e in 0..self.pack.rooms[first.room].connectors.len() {
                if e == first.entry {
                    continue;
                }
                let exit_pos = origin + tables.xf_pos[base + e][first.transform];
                let exit_dir = tables.xf_dir[base + e][first.transform];
                let doorstep2 = exit_pos + exit_dir.vector();
                for &(pos, q, d) in near {
                    let (q, d) = (q as usize, usize::from(d));
                    let partner_dir = self.connector_world(q, d).1;
                    for span in self.spans_to(exit_dir, pos - doorstep2, partner_dir) {
                        let second = &tables.pieces[exit_dir as usize][span.piece as usize];
                        let exit = usize::from(span.exit);
                        let extra = u32::from(second.room == first.room);
                        if !self.piece_allowed(second, first.room, e, depth + 1, extra)
                            || !self.pair_allowed(second.room, exit, self.room_of(q), d)
                        {
                            continue;
                        }
                        if !*first_free.get_or_insert_with(|| !self.index.hits(&aabb)) {
                            break;
                        }
                        let (origin2, aabb2) = self.piece_box(second, doorstep2);
                        // The two rooms lie on either side of the corridor's exit face, so
                        // only the placed rooms can block the second one.
                        if !self.index.hits(&aabb2) {
                            return Some(BridgePlan {
                                first: first_fit(first, origin),
                                second: Some((e, first_fit(second, origin2))),
                                exit,
                                partner: (q, d),
                            });
                        }
                    }
                    if first_free == Some(false) {
                        break;
                    }
                }
                if first_free == Some(false) {
                    break;
                }
            }
        }
        None
    }

    /// Closes loops through new rooms: from each unused connector (in random order), a bridge
    /// of one room, or a corridor and a room, whose last doorway faces another unused connector
    /// ([`Builder::find_bridge`]); each bridge found is built with chance `loopChance`. Returns
    /// how many loops it added.
    fn add_bridges(&mut self, mut loops: u32) -> u32 {
        let layout = &self.pack.layout;
        let max_rooms = layout.max_rooms as usize;
        self.collect_unused();
        let unused = std::mem::take(&mut self.unused);
        let mut partners = std::mem::take(&mut self.partners);
        partners.clear();
        for (i, u) in unused.iter().enumerate() {
            partners.insert(
                i as u32,
                &Aabb {
                    min: u.pos,
                    max: u.pos,
                },
            );
        }
        let mut order: Vec<(u32, u16)> =
            unused.iter().map(|u| (u.placement, u.connector)).collect();
        self.rng.shuffle(&mut order);
        let before = loops;
        for (p, c) in order {
            let room_left = max_rooms.saturating_sub(self.len()) as u32;
            if layout.max_loops.is_some_and(|max| loops >= max) || room_left == 0 {
                break;
            }
            let (p, c) = (p as usize, usize::from(c));
            if self.state(p, c) == USED {
                continue;
            }
            let Some(plan) = self.find_bridge(&partners, &unused, p, c, room_left.min(2)) else {
                continue;
            };
            if !self.rng.chance(layout.loop_chance) {
                continue;
            }
            let mut last = self.commit_new(p, c, plan.first);
            if let Some((exit, fit)) = plan.second {
                last = self.commit_new(last, exit, fit);
            }
            let (q, d) = plan.partner;
            self.push_loop(last, plan.exit, q, d);
            loops += 1;
        }
        self.partners = partners;
        self.unused = unused;
        loops - before
    }

    /// The placements reachable from the start through passable connections, skipping
    /// connection `blocked` (one-way doors pass only out of their own room).
    pub fn reachable(&self, adjacency: &Adjacency, blocked: Option<usize>) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![0usize];
        seen[0] = true;
        while let Some(p) = stack.pop() {
            for &(q, edge) in adjacency.neighbours(p) {
                let (q, edge) = (q as usize, edge as usize);
                if seen[q] || Some(edge) == blocked {
                    continue;
                }
                seen[q] = true;
                stack.push(q);
            }
        }
        seen
    }

    /// The first rule the layout breaks, as a sentence; `None` when it keeps them all.
    pub fn broken_rule(&self) -> Option<String> {
        let pack = self.pack;
        let n = self.len() as u32;
        if n < pack.layout.min_rooms {
            return Some(format!(
                "only {n} rooms could be placed but minRooms is {}",
                pack.layout.min_rooms
            ));
        }
        if n > pack.layout.max_rooms {
            return Some(format!(
                "{n} rooms exceed maxRooms {}",
                pack.layout.max_rooms
            ));
        }
        let max_depth = self.nodes.iter().map(|p| p.depth).max().unwrap_or(0);
        for (r, def) in pack.rooms.iter().enumerate() {
            let count = self.counts[r];
            if count < def.occurrences.min {
                if def.depth.min > max_depth {
                    return Some(format!(
                        "room `{}` needs depth >= {} but the layout reached depth {max_depth}",
                        def.id, def.depth.min
                    ));
                }
                return Some(format!(
                    "room `{}` appeared {count} times but needs at least {} (no place fitted it)",
                    def.id, def.occurrences.min
                ));
            }
        }
        if !self.nodes.iter().any(|p| p.kind == RoomType::End) {
            return Some(
                "no END room could be placed and no leaf could become the end".to_string(),
            );
        }
        self.broken_reachability()
    }

    /// The first reachability rule the layout breaks (every room reached from the start, every
    /// key without its own locked door), as [`Builder::broken_rule`] words it.
    fn broken_reachability(&self) -> Option<String> {
        let pack = self.pack;
        // The tree the layout grew as normally passes the checks on its own: every room is
        // reached from its parent. Only when it does not are the connections walked.
        let Some(tree) = BuildTree::new(&self.links, &self.parent_edge) else {
            return self.broken_reachability_by_walks();
        };
        // Per key, the first and last preorder number of the rooms holding it.
        let mut key_span = vec![(u32::MAX, 0u32); pack.keys.len()];
        for (p, &enter) in tree.enter.iter().enumerate() {
            if let Some(key) = pack.rooms[self.room_of(p)].key {
                let span = &mut key_span[key];
                *span = (span.0.min(enter), span.1.max(enter));
            }
        }
        let mut adjacency = None;
        for (edge, link) in self.links.iter().enumerate() {
            let LinkDoor::Locked(key) = link.door else {
                continue;
            };
            let key = key as usize;
            let (first, last) = key_span[key];
            // Without the door, every room outside the subtree it leads into (none, for a
            // loop) is still reached along its tree path, so a key room outside settles it;
            // only when every key room lies inside are the connections walked.
            let to = link.to as usize;
            let key_outside = first <= last
                && (self.parent_edge[to] != edge as u32 || {
                    let (start, end) = (tree.enter[to], tree.enter[to] + tree.size[to]);
                    first < start || last >= end
                });
            let key_found = key_outside || {
                let adjacency =
                    adjacency.get_or_insert_with(|| Adjacency::new(self.len(), &self.links));
                self.key_reached_without(adjacency, edge, key)
            };
            if !key_found {
                return Some(self.key_behind_its_door(key));
            }
        }
        None
    }

    /// [`Builder::broken_reachability`] by walking the connections.
    fn broken_reachability_by_walks(&self) -> Option<String> {
        let adjacency = Adjacency::new(self.len(), &self.links);
        if self.reachable(&adjacency, None).iter().any(|&r| !r) {
            return Some(
                "some rooms cannot be reached from the start through one-way doors".to_string(),
            );
        }
        for (edge, link) in self.links.iter().enumerate() {
            let LinkDoor::Locked(key) = link.door else {
                continue;
            };
            let key = key as usize;
            if !self.key_reached_without(&adjacency, edge, key) {
                return Some(self.key_behind_its_door(key));
            }
        }
        None
    }

    /// Whether a room holding `key` is reached from the start without passing connection `edge`.
    fn key_reached_without(&self, adjacency: &Adjacency, edge: usize, key: usize) -> bool {
        let reach = self.reachable(adjacency, Some(edge));
        (0..self.len()).any(|p| reach[p] && self.pack.rooms[self.room_of(p)].key == Some(key))
    }

    /// The broken rule for a `key` reached only through its own locked door.
    fn key_behind_its_door(&self, key: usize) -> String {
        format!(
            "key `{}` cannot be reached from the start without passing its own locked door",
            self.pack.keys[key]
        )
    }
}

/// The tree the layout grew (every room below the parent it was grown from, whose index is
/// lower), numbered in preorder with children in index order: a room's subtree is the rooms
/// whose `enter` lies in `enter..enter + size`. Made by sweeps in index order, with no walk
/// over the connections, which at 100,000 rooms would jump about memory at every step.
struct BuildTree {
    enter: Vec<u32>,
    size: Vec<u32>,
}

impl BuildTree {
    /// `None` when a room is not reached from its parent through the tree (a tree connection
    /// passable only the other way, or not in the expected shape).
    fn new(links: &[Link], parent_edge: &[u32]) -> Option<BuildTree> {
        let n = parent_edge.len();
        let parent = |i: usize| -> Option<usize> {
            let link = links.get(*parent_edge.get(i)? as usize)?;
            let from = link.from as usize;
            (link.to as usize == i && from < i && link.passable().0).then_some(from)
        };
        let mut size = vec![1u32; n];
        for i in (1..n).rev() {
            size[parent(i)?] += size[i];
        }
        let mut enter = vec![0u32; n];
        // Per room, the preorder number its next child gets.
        let mut next = vec![1u32; n];
        for i in 1..n {
            let p = parent(i)?;
            enter[i] = next[p];
            next[p] += size[i];
            next[i] = enter[i] + 1;
        }
        Some(BuildTree { enter, size })
    }
}

/// Neighbour lists of the placements, in compressed rows, holding only the ways a connection
/// can be passed (a one-way door only out of its own room): a reachability walk then reads these
/// rows alone, not the large connection records at random.
pub(crate) struct Adjacency {
    starts: Vec<u32>,
    items: Vec<(u32, u32)>,
}

impl Adjacency {
    pub fn new(n: usize, links: &[Link]) -> Adjacency {
        let mut starts = vec![0u32; n + 1];
        for c in links {
            let (forward, backward) = c.passable();
            starts[c.from as usize + 1] += u32::from(forward);
            starts[c.to as usize + 1] += u32::from(backward);
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut items = vec![(0, 0); starts[n] as usize];
        for (edge, c) in links.iter().enumerate() {
            let (forward, backward) = c.passable();
            let (from, to) = (c.from as usize, c.to as usize);
            if forward {
                items[fill[from] as usize] = (c.to, edge as u32);
                fill[from] += 1;
            }
            if backward {
                items[fill[to] as usize] = (c.from, edge as u32);
                fill[to] += 1;
            }
        }
        Adjacency { starts, items }
    }

    /// The placements `p` can pass to, each with the connection it passes through.
    pub fn neighbours(&self, p: usize) -> &[(u32, u32)] {
        &self.items[self.starts[p] as usize..self.starts[p + 1] as usize]
    }
}

/// Generates layouts for one pack, reusing its tables and buffers between calls: a batch of
/// layouts (many seeds, or many engines) made with one generator allocates its working memory
/// once, which for large layouts saves the page faults of fresh memory on every call.
pub struct Generator<'p> {
    pack: &'p Pack,
    tables: Tables,
    buffers: Buffers,
}

impl<'p> Generator<'p> {
    /// Prepares the transform tables of `pack`.
    pub fn new(pack: &'p Pack) -> Generator<'p> {
        Generator {
            pack,
            tables: Tables::new(pack),
            buffers: Buffers::default(),
        }
    }

    /// Generates a layout with `engine`. Each attempt after the first uses a seed derived from
    /// `seed`; after `layout.attempts` failures the error names the rule the last attempt broke.
    /// The result depends on the pack, engine and seed only, never on earlier calls.
    pub fn generate(&mut self, engine: Engine, seed: u32) -> Result<Layout, Error> {
        let buffers = std::mem::take(&mut self.buffers);
        let mut builder = Builder::new(self.pack, &self.tables, buffers);
        let result = attempts(&mut builder, engine, seed);
        self.buffers = builder.into_buffers();
        result
    }
}

/// Runs up to `layout.attempts` attempts on `builder` (see [`Generator::generate`]).
fn attempts(builder: &mut Builder<'_>, engine: Engine, seed: u32) -> Result<Layout, Error> {
    let pack = builder.pack;
    let mut seeder = Lcg31::new(seed);
    let attempts = pack.layout.attempts.max(1);
    let mut last_rule = String::new();
    for attempt in 0..attempts {
        let attempt_seed = if attempt == 0 {
            seed & 0x7FFF_FFFF
        } else {
            seeder.next_u31()
        };
        builder.reset(attempt_seed);
        let target = builder
            .rng
            .range(pack.layout.min_rooms as i32, pack.layout.max_rooms as i32)
            .map_err(|_| Error::new(ErrorKind::BadRequest("minRooms is above maxRooms".into())))?;
        let reserve = u32::from(pack.rooms.iter().any(|r| r.kind == RoomType::End));
        builder.target = (target as u32).saturating_sub(reserve).max(1);
        if let Err(message) = builder.place_start() {
            return Err(Error::new(ErrorKind::BadRequest(message)));
        }
        let preferred = engines::run(builder, engine)?;
        builder.place_end(&preferred);
        builder.place_required();
        builder.add_loops();
        match builder.broken_rule() {
            None => return Ok(finish(builder, engine, seed, attempt_seed, attempt + 1)),
            Some(rule) => last_rule = rule,
        }
    }
    Err(Error::new(ErrorKind::Unmet {
        rule: last_rule,
        attempts,
    }))
}

fn finish(
    builder: &Builder<'_>,
    engine: Engine,
    seed: u32,
    attempt_seed: u32,
    attempts: u32,
) -> Layout {
    let mut stats = Stats {
        rooms: builder.len() as u32,
        attempts,
        ..Stats::default()
    };
    let mut unused = 0;
    // Counted per type in an array first: a map lookup per room costs a few string compares.
    const KINDS: [RoomType; 5] = [
        RoomType::Start,
        RoomType::End,
        RoomType::Room,
        RoomType::Corridor,
        RoomType::Special,
    ];
    // Exhaustive, so a new type cannot be left out of `KINDS` unnoticed.
    let slot = |kind: RoomType| match kind {
        RoomType::Start => 0,
        RoomType::End => 1,
        RoomType::Room => 2,
        RoomType::Corridor => 3,
        RoomType::Special => 4,
    };
    let mut by_type = [0u32; KINDS.len()];
    for (p, node) in builder.nodes.iter().enumerate() {
        by_type[slot(node.kind)] += 1;
        stats.max_depth = stats.max_depth.max(node.depth);
        stats.dead_ends += u32::from(node.degree == 1);
        unused += (0..builder.n_connectors(p))
            .filter(|&c| builder.state(p, c) != USED)
            .count() as u32;
    }
    stats.unused_connectors = unused;
    for (kind, &count) in KINDS.iter().zip(&by_type) {
        if count > 0 {
            stats.rooms_by_type.insert(kind.name(), count);
        }
    }
    stats.loops = builder
        .links
        .iter()
        .filter(|c| c.kind == ConnectionKind::Loop)
        .count() as u32;
    let tables = builder.tables;
    let mut graph = UnGraph::with_capacity(builder.len(), builder.links.len());
    for node in &builder.nodes {
        let (room, t) = (node.room as usize, usize::from(node.transform));
        graph.add_node(Placement {
            room,
            kind: node.kind,
            origin: node.origin,
            size: tables.xf_size[room][t],
            transform: Transform::ALL[t],
            depth: node.depth,
        });
    }
    for (i, link) in builder.links.iter().enumerate() {
        // Each edge updates the lists of its two rooms, which lie anywhere in the node arrays:
        // start loading the rooms of the edge a few steps ahead.
        if let Some(ahead) = builder.links.get(i + PREFETCH_AHEAD) {
            let nodes = graph.raw_nodes();
            for room in [ahead.from as usize, ahead.to as usize] {
                if let Some(node) = nodes.get(room) {
                    prefetch(node);
                }
            }
            prefetch(&builder.nodes[ahead.from as usize]);
        }
        let (from, to) = (link.from as usize, link.to as usize);
        let (from_pos, dir) = builder.connector_world(from, link.from_connector as usize);
        graph.add_edge(
            NodeIndex::new(from),
            NodeIndex::new(to),
            Connection {
                from,
                to,
                from_connector: link.from_connector as usize,
                to_connector: link.to_connector as usize,
                from_pos,
                to_pos: from_pos + dir.vector(),
                kind: link.kind,
                door: link.connection_door(),
            },
        );
    }
    Layout {
        graph,
        stats,
        engine,
        seed,
        attempt_seed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pack::{CASTLE_YAML, MINES_YAML};

    /// A generator reused across engines and seeds (its buffers left over from larger and
    /// smaller layouts) makes the very layouts fresh ones make.
    #[test]
    fn reused_generator_matches_fresh_ones() {
        for yaml in [CASTLE_YAML, MINES_YAML] {
            let pack = Pack::from_yaml(yaml).expect("shipped packs are valid");
            let mut generator = Generator::new(&pack);
            for seed in 0..40u32 {
                let engine = Engine::ALL[(seed as usize * 7 / 3) % 4];
                let reused = generator.generate(engine, seed);
                let fresh = generate(&pack, engine, seed);
                match (reused, fresh) {
                    (Ok(reused), Ok(fresh)) => {
                        assert!(
                            reused.placements().eq(fresh.placements())
                                && reused.connections().eq(fresh.connections())
                                && reused.stats == fresh.stats
                                && reused.attempt_seed == fresh.attempt_seed,
                            "{} seed {seed}",
                            engine.name()
                        );
                    }
                    (Err(reused), Err(fresh)) => {
                        assert_eq!(reused.to_string(), fresh.to_string(), "seed {seed}")
                    }
                    (reused, fresh) => panic!(
                        "seed {seed}: reused {:?} but fresh {:?}",
                        reused.map(|l| l.stats),
                        fresh.map(|l| l.stats)
                    ),
                }
            }
        }
    }

    /// The reachability rules read off the grown tree give the verdict the connection walks
    /// give, on layouts whose doors are then changed at random: locks on random connections
    /// (keys inside and outside the subtrees behind them, loops locked too) and one-way doors
    /// either way round (rooms cut off, trees not passable from the parent).
    #[test]
    fn tree_rules_match_the_walks() {
        let mut verdicts = [0u32; 3];
        for yaml in [CASTLE_YAML, MINES_YAML] {
            let pack = Pack::from_yaml(yaml).expect("shipped packs are valid");
            let tables = Tables::new(&pack);
            let mut builder = Builder::new(&pack, &tables, Buffers::default());
            for seed in 0..60u32 {
                let engine = Engine::ALL[seed as usize % 4];
                builder.reset(seed);
                builder.target = pack.layout.max_rooms.saturating_sub(1).max(1);
                builder.place_start().expect("the packs have a start room");
                engines::run(&mut builder, engine).expect("the packs' engines run");
                builder.add_loops();
                let mut rng = Lcg31::new(seed + 1000);
                for round in 0..8 {
                    let mut links = builder.links.clone();
                    for link in &mut links {
                        let roll = rng.index(20).unwrap_or(0);
                        link.door = match roll {
                            0 | 1 if !pack.keys.is_empty() => {
                                let key = rng.index(pack.keys.len()).unwrap_or(0);
                                LinkDoor::Locked(key as u32)
                            }
                            2 if round % 2 == 1 => LinkDoor::OneWayTo,
                            3 => LinkDoor::OneWayFrom,
                            _ => link.door,
                        };
                    }
                    let saved = std::mem::replace(&mut builder.links, links);
                    let fast = builder.broken_reachability();
                    let walked = builder.broken_reachability_by_walks();
                    builder.links = saved;
                    assert_eq!(fast, walked, "seed {seed}, round {round}");
                    let kind = match &fast {
                        None => 0,
                        Some(rule) if rule.starts_with("key") => 1,
                        Some(_) => 2,
                    };
                    verdicts[kind] += 1;
                }
            }
        }
        // Every kind of verdict came up, so each path was compared.
        assert!(verdicts.iter().all(|&v| v > 0), "verdicts {verdicts:?}");
    }
}
