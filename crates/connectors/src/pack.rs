//! Room packs: the YAML schema (shaped like document 004's example, `deny_unknown_fields`), the
//! validated runtime model ([`Pack`], [`RoomDef`], [`ConnectorDef`]) and the validation pass that
//! collects every problem with its path and line before anything is generated.

use glam::IVec3;
use serde::Deserialize;

use crate::error::{Error, ErrorKind, Problem};
use crate::geom::Dir;
use crate::locate::LineIndex;

// ---------------------------------------------------------------------------------------------
// The file schema.

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct PackFile {
    name: String,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    layout: LayoutFile,
    rooms: Vec<RoomFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct LayoutFile {
    #[serde(default = "default_engine")]
    engine: Engine,
    #[serde(default = "default_min_rooms")]
    min_rooms: u32,
    #[serde(default = "default_max_rooms")]
    max_rooms: u32,
    #[serde(default)]
    loop_chance: f64,
    #[serde(default)]
    max_loops: u32,
    #[serde(default = "default_corridor_bias")]
    corridor_bias: f64,
    #[serde(default = "default_attempts")]
    attempts: u32,
    #[serde(default)]
    branching: BranchingParams,
    #[serde(default)]
    random_walk: RandomWalkParams,
    #[serde(default)]
    grid_maze: GridMazeParams,
}

impl Default for LayoutFile {
    fn default() -> Self {
        LayoutFile {
            engine: default_engine(),
            min_rooms: default_min_rooms(),
            max_rooms: default_max_rooms(),
            loop_chance: 0.0,
            max_loops: 0,
            corridor_bias: default_corridor_bias(),
            attempts: default_attempts(),
            branching: BranchingParams::default(),
            random_walk: RandomWalkParams::default(),
            grid_maze: GridMazeParams::default(),
        }
    }
}

/// The largest room weight a pack may give.
const MAX_WEIGHT: f64 = 1e12;

fn default_engine() -> Engine {
    Engine::Minecrafty
}
fn default_min_rooms() -> u32 {
    8
}
fn default_max_rooms() -> u32 {
    12
}
fn default_corridor_bias() -> f64 {
    2.0
}
fn default_attempts() -> u32 {
    8
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RoomFile {
    id: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(rename = "type")]
    kind: RoomType,
    structure: String,
    size: [i32; 3],
    #[serde(default)]
    origin: [i32; 3],
    #[serde(default = "default_weight")]
    weight: f64,
    #[serde(default)]
    occurrences: RangeFile,
    #[serde(default)]
    depth: RangeFile,
    #[serde(default)]
    key: Option<String>,
    #[serde(default)]
    connectors: Vec<ConnectorFile>,
}

fn default_weight() -> f64 {
    1.0
}

#[derive(Deserialize, Default, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct RangeFile {
    #[serde(default)]
    min: u32,
    /// 0 means no upper bound, as in document 004.
    #[serde(default)]
    max: u32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct ConnectorFile {
    id: String,
    position: [i32; 3],
    direction: Dir,
    #[serde(default)]
    tags: Vec<String>,
    #[serde(default)]
    whitelist: Vec<String>,
    #[serde(default)]
    blacklist: Vec<String>,
    #[serde(default = "default_chance")]
    success_chance: f64,
    #[serde(default)]
    door: Option<DoorFile>,
}

fn default_chance() -> f64 {
    1.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DoorFile {
    #[serde(rename = "type")]
    kind: DoorKindFile,
    #[serde(default)]
    key: Option<String>,
}

#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum DoorKindFile {
    Normal,
    Locked,
    OneWay,
}

// ---------------------------------------------------------------------------------------------
// The runtime model.

/// The layout engine of a pack (or of a `--engine` override).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Engine {
    /// Breadth-first growth from the start room (document 004's "蔓延式").
    Minecrafty,
    /// A trunk from the start, then branches off it.
    Branching,
    /// A maze on an abstract grid whose cells become rooms.
    GridMaze,
    /// Random growth from the tips or from anywhere, by `boundaryBias`.
    RandomWalk,
}

