//! Integer forms of the two `Rng31` draws the maze loops make millions of times, `index` and
//! `chance`. Each consumes the same single step and returns exactly what the float form returns,
//! so mazes and streams are unchanged; they only skip the float conversions and the saturating
//! float-to-integer cast.

use rng::Rng31;

/// Up to this length `(draw * len) >> 31` is exactly `index(len)`'s `floor(draw / 2^31 * len)`:
/// `draw * len < 2^53`, so the float product is exact and both floors agree.
const EXACT_INDEX_LIMIT: usize = 1 << 22;

/// `rng.index(len)` for `len >= 1`: one step, the same value. Longer lists than
/// [`EXACT_INDEX_LIMIT`] (and the empty list, which draws nothing) go through `index` itself.
#[inline]
pub(super) fn index_below(rng: &mut impl Rng31, len: usize) -> usize {
    if (1..=EXACT_INDEX_LIMIT).contains(&len) {
        ((u64::from(rng.next_u31()) * len as u64) >> 31) as usize
    } else {
        rng.index(len).unwrap_or(0)
    }
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
