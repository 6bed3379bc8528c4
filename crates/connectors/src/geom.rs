//! Directions, boxes and the eight rotation x mirror transforms, exactly as Minecraft's
//! `StructureTemplate` applies them: +X east, +Y up, +Z south; mirror (FRONT_BACK, flipping X)
//! first, then a clockwise turn as seen from above; a transformed room keeps its minimum corner
//! as its local origin.

use glam::IVec3;
use serde::{Deserialize, Serialize};

/// A face direction of a room, in Minecraft's axes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Dir {
    /// -Z.
    North,
    /// +X.
    East,
    /// +Z.
    South,
    /// -X.
    West,
    /// +Y.
    Up,
    /// -Y.
    Down,
}

impl Dir {
    /// All six directions.
    pub const ALL: [Dir; 6] = [
        Dir::North,
        Dir::East,
        Dir::South,
        Dir::West,
        Dir::Up,
        Dir::Down,
    ];

    /// The unit step one block in this direction.
    pub fn vector(self) -> IVec3 {
        match self {
            Dir::North => IVec3::new(0, 0, -1),
            Dir::East => IVec3::new(1, 0, 0),
            Dir::South => IVec3::new(0, 0, 1),
            Dir::West => IVec3::new(-1, 0, 0),
            Dir::Up => IVec3::new(0, 1, 0),
            Dir::Down => IVec3::new(0, -1, 0),
        }
    }

    /// The direction pointing the other way.
    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
        }
    }

    /// True for NORTH, EAST, SOUTH and WEST.
    pub fn is_horizontal(self) -> bool {
        !matches!(self, Dir::Up | Dir::Down)
    }

    /// One clockwise quarter turn seen from above: NORTH becomes EAST; UP and DOWN stay.
    pub fn clockwise(self) -> Dir {
        match self {
            Dir::North => Dir::East,
            Dir::East => Dir::South,
            Dir::South => Dir::West,
            Dir::West => Dir::North,
            vertical => vertical,
        }
    }

    /// The FRONT_BACK mirror: EAST and WEST swap, the others stay.
    pub fn mirrored(self) -> Dir {
        match self {
            Dir::East => Dir::West,
            Dir::West => Dir::East,
            other => other,
        }
    }

    /// The upper-case name used in packs and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Dir::North => "NORTH",
            Dir::East => "EAST",
            Dir::South => "SOUTH",
            Dir::West => "WEST",
            Dir::Up => "UP",
            Dir::Down => "DOWN",
        }
    }

    /// The direction whose face of a `size` box holds `local`, if `local` lies on exactly that
    /// face; used to check that a connector points out of the face it sits on.
    pub fn points_out_of_face(self, local: IVec3, size: IVec3) -> bool {
        match self {
            Dir::North => local.z == 0,
            Dir::South => local.z == size.z - 1,
            Dir::West => local.x == 0,
            Dir::East => local.x == size.x - 1,
            Dir::Down => local.y == 0,
            Dir::Up => local.y == size.y - 1,
        }
    }
}

/// A clockwise rotation in quarter turns, as Minecraft's `Rotation`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rotation {
    /// No turn.
    None,
    /// 90 degrees clockwise seen from above.
    Clockwise90,
    /// 180 degrees.
    Clockwise180,
    /// 270 degrees clockwise (90 counter-clockwise).
    Clockwise270,
}

impl Rotation {
    /// The four rotations in order of quarter turns.
    pub const ALL: [Rotation; 4] = [
        Rotation::None,
        Rotation::Clockwise90,
        Rotation::Clockwise180,
        Rotation::Clockwise270,
    ];

    /// Quarter turns, 0..4.
    pub fn quarter_turns(self) -> u8 {
        self as u8
    }

    /// The rotation of `turns` quarter turns (taken modulo 4).
    pub fn from_quarter_turns(turns: u8) -> Rotation {
        Rotation::ALL[usize::from(turns % 4)]
    }

    /// Degrees: 0, 90, 180 or 270.
    pub fn degrees(self) -> u16 {
        u16::from(self.quarter_turns()) * 90
    }
}

/// One of the eight transforms: mirror (flip X) first, then rotate clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Transform {
    /// The clockwise turn applied after the mirror.
    pub rotation: Rotation,
    /// Whether X is flipped before turning (Minecraft's `Mirror.FRONT_BACK`).
    pub mirror: bool,
}