impl Engine {
    /// The four engines.
    pub const ALL: [Engine; 4] = [
        Engine::Minecrafty,
        Engine::Branching,
        Engine::GridMaze,
        Engine::RandomWalk,
    ];

    /// The name used in packs and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Minecrafty => "minecrafty",
            Engine::Branching => "branching",
            Engine::GridMaze => "grid-maze",
            Engine::RandomWalk => "random-walk",
        }
    }

    /// The engine of a name, as [`Engine::name`] writes it.
    pub fn from_name(name: &str) -> Option<Engine> {
        Engine::ALL.into_iter().find(|e| e.name() == name)
    }
}

/// The role of a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum RoomType {
    /// The first room, at depth 0; exactly one per layout.
    Start,
    /// A goal room (boss, exit); at least one per layout, as deep as possible.
    End,
    /// An ordinary room.
    Room,
    /// A connecting piece; selection alternates corridors and rooms.
    Corridor,
    /// A room that must appear (treasure, shop, key room): planned before the others.
    Special,
}

impl RoomType {
    /// The upper-case name used in packs and JSON.
    pub fn name(self) -> &'static str {
        match self {
            RoomType::Start => "START",
            RoomType::End => "END",
            RoomType::Room => "ROOM",
            RoomType::Corridor => "CORRIDOR",
            RoomType::Special => "SPECIAL",
        }
    }
}

/// A door on a connector.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Door {
    /// An ordinary door.
    Normal,
    /// A door opened by the key of this index in [`Pack::keys`].
    Locked(usize),
    /// A door passable only out of the room that declares it.
    OneWay,
}

/// A set of room indices (a bitset over [`Pack::rooms`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoomSet {
    words: Vec<u64>,
}

impl RoomSet {
    fn insert(&mut self, room: usize) {
        let word = room / 64;
        if self.words.len() <= word {
            self.words.resize(word + 1, 0);
        }
        self.words[word] |= 1 << (room % 64);
    }

    /// Whether `room` is in the set.
    pub fn contains(&self, room: usize) -> bool {
        self.words
            .get(room / 64)
            .is_some_and(|w| w & (1 << (room % 64)) != 0)
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
}

/// An inclusive count or depth range; `max: None` is unbounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The least value.
    pub min: u32,
    /// The greatest value, if bounded.
    pub max: Option<u32>,
}

impl Bounds {
    fn from_file(range: RangeFile) -> Bounds {
        Bounds {
            min: range.min,
            max: (range.max != 0).then_some(range.max),
        }
    }

    /// Whether `value` is inside.
    pub fn contains(&self, value: u32) -> bool {
        value >= self.min && self.max.is_none_or(|max| value <= max)
    }
}

/// A validated connector.
#[derive(Clone, Debug)]
pub struct ConnectorDef {
    /// Unique within its room.
    pub id: String,
    /// Local position, on the room's face that `direction` points out of.
    pub position: IVec3,
    /// Where it leads.
    pub direction: Dir,
    /// Tag names, as written.
    pub tags: Vec<String>,
    /// Tags as a bitmask over [`Pack::tags`]; 0 matches anything.
    pub tag_mask: u64,
    /// If non-empty, only these rooms may join here.
    pub whitelist: RoomSet,
    /// These rooms may never join here.
    pub blacklist: RoomSet,
    /// The chance, rolled per attempt, that this connector takes part in a join.
    pub success_chance: f64,
    /// The door in this doorway, if any.
    pub door: Option<Door>,
}

/// A validated room type of a pack.
#[derive(Clone, Debug)]
pub struct RoomDef {
    /// Unique id.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Its role.
    pub kind: RoomType,
    /// The structure it is built from (`castle/boss_arena` is `structures/castle/boss_arena.nbt`).
    pub structure: String,
    /// Size in blocks, [x, y, z].
    pub size: IVec3,
    /// The rotation pivot of document 004, kept for exporters; layouts place rooms by their
    /// transformed minimum corner, so it does not change where a room goes.
    pub pivot: IVec3,
    /// Doorways.
    pub connectors: Vec<ConnectorDef>,
    /// Selection weight (a share, not a probability).
    pub weight: f64,
    /// How many times it may appear.
    pub occurrences: Bounds,
    /// The depths (room-count distance from the start) it may appear at.
    pub depth: Bounds,
    /// The key (index into [`Pack::keys`]) found in this room.
    pub key: Option<usize>,
}

