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

/// The side of a block, in cells: the block's union-finds (12 KB) stay in L1, and all its
/// buffers take about 45 KB of stack.
/// Cells are numbered `local_y * BLOCK + local_x` also in partial blocks, so that the numbering
/// is shifts and masks.
const BLOCK: usize = 32;
/// Cell numbers in a block.
const CELLS: usize = BLOCK * BLOCK;
/// Wall numbers in a block (`cell << 1 | south`).
const WALLS: usize = 2 * CELLS;

/// The `outward` of a component with no wall out of the block: above every bucket.
const NO_OUTWARD: u16 = BUCKETS as u16;

/// Runs the pre-pass over the maze of `layout`, whose walls' buckets (in enumeration order) are
/// `bucket_of`: sets the bit in `settled` (cleared here, in enumeration order) of every wall it
/// decides, writes into `link` (all roots) the opened walls' union-find and flags, and returns
/// how many walls it opened.
pub(super) fn settle_within_blocks(
    layout: Layout,
    bucket_of: &[u8],
    settled: &mut Vec<u64>,
    link: &mut [u32],
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
    // The union-find of the walls of the buckets done so far that were not rejected.
    let mut joined = [0u16; CELLS];
    // The union-find of the walls opened, and its sets' sizes.
    let mut opened = [0u16; CELLS];
    let mut opened_size = [0u16; CELLS];
    // Per root of `joined`: the lowest bucket of a wall from the component out of the block.
    let mut outward = [NO_OUTWARD; CELLS];
    // Per root of `joined`: how many cells the component has (for union by size).
    let mut size = [0u16; CELLS];
    // Per root of `joined`: how many walls of the current bucket leave the component (all zero
    // again once a bucket is done).
    let mut leaving = [0u16; CELLS];
    // Per cell: its opened walls (bit 1 east, bit 0 south).
    let mut open = [0u8; CELLS];
    // The block's inner walls as `bucket << 16 | wall`, in enumeration order, then the walls
    // sorted by bucket.
    let mut keys = [0u32; WALLS];
    // Per inner wall: its position in enumeration order.
    let mut position_of = [0u32; WALLS];
    let mut walls = [0u16; WALLS];
    // The walls of one bucket that were not rejected, with their cells' roots in `joined`.
    let mut candidates = [(0u16, 0u16, 0u16); WALLS];
    let mut opened_count = 0;
    for y0 in (0..height).step_by(BLOCK) {
        let block_height = BLOCK.min(height - y0);
        for x0 in (0..width).step_by(BLOCK) {
            let block_width = BLOCK.min(width - x0);
            let mut counts = [0u32; BUCKETS];
            let mut key_count = 0;
            for local_y in 0..block_height {
                let y = y0 + local_y;
                let (top, bottom) = (local_y == 0, local_y + 1 == block_height);
                for local_x in 0..block_width {
                    let x = x0 + local_x;
                    let cell = local_y * BLOCK + local_x;
                    joined[cell] = cell as u16;
                    size[cell] = 1;
                    opened[cell] = cell as u16;
                    opened_size[cell] = 1;
                    open[cell] = 0;
                    let wall = (cell << 1) as u32;
                    let mut lowest = NO_OUTWARD;
                    if local_x == 0 && x > 0 {
                        lowest = lowest.min(bucket(x - 1, y, false));
                    }
                    if local_x + 1 < block_width {
                        let at = position(x, y, false);
                        position_of[wall as usize] = at as u32;
                        let east = u16::from(bucket_of[at]);
                        counts[usize::from(east)] += 1;
                        keys[key_count] = u32::from(east) << 16 | wall;
                        key_count += 1;
                    } else if x + 1 < width {
                        lowest = lowest.min(bucket(x, y, false));
                    }
                    if top && y > 0 {
                        lowest = lowest.min(bucket(x, y - 1, true));
                    }
                    if !bottom {
                        let at = position(x, y, true);
                        position_of[wall as usize | 1] = at as u32;
                        let south = u16::from(bucket_of[at]);
                        counts[usize::from(south)] += 1;
                        keys[key_count] = u32::from(south) << 16 | wall | 1;
                        key_count += 1;
                    } else if y + 1 < height {
                        lowest = lowest.min(bucket(x, y, true));
                    }
                    outward[cell] = lowest;
                }
            }
            // Counting sort of the inner walls by bucket.
            let mut starts = [0u32; BUCKETS + 1];
            for index in 0..BUCKETS {
                starts[index + 1] = starts[index] + counts[index];
            }
            let mut next_free = starts;
            for &key in &keys[..key_count] {
                let slot = &mut next_free[(key >> 16) as usize];
                walls[*slot as usize % WALLS] = key as u16;
                *slot += 1;
            }
            let mut settle = |wall: u16| {
                let at = position_of[usize::from(wall) % WALLS] as usize;
                settled[at / 64] |= 1 << (at % 64);
            };
            for current in 0..BUCKETS {
                let (start, end) = (starts[current] as usize, starts[current + 1] as usize);
                if start == end {
                    continue;
                }
                let current = current as u16;
                let mut candidate_count = 0;
                for &wall in &walls[start..end] {
                    let (a, b) = ends(wall);
                    let (root_a, root_b) = (find(&mut joined, a), find(&mut joined, b));
                    if root_a == root_b {
                        settle(wall);
                    } else {
                        leaving[cell_index(root_a)] += 1;
                        leaving[cell_index(root_b)] += 1;
                        candidates[candidate_count] = (wall, root_a, root_b);
                        candidate_count += 1;
                    }
                }
                let candidates = &candidates[..candidate_count];
                for &(wall, root_a, root_b) in candidates {
                    let closed = |root: u16| {
                        leaving[cell_index(root)] == 1 && outward[cell_index(root)] > current
                    };
                    if closed(root_a) || closed(root_b) {
                        settle(wall);
                        let (a, b) = ends(wall);
                        open[cell_index(a)] |= if wall & 1 == 0 { 2 } else { 1 };
                        let (tree_a, tree_b) = (find(&mut opened, a), find(&mut opened, b));
                        union_by_size(&mut opened, &mut opened_size, tree_a, tree_b);
                        opened_count += 1;
                    }
                }
                for &(_, root_a, root_b) in candidates {
                    leaving[cell_index(root_a)] = 0;
                    leaving[cell_index(root_b)] = 0;
                    let (root_a, root_b) = (find(&mut joined, root_a), find(&mut joined, root_b));
                    if root_a != root_b {
                        let (small, large) = union_by_size(&mut joined, &mut size, root_a, root_b);
                        outward[large] = outward[large].min(outward[small]);
                    }
                }
            }
            // Hand the opened walls' union-find to the walk as it is: a cell points at its
            // parent, and a root's rank is the log of its set's size, a bound on its height
            // under union by size.
            let slot_of = |cell: usize| layout.slot(x0 + cell % BLOCK, y0 + cell / BLOCK);
            for local_y in 0..block_height {
                for local_x in 0..block_width {
                    let cell = local_y * BLOCK + local_x;
                    let parent = cell_index(opened[cell]);
                    let flags = if open[cell] & 2 != 0 { OPEN_EAST } else { 0 }
                        | if open[cell] & 1 != 0 { OPEN_SOUTH } else { 0 };
                    link[slot_of(cell)] = flags
                        | if parent == cell {
                            ROOT | opened_size[cell].ilog2()
                        } else {
                            slot_of(parent) as u32
                        };
                }
            }
        }
    }
    opened_count
}

