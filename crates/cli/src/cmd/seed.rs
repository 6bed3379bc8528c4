//! `dungeon seed new` and `dungeon seed show`: seed strings and the seeds they derive.

use std::io::Write;

use anyhow::Context;
use clap::{Args, Subcommand};
use rng::{SeedCode, Streams, CLASSES, DIFFICULTIES};
use serde::Serialize;

use crate::fail::bad_input;

#[derive(Subcommand, Debug)]
pub enum SeedCommand {
    /// Print a new seed string (a fresh random seed unless --seed is given).
    New(NewArgs),
    /// Decode a seed string and print its fields and derived seeds.
    Show(ShowArgs),
}

#[derive(Args, Debug)]
pub struct NewArgs {
    /// The initial seed (low 31 bits are kept); random when absent.
    #[arg(long)]
    seed: Option<u64>,
    /// The class, by name.
    #[arg(long, default_value = "warrior")]
    class: String,
    /// The difficulty: 0 kitten, 1 grizzly_bear (the default), 2 velociraptor; or a name.
    #[arg(long, default_value = "1")]
    difficulty: String,
    /// The unlock bit set, in hexadecimal (40 bits).
    #[arg(long, default_value = "0")]
    unlocks: String,
}

#[derive(Args, Debug)]
pub struct ShowArgs {
    /// The seed string; dashes, spaces and case are ignored.
    code: String,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct ShowJson<'a> {
    version: u8,
    class: &'a str,
    difficulty: &'a str,
    unlocks: String,
    initial_seed: u32,
    floor_seeds: [u32; 3],
    upgrade_seed: u32,
    last_floor_seed: u32,
}

pub fn run(command: SeedCommand) -> anyhow::Result<()> {
    match command {
        SeedCommand::New(args) => new(args),
        SeedCommand::Show(args) => show(args),
    }
}

fn parse_difficulty(text: &str) -> anyhow::Result<u8> {
    if let Ok(index) = text.parse::<u8>() {
        if usize::from(index) < DIFFICULTIES.len() {
            return Ok(index);
        }
    }
    SeedCode::difficulty_index(text).ok_or_else(|| {
        bad_input(format!(
            "--difficulty: unknown difficulty {text:?} (0..={} or one of {})",
            DIFFICULTIES.len() - 1,
            DIFFICULTIES.join(", ")
        ))
    })
}

fn new(args: NewArgs) -> anyhow::Result<()> {
    let class = SeedCode::class_index(&args.class).ok_or_else(|| {
        bad_input(format!(
            "--class: unknown class {:?} (one of {})",
            args.class,
            CLASSES.join(", ")
        ))
    })?;
    let difficulty = parse_difficulty(&args.difficulty)?;
    let unlock_text = args
        .unlocks
        .trim_start_matches("0x")
        .trim_start_matches("0X");
    let unlocks = u64::from_str_radix(unlock_text, 16)
        .map_err(|_| bad_input(format!("--unlocks: {:?} is not hexadecimal", args.unlocks)))?;
    let seed = match args.seed {
        Some(seed) => (seed & 0x7FFF_FFFF) as u32,
        None => super::fresh_seed(),
    };
    let code = SeedCode::new(class, difficulty, unlocks, seed)
        .encode()
        .map_err(|e| bad_input(format!("--unlocks: {e}")))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{code}").context("writing to stdout")?;
    Ok(())
}

fn show(args: ShowArgs) -> anyhow::Result<()> {
    let code = SeedCode::decode(&args.code)
        .map_err(|e| bad_input(format!("seed string {:?}: {e}", args.code)))?;
    let streams = Streams::derive(code.initial_seed);
    let class = code.class_name().unwrap_or("?");
    let difficulty = code.difficulty_name().unwrap_or("?");
    let mut out = std::io::stdout().lock();
    if args.json {
        let json = ShowJson {
            version: code.version,
            class,
            difficulty,
            unlocks: format!("{:#x}", code.unlocks),
            initial_seed: code.initial_seed,
            floor_seeds: streams.floor_seeds,
            upgrade_seed: streams.upgrade_seed,
            last_floor_seed: streams.last_floor_seed,
        };
        serde_json::to_writer(&mut out, &json).context("writing to stdout")?;
        writeln!(out).context("writing to stdout")?;
    } else {
        let [f1, f2, f3] = streams.floor_seeds;
        writeln!(
            out,
            "version       {}\nclass         {class}\ndifficulty    {difficulty}\nunlocks       \
             {:#x}\ninitial seed  {}\nfloor seeds   {f1} {f2} {f3}\nupgrade seed  {}\nfloor 4 seed  {}",
            code.version, code.unlocks, code.initial_seed, streams.upgrade_seed, streams.last_floor_seed
        )
        .context("writing to stdout")?;
    }
    Ok(())
}