/// Parameters of the branching engine.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct BranchingParams {
    /// Least trunk rooms, start included.
    pub trunk_min: u32,
    /// Most trunk rooms, start included.
    pub trunk_max: u32,
    /// 0..=1: the chance that the trunk tries to go on in the direction it came from first.
    pub straightness: f64,
    /// How many branches grow off the trunk.
    pub branch_count: u32,
    /// Rooms per branch.
    pub branch_depth: u32,
    /// Where END rooms go: `trunk` (the trunk's last room) or `branch` (a branch's last room).
    pub end_at: EndAt,
}

impl Default for BranchingParams {
    fn default() -> Self {
        BranchingParams {
            trunk_min: 6,
            trunk_max: 10,
            straightness: 0.5,
            branch_count: 3,
            branch_depth: 2,
            end_at: EndAt::Trunk,
        }
    }
}

/// Where the branching engine puts the end room.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndAt {
    /// At the end of the trunk.
    #[default]
    Trunk,
    /// At the end of the deepest branch.
    Branch,
}

/// Parameters of the random-walk engine.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct RandomWalkParams {
    /// 0..=1: the chance of growing from a tip (a room with one connection) rather than from
    /// any room.
    pub boundary_bias: f64,
}

impl Default for RandomWalkParams {
    fn default() -> Self {
        RandomWalkParams { boundary_bias: 0.5 }
    }
}

/// Parameters of the grid-maze engine.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct GridMazeParams {
    /// `dfs`, `prim`, `kruskal`, `binary-tree`, `sidewinder` or `growing-tree[:policy]`.
    pub algorithm: String,
    /// 0..=1: the share of dead ends removed (braiding) before rooms are placed.
    pub braid: f64,
}

impl Default for GridMazeParams {
    fn default() -> Self {
        GridMazeParams {
            algorithm: "dfs".to_string(),
            braid: 0.0,
        }
    }
}

/// Layout parameters of a pack.
#[derive(Clone, Debug)]
pub struct LayoutParams {
    /// The pack's own engine.
    pub engine: Engine,
    /// A layout with fewer rooms is rejected and retried.
    pub min_rooms: u32,
    /// Generation stops at this many rooms.
    pub max_rooms: u32,
    /// The chance of adding each candidate loop.
    pub loop_chance: f64,
    /// The most loops added; `None` leaves it to the chance.
    pub max_loops: Option<u32>,
    /// The weight factor for the preferred class (a corridor after a room, a room after a
    /// corridor).
    pub corridor_bias: f64,
    /// Attempts, each with its own derived seed, before giving up.
    pub attempts: u32,
    /// Branching engine parameters.
    pub branching: BranchingParams,
    /// Random-walk engine parameters.
    pub random_walk: RandomWalkParams,
    /// Grid-maze engine parameters.
    pub grid_maze: GridMazeParams,
}

/// A validated room pack.
#[derive(Clone, Debug)]
pub struct Pack {
    /// Its name.
    pub name: String,
    /// Free text.
    pub description: Option<String>,
    /// Layout parameters.
    pub layout: LayoutParams,
    /// Room types, in file order.
    pub rooms: Vec<RoomDef>,
    /// Every distinct connector tag, in order of first use.
    pub tags: Vec<String>,
    /// Every distinct key id, in order of first use.
    pub keys: Vec<String>,
}

impl Pack {
    /// Parses and validates a pack from YAML text; on failure the error lists every problem
    /// with its path and line.
    pub fn from_yaml(text: &str) -> Result<Pack, Error> {
        let file: PackFile = match serde_yaml::from_str(text) {
            Ok(file) => file,
            Err(error) => {
                return Err(Error::new(ErrorKind::InvalidPack(schema_problems(
                    text, &error,
                ))))
            }
        };
        let lines = LineIndex::new(text);
        let mut problems = Problems {
            list: Vec::new(),
            lines: &lines,
        };
        let pack = build(file, &mut problems);
        if problems.list.is_empty() {
            Ok(pack)
        } else {
            let mut list = problems.list;
            list.sort_by(|a, b| a.line.cmp(&b.line).then_with(|| a.path.cmp(&b.path)));
            Err(Error::new(ErrorKind::InvalidPack(list)))
        }
    }

