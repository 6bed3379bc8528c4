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

    /// Makes the next `count` draws of the selected generator without computing their
    /// values: the same state and draw count as `count` calls of [`Rand16::next_u16`], in
    /// O(log count) steps (the LCG's affine map composed by squaring).
    pub fn skip(&mut self, count: u64) {
        self.draws = self.draws.wrapping_add(count);
        let (state, increment) = self.selected_state();
        *state = Affine::steps(increment, count).apply(*state);
    }

    /// Undoes a shuffle's swaps on a few list positions, without drawing: the next `count`
    /// results of [`Rand16::rand_int`]`(n)`, taken as pairs (draws 0 and 1, 2 and 3, ...; an
    /// odd count's last draw is left out), are swaps of list positions made in draw order,
    /// and each of `positions` (a position after the swaps) becomes the position whose entry
    /// the swaps moved there. Each position is traced on its own, so they need not be
    /// distinct; one no draw can name (such as `u16::MAX`) stays as it is.
    ///
    /// This is how the spawn shuffles read a few entries of a long shuffled list: the draws
    /// are stepped backwards on 16 lanes and never stored, a block of 16 draws is one vector
    /// compare per position, and only the rare block that names one is undone pair by pair.
    pub fn trace_swaps_back<const K: usize>(&self, n: u16, count: usize, positions: &mut [u16; K]) {
        self.trace_swaps_back_on_path(n, count, positions, Path::Fastest);
    }

    /// [`DungeonRng::trace_swaps_back`] with the whole blocks scanned on `path`.
    fn trace_swaps_back_on_path<const K: usize>(
        &self,
        n: u16,
        count: usize,
        positions: &mut [u16; K],
        path: Path,
    ) {
        let run = self.run(n, count & !1);
        // The primary generator's draws are the high halves of its states (see `fill_lanes`).
        if matches!(self.selected, Selected::Primary) {
            trace_back::<true, K>(run, positions, path);
        } else {
            trace_back::<false, K>(run, positions, path);
        }
    }

    /// The next `count` draws of `RandInt(n)` from the selected generator.
    fn run(&self, n: u16, count: usize) -> Run {
        let (before, increment) = match self.selected {
            Selected::Primary => (self.primary, PRIMARY_INCREMENT),
            Selected::Secondary(index) => (self.secondary[index], SECONDARY_INCREMENT),
        };
        Run {
            before,
            increment,
            n,
            count,
        }
    }

    /// The selected generator's state and increment.
    fn selected_state(&mut self) -> (&mut u32, u32) {
        match self.selected {
            Selected::Primary => (&mut self.primary, PRIMARY_INCREMENT),
            Selected::Secondary(index) => (&mut self.secondary[index], SECONDARY_INCREMENT),
        }
    }
}

/// An affine map `x -> mul * x + add` modulo 2^32: one LCG step, or several composed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Affine {
    mul: u32,
    add: u32,
}

impl Affine {
    /// One step forward of the game's LCG with `increment`.
    const fn step(increment: u32) -> Affine {
        Affine {
            mul: MULTIPLIER,
            add: increment,
        }
    }

    /// One step back: `x = (y - increment) * MULTIPLIER^-1`.
    const fn step_back(increment: u32) -> Affine {
        Affine {
            mul: INVERSE_MULTIPLIER,
            add: INVERSE_MULTIPLIER.wrapping_mul(increment).wrapping_neg(),
        }
    }

    #[inline]
    fn apply(self, x: u32) -> u32 {
        x.wrapping_mul(self.mul).wrapping_add(self.add)
    }

    /// `self` then `next`.
    #[cfg(test)]
    fn then(self, next: Affine) -> Affine {
        Affine {
            mul: self.mul.wrapping_mul(next.mul),
            add: next.apply(self.add),
        }
    }

    /// [`Affine::step`] applied `count` times, from the table of power-of-two step counts:
    /// one composition per set bit of `count`, and no squaring chain.
    fn steps(increment: u32, count: u64) -> Affine {
        // Every power of the step is x -> MULTIPLIER^k x + increment * sum of MULTIPLIER^j
        // (j < k), so one table serves both increments; powers of one map commute, so the
        // bits compose in any order.
        let (mut mul, mut sum) = (1u32, 0u32);
        let mut rest = count;
        while rest != 0 {
            let (bit_mul, bit_sum) = STEP_POWERS[rest.trailing_zeros() as usize % 64];
            (mul, sum) = (
                mul.wrapping_mul(bit_mul),
                sum.wrapping_mul(bit_mul).wrapping_add(bit_sum),
            );
            rest &= rest - 1;
        }
        Affine {
            mul,
            add: increment.wrapping_mul(sum),
        }
    }

