//! The card-roguelike's 31-bit linear congruential generator (document 003, section 4) and the
//! derived draws every `grid-floor` and `connectors` decision is made of.
//!
//! `state = (state * 1103515245 + 12345) mod 2^31`; the state advances first and is the output.
//! Each derived draw consumes a fixed number of core steps, listed on the method.

use std::fmt;

use crate::RngError;

const MULTIPLIER: u64 = 1_103_515_245;
const INCREMENT: u64 = 12_345;
const MASK31: u32 = 0x7FFF_FFFF;
/// 2^31 as a float: the divisor that maps a 31-bit output into [0, 1).
const TWO_POW_31: f64 = 2_147_483_648.0;
/// The longest length `index` answers in integers: up to it, `draw * len < 2^53`.
const EXACT_INDEX_LEN: usize = 1 << 22;

/// The float a 31-bit draw stands for: `draw / 2^31`, exact in `f64` (what [`Rng31::float`]
/// returns for that draw).
#[inline]
pub fn draw_to_float(draw: u32) -> f64 {
    f64::from(draw) / TWO_POW_31
}

/// For a test on [`Rng31::float`] that holds for small floats and fails from some float on
/// (such as `float < p`, or `(float as f32) < p`): the first draw whose float fails it, or
/// 2^31 when every draw passes. `pass(rng.float())` is then `rng.next_u31() < bound`, the same
/// single step, so hot loops can compare integers instead of converting every draw. Found by
/// bisection over the draws (31 calls of `pass`).
pub fn draw_bound(pass: impl Fn(f64) -> bool) -> u32 {
    // The first failing draw lies in low..=high.
    let (mut low, mut high) = (0u32, 1u32 << 31);
    while low < high {
        let middle = low + (high - low) / 2;
        if pass(draw_to_float(middle)) {
            low = middle + 1;
        } else {
            high = middle;
        }
    }
    low
}

/// The 31-bit LCG. Seeds keep only their low 31 bits.
///
/// Not `Copy`, not `Default`: a stream is seeded on purpose and never duplicated by accident
/// (use [`Lcg31::fork`] when a copy is really wanted). `Debug` hides the state.
#[derive(Clone, PartialEq, Eq)]
pub struct Lcg31 {
    state: u32,
    draws: u64,
}

impl Lcg31 {
    /// A generator seeded with the low 31 bits of `seed`.
    pub fn new(seed: u32) -> Self {
        Lcg31 {
            state: seed & MASK31,
            draws: 0,
        }
    }

    /// Switches the stream to `seed` (low 31 bits), as the game does when it builds a floor.
    /// The draw counter is kept: it counts every step this object has made.
    pub fn reseed(&mut self, seed: u32) {
        self.state = seed & MASK31;
    }

    /// The current state (the last output, or the seed before the first draw).
    pub fn state(&self) -> u32 {
        self.state
    }

    /// How many core steps this generator has made since it was created.
    pub fn draws(&self) -> u64 {
        self.draws
    }

    /// Advances the stream by `steps` core steps without computing the outputs in between: the
    /// state afterwards, and the draw counter, are exactly those of `steps` calls to
    /// [`Rng31::next_u31`]. For consumers that must burn draws nobody reads (the tail of a
    /// shuffle whose first unused element was already found). Costs O(log steps).
    pub fn skip(&mut self, steps: u64) {
        // k steps compose to state * a_k + c_k (mod 2^31); square-and-multiply over k's bits.
        let mask = u64::from(MASK31);
        let (mut step_mul, mut step_add) = (MULTIPLIER, INCREMENT);
        let (mut total_mul, mut total_add) = (1u64, 0u64);
        let mut remaining = steps;
        while remaining > 0 {
            if remaining & 1 == 1 {
                total_mul = (total_mul * step_mul) & mask;
                total_add = (total_add * step_mul + step_add) & mask;
            }
            step_add = (step_add * (step_mul + 1)) & mask;
            step_mul = (step_mul * step_mul) & mask;
            remaining >>= 1;
        }
        self.state = ((u64::from(self.state) * total_mul + total_add) & mask) as u32;
        self.draws = self.draws.wrapping_add(steps);
    }

    /// An explicit copy of the stream at its current position.
    pub fn fork(&self) -> Self {
        self.clone()
    }
}

impl fmt::Debug for Lcg31 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Lcg31")
            .field("draws", &self.draws)
            .finish_non_exhaustive()
    }
}

/// A source of 31-bit outputs and everything derived from it.
///
/// Implementors provide [`Rng31::next_u31`]; the other methods are the draws of document 003,
/// with the exact semantics and step counts of `SPEC.md`. Bad arguments return an [`RngError`]
/// and consume nothing.
pub trait Rng31 {
    /// One core step: the next 31-bit output.
    fn next_u31(&mut self) -> u32;

    /// The next `out.len()` outputs, in order: exactly `out.len()` calls to
    /// [`Rng31::next_u31`] (a generator may compute them faster, as [`Lcg31`] does).
    fn fill_u31(&mut self, out: &mut [u32]) {
        for slot in out {
            *slot = self.next_u31();
        }
    }

