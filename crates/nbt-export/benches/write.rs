//! Writing a 100 x 30 x 100 structure (300,000 blocks, 20 states): plain fastnbt serialization of
//! the same data through a buffered default-level gzip (the anchor), against our full export, in
//! the same run, plus the levels a user might pick.
//!
//! Run: `cargo bench -p nbt-export --bench write` (add `--features zlib-rs` for that backend).
//! The states are scattered pseudo-randomly, a harder case for the compressor than real rooms
//! (this gzips 11:1, the default castle export 13:1).

use std::io::{BufWriter, Write};

use divan::Bencher;
use flate2::write::GzEncoder;
use nbt_export::{write_nbt_with_level, BlockState, IVec3, Structure};
use serde::Serialize;

fn main() {
    divan::main();
}

const SIZE: IVec3 = IVec3::new(100, 30, 100);

fn states() -> Vec<BlockState> {
    let names = [
        "stone",
        "cobblestone",
        "stone_bricks",
        "mossy_stone_bricks",
        "cracked_stone_bricks",
        "andesite",
        "diorite",
        "granite",
        "deepslate",
        "tuff",
        "gravel",
        "dirt",
        "oak_planks",
        "spruce_planks",
        "glowstone",
        "air",
    ];
    let mut states: Vec<BlockState> = names.iter().map(|n| BlockState::new(n)).collect();
    for facing in ["north", "east", "south", "west"] {
        states.push(
            BlockState::new("stone_brick_stairs")
                .with("facing", facing)
                .with("half", "bottom")
                .with("shape", "straight")
                .with("waterlogged", "false"),
        );
    }
    states
}

/// A deterministic, dungeon-like mix: mostly stone variants, some air, a few stairs.
fn state_at(x: i32, y: i32, z: i32) -> usize {
    let h = (x.wrapping_mul(73_856_093) ^ y.wrapping_mul(19_349_663) ^ z.wrapping_mul(83_492_791))
        as u32;
    (h % 20) as usize
}

fn structure() -> Structure {
    let mut s = Structure::new(SIZE).expect("bench size fits");
    let indices: Vec<u32> = states().iter().map(|st| s.intern(st)).collect();
    for y in 0..SIZE.y {
        for z in 0..SIZE.z {
            for x in 0..SIZE.x {
                let index = indices[state_at(x, y, z)];
                s.set_index(IVec3::new(x, y, z), index).expect("inside");
            }
        }
    }
    s
}

#[derive(Serialize)]
struct PlainRoot {
    #[serde(rename = "DataVersion")]
    data_version: i32,
    blocks: Vec<PlainBlock>,
    entities: Vec<PlainBlock>,
    palette: Vec<PlainState>,
    size: [i32; 3],
}

#[derive(Serialize)]
struct PlainBlock {
    pos: [i32; 3],
    state: i32,
}

#[derive(Serialize)]
struct PlainState {
    #[serde(rename = "Name")]
    name: String,
    #[serde(
        rename = "Properties",
        skip_serializing_if = "std::collections::BTreeMap::is_empty"
    )]
    properties: std::collections::BTreeMap<String, String>,
}

fn plain_root() -> PlainRoot {
    let mut blocks = Vec::new();
    for y in 0..SIZE.y {
        for x in 0..SIZE.x {
            for z in 0..SIZE.z {
                blocks.push(PlainBlock {
                    pos: [x, y, z],
                    state: state_at(x, y, z) as i32,
                });
            }
        }
    }
    PlainRoot {
        data_version: 4189,
        blocks,
        entities: Vec::new(),
        palette: states()
            .into_iter()
            .map(|s| PlainState {
                name: s.name,
                properties: s.properties,
            })
            .collect(),
        size: SIZE.to_array(),
    }
}

/// The anchor: fastnbt over a `BufWriter` over a default-level gzip encoder.
#[divan::bench]
fn plain_fastnbt_gzip_default(bencher: Bencher<'_, '_>) {
    let root = plain_root();
    bencher.bench_local(|| {
        let encoder = GzEncoder::new(Vec::with_capacity(1 << 20), flate2::Compression::default());
        let mut out = BufWriter::new(encoder);
        fastnbt::to_writer(&mut out, &root).expect("serializes");
        out.flush().expect("flushes");
        let bytes = out
            .into_inner()
            .map_err(|_| ())
            .and_then(|e| e.finish().map_err(|_| ()))
            .unwrap_or_default();
        divan::black_box(bytes.len())
    });
}

/// Our export of the same blocks at each gzip level.
#[divan::bench(args = [1, 3, 6, 9])]
fn export_structure(bencher: Bencher<'_, '_>, level: u32) {
    let s = structure();
    bencher.bench_local(|| {
        let mut bytes = Vec::with_capacity(1 << 20);
        write_nbt_with_level(&s, &mut bytes, level).expect("writes");
        divan::black_box(bytes.len())
    });
}

/// Building the structure itself (palette interning and cell fill), for scale.
#[divan::bench]
fn build_structure() -> Structure {
    structure()
}
