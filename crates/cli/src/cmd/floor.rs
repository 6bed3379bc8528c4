//! `dungeon floor`: the four-floor board pipeline of document 000 (crate `grid-floor`), as ASCII
//! or JSON, for one run or a batch of consecutive seeds (JSON Lines, one floor per line), or one
//! run's boards as a PNG picture.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, ValueEnum};
use grid_floor::{ErrorKind, Floor, Generator, Setup, Tables};
use rng::SeedCode;

use crate::fail::bad_input;
use crate::png;

/// How a floor is printed.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Format {
    /// The board with one letter per object kind, a legend and the object list.
    Ascii,
    /// JSON: one document for a single run, JSON Lines (one floor per line) with --count.
    Json,
    /// A picture of the boards, side by side (one run; to --out FILE or a redirected stdout).
    Png,
}

#[derive(Args, Debug)]
pub struct FloorArgs {
    /// The run's initial seed (its low 31 bits are kept). Default 1.
    #[arg(long, conflicts_with = "code")]
    seed: Option<u64>,
    /// A seed string (`XXXXX-XXXXX-XXXXX-XXXXX`): initial seed, class, difficulty and unlocks.
    #[arg(long)]
    code: Option<String>,
    /// Which floor: 1, 2, 3, 4 or all.
    #[arg(long, default_value = "all")]
    depth: String,
    /// The class (bard builds taverns). Default warrior; a seed string carries its own.
    #[arg(long, conflicts_with = "code")]
    class: Option<String>,
    /// A YAML file replacing the embedded data tables (same shape as configs/grid-floor/default.yaml).
    #[arg(long, value_name = "FILE.yaml")]
    data: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    format: Format,
    /// Build this many runs, for seeds N, N+1, ...; JSON output becomes JSON Lines.
    #[arg(long, default_value_t = 1)]
    count: u32,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// The PNG picture's colour for each letter of the ASCII board.
pub(crate) fn glyph_colour(glyph: char) -> crate::png::Rgb {
    match glyph {
        '#' => png::WALL,
        '.' => png::FLOOR,
        '@' => png::PLAYER,
        'M' => png::MONSTER,
        'B' | 'F' => [128, 0, 24],
        'R' => png::TREASURE,
        'T' => [176, 112, 56],
        'A' => [236, 236, 236],
        'P' => [150, 190, 80],
        'S' => [200, 90, 200],
        'H' => [90, 150, 220],
        'K' => [255, 170, 40],
        'L' => [120, 220, 160],
        _ => png::UNKNOWN,
    }
}

/// Adds a floor's board (the rows of its ASCII view, without the header and legend) to a
/// picture.
pub(crate) fn add_board(picture: &mut crate::png::Picture, floor: &Floor<'_>) {
    let ascii = floor.to_ascii();
    let board: Vec<&str> = ascii
        .lines()
        .skip(1)
        .take(usize::from(floor.height))
        .collect();
    picture.add_text(&board, glyph_colour);
}

fn load_tables(path: Option<&PathBuf>) -> anyhow::Result<Tables> {
    let Some(path) = path else {
        return Tables::default_tables().context("the embedded grid-floor tables are invalid");
    };
    let shown = path.display();
    let text = crate::config_file::read(path, "data")?;
    Tables::from_yaml(&text).map_err(|error| match error.kind() {
        ErrorKind::Yaml {
            line: Some(line),
            column,
            message,
        } => bad_input(format!("{shown}:{line}:{}: {message}", column.unwrap_or(1))),
        _ => bad_input(format!("{shown}: {error}")),
    })
}

/// A run that fails on valid data is the data's doing when the data is the user's own: a board
/// too small for what the tables put on it, or too few bosses for the floors. (The embedded
/// tables never fail; the tests run them over thousands of seeds.)
fn data_too_tight(error: grid_floor::Error, data: Option<&Path>, seed: u32) -> anyhow::Error {
    let tight = matches!(
        error.kind(),
        ErrorKind::NoFreeTile { .. } | ErrorKind::BossPoolExhausted { .. }
    );
    match data {
        Some(path) if tight => bad_input(format!(
            "{}: seed {seed}: {error}: the data puts more on a floor than it can hold \
             (floors[].size against floors[].monster_count and the rewards, or too few bosses)",
            path.display()
        )),
        _ => error.into(),
    }
}

fn parse_depth(text: &str) -> anyhow::Result<Option<u8>> {
    match text.trim() {
        "all" => Ok(None),
        other => match other.parse::<u8>() {
            Ok(depth @ 1..=4) => Ok(Some(depth)),
            _ => Err(bad_input(format!(
                "--depth {other:?}: use 1, 2, 3, 4 or all"
            ))),
        },
    }
}

pub fn run(args: FloorArgs) -> anyhow::Result<()> {
    let depth = parse_depth(&args.depth)?;
    let (setup, first_seed) = match &args.code {
        Some(code) => {
            let code = SeedCode::decode(code)
                .map_err(|error| bad_input(format!("--code {code:?}: {error}")))?;
            (Setup::from_code(&code), code.initial_seed)
        }
        None => {
            let class = args.class.as_deref().unwrap_or("warrior");
            let setup = Setup::for_class(class).ok_or_else(|| {
                bad_input(format!(
                    "--class {class:?}: unknown class; use one of {}",
                    rng::CLASSES.join(", ")
                ))
            })?;
            (setup, (args.seed.unwrap_or(1) & 0x7FFF_FFFF) as u32)
        }
    };
    if args.count == 0 {
        return Err(bad_input("--count must be at least 1"));
    }
    let batch = args.count > 1;
    if matches!(args.format, Format::Png) {
        if batch {
            return Err(bad_input("--format png draws one run: drop --count"));
        }
        crate::output::check_picture_destination(args.out.as_deref())?;
    }
    let tables = load_tables(args.data.as_ref())?;
    let mut generator = Generator::new(&tables);
    let mut out = crate::output::Output::open(args.out.as_deref())?;
    let mut picture = crate::png::Picture::default();
    let mut floors: Vec<Floor<'_>> = Vec::with_capacity(4);
    for offset in 0..args.count {
        let seed = first_seed.wrapping_add(offset) & 0x7FFF_FFFF;
        floors.clear();
        let built = match depth {
            Some(depth) => generator
                .run_floor(&setup, seed, depth)
                .map(|f| floors.push(f)),
            None => generator.run(&setup, seed).map(|f| floors.extend(f)),
        };
        built.map_err(|error| data_too_tight(error, args.data.as_deref(), seed))?;
        match args.format {
            Format::Ascii => {
                for floor in &floors {
                    writeln!(out, "{}", floor.to_ascii())?;
                }
            }
            Format::Png => {
                for floor in &floors {
                    add_board(&mut picture, floor);
                }
            }
            Format::Json if batch => {
                for floor in &floors {
                    serde_json::to_writer(&mut out, floor)?;
                    writeln!(out)?;
                }
            }
            Format::Json => {
                if depth.is_some() {
                    serde_json::to_writer_pretty(&mut out, &floors[0])?;
                } else {
                    serde_json::to_writer_pretty(&mut out, &floors)?;
                }
                writeln!(out)?;
            }
        }
    }
    if matches!(args.format, Format::Png) {
        out.write_all(&picture.to_png()?)?;
    }
    out.finish()
}
