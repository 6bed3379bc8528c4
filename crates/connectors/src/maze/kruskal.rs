//! Randomised Kruskal (document 004) as the minimum spanning tree of random wall weights: every
//! inner wall gets one random 21-bit key, and the walls are taken in increasing order of
//! `(key, wall id)` (the id breaks ties: two given walls tie once in 2^21, far too rarely to
//! move the mazes' figures, and 21 bits let a block's sort entry, key and local wall, fit a
//! `u32`), each opened when its two cells are still in different sets. Taking the walls in the
//! order of i.i.d. random keys is taking them in a uniformly random order, so this is Kruskal's
//! maze with its own distribution; the maze is the unique minimum spanning tree under that
//! order, which lets the work be split:
//!
//! - The maze is cut into `BLOCK x BLOCK` blocks, taken one stripe of blocks at a time (the
//!   stripe's keys, 256 bytes per column, stay in cache but in the widest mazes). In each block
//!   two local tests settle about seven walls in ten without any sort, in whole rows of lanes:
//!   a cell's lightest wall is in the tree (the cut round the cell), and a square's heaviest
//!   wall is not (the cycle round the square, taken only for squares inside the block). The
//!   block's cells start in sets joined by the lightest walls, and only the other walls are
//!   sorted and run through that partition of the block's cells into sets, which sits in L1.
//!   (Those sets hold heavier tree walls too: a wall whose cells they already join still closes
//!   a cycle of tree walls and lighter ones, so it is still not in the tree.) A wall whose cells are already joined by lighter walls of the block closes
//!   a cycle of lighter walls, so it is not in the tree (the cycle property). A wall that joins
//!   two sets, where one set has no wall out of the block with a key as low, is the lightest
//!   wall leaving that set, so it is in the tree (the cut property), and is opened at once. Any
//!   other wall is left pending (and still joins its two sets).
//! - The parts the opened walls make are numbered, and the pending walls (those left in the
//!   blocks and those between blocks, about 5% of all) are sorted and run through a union-find
//!   of the parts: the tree's remaining walls are the minimum spanning tree of the parts.
//!
//! Every wall is touched a few times in cache and never at a random place in a large array,
//! where a plain walk over a shuffled list waits on a cache miss per wall. Small mazes, whose
//! union-find fits in cache anyway, skip the blocks and send every wall to the last pass.
//! - The blocks of different stripes do not depend on each other: from 512 x 512 to 2048 x
//!   2048, on a machine with a second core, the upper and lower halves of the stripes are
//!   settled at once on two threads, each numbering its own parts, with every key drawn
//!   beforehand in the same order. The tree is the same whatever the split (it is the one
//!   minimum spanning tree of the keys), so the maze is too.
//!
//! Draws: one `next_u31` per inner wall, in enumeration order (row by row, each cell's east wall
//! then its south wall), whose top 21 bits are that wall's key. Nothing else.

use rng::Rng31;

use super::Dir4;

/// The side of a block, in cells. Cells are numbered `local_y * BLOCK + local_x` (shifts and
/// masks) also in partial blocks.
const BLOCK: usize = 32;
/// Cell numbers in a block.
const CELLS: usize = BLOCK * BLOCK;
/// Wall numbers in a block (`cell << 1 | south`).
const WALLS: usize = 2 * CELLS;
/// The bits of a wall's key.
const KEY_BITS: u32 = 21;
/// The key of "no wall": above every key, and still one with two bits to spare.
const NO_KEY: u32 = 1 << KEY_BITS;
/// The row length of the padded per-cell arrays (see [`padded`]).
const STRIDE: usize = BLOCK + 2;
/// The length of the padded per-cell arrays.
const PADDED: usize = STRIDE * STRIDE;
/// The bits of a local wall number in a block sort entry (`key << WALL_BITS | local wall`).
const WALL_BITS: u32 = 11;
/// The bits of each key digit of the block sort: three digits of 7 bits make the key. A block
/// sorts only about 570 walls, so small digits (128 buckets each) beat two large ones, whose
/// 3,072 bucket counts cost more to clear and sum than the third pass over the walls.
const DIGIT_BITS: u32 = 7;
/// The block sort's digits (passes).
const DIGITS: usize = (KEY_BITS / DIGIT_BITS) as usize;
/// The buckets of each digit.
const BUCKETS: usize = 1 << DIGIT_BITS;
const _: () = assert!(DIGITS as u32 * DIGIT_BITS == KEY_BITS);

/// A wall between two parts, waiting for the last pass.
#[derive(Debug, Clone, Copy, Default)]
struct Pending {
    /// The order the walls are taken in (see [`order`]).
    order: u64,
    /// The parts (of the opened walls) on either side.
    parts: [u32; 2],
}

/// A cell's place in the block's partition into sets. The sets are "quick-find": every
/// cell holds its set's label (one of its cells), so telling whether two cells are joined is two
/// loads; a join relabels the smaller set, found by walking a circular list of its cells. Each
/// cell is relabelled at most log2(CELLS) times, and far fewer on average. After the lightest
/// walls, the members are groups of cells rather than cells (see [`group_cells`]).
#[derive(Debug, Clone, Copy, Default)]
struct Links {
    /// The label of the cell's set.
    label: u16,
    /// The next cell of its set, round a circle.
    next: u16,
    /// Read at a label: how many cells its set has.
    size: u16,
}

/// Everything the union loop keeps about one block cell, in one 16-byte record: the loop reads
/// and writes a cell's fields together, through one base pointer (eight separate arrays ran the
/// loop out of registers).
///
/// The parts (the sets of the opened walls) need no union-find of their own. A set of `joined`
/// whose walls were all opened is one part, named by the set's label, and nothing is written
/// per cell. Only when a wall left pending joins it, or an opened wall joins it to a set that
/// holds several parts, does it "write out" its part, once, into each cell's `part`; such a set
/// keeps its cells' parts from then on. (A set with a lower key out of the block than the wall
/// at hand is never all opened after it, and one with no such key is always all opened: so an
/// opened wall never joins two written-out sets.)
#[derive(Debug, Clone, Copy, Default)]
struct BlockCell {
    /// The sets of the walls taken so far that closed no cycle.
    joined: Links,
    /// The cell's group: the label of its set once the lightest walls are joined. The sorted
    /// walls join groups, not cells (see [`group_cells`]).
    group: u16,
    /// Read at a group: the group's part, once its set has written them out.
    part: u16,
    /// Read at a label of `joined`: whether its set has written out its parts (0 or 1).
    written: u16,
    /// Read at a label of `joined`: the lowest key of a wall from its set out of the block.
    outward: u32,
}

