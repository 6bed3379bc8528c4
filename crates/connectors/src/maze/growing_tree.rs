//! The growing-tree algorithm (document 004): an active list starts with one random cell; each
//! step picks a cell from it by the policy and opens a wall to one of its unvisited neighbours
//! (which joins the list), or retires it when it has none.
//!
//! Each policy has its own loop over the list shape it needs: newest is a stack (the DFS loop),
//! oldest a queue, random an unordered list with swap-remove. Mixed keeps insertion order, so
//! "newest" stays true: a retired cell leaves at once when it is at either end; in the middle its
//! entry is flagged, random picks that land on it are drawn again, and the list is compacted when
//! flagged entries pass half the live ones (a third of the list: fewer redraws, each an
//! unpredictable branch and a cache miss, for about two more copies per entry). Every operation
//! is amortised O(1).
//!
//! Draws: one `index` for the start cell; per step, `chance(newest)` for the mixed policy, one
//! `index` per random pick of the random policy, and one `index` when the picked cell has more
//! than one unvisited neighbour. The mixed policy's random picks (again on a flagged entry) take
//! one `index` each; from 2^18 cells they take their draws in batches of eight instead, two
//! batches at the start and one after every eighth pick, each the place `draw * span >> 31`
//! among the `span` entries: a pick knows the next picks' places early enough to prefetch them
//! (see `SlotDraws`). With the newest policy the draws, and so the mazes, are exactly those of
//! [`super::Algorithm::Dfs`].

use rng::Rng31;

use crate::index::prefetch;

use super::dfs::grow_newest;
use super::draw::{pick, Chance};
use super::padded::{carve_to_random_neighbor, PaddedGrid};
use super::GrowingPolicy;

/// The flag on a list entry whose cell is retired (padded indices stay below 2^28, see
/// [`super::padded`]).
const RETIRED_ENTRY: u32 = 1 << 31;

/// Carves a perfect maze into `grid` (reset to `width x height`, from a maze of `cells` cells).
/// `scratch` holds the active list of padded indices. `batched` turns on the mixed policy's
/// batched draws ([`batches_draws`] says where the generator does; the tests take both ways on
/// small mazes too).
pub(super) fn carve_growing_tree(
    grid: &mut PaddedGrid,
    cells: usize,
    width: usize,
    policy: GrowingPolicy,
    rng: &mut impl Rng31,
    scratch: &mut Vec<u32>,
    batched: bool,
) {
    scratch.clear();
    let start = grid.visit_random_start(cells, width, rng);
    let offsets = grid.offsets();
    let slots = grid.slots_mut();
    scratch.push(start as u32);
    match policy {
        GrowingPolicy::Newest => grow_newest(slots, &offsets, scratch, rng),
        GrowingPolicy::Oldest => grow_oldest(slots, &offsets, scratch, rng),
        GrowingPolicy::Random => grow_random(slots, &offsets, scratch, rng),
        // The picks of the two ways differ in every step: a loop for each.
        GrowingPolicy::Mixed { newest } if batched => {
            grow_mixed::<true>(slots, &offsets, scratch, Chance::new(newest), rng)
        }
        GrowingPolicy::Mixed { newest } => {
            grow_mixed::<false>(slots, &offsets, scratch, Chance::new(newest), rng)
        }
    }
}

/// The oldest policy: a queue whose head is retired when it has no unvisited neighbour left.
fn grow_oldest(slots: &mut [u8], offsets: &[usize; 4], queue: &mut Vec<u32>, rng: &mut impl Rng31) {
    let mut head = 0;
    while let Some(&cell) = queue.get(head) {
        match carve_to_random_neighbor(slots, offsets, cell as usize, rng) {
            Some(next) => queue.push(next as u32),
            None => head += 1,
        }
    }
}

/// The random policy: order does not matter, so a retired cell is swap-removed.
fn grow_random(
    slots: &mut [u8],
    offsets: &[usize; 4],
    active: &mut Vec<u32>,
    rng: &mut impl Rng31,
) {
    while !active.is_empty() {
        let slot = pick(rng, active.len());
        let cell = active[slot] as usize;
        match carve_to_random_neighbor(slots, offsets, cell, rng) {
            Some(next) => active.push(next as u32),
            None => {
                active.swap_remove(slot);
            }
        }
    }
}

