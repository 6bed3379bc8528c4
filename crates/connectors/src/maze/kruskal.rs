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
//! Before the walk, on large mazes, a pre-pass in cache ([`blocks`]) settles most walls block by
//! block (those whose fate no order inside a bucket can change): the walk then skips them, and
//! takes only the walls between blocks and the few the pre-pass could not decide. The maze is
//! the same.
//!
//! The walk over the walls is bound by the union-find's random reads, so each cell's parent,
//! rank and opened walls share one `u32` (the maze's cells are written in one ordered pass at the
//! end), large mazes lay those words out in 4 x 4 tiles so that both cells of most walls share a
//! cache line, and the parents of a batch of walls are loaded before any of them is walked, so
//! that those cache misses overlap.
//!
//! Draws: below 4096 walls, one `shuffle` (one draw per wall); else one `index(256)` per wall in
//! enumeration order (row by row, each cell's east wall then its south wall), then one `shuffle`
//! per bucket in bucket order (two draws per wall in all). Once `cells - 1` walls are open the
//! rest are rejected unseen, but their draws are still made, so the stream ends in the same place.

use rng::Rng31;

use super::Dir4;

mod blocks;

/// The union-find and the shuffle's buffers, kept between mazes.
///
/// One `u32` per cell serves the union-find and the result, so that a wall touches one cache line
/// per cell: a root has [`ROOT`] set and its rank in the low bits, any other cell its parent's
/// slot; [`OPEN_EAST`] and [`OPEN_SOUTH`] record the cell's own walls that were opened.
#[derive(Default)]
pub(super) struct UnionFind {
    link: Vec<u32>,
    /// The walls the block pre-pass settled, one bit each in enumeration order.
    settled: Vec<u64>,
    /// The output buffer of [`bucket_shuffle`] (Kruskal scatters into its wall list).
    #[cfg(test)]
    shuffled: Vec<u32>,
    bucket_of: Vec<u8>,
}

/// The flag of a root in [`UnionFind::link`].
const ROOT: u32 = 1 << 31;
/// The flag of a cell whose east wall is open.
const OPEN_EAST: u32 = 1 << 30;
/// The flag of a cell whose south wall is open.
const OPEN_SOUTH: u32 = 1 << 29;
/// The parent (or rank) bits; slots stay below `2 * MAX_CELLS`, well within them.
const INDEX: u32 = OPEN_SOUTH - 1;
/// The flag on a wall in the shuffled list that the block pre-pass already settled (wall ids
/// stay below `4 * MAX_CELLS`).
const SETTLED: u32 = 1 << 31;
/// The flags a link update keeps.
const OPEN_FLAGS: u32 = OPEN_EAST | OPEN_SOUTH;

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
        let bucket = rng.index(buckets).unwrap_or(0) % BUCKETS;
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
    /// For [`Scatter::place_flagged`]: items whose bit is set are written with [`SETTLED`].
    settled: &'a [u64],
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

    /// [`Scatter::place`], with the [`SETTLED`] flag from `settled`.
    #[inline]
    fn place_flagged(&mut self, item: u32) {
        let position = self.position;
        let flag = self
            .settled
            .get(position / 64)
            .map_or(0, |word| ((word >> (position % 64)) as u32 & 1) << 31);
        self.place(item | flag);
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
        settled: &[],
        next_free: starts[..BUCKETS].try_into().unwrap_or([0; BUCKETS]),
        position: 0,
        out: &mut scratch.shuffled,
    };
    for &item in items.iter() {
        scatter.place(item);
    }
    for bucket in 0..buckets {
        rng.shuffle(&mut scratch.shuffled[starts[bucket]..starts[bucket + 1]]);
    }
    std::mem::swap(items, &mut scratch.shuffled);
}

impl UnionFind {
    fn reset(&mut self, slots: usize) {
        self.link.clear();
        self.link.resize(slots, ROOT);
    }
}

/// The closest ancestor of `slot` (itself when it is a root) that one read can tell.
#[inline(always)]
fn parent(link: &[u32], slot: u32) -> u32 {
    let word = link[slot as usize];
    if word & ROOT != 0 {
        slot
    } else {
        word & INDEX
    }
}

/// The root of `item`'s set, with path compression. `hint` is an ancestor of `item` read earlier
/// (or `item`): links only ever move up within a set, so it still is one.
#[inline(always)]
fn find(link: &mut [u32], item: u32, hint: u32) -> u32 {
    let mut root = hint;
    let mut word = link[root as usize];
    while word & ROOT == 0 {
        root = word & INDEX;
        word = link[root as usize];
    }
    // Point every cell on the path from `item` straight at the root; most already do.
    let mut cursor = item;
    while cursor != root {
        let word = link[cursor as usize];
        let up = word & INDEX;
        if up == root {
            break;
        }
        link[cursor as usize] = (word & OPEN_FLAGS) | root;
        cursor = up;
    }
    root
}