    /// A float in [0, 1): `next / 2^31`. One step.
    fn float(&mut self) -> f64 {
        draw_to_float(self.next_u31())
    }

    /// An integer in `lo..=hi` (both ends inclusive): `lo + floor(float() * (hi + 1 - lo))`.
    /// One step, also when `lo == hi`. `lo > hi` is an error.
    fn range(&mut self, lo: i32, hi: i32) -> Result<i32, RngError> {
        if lo > hi {
            return Err(RngError::EmptyRange {
                lo: lo.into(),
                hi: hi.into(),
            });
        }
        let span = i64::from(hi) + 1 - i64::from(lo);
        let offset = (self.float() * span as f64) as i64;
        // float() < 1, so offset < span and the sum stays within lo..=hi.
        Ok((i64::from(lo) + offset) as i32)
    }

    /// An index in `0..len`: `range(0, len - 1)` for slices. One step; `None` (no step) when
    /// `len == 0`.
    fn index(&mut self, len: usize) -> Option<usize> {
        if len == 0 {
            return None;
        }
        let draw = self.next_u31();
        if len <= EXACT_INDEX_LEN {
            // float() is draw / 2^31 exactly and draw * len < 2^53 is exact in f64, so the
            // float product's floor is this integer quotient (and always below len).
            return Some(((u64::from(draw) * len as u64) >> 31) as usize);
        }
        let span = len as f64;
        Some(((draw_to_float(draw) * span) as usize).min(len - 1))
    }

    /// `float() < p`. One step, whatever `p` is.
    fn chance(&mut self, p: f64) -> bool {
        self.float() < p
    }

    /// A weighted choice: `roll = float() * sum(weights)`, then walk the list in order
    /// subtracting each positive weight; the first entry that brings `roll <= 0` wins. Zero
    /// weights never win. One step. Errors (no step): an empty or all-zero list, or a negative,
    /// infinite or NaN weight.
    fn weighted<W: Copy + Into<f64>>(&mut self, weights: &[W]) -> Result<usize, RngError> {
        let mut total = 0.0f64;
        let mut last_positive = None;
        for (index, &weight) in weights.iter().enumerate() {
            let weight: f64 = weight.into();
            if !weight.is_finite() || weight < 0.0 {
                return Err(RngError::BadWeight { index });
            }
            if weight > 0.0 {
                total += weight;
                last_positive = Some(index);
            }
        }
        let Some(last_positive) = last_positive else {
            return Err(RngError::NoPositiveWeight);
        };
        let mut roll = self.float() * total;
        for (index, &weight) in weights.iter().enumerate() {
            let weight: f64 = weight.into();
            if weight > 0.0 {
                roll -= weight;
                if roll <= 0.0 {
                    return Ok(index);
                }
            }
        }
        // Rounding in the running sum can leave a hair above zero: the last candidate wins.
        Ok(last_positive)
    }

    /// Forward Fisher-Yates in place: for `i` in `0..n`, `j = range(i, n - 1)`, swap. Exactly
    /// `n` steps, the trivial last one included.
    fn shuffle<T>(&mut self, items: &mut [T]) {
        let n = items.len();
        for i in 0..n {
            let j = i + self.index(n - i).unwrap_or(0);
            items.swap(i, j);
        }
    }

    /// `floor(x)`, plus 1 when `float() < frac(x)`. One step, also for whole numbers.
    fn round_random(&mut self, x: f64) -> i64 {
        let whole = x.floor();
        let frac = x - whole;
        let up = self.float() < frac;
        whole as i64 + i64::from(up)
    }

    /// A normal draw by Box-Muller over two floats, the cosine branch, no cached spare:
    /// `mean + sd * sqrt(-2 ln(1 - u1)) * cos(2 pi u2)`. Two steps (`u1` first).
    fn normal(&mut self, mean: f64, sd: f64) -> f64 {
        let u1 = self.float();
        let u2 = self.float();
        // 1 - u1 is in (0, 1], so the logarithm is finite.
        let radius = (-2.0 * (1.0 - u1).ln()).sqrt();
        mean + sd * radius * (std::f64::consts::TAU * u2).cos()
    }

    /// An upper-case letter: `'A' + range(0, 25)`. One step.
    fn letter(&mut self) -> char {
        let offset = self.index(26).unwrap_or(0) as u8;
        char::from(b'A' + offset)
    }
}

/// `k + 1` core steps from state `s` lead to `(LANE_MUL[k] * s + LANE_ADD[k]) mod 2^31`: the
/// step composed with itself, for `k` in `0..LANES`.
const LANES: usize = 8;
const LANE_MUL: [u32; LANES] = lane_steps().0;
const LANE_ADD: [u32; LANES] = lane_steps().1;

const fn lane_steps() -> ([u32; LANES], [u32; LANES]) {
    let (mut mul, mut add) = ([0u32; LANES], [0u32; LANES]);
    let (mut step_mul, mut step_add) = (MULTIPLIER, INCREMENT);
    let mut k = 0;
    while k < LANES {
        mul[k] = step_mul as u32;
        add[k] = step_add as u32;
        step_mul = (step_mul * MULTIPLIER) & MASK31 as u64;
        step_add = (step_add * MULTIPLIER + INCREMENT) & MASK31 as u64;
        k += 1;
    }
    (mul, add)
}