/// The mixed policy over an ordered list `cells[head..]`, `flagged` of its entries retired;
/// `BATCHED` takes the random picks' draws from [`SlotDraws`].
fn grow_mixed<const BATCHED: bool>(
    slots: &mut [u8],
    offsets: &[usize; 4],
    cells: &mut Vec<u32>,
    take_newest: Chance,
    rng: &mut impl Rng31,
) {
    let mut slot_draws = if BATCHED {
        SlotDraws::new(rng)
    } else {
        SlotDraws::default()
    };
    let mut head = 0;
    let mut live = cells.len();
    let mut flagged = 0;
    while live > 0 {
        // Each policy has its own copy of the step, so that the branch predictor learns their
        // outcomes apart (the newest cell was usually just carved and has a way on; a random
        // one is nearer an even bet).
        let slot = if take_newest.draw(rng) {
            // The last entry is never flagged: flagged entries at the end are popped at once.
            let slot = cells.len() - 1;
            if let Some(next) = carve_to_random_neighbor(slots, offsets, cells[slot] as usize, rng)
            {
                cells.push(next as u32);
                live += 1;
                continue;
            }
            slot
        } else {
            let slot = loop {
                let slot = if BATCHED {
                    slot_draws.pick(rng, cells, head)
                } else {
                    head + pick(rng, cells.len() - head)
                };
                if cells[slot] & RETIRED_ENTRY == 0 {
                    break slot;
                }
            };
            if let Some(next) = carve_to_random_neighbor(slots, offsets, cells[slot] as usize, rng)
            {
                cells.push(next as u32);
                live += 1;
                continue;
            }
            slot
        };
        live -= 1;
        if slot + 1 == cells.len() {
            // The newest entry leaves, and so do the flagged entries it uncovers.
            cells.pop();
            while cells.len() > head && cells.last().is_some_and(|&c| c & RETIRED_ENTRY != 0) {
                cells.pop();
                flagged -= 1;
            }
        } else if slot == head {
            // The oldest entry leaves, and so do the flagged entries after it (the last entry
            // is live, so this stops before the end).
            head += 1;
            while cells[head] & RETIRED_ENTRY != 0 {
                head += 1;
                flagged -= 1;
            }
        } else {
            cells[slot] |= RETIRED_ENTRY;
            flagged += 1;
        }
        if flagged * 2 > live {
            // More than a third of the entries are retired: compact, keeping the order.
            compact(cells, head);
            head = 0;
            flagged = 0;
        }
    }
}

/// The mazes, in cells, from which the mixed policy takes its random picks' draws in batches
/// and prefetches: where its list (up to about half a 4-byte entry per cell) outgrows L2. Below,
/// the hint costs more than it saves, and each pick draws its `index` as it goes.
const BATCHED_FROM: usize = 1 << 18;

/// Whether a maze of `cells` cells takes the mixed policy's batched draws (see
/// [`BATCHED_FROM`]).
pub(super) fn batches_draws(cells: usize) -> bool {
    cells >= BATCHED_FROM
}

/// The mixed policy's random picks take their draws in batches of `PICK_BATCH` from the stream,
/// kept in a ring of two batches: every pick knows the draws of the next `PICK_BATCH` picks.
const PICK_BATCH: usize = 8;

/// How many random picks ahead the mixed policy prefetches the list entry a draw will land on.
const LIST_AHEAD: usize = 8;

/// The mixed policy's random picks, drawn before they are used: a pick lands anywhere in a
/// list of megabytes, so each pick asks early for the entry of a later one, at the place it
/// would take in the list as it is then (the list grows by at most one entry a step, which
/// moves the place by at most as many entries: usually the same cache line).
#[derive(Default)]
struct SlotDraws {
    upcoming: [u32; 2 * PICK_BATCH],
    used: usize,
}

impl SlotDraws {
    /// Takes the draws of the first two batches.
    fn new(rng: &mut impl Rng31) -> SlotDraws {
        let mut upcoming = [0; 2 * PICK_BATCH];
        rng.fill_u31(&mut upcoming);
        SlotDraws { upcoming, used: 0 }
    }

    /// A uniform place in `cells[head..]` (not empty).
    #[inline(always)]
    fn pick(&mut self, rng: &mut impl Rng31, cells: &[u32], head: usize) -> usize {
        let span = (cells.len() - head) as u64;
        let place = |draw: u32| head + ((u64::from(draw) * span) >> 31) as usize;
        let ring = |pick: usize| pick % (2 * PICK_BATCH);
        let draw = self.upcoming[ring(self.used)];
        self.used += 1;
        if self.used.is_multiple_of(PICK_BATCH) {
            // The batch just used makes room for the one after the next.
            let start = ring(self.used + PICK_BATCH);
            rng.fill_u31(&mut self.upcoming[start..start + PICK_BATCH]);
        }
        if let Some(entry) = cells.get(place(self.upcoming[ring(self.used + LIST_AHEAD - 1)])) {
            prefetch(entry);
        }
        place(draw)
    }
}

/// Drops the first `head` entries of `cells` and the retired ones, keeping the order of the
/// others. Each entry is copied and kept by advancing the write place: no branch on the flags,
/// which fall at random.
fn compact(cells: &mut Vec<u32>, head: usize) {
    let mut kept = 0;
    for read in head..cells.len() {
        let cell = cells[read];
        if let Some(place) = cells.get_mut(kept) {
            *place = cell;
        }
        kept += usize::from(cell & RETIRED_ENTRY == 0);
    }
    cells.truncate(kept);
}
