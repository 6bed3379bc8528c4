//! The eight rotation x mirror transforms against Minecraft's conventions: four clockwise turns
//! are the identity, mirror twice is the identity, a connector on a face points out of the face
//! it lands on after any transform, positions stay inside the transformed room, composition and
//! inverses agree with applying transforms one after the other.

use connectors::{Aabb, Dir, Rotation, Transform};
use glam::IVec3;
use proptest::prelude::*;

fn turn(rotation: Rotation) -> Transform {
    Transform {
        rotation,
        mirror: false,
    }
}

const CW90: Transform = Transform {
    rotation: Rotation::Clockwise90,
    mirror: false,
};
const MIRROR: Transform = Transform {
    rotation: Rotation::None,
    mirror: true,
};

fn arb_size() -> impl Strategy<Value = IVec3> {
    (1..20i32, 1..10i32, 1..20i32).prop_map(|(x, y, z)| IVec3::new(x, y, z))
}

fn arb_room() -> impl Strategy<Value = (IVec3, IVec3)> {
    arb_size().prop_flat_map(|size| {
        (
            Just(size),
            (0..size.x, 0..size.y, 0..size.z).prop_map(|(x, y, z)| IVec3::new(x, y, z)),
        )
    })
}

fn arb_transform() -> impl Strategy<Value = Transform> {
    (0..8usize).prop_map(|i| Transform::ALL[i])
}

/// Applies `t` to a position and returns it with the new size, to chain transforms.
fn apply(t: Transform, pos: IVec3, size: IVec3) -> (IVec3, IVec3) {
    (t.pos(pos, size), t.size(size))
}

#[test]
fn clockwise_90_is_minecrafts() {
    // SPEC: north turns east, and a local (x, z) goes to (sizeZ - 1 - z, x).
    assert_eq!(CW90.dir(Dir::North), Dir::East);
    assert_eq!(CW90.dir(Dir::East), Dir::South);
    assert_eq!(CW90.dir(Dir::Up), Dir::Up);
    let size = IVec3::new(10, 5, 8);
    assert_eq!(CW90.pos(IVec3::new(7, 2, 0), size), IVec3::new(7, 2, 7));
    assert_eq!(CW90.pos(IVec3::new(0, 0, 0), size), IVec3::new(7, 0, 0));
    assert_eq!(CW90.size(size), IVec3::new(8, 5, 10));
    // The mirror flips X: east and west swap.
    assert_eq!(MIRROR.dir(Dir::East), Dir::West);
    assert_eq!(MIRROR.dir(Dir::North), Dir::North);
    assert_eq!(MIRROR.pos(IVec3::new(1, 0, 3), size), IVec3::new(8, 0, 3));
    // Mirror comes first: mirrored then turned, EAST -> WEST -> NORTH.
    let both = Transform {
        rotation: Rotation::Clockwise90,
        mirror: true,
    };
    assert_eq!(both.dir(Dir::East), Dir::North);
}

#[test]
fn the_eight_transforms_are_distinct() {
    let size = IVec3::new(4, 3, 7);
    let probe = [IVec3::new(0, 0, 0), IVec3::new(1, 0, 2)];
    for (i, a) in Transform::ALL.iter().enumerate() {
        assert_eq!(a.index(), i);
        for b in &Transform::ALL[i + 1..] {
            let differs = probe.iter().any(|&p| a.pos(p, size) != b.pos(p, size))
                || a.size(size) != b.size(size);
            assert!(differs, "{a:?} and {b:?} act alike");
        }
    }
}

proptest! {
    #[test]
    fn four_clockwise_turns_are_the_identity((size, pos) in arb_room(), dir in 0..6usize) {
        let dir = Dir::ALL[dir];
        let (mut p, mut s, mut d) = (pos, size, dir);
        for _ in 0..4 {
            (p, s) = apply(CW90, p, s);
            d = CW90.dir(d);
        }
        prop_assert_eq!((p, s, d), (pos, size, dir));
    }

    #[test]
    fn mirror_twice_is_the_identity((size, pos) in arb_room(), dir in 0..6usize) {
        let dir = Dir::ALL[dir];
        let (p, s) = apply(MIRROR, pos, size);
        let (p, s) = apply(MIRROR, p, s);
        prop_assert_eq!((p, s, MIRROR.dir(MIRROR.dir(dir))), (pos, size, dir));
    }

    #[test]
    fn a_connector_on_a_face_points_out_of_it((size, pos) in arb_room(), dir in 0..6usize, t in arb_transform()) {
        let dir = Dir::ALL[dir];
        // Put the position on the face `dir` points out of.
        let mut on_face = pos;
        match dir {
            Dir::North => on_face.z = 0,
            Dir::South => on_face.z = size.z - 1,
            Dir::West => on_face.x = 0,
            Dir::East => on_face.x = size.x - 1,
            Dir::Down => on_face.y = 0,
            Dir::Up => on_face.y = size.y - 1,
        }
        prop_assert!(dir.points_out_of_face(on_face, size));
        let (p, s) = apply(t, on_face, size);
        let d = t.dir(dir);
        prop_assert!(d.points_out_of_face(p, s), "{t:?}: {on_face} {dir:?} -> {p} {d:?} in {s}");
        // One step out of the face leaves the room.
        let outside = p + d.vector();
        prop_assert!(!Aabb::from_origin_size(IVec3::ZERO, s).contains(outside));
    }

    #[test]
    fn positions_stay_inside((size, pos) in arb_room(), t in arb_transform()) {
        let (p, s) = apply(t, pos, size);
        prop_assert!(Aabb::from_origin_size(IVec3::ZERO, s).contains(p));
        prop_assert_eq!(Aabb::transformed(t, IVec3::new(3, -2, 5), size), Aabb::from_origin_size(IVec3::new(3, -2, 5), s));
    }

    #[test]
    fn composition_and_inverse_agree((size, pos) in arb_room(), a in arb_transform(), b in arb_transform(), dir in 0..6usize) {
        let dir = Dir::ALL[dir];
        let (p1, s1) = apply(a, pos, size);
        let (p2, s2) = apply(b, p1, s1);
        let ab = a.then(b);
        prop_assert_eq!(apply(ab, pos, size), (p2, s2));
        prop_assert_eq!(ab.dir(dir), b.dir(a.dir(dir)));
        let (back, back_size) = apply(a.inverse(), p1, s1);
        prop_assert_eq!((back, back_size), (pos, size));
        prop_assert_eq!(a.then(a.inverse()), Transform::IDENTITY);
    }

    #[test]
    fn rotations_turn_positions_and_directions_together((size, pos) in arb_room(), turns in 0..4u8) {
        // The neighbour of a position in direction d turns into the neighbour in the turned
        // direction: positions and directions never disagree (document 004's table does).
        let t = turn(Rotation::from_quarter_turns(turns));
        for dir in [Dir::North, Dir::East, Dir::South, Dir::West] {
            let next = pos + dir.vector();
            if Aabb::from_origin_size(IVec3::ZERO, size).contains(next) {
                prop_assert_eq!(t.pos(next, size) - t.pos(pos, size), t.dir(dir).vector());
            }
        }
    }
}
