//! `dungeon export`: a prefab-room layout (the embedded castle pack at seed 1 by default) turned
//! into Minecraft files under one folder, written atomically (a temporary folder renamed into
//! place, so a failure leaves no half output):
//!
//! * `rooms/NNN_<room>.nbt`: every placed room on its own, already mirrored and rotated;
//! * `dungeon.nbt`: the whole dungeon in one structure (skipped with a note when too large);
//! * `datapack/`: `pack.mcmeta`, the room templates and `function/place.mcfunction`, so
//!   `/function dungeon:place` builds the dungeon relative to the player;
//! * `dungeon.schem` with `--schem` (Sponge v3, for WorldEdit / FAWE);
//! * `preview.txt`: a top-down map of the built blocks at each room's floor, and `preview.png`,
//!   the same map as a picture.
//!
//! Room structures come from the embedded built-in rooms, or from `--structures DIR`
//! (`DIR/<structure>.nbt`) for packs of your own; an unreadable room file is bad input.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use connectors::{Engine, Layout, Pack};
use nbt_export::{
    assemble, data_pack, placed_room, read_nbt, write_nbt, write_schem, Assembly, IVec3, McVersion,
    Mirror, PackOptions, Placement, Rotation, Structure, Template, Transform,
};

use crate::cmd::flat;
use crate::cmd::layout::{generate, load_pack, parse_pack};
use crate::fail::bad_input;
use crate::png;

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The room pack (YAML); the embedded castle pack when absent.
    #[arg(long)]
    pack: Option<PathBuf>,
    /// The seed (its low 31 bits are used).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// The layout engine (minecrafty, branching, grid-maze, random-walk); the pack's own when absent.
    #[arg(long)]
    engine: Option<String>,
    /// The folder to create; an existing one is replaced as a whole, but only when it is empty or
    /// an earlier export (it holds `datapack/pack.mcmeta`).
    #[arg(long, default_value = "out")]
    out: PathBuf,
    /// Target Minecraft version: 1.20.1, 1.21.1, 1.21.4 or 1.21.5.
    #[arg(long, default_value = "1.21.4")]
    mc_version: String,
    /// Also write `dungeon.schem` (Sponge schematic v3).
    #[arg(long)]
    schem: bool,
    /// Read room structures from `DIR/<structure>.nbt` instead of the built-in rooms.
    #[arg(long)]
    structures: Option<PathBuf>,
    /// The data pack's namespace.
    #[arg(long, default_value = "dungeon")]
    namespace: String,
    /// What to export: a prefab-room layout, a grid-floor board or a tile-map floor.
    #[arg(long, value_enum, default_value_t = Source::Layout)]
    from: Source,
    /// `--from floor`: which floor of the run (1 to 4).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=4))]
    depth: u8,
    /// `--from floor`: a seed string (class, difficulty and unlocks come from it); overrides --seed.
    #[arg(long)]
    code: Option<String>,
    /// `--from map`: the floor-properties preset.
    #[arg(long, default_value = "std")]
    preset: String,
    /// `--from floor|map`: blocks per map tile (default 5 for a board, 2 for a map).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=16))]
    scale: Option<u32>,
}

/// The generator whose output is exported.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A prefab-room layout from a pack (`connectors`).
    Layout,
    /// One floor of a grid-floor run, extruded with its environment's block theme.
    Floor,
    /// One tile-map floor, extruded with the tile-map theme.
    Map,
}

/// The structure named `name` (`castle/boss_arena`), from `dir` or the embedded rooms.
fn load_room(name: &str, dir: Option<&Path>) -> anyhow::Result<Structure> {
    match dir {
        Some(dir) => {
            let path = dir.join(format!("{name}.nbt"));
            let file = std::fs::File::open(&path)
                .map_err(|e| bad_input(format!("cannot read room {}: {e}", path.display())))?;
            read_nbt(std::io::BufReader::new(file))
                .map_err(|e| bad_input(format!("room {}: {e}", path.display())))
        }
        None => {
            let (_, bytes) = EMBEDDED_ROOMS
                .iter()
                .find(|(embedded, _)| *embedded == name)
                .ok_or_else(|| {
                    bad_input(format!(
                        "no built-in room `{name}`: give the folder of your rooms with --structures"
                    ))
                })?;
            read_nbt(*bytes).map_err(|e| bad_input(format!("built-in room {name}: {e}")))
        }
    }
}

