//! The tile-map game's dungeon PRNG (`dg_random`): one primary and five secondary LCGs sharing
//! the multiplier `0x5D588B65` (mod 2^32).
//!
//! * primary: `state = state * 0x5D588B65 + 1`, output the top 16 bits;
//! * secondary `k` (0..5): `state = state * 0x5D588B65 + 0x269EC3`, output the low 16 bits.
//!
//! [`DungeonRng::init`] is the game's `InitDungeonRng(seed)`: primary = `seed | 1`, every
//! secondary = `seed`, primary selected. The game switches to a secondary generator for a few
//! decisions (hidden stairs use secondaries 3 and 4) and back; [`DungeonRng::use_secondary`] and
//! [`DungeonRng::use_primary`] do the same.

use std::fmt;

const MULTIPLIER: u32 = 0x5D58_8B65;
const PRIMARY_INCREMENT: u32 = 1;
const SECONDARY_INCREMENT: u32 = 0x0026_9EC3;
/// How many secondary generators the game keeps.
pub const SECONDARY_COUNT: usize = 5;

/// A source of 16-bit outputs and the game's two integer draws built on them.
pub trait Rand16 {
    /// One step of the selected generator: a 16-bit output.
    fn next_u16(&mut self) -> u16;

    /// The game's `RandInt(n)`: `((r16 * n) >> 16) & 0xFFFF`, computed in 32-bit wrapping
    /// arithmetic as the game does. Always exactly one step, whatever `n` is.
    fn rand_int(&mut self, n: i32) -> i32 {
        let r = u32::from(self.next_u16());
        ((r.wrapping_mul(n as u32) >> 16) & 0xFFFF) as i32
    }

    /// The game's `RandRange(a, b)`: `a` with no step when `a == b`; otherwise
    /// `min(a, b) + ((r16 * |b - a|) >> 16)`, one step (the upper bound is exclusive).
    fn rand_range(&mut self, a: i32, b: i32) -> i32 {
        if a == b {
            return a;
        }
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let span = hi.wrapping_sub(lo) as u32;
        let r = u32::from(self.next_u16());
        lo.wrapping_add(((r.wrapping_mul(span) >> 16) & 0xFFFF) as i32)
    }
}

/// Which generator the next draw comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selected {
    Primary,
    Secondary(usize),
}

/// The game's dungeon PRNG state. Not `Copy`, not `Default`; `Debug` hides the state.
#[derive(Clone, PartialEq, Eq)]
pub struct DungeonRng {
    primary: u32,
    secondary: [u32; SECONDARY_COUNT],
    selected: Selected,
    draws: u64,
}

impl DungeonRng {
    /// The game's `InitDungeonRng(seed)`: primary = `seed | 1`, secondaries = `seed`, primary
    /// selected.
    pub fn init(seed: u32) -> Self {
        DungeonRng {
            primary: seed | 1,
            secondary: [seed; SECONDARY_COUNT],
            selected: Selected::Primary,
            draws: 0,
        }
    }

    /// Draws from now on come from secondary generator `index` (0..5). Out-of-range indices
    /// are clamped to the last generator.
    pub fn use_secondary(&mut self, index: usize) {
        self.selected = Selected::Secondary(index.min(SECONDARY_COUNT - 1));
    }

    /// Draws from now on come from the primary generator.
    pub fn use_primary(&mut self) {
        self.selected = Selected::Primary;
    }

    /// The primary generator's state.
    pub fn primary_state(&self) -> u32 {
        self.primary
    }

    /// Secondary generator `index`'s state, if it exists.
    pub fn secondary_state(&self, index: usize) -> Option<u32> {
        self.secondary.get(index).copied()
    }

    /// Sets the primary generator's state, as the game does when it reseeds it directly.
    pub fn set_primary_state(&mut self, state: u32) {
        self.primary = state;
    }

    /// Sets secondary generator `index`'s state (ignored for an index out of range).
    pub fn set_secondary_state(&mut self, index: usize, state: u32) {
        if let Some(slot) = self.secondary.get_mut(index) {
            *slot = state;
        }
    }

