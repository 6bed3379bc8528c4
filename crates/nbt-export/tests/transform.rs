//! Block-state and position transforms: one table per property family (checked against the
//! game's behaviour), and property tests that the transforms compose like the game's.

use nbt_export::{
    place_command_position, transform_pos, transform_state, transformed_size, BlockState,
    Direction, IVec3, Mirror, Rotation, Structure, Transform,
};
use proptest::prelude::*;

fn state(text: &str) -> BlockState {
    text.parse().expect("test states are valid")
}

/// `(mirror, rotation, before, after)` rows; `after` is what the game places.
fn check(rows: &[(Mirror, Rotation, &str, &str)]) {
    for &(mirror, rotation, before, after) in rows {
        let got = transform_state(&state(before), Transform { mirror, rotation });
        assert_eq!(got, state(after), "{mirror} {rotation} {before}");
    }
}

use Mirror::{FrontBack, LeftRight, None as NoMirror};
use Rotation::{Clockwise180 as R180, Clockwise90 as Cw, Counterclockwise90 as Ccw, None as R0};

#[test]
fn facing() {
    check(&[
        (
            NoMirror,
            Cw,
            "furnace[facing=north]",
            "furnace[facing=east]",
        ),
        (
            NoMirror,
            Cw,
            "furnace[facing=west]",
            "furnace[facing=north]",
        ),
        (
            NoMirror,
            R180,
            "furnace[facing=north]",
            "furnace[facing=south]",
        ),
        (
            NoMirror,
            Ccw,
            "furnace[facing=north]",
            "furnace[facing=west]",
        ),
        (NoMirror, Cw, "hopper[facing=down]", "hopper[facing=down]"),
        (NoMirror, Ccw, "piston[facing=up]", "piston[facing=up]"),
        (
            FrontBack,
            R0,
            "furnace[facing=east]",
            "furnace[facing=west]",
        ),
        (
            FrontBack,
            R0,
            "furnace[facing=north]",
            "furnace[facing=north]",
        ),
        (
            LeftRight,
            R0,
            "furnace[facing=north]",
            "furnace[facing=south]",
        ),
        (
            LeftRight,
            R0,
            "furnace[facing=east]",
            "furnace[facing=east]",
        ),
        // Mirror first: east -> west, then clockwise: west -> north.
        (
            FrontBack,
            Cw,
            "furnace[facing=east]",
            "furnace[facing=north]",
        ),
    ]);
}

#[test]
fn axis() {
    check(&[
        (NoMirror, Cw, "oak_log[axis=x]", "oak_log[axis=z]"),
        (NoMirror, Ccw, "oak_log[axis=z]", "oak_log[axis=x]"),
        (NoMirror, R180, "oak_log[axis=x]", "oak_log[axis=x]"),
        (NoMirror, Cw, "oak_log[axis=y]", "oak_log[axis=y]"),
        (FrontBack, R0, "oak_log[axis=x]", "oak_log[axis=x]"),
        (
            LeftRight,
            Cw,
            "nether_portal[axis=x]",
            "nether_portal[axis=z]",
        ),
    ]);
}

#[test]
fn sixteen_step_rotation() {
    // 0 faces south, 4 west, 8 north, 12 east.
    check(&[
        (NoMirror, Cw, "oak_sign[rotation=0]", "oak_sign[rotation=4]"),
        (
            NoMirror,
            Cw,
            "oak_sign[rotation=14]",
            "oak_sign[rotation=2]",
        ),
        (
            NoMirror,
            R180,
            "oak_sign[rotation=3]",
            "oak_sign[rotation=11]",
        ),
        (
            NoMirror,
            Ccw,
            "oak_sign[rotation=0]",
            "oak_sign[rotation=12]",
        ),
        (
            FrontBack,
            R0,
            "oak_sign[rotation=4]",
            "oak_sign[rotation=12]",
        ),
        (
            FrontBack,
            R0,
            "oak_sign[rotation=0]",
            "oak_sign[rotation=0]",
        ),
        (
            FrontBack,
            R0,
            "oak_sign[rotation=1]",
            "oak_sign[rotation=15]",
        ),
        (
            LeftRight,
            R0,
            "oak_sign[rotation=0]",
            "oak_sign[rotation=8]",
        ),
        (
            LeftRight,
            R0,
            "oak_sign[rotation=4]",
            "oak_sign[rotation=4]",
        ),
        (
            LeftRight,
            R0,
            "oak_sign[rotation=1]",
            "oak_sign[rotation=7]",
        ),
        (
            FrontBack,
            Cw,
            "skeleton_skull[rotation=4]",
            "skeleton_skull[rotation=0]",
        ),
    ]);
}

