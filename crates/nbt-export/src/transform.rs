//! Rotation and mirroring exactly as the game's `StructureTemplate` applies them: positions and
//! sizes, and block states (`facing`, `axis`, `rotation`, connection sides, stair `shape`, rail
//! `shape`, door `hinge`, chest `type`, jigsaw and crafter `orientation`).
//!
//! The mirror comes first, then the rotation. `FrontBack` flips X (EAST <-> WEST), `LeftRight`
//! flips Z (NORTH <-> SOUTH). Clockwise 90 degrees (seen from above) turns NORTH into EAST and
//! moves a cell (x, z) of a box `size_z` deep to (size_z - 1 - z, x): the game's own formula
//! `(-z, x)` about the pivot, shifted back into the box.
//!
//! One deliberate difference: vanilla's `StairBlock.mirror` leaves `inner_*` shapes unswapped in
//! one case and does not swap left/right for stairs facing along the mirror plane. The game
//! recomputes every stair shape from its neighbours when a template is placed, so what lands in
//! the world is the geometric mirror; we write that, so combined files agree with placed rooms.

use std::fmt;
use std::str::FromStr;

use glam::{DVec3, IVec3};

use crate::block::BlockState;
use crate::error::{Error, Result};
use crate::structure::{Entity, Structure, VOID};

/// A turn about the vertical axis, in the game's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Rotation {
    /// No turn.
    #[default]
    None,
    /// 90 degrees clockwise seen from above: NORTH becomes EAST.
    Clockwise90,
    /// 180 degrees.
    Clockwise180,
    /// 90 degrees counterclockwise: NORTH becomes WEST.
    Counterclockwise90,
}

impl Rotation {
    /// Every rotation, in clockwise quarter turns 0 to 3.
    pub const ALL: [Rotation; 4] = [
        Rotation::None,
        Rotation::Clockwise90,
        Rotation::Clockwise180,
        Rotation::Counterclockwise90,
    ];

    /// Number of clockwise quarter turns (0 to 3).
    pub fn quarter_turns(self) -> u8 {
        match self {
            Rotation::None => 0,
            Rotation::Clockwise90 => 1,
            Rotation::Clockwise180 => 2,
            Rotation::Counterclockwise90 => 3,
        }
    }

    /// The rotation of `turns` clockwise quarter turns.
    pub fn from_quarter_turns(turns: u8) -> Self {
        Rotation::ALL[(turns % 4) as usize]
    }

    /// This rotation followed by `other`.
    pub fn then(self, other: Rotation) -> Rotation {
        Rotation::from_quarter_turns(self.quarter_turns() + other.quarter_turns())
    }

    /// The argument of `/place template` (`none`, `clockwise_90`, `180`, `counterclockwise_90`).
    pub fn command_name(self) -> &'static str {
        match self {
            Rotation::None => "none",
            Rotation::Clockwise90 => "clockwise_90",
            Rotation::Clockwise180 => "180",
            Rotation::Counterclockwise90 => "counterclockwise_90",
        }
    }
}

impl fmt::Display for Rotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.command_name())
    }
}

impl FromStr for Rotation {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self> {
        Rotation::ALL
            .into_iter()
            .find(|r| r.command_name() == text)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "unknown rotation `{text}` (none, clockwise_90, 180, counterclockwise_90)"
                ))
            })
    }
}

/// A mirror, in the game's names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Mirror {
    /// No mirror.
    #[default]
    None,
    /// Flips Z: NORTH <-> SOUTH.
    LeftRight,
    /// Flips X: EAST <-> WEST.
    FrontBack,
}

impl Mirror {
    /// Every mirror.
    pub const ALL: [Mirror; 3] = [Mirror::None, Mirror::LeftRight, Mirror::FrontBack];

    /// The argument of `/place template` (`none`, `left_right`, `front_back`).
    pub fn command_name(self) -> &'static str {
        match self {
            Mirror::None => "none",
            Mirror::LeftRight => "left_right",
            Mirror::FrontBack => "front_back",
        }
    }
}

impl fmt::Display for Mirror {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.command_name())
    }
}

impl FromStr for Mirror {
    type Err = Error;
    fn from_str(text: &str) -> Result<Self> {
        Mirror::ALL
            .into_iter()
            .find(|m| m.command_name() == text)
            .ok_or_else(|| {
                Error::invalid(format!(
                    "unknown mirror `{text}` (none, left_right, front_back)"
                ))
            })
    }
}

/// A mirror then a rotation: what one placement does to a structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Transform {
    /// Applied first.
    pub mirror: Mirror,
    /// Applied second.
    pub rotation: Rotation,
}

/// The six directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// -Y.
    Down,
    /// +Y.
    Up,
    /// -Z.
    North,
    /// +Z.
    South,
    /// -X.
    West,
    /// +X.
    East,
}