/// Joins two different roots by rank.
#[inline(always)]
fn link_roots(link: &mut [u32], root_a: u32, root_b: u32) {
    let (word_a, word_b) = (link[root_a as usize], link[root_b as usize]);
    let (rank_a, rank_b) = (word_a & INDEX, word_b & INDEX);
    if rank_a < rank_b {
        link[root_a as usize] = (word_a & OPEN_FLAGS) | root_b;
    } else {
        link[root_b as usize] = (word_b & OPEN_FLAGS) | root_a;
        if rank_a == rank_b {
            link[root_a as usize] = word_a + 1;
        }
    }
}

/// How many walls have their parents loaded ahead: independent loads that the processor can
/// overlap, where the union-find walk itself waits on one miss at a time.
const BATCH: usize = 32;

/// Where the union-find keeps each cell. From 16 x 16 cells on, in 4 x 4 tiles of 16 consecutive
/// slots (one 64-byte cache line of `i32`), so that most walls have both cells in one line and a
/// wall costs one cache miss instead of two; smaller or thinner mazes stay row-major, where
/// rounding up to whole tiles would waste memory.
#[derive(Debug, Clone, Copy)]
struct Layout {
    width: usize,
    height: usize,
    /// Tiles per tile row, when tiled.
    tiles_wide: Option<usize>,
}

/// The side of a tile, in cells.
const TILE: usize = 4;

impl Layout {
    fn new(width: usize, height: usize) -> Layout {
        let tiled = width >= 4 * TILE && height >= 4 * TILE;
        Layout {
            width,
            height,
            tiles_wide: tiled.then(|| width.div_ceil(TILE)),
        }
    }

    /// How many slots the union-find needs.
    fn slots(self) -> usize {
        match self.tiles_wide {
            Some(tiles_wide) => tiles_wide * self.height.div_ceil(TILE) * TILE * TILE,
            None => self.width * self.height,
        }
    }

    /// The slot of cell `(x, y)`.
    #[inline]
    fn slot(self, x: usize, y: usize) -> usize {
        match self.tiles_wide {
            Some(tiles_wide) => {
                let tile = (y / TILE) * tiles_wide + x / TILE;
                tile * TILE * TILE + (y % TILE) * TILE + x % TILE
            }
            None => y * self.width + x,
        }
    }

    /// The slot steps from a cell to its east neighbour (inside a tile, across a tile's east
    /// edge) and to its south neighbour (inside, across the south edge).
    fn steps(self) -> [usize; 4] {
        match self.tiles_wide {
            Some(tiles_wide) => [
                1,
                TILE * TILE - (TILE - 1),
                TILE,
                tiles_wide * TILE * TILE - (TILE - 1) * TILE,
            ],
            None => [1, 1, self.width, self.width],
        }
    }
}

/// Carves a perfect maze into `cells` (all closed, `width` wide). `walls` and `sets` are scratch.
/// A wall is the union-find slot of its west or north cell times 2, plus 1 for the south wall.
pub(super) fn carve_kruskal(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    walls: &mut Vec<u32>,
    sets: &mut UnionFind,
) {
    let settle_blocks = cells.len() >= SETTLE_FROM;
    carve_kruskal_with(cells, width, rng, walls, sets, settle_blocks);
}

/// The block pre-pass runs from this many cells on (a union-find of 2 MB). Below, the walk's
/// union-find stays in cache and the pre-pass costs more than it saves (CPU time per maze on a
/// busy 2-core machine, without and with: 300x300 5-7 ms and 11 ms, 700x700 40-73 ms and
/// 50-64 ms, 1000x1000 117-250 ms and 117-140 ms): it pays once the walk's misses go to a far
/// or contended cache.
const SETTLE_FROM: usize = 1 << 19;

/// [`carve_kruskal`], with the block pre-pass on or off (the tests check that it changes
/// nothing).
pub(super) fn carve_kruskal_with(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    walls: &mut Vec<u32>,
    sets: &mut UnionFind,
    settle_blocks: bool,
) {
    let n = cells.len();
    let height = n / width;
    let layout = Layout::new(width, height);
    let wall_count = (width - 1) * height + width * (height - 1);
    // Every slot is written before it is read; only a change of length needs the fill.
    walls.resize(wall_count, 0);
    // Walls opened so far (the pre-pass opens some).
    let mut opened = 0;
    let starts = if wall_count < BUCKETED_FROM {
        let mut slot = 0;
        for_each_wall(layout, |wall| {
            walls[slot] = wall;
            slot += 1;
        });
        let mut starts = [wall_count; BUCKETS + 1];
        starts[0] = 0;
        sets.reset(layout.slots());
        starts
    } else {
        let starts = draw_buckets(wall_count, BUCKETS, &mut sets.bucket_of, rng);
        sets.reset(layout.slots());
        sets.settled.clear();
        if settle_blocks {
            opened = blocks::settle_within_blocks(
                layout,
                &sets.bucket_of,
                &mut sets.settled,
                &mut sets.link,
            );
        }
        let mut scatter = Scatter {
            bucket_of: &sets.bucket_of,
            settled: &sets.settled,
            next_free: starts[..BUCKETS].try_into().unwrap_or([0; BUCKETS]),
            position: 0,
            out: walls,
        };
        if settle_blocks {
            for_each_wall(layout, |wall| scatter.place_flagged(wall));
        } else {
            for_each_wall(layout, |wall| scatter.place(wall));
        }
        starts
    };
    let steps = layout.steps();
    for bucket in 0..BUCKETS {
        let list = &mut walls[starts[bucket]..starts[bucket + 1]];
        if opened + 1 >= n {
            // The tree is complete: only the draws of the shuffles are left to make.
            for _ in 0..list.len() {
                rng.next_u31();
            }
            continue;
        }
        let kept = if settle_blocks {
            shuffle_unsettled(list, rng)
        } else {
            rng.shuffle(list);
            list.len()
        };
        opened += join_walls(&list[..kept], &steps, &mut sets.link);
    }
    write_opened(cells, layout, &sets.link);
}

