//! Facing partners among points with a direction (the unused connectors when loops close): a
//! point's partner is the first point, in list order, one block ahead of it and pointing back.
//! Both lie on one block face, so the points are sorted by face with a radix sort (a few
//! sequential passes) and partners meet as neighbours in the sorted list. A large layout's
//! hundreds of thousands of connectors would otherwise each cost a random access into a
//! table of several megabytes. Points spread too far apart for a 64-bit face key go through a
//! [`PointIndex`] instead, which finds the same partners.

use glam::IVec3;

use crate::geom::Dir;
use crate::index::PointIndex;

/// A point without a partner.
pub(crate) const NO_PARTNER: u32 = u32::MAX;

/// Bits of a radix digit: 2048 counters, so a large layout's keys sort in three or four passes.
const DIGIT_BITS: u32 = 11;
const DIGITS: usize = 1 << DIGIT_BITS;

/// The axis (0 x, 1 y, 2 z) of a direction, and whether it points towards greater
/// coordinates.
fn axis_and_sign(dir: Dir) -> (u64, bool) {
    match dir {
        Dir::East => (0, true),
        Dir::West => (0, false),
        Dir::Up => (1, true),
        Dir::Down => (1, false),
        Dir::South => (2, true),
        Dir::North => (2, false),
    }
}

/// The block face a point looks through: the block on its lower side, the axis, and the
/// point's side (0 when it points towards greater coordinates).
fn face(pos: IVec3, dir: Dir) -> (IVec3, u64, u64) {
    let (axis, positive) = axis_and_sign(dir);
    if positive {
        (pos, axis, 0)
    } else {
        (pos + dir.vector(), axis, 1)
    }
}

/// Bits needed for values `0..=span`.
fn bits_for(span: u64) -> u32 {
    u64::BITS - span.leading_zeros()
}

/// Finds facing partners, keeping its scratch from one call to the next.
#[derive(Clone, Default)]
pub(crate) struct FacingPairs {
    /// Sort entries: the face key above the point's number, so that one integer moves per
    /// point and equal keys stay in list order. Then the other half of each radix pass.
    entries: Vec<u64>,
    spare: Vec<u64>,
    /// Per radix pass, its digits' counts, then where each digit's entries go.
    counts: Vec<[u32; DIGITS]>,
    /// Per point, its partner's number or [`NO_PARTNER`].
    partners: Vec<u32>,
    /// For points spread beyond a 64-bit entry.
    fallback: PointIndex,
}

impl FacingPairs {
    /// Per point of `points` (numbered from 0), the number of its partner or [`NO_PARTNER`]:
    /// the first point, in list order, at the point's position plus its direction and pointing
    /// the opposite way. `key` gives each point's position and direction.
    pub fn partners<T>(&mut self, points: &[T], key: impl Fn(&T) -> (IVec3, Dir)) -> &[u32] {
        self.partners.clear();
        self.partners.resize(points.len(), NO_PARTNER);
        let Some(point_bits) = self.sort_by_face(points, &key) else {
            self.partners_by_lookup(points, &key);
            return &self.partners;
        };
        // Equal keys but for the side bit: the same face. Within a face the sort left each
        // side's points in list order, so each side's first is the other side's partner.
        let point_mask = (1u64 << point_bits) - 1;
        let side_of = |entry: u64| (entry >> point_bits) & 1;
        let entries = &self.entries;
        let mut start = 0;
        while start < entries.len() {
            let face = entries[start] >> (point_bits + 1);
            let mut end = start + 1;
            while end < entries.len() && entries[end] >> (point_bits + 1) == face {
                end += 1;
            }
            if end - start > 1 {
                let group = &entries[start..end];
                let first_of_side = |side: u64| group.iter().find(|&&e| side_of(e) == side);
                if let (Some(&low), Some(&high)) = (first_of_side(0), first_of_side(1)) {
                    for &entry in group {
                        let partner = if side_of(entry) == 0 { high } else { low };
                        self.partners[(entry & point_mask) as usize] =
                            (partner & point_mask) as u32;
                    }
                }
            }
            start = end;
        }
        &self.partners
    }