    /// `self` applied `times` times, by squaring (the tests' reference).
    #[cfg(test)]
    fn power(self, mut times: u64) -> Affine {
        let mut result = Affine { mul: 1, add: 0 };
        let mut square = self;
        while times != 0 {
            if times & 1 == 1 {
                result = result.then(square);
            }
            square = square.then(square);
            times >>= 1;
        }
        result
    }
}

/// For k in 0..64, the LCG step applied 2^k times as (`MULTIPLIER^(2^k)`, the sum of
/// `MULTIPLIER^j` for j < 2^k): the step's map with an increment of 1, whose `add` scales with
/// the increment.
static STEP_POWERS: [(u32, u32); 64] = {
    let mut powers = [(0u32, 0u32); 64];
    let (mut mul, mut sum) = (MULTIPLIER, 1u32);
    let mut k = 0;
    while k < 64 {
        powers[k] = (mul, sum);
        // Twice the steps: x -> mul (mul x + sum) + sum.
        sum = sum.wrapping_mul(mul).wrapping_add(sum);
        mul = mul.wrapping_mul(mul);
        k += 1;
    }
    powers
};

/// Lanes stepped together by [`fill_lanes`] and [`find_reversed`].
const LANES: usize = 16;

/// For lane l of a block, the step back from the block's last state (lane 15) to lane l's,
/// 15 - l steps: `x -> INVERSE_MULTIPLIER^(15 - l) x - increment * sum`, given as that power
/// and the sum of `INVERSE_MULTIPLIER^j` for j in 1..=15 - l.
static LANE_BACKS: [(u32, u32); LANES] = {
    let mut backs = [(1u32, 0u32); LANES];
    let mut lane = LANES - 1;
    while lane > 0 {
        // One step further back: x -> INVERSE (x - increment).
        let (mul, sum) = backs[lane];
        let further = INVERSE_MULTIPLIER.wrapping_mul(mul);
        backs[lane - 1] = (further, sum.wrapping_add(further));
        lane -= 1;
    }
    backs
};

/// The step back by a whole block of [`LANES`] draws, as (`INVERSE_MULTIPLIER^16`, the sum of
/// `INVERSE_MULTIPLIER^j` for j in 1..=16): `x -> power x - increment * sum`.
const BLOCK_BACK: (u32, u32) = {
    let (mut mul, mut sum) = (1u32, 0u32);
    let mut step = 0;
    while step < LANES {
        mul = mul.wrapping_mul(INVERSE_MULTIPLIER);
        sum = sum.wrapping_add(mul);
        step += 1;
    }
    (mul, sum)
};

/// The LCG with `increment` stepped back by a whole block of draws ([`BLOCK_BACK`]).
fn block_back(increment: u32) -> Affine {
    Affine {
        mul: BLOCK_BACK.0,
        add: increment.wrapping_mul(BLOCK_BACK.1).wrapping_neg(),
    }
}

/// The run of draws [`find_reversed`] looks at: `count` draws of `RandInt(n)` from the LCG
/// state `before` with `increment`.
#[derive(Clone, Copy)]
struct Run {
    before: u32,
    increment: u32,
    n: u16,
    count: usize,
}

/// Calls `on_block(values, last, wanted)` on every block of `run`'s draws that holds a value of
/// `wanted`, last block first: `values` are the block's draws in draw order (the earliest block,
/// `run.count % 16` draws, is padded with the draws after it, never named), `last` the lane of its
/// last wanted value. `HIGH` as in [`fill_lanes`].
fn find_reversed<const HIGH: bool, const K: usize>(
    run: Run,
    wanted: &mut [u16; K],
    on_block: &mut impl FnMut(&[u16; LANES], usize, &mut [u16; K]),
    path: Path,
) {
    find_blocks::<HIGH, K>(run, wanted, on_block, path);
    find_in_rest::<HIGH, K>(run, wanted, on_block);
}

/// An `on_block` for [`find_reversed`] that calls `on_pair(first, second, wanted)` on each
/// pair of the block holding a wanted value, last first.
fn pairs_of_block<const K: usize>(
    mut on_pair: impl FnMut(u16, u16, &mut [u16; K]),
) -> impl FnMut(&[u16; LANES], usize, &mut [u16; K]) {
    move |values: &[u16; LANES], last: usize, wanted: &mut [u16; K]| {
        // Only lanes below the pair just handed over are searched again, and the earliest
        // block's padding lanes are never named (the first hit is below them, the rest below that).
        let mut pair = last / 2;
        loop {
            on_pair(values[2 * pair], values[2 * pair + 1], wanted);
            let below = lanes_holding(values, wanted) & ((1 << (2 * pair)) - 1);
            if below == 0 {
                break;
            }
            pair = (31 - below.leading_zeros() as usize) / 2;
        }
    }
}

