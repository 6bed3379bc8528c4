//! Reading and writing `.nbt`: round trips, byte-for-byte reproducibility, the exact tag types the
//! game needs, clear errors on files it would misread, and no panic on damaged input.

use std::io::Write;

use nbt_export::{
    gunzip, parse_root, read_nbt, structure_from_compound, write_nbt, BlockState, Compound, DVec3,
    Entity, ErrorKind, IVec3, Structure, Tag,
};
use proptest::prelude::*;

fn chest_nbt() -> Compound {
    let mut nbt = Compound::new();
    nbt.insert("id".into(), Tag::String("minecraft:chest".into()));
    nbt.insert(
        "LootTable".into(),
        Tag::String("minecraft:chests/simple_dungeon".into()),
    );
    nbt.insert("LootTableSeed".into(), Tag::Long(42));
    nbt
}

/// A small room: stone floor, air inside, a chest with a loot table, void corners, an entity.
fn sample() -> Structure {
    let mut s = Structure::new(IVec3::new(5, 3, 4)).expect("small");
    let stone = BlockState::new("stone_bricks");
    for x in 0..5 {
        for z in 0..4 {
            s.set(IVec3::new(x, 0, z), &stone).expect("inside");
            s.set(IVec3::new(x, 1, z), &BlockState::air())
                .expect("inside");
        }
    }
    let chest = BlockState::new("chest")
        .with("facing", "south")
        .with("type", "single")
        .with("waterlogged", "false");
    s.set_with_nbt(IVec3::new(2, 1, 1), &chest, chest_nbt())
        .expect("valid chest");
    let mut stand = Compound::new();
    stand.insert("id".into(), Tag::String("minecraft:armor_stand".into()));
    s.add_entity(Entity {
        pos: DVec3::new(1.5, 1.0, 2.5),
        block_pos: IVec3::new(1, 1, 2),
        nbt: stand,
    })
    .expect("valid entity");
    s
}

fn to_gzip(structure: &Structure) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_nbt(structure, &mut bytes).expect("writes");
    bytes
}

fn gzip_raw(raw: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(raw).expect("in memory");
    encoder.finish().expect("in memory")
}

/// FNV-1a, to pin output bytes without storing them.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    })
}

#[test]
fn write_then_read_gives_the_same_structure() {
    let s = sample();
    let back = read_nbt(&to_gzip(&s)[..]).expect("reads");
    assert_eq!(back, s);
}

#[test]
fn the_tree_has_the_tag_types_the_game_reads() {
    let raw = gunzip(&to_gzip(&sample())[..]).expect("gzip");
    let (name, root) = parse_root(&raw).expect("nbt");
    assert_eq!(name, "");
    assert_eq!(root.get("DataVersion"), Some(&Tag::Int(4189)));
    assert_eq!(
        root.get("size"),
        Some(&Tag::List(vec![Tag::Int(5), Tag::Int(3), Tag::Int(4)]))
    );
    let Some(Tag::List(blocks)) = root.get("blocks") else {
        panic!("blocks is a list")
    };
    // 20 floor + 19 air + the chest; the void corners of layer 2 have no entry.
    assert_eq!(blocks.len(), 40);
    let chest = blocks
        .iter()
        .filter_map(Tag::as_compound)
        .find(|b| b.contains_key("nbt"))
        .expect("the chest has nbt");
    assert_eq!(
        chest.get("pos"),
        Some(&Tag::List(vec![Tag::Int(2), Tag::Int(1), Tag::Int(1)]))
    );
    let Some(Tag::List(entities)) = root.get("entities") else {
        panic!("entities is a list")
    };
    let entity = entities[0].as_compound().expect("compound");
    assert!(
        matches!(entity.get("pos"), Some(Tag::List(p)) if p.iter().all(|t| matches!(t, Tag::Double(_))))
    );
    assert!(
        matches!(entity.get("blockPos"), Some(Tag::List(p)) if p.iter().all(|t| matches!(t, Tag::Int(_))))
    );
    // A palette entry without properties carries no Properties tag, like the game's.
    let Some(Tag::List(palette)) = root.get("palette") else {
        panic!("palette is a list")
    };
    let first = palette[0].as_compound().expect("compound");
    assert_eq!(
        first.get("Name"),
        Some(&Tag::String("minecraft:stone_bricks".into()))
    );
    assert!(!first.contains_key("Properties"));
}

#[test]
fn output_is_byte_for_byte_reproducible() {
    assert_eq!(to_gzip(&sample()), to_gzip(&sample()));
}

#[test]
fn value_stability() {
    // Any change to the written bytes must be deliberate: update this pin with the reason.
    let bytes = to_gzip(&sample());
    let raw = gunzip(&bytes[..]).expect("gzip");
    assert_eq!((raw.len(), fnv(&raw)), (1874, 0x5ab8_3eba_6a22_a490));
}

fn root_of(s: &Structure) -> Compound {
    let raw = gunzip(&to_gzip(s)[..]).expect("gzip");
    parse_root(&raw).expect("nbt").1
}

