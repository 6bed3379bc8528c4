//! `cargo xtask`: the project's chores, in Rust so they run wherever cargo does.
//!
//! * `tidy`: every `.rs` file starts with a `//!` header; no `std` hash containers in generator
//!   crates; no `todo!` / `unimplemented!` anywhere. Also run by `cargo test` (see `tests/tidy.rs`).
//! * `fixtures [--check]`: regenerates the golden files under `tests/fixtures/` by running the
//!   `dungeon` binary with the arguments listed in `tests/fixtures/index.txt`; `--check` fails when a
//!   committed file differs instead of writing it.
//! * `structures [--check] [--scaffold]`: builds `structures/<pack>/<room>.nbt` from the blueprints
//!   in `blueprints/` and checks them against `configs/packs/` (see `structures.rs`).
//! * `bench [--quick] [SUITE...]`: runs the benchmarks (rng, grid-floor, tile-map, layout, maze,
//!   nbt) and times the CLI's batch modes as whole processes (`batch`; see `bench.rs`).

mod bench;
mod fixtures;
mod structures;
mod tidy;

use std::path::PathBuf;
use std::process::ExitCode;

/// The workspace this run works on: the nearest ancestor of the current directory whose
/// `Cargo.toml` declares `[workspace]`. Found at run time, not compile time, so that a binary
/// built in one checkout never writes into another (a copied `target/` would otherwise do that).
fn workspace_root() -> PathBuf {
    let start = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    for dir in start.ancestors() {
        let manifest = dir.join("Cargo.toml");
        if std::fs::read_to_string(&manifest).is_ok_and(|text| text.contains("[workspace]")) {
            return dir.to_path_buf();
        }
    }
    start
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = workspace_root();
    let result = match args.first().map(String::as_str) {
        Some("tidy") => tidy::run(&root),
        Some("fixtures") => fixtures::run(&root, args.iter().any(|a| a == "--check")),
        Some("structures") => structures::run(
            &root,
            args.iter().any(|a| a == "--check"),
            args.iter().any(|a| a == "--scaffold"),
        ),
        Some("bench") => bench::run(&root, &args[1..]),
        _ => Err(
            "usage: cargo xtask <tidy | fixtures [--check] | structures [--check] \
                  [--scaffold] | bench [--quick] [SUITE...]>"
                .to_string(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}