impl Transform {
    /// The identity.
    pub const IDENTITY: Transform = Transform {
        rotation: Rotation::None,
        mirror: false,
    };

    /// All eight transforms; the index of each is [`Transform::index`].
    pub const ALL: [Transform; 8] = {
        let mut all = [Transform::IDENTITY; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = Transform {
                rotation: Rotation::ALL[i % 4],
                mirror: i >= 4,
            };
            i += 1;
        }
        all
    };

    /// Position in [`Transform::ALL`].
    pub fn index(self) -> usize {
        usize::from(self.rotation.quarter_turns()) + if self.mirror { 4 } else { 0 }
    }

    /// The transformed size: 90 and 270 degrees swap X and Z.
    pub fn size(self, size: IVec3) -> IVec3 {
        match self.rotation {
            Rotation::None | Rotation::Clockwise180 => size,
            Rotation::Clockwise90 | Rotation::Clockwise270 => IVec3::new(size.z, size.y, size.x),
        }
    }

    /// The transformed direction.
    pub fn dir(self, dir: Dir) -> Dir {
        let mut dir = if self.mirror { dir.mirrored() } else { dir };
        for _ in 0..self.rotation.quarter_turns() {
            dir = dir.clockwise();
        }
        dir
    }

    /// The transformed local position of a block inside a room of (untransformed) `size`; the
    /// result is inside the transformed room, whose minimum corner is again (0, 0, 0).
    pub fn pos(self, local: IVec3, size: IVec3) -> IVec3 {
        let mut p = local;
        if self.mirror {
            p.x = size.x - 1 - p.x;
        }
        // After the mirror the room still has `size`; each quarter turn maps (x, z) to
        // (sizeZ - 1 - z, x) and swaps the X and Z extents.
        let (mut extent_x, mut extent_z) = (size.x, size.z);
        for _ in 0..self.rotation.quarter_turns() {
            p = IVec3::new(extent_z - 1 - p.z, p.y, p.x);
            std::mem::swap(&mut extent_x, &mut extent_z);
        }
        p
    }

    /// The transform that undoes this one.
    pub fn inverse(self) -> Transform {
        if self.mirror {
            // Mirror then turn r is its own inverse: M R M = R^-1, so (R M)^-1 = M R^-1 = R M.
            self
        } else {
            Transform {
                rotation: Rotation::from_quarter_turns(4 - self.rotation.quarter_turns()),
                mirror: false,
            }
        }
    }

    /// This transform followed by `then`.
    pub fn then(self, then: Transform) -> Transform {
        // A mirror after a turn r equals a turn -r after a mirror.
        let first = self.rotation.quarter_turns();
        let turns = if then.mirror { 4 - first } else { first };
        Transform {
            rotation: Rotation::from_quarter_turns(turns + then.rotation.quarter_turns()),
            mirror: self.mirror != then.mirror,
        }
    }
}

/// An inclusive axis-aligned box of blocks: `min..=max` on every axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Aabb {
    /// The minimum corner.
    pub min: IVec3,
    /// The maximum corner (inclusive).
    pub max: IVec3,
}

impl Aabb {
    /// The box of a room of `size` blocks with its minimum corner at `origin`.
    pub fn from_origin_size(origin: IVec3, size: IVec3) -> Aabb {
        Aabb {
            min: origin,
            max: origin + size - IVec3::ONE,
        }
    }

    /// Whether the two boxes share at least one block; touching faces do not intersect.
    pub fn intersects(&self, other: &Aabb) -> bool {
        self.min.cmple(other.max).all() && other.min.cmple(self.max).all()
    }

    /// Whether `point` is one of the box's blocks.
    pub fn contains(&self, point: IVec3) -> bool {
        self.min.cmple(point).all() && point.cmple(self.max).all()
    }

    /// The box a room of `size` at `origin` occupies after `transform`, computed from its
    /// eight transformed corners (the size is not assumed).
    pub fn transformed(transform: Transform, origin: IVec3, size: IVec3) -> Aabb {
        let mut min = IVec3::MAX;
        let mut max = IVec3::MIN;
        for corner in 0..8 {
            let local = IVec3::new(
                if corner & 1 == 0 { 0 } else { size.x - 1 },
                if corner & 2 == 0 { 0 } else { size.y - 1 },
                if corner & 4 == 0 { 0 } else { size.z - 1 },
            );
            let p = origin + transform.pos(local, size);
            min = min.min(p);
            max = max.max(p);
        }
        Aabb { min, max }
    }
}