/// `rng.shuffle(list)` (the same draws, the same order), except that only the walls not
/// [`SETTLED`] are kept, at the front in their shuffled order: returns how many. A position is
/// final once the shuffle has passed it, so each wall is kept or dropped as it lands.
fn shuffle_unsettled(list: &mut [u32], rng: &mut impl Rng31) -> usize {
    let len = list.len();
    let mut kept = 0;
    for index in 0..len {
        let other = index + rng.index(len - index).unwrap_or(0);
        let wall = list[other];
        list[other] = list[index];
        list[kept] = wall;
        kept += usize::from(wall & SETTLED == 0);
    }
    kept
}

/// Calls `place` with every inner wall in enumeration order: row by row, each cell's east wall
/// then its south wall.
#[inline]
fn for_each_wall(layout: Layout, mut place: impl FnMut(u32)) {
    let (width, height) = (layout.width, layout.height);
    for y in 0..height {
        let south = y + 1 < height;
        for x in 0..width {
            let cell = (layout.slot(x, y) as u32) << 1;
            if x + 1 < width {
                place(cell);
            }
            if south {
                place(cell | 1);
            }
        }
    }
}

/// The two slots a wall separates, given [`Layout::steps`].
#[inline(always)]
fn ends(wall: u32, steps: &[usize; 4]) -> (u32, u32) {
    let slot = wall >> 1;
    let south = (wall & 1) as usize;
    // The cell's column in its tile for an east wall, its row for a south wall: 3 is the edge.
    let lane = (slot as usize >> (2 * south)) % TILE;
    let step = steps[2 * south + usize::from(lane == TILE - 1)];
    (slot, slot.wrapping_add(step as u32))
}

/// Runs the shuffled `walls` through the union-find `link`, flagging those it opens. Returns
/// how many it opened.
fn join_walls(walls: &[u32], steps: &[usize; 4], link: &mut [u32]) -> usize {
    let mut opened = 0;
    let mut ends_of = [(0u32, 0u32); BATCH];
    let mut hints = [(0u32, 0u32); BATCH];
    for batch in walls.chunks(BATCH) {
        // Load the parents of the whole batch before any walk: these loads do not wait on each
        // other, so their cache misses overlap. Then the grandparents, the walks' next reads.
        for ((pair, hint), &wall) in ends_of.iter_mut().zip(hints.iter_mut()).zip(batch) {
            let (a, b) = ends(wall, steps);
            *pair = (a, b);
            *hint = (parent(link, a), parent(link, b));
        }
        for hint in hints.iter_mut().take(batch.len()) {
            *hint = (parent(link, hint.0), parent(link, hint.1));
        }
        for ((&(a, b), &(hint_a, hint_b)), &wall) in ends_of.iter().zip(&hints).zip(batch) {
            let (root_a, root_b) = (find(link, a, hint_a), find(link, b, hint_b));
            if root_a != root_b {
                link_roots(link, root_a, root_b);
                link[a as usize] |= if wall & 1 == 0 { OPEN_EAST } else { OPEN_SOUTH };
                opened += 1;
            }
        }
    }
    opened
}

/// Opens in `cells` the walls flagged in `link`, row by row.
fn write_opened(cells: &mut [u8], layout: Layout, link: &[u32]) {
    let (width, height) = (layout.width, layout.height);
    for y in 0..height {
        let row = y * width;
        for x in 0..width {
            let word = link[layout.slot(x, y)];
            let east = u8::from(word & OPEN_EAST != 0);
            let south = u8::from(word & OPEN_SOUTH != 0);
            let cell = row + x;
            cells[cell] |= (east * Dir4::E.bit()) | (south * Dir4::S.bit());
            if x + 1 < width {
                cells[cell + 1] |= east * Dir4::W.bit();
            }
            if y + 1 < height {
                cells[cell + width] |= south * Dir4::N.bit();
            }
        }
    }
}