    /// The index of the room with this id.
    pub fn room_index(&self, id: &str) -> Option<usize> {
        self.rooms.iter().position(|r| r.id == id)
    }

    /// Whether any connector leads UP or DOWN.
    pub fn is_vertical(&self) -> bool {
        self.rooms
            .iter()
            .flat_map(|r| &r.connectors)
            .any(|c| !c.direction.is_horizontal())
    }

    /// Whether connector `b` of room `room_b` may be joined onto connector `a` of room `room_a`
    /// (whitelists and blacklists both ways, tags), ignoring directions and doors.
    pub fn rules_allow(
        &self,
        room_a: usize,
        a: &ConnectorDef,
        room_b: usize,
        b: &ConnectorDef,
    ) -> bool {
        if !a.whitelist.is_empty() && !a.whitelist.contains(room_b) {
            return false;
        }
        if a.blacklist.contains(room_b) {
            return false;
        }
        if !b.whitelist.is_empty() && !b.whitelist.contains(room_a) {
            return false;
        }
        if b.blacklist.contains(room_a) {
            return false;
        }
        a.tag_mask == 0 || b.tag_mask == 0 || a.tag_mask & b.tag_mask != 0
    }
}

/// The castle pack shipped with the crate, the default of `dungeon layout`.
pub const CASTLE_YAML: &str = include_str!("../../../configs/packs/castle.yaml");
/// The mines pack shipped with the crate.
pub const MINES_YAML: &str = include_str!("../../../configs/packs/mines.yaml");

/// Every schema problem of a pack that serde_yaml rejected: serde stops at the first one, so
/// after a syntax check the top level, the layout and each room are read on their own, and
/// each problem's path is completed with its section and located in the text. A syntax error
/// is reported alone, as the tree cannot be trusted past it.
fn schema_problems(text: &str, first: &serde_yaml::Error) -> Vec<Problem> {
    let tree: serde_yaml::Value = match serde_yaml::from_str(text) {
        Ok(tree) => tree,
        Err(syntax) => return vec![yaml_problem(&syntax)],
    };
    /// The top level with its sections left unread.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Shape {
        #[serde(rename = "name")]
        _name: String,
        #[serde(default, rename = "description")]
        _description: Option<String>,
        #[serde(default, rename = "layout")]
        _layout: serde_yaml::Value,
        #[serde(rename = "rooms")]
        _rooms: Vec<serde_yaml::Value>,
    }
    let lines = LineIndex::new(text);
    let mut list = Vec::new();
    if let Err(error) = serde_yaml::from_str::<Shape>(text) {
        list.push(yaml_problem(&error));
    }
    // A section is written back out and read alone, so serde's path starts at the section.
    let mut check = |section: String, value: &serde_yaml::Value, kind: Section| {
        let Ok(alone) = serde_yaml::to_string(value) else {
            return;
        };
        let result = match kind {
            Section::Layout => serde_yaml::from_str::<LayoutFile>(&alone).err(),
            Section::Room => serde_yaml::from_str::<RoomFile>(&alone).err(),
            Section::Connector => serde_yaml::from_str::<ConnectorFile>(&alone).err(),
        };
        if let Some(error) = result {
            let inner = yaml_problem(&error);
            let path = match inner.path.as_str() {
                "(document)" | "." => section,
                inner_path if inner_path.starts_with('[') => format!("{section}{inner_path}"),
                inner_path => format!("{section}.{inner_path}"),
            };
            list.push(Problem {
                line: lines.line_of(&path),
                path,
                message: inner.message,
            });
        }
    };
    if let Some(layout) = tree.get("layout").filter(|v| !v.is_null()) {
        check("layout".to_string(), layout, Section::Layout);
    }
    for (i, room) in items(tree.get("rooms")).iter().enumerate() {
        check(format!("rooms[{i}]"), room, Section::Room);
        // A room stops at its first problem too: its connectors are read on their own as well.
        for (j, connector) in items(room.get("connectors")).iter().enumerate() {
            check(
                format!("rooms[{i}].connectors[{j}]"),
                connector,
                Section::Connector,
            );
        }
    }
    // The error serde met first carries its exact line: it replaces its section's copy.
    let first = yaml_problem(first);
    list.retain(|p| p.path != first.path || p.message != first.message);
    list.push(first);
    list.sort_by(|a, b| a.line.cmp(&b.line).then_with(|| a.path.cmp(&b.path)));
    list.dedup_by(|a, b| a.path == b.path && a.message == b.message);
    list
}

