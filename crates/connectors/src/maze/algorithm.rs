//! The names of the six maze algorithms and of the growing-tree policies, parsed from and printed
//! as `dfs | prim | kruskal | binary-tree | sidewinder |
//! growing-tree[:newest|oldest|random|mixed[:RATIO]]`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::error::{Error, ErrorKind};

/// How the growing-tree algorithm picks the next cell from its active list (document 004).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GrowingPolicy {
    /// The most recently added cell: the same mazes as [`Algorithm::Dfs`], long corridors.
    Newest,
    /// The earliest added cell still active: breadth-first growth, short corridors.
    Oldest,
    /// A uniformly random active cell: Prim-like, short corridors and many branches.
    Random,
    /// The newest cell with probability `newest`, else a random one.
    Mixed {
        /// The chance, in [0, 1], of taking the newest cell.
        newest: f64,
    },
}

impl GrowingPolicy {
    /// The ratio of `growing-tree:mixed` when none is given: half newest, half random.
    pub const DEFAULT_MIXED: f64 = 0.5;

    /// Checks the mixed ratio.
    pub(super) fn validate(self) -> Result<(), Error> {
        match self {
            GrowingPolicy::Mixed { newest } if !(0.0..=1.0).contains(&newest) => {
                Err(Error::new(ErrorKind::BadRatio(newest.to_string())))
            }
            _ => Ok(()),
        }
    }
}

/// One of the six maze algorithms of document 004.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Algorithm {
    /// Randomised depth-first search with an explicit stack: long winding corridors, few dead ends.
    Dfs,
    /// Randomised Prim over a frontier of walls: short corridors, many branches.
    Prim,
    /// Randomised Kruskal, the walls taken in a random order (sorted random keys) and opened
    /// where they join two sets: no centre, medium corridors. From 512 x 512 to 2048 x 2048
    /// cells it uses a second thread when the machine has a second core (the same maze).
    Kruskal,
    /// Each cell opens south or east: a strong south-east bias, open south row and east column.
    BinaryTree,
    /// Row runs that close with one opening south: horizontal corridors, open south row.
    Sidewinder,
    /// An active list grown from one cell, the pick set by the policy.
    GrowingTree(GrowingPolicy),
}

impl Algorithm {
    /// Every algorithm, the growing tree once per policy (mixed at its default ratio).
    pub const ALL: [Algorithm; 9] = [
        Algorithm::Dfs,
        Algorithm::Prim,
        Algorithm::Kruskal,
        Algorithm::BinaryTree,
        Algorithm::Sidewinder,
        Algorithm::GrowingTree(GrowingPolicy::Newest),
        Algorithm::GrowingTree(GrowingPolicy::Oldest),
        Algorithm::GrowingTree(GrowingPolicy::Random),
        Algorithm::GrowingTree(GrowingPolicy::Mixed {
            newest: GrowingPolicy::DEFAULT_MIXED,
        }),
    ];
}

impl FromStr for Algorithm {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let unknown = || Error::new(ErrorKind::UnknownAlgorithm(text.to_string()));
        let mut parts = text.trim().splitn(3, ':');
        let name = parts.next().unwrap_or_default().to_ascii_lowercase();
        let policy = parts.next().map(str::to_ascii_lowercase);
        let ratio = parts.next();
        let simple = match name.as_str() {
            "dfs" => Some(Algorithm::Dfs),
            "prim" => Some(Algorithm::Prim),
            "kruskal" => Some(Algorithm::Kruskal),
            "binary-tree" => Some(Algorithm::BinaryTree),
            "sidewinder" => Some(Algorithm::Sidewinder),
            "growing-tree" => None,
            _ => return Err(unknown()),
        };
        if let Some(algorithm) = simple {
            return if policy.is_none() {
                Ok(algorithm)
            } else {
                Err(unknown())
            };
        }
        let policy = match (policy.as_deref(), ratio) {
            (None | Some("newest"), None) => GrowingPolicy::Newest,
            (Some("oldest"), None) => GrowingPolicy::Oldest,
            (Some("random"), None) => GrowingPolicy::Random,
            (Some("mixed"), None) => GrowingPolicy::Mixed {
                newest: GrowingPolicy::DEFAULT_MIXED,
            },
            (Some("mixed"), Some(ratio)) => {
                let newest = ratio
                    .trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|r| (0.0..=1.0).contains(r))
                    .ok_or_else(|| Error::new(ErrorKind::BadRatio(ratio.to_string())))?;
                GrowingPolicy::Mixed { newest }
            }
            _ => return Err(unknown()),
        };
        Ok(Algorithm::GrowingTree(policy))
    }
}

impl fmt::Display for Algorithm {
    /// The canonical name, which [`Algorithm::from_str`] reads back to the same value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Algorithm::Dfs => f.write_str("dfs"),
            Algorithm::Prim => f.write_str("prim"),
            Algorithm::Kruskal => f.write_str("kruskal"),
            Algorithm::BinaryTree => f.write_str("binary-tree"),
            Algorithm::Sidewinder => f.write_str("sidewinder"),
            Algorithm::GrowingTree(GrowingPolicy::Newest) => f.write_str("growing-tree:newest"),
            Algorithm::GrowingTree(GrowingPolicy::Oldest) => f.write_str("growing-tree:oldest"),
            Algorithm::GrowingTree(GrowingPolicy::Random) => f.write_str("growing-tree:random"),
            Algorithm::GrowingTree(GrowingPolicy::Mixed { newest }) => {
                write!(f, "growing-tree:mixed:{newest}")
            }
        }
    }
}

impl Serialize for Algorithm {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Algorithm {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
