//! Seed strings (document 003 section 1): 20 characters of Crockford base32 (100 bits), shown as
//! `XXXXX-XXXXX-XXXXX-XXXXX`. On input, dashes, spaces and case are ignored, and Crockford's
//! look-alikes are accepted (`O` reads as `0`, `I` and `L` as `1`).
//!
//! Bit layout, most significant first: version (4), class (5), difficulty (4), unlock bits (40),
//! initial seed (31), then a CRC-16/CCITT-FALSE checksum (16) over the 84 payload bits packed
//! big-endian into 11 bytes. The floor and upgrade seeds are not stored; they are re-derived from
//! the initial seed by [`crate::Streams::derive`].

use std::fmt;
use std::str::FromStr;

/// The seed-string format this crate writes.
pub const CURRENT_VERSION: u8 = 1;
/// The classes a seed string can name, by index.
pub const CLASSES: [&str; 15] = [
    "warrior",
    "wizard",
    "thief",
    "priest",
    "paladin",
    "bard",
    "assassin",
    "necromancer",
    "druid",
    "monk",
    "ninja",
    "alchemist",
    "dragon",
    "berserker",
    "shaman",
];
/// The difficulties a seed string can name, by index (1, Grizzly Bear, is the game's default).
pub const DIFFICULTIES: [&str; 3] = ["kitten", "grizzly_bear", "velociraptor"];

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LEN: usize = 20;
const UNLOCK_BITS: u32 = 40;
const SEED_BITS: u32 = 31;
const DIFFICULTY_BITS: u32 = 4;
const CLASS_BITS: u32 = 5;

/// The decoded fields of a seed string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedCode {
    /// Format version (`CURRENT_VERSION`).
    pub version: u8,
    /// Index into [`CLASSES`].
    pub class: u8,
    /// Index into [`DIFFICULTIES`].
    pub difficulty: u8,
    /// The account's unlock bits at game creation (40 bits).
    pub unlocks: u64,
    /// The run's initial seed (31 bits).
    pub initial_seed: u32,
}

/// Why a seed string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeedCodeError {
    /// Not 20 characters once dashes and spaces are removed.
    Length {
        /// How many significant characters were found.
        found: usize,
    },
    /// A character outside the alphabet, at this 1-based position of the input as given.
    BadCharacter {
        /// The character.
        character: char,
        /// 1-based position in the input string.
        position: usize,
    },
    /// The checksum does not match the payload (a typo somewhere).
    Checksum,
    /// A format version this build does not know.
    UnknownVersion(u8),
    /// A class index with no class.
    UnknownClass(u8),
    /// A difficulty index with no difficulty.
    UnknownDifficulty(u8),
    /// A field too large for its bits (when encoding).
    FieldTooLarge(&'static str),
}

impl fmt::Display for SeedCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedCodeError::Length { found } => write!(
                f,
                "wrong length: a seed string has {CODE_LEN} letters and digits (dashes and spaces \
                 ignored), found {found}"
            ),
            SeedCodeError::BadCharacter {
                character,
                position,
            } => write!(
                f,
                "bad character {character:?} at position {position}: use 0-9 and A-Z without U"
            ),
            SeedCodeError::Checksum => write!(f, "checksum mismatch: the seed string has a typo"),
            SeedCodeError::UnknownVersion(v) => write!(f, "unknown seed string version {v}"),
            SeedCodeError::UnknownClass(c) => write!(f, "unknown class index {c}"),
            SeedCodeError::UnknownDifficulty(d) => write!(f, "unknown difficulty index {d}"),
            SeedCodeError::FieldTooLarge(field) => write!(f, "{field} is too large to encode"),
        }
    }
}

impl std::error::Error for SeedCodeError {}

fn crc16(bytes: &[u8]) -> u16 {
    let mut crc: u16 = 0xFFFF;
    for &byte in bytes {
        crc ^= u16::from(byte) << 8;
        for _ in 0..8 {
            crc = if crc & 0x8000 != 0 {
                (crc << 1) ^ 0x1021
            } else {
                crc << 1
            };
        }
    }
    crc
}

fn payload_checksum(payload: u128) -> u16 {
    // 84 bits fit in the low 11 bytes of the big-endian form.
    let bytes = payload.to_be_bytes();
    crc16(&bytes[5..])
}

fn symbol_value(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    let upper = match upper {
        'O' => '0',
        'I' | 'L' => '1',
        other => other,
    };
    ALPHABET
        .iter()
        .position(|&a| char::from(a) == upper)
        .map(|p| p as u8)
}

impl SeedCode {
    /// A code of the current version.
    pub fn new(class: u8, difficulty: u8, unlocks: u64, initial_seed: u32) -> Self {
        SeedCode {
            version: CURRENT_VERSION,
            class,
            difficulty,
            unlocks,
            initial_seed,
        }
    }

