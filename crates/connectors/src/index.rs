//! A uniform grid hash over room boxes: each box is filed under every 16-block cell it touches,
//! so a collision query looks at a handful of cells whatever the number of rooms. Cells are
//! grouped in pages of 4 x 1 x 4 that sit together in memory, found through an open-addressed
//! table with a fixed hash (no `std` hash containers: lookups only, never iterated, so the output
//! cannot depend on table order). A cell's boxes and their items are kept apart, so a
//! collision query reads one cache line of boxes per cell. [`PointIndex`] files points for exact
//! lookups (the unused connectors by position, when they lie too far apart for
//! `crate::facing`'s sort).

use std::cell::Cell;

use glam::IVec3;

use crate::geom::Aabb;

const CELL_SHIFT: i32 = 4;
const CELL_MASK: i32 = (1 << CELL_SHIFT) - 1;
const EMPTY: u32 = u32::MAX;

/// Cells per page along x and z (a power of two); a page is one cell tall, since layouts
/// spread out far more than up.
const PAGE_SIDE: i32 = 4;
const PAGE_SIDE_SHIFT: i32 = 2;
const PAGE_CELLS: usize = (PAGE_SIDE * PAGE_SIDE) as usize;

/// Boxes per bucket: fourteen packed boxes, a length and a link fill 64 bytes.
const BUCKET_LEN: usize = 14;

/// Up to [`BUCKET_LEN`] boxes of one cell, each clipped to the cell and packed by
/// [`pack_local`]; their items sit at the same places in the bucket's [`BucketItems`]. A cell's
/// first bucket lives in its page, so a query reads one cache line per cell for the first
/// fourteen boxes instead of one scattered entry per box. Large layouts file a dozen boxes in a
/// busy cell, so with the items beside the boxes (seven per line) most queries would follow a
/// chain to a second, scattered line; a collision query needs the boxes only. More boxes
/// continue in overflow buckets, the newest first, and every overflow bucket but the newest is
/// full.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
struct Bucket {
    boxes: [u32; BUCKET_LEN],
    len: u32,
    /// The cell's newest overflow bucket (from a page bucket) or the next older one.
    next: u32,
}

impl Bucket {
    /// Whether one of its boxes intersects `query` (packed by [`pack_query`] in its cell). All
    /// fourteen places are tested, then those past `len` masked out: a fixed-length loop with
    /// no branch per box, which the compiler turns into vector code. Dense cells hold a dozen
    /// boxes, and a test that stops at the first hit would run a loop of varying length and
    /// mispredict its exit.
    fn hits(&self, query: u32) -> bool {
        let mut found = 0u32;
        for (place, &stored) in self.boxes.iter().enumerate() {
            found |= u32::from(packed_intersects(stored, query)) << place;
        }
        found & ((1 << self.len) - 1) != 0
    }
}

/// The items of a [`Bucket`]'s boxes, place for place.
type BucketItems = [u32; BUCKET_LEN];

const EMPTY_BUCKET: Bucket = Bucket {
    boxes: [0; BUCKET_LEN],
    len: 0,
    next: EMPTY,
};

/// Five bits per coordinate: four for the position in the cell (0..=15) and a guard bit.
const LANE_BITS: u32 = 5;
/// The guard bit of each of the six lanes.
const GUARDS: u32 = 0b10000_10000_10000_10000_10000_10000;
/// Lanes 0..3 (the stored box's minimum corner).
const LOW_LANES: u32 = (1 << (3 * LANE_BITS)) - 1;

/// Packs three cell-local coordinates into lanes `first..first + 3`.
fn lanes(v: IVec3, first: u32) -> u32 {
    let shift = first * LANE_BITS;
    ((v.x as u32) << shift)
        | ((v.y as u32) << (shift + LANE_BITS))
        | ((v.z as u32) << (shift + 2 * LANE_BITS))
}

/// A box clipped to a cell, in cell-local coordinates: its minimum corner in lanes 0..3 and its
/// maximum in lanes 3..6. Clipping keeps collisions exact: two boxes share a block exactly when,
/// in some cell both touch, their parts in that cell share it.
fn pack_local(min: IVec3, max: IVec3) -> u32 {
    lanes(min, 0) | lanes(max, 3)
}