/// The items of a YAML sequence, or none when `value` is absent or not a sequence.
fn items(value: Option<&serde_yaml::Value>) -> &[serde_yaml::Value] {
    value
        .and_then(serde_yaml::Value::as_sequence)
        .map_or(&[][..], Vec::as_slice)
}

/// The parts of a pack [`schema_problems`] reads on their own.
#[derive(Clone, Copy)]
enum Section {
    Layout,
    Room,
    Connector,
}

fn yaml_problem(error: &serde_yaml::Error) -> Problem {
    let text = error.to_string();
    // serde_yaml writes "path: message at line L column C"; split it into our fields.
    let text = match text.rfind(" at line ") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    };
    let (path, message) = match text.split_once(": ") {
        Some((path, message)) if !path.contains(' ') && !path.is_empty() => {
            (path.to_string(), message.to_string())
        }
        _ => ("(document)".to_string(), text.clone()),
    };
    Problem {
        path,
        line: error.location().map(|l| l.line()),
        message,
    }
}

struct Problems<'a> {
    list: Vec<Problem>,
    lines: &'a LineIndex,
}

impl Problems<'_> {
    fn add(&mut self, path: impl Into<String>, message: impl Into<String>) {
        let path = path.into();
        let line = self.lines.line_of(&path);
        self.list.push(Problem {
            path,
            line,
            message: message.into(),
        });
    }
}

fn unit_interval(value: f64) -> bool {
    (0.0..=1.0).contains(&value)
}

fn intern(names: &mut Vec<String>, name: &str) -> usize {
    match names.iter().position(|n| n == name) {
        Some(index) => index,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    }
}

