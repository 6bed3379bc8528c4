//! Kruskal's block pre-pass: settles, block by block and in cache, most walls before the walk
//! over the shuffled list, which then only looks at the rest. The maze is exactly the one the
//! plain walk makes: this pass only decides walls whose fate does not depend on the order the
//! shuffles give inside a bucket.
//!
//! The walk waits on one or two cache misses per wall (its cells are random in a union-find of
//! 4 bytes per cell); here a `BLOCK x BLOCK` block's union-finds are a few KB. In each block the
//! inner walls are taken bucket by bucket (a wall of a lower bucket comes first in any order).
//! Against the union-find of the lower buckets' walls, a wall of bucket `k` is
//! - rejected when its cells are already joined: walls of lower buckets close a cycle with it,
//!   so the walk will find its cells joined (the cycle property);
//! - opened when one of its cells' components is closed: no other wall of bucket `k` leaves it
//!   and no wall of bucket `k` or lower leaves the block from it. When the walk reaches the
//!   wall, that component is then exactly the walk's set of the cell, and the wall leaves it, so
//!   the walk opens it (the cut property);
//! - left to the walk otherwise, like every wall between two blocks.
//!
//! The walk starts from the union-find of the opened walls and skips the settled ones: a wall it
//! opens is in the final tree, so the opened walls (also in the tree) never join its cells
//! early, and a wall it rejects has a path of earlier tree walls, all opened by now.

use super::{Layout, BUCKETS, OPEN_EAST, OPEN_SOUTH, ROOT};

/// The side of a block, in cells: the block's union-finds and walls (about 12 KB) stay in L1.
const BLOCK: usize = 32;

/// The `outward` of a component with no wall out of the block: above every bucket.
const NO_OUTWARD: u16 = BUCKETS as u16;

/// The pre-pass's buffers, kept between mazes. Cells are numbered row by row in the block.
#[derive(Default)]
pub(in crate::maze) struct BlockScratch {
    /// The union-find of the walls of the buckets done so far that were not rejected.
    joined: Vec<u16>,
    /// The union-find of the walls opened.
    opened: Vec<u16>,
    /// Per root of `joined`: the lowest bucket of a wall from the component out of the block.
    outward: Vec<u16>,
    /// Per root of `joined`: how many walls of the current bucket leave the component.
    leaving: Vec<u16>,
    /// Per cell: its opened walls (bit 1 east, bit 0 south, as in the link word's flags).
    open: Vec<u8>,
    /// The block's inner walls (`cell << 1 | south`), sorted by bucket.
    walls: Vec<u16>,
    /// The walls of one bucket that were not rejected, with their cells' roots in `joined`.
    candidates: Vec<(u16, u16, u16)>,
    /// The block's inner walls as `bucket << 16 | wall`, in enumeration order.
    keys: Vec<u32>,
}

