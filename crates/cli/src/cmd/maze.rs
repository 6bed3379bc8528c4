//! `dungeon maze`: one maze (or a batch) from any of the six algorithms, optionally braided, as
//! ASCII or JSON (or one maze as a PNG picture); `--stats` summarises a batch instead of printing
//! it.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::Instant;

use clap::{Args, ValueEnum};
use connectors::maze::{braid, Algorithm, Generator, Maze};
use rng::Lcg31;
use serde::Serialize;

use crate::fail::bad_input;

#[derive(Args, Debug)]
pub struct MazeArgs {
    // This doc comment is clap's help text: its brackets are usage syntax, not links.
    #[allow(rustdoc::broken_intra_doc_links)]
    /// dfs, prim, kruskal, binary-tree, sidewinder, or
    /// growing-tree[:newest|oldest|random|mixed[:RATIO]] (RATIO: the share of newest picks).
    #[arg(long, short, default_value = "dfs", value_name = "ALG")]
    algorithm: String,
    /// Cells from west to east.
    #[arg(long, short = 'W', default_value_t = 20)]
    width: usize,
    /// Cells from north to south.
    #[arg(long, short = 'H', default_value_t = 10)]
    height: usize,
    /// The seed (low 31 bits are kept). Like every other command's, it defaults to 1, so the
    /// same command line always prints the same maze.
    #[arg(long, short, default_value_t = 1)]
    seed: u64,
    /// The share of dead ends to remove by opening a wall (0 to 1): more loops.
    #[arg(long, default_value_t = 0.0, value_name = "P")]
    braid: f64,
    /// Output format.
    #[arg(long, short, value_enum, default_value_t = Format::Ascii)]
    format: Format,
    /// How many mazes, from the seeds `seed`, `seed + 1`, ...: ASCII mazes are separated by an
    /// empty line, JSON ones are one object per line.
    #[arg(long, short = 'n', default_value_t = 1)]
    count: u32,
    /// Print statistics over the `--count` mazes instead of the mazes (and, on a terminal, the
    /// time taken on stderr).
    #[arg(long)]
    stats: bool,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    Ascii,
    Json,
    /// A picture of the ASCII view (one maze; to --out FILE or a redirected stdout).
    Png,
}

/// The colours of the PNG picture.
const WALL: crate::png::Rgb = [40, 40, 48];
const PASSAGE: crate::png::Rgb = [232, 226, 208];

/// One maze in JSON: what made it, its figures, and the maze itself.
#[derive(Serialize)]
struct MazeJson<'a> {
    algorithm: String,
    seed: u32,
    braid: f64,
    width: usize,
    height: usize,
    passages: usize,
    dead_ends: usize,
    /// Row-major, north row first; each the open sides N=1, E=2, S=4, W=8.
    cells: &'a [u8],
}

/// Mean, minimum and maximum of one figure over a batch.
#[derive(Serialize, Default)]
struct Summary {
    mean: f64,
    min: usize,
    max: usize,
}

impl Summary {
    fn of(values: &[usize]) -> Summary {
        let Some(&first) = values.first() else {
            return Summary::default();
        };
        let (mut min, mut max, mut sum) = (first, first, 0u64);
        for &value in values {
            min = min.min(value);
            max = max.max(value);
            sum += value as u64;
        }
        Summary {
            mean: sum as f64 / values.len() as f64,
            min,
            max,
        }
    }
}

#[derive(Serialize)]
struct StatsJson {
    algorithm: String,
    width: usize,
    height: usize,
    braid: f64,
    count: u32,
    first_seed: u32,
    dead_ends: Summary,
    passages: Summary,
    /// Steps from the north-west corner to the south-east corner.
    corner_path: Summary,
}

pub fn run(args: MazeArgs) -> anyhow::Result<()> {
    let algorithm: Algorithm = args
        .algorithm
        .parse()
        .map_err(|e| bad_input(format!("--algorithm: {e}")))?;
    if !(0.0..=1.0).contains(&args.braid) {
        return Err(bad_input(format!(
            "--braid: {} is not a number between 0 and 1",
            args.braid
        )));
    }
    if args.count == 0 {
        return Err(bad_input("--count: at least one maze"));
    }
    if args.format == Format::Png && (args.count > 1 || args.stats) {
        return Err(bad_input(
            "--format png draws one maze: drop --count and --stats",
        ));
    }
    // Check the size before anything is printed.
    let mut maze = Maze::closed(args.width, args.height)
        .map_err(|e| bad_input(format!("--width/--height: {e}")))?;
    let first_seed = (args.seed & 0x7FFF_FFFF) as u32;
    if args.format == Format::Png {
        build(
            &mut Generator::new(),
            &mut maze,
            &args,
            algorithm,
            first_seed,
        )?;
        let ascii = maze.to_ascii();
        let lines: Vec<&str> = ascii.lines().collect();
        let mut picture = crate::png::Picture::default();
        picture.add_text(&lines, |c| if c == '#' { WALL } else { PASSAGE });
        return crate::output::picture_to_file_or_stdout(args.out.as_deref(), &picture.to_png()?);
    }
    crate::output::to_file_or_stdout(args.out.as_deref(), |out| {
        if args.stats {
            write_stats(out, &args, algorithm, first_seed, &mut maze)
        } else {
            write_mazes(out, &args, algorithm, first_seed, &mut maze)
        }
    })
}