/// A block's sets and sort buffers: in cache, reused block after block.
///
/// Each buffer is a boxed array, so that indices masked to its length need no bounds check and
/// none of it ever sits on the stack.
struct BlockScratch {
    /// Per cell: its sets (see [`BlockCell`]).
    cells: Box<[BlockCell; CELLS]>,
    /// Every cell a set of its own, no wall out: copied row by row into `cells` to start a
    /// block (a copy beats building each record).
    fresh: Box<[BlockCell; CELLS]>,
    /// Per part (named by one of its cells): its number plus one, current only when above the
    /// block's first part number (earlier blocks' numbers are all below it).
    part_of_label: Box<[u32; CELLS]>,
    /// The keys of the cells' east and south walls, padded (see [`padded`]).
    east_keys: Box<[u32; PADDED]>,
    south_keys: Box<[u32; PADDED]>,
    /// Padded: each cell's lightest wall, and each square's heaviest (see
    /// [`settle_by_neighbourhood`]).
    lightest: Box<[u32; PADDED]>,
    heaviest: Box<[u32; PADDED]>,
    /// Padded: the class of each cell's east and south walls (see [`classify`]).
    east_class: Box<[u8; PADDED]>,
    south_class: Box<[u8; PADDED]>,
    /// The inner walls that are the lightest of one of their cells, as local walls.
    tree: Box<[u16; WALLS]>,
    /// The other inner walls that no square drops, as `key << WALL_BITS | local wall`, in
    /// enumeration order (the sort's middle pass writes here too).
    walls: Box<[u32; WALLS]>,
    /// The same walls sorted (the sort's first and last passes write here).
    sorted: Box<[u32; WALLS]>,
    /// The walls left pending, as local walls.
    left: Box<[u16; WALLS]>,
    /// Per cell: the open sides its opened walls gave it, copied out at the block's end (an
    /// index in the block is cheaper than one in the maze).
    open: Box<[u8; CELLS]>,
    /// The sort's bucket counts (at `digit value + 1`), then starts, per digit.
    counts: Box<[[u16; BUCKETS + 1]; DIGITS]>,
}

/// A boxed array of `N` copies of `value`, built on the heap.
fn boxed<T: Copy, const N: usize>(value: T) -> Box<[T; N]> {
    match vec![value; N].into_boxed_slice().try_into() {
        Ok(array) => array,
        // The slice has length N, so this is never taken.
        Err(_) => Box::new([value; N]),
    }
}

/// The block's cells each in a set of its own, with no wall out of the block.
fn fresh_cells() -> Box<[BlockCell; CELLS]> {
    let mut cells = boxed(BlockCell::default());
    for (cell, record) in cells.iter_mut().enumerate() {
        *record = BlockCell {
            joined: Links {
                label: cell as u16,
                next: cell as u16,
                size: 1,
            },
            group: cell as u16,
            part: 0,
            written: 0,
            outward: NO_KEY,
        };
    }
    cells
}

impl Default for BlockScratch {
    fn default() -> Self {
        BlockScratch {
            cells: boxed(BlockCell::default()),
            fresh: fresh_cells(),
            part_of_label: boxed(0),
            east_keys: boxed(NO_KEY),
            south_keys: boxed(NO_KEY),
            lightest: boxed(0),
            heaviest: boxed(u32::MAX),
            east_class: boxed(0),
            south_class: boxed(0),
            tree: boxed(0),
            walls: boxed(0),
            sorted: boxed(0),
            left: boxed(0),
            open: boxed(0),
            counts: boxed([0; BUCKETS + 1]),
        }
    }
}

/// Kruskal's buffers, kept between mazes.
#[derive(Default)]
pub(super) struct Scratch {
    /// The stripe's keys of east walls, `local_y * width + x`.
    east: Vec<u32>,
    /// The stripe's keys of south walls, likewise.
    south: Vec<u32>,
    /// One row's draws, before they are dealt to its walls as keys.
    draws: Vec<u32>,
    /// The keys of the south walls of the previous stripe's last row.
    above_key: Vec<u32>,
    /// Small mazes' walls as their orders, and sorted.
    plain: Vec<u64>,
    plain_sorted: Vec<u64>,
    /// The last pass's buffers.
    last: LastPass,
    /// Every key of the maze, east and south walls, for [`carve_kruskal_in_halves`].
    all_east: Vec<u32>,
    all_south: Vec<u32>,
    /// The runs of stripes: the first settles every stripe on one thread, or the upper half
    /// beside the second in [`carve_kruskal_in_halves`].
    runs: [StripeRun; 2],
}

/// The flag of a root in [`LastPass::parts`].
const ROOT: u32 = 1 << 31;

/// Carves a perfect maze into `cells` (all closed, `width` wide).
pub(super) fn carve_kruskal(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    scratch: &mut Scratch,
) {
    if HALVES_CELLS.contains(&cells.len()) && second_core() {
        carve_kruskal_in_halves(cells, width, rng, scratch);
    } else {
        let blocks = cells.len() >= BLOCKS_FROM;
        carve_kruskal_with(cells, width, rng, scratch, blocks);
    }
}

/// The blocks are used from this many cells on. Below, every wall goes straight to the last
/// pass's union-find, over the cells: that union-find of the cells then stays in cache, and the
/// blocks' fixed costs (partial blocks, their borders) outweigh what they save (100 x 100:
/// 3.1M instructions without, 3.8M with; 180 x 180 was faster with the blocks).
const BLOCKS_FROM: usize = 1 << 14;

/// [`carve_kruskal`], with the blocks or without (the same maze: the tests check both).
pub(super) fn carve_kruskal_with(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    scratch: &mut Scratch,
    blocks: bool,
) {
    if !blocks {
        carve_without_blocks(cells, width, rng, scratch);
        return;
    }
    let height = cells.len() / width;
    let Scratch {
        east,
        south,
        draws,
        above_key,
        last,
        runs: [run, _],
        ..
    } = scratch;
    let stripe_cells = BLOCK.min(height) * width;
    for buffer in [&mut *east, &mut *south] {
        buffer.clear();
        buffer.resize(stripe_cells, 0);
    }
    above_key.clear();
    above_key.resize(width, 0);
    run.start(width, stripe_cells, 0);
    for y0 in (0..height).step_by(BLOCK) {
        let rows = BLOCK.min(height - y0);
        let keys = StripeKeys { east, south, draws };
        draw_stripe_keys(rng, width, y0 + rows < height, rows, keys);
        let stripe = Stripe {
            width,
            y0,
            cells_y0: y0,
            rows,
            east,
            south,
            above_key,
        };
        run.settle(&stripe, cells, y0 == 0);
        let last_row = (rows - 1) * width;
        above_key.copy_from_slice(&south[last_row..last_row + width]);
    }
    last.run(cells, width, &run.pending, run.next_part);
}

