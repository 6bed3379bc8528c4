//! `dungeon map`: floors of the tile-map generator (the game's 56x32 floors) as ASCII, JSON or
//! JSON lines, one floor or a batch over consecutive seeds, with optional statistics.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;
use tile_map::{parse_properties, preset, set_property, FloorProperties, Generator, Map, Quirks};

use crate::fail::bad_input;
use crate::png;

#[derive(Args, Debug)]
pub struct MapArgs {
    /// A shipped floor-properties preset (std, water, small, medium, bare, imperfect,
    /// structures).
    #[arg(long, conflicts_with = "floor")]
    preset: Option<String>,
    /// A floor-properties file (YAML or JSON, the game's field names); fields it leaves out keep
    /// the `std` values.
    #[arg(long)]
    floor: Option<PathBuf>,
    /// Override one property, `key=value` (repeatable), e.g. `--set allow_dead_ends=true`.
    #[arg(long = "set", value_name = "KEY=VALUE")]
    sets: Vec<String>,
    /// The seed given to the game's `InitDungeonRng`; a batch uses seed, seed+1, ...
    #[arg(long, default_value_t = 1)]
    seed: u32,
    /// `faithful` reproduces the game, bugs included; `fixed` corrects its known bugs.
    #[arg(long, value_enum, default_value_t = QuirksArg::Faithful)]
    quirks: QuirksArg,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Ascii)]
    format: Format,
    /// How many floors (consecutive seeds).
    #[arg(long, default_value_t = 1)]
    count: u32,
    /// Print statistics over the batch instead of the floors.
    #[arg(long)]
    stats: bool,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum QuirksArg {
    Faithful,
    Fixed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// 32 lines of 56 glyphs (a `# seed=...` header line before each floor of a batch).
    Ascii,
    /// One JSON document (an array for a batch).
    Json,
    /// One JSON object per line.
    Jsonl,
    /// A picture of the ASCII view (one floor; to --out FILE or a redirected stdout).
    Png,
}

/// The PNG picture's colour for each glyph of the ASCII view.
pub(crate) fn glyph_colour(glyph: char) -> crate::png::Rgb {
    match glyph {
        '#' => png::WALL,
        '*' => [150, 118, 48],
        '~' => [58, 112, 200],
        '.' => png::FLOOR,
        ',' => [176, 168, 146],
        'H' => [206, 134, 118],
        'K' => [132, 186, 124],
        'm' => png::MONSTER,
        '$' => png::TREASURE,
        '^' => [168, 84, 204],
        '@' => png::PLAYER,
        '>' => [255, 255, 255],
        _ => png::UNKNOWN,
    }
}

fn load_properties(args: &MapArgs) -> anyhow::Result<FloorProperties> {
    let mut props = match (&args.preset, &args.floor) {
        (_, Some(path)) => {
            let text = crate::config_file::read(path, "floor")?;
            parse_properties(&text, &FloorProperties::default())
                .map_err(|error| bad_input(format!("{}: {error}", path.display())))?
        }
        (Some(name), None) => preset(name).map_err(|error| bad_input(error.to_string()))?,
        (None, None) => FloorProperties::default(),
    };
    for setting in &args.sets {
        props = set_property(&props, setting).map_err(|error| bad_input(error.to_string()))?;
    }
    Ok(props)
}

/// Running figures over a batch: totals, minima and maxima.
#[derive(Default)]
struct Figure {
    total: u64,
    min: u64,
    max: u64,
}

impl Figure {
    fn add(&mut self, value: u64, first: bool) {
        self.total += value;
        if first || value < self.min {
            self.min = value;
        }
        if first || value > self.max {
            self.max = value;
        }
    }
}

#[derive(Serialize)]
struct FigureJson {
    mean: f64,
    min: u64,
    max: u64,
}

#[derive(Default)]
struct Stats {
    floors: u64,
    fallbacks: u64,
    rooms: Figure,
    room_floor: Figure,
    hallway: Figure,
    water: Figure,
    attempts: Figure,
    draws: Figure,
}

impl Stats {
    fn add(&mut self, generator: &Generator) {
        let first = self.floors == 0;
        let counts = generator.counts();
        let outcome = generator.outcome();
        self.floors += 1;
        self.fallbacks += u64::from(outcome.fallback);
        self.rooms.add(u64::from(counts.rooms), first);
        self.room_floor.add(u64::from(counts.room_floor), first);
        self.hallway.add(u64::from(counts.hallway), first);
        self.water.add(u64::from(counts.secondary), first);
        self.attempts.add(u64::from(outcome.attempts), first);
        self.draws.add(outcome.draws, first);
    }