impl Direction {
    /// Every direction.
    pub const ALL: [Direction; 6] = [
        Direction::Down,
        Direction::Up,
        Direction::North,
        Direction::South,
        Direction::West,
        Direction::East,
    ];

    /// The lower-case name used in block states.
    pub fn name(self) -> &'static str {
        match self {
            Direction::Down => "down",
            Direction::Up => "up",
            Direction::North => "north",
            Direction::South => "south",
            Direction::West => "west",
            Direction::East => "east",
        }
    }

    /// Parses a block-state direction name.
    pub fn from_name(name: &str) -> Option<Self> {
        Direction::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The unit vector.
    pub fn vector(self) -> IVec3 {
        match self {
            Direction::Down => IVec3::NEG_Y,
            Direction::Up => IVec3::Y,
            Direction::North => IVec3::NEG_Z,
            Direction::South => IVec3::Z,
            Direction::West => IVec3::NEG_X,
            Direction::East => IVec3::X,
        }
    }

    /// The opposite direction.
    pub fn opposite(self) -> Self {
        match self {
            Direction::Down => Direction::Up,
            Direction::Up => Direction::Down,
            Direction::North => Direction::South,
            Direction::South => Direction::North,
            Direction::West => Direction::East,
            Direction::East => Direction::West,
        }
    }

    /// Turned by `rotation` (UP and DOWN stay).
    pub fn rotate(self, rotation: Rotation) -> Self {
        let mut d = self;
        for _ in 0..rotation.quarter_turns() {
            d = match d {
                Direction::North => Direction::East,
                Direction::East => Direction::South,
                Direction::South => Direction::West,
                Direction::West => Direction::North,
                vertical => vertical,
            };
        }
        d
    }

    /// Mirrored by `mirror`.
    pub fn mirror(self, mirror: Mirror) -> Self {
        match (mirror, self) {
            (Mirror::FrontBack, Direction::East | Direction::West)
            | (Mirror::LeftRight, Direction::North | Direction::South) => self.opposite(),
            _ => self,
        }
    }

    /// Mirrored, then rotated.
    pub fn transform(self, transform: Transform) -> Self {
        self.mirror(transform.mirror).rotate(transform.rotation)
    }
}

/// The size of a box after `rotation` (quarter turns swap X and Z).
pub fn transformed_size(size: IVec3, rotation: Rotation) -> IVec3 {
    if rotation.quarter_turns() % 2 == 1 {
        IVec3::new(size.z, size.y, size.x)
    } else {
        size
    }
}

/// Where the cell `pos` of a box of `size` lands once the box is mirrored, then rotated, and moved
/// back so that its minimum corner is the origin again.
pub fn transform_pos(pos: IVec3, size: IVec3, transform: Transform) -> IVec3 {
    let (mut x, y, mut z) = (pos.x, pos.y, pos.z);
    match transform.mirror {
        Mirror::FrontBack => x = size.x - 1 - x,
        Mirror::LeftRight => z = size.z - 1 - z,
        Mirror::None => {}
    }
    match transform.rotation {
        Rotation::None => IVec3::new(x, y, z),
        Rotation::Clockwise90 => IVec3::new(size.z - 1 - z, y, x),
        Rotation::Clockwise180 => IVec3::new(size.x - 1 - x, y, size.z - 1 - z),
        Rotation::Counterclockwise90 => IVec3::new(z, y, size.x - 1 - x),
    }
}

/// The same for a continuous point (entities): the box spans `[0, size]` on each axis.
pub fn transform_point(point: DVec3, size: IVec3, transform: Transform) -> DVec3 {
    let size = size.as_dvec3();
    let (mut x, y, mut z) = (point.x, point.y, point.z);
    match transform.mirror {
        Mirror::FrontBack => x = size.x - x,
        Mirror::LeftRight => z = size.z - z,
        Mirror::None => {}
    }
    match transform.rotation {
        Rotation::None => DVec3::new(x, y, z),
        Rotation::Clockwise90 => DVec3::new(size.z - z, y, x),
        Rotation::Clockwise180 => DVec3::new(size.x - x, y, size.z - z),
        Rotation::Counterclockwise90 => DVec3::new(z, y, size.x - x),
    }
}

/// Where `/place template` must be given its position so that the transformed box has its
/// minimum corner at `min_corner`: the game turns about the template's local origin (pivot 0),
/// so the command position is where local (0, 0, 0) lands.
pub fn place_command_position(min_corner: IVec3, size: IVec3, transform: Transform) -> IVec3 {
    min_corner + transform_pos(IVec3::ZERO, size, transform)
}

fn swap_left_right(value: &str) -> Option<String> {
    if let Some(rest) = value.strip_suffix("left") {
        Some(format!("{rest}right"))
    } else {
        value
            .strip_suffix("right")
            .map(|rest| format!("{rest}left"))
    }
}

