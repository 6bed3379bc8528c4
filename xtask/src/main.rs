//! `cargo xtask`: the project's chores, in Rust so they run wherever cargo does.
//!
//! * `tidy`: every `.rs` file starts with a `//!` header; no `std` hash containers in generator
//!   crates; no `todo!` / `unimplemented!` anywhere. Also run by `cargo test` (`tidy.rs`'s own test).
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

use std::path::{Path, PathBuf};
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

/// Appends to `out` every file below `dir` whose name ends with `.{extension}`, in sorted order
/// (so that what a chore reports and writes does not depend on the file system's order). Skips
/// hidden folders and `target/`; a folder that cannot be read contributes nothing.
fn files_with_extension(dir: &Path, extension: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                files_with_extension(&path, extension, out);
            }
        } else if path.extension().is_some_and(|e| e == extension) {
            out.push(path);
        }
    }
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