#[test]
fn connection_sides() {
    check(&[
        (
            NoMirror,
            Cw,
            "oak_fence[east=false,north=true,south=false,waterlogged=false,west=false]",
            "oak_fence[east=true,north=false,south=false,waterlogged=false,west=false]",
        ),
        (
            FrontBack,
            R0,
            "cobblestone_wall[east=low,north=tall,south=none,up=true,waterlogged=false,west=none]",
            "cobblestone_wall[east=none,north=tall,south=none,up=true,waterlogged=false,west=low]",
        ),
        (
            LeftRight,
            Ccw,
            "glass_pane[east=false,north=true,south=false,waterlogged=false,west=true]",
            // Flip Z: north -> south, west stays; then counterclockwise: south -> east, west -> south.
            "glass_pane[east=true,north=false,south=true,waterlogged=false,west=false]",
        ),
        (
            NoMirror,
            R180,
            "redstone_wire[east=up,north=side,power=0,south=none,west=none]",
            "redstone_wire[east=none,north=none,power=0,south=side,west=up]",
        ),
        (
            NoMirror,
            Cw,
            "vine[east=false,north=false,south=false,up=true,west=true]",
            "vine[east=false,north=true,south=false,up=true,west=false]",
        ),
    ]);
}

#[test]
fn stairs_shape_and_half() {
    check(&[
        (
            NoMirror,
            Cw,
            "oak_stairs[facing=north,half=top,shape=outer_left,waterlogged=false]",
            "oak_stairs[facing=east,half=top,shape=outer_left,waterlogged=false]",
        ),
        (
            FrontBack,
            R0,
            "oak_stairs[facing=east,half=bottom,shape=outer_left,waterlogged=false]",
            "oak_stairs[facing=west,half=bottom,shape=outer_right,waterlogged=false]",
        ),
        (
            FrontBack,
            R0,
            "oak_stairs[facing=north,half=bottom,shape=inner_right,waterlogged=false]",
            "oak_stairs[facing=north,half=bottom,shape=inner_left,waterlogged=false]",
        ),
        (
            LeftRight,
            R180,
            "stone_brick_stairs[facing=north,half=top,shape=straight,waterlogged=false]",
            "stone_brick_stairs[facing=north,half=top,shape=straight,waterlogged=false]",
        ),
    ]);
}

#[test]
fn door_hinge() {
    check(&[
        (
            NoMirror,
            Cw,
            "iron_door[facing=north,half=lower,hinge=left,open=false,powered=false]",
            "iron_door[facing=east,half=lower,hinge=left,open=false,powered=false]",
        ),
        (
            FrontBack,
            R0,
            "iron_door[facing=north,half=upper,hinge=left,open=false,powered=false]",
            "iron_door[facing=north,half=upper,hinge=right,open=false,powered=false]",
        ),
        (
            LeftRight,
            R0,
            "oak_door[facing=north,half=lower,hinge=right,open=true,powered=false]",
            "oak_door[facing=south,half=lower,hinge=left,open=true,powered=false]",
        ),
    ]);
}

#[test]
fn chest_type() {
    check(&[
        (
            FrontBack,
            R0,
            "chest[facing=north,type=left,waterlogged=false]",
            "chest[facing=north,type=right,waterlogged=false]",
        ),
        (
            LeftRight,
            Cw,
            "trapped_chest[facing=north,type=right,waterlogged=false]",
            "trapped_chest[facing=west,type=left,waterlogged=false]",
        ),
        (
            FrontBack,
            R0,
            "chest[facing=east,type=single,waterlogged=false]",
            "chest[facing=west,type=single,waterlogged=false]",
        ),
        (
            NoMirror,
            Cw,
            "chest[facing=north,type=left]",
            "chest[facing=east,type=left]",
        ),
        // A slab's `type` is not a side.
        (
            FrontBack,
            R0,
            "stone_slab[type=top]",
            "stone_slab[type=top]",
        ),
    ]);
}

