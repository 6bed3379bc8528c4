//! Assembly against the game: every room of a random layout, placed by the data pack's
//! `place template` command (simulated with the game's own pivot formula), must put exactly the
//! blocks the combined structure holds; and the per-room files are the same rooms.

use nbt_export::{
    assemble, data_pack, placed_room, transform_state, BlockState, IVec3, McVersion, Mirror,
    PackOptions, Placement, Rotation, Structure, Template, Transform,
};
use proptest::prelude::*;

/// `StructureTemplate.transform(pos, mirror, rotation, pivot = 0)`, as the game writes it.
fn game_transform(p: IVec3, t: Transform) -> IVec3 {
    let (mut x, y, mut z) = (p.x, p.y, p.z);
    match t.mirror {
        Mirror::FrontBack => x = -x,
        Mirror::LeftRight => z = -z,
        Mirror::None => {}
    }
    match t.rotation {
        Rotation::Counterclockwise90 => IVec3::new(z, y, -x),
        Rotation::Clockwise90 => IVec3::new(-z, y, x),
        Rotation::Clockwise180 => IVec3::new(-x, y, -z),
        Rotation::None => IVec3::new(x, y, z),
    }
}

const STATES: &[&str] = &[
    "stone_bricks",
    "air",
    "furnace[facing=north,lit=false]",
    "oak_log[axis=x]",
    "oak_stairs[facing=east,half=bottom,shape=inner_left,waterlogged=false]",
    "oak_fence[east=true,north=false,south=false,waterlogged=false,west=false]",
];

fn room(size: IVec3, seed: u32) -> Structure {
    let mut s = Structure::new(size).expect("small");
    let mut h = seed;
    for y in 0..size.y {
        for z in 0..size.z {
            for x in 0..size.x {
                h = h.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let pick = (h >> 16) as usize % (STATES.len() + 1);
                if pick < STATES.len() {
                    let state: BlockState = STATES[pick].parse().expect("valid");
                    s.set(IVec3::new(x, y, z), &state).expect("inside");
                }
            }
        }
    }
    s
}

/// Parses `place template ns:name ~x ~y ~z rotation mirror`.
fn parse_command(line: &str) -> (String, IVec3, Transform) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let coord = |w: &str| {
        w.trim_start_matches('~')
            .parse::<i32>()
            .expect("relative coordinate")
    };
    (
        words[2].to_owned(),
        IVec3::new(coord(words[3]), coord(words[4]), coord(words[5])),
        Transform {
            rotation: words[6].parse().expect("rotation"),
            mirror: words[7].parse().expect("mirror"),
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_data_pack_places_exactly_the_combined_structure(
        sizes in proptest::collection::vec((1i32..6, 1i32..4, 1i32..6, any::<u32>()), 1..4),
        rooms in proptest::collection::vec((0usize..4, 0usize..3, 0u8..4), 1..6),
    ) {
        let templates: Vec<Template> = sizes
            .iter()
            .enumerate()
            .map(|(i, &(x, y, z, seed))| Template {
                name: format!("room_{i}"),
                structure: room(IVec3::new(x, y, z), seed),
            })
            .collect();
        // Rooms in a row along +X with gaps, so they never overlap.
        let mut placements = Vec::new();
        let mut next_x = -7;
        for &(template, mirror, turns) in &rooms {
            let template = template % templates.len();
            let transform = Transform { mirror: Mirror::ALL[mirror], rotation: Rotation::from_quarter_turns(turns) };
            placements.push(Placement { template, origin: IVec3::new(next_x, 3, -2), transform });
            next_x += 8;
        }
        let assembly = assemble(&templates, &placements).expect("fits");
        prop_assert_eq!(assembly.overlapping_cells, 0);
        let options = PackOptions { namespace: "t".into(), description: String::new(), version: McVersion::V1_21_4 };
        let files = data_pack(&templates, &placements, &options).expect("pack");
        let function = String::from_utf8(files.last().expect("function").bytes.clone()).expect("utf8");
        let commands: Vec<&str> = function.lines().filter(|l| l.starts_with("place")).collect();
        prop_assert_eq!(commands.len(), placements.len());
        let mut placed_cells = 0;
        for (command, placement) in commands.iter().zip(&placements) {
            let (name, at, transform) = parse_command(command);
            let template = &templates[placement.template];
            prop_assert_eq!(name, format!("t:{}", template.name));
            prop_assert_eq!(transform, placement.transform);
            for block in template.structure.blocks() {
                let world = at + game_transform(block.pos, transform);
                let local = world - assembly.min_corner;
                let expected = transform_state(block.state, transform);
                prop_assert_eq!(assembly.structure.get(local), Some(&expected));
                placed_cells += 1;
            }
            // The per-room file is the same room, already turned.
            let own = placed_room(&templates, placement).expect("room");
            for block in own.blocks() {
                let local = placement.origin + block.pos - assembly.min_corner;
                prop_assert_eq!(assembly.structure.get(local), Some(block.state));
            }
        }
        prop_assert_eq!(placed_cells, assembly.structure.block_count());
    }
}
