//! Randomised Kruskal (document 004): every inner wall in one list, shuffled, then opened when
//! its two cells are still in different sets. The sets are a union-find with path compression and
//! union by rank.
//!
//! The shuffle is Rao-Sandelius (each wall to one of 256 random buckets, then a Fisher-Yates
//! shuffle of each bucket): as uniform as one Fisher-Yates over the whole list, but each bucket
//! fits in cache where the whole list does not. Each bucket is consumed right after its shuffle,
//! while it is still in cache, and the walls are written into the buckets as they are
//! enumerated, so no list of walls in enumeration order is ever stored. Lists of fewer than 4096
//! walls are one bucket (one plain shuffle).
//!
//! The walk over the walls is bound by the union-find's random reads. Opened walls go to a bitset
//! over wall numbers (a quarter of a byte per cell, small enough to stay in cache) instead of
//! the maze's cells, which are then written in one ordered pass at the end; and the parents of a
//! batch of walls are loaded before any of them is walked, so that those cache misses overlap.
//!
//! Draws: below 4096 walls, one `shuffle` (one draw per wall); else one `index(256)` per wall in
//! enumeration order (row by row, each cell's east wall then its south wall), then one `shuffle`
//! per bucket in bucket order (two draws per wall in all). Once `cells - 1` walls are open the
//! rest are rejected unseen, but their draws are still made, so the stream ends in the same place.

use rng::Rng31;

use super::draw::index_below;
use super::grid::carve;
use super::Dir4;

/// The union-find and the shuffle's buffers, kept between mazes. `link[i] >= 0` is the parent of
/// `i`; a root holds `-1 - rank`, so that one array (one cache miss) serves both.
#[derive(Default)]
pub(super) struct UnionFind {
    link: Vec<i32>,
    /// The output buffer of [`bucket_shuffle`] (Kruskal scatters into its wall list).
    #[cfg(test)]
    shuffled: Vec<u32>,
    bucket_of: Vec<u8>,
    opened: Vec<u64>,
}

/// Below this many walls one plain Fisher-Yates shuffle is used.
const BUCKETED_FROM: usize = 4096;
/// The number of buckets of the Rao-Sandelius shuffle.
const BUCKETS: usize = 256;

/// Pass one of the bucketed shuffle: a uniformly random bucket below `buckets` (at most 256) for
/// each of `count` items, in item order. Returns where each bucket starts once they are
/// concatenated; entry `buckets` is `count`.
fn draw_buckets(
    count: usize,
    buckets: usize,
    bucket_of: &mut Vec<u8>,
    rng: &mut impl Rng31,
) -> [usize; BUCKETS + 1] {
    let mut counts = [0usize; BUCKETS];
    bucket_of.clear();
    bucket_of.extend((0..count).map(|_| {
        let bucket = index_below(rng, buckets) % BUCKETS;
        counts[bucket] += 1;
        bucket as u8
    }));
    let mut starts = [count; BUCKETS + 1];
    let mut total = 0;
    for bucket in 0..buckets {
        starts[bucket] = total;
        total += counts[bucket];
    }
    starts
}

/// Writes items, given in item order, to the next free slot of their bucket.
struct Scatter<'a> {
    bucket_of: &'a [u8],
    next_free: [usize; BUCKETS],
    position: usize,
    out: &'a mut [u32],
}

impl Scatter<'_> {
    #[inline]
    fn place(&mut self, item: u32) {
        let bucket = usize::from(self.bucket_of[self.position]);
        self.position += 1;
        let slot = &mut self.next_free[bucket];
        self.out[*slot] = item;
        *slot += 1;
    }
}

/// Forward Fisher-Yates, exactly `Rng31::shuffle`: one draw per item.
#[inline]
fn fisher_yates(items: &mut [u32], rng: &mut impl Rng31) {
    let n = items.len();
    for i in 0..n {
        let j = i + index_below(rng, n - i);
        items.swap(i, j);
    }
}

/// The Rao-Sandelius shuffle with `buckets` buckets (at most 256): every item goes to a uniformly
/// random bucket, each bucket is shuffled, the buckets are concatenated in order. Every
/// permutation is equally likely. (Kruskal runs the same passes with its walls.)
#[cfg(test)]
pub(super) fn bucket_shuffle(
    items: &mut Vec<u32>,
    buckets: usize,
    scratch: &mut UnionFind,
    rng: &mut impl Rng31,
) {
    let buckets = buckets.clamp(1, BUCKETS);
    let starts = draw_buckets(items.len(), buckets, &mut scratch.bucket_of, rng);
    scratch.shuffled.clear();
    scratch.shuffled.resize(items.len(), 0);
    let mut scatter = Scatter {
        bucket_of: &scratch.bucket_of,
        next_free: starts[..BUCKETS].try_into().unwrap_or([0; BUCKETS]),
        position: 0,
        out: &mut scratch.shuffled,
    };
    for &item in items.iter() {
        scatter.place(item);
    }
    for bucket in 0..buckets {
        fisher_yates(
            &mut scratch.shuffled[starts[bucket]..starts[bucket + 1]],
            rng,
        );
    }
    std::mem::swap(items, &mut scratch.shuffled);
}

impl UnionFind {
    fn reset(&mut self, n: usize, walls: usize) {
        self.link.clear();
        self.link.resize(n, -1);
        self.opened.clear();
        self.opened.resize(walls.div_ceil(64), 0);
    }

