//! The `dungeon` binary: argument parsing, file IO and rendering over the generator crates.
//! Each subcommand lives in its own module under `cmd/`; this file only dispatches and turns
//! errors into one line on stderr and an exit status (2 for bad input, 1 for anything else).

mod cmd;
mod config_file;
mod fail;
mod output;
mod png;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = cmd::Cli::parse();
    match cmd::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            let chain: Vec<String> = error.chain().map(|cause| cause.to_string()).collect();
            eprintln!("dungeon: error: {}", chain.join(": "));
            ExitCode::from(fail::exit_status(&error))
        }
    }
}