fn build(file: PackFile, problems: &mut Problems<'_>) -> Pack {
    let layout = build_layout(&file.layout, problems);
    let room_ids: Vec<&str> = file.rooms.iter().map(|r| r.id.as_str()).collect();
    let mut tags = Vec::new();
    let mut keys = Vec::new();
    let mut rooms = Vec::with_capacity(file.rooms.len());

    if file.rooms.is_empty() {
        problems.add("rooms", "the pack has no rooms");
    }
    for (room_idx, room) in file.rooms.iter().enumerate() {
        let path = format!("rooms[{room_idx}]");
        if room.id.is_empty() {
            problems.add(format!("{path}.id"), "the id is empty");
        }
        if room_ids[..room_idx].contains(&room.id.as_str()) {
            problems.add(
                format!("{path}.id"),
                format!("room id `{}` is used twice", room.id),
            );
        }
        let size = IVec3::from_array(room.size);
        if room.size.iter().any(|&s| !(1..=256).contains(&s)) {
            problems.add(
                format!("{path}.size"),
                format!("every side must be 1..=256 blocks, found {:?}", room.size),
            );
        }
        let pivot = IVec3::from_array(room.origin);
        if pivot.cmplt(IVec3::ZERO).any() || pivot.cmpge(size).any() {
            problems.add(
                format!("{path}.origin"),
                format!(
                    "the pivot {:?} is outside the room of size {:?}",
                    room.origin, room.size
                ),
            );
        }
        // The cap keeps every sum of weights (times the boosts for required rooms) finite.
        if !(0.0..=MAX_WEIGHT).contains(&room.weight) {
            problems.add(
                format!("{path}.weight"),
                "the weight must be a number from 0 to 1e12",
            );
        }
        let occurrences = Bounds::from_file(room.occurrences);
        if occurrences.max.is_some_and(|max| max < occurrences.min) {
            problems.add(
                format!("{path}.occurrences"),
                format!(
                    "min {} is above max {}",
                    room.occurrences.min, room.occurrences.max
                ),
            );
        }
        let depth = Bounds::from_file(room.depth);
        if depth.max.is_some_and(|max| max < depth.min) {
            problems.add(
                format!("{path}.depth"),
                format!(
                    "min {} is above max {}: no depth fits",
                    room.depth.min, room.depth.max
                ),
            );
        }
        if depth.min >= layout.max_rooms.max(1) {
            problems.add(
                format!("{path}.depth.min"),
                format!(
                    "depth {} is unreachable: a layout of at most {} rooms reaches depth {}",
                    depth.min,
                    layout.max_rooms,
                    layout.max_rooms.saturating_sub(1)
                ),
            );
        }
        if room.kind == RoomType::Start {
            if depth.min > 0 {
                problems.add(
                    format!("{path}.depth.min"),
                    "the START room is always at depth 0",
                );
            }
            if occurrences.min > 1 {
                problems.add(
                    format!("{path}.occurrences.min"),
                    "a layout has exactly one START room",
                );
            }
            if room.connectors.is_empty() && layout.max_rooms > 1 {
                problems.add(
                    format!("{path}.connectors"),
                    "a START room without connectors cannot lead anywhere",
                );
            }
        }
        if room.weight == 0.0 && occurrences.min > 0 {
            problems.add(
                format!("{path}.weight"),
                "a room with a minimum count needs a weight above 0",
            );
        }
        let key = room.key.as_ref().map(|k| intern(&mut keys, k));
        let mut connectors = Vec::with_capacity(room.connectors.len());
        for (conn_idx, conn) in room.connectors.iter().enumerate() {
            let cpath = format!("{path}.connectors[{conn_idx}]");
            if room.connectors[..conn_idx].iter().any(|c| c.id == conn.id) {
                problems.add(
                    format!("{cpath}.id"),
                    format!(
                        "connector id `{}` is used twice in room `{}`",
                        conn.id, room.id
                    ),
                );
            }
            let position = IVec3::from_array(conn.position);
            if position.cmplt(IVec3::ZERO).any() || position.cmpge(size).any() {
                problems.add(
                    format!("{cpath}.position"),
                    format!(
                        "{:?} is outside the room of size {:?}",
                        conn.position, room.size
                    ),
                );
            } else if !conn.direction.points_out_of_face(position, size) {
                problems.add(
                    format!("{cpath}.position"),
                    format!(
                        "{:?} is not on the room's {} face (a {} connector must sit on it)",
                        conn.position,
                        conn.direction.name(),
                        conn.direction.name()
                    ),
                );
            }
            let mut tag_mask = 0u64;
            for tag in &conn.tags {
                let tag_idx = intern(&mut tags, tag);
                if tag_idx >= 64 {
                    problems.add(
                        format!("{cpath}.tags"),
                        "a pack may use at most 64 distinct tags",
                    );
                } else {
                    tag_mask |= 1 << tag_idx;
                }
            }
            let mut whitelist = RoomSet::default();
            for (i, id) in conn.whitelist.iter().enumerate() {
                match room_ids.iter().position(|r| r == id) {
                    Some(idx) => whitelist.insert(idx),
                    None => problems.add(
                        format!("{cpath}.whitelist[{i}]"),
                        format!("unknown room id `{id}`"),
                    ),
                }
            }
            let mut blacklist = RoomSet::default();
            for (i, id) in conn.blacklist.iter().enumerate() {
                match room_ids.iter().position(|r| r == id) {
                    Some(idx) => blacklist.insert(idx),
                    None => problems.add(
                        format!("{cpath}.blacklist[{i}]"),
                        format!("unknown room id `{id}`"),
                    ),
                }
            }
            if !unit_interval(conn.success_chance) {
                problems.add(format!("{cpath}.successChance"), "must be between 0 and 1");
            }
            let door = conn.door.as_ref().map(|door| match (door.kind, &door.key) {
                (DoorKindFile::Locked, Some(key)) => Door::Locked(intern(&mut keys, key)),
                (DoorKindFile::Locked, None) => {
                    problems.add(format!("{cpath}.door"), "a LOCKED door needs a `key`");
                    Door::Normal
                }
                (kind, Some(_)) => {
                    problems.add(
                        format!("{cpath}.door.key"),
                        "only a LOCKED door takes a key",
                    );
                    if kind == DoorKindFile::OneWay {
                        Door::OneWay
                    } else {
                        Door::Normal
                    }
                }
                (DoorKindFile::Normal, None) => Door::Normal,
                (DoorKindFile::OneWay, None) => Door::OneWay,
            });
            connectors.push(ConnectorDef {
                id: conn.id.clone(),
                position,
                direction: conn.direction,
                tags: conn.tags.clone(),
                tag_mask,
                whitelist,
                blacklist,
                success_chance: conn.success_chance,
                door,
            });
        }
        rooms.push(RoomDef {
            id: room.id.clone(),
            name: room.name.clone().unwrap_or_else(|| room.id.clone()),
            kind: room.kind,
            structure: room.structure.clone(),
            size,
            pivot,
            connectors,
            weight: room.weight,
            occurrences,
            depth,
            key,
        });
    }

    let pack = Pack {
        name: file.name,
        description: file.description,
        layout,
        rooms,
        tags,
        keys,
    };
    check_pack_wide(&pack, problems);
    pack
}

