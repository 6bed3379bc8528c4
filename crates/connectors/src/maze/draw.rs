//! The two `Rng31` draws the maze loops make millions of times, `index` and `chance`, in the
//! form the loops want. `chance` gets an integer form: it consumes the same single step and
//! returns exactly what the float form returns, so mazes and streams are unchanged; it only
//! skips the float conversion.

use rng::Rng31;

/// `rng.index(len)` for `len >= 1`: one step, the same value (`Rng31::index` itself answers
/// lengths up to 2^22 with an integer multiply-shift). The empty list draws nothing.
#[inline]
pub(super) fn index_below(rng: &mut impl Rng31, len: usize) -> usize {
    rng.index(len).unwrap_or(0)
}

/// `rng.chance(p)` with the comparison moved to integers: `draw / 2^31 < p` holds exactly when
/// `draw < ceil(p * 2^31)` (scaling by a power of two is exact).
#[derive(Debug, Clone, Copy)]
pub(super) struct Chance {
    below: u64,
}

impl Chance {
    /// The chance `p`; values outside [0, 1] act as `chance` does (never, always; NaN never).
    pub(super) fn new(p: f64) -> Chance {
        let scaled = (p * 2_147_483_648.0).ceil();
        let below = if scaled >= 2_147_483_648.0 {
            1 << 31
        } else if scaled > 0.0 {
            scaled as u64
        } else {
            0
        };
        Chance { below }
    }

    /// One step: true with the chance given.
    #[inline]
    pub(super) fn draw(self, rng: &mut impl Rng31) -> bool {
        u64::from(rng.next_u31()) < self.below
    }
}