/// Pends the walls between the blocks of `stripe` (whose cells' parts are in `part`).
fn push_walls_between_blocks(stripe: &Stripe<'_>, part: &[u32], pending: &mut Vec<Pending>) {
    let width = stripe.width;
    for local_y in 0..stripe.rows {
        let row = local_y * width;
        let cell_row = (stripe.y0 + local_y) * width;
        for x in (BLOCK - 1..width.saturating_sub(1)).step_by(BLOCK) {
            pending.push(Pending {
                order: order(stripe.east[row + x], (cell_row + x) << 1),
                parts: [part[row + x], part[row + x + 1]],
            });
        }
    }
}

/// Pends the south walls of row `y0 - 1` (keys `above_key`, parts `above_part`) to the row
/// `y0` below, whose parts start `part`.
fn push_walls_above(
    width: usize,
    y0: usize,
    above_key: &[u32],
    above_part: &[u32],
    part: &[u32],
    pending: &mut Vec<Pending>,
) {
    let cell_row = (y0 - 1) * width;
    for x in 0..width {
        pending.push(Pending {
            order: order(above_key[x], (cell_row + x) << 1 | 1),
            parts: [above_part[x], part[x]],
        });
    }
}

/// The mazes, in cells, whose blocks [`carve_kruskal`] settles in two halves at once, on two
/// threads, when the machine has a second core (see [`carve_kruskal_in_halves`]). From 512 x
/// 512 a thread's start is lost in the work; up to 2048 x 2048, since the halves read every key
/// of the maze drawn beforehand (8 bytes a cell: 32 MB there), where one thread draws a stripe
/// at a time.
const HALVES_CELLS: std::ops::RangeInclusive<usize> = (1 << 18)..=(1 << 22);

/// Whether the machine has a second core, asked once per process: the standard library reads
/// the scheduler's CPU set and three cgroup files at every call.
fn second_core() -> bool {
    static SECOND_CORE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *SECOND_CORE.get_or_init(|| std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2))
}

/// A run of stripes settled one after the other (every stripe of the maze, or one half of
/// them in [`carve_kruskal_in_halves`]), with its buffers, kept between mazes.
#[derive(Default)]
pub(super) struct StripeRun {
    /// The block buffers, made by the first maze large enough to use them.
    block: Option<BlockScratch>,
    /// The current stripe's cells' parts, `local_y * width + x`.
    part: Vec<u32>,
    /// The parts of the previous stripe's last row.
    above_part: Vec<u32>,
    /// The parts of the run's first row.
    first_part: Vec<u32>,
    /// The walls left for the last pass.
    pending: Vec<Pending>,
    /// The next free part number.
    next_part: u32,
}

impl StripeRun {
    /// Readies the run for stripes of up to `stripe_cells` cells, `width` wide, numbering
    /// parts from `first_part` on.
    fn start(&mut self, width: usize, stripe_cells: usize, first_part: u32) {
        // A previous maze's part numbers would pass for current ones.
        let block = self.block.get_or_insert_with(BlockScratch::default);
        block.part_of_label.fill(0);
        self.part.clear();
        self.part.resize(stripe_cells, 0);
        self.above_part.clear();
        self.above_part.resize(width, 0);
        self.pending.clear();
        self.next_part = first_part;
    }

    /// Settles the blocks of `stripe` (whose cells `cells` holds) and pends the walls between
    /// them and, unless it is the run's `first`, those to the stripe before; then keeps the
    /// parts of its last row (and of the run's first row).
    fn settle(&mut self, stripe: &Stripe<'_>, cells: &mut [u8], first: bool) {
        let StripeRun {
            block,
            part,
            above_part,
            first_part,
            pending,
            next_part,
        } = self;
        let block = block.get_or_insert_with(BlockScratch::default);
        for x0 in (0..stripe.width).step_by(BLOCK) {
            *next_part = settle_block(stripe, x0, block, cells, part, pending, *next_part);
        }
        push_walls_between_blocks(stripe, part, pending);
        let width = stripe.width;
        if first {
            first_part.clear();
            first_part.extend_from_slice(&part[..width]);
        } else {
            push_walls_above(
                width,
                stripe.y0,
                stripe.above_key,
                above_part,
                part,
                pending,
            );
        }
        let last_row = (stripe.rows - 1) * width;
        above_part.copy_from_slice(&part[last_row..last_row + width]);
    }
}

