//! `dungeon validate [PACK]`: checks a room pack (the embedded castle pack by default) and prints every problem with its path and line
//! (exit status 2), or a one-line summary when it is valid.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// The pack file (YAML); the embedded castle pack when absent.
    pack: Option<PathBuf>,
}

pub fn run(args: ValidateArgs) -> anyhow::Result<()> {
    let (pack, name) = match &args.pack {
        Some(path) => (super::layout::load_pack(path)?, path.display().to_string()),
        None => (
            super::layout::parse_pack(connectors::CASTLE_YAML, "castle (embedded)")?,
            "castle (embedded)".to_string(),
        ),
    };
    let connectors: usize = pack.rooms.iter().map(|r| r.connectors.len()).sum();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{name}: ok: pack `{}`, {} room types, {connectors} connectors, {} keys, engine {}{}",
        pack.name,
        pack.rooms.len(),
        pack.keys.len(),
        pack.layout.engine.name(),
        if pack.is_vertical() { ", vertical" } else { "" }
    )
    .context("writing to stdout")?;
    Ok(())
}