/// Where the swap of list positions `a` and `b` had taken the entry now at `position`.
#[inline]
fn swapped_back(position: u16, a: u16, b: u16) -> u16 {
    if position == a {
        b
    } else if position == b {
        a
    } else {
        position
    }
}

/// [`DungeonRng::trace_swaps_back`] on one generator (`run.count` even); `HIGH` as in
/// [`fill_lanes`].
fn trace_back<const HIGH: bool, const K: usize>(run: Run, positions: &mut [u16; K], path: Path) {
    let mut on_block = pairs_of_block(|a, b, positions: &mut [u16; K]| {
        for position in positions.iter_mut() {
            *position = swapped_back(*position, a, b);
        }
    });
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if path == Path::Fastest && std::arch::is_x86_feature_detected!("avx2") {
        #[allow(unsafe_code)]
        // SAFETY: `trace_blocks_avx2` is unsafe to call only because it enables AVX2, and the
        // check just above found that this CPU has AVX2.
        unsafe {
            trace_blocks_avx2::<HIGH, K>(run, positions);
        }
        return;
    }
    find_reversed::<HIGH, K>(run, positions, &mut on_block, path);
}

/// Which code scans the whole blocks (all give the same results; tests compare them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Path {
    /// The fastest this CPU runs.
    Fastest,
    /// Plain code.
    #[cfg_attr(not(test), allow(dead_code))]
    Portable,
    /// SSE2 vectors (8 lanes), on x86-64.
    #[cfg_attr(not(test), allow(dead_code))]
    Sse2,
}