#[test]
fn jigsaw_orientation() {
    check(&[
        (
            NoMirror,
            Cw,
            "jigsaw[orientation=north_up]",
            "jigsaw[orientation=east_up]",
        ),
        (
            NoMirror,
            Cw,
            "jigsaw[orientation=up_north]",
            "jigsaw[orientation=up_east]",
        ),
        (
            NoMirror,
            R180,
            "jigsaw[orientation=down_west]",
            "jigsaw[orientation=down_east]",
        ),
        (
            FrontBack,
            R0,
            "jigsaw[orientation=east_up]",
            "jigsaw[orientation=west_up]",
        ),
        (
            LeftRight,
            R0,
            "jigsaw[orientation=down_east]",
            "jigsaw[orientation=down_east]",
        ),
        (
            LeftRight,
            R0,
            "crafter[orientation=up_south]",
            "crafter[orientation=up_north]",
        ),
    ]);
}

#[test]
fn rail_shape() {
    check(&[
        (
            NoMirror,
            Cw,
            "rail[shape=north_south]",
            "rail[shape=east_west]",
        ),
        (
            NoMirror,
            Cw,
            "rail[shape=ascending_north]",
            "rail[shape=ascending_east]",
        ),
        (
            NoMirror,
            Cw,
            "rail[shape=south_east]",
            "rail[shape=south_west]",
        ),
        (
            NoMirror,
            Ccw,
            "rail[shape=north_east]",
            "rail[shape=north_west]",
        ),
        (
            FrontBack,
            R0,
            "rail[shape=south_east]",
            "rail[shape=south_west]",
        ),
        (
            LeftRight,
            R0,
            "rail[shape=ascending_south]",
            "rail[shape=ascending_north]",
        ),
        (
            LeftRight,
            R0,
            "powered_rail[shape=east_west]",
            "powered_rail[shape=east_west]",
        ),
    ]);
}

#[test]
fn positions_match_the_games_pivot_formula_shifted_by_the_command_position() {
    // StructureTemplate.transform(pos, mirror, rotation, pivot = 0), written out from the game.
    fn game(p: IVec3, t: Transform) -> IVec3 {
        let (mut x, y, mut z) = (p.x, p.y, p.z);
        match t.mirror {
            FrontBack => x = -x,
            LeftRight => z = -z,
            NoMirror => {}
        }
        match t.rotation {
            Ccw => IVec3::new(z, y, -x),
            Cw => IVec3::new(-z, y, x),
            R180 => IVec3::new(-x, y, -z),
            R0 => IVec3::new(x, y, z),
        }
    }
    let size = IVec3::new(5, 3, 8);
    for mirror in Mirror::ALL {
        for rotation in Rotation::ALL {
            let t = Transform { mirror, rotation };
            let origin = IVec3::new(100, 64, -20);
            let command = place_command_position(origin, size, t);
            let new_size = transformed_size(size, rotation);
            for x in 0..size.x {
                for z in 0..size.z {
                    let p = IVec3::new(x, 1, z);
                    let ours = origin + transform_pos(p, size, t);
                    assert_eq!(ours, command + game(p, t), "{t:?} {p}");
                    let local = ours - origin;
                    assert!(local.cmpge(IVec3::ZERO).all() && local.cmplt(new_size).all());
                }
            }
        }
    }
}