fn transform_of(transform: connectors::Transform) -> Transform {
    Transform {
        mirror: if transform.mirror {
            Mirror::FrontBack
        } else {
            Mirror::None
        },
        rotation: match transform.rotation {
            connectors::Rotation::None => Rotation::None,
            connectors::Rotation::Clockwise90 => Rotation::Clockwise90,
            connectors::Rotation::Clockwise180 => Rotation::Clockwise180,
            connectors::Rotation::Clockwise270 => Rotation::Counterclockwise90,
        },
    }
}

/// Everything an export writes, computed in memory.
pub struct Export {
    /// One template per room and set of used connectors, in first-use order.
    pub templates: Vec<Template>,
    /// One per placed room, in layout order.
    pub placements: Vec<Placement>,
    /// Room id per placement (for file names).
    pub room_ids: Vec<String>,
    /// The combined structure, or why there is none.
    pub assembly: Result<Assembly, String>,
}

/// A state that can wall off an opening: solid, not a door, ladder or other fitting.
fn is_wall(state: &nbt_export::BlockState) -> bool {
    !state.is_air()
        && state.properties.is_empty()
        && !state.name.ends_with("_door")
        && state.name != "minecraft:ladder"
}

/// Walls off the connectors of `room` not used by this placement (`used` bit per connector),
/// with the wall block found next to each opening, so dead-end doorways do not open onto the
/// world.
fn seal_unused(structure: &mut Structure, room: &connectors::RoomDef, used: u64) {
    for (index, connector) in room.connectors.iter().enumerate() {
        if used & (1 << index) != 0 {
            continue;
        }
        let at = connector.position;
        let along = match connector.direction {
            connectors::Dir::East | connectors::Dir::West => IVec3::Z,
            _ => IVec3::X,
        };
        let wall = [at + along, at - along, at + along * 2, at - along * 2]
            .into_iter()
            .filter_map(|p| structure.get(p))
            .find(|s| is_wall(s))
            .cloned();
        let Some(wall) = wall else { continue };
        let mut cells = vec![at];
        if connector.direction.is_horizontal() {
            cells.push(at + IVec3::Y);
        }
        for cell in cells {
            // Inside the room by construction (the pack is validated); skip if not.
            let _ = structure.set(cell, &wall);
        }
    }
}

/// Builds the export of `layout`: loads each used room once, checks its size against the pack,
/// and makes one template per room and set of unused (sealed) connectors.
pub fn build(
    pack: &Pack,
    layout: &Layout,
    version: McVersion,
    dir: Option<&Path>,
) -> anyhow::Result<Export> {
    let placed: Vec<&connectors::Placement> = layout.placements().collect();
    let mut used = vec![0u64; placed.len()];
    for connection in layout.connections() {
        used[connection.from] |= 1 << connection.from_connector;
        used[connection.to] |= 1 << connection.to_connector;
    }
    let mut rooms: Vec<Option<Structure>> = vec![None; pack.rooms.len()];
    let mut template_of: std::collections::BTreeMap<(usize, u64), usize> = Default::default();
    let mut templates = Vec::new();
    let mut placements = Vec::new();
    let mut room_ids = Vec::new();
    for (index, placement) in placed.iter().enumerate() {
        let room = &pack.rooms[placement.room];
        if rooms[placement.room].is_none() {
            let mut structure = load_room(&room.structure, dir)?;
            if structure.size() != room.size {
                return Err(bad_input(format!(
                    "room `{}`: structure {} is {} but the pack says {}",
                    room.id,
                    room.structure,
                    structure.size(),
                    room.size
                )));
            }
            structure.set_data_version(version.data_version());
            rooms[placement.room] = Some(structure);
        }
        let all = if room.connectors.len() >= 64 {
            u64::MAX
        } else {
            (1u64 << room.connectors.len()) - 1
        };
        let mask = used[index] & all;
        let key = (placement.room, mask);
        let template = match template_of.get(&key) {
            Some(&template) => template,
            None => {
                let Some(base) = rooms[placement.room].as_ref() else {
                    return Err(anyhow::anyhow!("room {} was not loaded", room.id));
                };
                let mut structure = base.clone();
                let name = if mask == all {
                    room.structure.clone()
                } else {
                    seal_unused(&mut structure, room, mask);
                    structure.compact_palette();
                    let bits: String = (0..room.connectors.len())
                        .map(|c| if mask & (1 << c) != 0 { '1' } else { '0' })
                        .collect();
                    format!("{}/used_{bits}", room.structure)
                };
                templates.push(Template { name, structure });
                template_of.insert(key, templates.len() - 1);
                templates.len() - 1
            }
        };
        placements.push(Placement {
            template,
            origin: placement.origin,
            transform: transform_of(placement.transform),
        });
        room_ids.push(room.id.clone());
    }
    let assembly = assemble(&templates, &placements).map_err(|e| e.to_string());
    Ok(Export {
        templates,
        placements,
        room_ids,
        assembly,
    })
}

