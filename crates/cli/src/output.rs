//! Atomic output: every file the CLI writes goes to a temporary sibling first and is renamed into
//! place, so a failure never leaves a half-written file (or, for directories, a half-written tree).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::fail::bad_input;

/// A hidden sibling of `path` for this process: `.NAME.KIND-PID`.
fn sibling(path: &Path, kind: &str) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.{kind}-{}", std::process::id()))
}

fn temporary_sibling(path: &Path) -> PathBuf {
    sibling(path, "tmp")
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
    to_file_or_stdout(Some(path), fill)
}

/// Sends what `fill` writes to `path` (atomically) or, without a path, to standard output.
pub fn to_file_or_stdout(
    path: Option<&Path>,
    fill: impl FnOnce(&mut dyn Write) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut out = Output::open(path)?;
    fill(&mut out)?;
    out.finish()
}

/// Refuses to send a picture (binary data) to standard output when that is a terminal.
pub fn check_picture_destination(path: Option<&Path>) -> anyhow::Result<()> {
    if path.is_none() && std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        return Err(bad_input(
            "--format png writes a binary file: give --out FILE.png, or redirect standard output",
        ));
    }
    Ok(())
}

/// Writes a picture to `path`, or to standard output unless that is a terminal.
pub fn picture_to_file_or_stdout(path: Option<&Path>, png: &[u8]) -> anyhow::Result<()> {
    check_picture_destination(path)?;
    to_file_or_stdout(path, |out| out.write_all(png).map_err(Into::into))
}

/// Where a command's output goes: buffered standard output, or a temporary sibling of the
/// requested file that [`Output::finish`] renames into place. Dropped unfinished (after an
/// error), the temporary file is removed and the requested path is left as it was.
pub enum Output {
    /// Standard output.
    Stdout(std::io::BufWriter<std::io::StdoutLock<'static>>),
    /// A file being written.
    File(PendingFile),
    /// Something that is not a regular file, such as `/dev/null` or a named pipe, written in
    /// place: renaming a file over it would replace the device itself.
    Special(std::io::BufWriter<fs::File>),
}

/// What an output path names now.
#[derive(Debug, PartialEq, Eq)]
enum Destination {
    /// Nothing, or a regular file (or a link to one): written atomically.
    File,
    /// A folder: refused.
    Folder,
    /// A device, pipe or socket: written in place.
    Special,
}

fn destination(path: &Path) -> Destination {
    match fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Destination::Folder,
        Ok(meta) if !meta.is_file() => Destination::Special,
        _ => Destination::File,
    }
}

/// A temporary file that becomes `path` when finished.
pub struct PendingFile {
    /// Taken when dropped, so that the file is closed before it is removed.
    out: Option<std::io::BufWriter<fs::File>>,
    temporary: PathBuf,
    path: PathBuf,
    renamed: bool,
}

impl Output {
    /// Standard output, or a new temporary file for `path` (its folder created if missing).
    pub fn open(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(path) = path else {
            let stdout = std::io::stdout().lock();
            return Ok(Output::Stdout(std::io::BufWriter::with_capacity(
                1 << 16,
                stdout,
            )));
        };
        match destination(path) {
            Destination::File => {}
            Destination::Folder => {
                return Err(bad_input(format!(
                    "{}: is a folder; --out takes a file name",
                    path.display()
                )));
            }
            Destination::Special => {
                let file = fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .with_context(|| format!("opening {}", path.display()))?;
                return Ok(Output::Special(std::io::BufWriter::new(file)));
            }
        }
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
        }
        let temporary = temporary_sibling(path);
        let file = fs::File::create(&temporary)
            .with_context(|| format!("creating {}", temporary.display()))?;
        Ok(Output::File(PendingFile {
            out: Some(std::io::BufWriter::new(file)),
            temporary,
            path: path.to_path_buf(),
            renamed: false,
        }))
    }

    /// Flushes the output and, for a file, renames it into place.
    pub fn finish(self) -> anyhow::Result<()> {
        match self {
            Output::Stdout(mut out) => out.flush().context("writing to standard output"),
            Output::Special(mut out) => out.flush().context("writing the output"),
            Output::File(mut file) => {
                if let Some(out) = file.out.take() {
                    // Flushed and closed before the rename.
                    out.into_inner()
                        .map_err(|error| error.into_error())
                        .with_context(|| format!("writing {}", file.path.display()))?;
                }
                fs::rename(&file.temporary, &file.path)
                    .with_context(|| format!("renaming into {}", file.path.display()))?;
                file.renamed = true;
                Ok(())
            }
        }
    }
}

impl PendingFile {
    fn writer(&mut self) -> std::io::Result<&mut std::io::BufWriter<fs::File>> {
        self.out
            .as_mut()
            .ok_or_else(|| std::io::Error::other("the file is already closed"))
    }
}