const FAMILIES: &[&str] = &[
    "furnace[facing=north]",
    "observer[facing=down,powered=false]",
    "oak_log[axis=x]",
    "oak_sign[rotation=5,waterlogged=false]",
    "oak_fence[east=true,north=false,south=false,waterlogged=false,west=true]",
    "cobblestone_wall[east=tall,north=low,south=none,up=true,waterlogged=false,west=none]",
    "oak_stairs[facing=west,half=top,shape=inner_left,waterlogged=false]",
    "iron_door[facing=south,half=upper,hinge=right,open=false,powered=false]",
    "chest[facing=east,type=left,waterlogged=false]",
    "jigsaw[orientation=south_up]",
    "rail[shape=north_east]",
    "rail[shape=ascending_west]",
    "stone",
];

fn any_transform() -> impl Strategy<Value = Transform> {
    (0usize..3, 0u8..4).prop_map(|(m, r)| Transform {
        mirror: Mirror::ALL[m],
        rotation: Rotation::from_quarter_turns(r),
    })
}

proptest! {
    #[test]
    fn states_four_quarter_turns_are_the_identity(family in 0..FAMILIES.len(), mirror in 0usize..3) {
        let start = transform_state(&state(FAMILIES[family]), Transform { mirror: Mirror::ALL[mirror], rotation: R0 });
        let mut s = start.clone();
        for _ in 0..4 {
            s = transform_state(&s, Transform { mirror: NoMirror, rotation: Cw });
        }
        prop_assert_eq!(s, start);
    }

    #[test]
    fn states_mirror_twice_is_the_identity(family in 0..FAMILIES.len(), mirror in 1usize..3) {
        let start = state(FAMILIES[family]);
        let m = Transform { mirror: Mirror::ALL[mirror], rotation: R0 };
        prop_assert_eq!(transform_state(&transform_state(&start, m), m), start);
    }

    #[test]
    fn a_transform_is_its_mirror_then_its_rotation(family in 0..FAMILIES.len(), t in any_transform()) {
        let start = state(FAMILIES[family]);
        let mirrored = transform_state(&start, Transform { mirror: t.mirror, rotation: R0 });
        let both = transform_state(&mirrored, Transform { mirror: NoMirror, rotation: t.rotation });
        prop_assert_eq!(transform_state(&start, t), both);
    }

    #[test]
    fn facings_on_the_boundary_still_point_out_of_the_box(
        size in (1i32..9, 1i32..4, 1i32..9), t in any_transform(), side in 0usize..4, along in 0i32..9,
    ) {
        let size = IVec3::new(size.0, size.1, size.2);
        let dir = [Direction::North, Direction::East, Direction::South, Direction::West][side];
        let pos = match dir {
            Direction::North => IVec3::new(along % size.x, 0, 0),
            Direction::South => IVec3::new(along % size.x, 0, size.z - 1),
            Direction::West => IVec3::new(0, 0, along % size.z),
            _ => IVec3::new(size.x - 1, 0, along % size.z),
        };
        let new_size = transformed_size(size, t.rotation);
        let outside = transform_pos(pos, size, t) + dir.transform(t).vector();
        prop_assert!(!(outside.cmpge(IVec3::ZERO).all() && outside.cmplt(new_size).all()));
    }

    #[test]
    fn structures_turned_four_times_or_mirrored_twice_come_back(
        size in (1i32..6, 1i32..4, 1i32..6), cells in proptest::collection::vec((0usize..200, 0..FAMILIES.len()), 0..30), mirror in 1usize..3,
    ) {
        let size = IVec3::new(size.0, size.1, size.2);
        let mut s = Structure::new(size).expect("small size");
        for (cell, family) in cells {
            let cell = cell as i32 % (size.x * size.y * size.z);
            let pos = IVec3::new(cell % size.x, cell / (size.x * size.z), cell / size.x % size.z);
            s.set(pos, &state(FAMILIES[family])).expect("inside");
        }
        let cw = Transform { mirror: NoMirror, rotation: Cw };
        let mut turned = s.clone();
        for _ in 0..4 {
            turned = turned.transformed(cw).expect("same volume");
        }
        prop_assert_eq!(&turned, &s);
        let m = Transform { mirror: Mirror::ALL[mirror], rotation: R0 };
        let twice = s.transformed(m).and_then(|once| once.transformed(m)).expect("same volume");
        prop_assert_eq!(&twice, &s);
    }
}