/// A top-down map: for every column, the block at the feet level (floor + 1) of the highest room
/// covering it. `#` solid, `.` open, `D` door, `H` ladder, `C` chest, `S` spawner, `+` other.
pub fn preview(export: &Export, assembly: &Assembly) -> String {
    let size = assembly.structure.size();
    let mut feet = vec![i32::MIN; (size.x * size.z) as usize];
    for placement in &export.placements {
        let room_size = export.templates[placement.template].structure.size();
        let turned = nbt_export::transformed_size(room_size, placement.transform.rotation);
        let local = placement.origin - assembly.min_corner;
        for z in local.z..local.z + turned.z {
            for x in local.x..local.x + turned.x {
                let cell = &mut feet[(z * size.x + x) as usize];
                *cell = (*cell).max(local.y + 1);
            }
        }
    }
    let mut text = String::new();
    for z in 0..size.z {
        for x in 0..size.x {
            let y = feet[(z * size.x + x) as usize];
            let glyph = if y == i32::MIN {
                ' '
            } else {
                match assembly.structure.get(IVec3::new(x, y, z)) {
                    None => ' ',
                    Some(state) if state.is_air() => '.',
                    Some(state) => match state.name.trim_start_matches("minecraft:") {
                        name if name.ends_with("_door") => 'D',
                        "ladder" => 'H',
                        "chest" | "trapped_chest" | "barrel" => 'C',
                        "spawner" => 'S',
                        name if name.contains("lantern")
                            || name.contains("torch")
                            || name.contains("fence")
                            || name.contains("bars")
                            || name.contains("button")
                            || name.contains("candle")
                            || name.contains("cobweb")
                            || name.contains("cluster")
                            || name.contains("campfire") =>
                        {
                            '+'
                        }
                        _ => '#',
                    },
                }
            };
            text.push(glyph);
        }
        let trimmed = text.trim_end_matches(' ').len();
        text.truncate(trimmed);
        text.push('\n');
    }
    text
}

/// The colour of each glyph of [`preview`] in `preview.png`.
fn preview_colour(glyph: char) -> crate::png::Rgb {
    match glyph {
        '#' => png::WALL,
        '.' => png::FLOOR,
        'D' => png::DOOR,
        'H' => [255, 255, 255],
        'C' => png::TREASURE,
        'S' => png::MONSTER,
        '+' => [120, 150, 200],
        _ => png::BACKGROUND,
    }
}