/// Runs the pre-pass over the maze of `layout`, whose walls' buckets (in enumeration order) are
/// `bucket_of`: sets the bit in `settled` (cleared here, in enumeration order) of every wall it
/// decides, writes into `link` (all roots) the opened walls' union-find and flags, and returns
/// how many walls it opened.
pub(super) fn settle_within_blocks(
    layout: Layout,
    bucket_of: &[u8],
    settled: &mut Vec<u64>,
    link: &mut [u32],
    scratch: &mut BlockScratch,
) -> usize {
    let (width, height) = (layout.width, layout.height);
    let wall_count = (width - 1) * height + width * (height - 1);
    settled.clear();
    settled.resize(wall_count.div_ceil(64), 0);
    let row_walls = 2 * width - 1;
    // A wall's position in enumeration order (row by row, each cell's east wall then its south
    // wall), where `bucket_of` and `settled` have it.
    let position = |x: usize, y: usize, south: bool| -> usize {
        let row = y * row_walls;
        if y + 1 == height {
            row + x
        } else {
            row + 2 * x + usize::from(south && x + 1 < width)
        }
    };
    let bucket = |x: usize, y: usize, south: bool| u16::from(bucket_of[position(x, y, south)]);
    let mut opened_count = 0;
    for y0 in (0..height).step_by(BLOCK) {
        let block_height = BLOCK.min(height - y0);
        for x0 in (0..width).step_by(BLOCK) {
            let block_width = BLOCK.min(width - x0);
            let cells = block_width * block_height;
            let BlockScratch {
                joined,
                opened,
                outward,
                leaving,
                open,
                walls,
                candidates,
                keys,
            } = &mut *scratch;
            joined.clear();
            joined.extend(0..cells as u16);
            opened.clear();
            opened.extend(0..cells as u16);
            leaving.clear();
            leaving.resize(cells, 0);
            open.clear();
            open.resize(cells, 0);
            outward.clear();
            keys.clear();
            let mut counts = [0u32; BUCKETS];
            for local_y in 0..block_height {
                let y = y0 + local_y;
                let (top, bottom) = (local_y == 0, local_y + 1 == block_height);
                for local_x in 0..block_width {
                    let x = x0 + local_x;
                    let wall = ((local_y * block_width + local_x) << 1) as u32;
                    let mut lowest = NO_OUTWARD;
                    if local_x == 0 && x > 0 {
                        lowest = lowest.min(bucket(x - 1, y, false));
                    }
                    if local_x + 1 < block_width {
                        let east = bucket(x, y, false);
                        counts[usize::from(east)] += 1;
                        keys.push(u32::from(east) << 16 | wall);
                    } else if x + 1 < width {
                        lowest = lowest.min(bucket(x, y, false));
                    }
                    if top && y > 0 {
                        lowest = lowest.min(bucket(x, y - 1, true));
                    }
                    if !bottom {
                        let south = bucket(x, y, true);
                        counts[usize::from(south)] += 1;
                        keys.push(u32::from(south) << 16 | wall | 1);
                    } else if y + 1 < height {
                        lowest = lowest.min(bucket(x, y, true));
                    }
                    outward.push(lowest);
                }
            }
            // Counting sort of the inner walls by bucket.
            let mut starts = [0u32; BUCKETS + 1];
            for index in 0..BUCKETS {
                starts[index + 1] = starts[index] + counts[index];
            }
            let mut next_free = starts;
            walls.clear();
            walls.resize(keys.len(), 0);
            for &key in keys.iter() {
                let slot = &mut next_free[(key >> 16) as usize];
                walls[*slot as usize] = key as u16;
                *slot += 1;
            }
            let ends = |wall: u16| -> (u16, u16) {
                let cell = wall >> 1;
                let step = if wall & 1 == 0 { 1 } else { block_width as u16 };
                (cell, cell + step)
            };
            let mut settle = |wall: u16| {
                let cell = usize::from(wall >> 1);
                let (x, y) = (x0 + cell % block_width, y0 + cell / block_width);
                let at = position(x, y, wall & 1 == 1);
                settled[at / 64] |= 1 << (at % 64);
            };
            for current in 0..BUCKETS {
                let (start, end) = (starts[current] as usize, starts[current + 1] as usize);
                if start == end {
                    continue;
                }
                let current = current as u16;
                candidates.clear();
                for &wall in &walls[start..end] {
                    let (a, b) = ends(wall);
                    let (root_a, root_b) = (find(joined, a), find(joined, b));
                    if root_a == root_b {
                        settle(wall);
                    } else {
                        leaving[usize::from(root_a)] += 1;
                        leaving[usize::from(root_b)] += 1;
                        candidates.push((wall, root_a, root_b));
                    }
                }
                let closed = |root: u16| {
                    leaving[usize::from(root)] == 1 && outward[usize::from(root)] > current
                };
                for &(wall, root_a, root_b) in candidates.iter() {
                    if closed(root_a) || closed(root_b) {
                        settle(wall);
                        let (a, b) = ends(wall);
                        open[usize::from(a)] |= if wall & 1 == 0 { 2 } else { 1 };
                        let (tree_a, tree_b) = (find(opened, a), find(opened, b));
                        opened[usize::from(tree_a)] = tree_b;
                        opened_count += 1;
                    }
                }
                for &(_, root_a, root_b) in candidates.iter() {
                    leaving[usize::from(root_a)] = 0;
                    leaving[usize::from(root_b)] = 0;
                }
                for &(_, root_a, root_b) in candidates.iter() {
                    let (root_a, root_b) = (find(joined, root_a), find(joined, root_b));
                    if root_a != root_b {
                        joined[usize::from(root_a)] = root_b;
                        let lowest = outward[usize::from(root_a)].min(outward[usize::from(root_b)]);
                        outward[usize::from(root_b)] = lowest;
                    }
                }
            }
            // Hand the opened walls' sets to the walk: every cell points at its root, and a
            // root of several cells gets rank 1 (`leaving`, all zero again, marks them).
            for cell in 0..cells as u16 {
                let root = find(opened, cell);
                opened[usize::from(cell)] = root;
                if root != cell {
                    leaving[usize::from(root)] = 1;
                }
            }
            let slot_of =
                |cell: usize| layout.slot(x0 + cell % block_width, y0 + cell / block_width) as u32;
            for cell in 0..cells {
                let root = usize::from(opened[cell]);
                let flags = if open[cell] & 2 != 0 { OPEN_EAST } else { 0 }
                    | if open[cell] & 1 != 0 { OPEN_SOUTH } else { 0 };
                link[slot_of(cell) as usize] = flags
                    | if root == cell {
                        ROOT | u32::from(leaving[cell])
                    } else {
                        slot_of(root)
                    };
            }
        }
    }
    opened_count
}

/// The root of `cell` in a block's union-find, halving the path on the way.
#[inline(always)]
fn find(parent: &mut [u16], mut cell: u16) -> u16 {
    loop {
        let up = parent[usize::from(cell)];
        if up == cell {
            return cell;
        }
        let grandparent = parent[usize::from(up)];
        parent[usize::from(cell)] = grandparent;
        cell = grandparent;
    }
}
