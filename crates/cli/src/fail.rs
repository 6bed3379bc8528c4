//! Error classification for the CLI: input the user can fix exits with status 2, everything else
//! (an IO failure, a bug) with status 1.

use std::fmt;

/// Marks an error as caused by the user's input (a bad seed string, a malformed config file).
#[derive(Debug)]
pub struct BadInput(pub String);

impl fmt::Display for BadInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadInput {}

/// An `anyhow::Error` for bad input.
pub fn bad_input(message: impl Into<String>) -> anyhow::Error {
    anyhow::Error::new(BadInput(message.into()))
}

/// The exit status for an error: 2 when any cause in its chain is bad input.
pub fn exit_status(error: &anyhow::Error) -> u8 {
    if error.chain().any(|cause| cause.is::<BadInput>()) {
        2
    } else {
        1
    }
}
