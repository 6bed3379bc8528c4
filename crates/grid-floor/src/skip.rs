//! Skipping draws of the floor stream in constant time. A shuffle whose tail nobody reads (a
//! temporary list searched for its first unused tile) must still consume one draw per element;
//! the 31-bit LCG of document 003 can jump `k` steps at once as `state * a_k + c_k` (mod 2^31).

use rng::Lcg31;

const MULTIPLIER: u64 = 1_103_515_245;
const INCREMENT: u64 = 12_345;
const MASK31: u64 = 0x7FFF_FFFF;

/// The most steps one jump covers: a list never holds more than the 128 positions of a board.
pub const MAX_SKIP: usize = 128;

/// `JUMPS[k] = (a_k, c_k)`: `k` steps from `state` lead to `(state * a_k + c_k) mod 2^31`.
const JUMPS: [(u64, u64); MAX_SKIP + 1] = jumps();

const fn jumps() -> [(u64, u64); MAX_SKIP + 1] {
    let mut table = [(1u64, 0u64); MAX_SKIP + 1];
    let mut k = 1;
    while k <= MAX_SKIP {
        let (a, c) = table[k - 1];
        table[k] = (
            (a * MULTIPLIER) & MASK31,
            (c * MULTIPLIER + INCREMENT) & MASK31,
        );
        k += 1;
    }
    table
}

/// Advances `rng` by `steps` draws (at most [`MAX_SKIP`] at once; longer skips loop) without
/// computing them. The stream's position is exactly that of `steps` calls to `next_u31`;
/// only its diagnostic step counter (`Lcg31::draws`) does not count them.
pub fn skip(rng: &mut Lcg31, mut steps: usize) {
    while steps > 0 {
        let k = steps.min(MAX_SKIP);
        let (a, c) = JUMPS[k];
        let state = (u64::from(rng.state()) * a + c) & MASK31;
        rng.reseed(state as u32);
        steps -= k;
    }
}

#[cfg(test)]
mod tests {
    use rng::Rng31;

    use super::*;

    #[test]
    fn a_skip_lands_where_the_draws_would() {
        for seed in [0u32, 1, 7, 12_345, 0x7FFF_FFFF, 0xDEAD_BEEF] {
            for steps in [0usize, 1, 2, 3, 17, 63, 64, 127, 128, 129, 300] {
                let mut drawn = Lcg31::new(seed);
                for _ in 0..steps {
                    drawn.next_u31();
                }
                let mut skipped = Lcg31::new(seed);
                skip(&mut skipped, steps);
                assert_eq!(skipped.state(), drawn.state(), "seed {seed}, {steps} steps");
                assert_eq!(skipped.next_u31(), drawn.next_u31());
            }
        }
    }
}