/// A block cell number as an index that the compiler can see is in bounds.
#[inline(always)]
fn cell_index(cell: u16) -> usize {
    usize::from(cell) % CELLS
}

/// The two cells of a block's wall.
#[inline(always)]
fn ends(wall: u16) -> (u16, u16) {
    let cell = wall >> 1;
    let step = if wall & 1 == 0 { 1 } else { BLOCK as u16 };
    (cell, cell + step)
}

/// Joins the different roots `a` and `b` of a block's union-find, the smaller set under the
/// larger (which keeps the paths short). Returns the two as indices, the one put under first.
#[inline(always)]
fn union_by_size(
    parent: &mut [u16; CELLS],
    size: &mut [u16; CELLS],
    a: u16,
    b: u16,
) -> (usize, usize) {
    let (a, b) = (cell_index(a), cell_index(b));
    let (small, large) = if size[a] < size[b] { (a, b) } else { (b, a) };
    parent[small] = large as u16;
    size[large] += size[small];
    (small, large)
}

/// The root of `cell` in a block's union-find; `cell` then points straight at it.
#[inline(always)]
fn find(parent: &mut [u16; CELLS], cell: u16) -> u16 {
    let mut root = parent[cell_index(cell)];
    if root == cell {
        return cell;
    }
    loop {
        let up = parent[cell_index(root)];
        if up == root {
            break;
        }
        root = up;
    }
    parent[cell_index(cell)] = root;
    root
}