impl Rng31 for Lcg31 {
    #[inline]
    fn next_u31(&mut self) -> u32 {
        let next = (u64::from(self.state) * MULTIPLIER + INCREMENT) & u64::from(MASK31);
        self.state = next as u32;
        self.draws += 1;
        self.state
    }

    /// Eight outputs at a time, each computed from the state before them by its own multiply-add
    /// (mod 2^32, which 2^31 divides), so they do not wait on each other as steps one by one do.
    #[inline]
    fn fill_u31(&mut self, out: &mut [u32]) {
        let total = out.len();
        let mut chunks = out.chunks_exact_mut(LANES);
        for chunk in &mut chunks {
            let state = self.state;
            for (k, slot) in chunk.iter_mut().enumerate() {
                *slot = LANE_MUL[k].wrapping_mul(state).wrapping_add(LANE_ADD[k]) & MASK31;
            }
            self.state = chunk[LANES - 1];
        }
        let rest = chunks.into_remainder();
        self.draws += (total - rest.len()) as u64;
        for slot in rest {
            *slot = self.next_u31();
        }
    }
}

/// `rand_core` interop, so users can bring `rand`'s distributions. Each `next_u32` takes the top
/// 16 bits of two core steps (the low bits of a power-of-two LCG are weak); `next_u64` takes four.
impl rand_core::RngCore for Lcg31 {
    fn next_u32(&mut self) -> u32 {
        let high = self.next_u31() >> 15;
        let low = self.next_u31() >> 15;
        (high << 16) | low
    }

    fn next_u64(&mut self) -> u64 {
        let high = u64::from(self.next_u32());
        (high << 32) | u64::from(self.next_u32())
    }

    fn fill_bytes(&mut self, dst: &mut [u8]) {
        rand_core::impls::fill_bytes_via_next(self, dst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The seed whose next output is `draw` (the step inverted with the multiplier's inverse).
    fn seed_before(draw: u32) -> u32 {
        let mut inverse: u64 = 1;
        // Newton's iteration doubles the correct low bits each round (odd multiplier).
        for _ in 0..6 {
            inverse = inverse.wrapping_mul(2u64.wrapping_sub(MULTIPLIER.wrapping_mul(inverse)));
        }
        let modulus = 1u64 << 31;
        let delta = (u64::from(draw) + modulus - INCREMENT) % modulus;
        (delta.wrapping_mul(inverse) % modulus) as u32
    }

    #[test]
    fn draw_bounds_split_the_draws_where_the_test_starts_failing() {
        let mut stream = Lcg31::new(7);
        let mut chances = vec![0.0, 1.0, 0.5, 1e-12, 1.0 - 1e-12, 1.5, -0.5, f64::NAN];
        chances.extend((0..100).map(|_| stream.float()));
        for p in chances {
            let bound = draw_bound(|float| float < p);
            // Both sides of the bound, the ends, and draws spread over the range, each through
            // a generator whose next output is that draw.
            let mut draws = vec![0, 0x7FFF_FFFF, bound.saturating_sub(1), bound];
            draws.retain(|&draw| draw < 1 << 31);
            draws.extend((0..100).map(|_| stream.next_u31()));
            for draw in draws {
                let mut g = Lcg31::new(seed_before(draw));
                assert_eq!(draw < bound, g.chance(p), "p {p} draw {draw}");
            }
        }
        assert_eq!(draw_bound(|_| true), 1 << 31);
        assert_eq!(draw_bound(|_| false), 0);
    }

    #[test]
    fn integer_index_equals_the_float_formula() {
        let draws = [
            0,
            1,
            2,
            3,
            1 << 30,
            (1 << 30) - 1,
            (1 << 30) + 1,
            MASK31 - 1,
            MASK31,
        ];
        let lengths = [
            1,
            2,
            3,
            5,
            7,
            10,
            99,
            100,
            128,
            1000,
            (1 << 21) + 3,
            EXACT_INDEX_LEN - 1,
            EXACT_INDEX_LEN,
            EXACT_INDEX_LEN + 1,
            1 << 30,
            usize::MAX >> 11,
        ];
        let mut scatter = Lcg31::new(99);
        let extra: Vec<u32> = (0..2000).map(|_| scatter.next_u31()).collect();
        let mut checked = 0;
        for &draw in draws.iter().chain(&extra) {
            let seed = seed_before(draw);
            assert_eq!(Lcg31::new(seed).next_u31(), draw);
            for len in lengths.into_iter().chain(1..=300) {
                let expected = ((f64::from(draw) / TWO_POW_31 * len as f64) as usize).min(len - 1);
                let mut g = Lcg31::new(seed);
                assert_eq!(g.index(len), Some(expected), "draw {draw} len {len}");
                assert_eq!(g.draws(), 1);
                checked += 1;
            }
        }
        assert!(checked > 600_000);
    }
}