    /// Fills `out` with the next `out.len()` outputs of the selected generator: exactly what as
    /// many [`Rand16::next_u16`] calls would return, leaving the same state and draw count.
    ///
    /// The game's LCG is one long chain of dependent multiplications; this splits it into 16
    /// interleaved lanes (each stepping 16 states at a time with the composed multiplier and
    /// increment) stepped together in vector registers. Bulk consumers (the spawn shuffles,
    /// thousands of draws per floor) use it.
    pub fn fill_u16(&mut self, out: &mut [u16]) {
        if out.is_empty() {
            return;
        }
        self.draws += out.len() as u64;
        match self.selected {
            Selected::Primary => {
                fill_lanes::<true>(&mut self.primary, PRIMARY_INCREMENT, out, |r| r);
            }
            Selected::Secondary(index) => {
                fill_lanes::<false>(&mut self.secondary[index], SECONDARY_INCREMENT, out, |r| r);
            }
        }
    }

    /// Fills `out` with the next `out.len()` results of [`Rand16::rand_int`]`(n)`: the same
    /// values, state and draw count as that many calls, computed as [`DungeonRng::fill_u16`]
    /// does (a 16-bit `n` keeps `(r * n) >> 16` a vector multiply-high).
    pub fn fill_rand_int(&mut self, n: u16, out: &mut [u16]) {
        if out.is_empty() {
            return;
        }
        self.draws += out.len() as u64;
        // RandInt(n) for n < 65536: (r * n) >> 16, which never exceeds 16 bits.
        let rand_int = |r: u16| ((u32::from(r) * u32::from(n)) >> 16) as u16;
        match self.selected {
            Selected::Primary => {
                fill_lanes::<true>(&mut self.primary, PRIMARY_INCREMENT, out, rand_int);
            }
            Selected::Secondary(index) => {
                let state = &mut self.secondary[index];
                fill_lanes::<false>(state, SECONDARY_INCREMENT, out, rand_int);
            }
        }
    }

    /// How many 16-bit draws were made, over all generators, since `init`.
    pub fn draws(&self) -> u64 {
        self.draws
    }
}

/// The inverse of [`MULTIPLIER`] modulo 2^32: one step back is `(state - increment) * this`.
const INVERSE_MULTIPLIER: u32 = {
    // Newton's iteration doubles the correct low bits each round: 5 rounds reach 32.
    let mut inverse = MULTIPLIER;
    let mut round = 0;
    while round < 5 {
        inverse = inverse.wrapping_mul(2u32.wrapping_sub(MULTIPLIER.wrapping_mul(inverse)));
        round += 1;
    }
    inverse
};

/// The next `out.len()` (at least one) outputs of the LCG `state` (with `increment`), on 16
/// interleaved lanes, each passed through `map`; `state` ends where `out.len()` single steps
/// would leave it. `HIGH` selects the output half: the primary outputs the high 16 bits, the
/// secondaries the low 16.
///
/// Each lane's state is kept as two 16-bit halves and multiplied in 16-bit pieces: baseline
/// x86-64 has no 32-bit vector multiply, but it has 8-lane 16-bit multiplies (low and high
/// halves of the product), so the 16 lanes step in a few vector instructions.
#[inline]
fn fill_lanes<const HIGH: bool>(
    state: &mut u32,
    increment: u32,
    out: &mut [u16],
    map: impl Fn(u16) -> u16,
) {
    const LANES: usize = 16;
    let step = |value: u32| value.wrapping_mul(MULTIPLIER).wrapping_add(increment);
    // The map x -> MULTIPLIER * x + increment composed LANES times.
    let (mut jump_mul, mut jump_add) = (1u32, 0u32);
    for _ in 0..LANES {
        jump_mul = jump_mul.wrapping_mul(MULTIPLIER);
        jump_add = step(jump_add);
    }
    let (mul_low, mul_high) = (jump_mul as u16, (jump_mul >> 16) as u16);
    let (add_low, add_high) = (jump_add as u16, (jump_add >> 16) as u16);
    let mut low = [0u16; LANES];
    let mut high = [0u16; LANES];
    let mut previous = *state;
    for (low, high) in low.iter_mut().zip(high.iter_mut()) {
        previous = step(previous);
        *low = previous as u16;
        *high = (previous >> 16) as u16;
    }
    let mut chunks = out.chunks_exact_mut(LANES);
    for chunk in &mut chunks {
        for (slot, (low, high)) in chunk.iter_mut().zip(low.iter_mut().zip(high.iter_mut())) {
            *slot = map(if HIGH { *high } else { *low });
            // (high:low) * (mul_high:mul_low) + (add_high:add_low) mod 2^32, from 16-bit
            // products; the carry out of the low half is whether its sum wrapped.
            let product = u32::from(*low) * u32::from(mul_low);
            let next_low = (product as u16).wrapping_add(add_low);
            let carry = u16::from(next_low < add_low);
            *high = ((product >> 16) as u16)
                .wrapping_add(high.wrapping_mul(mul_low))
                .wrapping_add(low.wrapping_mul(mul_high))
                .wrapping_add(add_high)
                .wrapping_add(carry);
            *low = next_low;
        }
    }
    let rest = chunks.into_remainder();
    for (slot, (low, high)) in rest.iter_mut().zip(low.iter().zip(high.iter())) {
        *slot = map(if HIGH { *high } else { *low });
    }
    let lane_state = |lane: usize| (u32::from(high[lane]) << 16) | u32::from(low[lane]);
    *state = match rest.len() {
        // Every lane stepped past its last output: lane 0 holds the state one step beyond.
        0 => lane_state(0)
            .wrapping_sub(increment)
            .wrapping_mul(INVERSE_MULTIPLIER),
        used => lane_state(used - 1),
    };
}

