//! The crate's error type: a pack that does not parse or validate (every problem with its path
//! and line), or a layout whose rules could not be met within the bounded attempts.

use std::fmt;

/// One problem found in a pack, with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The path of the offending value, such as `rooms[3].connectors[1].direction`.
    pub path: String,
    /// The 1-based line in the pack's text, when known.
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
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The pack is not valid YAML for the pack schema, or fails validation: every problem found.
    InvalidPack(Vec<Problem>),
    /// Every attempt produced a layout that broke a rule; `rule` names the one the last attempt
    /// broke.
    Unmet {
        /// The rule, for example "room `boss_arena` needs depth >= 5 but the layout reached depth 3".
        rule: String,
        /// How many attempts (each with its own derived seed) were made.
        attempts: u32,
    },
    /// A request outside what the engine can do (for example a room count of zero).
    BadRequest(String),
}

/// The error of every fallible function in this crate.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    /// What went wrong.
    pub kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    /// The pack problems, when this is an invalid pack.
    pub fn problems(&self) -> &[Problem] {
        match &self.kind {
            ErrorKind::InvalidPack(problems) => problems,
            _ => &[],
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::InvalidPack(problems) => {
                let noun = if problems.len() == 1 {
                    "problem"
                } else {
                    "problems"
                };
                write!(f, "the pack has {} {noun}", problems.len())?;
                for problem in problems {
                    write!(f, "\n  {problem}")?;
                }
                Ok(())
            }
            ErrorKind::Unmet { rule, attempts } => {
                let noun = if *attempts == 1 {
                    "attempt"
                } else {
                    "attempts"
                };
                write!(f, "{rule} in {attempts} {noun}")
            }
            ErrorKind::BadRequest(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}
