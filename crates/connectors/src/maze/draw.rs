//! The draw helpers the maze loops share: [`pick`], an `index` that skips the draw when there is
//! one choice, and [`Chance`], an integer form of `Rng31::chance`, which the loops call millions
//! of times: it consumes the same single step and returns exactly what the float form returns,
//! so mazes and streams are unchanged; it only skips the float conversion. (`Rng31::index` has
//! its own integer path.)

use rng::Rng31;

/// `rng.chance(p)` with the comparison moved to integers: the draws whose float is below `p`
/// are those below one bound ([`rng::draw_bound`]).
#[derive(Debug, Clone, Copy)]
pub(super) struct Chance {
    below: u32,
}

impl Chance {
    /// The chance `p`; values outside [0, 1] act as `chance` does (never, always; NaN never).
    pub(super) fn new(p: f64) -> Chance {
        Chance {
            below: rng::draw_bound(|float| float < p),
        }
    }

    /// One step: true with the chance given.
    #[inline]
    pub(super) fn draw(self, rng: &mut impl Rng31) -> bool {
        rng.next_u31() < self.below
    }
}

/// An index below `count` (at least 1); no draw when there is only one choice.
#[inline]
pub(super) fn pick(rng: &mut impl Rng31, count: usize) -> usize {
    if count == 1 {
        0
    } else {
        rng.index(count).unwrap_or(0)
    }
}
