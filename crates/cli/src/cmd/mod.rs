//! The subcommands of `dungeon` and their dispatch.

mod floor;
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
    /// Build the four-floor boards of document 000 (grid-floor): ASCII, JSON or JSON Lines.
    Floor(floor::FloorArgs),
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Seed(command) => seed::run(command),
        Command::Floor(args) => floor::run(args),
    }
}
