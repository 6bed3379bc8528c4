//! Column masks of the byte fields of [`crate::tile::Tiles`]: one `u32` per 32-tile column, bit
//! y = row y, for the passes that read the whole floor (junctions, validity, counts).
//!
//! On x86-64 a column is two SSE2 vectors: a byte compare and a `movemask` per vector give the
//! mask in a handful of instructions (the compiler does not find `movemask` in the plain
//! loops, and the 64-bit lane tricks cost five times as much). Other targets use the plain
//! loops in [`scalar`], which give the same bits (a test compares both on random columns).

use crate::tile::{Terrain, HEIGHT};

const _: () = assert!(HEIGHT == 32);

/// A column's terrain as bytes (wall 0, floor 1, secondary 2).
#[inline]
pub(crate) fn terrain_bytes(column: &[Terrain; HEIGHT]) -> [u8; HEIGHT] {
    column.map(|terrain| terrain as u8)
}

/// The AVX2 pieces of the whole-floor mask builds (`every_column_bits` in spawns.rs and
/// `junction_masks` in terrain.rs), each of which checks for AVX2 at run time before calling in.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
pub(crate) mod wide {
    use std::arch::x86_64::{__m256i, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_movemask_epi8};

    /// 32 bytes (a column) as one vector.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn load(bytes: &[u8; 32]) -> __m256i {
        #[allow(unsafe_code)]
        // SAFETY: `bytes` is a reference to 32 readable bytes, the load reads exactly them;
        // `_mm256_loadu_si256` allows any alignment, and this function enables AVX2.
        let loaded = unsafe { _mm256_loadu_si256(bytes.as_ptr().cast()) };
        loaded
    }

    /// Bit y set where byte y of `bytes` equals byte y of `value`.
    #[inline]
    #[target_feature(enable = "avx2")]
    pub(crate) fn eq_mask(bytes: __m256i, value: __m256i) -> u32 {
        _mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, value)) as u32
    }
}

/// Bit y set where `column[y] == value`.
#[inline]
pub(crate) fn eq_mask(column: &[u8; HEIGHT], value: u8) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    // SAFETY: the callee's only requirement is its `#[target_feature(enable = "sse2")]`, and
    // this line is compiled only when the build enables SSE2 (the `cfg` above; every x86-64
    // target does), so the compiler already assumes SSE2 everywhere in this program.
    #[allow(unsafe_code)]
    return unsafe { sse2::eq_mask(column, value) };
    #[allow(unreachable_code)]
    scalar::eq_mask(column, value)
}

/// Bit y set where `column[y] < bound` (unsigned); `bound` above 0.
#[inline]
pub(crate) fn below_mask(column: &[u8; HEIGHT], bound: u8) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    // SAFETY: as in `eq_mask`: compiled only when the build enables SSE2.
    #[allow(unsafe_code)]
    return unsafe { sse2::below_mask(column, bound) };
    #[allow(unreachable_code)]
    scalar::below_mask(column, bound)
}

/// Bit y set where y > 0 and `column[y] == column[y - 1]`.
#[inline]
pub(crate) fn same_as_above(column: &[u8; HEIGHT]) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    // SAFETY: as in `eq_mask`: compiled only when the build enables SSE2.
    #[allow(unsafe_code)]
    return unsafe { sse2::same_as_above(column) };
    #[allow(unreachable_code)]
    scalar::same_as_above(column)
}

/// The tiles of `mask` that start a run of equal bytes within it: bit y of `mask` unless
/// tile y - 1 is also in `mask` and holds the same byte (one tile per room per column, say).
#[inline]
pub(crate) fn run_starts(column: &[u8; HEIGHT], mask: u32) -> u32 {
    mask & !(same_as_above(column) & mask << 1)
}

/// The set bits of `mask`, lowest first (the rows of a column mask, or the cells of a grid mask).
#[inline]
pub(crate) fn set_bits(mask: impl Into<u64>) -> impl Iterator<Item = usize> {
    let mut mask: u64 = mask.into();
    std::iter::from_fn(move || {
        let bit = (mask != 0).then(|| mask.trailing_zeros() as usize);
        mask &= mask.wrapping_sub(1);
        bit
    })
}