impl fmt::Debug for DungeonRng {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DungeonRng")
            .field("selected", &self.selected)
            .field("draws", &self.draws)
            .finish_non_exhaustive()
    }
}

impl Rand16 for DungeonRng {
    #[inline]
    fn next_u16(&mut self) -> u16 {
        self.draws += 1;
        match self.selected {
            Selected::Primary => {
                self.primary = self
                    .primary
                    .wrapping_mul(MULTIPLIER)
                    .wrapping_add(PRIMARY_INCREMENT);
                (self.primary >> 16) as u16
            }
            Selected::Secondary(index) => {
                let state = &mut self.secondary[index];
                *state = state
                    .wrapping_mul(MULTIPLIER)
                    .wrapping_add(SECONDARY_INCREMENT);
                (*state & 0xFFFF) as u16
            }
        }
    }
}

/// `rand_core` interop: `next_u32` joins two 16-bit outputs of the selected generator.
impl rand_core::RngCore for DungeonRng {
    fn next_u32(&mut self) -> u32 {
        let high = u32::from(self.next_u16());
        (high << 16) | u32::from(self.next_u16())
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

    fn sequential(rng: &mut DungeonRng, n: usize) -> Vec<u16> {
        (0..n).map(|_| rng.next_u16()).collect()
    }

    /// A draw count for each bound, so lengths below, at and above a lane block all occur.
    fn n_draws(n: u16) -> usize {
        usize::from(n % 53) + 1
    }

    #[test]
    fn fill_u16_equals_sequential_draws_on_every_generator() {
        for seed in [0u32, 1, 0xDEAD_BEEF, u32::MAX] {
            for selection in [None, Some(0), Some(3), Some(4)] {
                for n in (0..40).chain([255, 1000, 2781]) {
                    let mut a = DungeonRng::init(seed);
                    let mut b = DungeonRng::init(seed);
                    // Start mid-stream so lane set-up from a non-initial state is covered.
                    let _ = sequential(&mut a, 3);
                    let _ = sequential(&mut b, 3);
                    if let Some(index) = selection {
                        a.use_secondary(index);
                        b.use_secondary(index);
                    }
                    let want = sequential(&mut a, n);
                    let mut got = vec![0; n];
                    b.fill_u16(&mut got);
                    assert_eq!(got, want, "seed {seed} generator {selection:?} n {n}");
                    assert_eq!(a, b, "state after {n} draws");
                    assert_eq!(a.next_u16(), b.next_u16());
                    for n in [0u16, 1, 2, 7, 1300, u16::MAX] {
                        let want: Vec<u16> = (0..n_draws(n))
                            .map(|_| a.rand_int(i32::from(n)) as u16)
                            .collect();
                        let mut got = vec![0; want.len()];
                        b.fill_rand_int(n, &mut got);
                        assert_eq!(
                            got, want,
                            "seed {seed} generator {selection:?} rand_int({n})"
                        );
                        assert_eq!(a, b, "state after rand_int({n}) draws");
                    }
                }
            }
        }
    }
}
