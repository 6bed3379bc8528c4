//! The library's error: bad data tables, a depth outside 1 to 4, or a table that leaves a floor
//! without any candidate at run time. Generation never panics on bad input; it returns one of these.

use std::fmt;

/// One problem found while validating the data tables, with the path of the offending value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// Where the value lives, e.g. `floors[1].monster_count.min` or `monsters[12].weights.water`.
    pub path: String,
    /// The 1-based line of that value in the YAML text, when it could be located.
    pub line: Option<usize>,
    /// What is wrong, as a sentence fragment.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}: {}", self.path, self.message),
            None => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

/// What went wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The YAML text does not parse into the data shape (syntax, a missing or unknown field, a
    /// wrong type). `message` starts with the field path when serde knows it.
    Yaml {
        /// 1-based line, when known.
        line: Option<usize>,
        /// 1-based column, when known.
        column: Option<usize>,
        /// The parser's message, without its own location suffix.
        message: String,
    },
    /// The YAML parses but its values are inconsistent: every problem found, in file order.
    Invalid(Vec<Problem>),
    /// A floor depth outside 1 to 4.
    BadDepth(u8),
    /// A difficulty index outside the table.
    BadDifficulty(u8),
    /// Every boss that fits this floor was used by an earlier floor (only reachable with a
    /// hand-built history; validated tables cannot produce it).
    BossPoolExhausted {
        /// The floor being built.
        depth: u8,
    },
    /// No unused tile was left for an object that must be placed.
    NoFreeTile {
        /// The stage that needed the tile.
        stage: &'static str,
    },
}

/// The error of every fallible function of this crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
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
            ErrorKind::Yaml {
                line,
                column,
                message,
            } => match (line, column) {
                (Some(line), Some(column)) => write!(f, "line {line} column {column}: {message}"),
                (Some(line), None) => write!(f, "line {line}: {message}"),
                _ => f.write_str(message),
            },
            ErrorKind::Invalid(problems) => {
                let shown: Vec<String> = problems.iter().map(Problem::to_string).collect();
                write!(
                    f,
                    "{} problem{} in the data: {}",
                    problems.len(),
                    if problems.len() == 1 { "" } else { "s" },
                    shown.join("; ")
                )
            }
            ErrorKind::BadDepth(depth) => write!(f, "depth {depth} is not a floor: use 1 to 4"),
            ErrorKind::BadDifficulty(index) => write!(f, "unknown difficulty index {index}"),
            ErrorKind::BossPoolExhausted { depth } => write!(
                f,
                "floor {depth}: every boss that fits was already used by an earlier floor"
            ),
            ErrorKind::NoFreeTile { stage } => write!(f, "{stage}: no unused tile is left"),
        }
    }
}

impl std::error::Error for Error {}
