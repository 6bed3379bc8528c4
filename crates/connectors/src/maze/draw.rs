//! An integer form of `Rng31::chance`, which the maze loops call millions of times: it consumes
//! the same single step and returns exactly what the float form returns, so mazes and streams
//! are unchanged; it only skips the float conversion. (`Rng31::index` has its own integer path.)

use rng::Rng31;

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
