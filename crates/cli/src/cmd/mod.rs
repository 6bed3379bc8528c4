//! The subcommands of `dungeon` and their dispatch.

mod export;
mod flat;
mod floor;
mod layout;
mod map;
mod maze;
mod seed;
mod validate;

use clap::{Parser, Subcommand};

/// Procedural dungeons, seed-reproducible, exported to Minecraft.
#[derive(Parser, Debug)]
#[command(name = "dungeon", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Create and decode seed strings (`XXXXX-XXXXX-XXXXX-XXXXX`).
    #[command(subcommand)]
    Seed(seed::SeedCommand),
    /// Generate a maze with one of six algorithms (ASCII or JSON), optionally braided.
    Maze(maze::MazeArgs),
    /// Export a layout to Minecraft: room files, one combined structure, a data pack, a preview.
    Export(export::ExportArgs),
    /// Generate a prefab-room layout from a pack and print it as ASCII or JSON.
    Layout(layout::LayoutArgs),
    /// Check a room pack and print every problem with its path and line.
    Validate(validate::ValidateArgs),
    /// Generate the game's 56x32 floors (tile-map): ASCII, JSON, batches and statistics.
    Map(map::MapArgs),
    /// Build the four-floor boards of document 000 (grid-floor): ASCII, JSON or JSON Lines.
    Floor(floor::FloorArgs),
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Seed(command) => seed::run(command),
        Command::Maze(args) => maze::run(args),
        Command::Export(args) => export::run(args),
        Command::Layout(args) => layout::run(args),
        Command::Validate(args) => validate::run(args),
        Command::Map(args) => map::run(args),
        Command::Floor(args) => floor::run(args),
    }
}

/// A seed for a run the user gave none: the one input that may come from outside the streams
/// (the clock and the process id, mixed). Callers print it, so the run can be repeated.
fn fresh_seed() -> u32 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let mixed = (nanos as u64) ^ (u64::from(std::process::id()) << 32);
    (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 33) as u32
}