/// A query box clipped to a cell, packed the other way round (maximum in lanes 0..3, minimum
/// in lanes 3..6), so that one subtraction compares all six bounds with a stored box.
fn pack_query(min: IVec3, max: IVec3) -> u32 {
    lanes(max, 0) | lanes(min, 3)
}

/// Whether a stored box and a query, both packed in the same cell, share a block: every lane of
/// `greater` must be at least its lane of `less` (the query's maximum against the box's minimum,
/// the box's maximum against the query's minimum). Values are at most 15, so a lane's
/// subtraction never borrows from the next one and its guard bit survives exactly when it holds.
fn packed_intersects(stored: u32, query: u32) -> bool {
    let greater = (stored & !LOW_LANES) | (query & LOW_LANES);
    let less = (stored & LOW_LANES) | (query & !LOW_LANES);
    ((greater | GUARDS) - less) & GUARDS == GUARDS
}

/// Boxes by cell, each filed with a caller-chosen item number.
#[derive(Clone)]
pub struct GridIndex {
    /// Page coordinates and the bucket of each page's first cell, open-addressed.
    slots: Vec<(IVec3, u32)>,
    /// Number of pages made.
    n_pages: usize,
    /// Pages ([`PAGE_CELLS`] buckets in a row, the first bucket of each cell) and overflow
    /// buckets, in the order they were made.
    buckets: Vec<Bucket>,
    /// The items of `buckets`, bucket for bucket.
    items: Vec<BucketItems>,
    /// Overflow buckets emptied by removals, to be reused.
    free_overflow: Vec<u32>,
    /// The last page found and its first bucket. A step's queries and insertions nearly all
    /// fall in one page, so most lookups skip the hash and the probe. Pages never move until
    /// the index is cleared, so a remembered page stays right.
    last_page: Cell<(IVec3, u32)>,
}

impl Default for GridIndex {
    fn default() -> Self {
        GridIndex::new()
    }
}

fn cell_range(aabb: &Aabb) -> (IVec3, IVec3) {
    (aabb.min >> CELL_SHIFT, aabb.max >> CELL_SHIFT)
}

/// The part of `aabb` inside `cell`, in the cell's local coordinates.
fn clip_to_cell(aabb: &Aabb, cell: IVec3) -> (IVec3, IVec3) {
    let origin = cell << CELL_SHIFT;
    (
        (aabb.min - origin).max(IVec3::ZERO),
        (aabb.max - origin).min(IVec3::splat(CELL_MASK)),
    )
}

/// The page of a cell, and the cell's place in it.
fn page_of(cell: IVec3) -> (IVec3, usize) {
    let page = IVec3::new(cell.x >> PAGE_SIDE_SHIFT, cell.y, cell.z >> PAGE_SIDE_SHIFT);
    let local = (cell.x & (PAGE_SIDE - 1)) + (cell.z & (PAGE_SIDE - 1)) * PAGE_SIDE;
    (page, local as usize)
}

fn hash(cell: IVec3) -> u32 {
    let mut h = (cell.x as u32).wrapping_mul(0x9E37_79B1)
        ^ (cell.y as u32).wrapping_mul(0x85EB_CA77)
        ^ (cell.z as u32).wrapping_mul(0xC2B2_AE3D);
    h ^= h >> 16;
    h = h.wrapping_mul(0x7FEB_352D);
    h ^= h >> 15;
    h
}

impl GridIndex {
    /// An empty index.
    pub fn new() -> GridIndex {
        GridIndex {
            slots: vec![(NEVER, EMPTY); 64],
            n_pages: 0,
            buckets: Vec::new(),
            items: Vec::new(),
            free_overflow: Vec::new(),
            last_page: Cell::new((NEVER, EMPTY)),
        }
    }

    /// Forgets every box, keeping the memory.
    pub fn clear(&mut self) {
        self.slots.fill((NEVER, EMPTY));
        self.n_pages = 0;
        self.buckets.clear();
        self.items.clear();
        self.free_overflow.clear();
        self.last_page.set((NEVER, EMPTY));
    }

