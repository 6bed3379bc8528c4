//! A uniform grid hash over room boxes: each box is filed under every 16-block cell it touches,
//! so a collision query looks at a handful of cells whatever the number of rooms. The table is
//! open-addressed with a fixed hash (no `std` hash containers: lookups only, never iterated, so
//! the output cannot depend on table order). [`PointIndex`] files points for exact lookups
//! (the unused connectors, by position, when closing loops).

use glam::IVec3;

use crate::geom::Aabb;

const CELL_SHIFT: i32 = 4;
const EMPTY: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Slot {
    cell: IVec3,
    head: u32,
}

/// A filed box. The box is stored here rather than looked up by item, so a query walks one
/// array instead of two (collision checks are most of a layout's time).
#[derive(Clone, Copy)]
struct Entry {
    aabb: Aabb,
    item: u32,
    next: u32,
}

/// Boxes by cell, each filed with a caller-chosen item number.
#[derive(Clone)]
pub struct GridIndex {
    slots: Vec<Slot>,
    used_slots: usize,
    entries: Vec<Entry>,
    free_entries: Vec<u32>,
}

impl Default for GridIndex {
    fn default() -> Self {
        GridIndex::new()
    }
}

fn cell_range(aabb: &Aabb) -> (IVec3, IVec3) {
    (aabb.min >> CELL_SHIFT, aabb.max >> CELL_SHIFT)
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
            slots: vec![
                Slot {
                    cell: NEVER,
                    head: EMPTY,
                };
                64
            ],
            used_slots: 0,
            entries: Vec::new(),
            free_entries: Vec::new(),
        }
    }

    /// Forgets every box, keeping the memory.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            slot.cell = NEVER;
            slot.head = EMPTY;
        }
        self.used_slots = 0;
        self.entries.clear();
        self.free_entries.clear();
    }

    /// The slot holding `cell`, or the free slot where it would go. Slots are never freed (an
    /// emptied cell keeps its slot), so probe chains stay intact.
    fn find_slot(&self, cell: IVec3) -> (usize, bool) {
        let mask = self.slots.len() - 1;
        let mut at = hash(cell) as usize & mask;
        loop {
            let slot_cell = self.slots[at].cell;
            if slot_cell == cell {
                return (at, true);
            }
            if slot_cell == NEVER {
                return (at, false);
            }
            at = (at + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let new_len = old.len() * 2;
        self.slots = vec![
            Slot {
                cell: NEVER,
                head: EMPTY,
            };
            new_len
        ];
        self.used_slots = 0;
        for slot in old {
            if slot.cell != NEVER {
                let (at, _) = self.find_slot(slot.cell);
                self.slots[at] = slot;
                self.used_slots += 1;
            }
        }
    }

    /// Files `item` with box `aabb`.
    pub fn insert(&mut self, item: u32, aabb: &Aabb) {
        let (lo, hi) = cell_range(aabb);
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let cell = IVec3::new(x, y, z);
                    if (self.used_slots + 1) * 2 > self.slots.len() {
                        self.grow();
                    }
                    let (at, found) = self.find_slot(cell);
                    if !found {
                        self.slots[at].cell = cell;
                        self.slots[at].head = EMPTY;
                        self.used_slots += 1;
                    }
                    let entry = Entry {
                        aabb: *aabb,
                        item,
                        next: self.slots[at].head,
                    };
                    let entry_idx = match self.free_entries.pop() {
                        Some(free) => {
                            self.entries[free as usize] = entry;
                            free
                        }
                        None => {
                            self.entries.push(entry);
                            (self.entries.len() - 1) as u32
                        }
                    };
                    self.slots[at].head = entry_idx;
                }
            }
        }
    }

    /// Unfiles `item`, which was inserted with `aabb`.
    pub fn remove(&mut self, item: u32, aabb: &Aabb) {
        let (lo, hi) = cell_range(aabb);
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let (at, found) = self.find_slot(IVec3::new(x, y, z));
                    if !found {
                        continue;
                    }
                    let mut prev = EMPTY;
                    let mut cur = self.slots[at].head;
                    while cur != EMPTY {
                        let entry = self.entries[cur as usize];
                        if entry.item == item {
                            if prev == EMPTY {
                                self.slots[at].head = entry.next;
                            } else {
                                self.entries[prev as usize].next = entry.next;
                            }
                            self.free_entries.push(cur);
                            break;
                        }
                        prev = cur;
                        cur = entry.next;
                    }
                }
            }
        }
    }

    /// Whether `aabb` intersects any filed box.
    pub fn hits(&self, aabb: &Aabb) -> bool {
        let (lo, hi) = cell_range(aabb);
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let (at, found) = self.find_slot(IVec3::new(x, y, z));
                    if !found {
                        continue;
                    }
                    let mut cur = self.slots[at].head;
                    while cur != EMPTY {
                        let entry = self.entries[cur as usize];
                        if entry.aabb.intersects(aabb) {
                            return true;
                        }
                        cur = entry.next;
                    }
                }
            }
        }
        false
    }

    /// Calls `visit` with every item filed in a cell that `aabb` touches (an item may come
    /// more than once).
    pub fn for_each_near(&self, aabb: &Aabb, mut visit: impl FnMut(u32)) {
        let (lo, hi) = cell_range(aabb);
        for x in lo.x..=hi.x {
            for y in lo.y..=hi.y {
                for z in lo.z..=hi.z {
                    let (at, found) = self.find_slot(IVec3::new(x, y, z));
                    if !found {
                        continue;
                    }
                    let mut cur = self.slots[at].head;
                    while cur != EMPTY {
                        let entry = self.entries[cur as usize];
                        visit(entry.item);
                        cur = entry.next;
                    }
                }
            }
        }
    }
}