/// The whole blocks of `run`, last first, on the `path` asked for (where it exists).
fn find_blocks<const HIGH: bool, const K: usize>(
    run: Run,
    wanted: &mut [u16; K],
    on_block: &mut impl FnMut(&[u16; LANES], usize, &mut [u16; K]),
    path: Path,
) {
    if path == Path::Portable {
        find_blocks_portable::<HIGH, K>(run, wanted, on_block);
        return;
    }
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    {
        #[allow(unsafe_code)]
        // SAFETY: `find_blocks_sse2` is unsafe to call only because it enables SSE2, and this
        // call is compiled only when the build target already requires SSE2
        // (`target_feature = "sse2"`, part of the x86-64 baseline), so every CPU that runs it
        // has SSE2.
        unsafe {
            find_blocks_sse2::<HIGH, K>(run, wanted, on_block);
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse2")))]
    find_blocks_portable::<HIGH, K>(run, wanted, on_block);
}

/// `RandInt(n)` of the draw the LCG `state` gives.
#[inline(always)]
fn rand_int_of<const HIGH: bool>(state: u32, n: u16) -> u16 {
    let r = if HIGH { state >> 16 } else { state & 0xFFFF };
    ((r * u32::from(n)) >> 16) as u16
}

/// The values of the block of draws whose first draw leaves the LCG at `first`.
#[inline]
fn block_values<const HIGH: bool>(first: u32, run: Run) -> [u16; LANES] {
    let forward = Affine::step(run.increment);
    let mut state = first;
    std::array::from_fn(|lane| {
        if lane > 0 {
            state = forward.apply(state);
        }
        rand_int_of::<HIGH>(state, run.n)
    })
}

/// The first `count % 16` draws of `run`, after its whole blocks: one by one.
fn find_in_rest<const HIGH: bool, const K: usize>(
    run: Run,
    wanted: &mut [u16; K],
    on_block: &mut impl FnMut(&[u16; LANES], usize, &mut [u16; K]),
) {
    let rest = run.count % LANES;
    if rest == 0 {
        return;
    }
    let first = Affine::step(run.increment).apply(run.before);
    let values = block_values::<HIGH>(first, run);
    if let Some(last) = values[..rest]
        .iter()
        .rposition(|value| wanted.contains(value))
    {
        on_block(&values, last, wanted);
    }
}

/// The LCG states of the last whole block of `run`'s draws (lane l: draw count - 16 + l), or
/// `None` when it has no whole block.
fn last_block_states(run: Run) -> Option<[u32; LANES]> {
    if run.count < LANES {
        return None;
    }
    let last = Affine::steps(run.increment, run.count as u64).apply(run.before);
    // Each lane's state straight from the last one, not stepped back lane after lane: no
    // chain of 16 dependent multiplies.
    Some(std::array::from_fn(|lane| {
        let (mul, sum) = LANE_BACKS[lane];
        last.wrapping_mul(mul)
            .wrapping_sub(run.increment.wrapping_mul(sum))
    }))
}

/// The whole blocks of `run`, last first, in plain code (targets without SSE2 intrinsics).
fn find_blocks_portable<const HIGH: bool, const K: usize>(
    run: Run,
    wanted: &mut [u16; K],
    on_block: &mut impl FnMut(&[u16; LANES], usize, &mut [u16; K]),
) {
    let Some(states) = last_block_states(run) else {
        return;
    };
    let mut low = states.map(|state| state as u16);
    let mut high = states.map(|state| (state >> 16) as u16);
    let back_block = block_back(run.increment);
    for _ in 0..run.count / LANES {
        let values: [u16; LANES] = std::array::from_fn(|lane| {
            let state = u32::from(high[lane]) << 16 | u32::from(low[lane]);
            rand_int_of::<HIGH>(state, run.n)
        });
        if holds_any(&values, wanted) {
            let last = values.iter().rposition(|value| wanted.contains(value));
            on_block(&values, last.unwrap_or(LANES - 1), wanted);
        }
        step_halves(&mut low, &mut high, back_block);
    }
}

/// The whole blocks of `run`, last first, on SSE2 (baseline x86-64): each lane's state as two
/// 16-bit halves in 8-lane vectors, stepped back 16 draws at a time with 16-bit multiplies,
/// `RandInt` one multiply-high, and one compare per wanted value and 8 lanes.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
fn find_blocks_sse2<const HIGH: bool, const K: usize>(
    run: Run,
    wanted: &mut [u16; K],
    on_block: &mut impl FnMut(&[u16; LANES], usize, &mut [u16; K]),
) {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi16, _mm_cmpeq_epi16, _mm_movemask_epi8, _mm_mulhi_epu16,
        _mm_mullo_epi16, _mm_or_si128, _mm_set1_epi16, _mm_set_epi16, _mm_setzero_si128,
        _mm_subs_epu16,
    };
    let Some(states) = last_block_states(run) else {
        return;
    };
    // Eight lanes' halves (`shift` 0: low, 16: high) from `states[from..from + 8]`.
    let halves = |from: usize, shift: u32| {
        let half = |lane: usize| (states[(from + lane) % LANES] >> shift) as u16 as i16;
        _mm_set_epi16(
            half(7),
            half(6),
            half(5),
            half(4),
            half(3),
            half(2),
            half(1),
            half(0),
        )
    };
    let mut low = [halves(0, 0), halves(8, 0)];
    let mut high = [halves(0, 16), halves(8, 16)];
    let map = block_back(run.increment);
    let splat = |value: u32| _mm_set1_epi16(value as u16 as i16);
    let (mul_low, mul_high, add_low) = (splat(map.mul), splat(map.mul >> 16), splat(map.add));
    // The high half's addend with the carry's 1 folded in (see below).
    let add_high_and_one = splat((map.add >> 16).wrapping_add(1));
    // Opaque to the optimiser, which otherwise widens the multiply-high below into 32-bit
    // multiplies (several times the instructions).
    let n = std::hint::black_box(splat(u32::from(run.n)));
    let zero = _mm_setzero_si128();
    let mut targets: [__m128i; K] = wanted.map(|value| splat(u32::from(value)));
    for _ in 0..run.count / LANES {
        let outputs = if HIGH { high } else { low };
        let values = outputs.map(|output| _mm_mulhi_epu16(output, n));
        let mut named = [zero; 2];
        for &target in &targets {
            named[0] = _mm_or_si128(named[0], _mm_cmpeq_epi16(values[0], target));
            named[1] = _mm_or_si128(named[1], _mm_cmpeq_epi16(values[1], target));
        }
        if _mm_movemask_epi8(_mm_or_si128(named[0], named[1])) != 0 {
            // Two bits per lane, lanes 8..16 in the high half.
            let lanes =
                _mm_movemask_epi8(named[0]) as u32 | (_mm_movemask_epi8(named[1]) as u32) << 16;
            let last = (31 - lanes.leading_zeros() as usize) / 2;
            #[allow(unsafe_code)]
            // SAFETY: two `__m128i` and `[u16; 16]` have the same size, every bit pattern is
            // valid for both, and the array's alignment (2) is no stricter than the vectors'.
            let values: [u16; LANES] = unsafe { std::mem::transmute(values) };
            on_block(&values, last, wanted);
            targets = wanted.map(|value| splat(u32::from(value)));
        }
        for (low, high) in low.iter_mut().zip(high.iter_mut()) {
            let product_low = _mm_mullo_epi16(*low, mul_low);
            let next_low = _mm_add_epi16(product_low, add_low);
            // The secondary generators output the low half, which never depends on the high.
            if HIGH {
                // The carry out of the low half is next_low < add_low (unsigned): the
                // saturating difference is zero exactly without a carry, where the compare
                // gives -1 and cancels the 1 folded into the addend.
                let no_carry = _mm_cmpeq_epi16(_mm_subs_epu16(add_low, next_low), zero);
                let cross = _mm_add_epi16(
                    _mm_mullo_epi16(*high, mul_low),
                    _mm_mullo_epi16(*low, mul_high),
                );
                let sum = _mm_add_epi16(_mm_mulhi_epu16(*low, mul_low), cross);
                *high = _mm_add_epi16(sum, _mm_add_epi16(add_high_and_one, no_carry));
            }
            *low = next_low;
        }
    }
}

/// The 16 lanes of a backward scan on AVX2: each lane's LCG state whole in a 32-bit lane
/// (even draws of the block in one vector, odd draws in the other), stepped back 16 draws at
/// a time with one 32-bit multiply and add, the output halves blended into one vector of 16
/// words and `RandInt` one multiply-high.
///
/// (The SSE2 path's 16-bit halves need three multiplies, a multiply-high, a carry and five
/// additions per step; `vpmulld`, slow as it is, makes the step two instructions a vector.)
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[derive(Clone, Copy)]
struct WideLanes {
    even: std::arch::x86_64::__m256i,
    odd: std::arch::x86_64::__m256i,
    /// The step back by a block, splat.
    mul: std::arch::x86_64::__m256i,
    add: std::arch::x86_64::__m256i,
    /// `RandInt`'s bound, splat.
    n: std::arch::x86_64::__m256i,
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
impl WideLanes {
    /// The lanes of `run`'s last 16 draws (lane l: draw `run.count - 16 + l`; with fewer than
    /// 16 draws, the first lanes hold draws from before the run).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn last_block(run: Run) -> WideLanes {
        use std::arch::x86_64::{
            _mm256_mullo_epi32, _mm256_set1_epi16, _mm256_set1_epi32, _mm256_set_epi32,
            _mm256_sub_epi32,
        };
        let last = Affine::steps(run.increment, run.count as u64).apply(run.before);
        let (last, increment) = (
            _mm256_set1_epi32(last as i32),
            _mm256_set1_epi32(run.increment as i32),
        );
        // Lanes `parity`, `parity + 2`, ... (8 states) straight from the last state, each by
        // its constant map (`LANE_BACKS`): two vector multiplies, no chain of steps.
        let every_other = |parity: usize| {
            let at = |i: usize, of: fn((u32, u32)) -> u32| of(LANE_BACKS[2 * i + parity]) as i32;
            let constants = |of: fn((u32, u32)) -> u32| {
                _mm256_set_epi32(
                    at(7, of),
                    at(6, of),
                    at(5, of),
                    at(4, of),
                    at(3, of),
                    at(2, of),
                    at(1, of),
                    at(0, of),
                )
            };
            let (muls, sums) = (constants(|(mul, _)| mul), constants(|(_, sum)| sum));
            _mm256_sub_epi32(
                _mm256_mullo_epi32(last, muls),
                _mm256_mullo_epi32(increment, sums),
            )
        };
        let map = block_back(run.increment);
        WideLanes {
            even: every_other(0),
            odd: every_other(1),
            mul: _mm256_set1_epi32(map.mul as i32),
            add: _mm256_set1_epi32(map.add as i32),
            n: _mm256_set1_epi16(run.n as i16),
        }
    }

    /// The block's 16 `RandInt` values, in draw order.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn values<const HIGH: bool>(&self) -> std::arch::x86_64::__m256i {
        use std::arch::x86_64::{
            _mm256_blend_epi16, _mm256_mulhi_epu16, _mm256_slli_epi32, _mm256_srli_epi32,
        };
        // Word 2i is even lane i's output half, word 2i + 1 odd lane i's: the draws in order.
        let outputs = if HIGH {
            _mm256_blend_epi16::<0b1010_1010>(_mm256_srli_epi32::<16>(self.even), self.odd)
        } else {
            _mm256_blend_epi16::<0b1010_1010>(self.even, _mm256_slli_epi32::<16>(self.odd))
        };
        // `n` goes through `black_box` on every use (a store, and a load folded into the
        // multiply): the optimiser otherwise widens the one multiply-high into two on 32-bit
        // lanes and a pack.
        _mm256_mulhi_epu16(outputs, std::hint::black_box(self.n))
    }

    /// Steps every lane back to the block before.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn step_back(&mut self) {
        use std::arch::x86_64::{_mm256_add_epi32, _mm256_mullo_epi32};
        self.even = _mm256_add_epi32(_mm256_mullo_epi32(self.even, self.mul), self.add);
        self.odd = _mm256_add_epi32(_mm256_mullo_epi32(self.odd, self.mul), self.add);
    }
}