fn build_layout(file: &LayoutFile, problems: &mut Problems<'_>) -> LayoutParams {
    if file.min_rooms < 1 {
        problems.add("layout.minRooms", "must be at least 1");
    }
    if file.max_rooms > 1_000_000 {
        problems.add("layout.maxRooms", "must be at most 1000000");
    }
    if file.min_rooms > file.max_rooms {
        problems.add(
            "layout.minRooms",
            format!("{} is above maxRooms {}", file.min_rooms, file.max_rooms),
        );
    }
    if !unit_interval(file.loop_chance) {
        problems.add("layout.loopChance", "must be between 0 and 1");
    }
    if !(file.corridor_bias > 0.0 && file.corridor_bias <= 1000.0) {
        problems.add("layout.corridorBias", "must be above 0 and at most 1000");
    }
    if !(1..=1000).contains(&file.attempts) {
        problems.add("layout.attempts", "must be 1..=1000");
    }
    let b = &file.branching;
    if b.trunk_min < 1 {
        problems.add("layout.branching.trunkMin", "must be at least 1");
    }
    if b.trunk_min > b.trunk_max {
        problems.add(
            "layout.branching.trunkMin",
            format!("{} is above trunkMax {}", b.trunk_min, b.trunk_max),
        );
    }
    if !unit_interval(b.straightness) {
        problems.add("layout.branching.straightness", "must be between 0 and 1");
    }
    // Each of these counts loop iterations (a branch that cannot grow still costs its tries), so
    // they are capped like maxRooms: a huge value must not make generation hang.
    for (field, value) in [
        ("trunkMax", b.trunk_max),
        ("branchCount", b.branch_count),
        ("branchDepth", b.branch_depth),
    ] {
        if value > 1_000_000 {
            problems.add(
                format!("layout.branching.{field}"),
                "must be at most 1000000",
            );
        }
    }
    if file.engine == Engine::Branching {
        let most = u64::from(b.trunk_max) + u64::from(b.branch_count) * u64::from(b.branch_depth);
        if most < u64::from(file.min_rooms) {
            problems.add(
                "layout.branching",
                format!(
                    "trunkMax + branchCount x branchDepth = {most} rooms, below minRooms {}",
                    file.min_rooms
                ),
            );
        }
    }
    if !unit_interval(file.random_walk.boundary_bias) {
        problems.add("layout.randomWalk.boundaryBias", "must be between 0 and 1");
    }
    if let Err(error) = file.grid_maze.algorithm.parse::<crate::maze::Algorithm>() {
        problems.add("layout.gridMaze.algorithm", error.to_string());
    }
    if !unit_interval(file.grid_maze.braid) {
        problems.add("layout.gridMaze.braid", "must be between 0 and 1");
    }
    LayoutParams {
        engine: file.engine,
        min_rooms: file.min_rooms,
        max_rooms: file.max_rooms,
        loop_chance: file.loop_chance,
        max_loops: (file.max_loops != 0).then_some(file.max_loops),
        corridor_bias: file.corridor_bias,
        attempts: file.attempts,
        branching: file.branching.clone(),
        random_walk: file.random_walk.clone(),
        grid_maze: file.grid_maze.clone(),
    }
}