pub fn run(args: ExportArgs) -> anyhow::Result<()> {
    let version: McVersion = args
        .mc_version
        .parse()
        .map_err(|e: nbt_export::Error| bad_input(e.to_string()))?;
    if args.from != Source::Layout {
        return run_flat(&args, version);
    }
    let pack = match &args.pack {
        Some(path) => load_pack(path)?,
        None => parse_pack(connectors::CASTLE_YAML, "castle (embedded)")?,
    };
    let engine = match &args.engine {
        Some(name) => Engine::from_name(name).ok_or_else(|| {
            bad_input(format!(
                "unknown engine `{name}` (minecrafty, branching, grid-maze, random-walk)"
            ))
        })?,
        None => pack.layout.engine,
    };
    let layout = generate(&pack, engine, args.seed)?;
    let export = build(&pack, &layout, version, args.structures.as_deref())?;
    let options = PackOptions {
        namespace: args.namespace.clone(),
        description: format!(
            "{} dungeon, seed {}, {} rooms ({} engine)",
            pack.name,
            args.seed,
            export.placements.len(),
            engine.name()
        ),
        version,
    };
    let pack_files = data_pack(&export.templates, &export.placements, &options)
        .map_err(|e| bad_input(e.to_string()))?;
    let mut summary = String::new();
    crate::output::write_dir_with(&args.out, |dir| {
        for (i, (placement, id)) in export.placements.iter().zip(&export.room_ids).enumerate() {
            let room = placed_room(&export.templates, placement)?;
            let path = dir.join("rooms").join(format!("{i:03}_{id}.nbt"));
            crate::output::write_file_with(&path, |out| Ok(write_nbt(&room, out)?))?;
        }
        for file in &pack_files {
            crate::output::write_file(&dir.join("datapack").join(&file.path), &file.bytes)?;
        }
        match &export.assembly {
            Ok(assembly) => {
                crate::output::write_file_with(&dir.join("dungeon.nbt"), |out| {
                    Ok(write_nbt(&assembly.structure, out)?)
                })?;
                if args.schem {
                    crate::output::write_file_with(&dir.join("dungeon.schem"), |out| {
                        Ok(write_schem(&assembly.structure, out)?)
                    })?;
                }
                let text = preview(&export, assembly);
                crate::output::write_file(&dir.join("preview.txt"), text.as_bytes())?;
                let mut picture = crate::png::Picture::default();
                picture.add_text(&text.lines().collect::<Vec<_>>(), preview_colour);
                crate::output::write_file(&dir.join("preview.png"), &picture.to_png()?)?;
                let size = assembly.structure.size();
                let _ = write!(
                    summary,
                    "{} rooms, {} x {} x {} blocks, corner at {}",
                    export.placements.len(),
                    size.x,
                    size.y,
                    size.z,
                    assembly.min_corner
                );
            }
            Err(why) => {
                let _ = write!(
                    summary,
                    "{} rooms; no combined file: {why}",
                    export.placements.len()
                );
            }
        }
        Ok(())
    })
    .with_context(|| format!("writing {}", args.out.display()))?;
    println!(
        "{}: {summary}; /function {}:place builds it",
        args.out.display(),
        args.namespace
    );
    Ok(())
}