/// [`DungeonRng::trace_swaps_back`] on every draw of `run` (an even count), last block first,
/// on AVX2 ([`WideLanes`]). The traced positions live in vector registers for the whole scan,
/// each splat over a vector of its own: a swap that names one is undone on all of them with
/// two compares and a masked xor each (no table, no memory round trip between a hit and the
/// next compare). The first `count % 16` draws are the lanes of one more block that belong to
/// the run. Only called where the CPU has AVX2 (detected at run time).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "avx2")]
fn trace_blocks_avx2<const HIGH: bool, const K: usize>(run: Run, positions: &mut [u16; K]) {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi16, _mm256_cvtsi256_si32, _mm256_movemask_epi8,
        _mm256_or_si256, _mm256_permutevar8x32_epi32, _mm256_set1_epi16, _mm256_set1_epi32,
        _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_xor_si256,
    };
    let mut lanes = WideLanes::last_block(run);
    let splat = |value: u16| _mm256_set1_epi16(value as i16);
    let named_by = |values: __m256i, targets: &[__m256i; K]| {
        let mut named = _mm256_setzero_si256();
        for &target in targets {
            named = _mm256_or_si256(named, _mm256_cmpeq_epi16(values, target));
        }
        // Two bits per lane.
        _mm256_movemask_epi8(named) as u32
    };
    // Each word from the first and from the second word of its 32 bits.
    let (first_word, second_word) = (splat(0x0100), splat(0x0302));
    // Undoes, last first, the swaps of the block `values` from the last pair in `hits` down,
    // among the lanes of `run` (two bits each in `in_run`).
    let undo = |values: __m256i, in_run: u32, mut hits: u32, targets: &mut [__m256i; K]| loop {
        // The last pair holding a traced position: undo its swap on every position. The pair
        // is taken from the vector, not from memory: a small load from a wide store just made
        // waits for the store to retire.
        let pair = (31 - hits.leading_zeros() as usize) / 4;
        let both = _mm256_permutevar8x32_epi32(values, _mm256_set1_epi32(pair as i32));
        let (a, b) = (
            _mm256_shuffle_epi8(both, first_word),
            _mm256_shuffle_epi8(both, second_word),
        );
        let trade = _mm256_xor_si256(a, b);
        for target in targets.iter_mut() {
            let named = _mm256_or_si256(
                _mm256_cmpeq_epi16(*target, a),
                _mm256_cmpeq_epi16(*target, b),
            );
            *target = _mm256_xor_si256(*target, _mm256_and_si256(named, trade));
        }
        // Only the pairs before this one are left to test. This swap can only have brought
        // `a` or `b` into the traced positions, so the pairs that may name one now are those
        // that named one before and those holding `a` or `b`: found without waiting for the
        // positions just undone (a pair of that set that names none is undone as a no-op).
        let holding_swapped =
            _mm256_or_si256(_mm256_cmpeq_epi16(values, a), _mm256_cmpeq_epi16(values, b));
        let before = in_run & ((1 << (4 * pair)) - 1);
        hits = (hits | _mm256_movemask_epi8(holding_swapped) as u32) & before;
        if hits == 0 {
            break;
        }
    };
    // Each traced position splat over a vector of its own, compared with the draws as it is
    // and undone in place.
    let mut targets = positions.map(splat);
    for _ in 0..run.count / LANES {
        let values = lanes.values::<HIGH>();
        let hits = named_by(values, &targets);
        if hits != 0 {
            undo(values, u32::MAX, hits, &mut targets);
        }
        lanes.step_back();
    }
    let rest = run.count % LANES;
    if rest != 0 {
        // The block before the whole ones: only its last `rest` lanes (two bits each) are draws
        // of the run.
        let values = lanes.values::<HIGH>();
        let in_run = !((1 << (2 * (LANES - rest))) - 1);
        let hits = named_by(values, &targets) & in_run;
        if hits != 0 {
            undo(values, in_run, hits, &mut targets);
        }
    }
    for (position, target) in positions.iter_mut().zip(targets) {
        *position = _mm256_cvtsi256_si32(target) as u16;
    }
}