/// Whether two connector directions can face each other after some transform of the second
/// room: any two horizontal directions can, UP only with DOWN.
fn directions_can_meet(a: Dir, b: Dir) -> bool {
    if a.is_horizontal() {
        b.is_horizontal()
    } else {
        b == a.opposite()
    }
}

fn check_pack_wide(pack: &Pack, problems: &mut Problems<'_>) {
    let rooms = &pack.rooms;
    if !rooms.iter().any(|r| r.kind == RoomType::Start) {
        problems.add("rooms", "no room has type START");
    }
    // The start room is always placed once; the others count their minimums.
    let min_total: u64 = 1 + rooms
        .iter()
        .filter(|r| r.kind != RoomType::Start)
        .map(|r| u64::from(r.occurrences.min))
        .sum::<u64>();
    if min_total > u64::from(pack.layout.max_rooms) {
        problems.add(
            "layout.maxRooms",
            format!(
                "the rooms' minimum counts add up to {min_total}, above maxRooms {}",
                pack.layout.max_rooms
            ),
        );
    }
    for (room_idx, room) in rooms.iter().enumerate() {
        let path = format!("rooms[{room_idx}]");
        if room.occurrences.min > pack.layout.max_rooms {
            problems.add(
                format!("{path}.occurrences.min"),
                format!(
                    "{} is above maxRooms {}",
                    room.occurrences.min, pack.layout.max_rooms
                ),
            );
        }
        for (conn_idx, conn) in room.connectors.iter().enumerate() {
            if conn.tag_mask == 0 {
                continue;
            }
            let matched = rooms.iter().flat_map(|r| &r.connectors).any(|other| {
                directions_can_meet(conn.direction, other.direction)
                    && (other.tag_mask == 0 || other.tag_mask & conn.tag_mask != 0)
            });
            if !matched {
                problems.add(
                    format!("{path}.connectors[{conn_idx}].tags"),
                    format!("no connector in the pack can match tags {:?}", conn.tags),
                );
            }
        }
        if room.kind != RoomType::Start {
            let fits = room.connectors.iter().any(|target| {
                target.door != Some(Door::OneWay)
                    && rooms.iter().enumerate().any(|(anchor_room, anchor_def)| {
                        anchor_def.connectors.iter().any(|anchor| {
                            directions_can_meet(anchor.direction, target.direction)
                                && pack.rules_allow(anchor_room, anchor, room_idx, target)
                        })
                    })
            });
            if !fits {
                problems.add(
                    path.clone(),
                    format!(
                        "room `{}` can never fit: none of its connectors can join a connector of any room",
                        room.id
                    ),
                );
            }
        }
        if let Some(key) = room.key {
            let opens = rooms
                .iter()
                .flat_map(|r| &r.connectors)
                .any(|c| c.door == Some(Door::Locked(key)));
            if !opens {
                problems.add(
                    format!("{path}.key"),
                    format!(
                        "key `{}` opens no door: no connector has a LOCKED door with it",
                        pack.keys[key]
                    ),
                );
            }
        }
        for (conn_idx, conn) in room.connectors.iter().enumerate() {
            if let Some(Door::Locked(key)) = conn.door {
                if !rooms.iter().any(|r| r.key == Some(key)) {
                    problems.add(
                        format!("{path}.connectors[{conn_idx}].door.key"),
                        format!("no room holds key `{}` for this lock", pack.keys[key]),
                    );
                }
            }
        }
    }
}