/// The masks with SSE2 byte compares. Inside these functions the intrinsics are safe calls
/// (they need only the SSE2 the functions enable).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8, _mm_slli_si128, _mm_srli_si128,
    };

    use crate::tile::HEIGHT;

    /// The column's two halves as vectors: two unaligned loads. (Built from integers instead,
    /// the optimiser emits a load, a second load of the upper eight bytes and a merge.)
    #[inline]
    #[target_feature(enable = "sse2")]
    fn halves(column: &[u8; HEIGHT]) -> [__m128i; 2] {
        const _: () = assert!(HEIGHT == 32);
        let base: *const u8 = column.as_ptr();
        #[allow(unsafe_code)]
        // SAFETY: `column` is a reference to 32 readable bytes, and each load reads 16 of them
        // (bytes 0..16 and 16..32); `_mm_loadu_si128` allows any alignment, and this function
        // enables the SSE2 it needs.
        let halves = unsafe {
            [
                _mm_loadu_si128(base.cast()),
                _mm_loadu_si128(base.add(16).cast()),
            ]
        };
        halves
    }

    /// The high bit of each byte of the two halves, as one 32-bit mask.
    #[inline]
    #[target_feature(enable = "sse2")]
    fn gather(low: __m128i, high: __m128i) -> u32 {
        let low = _mm_movemask_epi8(low) as u32 & 0xFFFF;
        let high = _mm_movemask_epi8(high) as u32 & 0xFFFF;
        low | high << 16
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn eq_mask(column: &[u8; HEIGHT], value: u8) -> u32 {
        let wanted = _mm_set1_epi8(value as i8);
        let [low, high] = halves(column);
        gather(_mm_cmpeq_epi8(low, wanted), _mm_cmpeq_epi8(high, wanted))
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn below_mask(column: &[u8; HEIGHT], bound: u8) -> u32 {
        // min(byte, bound - 1) == byte exactly when byte < bound.
        let top = _mm_set1_epi8(bound.wrapping_sub(1) as i8);
        let [low, high] = halves(column);
        gather(
            _mm_cmpeq_epi8(_mm_min_epu8(low, top), low),
            _mm_cmpeq_epi8(_mm_min_epu8(high, top), high),
        )
    }

    #[inline]
    #[target_feature(enable = "sse2")]
    pub(super) fn same_as_above(column: &[u8; HEIGHT]) -> u32 {
        let [low, high] = halves(column);
        // Each byte beside the byte before it: the column shifted down by one byte.
        let low_before = _mm_slli_si128::<1>(low);
        let high_before = _mm_or_si128(_mm_slli_si128::<1>(high), _mm_srli_si128::<15>(low));
        gather(
            _mm_cmpeq_epi8(low, low_before),
            _mm_cmpeq_epi8(high, high_before),
        ) & !1
    }
}

/// The masks byte by byte, for targets without SSE2 (and to check the vector forms).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse2"), allow(dead_code))]
pub(crate) mod scalar {
    use crate::tile::HEIGHT;

    /// Bit y set where `column[y] == value`.
    pub(crate) fn eq_mask(column: &[u8; HEIGHT], value: u8) -> u32 {
        column
            .iter()
            .enumerate()
            .fold(0, |mask, (y, &byte)| mask | u32::from(byte == value) << y)
    }

    /// Bit y set where `column[y] < bound` (unsigned); `bound` above 0.
    pub(crate) fn below_mask(column: &[u8; HEIGHT], bound: u8) -> u32 {
        column
            .iter()
            .enumerate()
            .fold(0, |mask, (y, &byte)| mask | u32::from(byte < bound) << y)
    }

    /// Bit y set where y > 0 and `column[y] == column[y - 1]`.
    pub(crate) fn same_as_above(column: &[u8; HEIGHT]) -> u32 {
        column.windows(2).enumerate().fold(0, |mask, (y, pair)| {
            mask | u32::from(pair[0] == pair[1]) << (y + 1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::{DungeonRng, Rand16};

    /// The vector masks (on x86-64) and the byte loops agree on random columns, over every
    /// compared value and bound, with bytes drawn both from a few values and from all 256.
    #[test]
    fn masks_agree_with_the_byte_loops() {
        let mut rng = DungeonRng::init(0xC011);
        for round in 0..2000 {
            let spread = if round % 2 == 0 { 4 } else { 256 };
            let column: [u8; HEIGHT] = std::array::from_fn(|_| {
                let byte = rng.rand_int(spread) as u8;
                if spread == 4 {
                    byte.wrapping_sub(2)
                } else {
                    byte
                }
            });
            for value in 0..=255u8 {
                let want = (0..HEIGHT).fold(0u32, |m, y| m | u32::from(column[y] == value) << y);
                assert_eq!(eq_mask(&column, value), want, "round {round} value {value}");
                assert_eq!(scalar::eq_mask(&column, value), want);
                if value > 0 {
                    let want = (0..HEIGHT).fold(0u32, |m, y| m | u32::from(column[y] < value) << y);
                    assert_eq!(
                        below_mask(&column, value),
                        want,
                        "round {round} bound {value}"
                    );
                    assert_eq!(scalar::below_mask(&column, value), want);
                }
            }
            let want =
                (1..HEIGHT).fold(0u32, |m, y| m | u32::from(column[y] == column[y - 1]) << y);
            assert_eq!(same_as_above(&column), want, "round {round}");
            assert_eq!(scalar::same_as_above(&column), want);
            let mask = u32::from(rng.next_u16()) | u32::from(rng.next_u16()) << 16;
            let want = (0..HEIGHT).fold(0u32, |m, y| {
                let inside = |y: usize| mask >> y & 1 == 1;
                let start = inside(y) && (y == 0 || !inside(y - 1) || column[y] != column[y - 1]);
                m | u32::from(start) << y
            });
            assert_eq!(run_starts(&column, mask), want, "round {round}");
            let rows: Vec<usize> = (0..HEIGHT).filter(|&y| mask >> y & 1 == 1).collect();
            assert_eq!(set_bits(mask).collect::<Vec<_>>(), rows, "round {round}");
        }
    }
}