/// Whether any of `values` is one of `wanted`: one compare of all lanes per wanted value, no
/// early exit, so that it compiles to vector compares.
#[inline(always)]
fn holds_any<const K: usize>(values: &[u16; LANES], wanted: &[u16; K]) -> bool {
    let mut named = [0u16; LANES];
    for &value in wanted {
        for (named, &lane) in named.iter_mut().zip(values) {
            *named |= u16::from(lane == value);
        }
    }
    named.iter().fold(0, |any, &named| any | named) != 0
}

/// Bit l set where lane l of `values` is one of `wanted`.
#[inline]
fn lanes_holding<const K: usize>(values: &[u16; LANES], wanted: &[u16; K]) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    // SAFETY: the callee's only requirement is its `#[target_feature(enable = "sse2")]`, and
    // this line is compiled only when the build enables SSE2 (the `cfg` above; every x86-64
    // target does), so every CPU that runs it has SSE2.
    #[allow(unsafe_code)]
    return unsafe { lanes_holding_sse2(values, wanted) };
    #[allow(unreachable_code)]
    lanes_holding_portable(values, wanted)
}

/// [`lanes_holding`] lane by lane (targets without SSE2, and the test's reference).
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(test)),
    allow(dead_code)
)]
fn lanes_holding_portable<const K: usize>(values: &[u16; LANES], wanted: &[u16; K]) -> u32 {
    values.iter().enumerate().fold(0, |lanes, (lane, value)| {
        lanes | u32::from(wanted.contains(value)) << lane
    })
}