/// The cell of a slot that was never used; no real cell is this far out.
const NEVER: IVec3 = IVec3::new(i32::MIN, i32::MIN, i32::MIN);

/// Exact positions, each filed with the number of the point (its index in the caller's list),
/// in an open-addressed table with chains for points that share a position: built in O(n),
/// looked up in O(1), so finding a connector's partner does not grow with the layout.
#[derive(Clone, Default)]
pub(crate) struct PointIndex {
    slots: Vec<(IVec3, u32)>,
    next: Vec<u32>,
}

impl PointIndex {
    /// Files `points` (numbered from 0), forgetting what was filed before.
    pub fn rebuild(&mut self, points: impl ExactSizeIterator<Item = IVec3>) {
        let n = points.len();
        let len = (2 * n).next_power_of_two().max(16);
        self.slots.clear();
        self.slots.resize(len, (NEVER, EMPTY));
        self.next.clear();
        self.next.resize(n, EMPTY);
        let mask = len - 1;
        for (i, pos) in points.enumerate() {
            let mut at = hash(pos) as usize & mask;
            while self.slots[at].0 != pos && self.slots[at].0 != NEVER {
                at = (at + 1) & mask;
            }
            // Chained in filing order: the new point goes at the end of its position's chain.
            if self.slots[at].0 == NEVER {
                self.slots[at] = (pos, i as u32);
            } else {
                let mut last = self.slots[at].1;
                while self.next[last as usize] != EMPTY {
                    last = self.next[last as usize];
                }
                self.next[last as usize] = i as u32;
            }
        }
    }

    /// The numbers of the points filed at `pos`, in filing order.
    pub fn at(&self, pos: IVec3) -> impl Iterator<Item = usize> + '_ {
        let mut cur = EMPTY;
        if !self.slots.is_empty() {
            let mask = self.slots.len() - 1;
            let mut at = hash(pos) as usize & mask;
            loop {
                let (cell, head) = self.slots[at];
                if cell == pos {
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

    /// Every lookup, at filed and unfiled positions, gives exactly the points filed there, in
    /// filing order, as a scan of the list does; positions repeat often, so chains are tested.
    #[test]
    fn point_index_matches_a_scan() {
        let mut rng = Lcg31::new(5);
        let mut index = PointIndex::default();
        for round in 0..50 {
            let n = rng.range(0, 300).unwrap_or(0) as usize;
            let spread = 1 + round;
            let mut coord = || rng.range(-spread, spread).unwrap_or(0);
            let points: Vec<IVec3> = (0..n)
                .map(|_| IVec3::new(coord(), coord(), coord()))
                .collect();
            index.rebuild(points.iter().copied());
            for probe in points.iter().copied().chain([IVec3::splat(spread + 1)]) {
                let found: Vec<usize> = index.at(probe).collect();
                let expected: Vec<usize> = (0..n).filter(|&i| points[i] == probe).collect();
                assert_eq!(found, expected, "round {round}, {probe}");
            }
        }
    }
}