/// The seed of the `index`-th maze of the batch.
fn batch_seed(first_seed: u32, index: u32) -> u32 {
    first_seed.wrapping_add(index) & 0x7FFF_FFFF
}

/// Generates and braids the maze of one seed into `maze`.
fn build(
    generator: &mut Generator,
    maze: &mut Maze,
    args: &MazeArgs,
    algorithm: Algorithm,
    seed: u32,
) -> anyhow::Result<()> {
    let mut rng = Lcg31::new(seed);
    generator
        .generate_into(maze, algorithm, args.width, args.height, &mut rng)
        .map_err(|e| bad_input(e.to_string()))?;
    braid(maze, args.braid, &mut rng).map_err(|e| bad_input(format!("--braid: {e}")))?;
    Ok(())
}

fn write_mazes(
    out: &mut dyn Write,
    args: &MazeArgs,
    algorithm: Algorithm,
    first_seed: u32,
    maze: &mut Maze,
) -> anyhow::Result<()> {
    let mut generator = Generator::new();
    for index in 0..args.count {
        let seed = batch_seed(first_seed, index);
        build(&mut generator, maze, args, algorithm, seed)?;
        match args.format {
            Format::Ascii => {
                if index > 0 {
                    writeln!(out)?;
                }
                out.write_all(maze.to_ascii().as_bytes())?;
            }
            // Refused before the batch starts.
            Format::Png => {}
            Format::Json => {
                let json = MazeJson {
                    algorithm: algorithm.to_string(),
                    seed,
                    braid: args.braid,
                    width: maze.width,
                    height: maze.height,
                    passages: maze.passages(),
                    dead_ends: maze.dead_ends(),
                    cells: maze.cells(),
                };
                serde_json::to_writer(&mut *out, &json)?;
                writeln!(out)?;
            }
        }
    }
    Ok(())
}

fn write_stats(
    out: &mut dyn Write,
    args: &MazeArgs,
    algorithm: Algorithm,
    first_seed: u32,
    maze: &mut Maze,
) -> anyhow::Result<()> {
    let started = Instant::now();
    let mut generator = Generator::new();
    let capacity = args.count as usize;
    let (mut dead_ends, mut passages, mut corner_path) = (
        Vec::with_capacity(capacity),
        Vec::with_capacity(capacity),
        Vec::with_capacity(capacity),
    );
    let (mut distance, mut queue) = (Vec::new(), Vec::new());
    for index in 0..args.count {
        build(
            &mut generator,
            maze,
            args,
            algorithm,
            batch_seed(first_seed, index),
        )?;
        dead_ends.push(maze.dead_ends());
        passages.push(maze.passages());
        maze.distances_into(0, 0, &mut distance, &mut queue);
        let far_corner = distance.last().copied().unwrap_or(0);
        corner_path.push(far_corner as usize);
    }
    let elapsed = started.elapsed();
    let stats = StatsJson {
        algorithm: algorithm.to_string(),
        width: args.width,
        height: args.height,
        braid: args.braid,
        count: args.count,
        first_seed,
        dead_ends: Summary::of(&dead_ends),
        passages: Summary::of(&passages),
        corner_path: Summary::of(&corner_path),
    };
    match args.format {
        Format::Json => {
            serde_json::to_writer(&mut *out, &stats)?;
            writeln!(out)?;
        }
        Format::Ascii | Format::Png => {
            let cells = (args.width * args.height) as f64;
            let dead = &stats.dead_ends;
            let range = |s: &Summary| format!("mean {:.2}, min {}, max {}", s.mean, s.min, s.max);
            writeln!(out, "algorithm    {}", stats.algorithm)?;
            writeln!(out, "size         {}x{}", stats.width, stats.height)?;
            writeln!(out, "braid        {}", stats.braid)?;
            writeln!(
                out,
                "mazes        {} (seeds {} and on)",
                stats.count, first_seed
            )?;
            writeln!(
                out,
                "dead ends    {} ({:.2}% of cells)",
                range(dead),
                100.0 * dead.mean / cells
            )?;
            writeln!(out, "passages     {}", range(&stats.passages))?;
            writeln!(out, "corner path  {}", range(&stats.corner_path))?;
        }
    }
    if std::io::stderr().is_terminal() {
        eprintln!(
            "dungeon: {} mazes in {:.3} s ({:.1} us each)",
            args.count,
            elapsed.as_secs_f64(),
            elapsed.as_secs_f64() * 1e6 / f64::from(args.count)
        );
    }
    Ok(())
}