/// [`lanes_holding`] on SSE2: one compare of 8 lanes per wanted value and half, the halves'
/// results packed to bytes and moved into bits by `movemask`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
fn lanes_holding_sse2<const K: usize>(values: &[u16; LANES], wanted: &[u16; K]) -> u32 {
    use std::arch::x86_64::{
        _mm_cmpeq_epi16, _mm_movemask_epi8, _mm_or_si128, _mm_packs_epi16, _mm_set1_epi16,
        _mm_set_epi16, _mm_setzero_si128,
    };
    // The optimiser turns these element-wise builds into plain vector loads.
    let half = |from: usize| {
        let at = |i: usize| values[(from + i) % LANES] as i16;
        _mm_set_epi16(at(7), at(6), at(5), at(4), at(3), at(2), at(1), at(0))
    };
    let (low, high) = (half(0), half(8));
    let (mut named_low, mut named_high) = (_mm_setzero_si128(), _mm_setzero_si128());
    for &value in wanted {
        let target = _mm_set1_epi16(value as i16);
        named_low = _mm_or_si128(named_low, _mm_cmpeq_epi16(low, target));
        named_high = _mm_or_si128(named_high, _mm_cmpeq_epi16(high, target));
    }
    _mm_movemask_epi8(_mm_packs_epi16(named_low, named_high)) as u32
}

