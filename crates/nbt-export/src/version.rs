//! The Minecraft versions we write for: their DataVersion, data-pack format and folder names.

use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// A target Minecraft Java version.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum McVersion {
    /// 1.20.1 (DataVersion 3465).
    V1_20_1,
    /// 1.21.1 (DataVersion 3955).
    V1_21_1,
    /// 1.21.4 (DataVersion 4189), the default.
    #[default]
    V1_21_4,
    /// 1.21.5 (DataVersion 4325).
    V1_21_5,
}

impl McVersion {
    /// Every supported version, oldest first.
    pub const ALL: [McVersion; 4] = [
        McVersion::V1_20_1,
        McVersion::V1_21_1,
        McVersion::V1_21_4,
        McVersion::V1_21_5,
    ];

    /// The version string, e.g. `1.21.4`.
    pub fn name(self) -> &'static str {
        match self {
            McVersion::V1_20_1 => "1.20.1",
            McVersion::V1_21_1 => "1.21.1",
            McVersion::V1_21_4 => "1.21.4",
            McVersion::V1_21_5 => "1.21.5",
        }
    }

    /// The `DataVersion` written into every file; the game runs its data fixers from it.
    pub fn data_version(self) -> i32 {
        match self {
            McVersion::V1_20_1 => 3465,
            McVersion::V1_21_1 => 3955,
            McVersion::V1_21_4 => 4189,
            McVersion::V1_21_5 => 4325,
        }
    }

    /// The `pack_format` of a data pack for this version.
    pub fn pack_format(self) -> u32 {
        match self {
            McVersion::V1_20_1 => 15,
            McVersion::V1_21_1 => 48,
            McVersion::V1_21_4 => 61,
            McVersion::V1_21_5 => 71,
        }
    }

    /// The data-pack folder of structures: `structures` before 1.21, `structure` since.
    pub fn structure_folder(self) -> &'static str {
        match self {
            McVersion::V1_20_1 => "structures",
            _ => "structure",
        }
    }

    /// The data-pack folder of functions: `functions` before 1.21, `function` since.
    pub fn function_folder(self) -> &'static str {
        match self {
            McVersion::V1_20_1 => "functions",
            _ => "function",
        }
    }
}

impl fmt::Display for McVersion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for McVersion {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        McVersion::ALL
            .into_iter()
            .find(|v| v.name() == text.trim())
            .ok_or_else(|| {
                let known: Vec<&str> = McVersion::ALL.iter().map(|v| v.name()).collect();
                Error::invalid(format!(
                    "unknown Minecraft version `{text}` (supported: {})",
                    known.join(", ")
                ))
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_parse_and_carry_their_numbers() {
        let numbers: Vec<(i32, u32)> = McVersion::ALL
            .iter()
            .map(|v| (v.data_version(), v.pack_format()))
            .collect();
        assert_eq!(numbers, [(3465, 15), (3955, 48), (4189, 61), (4325, 71)]);
        for version in McVersion::ALL {
            assert_eq!(version.name().parse::<McVersion>().unwrap(), version);
        }
        assert_eq!(McVersion::default().data_version(), 4189);
        assert!("1.19".parse::<McVersion>().is_err());
    }
}