    fn rows(&self) -> [(&'static str, &Figure); 6] {
        [
            ("rooms", &self.rooms),
            ("room_floor", &self.room_floor),
            ("hallway", &self.hallway),
            ("water", &self.water),
            ("attempts", &self.attempts),
            ("rng_draws", &self.draws),
        ]
    }

    fn write_text(&self, out: &mut dyn Write) -> std::io::Result<()> {
        writeln!(out, "floors     {}", self.floors)?;
        writeln!(out, "fallbacks  {}", self.fallbacks)?;
        writeln!(out, "{:<11}{:>12} {:>8} {:>8}", "", "mean", "min", "max")?;
        for (name, figure) in self.rows() {
            writeln!(
                out,
                "{name:<11}{:>12.3} {:>8} {:>8}",
                figure.total as f64 / self.floors.max(1) as f64,
                figure.min,
                figure.max
            )?;
        }
        Ok(())
    }

    fn to_json(&self) -> serde_json::Value {
        let mut object = serde_json::Map::new();
        object.insert("floors".into(), self.floors.into());
        object.insert("fallbacks".into(), self.fallbacks.into());
        for (name, figure) in self.rows() {
            let value = FigureJson {
                mean: figure.total as f64 / self.floors.max(1) as f64,
                min: figure.min,
                max: figure.max,
            };
            object.insert(name.into(), serde_json::to_value(value).unwrap_or_default());
        }
        serde_json::Value::Object(object)
    }
}

pub fn run(args: MapArgs) -> anyhow::Result<()> {
    let props = load_properties(&args)?;
    let quirks = match args.quirks {
        QuirksArg::Faithful => Quirks::Faithful,
        QuirksArg::Fixed => Quirks::Fixed,
    };
    if args.count == 0 {
        return Err(bad_input("--count must be at least 1"));
    }
    let batch = args.count > 1;
    if args.format == Format::Png {
        if batch || args.stats {
            return Err(bad_input(
                "--format png draws one floor: drop --count and --stats",
            ));
        }
        let mut generator = Generator::new();
        generator.generate(&props, quirks, args.seed);
        let mut ascii = String::with_capacity(57 * 32);
        generator.write_ascii(&mut ascii);
        let mut picture = crate::png::Picture::default();
        picture.add_text(&ascii.lines().collect::<Vec<_>>(), glyph_colour);
        return crate::output::picture_to_file_or_stdout(args.out.as_deref(), &picture.to_png()?);
    }
    let progress = (batch && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new(u64::from(args.count));
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} floors {per_sec} eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });

    let mut out = crate::output::Output::open(args.out.as_deref())?;
    let mut generator = Generator::new();
    let mut map = Map::empty();
    let mut ascii = String::with_capacity(57 * 32);
    let mut stats = Stats::default();
    let json_array = args.format == Format::Json && batch && !args.stats;
    if json_array {
        out.write_all(b"[")?;
    }
    for i in 0..args.count {
        let seed = args.seed.wrapping_add(i);
        generator.generate(&props, quirks, seed);
        if args.stats {
            stats.add(&generator);
        } else {
            match args.format {
                Format::Ascii => {
                    ascii.clear();
                    generator.write_ascii(&mut ascii);
                    if batch {
                        generator.fill_map(&mut map);
                        writeln!(out, "# seed={seed} {}", map.summary())?;
                    }
                    out.write_all(ascii.as_bytes())?;
                }
                // Drawn before the loop.
                Format::Png => {}
                Format::Json | Format::Jsonl => {
                    generator.fill_map(&mut map);
                    if json_array && i > 0 {
                        out.write_all(b",")?;
                    }
                    serde_json::to_writer(&mut out, &map)?;
                    if args.format == Format::Jsonl || !batch {
                        out.write_all(b"\n")?;
                    }
                }
            }
        }
        if let Some(bar) = &progress {
            if i % 1024 == 0 {
                bar.set_position(u64::from(i));
            }
        }
    }
    if json_array {
        out.write_all(b"]\n")?;
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    if args.stats {
        if args.format == Format::Ascii {
            stats.write_text(&mut out)?;
        } else {
            serde_json::to_writer(&mut out, &stats.to_json())?;
            out.write_all(b"\n")?;
        }
    }
    out.finish()
}
