//! Errors of this crate: floor-property files and `--set` overrides that do not parse or do not
//! validate, and unknown preset names.

use std::fmt;

/// One problem found while validating floor properties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The field, by the game's name.
    pub field: String,
    /// The 1-based line of the field in the file, when it came from one.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// What went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is not valid YAML/JSON for floor properties (unknown field, wrong type...).
    Parse {
        /// 1-based line, when known.
        line: Option<usize>,
        /// The parser's message.
        message: String,
    },
    /// Values out of range; every problem found is listed.
    Invalid(Vec<Problem>),
    /// No preset has this name.
    UnknownPreset(String),
    /// A `key=value` override without `=`.
    BadSetting(String),
}

/// An error of this crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
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
            ErrorKind::Parse { line, message } => match line {
                Some(line) => write!(f, "line {line}: {message}"),
                None => f.write_str(message),
            },
            ErrorKind::Invalid(problems) => {
                for (i, problem) in problems.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    match problem.line {
                        Some(line) => {
                            write!(f, "line {line}: {}: {}", problem.field, problem.message)?
                        }
                        None => write!(f, "{}: {}", problem.field, problem.message)?,
                    }
                }
                Ok(())
            }
            ErrorKind::UnknownPreset(name) => write!(
                f,
                "unknown preset {name:?} (known: {})",
                crate::config::PRESET_NAMES.join(", ")
            ),
            ErrorKind::BadSetting(text) => write!(f, "--set {text:?}: expected key=value"),
        }
    }
}

impl std::error::Error for Error {}
