//! The subcommands of `dungeon` and their dispatch.

mod map;
mod seed;

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
    /// Generate the game's 56x32 floors (tile-map): ASCII, JSON, batches and statistics.
    Map(map::MapArgs),
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Seed(command) => seed::run(command),
        Command::Map(args) => map::run(args),
    }
}
