//! Atomic output: every file the CLI writes goes to a temporary sibling first and is renamed into
//! place, so a failure never leaves a half-written file (or, for directories, a half-written tree).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

fn temporary_sibling(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// Writes `bytes` to `path` atomically (temporary file, then rename).
pub fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    write_file_with(path, |out| out.write_all(bytes).map_err(Into::into))
}

/// Creates `path` atomically from what `fill` writes into a buffered writer.
pub fn write_file_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let temporary = temporary_sibling(path);
    let result = (|| {
        let file = fs::File::create(&temporary)
            .with_context(|| format!("creating {}", temporary.display()))?;
        let mut out = std::io::BufWriter::new(file);
        fill(&mut out)?;
        out.flush()
            .with_context(|| format!("writing {}", path.display()))?;
        fs::rename(&temporary, path).with_context(|| format!("renaming into {}", path.display()))
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result
}

/// Builds a whole directory atomically: `fill` populates a fresh temporary directory beside
/// `dir`; on success any previous `dir` is replaced by it, on failure it is removed.
pub fn write_dir_with(
    dir: &Path,
    fill: impl FnOnce(&Path) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let temporary = temporary_sibling(dir);
    let _ = fs::remove_dir_all(&temporary);
    fs::create_dir_all(&temporary).with_context(|| format!("creating {}", temporary.display()))?;
    if let Err(error) = fill(&temporary) {
        let _ = fs::remove_dir_all(&temporary);
        return Err(error);
    }
    if dir.exists() {
        let old = dir.with_file_name(format!(
            ".{}.old-{}",
            dir.file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
            std::process::id()
        ));
        fs::rename(dir, &old).with_context(|| format!("moving the old {} aside", dir.display()))?;
        if let Err(error) = fs::rename(&temporary, dir) {
            let _ = fs::rename(&old, dir);
            return Err(error).with_context(|| format!("renaming into {}", dir.display()));
        }
        let _ = fs::remove_dir_all(&old);
    } else {
        fs::rename(&temporary, dir).with_context(|| format!("renaming into {}", dir.display()))?;
    }
    Ok(())
}