    /// The class name, if the index is known.
    pub fn class_name(&self) -> Option<&'static str> {
        CLASSES.get(usize::from(self.class)).copied()
    }

    /// The difficulty name, if the index is known.
    pub fn difficulty_name(&self) -> Option<&'static str> {
        DIFFICULTIES.get(usize::from(self.difficulty)).copied()
    }

    /// The index of a class name (case-insensitive; `-`, `_` and spaces are equivalent).
    pub fn class_index(name: &str) -> Option<u8> {
        let wanted = normalise_name(name);
        CLASSES.iter().position(|c| *c == wanted).map(|p| p as u8)
    }

    /// The index of a difficulty name (case-insensitive; `-`, `_` and spaces are equivalent).
    pub fn difficulty_index(name: &str) -> Option<u8> {
        let wanted = normalise_name(name);
        DIFFICULTIES
            .iter()
            .position(|d| *d == wanted)
            .map(|p| p as u8)
    }

    /// Encodes to the display form `XXXXX-XXXXX-XXXXX-XXXXX`.
    pub fn encode(&self) -> Result<String, SeedCodeError> {
        self.check_fields()?;
        if self.unlocks >> UNLOCK_BITS != 0 {
            return Err(SeedCodeError::FieldTooLarge("unlocks (40 bits)"));
        }
        if self.initial_seed >> SEED_BITS != 0 {
            return Err(SeedCodeError::FieldTooLarge("initial seed (31 bits)"));
        }
        let mut payload = u128::from(self.version);
        payload = (payload << CLASS_BITS) | u128::from(self.class);
        payload = (payload << DIFFICULTY_BITS) | u128::from(self.difficulty);
        payload = (payload << UNLOCK_BITS) | u128::from(self.unlocks);
        payload = (payload << SEED_BITS) | u128::from(self.initial_seed);
        let bits = (payload << 16) | u128::from(payload_checksum(payload));
        let mut out = String::with_capacity(CODE_LEN + 3);
        for i in 0..CODE_LEN {
            if i > 0 && i % 5 == 0 {
                out.push('-');
            }
            let shift = 5 * (CODE_LEN - 1 - i);
            out.push(char::from(ALPHABET[((bits >> shift) & 0x1F) as usize]));
        }
        Ok(out)
    }

    /// Decodes a seed string, naming the first problem found.
    pub fn decode(text: &str) -> Result<Self, SeedCodeError> {
        let significant = text
            .chars()
            .filter(|c| *c != '-' && !c.is_whitespace())
            .count();
        // Bad characters are reported before the length, so that a typo is pointed at.
        let mut bits: u128 = 0;
        for (position, c) in text.chars().enumerate() {
            if c == '-' || c.is_whitespace() {
                continue;
            }
            let Some(value) = symbol_value(c) else {
                return Err(SeedCodeError::BadCharacter {
                    character: c,
                    position: position + 1,
                });
            };
            bits = (bits << 5) | u128::from(value);
            if significant > CODE_LEN {
                // Keep shifting cheap; the length error below wins anyway.
                bits &= (1u128 << 100) - 1;
            }
        }
        if significant != CODE_LEN {
            return Err(SeedCodeError::Length { found: significant });
        }
        let checksum = (bits & 0xFFFF) as u16;
        let payload = bits >> 16;
        if payload_checksum(payload) != checksum {
            return Err(SeedCodeError::Checksum);
        }
        let initial_seed = (payload & ((1 << SEED_BITS) - 1)) as u32;
        let rest = payload >> SEED_BITS;
        let unlocks = (rest & ((1 << UNLOCK_BITS) - 1)) as u64;
        let rest = rest >> UNLOCK_BITS;
        let difficulty = (rest & ((1 << DIFFICULTY_BITS) - 1)) as u8;
        let rest = rest >> DIFFICULTY_BITS;
        let class = (rest & ((1 << CLASS_BITS) - 1)) as u8;
        let version = (rest >> CLASS_BITS) as u8;
        let code = SeedCode {
            version,
            class,
            difficulty,
            unlocks,
            initial_seed,
        };
        code.check_fields()?;
        Ok(code)
    }

    fn check_fields(&self) -> Result<(), SeedCodeError> {
        if self.version != CURRENT_VERSION {
            return Err(SeedCodeError::UnknownVersion(self.version));
        }
        if usize::from(self.class) >= CLASSES.len() {
            return Err(SeedCodeError::UnknownClass(self.class));
        }
        if usize::from(self.difficulty) >= DIFFICULTIES.len() {
            return Err(SeedCodeError::UnknownDifficulty(self.difficulty));
        }
        Ok(())
    }
}

fn normalise_name(name: &str) -> String {
    name.trim()
        .chars()
        .map(|c| {
            if c == '-' || c == ' ' {
                '_'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect()
}

impl FromStr for SeedCode {
    type Err = SeedCodeError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SeedCode::decode(s)
    }
}

impl fmt::Display for SeedCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.encode() {
            Ok(code) => f.write_str(&code),
            Err(_) => f.write_str("<invalid seed code>"),
        }
    }
}