/// `(structure name, .nbt bytes)` of the built-in rooms, sorted by name. Generated from
/// `structures/`; `tests::the_embedded_rooms_are_the_committed_files` fails when a file is added
/// or removed without this list following.
const EMBEDDED_ROOMS: &[(&str, &[u8])] = &[
    (
        "castle/boss_arena",
        include_bytes!("../../../../structures/castle/boss_arena.nbt"),
    ),
    (
        "castle/chapel",
        include_bytes!("../../../../structures/castle/chapel.nbt"),
    ),
    (
        "castle/corridor_corner",
        include_bytes!("../../../../structures/castle/corridor_corner.nbt"),
    ),
    (
        "castle/corridor_cross",
        include_bytes!("../../../../structures/castle/corridor_cross.nbt"),
    ),
    (
        "castle/corridor_straight",
        include_bytes!("../../../../structures/castle/corridor_straight.nbt"),
    ),
    (
        "castle/corridor_t",
        include_bytes!("../../../../structures/castle/corridor_t.nbt"),
    ),
    (
        "castle/dining_hall",
        include_bytes!("../../../../structures/castle/dining_hall.nbt"),
    ),
    (
        "castle/entrance_hall",
        include_bytes!("../../../../structures/castle/entrance_hall.nbt"),
    ),
    (
        "castle/guard_room",
        include_bytes!("../../../../structures/castle/guard_room.nbt"),
    ),
    (
        "castle/library",
        include_bytes!("../../../../structures/castle/library.nbt"),
    ),
    (
        "castle/merchant_shop",
        include_bytes!("../../../../structures/castle/merchant_shop.nbt"),
    ),
    (
        "castle/prison_cells",
        include_bytes!("../../../../structures/castle/prison_cells.nbt"),
    ),
    (
        "castle/stairs_down",
        include_bytes!("../../../../structures/castle/stairs_down.nbt"),
    ),
    (
        "castle/stairs_up",
        include_bytes!("../../../../structures/castle/stairs_up.nbt"),
    ),
    (
        "castle/treasure_vault",
        include_bytes!("../../../../structures/castle/treasure_vault.nbt"),
    ),
    (
        "castle/warden_quarters",
        include_bytes!("../../../../structures/castle/warden_quarters.nbt"),
    ),
    (
        "mines/cavern",
        include_bytes!("../../../../structures/mines/cavern.nbt"),
    ),
    (
        "mines/collapsed_tunnel",
        include_bytes!("../../../../structures/mines/collapsed_tunnel.nbt"),
    ),
    (
        "mines/crystal_grotto",
        include_bytes!("../../../../structures/mines/crystal_grotto.nbt"),
    ),
    (
        "mines/flooded_cave",
        include_bytes!("../../../../structures/mines/flooded_cave.nbt"),
    ),
    (
        "mines/foreman_office",
        include_bytes!("../../../../structures/mines/foreman_office.nbt"),
    ),
    (
        "mines/mine_entrance",
        include_bytes!("../../../../structures/mines/mine_entrance.nbt"),
    ),
    (
        "mines/miners_camp",
        include_bytes!("../../../../structures/mines/miners_camp.nbt"),
    ),
    (
        "mines/ore_cache",
        include_bytes!("../../../../structures/mines/ore_cache.nbt"),
    ),
    (
        "mines/ore_chamber",
        include_bytes!("../../../../structures/mines/ore_chamber.nbt"),
    ),
    (
        "mines/shaft_down",
        include_bytes!("../../../../structures/mines/shaft_down.nbt"),
    ),
    (
        "mines/shaft_up",
        include_bytes!("../../../../structures/mines/shaft_up.nbt"),
    ),
    (
        "mines/spider_den",
        include_bytes!("../../../../structures/mines/spider_den.nbt"),
    ),
    (
        "mines/tunnel_corner",
        include_bytes!("../../../../structures/mines/tunnel_corner.nbt"),
    ),
    (
        "mines/tunnel_cross",
        include_bytes!("../../../../structures/mines/tunnel_cross.nbt"),
    ),
    (
        "mines/tunnel_straight",
        include_bytes!("../../../../structures/mines/tunnel_straight.nbt"),
    ),
    (
        "mines/tunnel_t",
        include_bytes!("../../../../structures/mines/tunnel_t.nbt"),
    ),
];