/// [`carve_kruskal_with`] with the blocks, the upper and lower halves of the stripes settled
/// at once (the lower on a scoped thread), for the same maze and the same draws: every key is
/// drawn first, in enumeration order, and the blocks of each half then read theirs. The halves
/// number their parts apart; the walls between them, and every wall left pending, go through
/// the one last pass. Mazes of fewer than two stripes take the path of one thread.
pub(super) fn carve_kruskal_in_halves(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    scratch: &mut Scratch,
) {
    let height = cells.len() / width;
    let stripes = height.div_ceil(BLOCK);
    if stripes < 2 {
        carve_kruskal_with(cells, width, rng, scratch, true);
        return;
    }
    let Scratch {
        draws,
        all_east,
        all_south,
        runs: [upper, lower],
        last,
        ..
    } = scratch;
    for keys in [&mut *all_east, &mut *all_south] {
        keys.clear();
        keys.resize(cells.len(), 0);
    }
    for y0 in (0..height).step_by(BLOCK) {
        let rows = BLOCK.min(height - y0);
        let span = y0 * width..(y0 + rows) * width;
        let keys = StripeKeys {
            east: &mut all_east[span.clone()],
            south: &mut all_south[span],
            draws,
        };
        draw_stripe_keys(rng, width, y0 + rows < height, rows, keys);
    }
    let split = stripes / 2 * BLOCK;
    let (upper_cells, lower_cells) = cells.split_at_mut(split * width);
    let keys = (&all_east[..], &all_south[..]);
    let lower_first = (split * width) as u32;
    // The lower half waits here for the thread that takes it: the scoped one, or this one
    // after the upper half when the system could not start a thread.
    let lower_work = std::sync::Mutex::new(Some((lower_cells, &mut *lower)));
    let settle_lower = || {
        let work = lower_work.lock().ok().and_then(|mut work| work.take());
        work.map(|(cells, run)| settle_half(cells, width, split..height, keys, run, lower_first))
            .is_some()
    };
    let lower_settled = std::thread::scope(|scope| {
        let lower_run = std::thread::Builder::new().spawn_scoped(scope, settle_lower);
        settle_half(upper_cells, width, 0..split, keys, upper, 0);
        match lower_run.map(|run| run.join()) {
            Ok(Ok(settled)) => settled,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            Err(_) => settle_lower(),
        }
    });
    if !lower_settled {
        unreachable!("the lower half was taken by exactly one thread, which settled it");
    }
    // The lower half's parts follow the upper half's, and its walls join the upper half's.
    let renumber = |part: u32| part - lower_first + upper.next_part;
    upper
        .pending
        .extend(lower.pending.iter().map(|wall| Pending {
            order: wall.order,
            parts: wall.parts.map(renumber),
        }));
    for part in &mut lower.first_part {
        *part = renumber(*part);
    }
    let above = &all_south[(split - 1) * width..split * width];
    push_walls_above(
        width,
        split,
        above,
        &upper.above_part,
        &lower.first_part,
        &mut upper.pending,
    );
    last.run(cells, width, &upper.pending, renumber(lower.next_part));
}

/// Settles the stripes of `rows` (whole stripes but maybe the maze's last), whose cells are
/// `cells`, as `run`, numbering their parts from `first_part` on.
fn settle_half(
    cells: &mut [u8],
    width: usize,
    rows: std::ops::Range<usize>,
    (all_east, all_south): (&[u32], &[u32]),
    run: &mut StripeRun,
    first_part: u32,
) {
    run.start(width, BLOCK * width, first_part);
    for y0 in rows.clone().step_by(BLOCK) {
        let stripe_rows = BLOCK.min(rows.end - y0);
        let span = y0 * width..(y0 + stripe_rows) * width;
        // Row 0 has no row above; its stripe reads no key of one.
        let above = y0.saturating_sub(1) * width;
        let stripe = Stripe {
            width,
            y0,
            cells_y0: y0 - rows.start,
            rows: stripe_rows,
            east: &all_east[span.clone()],
            south: &all_south[span],
            above_key: &all_south[above..above + width],
        };
        run.settle(&stripe, cells, y0 == rows.start);
    }
}

/// Kruskal without the blocks: every wall sorted as one `u64` (its order, which holds its id),
/// then a union-find over the cells.
fn carve_without_blocks(
    cells: &mut [u8],
    width: usize,
    rng: &mut impl Rng31,
    scratch: &mut Scratch,
) {
    let height = cells.len() / width;
    let walls = &mut scratch.plain;
    walls.clear();
    for y in 0..height {
        for x in 0..width {
            let cell = y * width + x;
            if x + 1 < width {
                walls.push(order(draw_key(rng), cell << 1));
            }
            if y + 1 < height {
                walls.push(order(draw_key(rng), cell << 1 | 1));
            }
        }
    }
    bucket_sort(
        walls,
        &mut scratch.plain_sorted,
        &mut scratch.last.bucket_starts,
        |&wall| wall,
    );
    let count = cells.len() as u32;
    let walls = scratch.plain_sorted.iter().map(|&entry| {
        let wall = entry as u32 as usize;
        let a = wall >> 1;
        let b = a + if wall & 1 == 1 { width } else { 1 };
        (wall, [a as u32, b as u32])
    });
    open_joining_walls(cells, width, &mut scratch.last.parts, count, walls);
}

/// The sort order of a wall: by key, then by id. The key sits just below the top bit, where
/// [`bucket_sort`] looks.
#[inline(always)]
fn order(key: u32, wall: usize) -> u64 {
    u64::from(key) << (63 - KEY_BITS) | wall as u64
}

/// Draws the keys of the stripe's `rows` rows in enumeration order; `last_has_south` says whether
/// the stripe's last row has south walls (false only on the maze's last row). A row's draws are
/// taken at once with [`Rng31::fill_u31`], then dealt to its walls: an [`rng::Lcg31`] computes
/// them eight at a time from its state, where draws one by one each wait on the one before (a
/// multiply and an add, two million times per 1000 x 1000 maze).
fn draw_stripe_keys(
    rng: &mut impl Rng31,
    width: usize,
    last_has_south: bool,
    rows: usize,
    keys: StripeKeys<'_>,
) {
    let StripeKeys { east, south, draws } = keys;
    for local_y in 0..rows {
        let row = local_y * width;
        let east = &mut east[row..row + width];
        let south = &mut south[row..row + width];
        if local_y + 1 < rows || last_has_south {
            // Each cell's east wall then its south wall; the last cell has only a south wall.
            draws.resize(2 * width - 1, 0);
            rng.fill_u31(draws);
            let (pairs, last) = draws.split_at(2 * (width - 1));
            for ((east, south), pair) in east.iter_mut().zip(&mut *south).zip(pairs.chunks_exact(2))
            {
                *east = key_of(pair[0]);
                *south = key_of(pair[1]);
            }
            south[width - 1] = key_of(last[0]);
        } else {
            let east = &mut east[..width - 1];
            rng.fill_u31(east);
            for key in east {
                *key = key_of(*key);
            }
            south.fill(NO_KEY);
        }
    }
}

/// The buffers [`draw_stripe_keys`] writes: the stripe's keys, and one row's draws.
struct StripeKeys<'a> {
    east: &'a mut [u32],
    south: &'a mut [u32],
    draws: &'a mut Vec<u32>,
}

/// One wall's key: the top [`KEY_BITS`] of a draw (masked first, so that a generator breaking
/// the 31-bit promise cannot reach past them).
#[inline(always)]
fn draw_key(rng: &mut impl Rng31) -> u32 {
    key_of(rng.next_u31())
}

/// The key of a draw (see [`draw_key`]).
#[inline(always)]
fn key_of(draw: u32) -> u32 {
    (draw & 0x7FFF_FFFF) >> (31 - KEY_BITS)
}

