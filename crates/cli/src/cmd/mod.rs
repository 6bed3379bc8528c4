//! The subcommands of `dungeon` and their dispatch.

mod maze;
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
    /// Generate a maze with one of six algorithms (ASCII or JSON), optionally braided.
    Maze(maze::MazeArgs),
}

/// Runs one parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Seed(command) => seed::run(command),
        Command::Maze(args) => maze::run(args),
    }
}
