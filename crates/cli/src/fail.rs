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
    anyhow::Error::new(BadInput(compact_numbers(&message.into())))
}

/// Longest run of digits (and decimal points) a message keeps as it is.
const NUMBER_CHARS_MAX: usize = 21;

/// `message` with every number longer than [`NUMBER_CHARS_MAX`] characters in scientific
/// notation: serde prints a float such as `1e308` read from a config file with all its 309
/// digits, which buries the rest of the one-line error.
fn compact_numbers(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        out.push_str(&rest[..start]);
        rest = &rest[start..];
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(rest.len());
        let number = &rest[..end];
        match number.parse::<f64>() {
            Ok(value) if number.len() > NUMBER_CHARS_MAX => out.push_str(&format!("{value:e}")),
            _ => out.push_str(number),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// The exit status for an error: 2 when any cause in its chain is bad input.
pub fn exit_status(error: &anyhow::Error) -> u8 {
    if error.chain().any(|cause| cause.is::<BadInput>()) {
        2
    } else {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::compact_numbers;

    #[test]
    fn long_numbers_are_written_in_scientific_notation() {
        let huge = format!("invalid type: floating point `{}`, expected u8", 1e308);
        assert_eq!(
            compact_numbers(&huge),
            "invalid type: floating point `1e308`, expected u8"
        );
        let sum = format!("the odds must add up to 1, found {}", 1e300 + 0.5);
        assert_eq!(
            compact_numbers(&sum),
            "the odds must add up to 1, found 1e300"
        );
    }

    #[test]
    fn short_numbers_lines_and_paths_are_kept() {
        for message in [
            "gf.yaml:38:26: floors[2].monster_count.min: must be at most max (99999 > 6)",
            "found 99999.85000000002; seed 4294967295 is past u32",
            "version 1.21.4, 12345678901234567890 ok",
            "",
            "no digits",
        ] {
            assert_eq!(compact_numbers(message), message);
        }
    }
}