/// One stripe of blocks: its rows' keys and the keys of the walls to the stripe above.
struct Stripe<'a> {
    width: usize,
    y0: usize,
    /// The stripe's first row in the `cells` its blocks write to (`y0` when they are the whole
    /// maze, less in the lower half of [`carve_kruskal_in_halves`]).
    cells_y0: usize,
    rows: usize,
    east: &'a [u32],
    south: &'a [u32],
    above_key: &'a [u32],
}

/// Settles the inner walls of the block at column `x0` of `stripe`: opens in `cells` those in
/// the tree, pushes to `pending` those it cannot tell, and numbers the parts of its opened
/// walls in `part` from `first_part` on. Returns the next free part number.
fn settle_block(
    stripe: &Stripe<'_>,
    x0: usize,
    scratch: &mut BlockScratch,
    cells: &mut [u8],
    part: &mut [u32],
    pending: &mut Vec<Pending>,
    first_part: u32,
) -> u32 {
    let Stripe {
        width,
        y0,
        rows,
        east,
        south,
        ..
    } = *stripe;
    let columns = BLOCK.min(width - x0);
    settle_by_neighbourhood(stripe, x0, columns, scratch);
    let (tree_count, wall_count) = file_walls(stripe, x0, columns, scratch);
    scratch.open.fill(0);
    // The lightest walls of cells are in the tree whatever their order: join them first.
    for index in 0..tree_count {
        let wall = usize::from(scratch.tree[index]);
        let south = wall & 1;
        let a = wall >> 1;
        let b = (a + 1 + south * (BLOCK - 1)) % CELLS;
        let sets = &mut scratch.cells;
        let (set_a, set_b) = (
            usize::from(sets[a].joined.label),
            usize::from(sets[b].joined.label),
        );
        scratch.open[a] |= 2 << south;
        scratch.open[b] |= 8 >> (3 * south);
        let (small, large) = join(sets, set_a, set_b);
        sets[large].outward = sets[large].outward.min(sets[small].outward);
    }
    group_cells(scratch, rows, columns);
    sort_walls(scratch, wall_count);
    let mut left = 0;
    let BlockScratch {
        cells: sets,
        sorted,
        left: left_walls,
        open,
        ..
    } = scratch;
    for &entry in &sorted[..wall_count % (WALLS + 1)] {
        let key = entry >> WALL_BITS;
        let wall = entry as usize % WALLS;
        let south = wall & 1;
        let a = wall >> 1;
        let b = (a + 1 + south * (BLOCK - 1)) % CELLS;
        let (group_a, group_b) = (
            usize::from(sets[a].group) % CELLS,
            usize::from(sets[b].group) % CELLS,
        );
        let (set_a, set_b) = (
            usize::from(sets[group_a].joined.label),
            usize::from(sets[group_b].joined.label),
        );
        if set_a == set_b {
            continue;
        }
        let (set_a, set_b) = (set_a % CELLS, set_b % CELLS);
        let in_tree = sets[set_a].outward > key || sets[set_b].outward > key;
        let (written_a, written_b) = (sets[set_a].written != 0, sets[set_b].written != 0);
        if in_tree {
            // East (2) and west (8), or south (4) and north (1), without a branch: east and
            // south walls come in random order.
            open[a] |= 2 << south;
            open[b] |= 8 >> (3 * south);
            // At most one side has written out its parts: the other joins the part of the
            // wall's cell on that side.
            if written_a {
                write_part(sets, set_b, sets[group_a].part);
            } else if written_b {
                write_part(sets, set_a, sets[group_b].part);
            }
        } else {
            if !written_a {
                write_part(sets, set_a, set_a as u16);
            }
            if !written_b {
                write_part(sets, set_b, set_b as u16);
            }
            left_walls[left] = wall as u16;
            left += 1;
        }
        let written = u16::from(written_a || written_b || !in_tree);
        let (small, large) = join(sets, set_a, set_b);
        sets[large].outward = sets[large].outward.min(sets[small].outward);
        sets[large].written = written;
    }
    for local_y in 0..rows {
        let row = (stripe.cells_y0 + local_y) * width + x0;
        let local = local_y * BLOCK;
        for (bits, &opened) in cells[row..row + columns]
            .iter_mut()
            .zip(&scratch.open[local..local + columns])
        {
            *bits |= opened;
        }
    }
    // Only the cells on the block's border (walls to other blocks) and those of the walls left
    // pending need their part's number: each part gets one on its first such cell.
    let mut numbers = PartNumbers {
        first: first_part,
        next: first_part,
    };
    for local_y in 0..rows {
        let row = local_y * width + x0;
        let local = local_y * BLOCK;
        let step = if local_y == 0 || local_y + 1 == rows {
            1
        } else {
            // Only the first and last columns.
            columns.saturating_sub(1).max(1)
        };
        for local_x in (0..columns).step_by(step) {
            part[row + local_x] = numbers.of(scratch, local + local_x);
        }
    }
    for index in 0..left {
        let wall = usize::from(scratch.left[index]);
        let a = wall >> 1;
        let b = a + if wall & 1 == 0 { 1 } else { BLOCK };
        let index_a = (a / BLOCK) * width + x0 + a % BLOCK;
        let key = if wall & 1 == 0 {
            east[index_a]
        } else {
            south[index_a]
        };
        let parts = [numbers.of(scratch, a), numbers.of(scratch, b)];
        pending.push(Pending {
            order: order(key, (y0 * width + index_a) << 1 | (wall & 1)),
            parts,
        });
    }
    numbers.next
}

/// Makes each set of the lightest walls a group of its cells: every cell keeps its set's label as
/// its group, and each group becomes a set of one group, so that a join of the sorted walls
/// relabels the smaller set's groups (about a third as many as its cells) rather than its cells.
fn group_cells(scratch: &mut BlockScratch, rows: usize, columns: usize) {
    let cells = &mut scratch.cells;
    for local_y in 0..rows {
        let local = local_y * BLOCK;
        for cell in local..local + columns {
            let label = cells[cell].joined.label;
            cells[cell].group = label;
            // The group's root starts a circle of one group, written from each of its cells
            // rather than branched on (the other cells' links are not read again).
            cells[usize::from(label) % CELLS].joined.next = label;
        }
    }
}

/// Hands out the numbers of a block's parts, from `first` on, in the order they are asked for.
struct PartNumbers {
    first: u32,
    next: u32,
}

