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

/// Characters that end a word of a message for [`compact_numbers`]: a number is only rewritten
/// when it is a whole word, never when digits are part of a file name or an identifier.
fn ends_word(c: char) -> bool {
    c.is_whitespace() || "`'\",;:()[]{}=<>".contains(c)
}

/// `message` with every number longer than [`NUMBER_CHARS_MAX`] characters in scientific
/// notation: serde prints a float such as `1e308` read from a config file with all its 309
/// digits, which buries the rest of the one-line error. Only a word that is a number as a whole
/// (a sentence's full stop aside) is rewritten: a long run of digits inside a file name such as
/// `runs/12345678901234567890123.yaml` is kept as it is.
fn compact_numbers(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while !rest.is_empty() {
        let end = rest.find(ends_word).unwrap_or(rest.len());
        let (word, after) = rest.split_at(end);
        let number = word.strip_suffix('.').unwrap_or(word);
        let is_number = number.len() > NUMBER_CHARS_MAX
            && number
                .strip_prefix('-')
                .unwrap_or(number)
                .starts_with(|c: char| c.is_ascii_digit())
            && number
                .bytes()
                .all(|b| b.is_ascii_digit() || b == b'.' || b == b'-');
        match number.parse::<f64>() {
            Ok(value) if is_number => {
                out.push_str(&format!("{value:e}"));
                out.push_str(&word[number.len()..]);
            }
            _ => out.push_str(word),
        }
        let delimiter = after.chars().next().map_or(0, char::len_utf8);
        out.push_str(&after[..delimiter]);
        rest = &after[delimiter..];
    }
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
        let negative = format!("found {}.", -1e300);
        assert_eq!(compact_numbers(&negative), "found -1e300.");
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
            "cannot read runs/1234567890123456789012345.yaml: not found",
            "seed-12345678901234567890123456789 and x1234567890123456789012345",
            "ünïcode 12 `ok`",
            "",
            "no digits",
        ] {
            assert_eq!(compact_numbers(message), message);
        }
    }
}
