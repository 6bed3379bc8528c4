//! `dungeon layout`: a prefab-room layout from a pack (the embedded castle pack by default),
//! printed as a top-down ASCII map (one map per Y level for vertical packs), as JSON, or drawn as
//! a PNG picture of the ASCII map (the levels side by side, highest first).

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, ValueEnum};
use connectors::{ConnectionDoor, ConnectionKind, Dir, Engine, Layout, Pack, Placement, RoomType};
use serde::Serialize;

use crate::fail::bad_input;
use crate::png;

#[derive(Args, Debug)]
pub struct LayoutArgs {
    /// The room pack (YAML); the embedded castle pack when absent.
    #[arg(long)]
    pack: Option<PathBuf>,
    /// The seed (its low 31 bits are used).
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// The layout engine; the pack's own engine when absent.
    #[arg(long, value_enum)]
    engine: Option<EngineArg>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    format: Format,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum EngineArg {
    Minecrafty,
    Branching,
    GridMaze,
    RandomWalk,
}

impl From<EngineArg> for Engine {
    fn from(arg: EngineArg) -> Engine {
        match arg {
            EngineArg::Minecrafty => Engine::Minecrafty,
            EngineArg::Branching => Engine::Branching,
            EngineArg::GridMaze => Engine::GridMaze,
            EngineArg::RandomWalk => Engine::RandomWalk,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum Format {
    Ascii,
    Json,
    /// A picture of the ASCII map (to --out FILE or a redirected stdout).
    Png,
}

/// Reads and validates a pack file; a broken pack is bad input listing every problem as
/// `FILE:LINE: path: message`.
pub fn load_pack(path: &Path) -> anyhow::Result<Pack> {
    let text = crate::config_file::read(path, "pack")?;
    parse_pack(&text, &path.display().to_string())
}

/// Validates pack text named `name` in messages.
pub fn parse_pack(text: &str, name: &str) -> anyhow::Result<Pack> {
    Pack::from_yaml(text).map_err(|error| {
        let problems = error.problems();
        if problems.is_empty() {
            return bad_input(format!("pack {name}: {error}"));
        }
        let noun = if problems.len() == 1 {
            "problem"
        } else {
            "problems"
        };
        let mut message = format!("pack {name} has {} {noun}", problems.len());
        for problem in problems {
            let line = problem.line.map(|l| format!("{l}:")).unwrap_or_default();
            message.push_str(&format!(
                "\n  {name}:{line} {}: {}",
                problem.path, problem.message
            ));
        }
        bad_input(message)
    })
}

/// Generates a layout; a rule the layout could not meet is bad input (exit status 2), named
/// with the pack, engine and seed.
pub fn generate(pack: &Pack, engine: Engine, seed: u32) -> anyhow::Result<Layout> {
    connectors::generate(pack, engine, seed).map_err(|error| {
        bad_input(format!(
            "pack {} with the {} engine, seed {seed}: {error}",
            pack.name,
            engine.name(),
        ))
    })
}

pub fn run(args: LayoutArgs) -> anyhow::Result<()> {
    let pack = match &args.pack {
        Some(path) => load_pack(path)?,
        None => parse_pack(connectors::CASTLE_YAML, "castle (embedded)")?,
    };
    let engine = args.engine.map(Engine::from).unwrap_or(pack.layout.engine);
    let layout = generate(&pack, engine, args.seed)?;
    let mut text = String::new();
    match args.format {
        Format::Ascii => render_ascii(&pack, &layout, &mut text),
        Format::Json => render_json(&pack, &layout, &mut text)?,
        Format::Png => {
            let mut picture = crate::png::Picture::default();
            for level in levels(&pack, &layout) {
                let rows: Vec<&str> = level.rows.iter().map(String::as_str).collect();
                picture.add_text(&rows, glyph_colour);
            }
            return crate::output::picture_to_file_or_stdout(
                args.out.as_deref(),
                &picture.to_png()?,
            );
        }
    }
    crate::output::to_file_or_stdout(args.out.as_deref(), |out| {
        out.write_all(text.as_bytes()).map_err(Into::into)
    })
}

/// The PNG picture's colour for each glyph of the ASCII map.
fn glyph_colour(glyph: char) -> crate::png::Rgb {
    match glyph {
        '#' => png::WALL,
        '.' => png::FLOOR,
        'S' => png::PLAYER,
        'E' => png::MONSTER,
        'r' => [176, 168, 146],
        'c' => [150, 150, 150],
        '$' => png::TREASURE,
        '+' => png::DOOR,
        'L' => [230, 120, 20],
        '>' => [120, 80, 200],
        'o' => [80, 170, 90],
        '^' | 'v' => [255, 255, 255],
        _ => png::BACKGROUND,
    }
}

// ---------------------------------------------------------------------------------------------
// JSON

#[derive(Serialize)]
struct RoomJson<'a> {
    id: usize,
    room: &'a str,
    #[serde(rename = "type")]
    kind: &'static str,
    structure: &'a str,
    origin: [i32; 3],
    size: [i32; 3],
    rotation: u16,
    mirror: bool,
    depth: u32,
}

#[derive(Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
enum DoorJson<'a> {
    Normal,
    Locked { key: &'a str },
    OneWay { from: usize },
}

#[derive(Serialize)]
struct ConnectionJson<'a> {
    from: usize,
    to: usize,
    from_connector: &'a str,
    to_connector: &'a str,
    from_pos: [i32; 3],
    to_pos: [i32; 3],
    kind: &'static str,
    door: Option<DoorJson<'a>>,
}

#[derive(Serialize)]
struct StatsJson<'a> {
    rooms: u32,
    rooms_by_type: &'a std::collections::BTreeMap<&'static str, u32>,
    max_depth: u32,
    dead_ends: u32,
    loops: u32,
    unused_connectors: u32,
    attempts: u32,
}

fn json<T: Serialize>(value: &T) -> anyhow::Result<String> {
    serde_json::to_string(value).context("serializing JSON")
}

/// JSON with one room or connection per line, so that fixtures diff well.
fn render_json(pack: &Pack, layout: &Layout, out: &mut String) -> anyhow::Result<()> {
    out.push_str("{\n");
    out.push_str(&format!("  \"pack\": {},\n", json(&pack.name)?));
    out.push_str(&format!(
        "  \"engine\": {},\n",
        json(&layout.engine.name())?
    ));
    out.push_str(&format!("  \"seed\": {},\n", layout.seed));
    out.push_str(&format!("  \"attempt_seed\": {},\n", layout.attempt_seed));
    out.push_str("  \"rooms\": [");
    for (id, p) in layout.placements().enumerate() {
        let def = &pack.rooms[p.room];
        let room = RoomJson {
            id,
            room: &def.id,
            kind: p.kind.name(),
            structure: &def.structure,
            origin: p.origin.to_array(),
            size: p.size.to_array(),
            rotation: p.transform.rotation.degrees(),
            mirror: p.transform.mirror,
            depth: p.depth,
        };
        out.push_str(if id == 0 { "\n    " } else { ",\n    " });
        out.push_str(&json(&room)?);
    }
    out.push_str("\n  ],\n  \"connections\": [");
    let placements: Vec<&Placement> = layout.placements().collect();
    for (i, c) in layout.connections().enumerate() {
        let from_def = &pack.rooms[placements[c.from].room];
        let to_def = &pack.rooms[placements[c.to].room];
        let door = c.door.map(|door| match door {
            ConnectionDoor::Normal => DoorJson::Normal,
            ConnectionDoor::Locked(key) => DoorJson::Locked {
                key: &pack.keys[key],
            },
            ConnectionDoor::OneWay { from } => DoorJson::OneWay { from },
        });
        let connection = ConnectionJson {
            from: c.from,
            to: c.to,
            from_connector: &from_def.connectors[c.from_connector].id,
            to_connector: &to_def.connectors[c.to_connector].id,
            from_pos: c.from_pos.to_array(),
            to_pos: c.to_pos.to_array(),
            kind: match c.kind {
                ConnectionKind::Tree => "tree",
                ConnectionKind::Loop => "loop",
            },
            door,
        };
        out.push_str(if i == 0 { "\n    " } else { ",\n    " });
        out.push_str(&json(&connection)?);
    }
    let s = &layout.stats;
    let stats = StatsJson {
        rooms: s.rooms,
        rooms_by_type: &s.rooms_by_type,
        max_depth: s.max_depth,
        dead_ends: s.dead_ends,
        loops: s.loops,
        unused_connectors: s.unused_connectors,
        attempts: s.attempts,
    };
    out.push_str(&format!("\n  ],\n  \"stats\": {}\n}}\n", json(&stats)?));
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// ASCII

fn type_glyph(kind: RoomType) -> char {
    match kind {
        RoomType::Start => 'S',
        RoomType::End => 'E',
        RoomType::Corridor => 'c',
        RoomType::Special => '$',
        _ => 'r',
    }
}

/// A top-down map per Y level (the rooms whose floor is at that level): `#` walls, `.` floor,
/// the room's type letter in its middle, `+` doors, `L` locked doors, `>` one-way doors, `o`
/// loop doors, `^` and `v` stairs up and down.
fn render_ascii(pack: &Pack, layout: &Layout, out: &mut String) {
    let s = &layout.stats;
    out.push_str(&format!(
        "{} / {} / seed {}: {} rooms, depth {}, {} loops, {} dead ends, {} unused connectors\n",
        pack.name,
        layout.engine.name(),
        layout.seed,
        s.rooms,
        s.max_depth,
        s.loops,
        s.dead_ends,
        s.unused_connectors
    ));
    out.push_str("legend: S start, E end, r room, c corridor, $ special; + door, L locked, > one-way, o loop, ^ up, v down\n");
    for level in levels(pack, layout) {
        out.push_str(&format!("\n{}\n", level.header));
        for line in &level.rows {
            out.push_str(line);
            out.push('\n');
        }
    }
}

/// One Y level of the top-down view: its header line and its rows, north first.
struct Level {
    header: String,
    rows: Vec<String>,
}

/// The top-down view of every Y level, highest first.
fn levels(pack: &Pack, layout: &Layout) -> Vec<Level> {
    let placements: Vec<&Placement> = layout.placements().collect();
    let mut views = Vec::new();
    let mut levels: Vec<i32> = placements.iter().map(|p| p.origin.y).collect();
    levels.sort_unstable();
    levels.dedup();
    for &level in levels.iter().rev() {
        let on_level: Vec<usize> = (0..placements.len())
            .filter(|&i| placements[i].origin.y == level)
            .collect();
        let min_x = on_level
            .iter()
            .map(|&i| placements[i].origin.x)
            .min()
            .unwrap_or(0);
        let max_x = on_level
            .iter()
            .map(|&i| placements[i].aabb().max.x)
            .max()
            .unwrap_or(0);
        let min_z = on_level
            .iter()
            .map(|&i| placements[i].origin.z)
            .min()
            .unwrap_or(0);
        let max_z = on_level
            .iter()
            .map(|&i| placements[i].aabb().max.z)
            .max()
            .unwrap_or(0);
        let width = (max_x - min_x + 1) as usize;
        let depth = (max_z - min_z + 1) as usize;
        let mut grid = vec![b' '; width * depth];
        let put = |x: i32, z: i32, glyph: u8, grid: &mut Vec<u8>| {
            if (min_x..=max_x).contains(&x) && (min_z..=max_z).contains(&z) {
                grid[(z - min_z) as usize * width + (x - min_x) as usize] = glyph;
            }
        };
        for &i in &on_level {
            let b = placements[i].aabb();
            for z in b.min.z..=b.max.z {
                for x in b.min.x..=b.max.x {
                    let wall = x == b.min.x || x == b.max.x || z == b.min.z || z == b.max.z;
                    put(x, z, if wall { b'#' } else { b'.' }, &mut grid);
                }
            }
            let middle = (b.min + b.max) / 2;
            put(
                middle.x,
                middle.z,
                type_glyph(placements[i].kind) as u8,
                &mut grid,
            );
        }
        for c in layout.connections() {
            let glyph = match (c.kind, c.door) {
                (_, Some(ConnectionDoor::Locked(_))) => b'L',
                (_, Some(ConnectionDoor::OneWay { .. })) => b'>',
                (ConnectionKind::Loop, _) => b'o',
                _ => b'+',
            };
            for (room, pos, conn) in [
                (c.from, c.from_pos, c.from_connector),
                (c.to, c.to_pos, c.to_connector),
            ] {
                let placement = placements[room];
                if placement.origin.y != level {
                    continue;
                }
                let def = &pack.rooms[placement.room];
                let dir = placement.transform.dir(def.connectors[conn].direction);
                let glyph = match dir {
                    Dir::Up => b'^',
                    Dir::Down => b'v',
                    _ => glyph,
                };
                put(pos.x, pos.z, glyph, &mut grid);
            }
        }
        views.push(Level {
            header: format!(
                "level y={level} ({} rooms), x {min_x}..{max_x}, z {min_z}..{max_z} (north up)",
                on_level.len()
            ),
            rows: grid
                .chunks(width)
                .map(|row| String::from_utf8_lossy(row).trim_end().to_string())
                .collect(),
        });
    }
    views
}