impl Drop for PendingFile {
    fn drop(&mut self) {
        drop(self.out.take());
        if !self.renamed {
            let _ = fs::remove_file(&self.temporary);
        }
    }
}

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        match self {
            Output::Stdout(out) => out.write(bytes),
            Output::Special(out) => out.write(bytes),
            Output::File(file) => file.writer()?.write(bytes),
        }
    }

    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        match self {
            Output::Stdout(out) => out.write_all(bytes),
            Output::Special(out) => out.write_all(bytes),
            Output::File(file) => file.writer()?.write_all(bytes),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Output::Stdout(out) => out.flush(),
            Output::Special(out) => out.flush(),
            Output::File(file) => file.writer()?.flush(),
        }
    }
}

/// The file whose presence marks a folder as an earlier export, which `write_dir_with` may replace.
pub const EXPORT_MARK: &str = "datapack/pack.mcmeta";

/// `dir` made absolute with `.` and `..` resolved where it exists, so that `--out .` names a real
/// folder with a parent to build the replacement in.
fn resolved(dir: &Path) -> anyhow::Result<PathBuf> {
    if let Ok(path) = fs::canonicalize(dir) {
        return Ok(path);
    }
    let absolute =
        std::path::absolute(dir).with_context(|| format!("resolving {}", dir.display()))?;
    let parent = absolute.parent().and_then(|p| fs::canonicalize(p).ok());
    Ok(match (parent, absolute.file_name()) {
        (Some(parent), Some(name)) => parent.join(name),
        _ => absolute,
    })
}

/// Refuses to replace anything but nothing, an empty folder or an earlier export: a typo in
/// `--out` must never delete a user's files.
fn check_replaceable(dir: &Path, shown: &Path) -> anyhow::Result<()> {
    let Ok(meta) = fs::symlink_metadata(dir) else {
        return Ok(());
    };
    if !meta.is_dir() {
        return Err(bad_input(
            "it exists and is not a folder; choose another --out",
        ));
    }
    if dir.parent().is_none() {
        return Err(bad_input(
            "the root folder is never replaced; choose another --out",
        ));
    }
    let empty = fs::read_dir(dir)
        .with_context(|| format!("reading {}", shown.display()))?
        .next()
        .is_none();
    if empty || dir.join(EXPORT_MARK).is_file() {
        return Ok(());
    }
    Err(bad_input(format!(
        "it exists, is not empty and is not an earlier export (no {EXPORT_MARK}); \
         remove it or choose another --out"
    )))
}

/// Builds a whole directory atomically: `fill` populates a fresh temporary directory beside
/// `dir`; on success the previous `dir`, if any, is replaced by it, on failure it is removed.
/// Only an empty folder or an earlier export (it holds [`EXPORT_MARK`]) is ever replaced.
pub fn write_dir_with(
    shown: &Path,
    fill: impl FnOnce(&Path) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let dir = resolved(shown)?;
    check_replaceable(&dir, shown)?;
    if let Some(parent) = dir.parent() {
        fs::create_dir_all(parent).with_context(|| format!("creating {}", parent.display()))?;
    }
    let temporary = temporary_sibling(&dir);
    let _ = fs::remove_dir_all(&temporary);
    fs::create_dir_all(&temporary).with_context(|| format!("creating {}", temporary.display()))?;
    let result = fill(&temporary).and_then(|()| replace_dir(&temporary, &dir));
    if result.is_err() {
        let _ = fs::remove_dir_all(&temporary);
    }
    result
}

/// Moves the finished `temporary` into `dir`, putting the old `dir` back if that fails.
fn replace_dir(temporary: &Path, dir: &Path) -> anyhow::Result<()> {
    if !dir.exists() {
        return fs::rename(temporary, dir)
            .with_context(|| format!("renaming into {}", dir.display()));
    }
    let old = sibling(dir, "old");
    fs::rename(dir, &old).with_context(|| format!("moving the old {} aside", dir.display()))?;
    if let Err(error) = fs::rename(temporary, dir) {
        let _ = fs::rename(&old, dir);
        return Err(error).with_context(|| format!("renaming into {}", dir.display()));
    }
    let _ = fs::remove_dir_all(&old);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn devices_and_folders_are_told_apart_from_files() {
        let dir = std::env::temp_dir();
        assert_eq!(destination(&dir), Destination::Folder);
        let file = dir.join(format!("dungeon-output-test-{}", std::process::id()));
        assert_eq!(destination(&file), Destination::File, "a new file");
        fs::write(&file, b"x").expect("write a scratch file");
        assert_eq!(destination(&file), Destination::File, "an existing file");
        fs::remove_file(&file).expect("remove the scratch file");
        // Read-only: only the metadata of the device is looked at.
        #[cfg(unix)]
        assert_eq!(destination(Path::new("/dev/null")), Destination::Special);
    }
}