impl PartNumbers {
    /// The number of the part of block cell `cell`, handed out now if its part has none yet.
    #[inline(always)]
    fn of(&mut self, scratch: &mut BlockScratch, cell: usize) -> u32 {
        let slot = &mut scratch.part_of_label[part_of(&scratch.cells, cell)];
        // Selected, not branched on: whether a part was already numbered is random.
        let fresh = *slot <= self.first;
        let number = if fresh { self.next } else { *slot - 1 };
        *slot = number + 1;
        self.next += u32::from(fresh);
        number
    }
}

/// Starts the block's cells as sets of one, with the lowest key of their walls out of the block,
/// and files the block's inner walls by their class (see [`classify`]): the tree walls to
/// `scratch.tree`, the walls to sort to `scratch.walls` in enumeration order. Returns how many
/// of each. Each row's classes are packed into bit masks, so that only the walls filed cost a
/// step (a step per wall cost about three times as many instructions).
fn file_walls(
    stripe: &Stripe<'_>,
    x0: usize,
    columns: usize,
    scratch: &mut BlockScratch,
) -> (usize, usize) {
    let Stripe {
        width,
        y0,
        rows,
        east,
        south,
        above_key,
        ..
    } = *stripe;
    let BlockScratch {
        cells,
        fresh,
        east_keys,
        south_keys,
        east_class,
        south_class,
        tree,
        walls,
        ..
    } = scratch;
    for local_y in 0..rows {
        let local = local_y * BLOCK;
        cells[local..local + columns].copy_from_slice(&fresh[local..local + columns]);
    }
    // The walls out of the block: NO_KEY on the maze's edges.
    for local_y in 0..rows {
        let (row, local) = (local_y * width + x0, local_y * BLOCK);
        if x0 > 0 {
            cells[local].outward = east[row - 1];
        }
        let last = &mut cells[local + columns - 1].outward;
        *last = (*last).min(east[row + columns - 1]);
    }
    for local_x in 0..columns {
        if y0 > 0 {
            let first = &mut cells[local_x].outward;
            *first = (*first).min(above_key[x0 + local_x]);
        }
        let last = &mut cells[(rows - 1) * BLOCK + local_x].outward;
        *last = (*last).min(south[(rows - 1) * width + x0 + local_x]);
    }
    let (mut tree_count, mut wall_count) = (0, 0);
    let all_columns = u32::MAX >> (BLOCK - columns);
    for local_y in 0..rows {
        let at = padded(local_y, 0);
        let east_in = all_columns >> 1;
        let south_in = if local_y + 1 < rows { all_columns } else { 0 };
        let (east_tree, east_sort) = class_masks(&east_class[at..at + BLOCK]);
        let (south_tree, south_sort) = class_masks(&south_class[at..at + BLOCK]);
        // Bit `2 * local_x + south`, so that a row's walls come in enumeration order.
        let tree_bits = spread(east_tree & east_in) | spread(south_tree & south_in) << 1;
        let sort_bits = spread(east_sort & east_in) | spread(south_sort & south_in) << 1;
        let first_wall = local_y * 2 * BLOCK;
        let mut bits = tree_bits;
        while bits != 0 {
            tree[tree_count % WALLS] = (first_wall + bits.trailing_zeros() as usize) as u16;
            tree_count += 1;
            bits &= bits - 1;
        }
        let mut bits = sort_bits;
        while bits != 0 {
            let side = bits.trailing_zeros() as usize;
            let key_at = at + side / 2;
            // Selected, not branched on: east and south walls come in random order.
            let keys = if side & 1 == 0 {
                &east_keys
            } else {
                &south_keys
            };
            let key = keys[key_at % PADDED];
            walls[wall_count % WALLS] = key << WALL_BITS | (first_wall + side) as u32;
            wall_count += 1;
            bits &= bits - 1;
        }
    }
    (tree_count, wall_count)
}

/// Packs a row of [`BLOCK`] wall classes into two masks, bit `local_x` set where the wall is in
/// the tree, and where it is to sort: eight classes at a time, as bytes of a `u64` whose low
/// bits a multiplication gathers into its top byte.
#[inline(always)]
fn class_masks(classes: &[u8]) -> (u32, u32) {
    const LOW_BITS: u64 = 0x0101_0101_0101_0101;
    // Byte i's low bit lands on bit 56 + i, and no two products overlap or carry.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let (mut tree, mut sort) = (0, 0);
    for (chunk, eight) in classes.chunks_exact(8).take(BLOCK / 8).enumerate() {
        let mut bytes = [0; 8];
        bytes.copy_from_slice(eight);
        let bytes = u64::from_le_bytes(bytes);
        let shift = 8 * chunk;
        tree |= (((bytes & LOW_BITS).wrapping_mul(GATHER) >> 56) as u32) << shift;
        sort |= ((((bytes >> 1) & LOW_BITS).wrapping_mul(GATHER) >> 56) as u32) << shift;
    }
    (tree, sort)
}

/// Spreads the bits of `bits` to the even bits of a `u64` (bit i to bit 2i).
#[inline(always)]
fn spread(bits: u32) -> u64 {
    let mut bits = u64::from(bits);
    bits = (bits | bits << 16) & 0x0000_FFFF_0000_FFFF;
    bits = (bits | bits << 8) & 0x00FF_00FF_00FF_00FF;
    bits = (bits | bits << 4) & 0x0F0F_0F0F_0F0F_0F0F;
    bits = (bits | bits << 2) & 0x3333_3333_3333_3333;
    (bits | bits << 1) & 0x5555_5555_5555_5555
}

/// The padded index of block cell (`local_x`, `local_y`): one row and column of cells out of
/// the block on each side.
#[inline(always)]
fn padded(local_y: usize, local_x: usize) -> usize {
    (local_y + 1) * STRIDE + local_x + 1
}