fn error_of(root: &Compound) -> String {
    match structure_from_compound(root) {
        Ok(_) => "accepted".into(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn what_the_game_would_misread_is_an_error_with_its_path() {
    let good = root_of(&sample());

    let mut int_array_size = good.clone();
    int_array_size.insert("size".into(), Tag::IntArray(vec![5, 3, 4]));
    assert!(error_of(&int_array_size).starts_with("size: expected a List of 3 Int, found IntArray"));

    let mut no_version = good.clone();
    no_version.remove("DataVersion");
    assert_eq!(error_of(&no_version), "DataVersion: missing");

    let mut bad_state = good.clone();
    if let Some(Tag::List(blocks)) = bad_state.get_mut("blocks") {
        if let Some(Tag::Compound(block)) = blocks.get_mut(3) {
            block.insert("state".into(), Tag::Int(99));
        }
    }
    assert!(error_of(&bad_state).starts_with("blocks[3].state: index 99 is outside the palette"));

    let mut duplicate = good.clone();
    if let Some(Tag::List(blocks)) = duplicate.get_mut("blocks") {
        let copy = blocks[0].clone();
        blocks.push(copy);
    }
    assert!(error_of(&duplicate).contains("a second block at"));

    let mut outside = good.clone();
    if let Some(Tag::List(blocks)) = outside.get_mut("blocks") {
        if let Some(Tag::Compound(block)) = blocks.get_mut(0) {
            block.insert(
                "pos".into(),
                Tag::List(vec![Tag::Int(5), Tag::Int(0), Tag::Int(0)]),
            );
        }
    }
    assert!(error_of(&outside).starts_with("blocks[0].pos: [5, 0, 0] is outside size"));

    let mut float_pos = good;
    if let Some(Tag::List(entities)) = float_pos.get_mut("entities") {
        if let Some(Tag::Compound(entity)) = entities.get_mut(0) {
            entity.insert(
                "pos".into(),
                Tag::List(vec![Tag::Float(1.0), Tag::Float(1.0), Tag::Float(1.0)]),
            );
        }
    }
    assert!(error_of(&float_pos).starts_with("entities[0].pos: expected"));
}

#[test]
fn uncompressed_and_empty_input_is_rejected() {
    let raw = gunzip(&to_gzip(&sample())[..]).expect("gzip");
    let error = read_nbt(&raw[..]).expect_err("raw NBT is not gzip");
    assert!(matches!(error.kind(), ErrorKind::Gzip(_)));
    assert!(read_nbt(&[][..]).is_err());
}

#[test]
fn every_truncation_of_a_valid_file_is_an_error() {
    let bytes = to_gzip(&sample());
    for len in 0..bytes.len() {
        assert!(
            read_nbt(&bytes[..len]).is_err(),
            "accepted a file cut at {len}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn damaged_compressed_files_never_panic(flips in proptest::collection::vec((0usize..4096, any::<u8>()), 1..8)) {
        let mut bytes = to_gzip(&sample());
        for (at, value) in flips {
            let at = at % bytes.len();
            bytes[at] ^= value | 1;
        }
        let _ = read_nbt(&bytes[..]);
    }

    #[test]
    fn damaged_nbt_inside_valid_gzip_never_panics(
        flips in proptest::collection::vec((0usize..4096, any::<u8>()), 1..8),
        cut in 0usize..4096,
    ) {
        let mut raw = gunzip(&to_gzip(&sample())[..]).expect("gzip");
        for (at, value) in flips {
            let at = at % raw.len();
            raw[at] ^= value | 1;
        }
        raw.truncate(raw.len() - cut % raw.len().max(1) / 2);
        // Either a clean error, or (when the flip hit a value) a structure that writes again.
        if let Ok(s) = read_nbt(&gzip_raw(&raw)[..]) {
            let again = read_nbt(&to_gzip(&s)[..]);
            prop_assert!(again.is_ok());
        }
    }

    #[test]
    fn random_structures_round_trip(
        size in (1i32..8, 1i32..5, 1i32..8),
        cells in proptest::collection::vec((0i32..400, 0usize..6), 0..60),
        version in 0usize..4,
    ) {
        let names = ["stone", "air", "oak_planks", "glass", "water", "oak_log[axis=z]"];
        let size = IVec3::new(size.0, size.1, size.2);
        let mut s = Structure::new(size).expect("small");
        s.set_data_version(nbt_export::McVersion::ALL[version].data_version());
        for (cell, name) in cells {
            let cell = cell % (size.x * size.y * size.z);
            let pos = IVec3::new(cell % size.x, cell / (size.x * size.z), cell / size.x % size.z);
            let state: BlockState = names[name].parse().expect("valid");
            s.set(pos, &state).expect("inside");
        }
        let back = read_nbt(&to_gzip(&s)[..]).expect("reads");
        prop_assert_eq!(back, s);
    }
}