/// Turns a rail `shape` (`north_south`, `ascending_east`, `south_west`...).
fn transform_rail_shape(value: &str, transform: Transform) -> Option<String> {
    let turn = |name: &str| Direction::from_name(name).map(|d| d.transform(transform));
    if let Some(dir) = value.strip_prefix("ascending_") {
        return Some(format!("ascending_{}", turn(dir)?.name()));
    }
    let (a, b) = value.split_once('_')?;
    let (a, b) = (turn(a)?, turn(b)?);
    let is_z = |d: Direction| matches!(d, Direction::North | Direction::South);
    Some(match (is_z(a), is_z(b)) {
        (true, true) => "north_south".to_owned(),
        (false, false) => "east_west".to_owned(),
        (true, false) => format!("{}_{}", a.name(), b.name()),
        (false, true) => format!("{}_{}", b.name(), a.name()),
    })
}

/// Turns a `front_top` orientation (jigsaw blocks, crafters).
fn transform_orientation(value: &str, transform: Transform) -> Option<String> {
    let (front, top) = value.split_once('_')?;
    let front = Direction::from_name(front)?.transform(transform);
    let top = Direction::from_name(top)?.transform(transform);
    Some(format!("{}_{}", front.name(), top.name()))
}

const STAIR_SHAPES: [&str; 5] = [
    "straight",
    "inner_left",
    "inner_right",
    "outer_left",
    "outer_right",
];

/// The block state as it is after the game mirrors, then rotates it.
pub fn transform_state(state: &BlockState, transform: Transform) -> BlockState {
    if transform == Transform::default() || state.properties.is_empty() {
        return state.clone();
    }
    let mirrored = transform.mirror != Mirror::None;
    let odd_turn = transform.rotation.quarter_turns() % 2 == 1;
    let mut out = state.clone();
    let is_chest = state.name.ends_with("chest");
    for (key, value) in &state.properties {
        let new_value: Option<String> = match key.as_str() {
            "facing" => {
                Direction::from_name(value).map(|d| d.transform(transform).name().to_owned())
            }
            "axis" if odd_turn => match value.as_str() {
                "x" => Some("z".into()),
                "z" => Some("x".into()),
                _ => None,
            },
            "rotation" => value.parse::<u8>().ok().filter(|r| *r < 16).map(|r| {
                let r = match transform.mirror {
                    Mirror::None => r,
                    Mirror::FrontBack => (16 - r) % 16,
                    Mirror::LeftRight => (8 + 16 - r) % 16,
                };
                ((r + 4 * transform.rotation.quarter_turns()) % 16).to_string()
            }),
            "shape" if STAIR_SHAPES.contains(&value.as_str()) => {
                if mirrored {
                    swap_left_right(value)
                } else {
                    None
                }
            }
            "shape" => transform_rail_shape(value, transform),
            "hinge" if mirrored => swap_left_right(value),
            "type" if mirrored && is_chest => swap_left_right(value),
            "orientation" => transform_orientation(value, transform),
            _ => None,
        };
        if let Some(new_value) = new_value {
            out.properties.insert(key.clone(), new_value);
        }
    }
    // Connection sides move with the block: the value on side d goes to side d'.
    let sides = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];
    if sides
        .iter()
        .any(|d| state.properties.contains_key(d.name()))
    {
        for d in sides {
            out.properties.remove(d.name());
        }
        for d in sides {
            if let Some(value) = state.properties.get(d.name()) {
                out.properties
                    .insert(d.transform(transform).name().to_owned(), value.clone());
            }
        }
    }
    out
}

impl Structure {
    /// A copy mirrored, then rotated, with its minimum corner at the origin again; every palette
    /// state, block entity and entity position turns with it. Entity NBT (yaw, hanging
    /// direction) is kept as is: the game turns it again when it places the template.
    pub fn transformed(&self, transform: Transform) -> Result<Structure> {
        let size = self.size();
        let mut out = Structure::new(transformed_size(size, transform.rotation))?;
        out.set_data_version(self.data_version());
        let palettes = self
            .palettes()
            .iter()
            .map(|p| p.iter().map(|s| transform_state(s, transform)).collect())
            .collect();
        out.replace_palettes(palettes);
        for (cell, &state) in self.cells().iter().enumerate() {
            if state == VOID {
                continue;
            }
            let pos = transform_pos(self.cell_pos(cell), size, transform);
            let new_cell = out
                .cell_index(pos)
                .ok_or_else(|| Error::invalid("a transformed position left the box"))?;
            let nbt = self.block_entities_by_cell().get(&cell).cloned();
            out.put_raw(new_cell, state, nbt);
        }
        for entity in self.entities() {
            out.push_entity_raw(Entity {
                pos: transform_point(entity.pos, size, transform),
                block_pos: transform_pos(entity.block_pos, size, transform),
                nbt: entity.nbt.clone(),
            });
        }
        Ok(out)
    }
}
