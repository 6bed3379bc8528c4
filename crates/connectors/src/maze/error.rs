//! The maze module's error: bad sizes, unknown algorithm names, bad ratios and malformed maze
//! data are reported, never panicked on.

use std::fmt;

/// Why a maze could not be built, parsed or braided.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    kind: ErrorKind,
}

/// What went wrong, with the offending values.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A width or height of zero.
    EmptySize {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// More cells than [`super::MAX_CELLS`].
    TooLarge {
        /// The width asked for.
        width: usize,
        /// The height asked for.
        height: usize,
    },
    /// An algorithm name that `Algorithm::from_str` does not know.
    UnknownAlgorithm(String),
    /// A growing-tree mixed ratio that is not a number in [0, 1].
    BadRatio(String),
    /// A braid fraction that is not a number in [0, 1].
    BadFraction(f64),
    /// Maze data (JSON or ASCII) that does not describe a valid maze.
    BadData(String),
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error { kind }
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::EmptySize { width, height } => write!(
                f,
                "a maze needs a width and height of at least 1 (got {width}x{height})"
            ),
            ErrorKind::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} maze has more than {} cells",
                super::MAX_CELLS
            ),
            ErrorKind::UnknownAlgorithm(name) => write!(
                f,
                "unknown maze algorithm {name:?} (expected dfs, prim, kruskal, binary-tree, \
                 sidewinder, or growing-tree[:newest|oldest|random|mixed[:RATIO]])"
            ),
            ErrorKind::BadRatio(text) => write!(
                f,
                "growing-tree mixed ratio {text:?} is not a number between 0 and 1"
            ),
            ErrorKind::BadFraction(value) => {
                write!(f, "braid fraction {value} is not a number between 0 and 1")
            }
            ErrorKind::BadData(why) => write!(f, "not a valid maze: {why}"),
        }
    }
}

impl std::error::Error for Error {}