    /// Sorts the points by face into `entries` and returns the bits their numbers take below
    /// the key, or `None` when key and number need more than 64 bits.
    fn sort_by_face<T>(&mut self, points: &[T], key: &impl Fn(&T) -> (IVec3, Dir)) -> Option<u32> {
        self.entries.clear();
        let Some(first) = points.first() else {
            return Some(0);
        };
        let (first_pos, first_dir) = key(first);
        let (start, _, _) = face(first_pos, first_dir);
        let (mut min, mut max) = (start, start);
        for point in points {
            let (pos, dir) = key(point);
            let (lower, _, _) = face(pos, dir);
            min = min.min(lower);
            max = max.max(lower);
        }
        let span = |axis: usize| (i64::from(max[axis]) - i64::from(min[axis])) as u64;
        let (bits_x, bits_y, bits_z) = (bits_for(span(0)), bits_for(span(1)), bits_for(span(2)));
        let point_bits = bits_for(points.len() as u64 - 1);
        // Two bits of axis and one of side below the position.
        let key_bits = bits_x + bits_y + bits_z + 3;
        if key_bits + point_bits > u64::BITS {
            return None;
        }
        let passes = key_bits.div_ceil(DIGIT_BITS) as usize;
        self.counts.clear();
        self.counts.resize(passes, [0; DIGITS]);
        let offset = |v: i32, axis: usize| (i64::from(v) - i64::from(min[axis])) as u64;
        // The entries and every pass's counts in one sweep over the points.
        for (i, point) in points.iter().enumerate() {
            let (pos, dir) = key(point);
            let (lower, axis, side) = face(pos, dir);
            let position = (((offset(lower.x, 0) << bits_y) | offset(lower.y, 1)) << bits_z)
                | offset(lower.z, 2);
            let face_key = (position << 3) | (axis << 1) | side;
            for (pass, counts) in self.counts.iter_mut().enumerate() {
                counts[(face_key >> (pass as u32 * DIGIT_BITS)) as usize & (DIGITS - 1)] += 1;
            }
            self.entries.push((face_key << point_bits) | i as u64);
        }
        self.radix_sort(point_bits);
        Some(point_bits)
    }

    /// A stable least-significant-digit radix sort of `entries` by their bits above
    /// `point_bits`, with the counts `sort_by_face` made; a digit all entries share is skipped.
    fn radix_sort(&mut self, point_bits: u32) {
        let n = self.entries.len();
        // Every pass writes all `n` places, so what the spare half held does not matter.
        self.spare.resize(n, 0);
        for (pass, counts) in self.counts.iter_mut().enumerate() {
            if counts.contains(&(n as u32)) {
                continue;
            }
            let mut next = 0;
            for count in counts.iter_mut() {
                let here = *count;
                *count = next;
                next += here;
            }
            let shift = point_bits + pass as u32 * DIGIT_BITS;
            for &entry in &self.entries {
                let at = &mut counts[(entry >> shift) as usize & (DIGITS - 1)];
                self.spare[*at as usize] = entry;
                *at += 1;
            }
            std::mem::swap(&mut self.entries, &mut self.spare);
        }
    }

    /// The partners through a position table, for points too far apart for the sort's key.
    fn partners_by_lookup<T>(&mut self, points: &[T], key: &impl Fn(&T) -> (IVec3, Dir)) {
        self.fallback.rebuild(points, |point| {
            let (pos, dir) = key(point);
            (pos, dir as u8)
        });
        for (point, partner) in points.iter().zip(&mut self.partners) {
            let (pos, dir) = key(point);
            if let Some(found) = self
                .fallback
                .at(pos + dir.vector(), dir.opposite() as u8)
                .next()
            {
                *partner = found as u32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::{Lcg31, Rng31};

    /// The partners match a scan of the list, for points close together (the sort) and spread
    /// over the whole coordinate range (the lookup), with many shared positions, so that
    /// both sides of a face often hold several points.
    #[test]
    fn partners_match_a_scan() {
        let mut rng = Lcg31::new(11);
        let mut facing = FacingPairs::default();
        for round in 0..60 {
            let n = rng.range(0, 400).unwrap_or(0) as usize;
            let spread = 1 + round % 6;
            let far = round % 3 == 2;
            let mut points = Vec::with_capacity(n);
            for _ in 0..n {
                let mut coord = || rng.range(-spread, spread).unwrap_or(0);
                let mut pos = IVec3::new(coord(), coord(), coord());
                if far {
                    // Spans of about 2^32 along every axis: no 64-bit face key.
                    pos *= i32::MAX / 8;
                }
                let dir = Dir::ALL[rng.index(6).unwrap_or(0)];
                points.push((pos, dir));
            }
            let expected: Vec<u32> = points
                .iter()
                .map(|&(pos, dir)| {
                    let facing_point = (pos + dir.vector(), dir.opposite());
                    points
                        .iter()
                        .position(|&p| p == facing_point)
                        .map_or(NO_PARTNER, |j| j as u32)
                })
                .collect();
            let found = facing.partners(&points, |&point| point);
            assert_eq!(found, expected, "round {round}, {n} points, far {far}");
        }
    }
}