/// `--from floor|map`: one 2D map extruded into one structure, written as `dungeon.nbt`, a data
/// pack placing it, `preview.txt` (the map's ASCII view), `preview.png` (its picture) and, with
/// `--schem`, `dungeon.schem`.
fn run_flat(args: &ExportArgs, version: McVersion) -> anyhow::Result<()> {
    let mut picture = crate::png::Picture::default();
    let (grid, theme, preview, what) = match args.from {
        Source::Floor => {
            let tables = grid_floor::Tables::default_tables()
                .context("the embedded grid-floor tables are invalid")?;
            let (setup, seed) = match &args.code {
                Some(code) => {
                    let code = rng::SeedCode::decode(code)
                        .map_err(|e| bad_input(format!("--code {code:?}: {e}")))?;
                    (grid_floor::Setup::from_code(&code), code.initial_seed)
                }
                None => {
                    let setup = grid_floor::Setup::for_class("warrior")
                        .context("the default class is missing")?;
                    (setup, args.seed & 0x7FFF_FFFF)
                }
            };
            let mut generator = grid_floor::Generator::new(&tables);
            let floor = generator
                .run_floor(&setup, seed, args.depth)
                .map_err(|e| bad_input(format!("floor {} of seed {seed}: {e}", args.depth)))?;
            let grid = flat::floor_grid(&floor, args.scale.unwrap_or(5))?;
            let theme = flat::theme_for(floor.environment)?;
            let what = format!(
                "grid-floor seed {seed}, floor {} ({})",
                args.depth, floor.environment
            );
            super::floor::add_board(&mut picture, &floor);
            (grid, theme, floor.to_ascii(), what)
        }
        // `run` sends layouts elsewhere; a layout never reaches this arm.
        Source::Map | Source::Layout => {
            let props = tile_map::preset(&args.preset).map_err(|e| bad_input(e.to_string()))?;
            let mut generator = tile_map::Generator::new();
            generator.generate(&props, tile_map::Quirks::Faithful, args.seed);
            let ascii = generator.map().to_ascii();
            let grid = flat::map_grid(&ascii, args.scale.unwrap_or(2))?;
            let theme = flat::theme_for("tile-map")?;
            let what = format!("tile-map preset {} seed {}", args.preset, args.seed);
            picture.add_text(&ascii.lines().collect::<Vec<_>>(), super::map::glyph_colour);
            (grid, theme, ascii, what)
        }
    };
    let mut structure = nbt_export::extrude(&grid, &theme)
        .map_err(|e| anyhow::anyhow!("extruding the map: {e}"))?;
    structure.set_data_version(version.data_version());
    let templates = vec![Template {
        name: "map".to_string(),
        structure,
    }];
    let placements = [Placement {
        template: 0,
        origin: IVec3::ZERO,
        transform: Transform::default(),
    }];
    let options = PackOptions {
        namespace: args.namespace.clone(),
        description: what.clone(),
        version,
    };
    let pack_files =
        data_pack(&templates, &placements, &options).map_err(|e| bad_input(e.to_string()))?;
    let structure = &templates[0].structure;
    let preview_png = picture.to_png()?;
    crate::output::write_dir_with(&args.out, |dir| {
        crate::output::write_file_with(&dir.join("dungeon.nbt"), |out| {
            Ok(write_nbt(structure, out)?)
        })?;
        if args.schem {
            crate::output::write_file_with(&dir.join("dungeon.schem"), |out| {
                Ok(write_schem(structure, out)?)
            })?;
        }
        for file in &pack_files {
            crate::output::write_file(&dir.join("datapack").join(&file.path), &file.bytes)?;
        }
        crate::output::write_file(&dir.join("preview.txt"), preview.as_bytes())?;
        crate::output::write_file(&dir.join("preview.png"), &preview_png)
    })
    .with_context(|| format!("writing {}", args.out.display()))?;
    let size = structure.size();
    println!(
        "{}: {what}, {} x {} x {} blocks; /function {}:place builds it",
        args.out.display(),
        size.x,
        size.y,
        size.z,
        args.namespace
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_rooms_are_the_committed_files() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../structures");
        let mut on_disk = Vec::new();
        for pack in std::fs::read_dir(&root)
            .expect("structures/ exists")
            .flatten()
        {
            for file in std::fs::read_dir(pack.path())
                .expect("a pack folder")
                .flatten()
            {
                let path = file.path();
                if path.extension().is_some_and(|e| e == "nbt") {
                    let name = path.strip_prefix(&root).expect("inside").with_extension("");
                    on_disk.push(name.to_string_lossy().replace('\\', "/"));
                }
            }
        }
        on_disk.sort();
        let embedded: Vec<&str> = EMBEDDED_ROOMS.iter().map(|(name, _)| *name).collect();
        assert_eq!(embedded, on_disk);
    }

    /// Every connection of every layout is walkable once built: both connector cells are open
    /// (air, a door or a ladder), and for doorways the cell above them too.
    #[test]
    fn connector_cells_are_open_in_the_assembled_dungeon_over_many_seeds() {
        let open = |s: Option<&nbt_export::BlockState>| {
            s.is_some_and(|s| {
                s.is_air() || s.name.ends_with("_door") || s.name == "minecraft:ladder"
            })
        };
        let mut checked = 0;
        for (text, name) in [
            (connectors::CASTLE_YAML, "castle"),
            (connectors::MINES_YAML, "mines"),
        ] {
            let pack = parse_pack(text, name).expect("built-in packs are valid");
            for seed in 1..=60 {
                let layout = connectors::generate(&pack, pack.layout.engine, seed).expect("layout");
                let export = build(&pack, &layout, McVersion::V1_21_4, None).expect("export");
                let assembly = export.assembly.as_ref().expect("fits in one structure");
                assert_eq!(assembly.overlapping_cells, 0, "{name} seed {seed}");
                for connection in layout.connections() {
                    for pos in [connection.from_pos, connection.to_pos] {
                        let local = pos - assembly.min_corner;
                        let here = assembly.structure.get(local);
                        assert!(open(here), "{name} seed {seed}: {pos} is {here:?}");
                        if connection.from_pos.y == connection.to_pos.y {
                            let above = assembly.structure.get(local + IVec3::Y);
                            assert!(open(above), "{name} seed {seed}: above {pos} is {above:?}");
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(
            checked > 2 * 60 * 2 * 10,
            "only {checked} connector cells checked"
        );
    }

    /// Pins the combined dungeon of the default export (castle, seed 1): any change to it must
    /// be deliberate. Hashes the uncompressed NBT, so the gzip backend does not matter.
    #[test]
    fn value_stability() {
        let pack = parse_pack(connectors::CASTLE_YAML, "castle").expect("valid");
        let layout = connectors::generate(&pack, pack.layout.engine, 1).expect("layout");
        let export = build(&pack, &layout, McVersion::V1_21_4, None).expect("export");
        let assembly = export.assembly.as_ref().expect("fits");
        let raw = nbt_export::nbt_bytes(&assembly.structure).expect("serializes");
        let fnv = raw.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
            (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
        });
        let summary = (
            export.placements.len(),
            export.templates.len(),
            assembly.structure.block_count(),
            raw.len(),
            fnv,
        );
        assert_eq!(summary, (25, 19, 11_825, 427_839, 0xbb23_cbdc_e10b_a787));
    }

    /// Connectors a layout leaves unused are walled off, so no doorway opens onto the world.
    #[test]
    fn unused_doorways_are_sealed() {
        let pack = parse_pack(connectors::CASTLE_YAML, "castle").expect("valid");
        let mut sealed = 0;
        for seed in 1..=20 {
            let layout = connectors::generate(&pack, pack.layout.engine, seed).expect("layout");
            let export = build(&pack, &layout, McVersion::V1_21_4, None).expect("export");
            let assembly = export.assembly.as_ref().expect("fits");
            let mut used = std::collections::BTreeSet::new();
            for c in layout.connections() {
                used.insert((c.from, c.from_connector));
                used.insert((c.to, c.to_connector));
            }
            for (index, placement) in layout.placements().enumerate() {
                let room = &pack.rooms[placement.room];
                for (c, connector) in room.connectors.iter().enumerate() {
                    if used.contains(&(index, c)) || !connector.direction.is_horizontal() {
                        continue;
                    }
                    let world =
                        placement.origin + placement.transform.pos(connector.position, room.size);
                    let here = assembly.structure.get(world - assembly.min_corner);
                    assert!(
                        here.is_some_and(is_wall),
                        "seed {seed}: {world} is {here:?}"
                    );
                    sealed += 1;
                }
            }
        }
        assert!(sealed > 20, "only {sealed} unused doorways seen");
    }
}
