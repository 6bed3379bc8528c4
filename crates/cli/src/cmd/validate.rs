//! `dungeon validate PACK`: checks a room pack and prints every problem with its path and line
//! (exit status 2), or a one-line summary when it is valid.

use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use clap::Args;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// The pack file (YAML).
    pack: PathBuf,
}

pub fn run(args: ValidateArgs) -> anyhow::Result<()> {
    let pack = super::layout::load_pack(&args.pack)?;
    let connectors: usize = pack.rooms.iter().map(|r| r.connectors.len()).sum();
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}: ok: pack `{}`, {} room types, {connectors} connectors, {} keys, engine {}{}",
        args.pack.display(),
        pack.name,
        pack.rooms.len(),
        pack.keys.len(),
        pack.layout.engine.name(),
        if pack.is_vertical() { ", vertical" } else { "" }
    )
    .context("writing to stdout")?;
    Ok(())
}