/// Fills `scratch.lightest` with each block cell's lightest wall, and `scratch.heaviest` with
/// the heaviest wall of each square of four cells in the block (at its north-west cell;
/// `u32::MAX` where the square reaches out of the block), both as `key << 2 | rank`, the rank
/// in the order of wall ids: north, west, east, south around a cell, and north, west, east,
/// south sides round a square. Whole rows of lanes, so that they vectorise.
fn settle_by_neighbourhood(
    stripe: &Stripe<'_>,
    x0: usize,
    columns: usize,
    scratch: &mut BlockScratch,
) {
    let Stripe {
        width,
        y0,
        rows,
        east,
        south,
        above_key,
        ..
    } = *stripe;
    let BlockScratch {
        east_keys,
        south_keys,
        lightest,
        heaviest,
        east_class,
        south_class,
        ..
    } = scratch;
    let above = padded(0, 0) - STRIDE;
    if y0 > 0 {
        south_keys[above..above + columns].copy_from_slice(&above_key[x0..x0 + columns]);
    } else {
        south_keys[above..above + columns].fill(NO_KEY);
    }
    for local_y in 0..rows {
        let (row, at) = (local_y * width + x0, padded(local_y, 0));
        east_keys[at - 1] = if x0 > 0 { east[row - 1] } else { NO_KEY };
        east_keys[at..at + columns].copy_from_slice(&east[row..row + columns]);
        south_keys[at..at + columns].copy_from_slice(&south[row..row + columns]);
    }
    for local_y in 0..rows {
        let at = padded(local_y, 0);
        let lanes = lightest[at..at + BLOCK]
            .iter_mut()
            .zip(&south_keys[at - STRIDE..at - STRIDE + BLOCK])
            .zip(&east_keys[at - 1..at - 1 + BLOCK])
            .zip(&east_keys[at..at + BLOCK])
            .zip(&south_keys[at..at + BLOCK]);
        for ((((lowest, &north), &west), &east), &south) in lanes {
            *lowest = (north << 2)
                .min(west << 2 | 1)
                .min(east << 2 | 2)
                .min(south << 2 | 3);
        }
    }
    for local_y in 0..rows - 1 {
        let at = padded(local_y, 0);
        let lanes = heaviest[at..at + BLOCK]
            .iter_mut()
            .zip(&east_keys[at..at + BLOCK])
            .zip(&south_keys[at..at + BLOCK])
            .zip(&south_keys[at + 1..at + 1 + BLOCK])
            .zip(&east_keys[at + STRIDE..at + STRIDE + BLOCK]);
        for ((((highest, &north), &west), &east), &south) in lanes {
            *highest = (north << 2)
                .max(west << 2 | 1)
                .max(east << 2 | 2)
                .max(south << 2 | 3);
        }
        heaviest[at + columns - 1] = u32::MAX;
    }
    let last = padded(rows - 1, 0);
    heaviest[last..last + BLOCK].fill(u32::MAX);
    for local_y in 0..rows {
        let at = padded(local_y, 0);
        let lanes = east_class[at..at + BLOCK]
            .iter_mut()
            .zip(&east_keys[at..at + BLOCK])
            .zip(&lightest[at..at + BLOCK])
            .zip(&lightest[at + 1..at + 1 + BLOCK])
            .zip(&heaviest[at..at + BLOCK])
            .zip(&heaviest[at - STRIDE..at - STRIDE + BLOCK]);
        for (((((class, &key), &west_end), &east_end), &below), &above) in lanes {
            let wall = key << 2;
            let tree = (west_end == wall | 2) | (east_end == wall | 1);
            let dropped = (below == wall) | (above == wall | 3);
            *class = classify(tree, dropped);
        }
        let lanes = south_class[at..at + BLOCK]
            .iter_mut()
            .zip(&south_keys[at..at + BLOCK])
            .zip(&lightest[at..at + BLOCK])
            .zip(&lightest[at + STRIDE..at + STRIDE + BLOCK])
            .zip(&heaviest[at..at + BLOCK])
            .zip(&heaviest[at - 1..at - 1 + BLOCK]);
        for (((((class, &key), &north_end), &south_end), &right), &left) in lanes {
            let wall = key << 2;
            let tree = (north_end == wall | 3) | (south_end == wall);
            let dropped = (right == wall | 1) | (left == wall | 2);
            *class = classify(tree, dropped);
        }
    }
}

/// A wall's class: 1 (in the tree) if it is the lightest wall of one of its cells, 2 (to sort) if it is
/// neither that nor the heaviest wall of a square, else 0 (dropped).
#[inline(always)]
fn classify(tree: bool, dropped: bool) -> u8 {
    u8::from(tree) | u8::from(!(tree | dropped)) << 1
}

/// Digit `digit` (0 the lowest) of a block sort entry's key.
#[inline(always)]
fn key_digit(entry: u32, digit: usize) -> usize {
    (entry >> (WALL_BITS + digit as u32 * DIGIT_BITS)) as usize % BUCKETS
}

/// Sorts `scratch.walls[..count]` into `scratch.sorted` by key: a stable counting sort by each
/// digit of the key, lowest first (walls to sorted, back to walls, to sorted). The walls come in
/// enumeration order, so ties stay in wall order, and no step branches on the data (an
/// insertion sort finishing a one-digit sort mispredicted about once per three walls).
fn sort_walls(scratch: &mut BlockScratch, count: usize) {
    let BlockScratch {
        walls,
        sorted,
        counts,
        ..
    } = scratch;
    let count = count % (WALLS + 1);
    for digit_counts in counts.iter_mut() {
        digit_counts.fill(0);
    }
    for &entry in &walls[..count] {
        for (digit, digit_counts) in counts.iter_mut().enumerate() {
            digit_counts[key_digit(entry, digit) + 1] += 1;
        }
    }
    for digit_counts in counts.iter_mut() {
        for bucket in 1..digit_counts.len() {
            digit_counts[bucket] += digit_counts[bucket - 1];
        }
    }
    let [first, middle, last] = &mut **counts;
    scatter_by_digit(&walls[..count], sorted, first, 0);
    scatter_by_digit(&sorted[..count], walls, middle, 1);
    scatter_by_digit(&walls[..count], sorted, last, 2);
}

/// One pass of [`sort_walls`]: moves `from` into `to` in the order of digit `digit`, stably,
/// given each bucket's start.
#[inline(always)]
fn scatter_by_digit(
    from: &[u32],
    to: &mut [u32; WALLS],
    starts: &mut [u16; BUCKETS + 1],
    digit: usize,
) {
    for &entry in from {
        let slot = &mut starts[key_digit(entry, digit)];
        to[usize::from(*slot) % WALLS] = entry;
        *slot += 1;
    }
}

/// Sorts a nearly sorted slice by `key`, in time linear in its length plus its inversions.
#[inline(always)]
fn insertion_sort<T: Copy>(items: &mut [T], key: impl Fn(&T) -> u64) {
    for index in 1..items.len() {
        let item = items[index];
        let item_key = key(&item);
        let mut slot = index;
        while slot > 0 && key(&items[slot - 1]) > item_key {
            items[slot] = items[slot - 1];
            slot -= 1;
        }
        items[slot] = item;
    }
}

