//! The crate's error type: one `Error` with a `#[non_exhaustive]` kind, each carrying enough
//! context (a path inside the file such as `blocks[12].pos`) to fix the input without a debugger.

use std::fmt;

/// Everything that can go wrong while reading, writing, transforming or assembling structures.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Reading or writing the underlying stream failed.
    Io(std::io::Error),
    /// The input is not gzip, or its compressed stream is damaged.
    Gzip(String),
    /// The bytes are not well-formed NBT (truncated, a bad tag id, nested too deep...).
    Nbt {
        /// Byte offset in the uncompressed NBT where the problem was found.
        offset: usize,
        /// What was wrong there.
        message: String,
    },
    /// The NBT is well formed but is not a structure the game would read as intended.
    Structure {
        /// Where in the tree, e.g. `blocks[12].pos`.
        path: String,
        /// What was wrong there.
        message: String,
    },
    /// A value given by the caller is out of range (a position outside the structure, a size too
    /// large, an empty name...).
    Invalid(String),
    /// A configuration (a block theme) has problems; every one is listed with its path.
    Config(Vec<String>),
}

impl Error {
    /// The kind of error.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error { kind }
    }

    pub(crate) fn nbt(offset: usize, message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Nbt {
            offset,
            message: message.into(),
        })
    }

    pub(crate) fn structure(path: impl Into<String>, message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Structure {
            path: path.into(),
            message: message.into(),
        })
    }

    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Invalid(message.into()))
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::Io(error) => write!(f, "{error}"),
            ErrorKind::Gzip(message) => write!(f, "not a valid gzip stream: {message}"),
            ErrorKind::Nbt { offset, message } => {
                write!(f, "malformed NBT at byte {offset}: {message}")
            }
            ErrorKind::Structure { path, message } => write!(f, "{path}: {message}"),
            ErrorKind::Invalid(message) => f.write_str(message),
            ErrorKind::Config(problems) => f.write_str(&problems.join("; ")),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::Io(error) => Some(error),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(error: std::io::Error) -> Self {
        Error::new(ErrorKind::Io(error))
    }
}

impl From<serde_yaml::Error> for Error {
    /// A YAML file (a theme or a blueprint) that does not parse into its config: one problem,
    /// with the line and column serde_yaml found it at, where it has one.
    fn from(error: serde_yaml::Error) -> Self {
        let at = error
            .location()
            .map(|l| format!("line {}, column {}: ", l.line(), l.column()))
            .unwrap_or_default();
        Error::new(ErrorKind::Config(vec![format!("{at}{error}")]))
    }
}

impl From<fastnbt::error::Error> for Error {
    fn from(error: fastnbt::error::Error) -> Self {
        Error::invalid(format!("NBT serialization failed: {error}"))
    }
}

/// Shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;