/// Applies `map` to every lane's state, kept as 16-bit halves (`high:low`), with 16-bit
/// multiplies only: baseline x86-64 has no 32-bit vector multiply, but it has 8-lane 16-bit
/// multiplies (low and high halves of the product), so the lanes step in a few vector
/// instructions.
#[inline(always)]
fn step_halves(low: &mut [u16; LANES], high: &mut [u16; LANES], map: Affine) {
    let (mul_low, mul_high) = (map.mul as u16, (map.mul >> 16) as u16);
    let (add_low, add_high) = (map.add as u16, (map.add >> 16) as u16);
    for (low, high) in low.iter_mut().zip(high.iter_mut()) {
        // The carry out of the low half is whether its sum wrapped.
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
    let step = Affine::step(increment);
    let jump = Affine::steps(increment, LANES as u64);
    let mut low = [0u16; LANES];
    let mut high = [0u16; LANES];
    let mut previous = *state;
    for (low, high) in low.iter_mut().zip(high.iter_mut()) {
        previous = step.apply(previous);
        *low = previous as u16;
        *high = (previous >> 16) as u16;
    }
    let mut chunks = out.chunks_exact_mut(LANES);
    for chunk in &mut chunks {
        let outputs = if HIGH { &high } else { &low };
        for (slot, &output) in chunk.iter_mut().zip(outputs) {
            *slot = map(output);
        }
        step_halves(&mut low, &mut high, jump);
    }
    let rest = chunks.into_remainder();
    for (slot, (low, high)) in rest.iter_mut().zip(low.iter().zip(high.iter())) {
        *slot = map(if HIGH { *high } else { *low });
    }
    let lane_state = |lane: usize| (u32::from(high[lane]) << 16) | u32::from(low[lane]);
    *state = match rest.len() {
        // Every lane stepped past its last output: lane 0 holds the state one step beyond.
        0 => Affine::step_back(increment).apply(lane_state(0)),
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

    #[test]
    fn skip_equals_sequential_draws_on_every_generator() {
        for seed in [0u32, 7, 0xDEAD_BEEF, u32::MAX] {
            for selection in [None, Some(0), Some(4)] {
                for count in [0u64, 1, 2, 15, 16, 17, 1000, 5203] {
                    let mut a = DungeonRng::init(seed);
                    let mut b = DungeonRng::init(seed);
                    if let Some(index) = selection {
                        a.use_secondary(index);
                        b.use_secondary(index);
                    }
                    let _ = sequential(&mut a, count as usize);
                    b.skip(count);
                    assert_eq!(a, b, "seed {seed} generator {selection:?} count {count}");
                    assert_eq!(a.draws(), b.draws());
                }
            }
        }
    }

    /// The table-driven step powers equal composing the step by squaring, for both
    /// increments and counts from 0 to the top bit.
    #[test]
    fn steps_equal_the_step_composed_by_squaring() {
        let mut counts = vec![0u64, 1, 2, 3, 15, 16, 17, 1000, 5203, u64::MAX, 1 << 63];
        let mut picks = DungeonRng::init(0x57E9);
        counts.extend(
            (0..200).map(|_| rand_core::RngCore::next_u64(&mut picks) >> (picks.next_u16() % 64)),
        );
        for increment in [PRIMARY_INCREMENT, SECONDARY_INCREMENT] {
            assert_eq!(
                block_back(increment),
                Affine::step_back(increment).power(LANES as u64),
                "increment {increment}: a block back"
            );
            for &count in &counts {
                assert_eq!(
                    Affine::steps(increment, count),
                    Affine::step(increment).power(count),
                    "increment {increment} count {count}"
                );
            }
        }
    }

    /// A scan test's case: the generator (seeded, on the selected stream) before `count`
    /// draws of `rand_int(n)`, those draws, and `K` wanted values drawn from `picks`.
    fn scan_case<const K: usize>(
        seed: u32,
        selection: Option<usize>,
        count: usize,
        n: u16,
        picks: &mut DungeonRng,
    ) -> (DungeonRng, Vec<u16>, [u16; K]) {
        let mut rng = DungeonRng::init(seed);
        if let Some(index) = selection {
            rng.use_secondary(index);
        }
        let before = rng.clone();
        let draws = (0..count)
            .map(|_| rng.rand_int(i32::from(n)) as u16)
            .collect();
        let wanted = std::array::from_fn(|_| picks.rand_int(i32::from(n)) as u16);
        (before, draws, wanted)
    }

    /// `trace_swaps_back` gives, for every position, the position its entry came from when the
    /// draws' pairs are run as swaps on a list, on every path and generator: positions named
    /// often (short lists) and rarely (long ones), repeated, and never named (u16::MAX), with
    /// five, sixteen and seventeen positions and counts below, at and above whole blocks, odd ones too.
    #[test]
    fn trace_swaps_back_undoes_the_swaps_on_every_path() {
        let mut picks = DungeonRng::init(0x9A125);
        let mut moved = 0usize;
        for seed in [5u32, 0x8765_4321, u32::MAX] {
            for selection in [None, Some(2), Some(4)] {
                for count in [0usize, 1, 2, 6, 15, 16, 17, 18, 34, 256, 998, 5201, 7168] {
                    for n in [1u16, 3, 8, 37, 1300, u16::MAX] {
                        let (before, draws, mut positions) =
                            scan_case::<16>(seed, selection, count, n, &mut picks);
                        positions[3] = positions[7];
                        positions[11] = u16::MAX;
                        // The list the swaps leave: entry `list[p]` ends at position p.
                        let mut list: Vec<u16> = (0..n).collect();
                        for pair in draws[..count & !1].chunks_exact(2) {
                            list.swap(usize::from(pair[0]), usize::from(pair[1]));
                        }
                        let wanted =
                            positions.map(|p| list.get(usize::from(p)).copied().unwrap_or(p));
                        moved += wanted
                            .iter()
                            .zip(&positions)
                            .filter(|(w, p)| w != p)
                            .count();
                        let context = format!("seed {seed} {selection:?} count {count} n {n}");
                        for path in [Path::Fastest, Path::Sse2, Path::Portable] {
                            let mut got = positions;
                            before.trace_swaps_back_on_path(n, count, &mut got, path);
                            assert_eq!(got, wanted, "{context} {path:?}");
                            // Fewer positions: the compare count is a constant of the scan.
                            let mut five: [u16; 5] = std::array::from_fn(|i| positions[i]);
                            before.trace_swaps_back_on_path(n, count, &mut five, path);
                            assert_eq!(five[..], wanted[..5], "{context} {path:?} five");
                            // More positions than a block has draws.
                            let mut more: [u16; 17] = std::array::from_fn(|i| positions[i % 16]);
                            before.trace_swaps_back_on_path(n, count, &mut more, path);
                            let want_more: [u16; 17] = std::array::from_fn(|i| wanted[i % 16]);
                            assert_eq!(more, want_more, "{context} {path:?} seventeen");
                        }
                    }
                }
            }
        }
        assert!(moved > 2000, "{moved} positions moved");
    }

    /// The lanes holding a wanted value, on SSE2 (on x86-64) and lane by lane.
    #[test]
    fn lanes_holding_agrees_with_the_lane_loop() {
        let mut rng = DungeonRng::init(0x1A4E);
        for round in 0..5000 {
            let spread = [4, 40, 65_535][round % 3];
            let values: [u16; LANES] = std::array::from_fn(|_| rng.rand_int(spread) as u16);
            let wanted: [u16; 5] = std::array::from_fn(|_| rng.rand_int(spread) as u16);
            let want =
                (0..LANES).fold(0u32, |m, l| m | u32::from(wanted.contains(&values[l])) << l);
            assert_eq!(lanes_holding(&values, &wanted), want, "round {round}");
            assert_eq!(
                lanes_holding_portable(&values, &wanted),
                want,
                "round {round}"
            );
        }
    }
}
