//! Writes a set of sample files into a folder so an independent reader can check them:
//! a furnished room in all eight mirror/rotation variants, a two-room assembly as `.nbt` and
//! `.schem`, its data pack, and an extruded 2D map.
//!
//! Run: `cargo run -p nbt-export --example samples -- OUT_DIR`, then check `OUT_DIR` with
//! `nbt-verify` (`verify OUT_DIR/*.nbt OUT_DIR/*.schem --mc-version 1.21.4`).

use std::fs;
use std::path::Path;

use nbt_export::{
    assemble, data_pack, extrude, write_nbt, write_schem, BlockState, Compound, DVec3, Entity,
    IVec3, McVersion, Mirror, PackOptions, Placement, Rotation, Structure, Tag, Template, Theme,
    TileGrid, Transform,
};

fn state(text: &str) -> BlockState {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn room() -> Structure {
    let size = IVec3::new(7, 5, 9);
    let mut s = Structure::new(size).unwrap_or_else(|e| panic!("{e}"));
    let wall = state("stone_bricks");
    for y in 0..size.y {
        for z in 0..size.z {
            for x in 0..size.x {
                let edge = x == 0 || z == 0 || x == size.x - 1 || z == size.z - 1;
                let block = if y == 0 || y == size.y - 1 || edge {
                    &wall
                } else {
                    &BlockState::air()
                };
                s.set(IVec3::new(x, y, z), block)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
        }
    }
    let set = |s: &mut Structure, x, y, z, text: &str| {
        s.set(IVec3::new(x, y, z), &state(text))
            .unwrap_or_else(|e| panic!("{e}"))
    };
    // A door opening in the north wall with an iron door and a button.
    set(
        &mut s,
        3,
        1,
        0,
        "iron_door[facing=south,half=lower,hinge=left,open=false,powered=false]",
    );
    set(
        &mut s,
        3,
        2,
        0,
        "iron_door[facing=south,half=upper,hinge=left,open=false,powered=false]",
    );
    set(
        &mut s,
        4,
        2,
        1,
        "stone_button[face=wall,facing=south,powered=false]",
    );
    set(
        &mut s,
        1,
        1,
        4,
        "stone_brick_stairs[facing=east,half=bottom,shape=outer_left,waterlogged=false]",
    );
    set(
        &mut s,
        5,
        1,
        4,
        "oak_fence[east=false,north=true,south=true,waterlogged=false,west=false]",
    );
    set(&mut s, 5, 1, 7, "wall_torch[facing=west]");
    set(&mut s, 1, 1, 7, "oak_sign[rotation=3,waterlogged=false]");
    set(&mut s, 2, 1, 7, "oak_log[axis=x]");
    set(&mut s, 3, 3, 4, "lantern[hanging=true,waterlogged=false]");
    let mut jigsaw = Compound::new();
    for (key, value) in [
        ("id", "minecraft:jigsaw"),
        ("name", "dungeon:door"),
        ("target", "dungeon:door"),
        ("pool", "minecraft:empty"),
        ("final_state", "minecraft:air"),
        ("joint", "rollable"),
    ] {
        jigsaw.insert(key.into(), Tag::String(value.into()));
    }
    jigsaw.insert("selection_priority".into(), Tag::Int(0));
    jigsaw.insert("placement_priority".into(), Tag::Int(0));
    s.set_with_nbt(
        IVec3::new(1, 1, 1),
        &state("jigsaw[orientation=north_up]"),
        jigsaw,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    set(&mut s, 1, 2, 1, "rail[shape=south_east]");
    let mut chest = Compound::new();
    chest.insert("id".into(), Tag::String("minecraft:chest".into()));
    chest.insert(
        "LootTable".into(),
        Tag::String("minecraft:chests/simple_dungeon".into()),
    );
    s.set_with_nbt(
        IVec3::new(2, 1, 6),
        &state("chest[facing=north,type=left,waterlogged=false]"),
        chest.clone(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    s.set_with_nbt(
        IVec3::new(3, 1, 6),
        &state("chest[facing=north,type=right,waterlogged=false]"),
        chest,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut spawner = Compound::new();
    spawner.insert("id".into(), Tag::String("minecraft:mob_spawner".into()));
    let mut entity = Compound::new();
    entity.insert("id".into(), Tag::String("minecraft:zombie".into()));
    let mut spawn_data = Compound::new();
    spawn_data.insert("entity".into(), Tag::Compound(entity));
    spawner.insert("SpawnData".into(), Tag::Compound(spawn_data));
    s.set_with_nbt(IVec3::new(4, 1, 4), &state("spawner"), spawner)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut stand = Compound::new();
    stand.insert("id".into(), Tag::String("minecraft:armor_stand".into()));
    s.add_entity(Entity {
        pos: DVec3::new(2.5, 1.0, 2.5),
        block_pos: IVec3::new(2, 1, 2),
        nbt: stand,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    s
}

fn write(path: &Path, fill: impl FnOnce(&mut Vec<u8>) -> nbt_export::Result<()>) {
    let mut bytes = Vec::new();
    fill(&mut bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    fs::write(path, bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| "samples".into());
    let out = Path::new(&out);
    fs::create_dir_all(out).unwrap_or_else(|e| panic!("{e}"));
    let base = room();
    for mirror in Mirror::ALL {
        for rotation in Rotation::ALL {
            let turned = base
                .transformed(Transform { mirror, rotation })
                .unwrap_or_else(|e| panic!("{e}"));
            write(&out.join(format!("room_{mirror}_{rotation}.nbt")), |b| {
                write_nbt(&turned, b)
            });
        }
    }
    let templates = vec![Template {
        name: "rooms/hall".into(),
        structure: base,
    }];
    let placements = [
        Placement {
            template: 0,
            origin: IVec3::ZERO,
            transform: Transform::default(),
        },
        Placement {
            template: 0,
            origin: IVec3::new(0, 0, -9),
            transform: Transform {
                mirror: Mirror::FrontBack,
                rotation: Rotation::Clockwise180,
            },
        },
    ];
    let assembly = assemble(&templates, &placements).unwrap_or_else(|e| panic!("{e}"));
    write(&out.join("combined.nbt"), |b| {
        write_nbt(&assembly.structure, b)
    });
    write(&out.join("combined.schem"), |b| {
        write_schem(&assembly.structure, b)
    });
    let options = PackOptions {
        namespace: "dungeon".into(),
        description: "samples".into(),
        version: McVersion::V1_21_4,
    };
    for file in data_pack(&templates, &placements, &options).unwrap_or_else(|e| panic!("{e}")) {
        let path = out.join("pack").join(&file.path);
        fs::create_dir_all(path.parent().unwrap_or(out)).unwrap_or_else(|e| panic!("{e}"));
        fs::write(&path, &file.bytes).unwrap_or_else(|e| panic!("{e}"));
    }
    let mut grid = TileGrid::new(8, 6, "wall").unwrap_or_else(|e| panic!("{e}"));
    for z in 1..5 {
        for x in 1..7 {
            grid.set(x, z, if x == 6 { "water" } else { "floor" })
                .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    for (x, label) in [
        (1, "player"),
        (2, "monster:goblin"),
        (3, "reward"),
        (4, "boss"),
        (5, "stairs"),
    ] {
        grid.add_marker(x, 2, label)
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let map = extrude(&grid, &Theme::stone()).unwrap_or_else(|e| panic!("{e}"));
    write(&out.join("map.nbt"), |b| write_nbt(&map, b));
    write(&out.join("map.schem"), |b| write_schem(&map, b));
}