    /// The root of `item`'s set with full path compression. `hint` is `link[item]` as read
    /// earlier: a parent that has since moved is still an ancestor in the same set, so the walk
    /// may start from it.
    #[inline]
    fn find(&mut self, item: usize, hint: i32) -> usize {
        let start = if hint >= 0 { hint as usize } else { item };
        let mut root = start;
        while self.link[root] >= 0 {
            root = self.link[root] as usize;
        }
        // Second pass: point every cell on the path straight at the root.
        let mut cursor = item;
        while cursor != root {
            let next = self.link[cursor];
            self.link[cursor] = root as i32;
            cursor = if next >= 0 { next as usize } else { root };
        }
        root
    }

    /// Given a parent read earlier (or a negative value for a root), the farthest ancestor one
    /// more load can tell: the grandparent when there is one.
    #[inline]
    fn ancestor_hint(&self, parent: i32) -> i32 {
        if parent < 0 {
            return parent;
        }
        let grandparent = self.link[parent as usize];
        if grandparent >= 0 {
            grandparent
        } else {
            parent
        }
    }

    /// Joins two different roots by rank.
    #[inline]
    fn link_roots(&mut self, root_a: usize, root_b: usize) {
        let (rank_a, rank_b) = (-1 - self.link[root_a], -1 - self.link[root_b]);
        if rank_a < rank_b {
            self.link[root_a] = root_b as i32;
        } else {
            self.link[root_b] = root_a as i32;
            if rank_a == rank_b {
                self.link[root_a] -= 1;
            }
        }
    }
}

/// How many walls have their parents loaded ahead: independent loads that the processor can
/// overlap, where the union-find walk itself waits on one miss at a time.
const BATCH: usize = 32;

/// Carves a perfect maze into `cells` (all closed, `width` wide). `walls` and `sets` are scratch;
/// a wall is its west or north cell times 2, plus 1 for the south wall.
pub(super) fn carve_kruskal(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    walls: &mut Vec<u32>,
    sets: &mut UnionFind,
) {
    let n = cells.len();
    let height = n / width;
    let wall_count = (width - 1) * height + width * (height - 1);
    walls.clear();
    walls.resize(wall_count, 0);
    let starts = if wall_count < BUCKETED_FROM {
        let mut slot = 0;
        for_each_wall(width, height, |wall| {
            walls[slot] = wall;
            slot += 1;
        });
        let mut starts = [wall_count; BUCKETS + 1];
        starts[0] = 0;
        starts
    } else {
        let starts = draw_buckets(wall_count, BUCKETS, &mut sets.bucket_of, rng);
        let mut scatter = Scatter {
            bucket_of: &sets.bucket_of,
            next_free: starts[..BUCKETS].try_into().unwrap_or([0; BUCKETS]),
            position: 0,
            out: walls,
        };
        for_each_wall(width, height, |wall| scatter.place(wall));
        starts
    };
    sets.reset(n, 2 * n);
    let mut opened = 0;
    for bucket in 0..BUCKETS {
        let list = &mut walls[starts[bucket]..starts[bucket + 1]];
        if opened + 1 >= n {
            // The tree is complete: only the draws of the shuffles are left to make.
            for _ in 0..list.len() {
                rng.next_u31();
            }
            continue;
        }
        fisher_yates(list, rng);
        opened += join_walls(list, width, sets);
    }
    write_opened(cells, width, &sets.opened);
}

/// Calls `place` with every inner wall in enumeration order: row by row, each cell's east wall
/// then its south wall.
#[inline]
fn for_each_wall(width: usize, height: usize, mut place: impl FnMut(u32)) {
    for y in 0..height {
        let south = y + 1 < height;
        let row = y * width;
        for x in 0..width {
            let cell = ((row + x) as u32) << 1;
            if x + 1 < width {
                place(cell);
            }
            if south {
                place(cell | 1);
            }
        }
    }
}

/// Runs the shuffled `walls` through the union-find, marking those it opens in `sets.opened`.
/// Returns how many it opened.
fn join_walls(walls: &[u32], width: usize, sets: &mut UnionFind) -> usize {
    let ends = |wall: u32| {
        let cell = (wall >> 1) as usize;
        let step = if wall & 1 == 0 { 1 } else { width };
        (cell, cell + step)
    };
    let mut opened = 0;
    let mut hints = [(0i32, 0i32); BATCH];
    for batch in walls.chunks(BATCH) {
        // Load the parents of the whole batch before any walk: these loads do not wait on each
        // other, so their cache misses overlap.
        for (hint, &wall) in hints.iter_mut().zip(batch) {
            let (a, b) = ends(wall);
            *hint = (sets.link[a], sets.link[b]);
        }
        // Then their parents (the walks' next reads), again all independent.
        for hint in hints.iter_mut().take(batch.len()) {
            *hint = (sets.ancestor_hint(hint.0), sets.ancestor_hint(hint.1));
        }
        for (&(hint_a, hint_b), &wall) in hints.iter().zip(batch) {
            let (a, b) = ends(wall);
            let (root_a, root_b) = (sets.find(a, hint_a), sets.find(b, hint_b));
            if root_a != root_b {
                sets.link_roots(root_a, root_b);
                sets.opened[(wall >> 6) as usize] |= 1 << (wall & 63);
                opened += 1;
            }
        }
    }
    opened
}

/// Opens the walls whose bits are set in `opened` (indexed by wall number) in `cells`.
fn write_opened(cells: &mut [u8], width: usize, opened: &[u64]) {
    for (word_index, &word) in opened.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let wall = word_index * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let cell = wall >> 1;
            if wall & 1 == 0 {
                carve(cells, cell, Dir4::E, cell + 1);
            } else {
                carve(cells, cell, Dir4::S, cell + width);
            }
        }
    }
}
