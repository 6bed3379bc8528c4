//! The error of the derived draws: bad arguments are reported, never panicked on.

use std::fmt;

/// Why a derived draw could not be made. No draw is consumed when an error is returned.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum RngError {
    /// `range(lo, hi)` with `lo > hi`.
    EmptyRange {
        /// The lower bound given.
        lo: i64,
        /// The upper bound given.
        hi: i64,
    },
    /// `weighted` over an empty list, or a list whose weights are all zero.
    NoPositiveWeight,
    /// A weight that is negative, infinite or NaN, at this index.
    BadWeight {
        /// Index of the offending weight.
        index: usize,
    },
}

impl fmt::Display for RngError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RngError::EmptyRange { lo, hi } => write!(f, "empty range: lo {lo} > hi {hi}"),
            RngError::NoPositiveWeight => write!(f, "weighted choice with no positive weight"),
            RngError::BadWeight { index } => {
                write!(f, "weight at index {index} is negative or not finite")
            }
        }
    }
}

impl std::error::Error for RngError {}