    /// The slot holding `page`, or the free slot where it would go.
    fn find_slot(&self, page: IVec3) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut at = hash(page) as usize & mask;
        loop {
            let slot_page = self.slots[at].0;
            if slot_page == page {
                return (at, true);
            }
            if slot_page == NEVER {
                return (at, false);
            }
            at = (at + 1) & mask;
        }
    }

    /// The first bucket of `page`, or `None` when it was never made.
    fn find_page(&self, page: IVec3) -> Option<u32> {
        let (last, first) = self.last_page.get();
        if last == page {
            return Some(first);
        }
        let (at, found) = self.find_slot(page);
        found.then(|| {
            let first = self.slots[at].1;
            self.last_page.set((page, first));
            first
        })
    }

    /// The index in `buckets` of `cell`'s first bucket, or [`EMPTY`] when its page was never
    /// made.
    fn first_bucket(&self, cell: IVec3) -> u32 {
        let (page, local) = page_of(cell);
        self.find_page(page)
            .map_or(EMPTY, |first| first + local as u32)
    }

    fn grow(&mut self) {
        let new_len = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![(NEVER, EMPTY); new_len]);
        for slot in old {
            if slot.0 != NEVER {
                let (at, _) = self.find_slot(slot.0);
                self.slots[at] = slot;
            }
        }
    }

    /// The index in `buckets` of `cell`'s first bucket, making its page when needed.
    fn bucket_or_new(&mut self, cell: IVec3) -> usize {
        let (page, local) = page_of(cell);
        if let Some(first) = self.find_page(page) {
            return first as usize + local;
        }
        let (mut at, found) = self.find_slot(page);
        if !found {
            if (self.n_pages + 1) * 2 > self.slots.len() {
                self.grow();
                at = self.find_slot(page).0;
            }
            self.n_pages += 1;
            self.slots[at] = (page, self.buckets.len() as u32);
            self.buckets
                .resize(self.buckets.len() + PAGE_CELLS, EMPTY_BUCKET);
            self.items
                .resize(self.items.len() + PAGE_CELLS, [0; BUCKET_LEN]);
        }
        self.slots[at].1 as usize + local
    }

    fn new_overflow(&mut self, next: u32) -> u32 {
        let bucket = Bucket {
            next,
            ..EMPTY_BUCKET
        };
        match self.free_overflow.pop() {
            Some(free) => {
                self.buckets[free as usize] = bucket;
                free
            }
            None => {
                self.buckets.push(bucket);
                self.items.push([0; BUCKET_LEN]);
                (self.buckets.len() - 1) as u32
            }
        }
    }

    /// Files `item` with box `aabb`.
    pub fn insert(&mut self, item: u32, aabb: &Aabb) {
        let (lo, hi) = cell_range(aabb);
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                for x in lo.x..=hi.x {
                    let cell = IVec3::new(x, y, z);
                    let (min, max) = clip_to_cell(aabb, cell);
                    let first = self.bucket_or_new(cell);
                    let mut target = first;
                    if self.buckets[first].len as usize == BUCKET_LEN {
                        let mut newest = self.buckets[first].next;
                        if newest == EMPTY
                            || self.buckets[newest as usize].len as usize == BUCKET_LEN
                        {
                            newest = self.new_overflow(newest);
                            self.buckets[first].next = newest;
                        }
                        target = newest as usize;
                    }
                    let bucket = &mut self.buckets[target];
                    let i = bucket.len as usize;
                    bucket.boxes[i] = pack_local(min, max);
                    bucket.len += 1;
                    self.items[target][i] = item;
                }
            }
        }
    }

    /// Unfiles `item`, which was inserted with `aabb`.
    pub fn remove(&mut self, item: u32, aabb: &Aabb) {
        let (lo, hi) = cell_range(aabb);
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                for x in lo.x..=hi.x {
                    let first = self.first_bucket(IVec3::new(x, y, z));
                    if first != EMPTY {
                        self.remove_from_cell(first as usize, item);
                    }
                }
            }
        }
    }

    /// Takes `item` out of the cell whose first bucket is `buckets[first]`: the cell's last
    /// box (in its newest overflow bucket, or its first bucket when it has none) fills its
    /// place, and an emptied overflow bucket is freed.
    fn remove_from_cell(&mut self, first: usize, item: u32) {
        let newest = self.buckets[first].next;
        // The bucket holding the item, and its place there.
        let mut holder = first;
        let i = loop {
            let len = self.buckets[holder].len as usize;
            if let Some(i) = self.items[holder][..len].iter().position(|&it| it == item) {
                break i;
            }
            let next = self.buckets[holder].next;
            if next == EMPTY {
                return;
            }
            holder = next as usize;
        };
        let last_holder = if newest == EMPTY {
            first
        } else {
            newest as usize
        };
        let bucket = &mut self.buckets[last_holder];
        bucket.len -= 1;
        let last = bucket.len as usize;
        let (last_box, emptied, older) = (bucket.boxes[last], bucket.len == 0, bucket.next);
        let last_item = self.items[last_holder][last];
        self.buckets[holder].boxes[i] = last_box;
        self.items[holder][i] = last_item;
        if newest != EMPTY && emptied {
            self.buckets[first].next = older;
            self.free_overflow.push(newest);
        }
    }

    /// The buckets of the cell whose first bucket is `buckets[first]`, as indices.
    fn cell_buckets(&self, first: u32) -> impl Iterator<Item = usize> + '_ {
        let mut next = first;
        std::iter::from_fn(move || {
            // `EMPTY` is past the end of `buckets`, so it ends the chain.
            let bucket = self.buckets.get(next as usize)?;
            let at = next as usize;
            next = bucket.next;
            Some(at)
        })
    }

    /// Whether `aabb` intersects any filed box.
    pub fn hits(&self, aabb: &Aabb) -> bool {
        let (lo, hi) = cell_range(aabb);
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                for x in lo.x..=hi.x {
                    let cell = IVec3::new(x, y, z);
                    let first = self.first_bucket(cell);
                    if first == EMPTY || self.buckets[first as usize].len == 0 {
                        continue;
                    }
                    let (min, max) = clip_to_cell(aabb, cell);
                    let query = pack_query(min, max);
                    for at in self.cell_buckets(first) {
                        if self.buckets[at].hits(query) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Starts loading the first bucket of the cell holding `pos`, for a query that will
    /// come soon (the page table is small and usually cached; the buckets are not).
    pub(crate) fn prefetch_cell(&self, pos: IVec3) {
        self.prefetch_bucket(self.cell_bucket(pos));
    }

    /// The place of the first bucket of the cell holding `pos`, or [`EMPTY`] when nothing was
    /// ever filed in its page. It stays the same until the index is cleared (pages never
    /// move), so a caller may keep it to prefetch the cell later without the page lookup.
    pub(crate) fn cell_bucket(&self, pos: IVec3) -> u32 {
        self.first_bucket(pos >> CELL_SHIFT)
    }

    /// Starts loading the bucket that [`GridIndex::cell_bucket`] named.
    pub(crate) fn prefetch_bucket(&self, bucket: u32) {
        if let Some(bucket) = self.buckets.get(bucket as usize) {
            prefetch(bucket);
        }
    }

    /// Calls `visit` with every item filed in a cell that `aabb` touches (an item may come
    /// more than once).
    pub fn for_each_near(&self, aabb: &Aabb, mut visit: impl FnMut(u32)) {
        let (lo, hi) = cell_range(aabb);
        for y in lo.y..=hi.y {
            for z in lo.z..=hi.z {
                for x in lo.x..=hi.x {
                    let first = self.first_bucket(IVec3::new(x, y, z));
                    if first == EMPTY {
                        continue;
                    }
                    for at in self.cell_buckets(first) {
                        let len = self.buckets[at].len as usize;
                        self.items[at][..len].iter().for_each(|&item| visit(item));
                    }
                }
            }
        }
    }
}

/// Starts loading the cache line of `value` without waiting for it: a loop over scattered
/// indices that knows the next ones asks for them a few steps ahead, so the reads overlap
/// instead of each waiting for memory in turn. A hint only; nothing on other targets.
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(value: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    // SAFETY: `_mm_prefetch` is a cache hint: it never faults and its result is never read,
    // whatever the address (here that of a live reference). Its only requirement, SSE, is
    // enabled for this build (the cfg above; SSE is part of the x86-64 baseline). rustc 1.95
    // still asks for `unsafe` because the calling function does not name the feature itself.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            (value as *const T).cast::<i8>(),
        );
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = value;
}

/// How many steps ahead the loops over scattered indices ask for their data.
pub(crate) const PREFETCH_AHEAD: usize = 12;

/// The cell of a slot that was never used; no real cell is this far out.
const NEVER: IVec3 = IVec3::new(i32::MIN, i32::MIN, i32::MIN);

/// Exact positions with a small tag (a direction), each filed with the number of the point (its
/// index in the caller's list), in an open-addressed table with chains for points that share a
/// key: built in O(n), looked up in O(1), so finding a connector's partner does not grow with
/// the layout.
#[derive(Clone, Default)]
pub(crate) struct PointIndex {
    slots: Vec<(IVec3, u8, u32)>,
    next: Vec<u32>,
}

fn point_hash(pos: IVec3, tag: u8) -> u32 {
    hash(pos) ^ u32::from(tag).wrapping_mul(0x27D4_EB2F)
}

impl PointIndex {
    /// Files `points` (numbered from 0) under the position and tag `key` gives each,
    /// forgetting what was filed before.
    pub fn rebuild<T>(&mut self, points: &[T], key: impl Fn(&T) -> (IVec3, u8)) {
        let n = points.len();
        let len = (2 * n).next_power_of_two().max(16);
        self.slots.clear();
        self.slots.resize(len, (NEVER, 0, EMPTY));
        self.next.clear();
        self.next.resize(n, EMPTY);
        let mask = len - 1;
        for (i, point) in points.iter().enumerate() {
            if let Some(ahead) = points.get(i + PREFETCH_AHEAD) {
                let (ahead, ahead_tag) = key(ahead);
                self.prefetch_at(ahead, ahead_tag);
            }
            let (pos, tag) = key(point);
            let mut at = point_hash(pos, tag) as usize & mask;
            while (self.slots[at].0 != pos || self.slots[at].1 != tag) && self.slots[at].0 != NEVER
            {
                at = (at + 1) & mask;
            }
            // Chained in filing order: the new point goes at the end of its key's chain.
            if self.slots[at].0 == NEVER {
                self.slots[at] = (pos, tag, i as u32);
            } else {
                let mut last = self.slots[at].2;
                while self.next[last as usize] != EMPTY {
                    last = self.next[last as usize];
                }
                self.next[last as usize] = i as u32;
            }
        }
    }

    /// Starts loading the slot where a lookup of `pos` and `tag` begins.
    pub fn prefetch_at(&self, pos: IVec3, tag: u8) {
        if !self.slots.is_empty() {
            let at = point_hash(pos, tag) as usize & (self.slots.len() - 1);
            prefetch(&self.slots[at]);
        }
    }

    /// The numbers of the points filed at `pos` with `tag`, in filing order.
    pub fn at(&self, pos: IVec3, tag: u8) -> impl Iterator<Item = usize> + '_ {
        let mut cur = EMPTY;
        if !self.slots.is_empty() {
            let mask = self.slots.len() - 1;
            let mut at = point_hash(pos, tag) as usize & mask;
            loop {
                let (cell, cell_tag, head) = self.slots[at];
                if cell == pos && cell_tag == tag {
                    cur = head;
                    break;
                }
                if cell == NEVER {
                    break;
                }
                at = (at + 1) & mask;
            }
        }
        std::iter::from_fn(move || {
            if cur == EMPTY {
                return None;
            }
            let item = cur as usize;
            cur = self.next[item];
            Some(item)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rng::{Lcg31, Rng31};

    /// Every lookup, at filed and unfiled keys, gives exactly the points filed there, in
    /// filing order, as a scan of the list does; keys repeat often, so chains are tested.
    #[test]
    fn point_index_matches_a_scan() {
        let mut rng = Lcg31::new(5);
        let mut index = PointIndex::default();
        for round in 0..50 {
            let n = rng.range(0, 300).unwrap_or(0) as usize;
            let spread = 1 + round;
            let mut coord = || rng.range(-spread, spread).unwrap_or(0);
            let points: Vec<(IVec3, u8)> = (0..n)
                .map(|_| (IVec3::new(coord(), coord(), coord()), (coord() & 1) as u8))
                .collect();
            index.rebuild(&points, |&point| point);
            let unfiled = (IVec3::splat(spread + 1), 0);
            for (pos, tag) in points.iter().copied().chain([unfiled]) {
                for probe_tag in [tag, tag ^ 1] {
                    let found: Vec<usize> = index.at(pos, probe_tag).collect();
                    let expected: Vec<usize> =
                        (0..n).filter(|&i| points[i] == (pos, probe_tag)).collect();
                    assert_eq!(found, expected, "round {round}, {pos} tag {probe_tag}");
                }
            }
        }
    }
}