/// Joins the different sets labelled `a` and `b` of the block's partition `joined`: the smaller
/// one takes the larger one's label and the two circles of cells become one. Returns the labels
/// (smaller, larger).
#[inline(always)]
fn join(cells: &mut [BlockCell; CELLS], a: usize, b: usize) -> (usize, usize) {
    let (a, b) = (a % CELLS, b % CELLS);
    let (small, large) = if cells[a].joined.size < cells[b].joined.size {
        (a, b)
    } else {
        (b, a)
    };
    let large_label = large as u16;
    let small_links = &mut cells[small].joined;
    small_links.label = large_label;
    let small_next = small_links.next;
    let small_size = small_links.size;
    // Most joins take in a single cell: the walk round its circle ends at once.
    let mut cell = usize::from(small_next) % CELLS;
    while cell != small {
        let cell_links = &mut cells[cell].joined;
        cell_links.label = large_label;
        cell = usize::from(cell_links.next) % CELLS;
    }
    // Swapping one successor of each circle splices them into one.
    let large_links = &mut cells[large].joined;
    let large_next = large_links.next;
    large_links.next = small_next;
    large_links.size += small_size;
    cells[small].joined.next = large_next;
    (small, large)
}

/// Writes `part` into every group of the set labelled `label` (round its circle).
#[inline(always)]
fn write_part(cells: &mut [BlockCell; CELLS], label: usize, part: u16) {
    let mut cell = label % CELLS;
    loop {
        cells[cell].part = part;
        cell = usize::from(cells[cell].joined.next) % CELLS;
        if cell == label {
            break;
        }
    }
}

/// The part of block cell `cell`, named by one of its cells: its group's once its set has
/// written them out, else its set's label.
#[inline(always)]
fn part_of(cells: &[BlockCell; CELLS], cell: usize) -> usize {
    let group = usize::from(cells[cell % CELLS].group) % CELLS;
    let label = usize::from(cells[group].joined.label) % CELLS;
    if cells[label].written != 0 {
        usize::from(cells[group].part) % CELLS
    } else {
        label
    }
}

/// Opens the east (or south) wall of `cell` on both of its cells.
#[inline(always)]
fn open_wall(cells: &mut [u8], width: usize, cell: usize, south: bool) {
    // Selected, not branched on: east and south walls come in random order.
    let (step, here, there) = if south {
        (width, Dir4::S.bit(), Dir4::N.bit())
    } else {
        (1, Dir4::E.bit(), Dir4::W.bit())
    };
    cells[cell] |= here;
    cells[cell + step] |= there;
}

/// The last pass's buffers.
#[derive(Default)]
struct LastPass {
    /// The pending walls sorted, and the buckets of that sort.
    sorted_pending: Vec<Pending>,
    bucket_starts: Vec<u32>,
    /// The union-find of the parts: a root holds `ROOT | rank`, any other part its parent.
    parts: Vec<u32>,
}

impl LastPass {
    /// Runs the `pending` walls in order through a union-find of the `count` parts, opening
    /// those that join two.
    fn run(&mut self, cells: &mut [u8], width: usize, pending: &[Pending], count: u32) {
        let LastPass {
            sorted_pending,
            bucket_starts,
            parts,
        } = self;
        bucket_sort(pending, sorted_pending, bucket_starts, |wall| wall.order);
        let walls = sorted_pending
            .iter()
            .map(|wall| (wall.order as u32 as usize, wall.parts));
        open_joining_walls(cells, width, parts, count, walls);
    }
}

/// Runs `walls` (in order, each as its id and the sets on its two sides) through a union-find
/// of `count` sets, opening each wall that joins two, until all are one.
#[inline(always)]
fn open_joining_walls(
    cells: &mut [u8],
    width: usize,
    parts: &mut Vec<u32>,
    count: u32,
    walls: impl Iterator<Item = (usize, [u32; 2])>,
) {
    parts.clear();
    parts.resize(count as usize, ROOT);
    let mut joins_left = count.saturating_sub(1);
    for (wall, [a, b]) in walls {
        if joins_left == 0 {
            break;
        }
        let (root_a, root_b) = (find_part(parts, a), find_part(parts, b));
        if root_a == root_b {
            continue;
        }
        union_parts(parts, root_a, root_b);
        open_wall(cells, width, wall >> 1, wall & 1 == 1);
        joins_left -= 1;
    }
}

/// Joins two different roots of the parts' union-find, by rank.
#[inline(always)]
fn union_parts(parts: &mut [u32], root_a: u32, root_b: u32) {
    let (rank_a, rank_b) = (parts[root_a as usize], parts[root_b as usize]);
    if rank_a < rank_b {
        parts[root_a as usize] = root_b;
    } else {
        parts[root_b as usize] = root_a;
        if rank_a == rank_b {
            parts[root_a as usize] += 1;
        }
    }
}

/// The most top key bits [`bucket_sort`] buckets by.
const PENDING_SORT_BITS: u32 = 16;

/// Sorts `items` by `order` (a wall's order) into `sorted`: a counting sort by the top key bits
/// into about one bucket per item (at most 2^16), then an insertion sort.
fn bucket_sort<T: Copy + Default>(
    items: &[T],
    sorted: &mut Vec<T>,
    starts: &mut Vec<u32>,
    order: impl Fn(&T) -> u64,
) {
    let bits = items.len().max(2).ilog2().clamp(1, PENDING_SORT_BITS);
    let bucket = |item: &T| (order(item) >> (63 - bits)) as usize;
    starts.clear();
    starts.resize((1 << bits) + 1, 0);
    for item in items {
        starts[bucket(item) + 1] += 1;
    }
    for index in 1..starts.len() {
        starts[index] += starts[index - 1];
    }
    sorted.clear();
    sorted.resize(items.len(), T::default());
    for item in items {
        let slot = &mut starts[bucket(item)];
        sorted[*slot as usize] = *item;
        *slot += 1;
    }
    insertion_sort(sorted, order);
}

/// The root of `part` in the parts' union-find, splitting the path on the way (each part
/// passed is pointed at its grandparent).
#[inline(always)]
fn find_part(parts: &mut [u32], part: u32) -> u32 {
    let mut part = part;
    loop {
        let up = parts[part as usize];
        if up & ROOT != 0 {
            return part;
        }
        let grand = parts[up as usize];
        if grand & ROOT == 0 {
            parts[part as usize] = grand;
        }
        part = up;
    }
}
