//! The board of document 000 section 2 as bitsets: one `u128` per tile property, tiles laid out
//! row by row at a fixed stride of 11 (`bit = y * 11 + x`; sides are at most 10, so there is at
//! least one padding column), so that shifting a set by one or by a row moves every tile to its
//! neighbour and nothing wraps around an edge. Connectivity questions (IsConnected, components,
//! distances) are answered by bitset flood fills, a dozen word operations per step, with no
//! allocation.
//!
//! Directions follow the game: `Up = (x, y + 1)`, `Down = (x, y - 1)`, `Right = (x + 1, y)`,
//! `Left = (x - 1, y)`. The `allTiles` order is x fastest, then y (the order the fan wiki's replay
//! harness uses; the game's loop nesting is not public).

/// A set of tiles.
pub type Bits = u128;

/// The distance between rows, the same for every board size (the widest board the data allows
/// plus one padding column): the row shifts of the flood fills and ring reads are then
/// constants, a 128-bit shift by a constant being a third of the instructions of one by a
/// variable.
const STRIDE: u8 = crate::data::MAX_SIDE + 1;

// The widest and tallest board, with its row of padding above, fits a set.
const _: () = assert!(STRIDE as u32 * (crate::data::MAX_SIDE as u32 + 1) <= 128);

/// Per ring cell (the order of [`RING_GROUPS`]), its offset from a tile in [`WallGroups`]'
/// framed indexing, where tile `p` sits at `p + STRIDE + 1`.
const RING_OFFSETS: [u8; 8] = [
    2 * STRIDE + 1,
    2 * STRIDE + 2,
    STRIDE + 2,
    2,
    1,
    0,
    STRIDE,
    2 * STRIDE,
];

/// Per ring mask, its cells as bits of a window whose bit 0 is the tile `STRIDE + 1` before
/// the centre (bit `RING_OFFSETS[cell]` for each cell), as [`Board::ring`] reads.
const RING_WINDOWS: [u32; 256] = ring_windows();

const fn ring_windows() -> [u32; 256] {
    let mut windows = [0; 256];
    let mut mask = 0;
    while mask < 256 {
        let mut cell = 0;
        while cell < 8 {
            if mask >> cell & 1 == 1 {
                windows[mask] |= 1 << RING_OFFSETS[cell];
            }
            cell += 1;
        }
        mask += 1;
    }
    windows
}

/// Each position with its eight neighbours (bits off the board included).
const BLOCKS: [Bits; 128] = blocks();

const fn blocks() -> [Bits; 128] {
    let mut blocks = [0; 128];
    let mut position = 0;
    while position < 128 {
        let one: Bits = 1 << position;
        let across = one | (one << 1) | (one >> 1);
        blocks[position] = across | (across << STRIDE) | (across >> STRIDE);
        position += 1;
    }
    blocks
}

/// The 3x3 ring's cells as (dx, dy), in ring order (bit 0 first) from Up clockwise.
const RING_CELLS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// One tile as a bit (a table load: a variable 128-bit shift costs several instructions).
#[inline]
pub fn bit(position: u8) -> Bits {
    SINGLE_BITS[usize::from(position & 127)]
}

/// `SINGLE_BITS[p]` is the set holding tile `p` alone.
const SINGLE_BITS: [Bits; 128] = single_bits();

const fn single_bits() -> [Bits; 128] {
    let mut table = [0; 128];
    let mut position = 0;
    while position < 128 {
        table[position] = 1u128 << position;
        position += 1;
    }
    table
}

/// The lowest tile of a non-empty set.
#[inline]
pub fn lowest(set: Bits) -> u8 {
    set.trailing_zeros() as u8
}

/// The highest tile of a non-empty set.
#[inline]
pub fn highest(set: Bits) -> u8 {
    (127 - set.leading_zeros()) as u8
}

/// Iterates the tiles of a set in `allTiles` order: one loop over the 128-bit set, whose
/// lowest bit and its removal compile without branches.
pub fn tiles_of(set: Bits) -> impl Iterator<Item = u8> {
    let mut rest = set;
    std::iter::from_fn(move || {
        if rest == 0 {
            return None;
        }
        let position = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        Some(position)
    })
}

/// The `n`th tile of a set in `allTiles` order (`n` from 0), without listing the tiles before
/// it: a population count per 64-bit half, then whole bytes skipped by table.
pub fn nth_tile(set: Bits, n: usize) -> Option<u8> {
    let low = set as u64;
    let low_count = low.count_ones() as usize;
    let (mut word, mut n, mut base) = if n < low_count {
        (low, n, 0u8)
    } else {
        ((set >> 64) as u64, n - low_count, 64u8)
    };
    loop {
        if word == 0 {
            return None;
        }
        let in_byte = usize::from(BYTE_COUNTS[(word & 0xFF) as usize]);
        if n < in_byte {
            break;
        }
        n -= in_byte;
        word >>= 8;
        base += 8;
    }
    for _ in 0..n {
        word &= word - 1;
    }
    Some(base + word.trailing_zeros() as u8)
}

/// The number of set bits of each byte value (the baseline target has no population count).
const BYTE_COUNTS: [u8; 256] = byte_counts();

const fn byte_counts() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut value = 1;
    while value < 256 {
        table[value] = table[value >> 1] + (value & 1) as u8;
        value += 1;
    }
    table
}

/// The number of 4-connected groups of orthogonal neighbours among the passable cells of a 3x3
/// ring, indexed by the ring mask (bit 0 Up, then clockwise: Up-Right, Right, Down-Right, Down,
/// Down-Left, Left, Up-Left). Zero or one means blocking the centre cannot split its neighbours.
const RING_GROUPS: [u8; 256] = ring_groups();

const fn ring_groups() -> [u8; 256] {
    // The count of each ring's runs, so that the ring is walked in one place only.
    let mut table = [0u8; 256];
    let mut mask = 0usize;
    while mask < 256 {
        table[mask] = RING_RUNS[mask].count;
        mask += 1;
    }
    table
}

/// `CanBeACut` per ring mask: for each side (Left, Up, Right, Down) that is open, a gap when
/// the corner after it (clockwise) or the next side is closed; a cut needs two open sides and
/// more than one gap.
const CAN_BE_A_CUT: [bool; 256] = can_be_a_cut_table();

const fn can_be_a_cut_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut mask = 0usize;
    while mask < 256 {
        // Ring cells: 0 Up, 1 Up-Right, 2 Right, 3 Down-Right, 4 Down, 5 Down-Left, 6 Left, 7 Up-Left.
        let sides = [(6usize, 7usize, 0usize), (0, 1, 2), (2, 3, 4), (4, 5, 6)];
        let mut open = 0;
        let mut gaps = 0;
        let mut i = 0;
        while i < 4 {
            let (side, corner, next) = sides[i];
            if mask >> side & 1 == 1 {
                open += 1;
                if !(mask >> corner & 1 == 1 && mask >> next & 1 == 1) {
                    gaps += 1;
                }
            }
            i += 1;
        }
        table[mask] = open >= 2 && gaps > 1;
        mask += 1;
    }
    table
}

/// The groups of [`RING_GROUPS`] themselves, each as the ring mask of its cells (an open
/// diagonal joins the group of an open side next to it). Consecutive ring cells are
/// 4-neighbours, so each group is 4-connected, and removing the centre leaves at most one piece
/// per group.
#[derive(Debug, Clone, Copy)]
struct RingRuns {
    count: u8,
    cells: [u8; 4],
}

const RING_RUNS: [RingRuns; 256] = ring_runs_table();

const fn ring_runs_table() -> [RingRuns; 256] {
    let mut table = [RingRuns {
        count: 0,
        cells: [0; 4],
    }; 256];
    let mut mask = 0usize;
    while mask < 256 {
        let mut runs = RingRuns {
            count: 0,
            cells: [0; 4],
        };
        if mask == 255 {
            runs.count = 1;
            runs.cells[0] = 255;
        } else {
            // Start just after a closed cell so that no run wraps.
            let mut start = 0usize;
            while mask >> start & 1 == 1 {
                start += 1;
            }
            let mut run = 0u8;
            let mut run_has_orthogonal = false;
            let mut step = 1usize;
            while step <= 8 {
                let cell = (start + step) % 8;
                if mask >> cell & 1 == 1 {
                    run |= 1 << cell;
                    if cell.is_multiple_of(2) {
                        run_has_orthogonal = true;
                    }
                } else {
                    if run != 0 && run_has_orthogonal && (runs.count as usize) < 4 {
                        runs.cells[runs.count as usize] = run;
                        runs.count += 1;
                    }
                    run = 0;
                    run_has_orthogonal = false;
                }
                step += 1;
            }
        }
        table[mask] = runs;
        mask += 1;
    }
    table
}

/// The gaps of a ring mask: the cyclic runs of ring cells that belong to no group of
/// [`RING_GROUPS`] (closed cells, and open diagonals with both sides closed), each given by one
/// closed cell of it. A ring of `k >= 1` groups has `k` gaps; a ring without groups has one gap
/// (the whole ring), a fully open ring none. The closed cells of one gap are 8-connected to each
/// other (consecutive ring cells touch, and so do the two sides around a diagonal).
#[derive(Debug, Clone, Copy)]
struct Gaps {
    count: u8,
    cells: [u8; 4],
}

const GAPS: [Gaps; 256] = gaps_table();

/// Whether ring cell `cell` (taken around the ring) is open in `mask`.
const fn ring_cell_open(mask: usize, cell: usize) -> bool {
    mask >> (cell % 8) & 1 == 1
}

const fn gaps_table() -> [Gaps; 256] {
    let mut table = [Gaps {
        count: 0,
        cells: [0; 4],
    }; 256];
    let mut mask = 0usize;
    while mask < 256 {
        // A cell is in a group when it is open and it or an orthogonal cell next to it on the
        // ring is open and orthogonal (an open diagonal joins a group through an open side).
        let mut grouped = [false; 8];
        let mut cell = 0;
        while cell < 8 {
            grouped[cell] = if cell % 2 == 0 {
                ring_cell_open(mask, cell)
            } else {
                ring_cell_open(mask, cell)
                    && (ring_cell_open(mask, cell + 1) || ring_cell_open(mask, cell + 7))
            };
            cell += 1;
        }
        let mut gaps = Gaps {
            count: 0,
            cells: [0; 4],
        };
        // Start each gap at a closed cell right after a grouped one; without groups the whole
        // ring is one gap, started at its first closed cell.
        let mut any_group = false;
        cell = 0;
        while cell < 8 {
            any_group |= grouped[cell];
            cell += 1;
        }
        if !any_group {
            if mask != 255 {
                let mut first = 0;
                while ring_cell_open(mask, first) {
                    first += 1;
                }
                gaps.count = 1;
                gaps.cells[0] = first as u8;
            }
        } else {
            cell = 0;
            while cell < 8 {
                let before = (cell + 7) % 8;
                if !grouped[cell] && grouped[before] && (gaps.count as usize) < 4 {
                    // The run starts here; its first closed cell is this one or the next (an
                    // ungrouped cell is closed unless it is a diagonal between closed sides).
                    let closed = if ring_cell_open(mask, cell) {
                        (cell + 1) % 8
                    } else {
                        cell
                    };
                    gaps.cells[gaps.count as usize] = closed as u8;
                    gaps.count += 1;
                }
                cell += 1;
            }
        }
        table[mask] = gaps;
        mask += 1;
    }
    table
}

/// `Tile.MonsterPercent`'s shape class by which of the four sides are open (only they
/// matter): bit 0 Left, bit 1 Up, bit 2 Right, bit 3 Down.
const SHAPES_BY_OPEN_SIDES: [usize; 16] = shapes_by_open_sides();

const fn shapes_by_open_sides() -> [usize; 16] {
    let mut table = [3usize; 16];
    let mut sides = 0;
    while sides < 16 {
        // Open sides across (Left, Right) and along (Up, Down).
        let horizontal = (sides & 1) + (sides >> 2 & 1);
        let vertical = (sides >> 1 & 1) + (sides >> 3 & 1);
        table[sides] = if (horizontal == 2 && vertical == 0) || (vertical == 2 && horizontal == 0) {
            0
        } else if horizontal + vertical == 4 {
            1
        } else if horizontal + vertical >= 2 {
            2
        } else {
            3
        };
        sides += 1;
    }
    table
}

/// The tiles of `set` next to `position`.
#[inline]
fn neighbours_of(board: &Board, position: u8, set: Bits) -> Bits {
    board.layout.adjacent[usize::from(position & 127)] & set
}

/// Everything that depends on the board size alone: built once per size and kept, since the
/// floors of a run alternate between two sizes.
#[derive(Debug, Clone)]
struct Layout {
    width: u8,
    height: u8,
    all: Bits,
    /// `allTiles`: every position, x fastest.
    all_tiles: Vec<u8>,
    /// The on-board 4-neighbours of each position, so that single-tile questions need no shifts.
    adjacent: [Bits; 128],
    /// The ring mask of every tile within the whole board, framed like [`WallGroups`].
    whole_rings: [u8; 256],
    /// The tiles whose ring reaches beyond the board: they touch the region outside.
    edge: Bits,
}

impl Layout {
    fn new(width: u8, height: u8) -> Layout {
        let stride = STRIDE;
        let mut layout = Layout {
            width,
            height,
            all: 0,
            all_tiles: Vec::with_capacity(usize::from(width) * usize::from(height)),
            adjacent: [0; 128],
            whole_rings: [0; 256],
            edge: 0,
        };
        for y in 0..height {
            for x in 0..width {
                let position = y * stride + x;
                layout.all |= bit(position);
                layout.all_tiles.push(position);
            }
        }
        let shift = u32::from(stride);
        for &position in &layout.all_tiles {
            let one = bit(position);
            let spread = (one << 1) | (one >> 1) | (one << shift) | (one >> shift);
            layout.adjacent[usize::from(position & 127)] = spread & layout.all;
        }
        let cells = RING_CELLS;
        for &position in &layout.all_tiles {
            let (x, y) = (i32::from(position % stride), i32::from(position / stride));
            let mut mask = 0u8;
            for (cell, (dx, dy)) in cells.into_iter().enumerate() {
                let (nx, ny) = (x + dx, y + dy);
                if (0..i32::from(width)).contains(&nx) && (0..i32::from(height)).contains(&ny) {
                    mask |= 1 << cell;
                }
            }
            layout.whole_rings[usize::from(position) + usize::from(stride) + 1] = mask;
            if mask != 0xFF {
                layout.edge |= bit(position);
            }
        }
        layout
    }
}

/// Masks three consecutive ring bytes from framed index `start` as one 32-bit word. Framed
/// indices stay below `11 * 12`, so the word always lies inside the array.
#[inline]
fn clear_ring_row(rings: &mut [u8; 256], start: usize, masks: [u8; 3]) {
    // A no-op clamp that lets the compiler drop the range check.
    let start = start.min(252);
    let Some(bytes) = rings.get_mut(start..start + 4) else {
        return;
    };
    let word = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
        & u32::from_le_bytes([masks[0], masks[1], masks[2], 0xFF]);
    bytes.copy_from_slice(&word.to_le_bytes());
}

/// A board being built: walls, temporary blocks, occupancy and threat.
#[derive(Debug, Clone)]
pub struct Board {
    /// Tiles across.
    pub width: u8,
    /// Tiles down.
    pub height: u8,
    /// Every tile of the board.
    pub all: Bits,
    /// Permanent walls (`Tile.impassable` set by BuildMaze).
    pub walls: Bits,
    /// Temporary blocks (AddMonsters' reservations and neighbours, the Lich's tile).
    pub blocked: Bits,
    /// Tiles holding the player or a feature (monsters included): not `IsUnused`.
    pub occupied: Bits,
    /// Tiles whose `GetThreat` is not zero.
    pub threatening: Bits,
    /// `GetThreat` per tile position.
    pub threat: [u8; 128],
    /// Boxed: the floors of a run alternate between sizes, and swapping layouts then moves
    /// pointers instead of kilobytes.
    layout: Box<Layout>,
    /// Layouts of other sizes built earlier, boxed like `layout` (taking one out of the list
    /// then moves a pointer).
    #[allow(clippy::vec_box)]
    spare_layouts: Vec<Box<Layout>>,
}

impl Board {
    /// Initialize: a `width` x `height` board without walls. Sides up to 10 (checked by the data
    /// validation).
    pub fn new(width: u8, height: u8) -> Board {
        let layout = Box::new(Layout::new(width, height));
        Board {
            width,
            height,
            all: layout.all,
            walls: 0,
            blocked: 0,
            occupied: 0,
            threatening: 0,
            threat: [0; 128],
            layout,
            spare_layouts: Vec::new(),
        }
    }

    /// Resets to an empty `width` x `height` board. A size met before takes its kept layout.
    pub fn reset(&mut self, width: u8, height: u8) {
        if self.width != width || self.height != height {
            let incoming = match self
                .spare_layouts
                .iter()
                .position(|layout| layout.width == width && layout.height == height)
            {
                Some(i) => self.spare_layouts.swap_remove(i),
                None => Box::new(Layout::new(width, height)),
            };
            let outgoing = std::mem::replace(&mut self.layout, incoming);
            self.spare_layouts.push(outgoing);
            self.width = width;
            self.height = height;
            self.all = self.layout.all;
        }
        self.walls = 0;
        self.blocked = 0;
        self.occupied = 0;
        self.threatening = 0;
        self.threat = [0; 128];
    }

    /// `allTiles`: every position, x fastest.
    #[inline]
    pub fn all_tiles(&self) -> &[u8] {
        &self.layout.all_tiles
    }

    /// The position of `(x, y)`; callers keep coordinates on the board.
    #[inline]
    pub fn position(&self, x: u8, y: u8) -> u8 {
        y * STRIDE + x
    }

    /// `TileAt`: the position of `(x, y)`, or `None` off the board.
    pub fn tile_at(&self, x: i32, y: i32) -> Option<u8> {
        if x < 0 || y < 0 || x >= i32::from(self.width) || y >= i32::from(self.height) {
            None
        } else {
            Some(self.position(x as u8, y as u8))
        }
    }

    /// The coordinates of a position.
    #[inline]
    pub fn xy(&self, position: u8) -> (u8, u8) {
        (position % STRIDE, position / STRIDE)
    }

    /// The walls laid out with one padding column (`bit = y * (width + 1) + x`), the layout
    /// [`crate::Floor`] keeps.
    pub fn walls_by_width(&self) -> Bits {
        let row: Bits = (1 << self.width) - 1;
        let width = u32::from(self.width);
        (0..u32::from(self.height)).fold(0, |packed, y| {
            packed | ((self.walls >> (y * u32::from(STRIDE))) & row) << (y * (width + 1))
        })
    }

    /// Tiles that block movement now: walls and temporary blocks.
    #[inline]
    pub fn impassable(&self) -> Bits {
        self.walls | self.blocked
    }

    /// Tiles that do not block movement.
    #[inline]
    pub fn passable(&self) -> Bits {
        self.all & !self.impassable()
    }

    /// `Tile.IsUnused`: passable and holding nothing.
    #[inline]
    pub fn is_unused(&self, position: u8) -> bool {
        (self.passable() & !self.occupied) & bit(position) != 0
    }

    /// Every tile one step from a tile of `set` (off-board bits included; mask them).
    #[inline]
    pub fn spread(&self, set: Bits) -> Bits {
        // Strides are at most 11: the mask tells the compiler so, which shortens the shifts.
        let stride = u32::from(STRIDE) & 63;
        (set << 1) | (set >> 1) | (set << stride) | (set >> stride)
    }

    /// The 4-neighbours of a tile, on the board, in the order Left, Up, Right, Down.
    pub fn neighbours(&self, position: u8) -> impl Iterator<Item = u8> + '_ {
        let (x, y) = self.xy(position);
        let (x, y) = (i32::from(x), i32::from(y));
        [(x - 1, y), (x, y + 1), (x + 1, y), (x, y - 1)]
            .into_iter()
            .filter_map(|(x, y)| self.tile_at(x, y))
    }

    /// The region of `allowed` 4-connected to `seed` (which must lie in `allowed`).
    #[inline]
    pub fn flood(&self, seed: Bits, allowed: Bits) -> Bits {
        let mut region = seed & allowed;
        loop {
            let grown = (region | self.spread(region)) & allowed;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// `IsConnected` over the passable tiles, as if `removed` were also impassable.
    fn connected_without(&self, removed: Bits) -> bool {
        let open = self.passable() & !removed;
        if open == 0 {
            return true;
        }
        self.flood(bit(lowest(open)), open) == open
    }

    /// `IsConnected`: the passable tiles form one 4-connected region.
    pub fn is_connected(&self) -> bool {
        self.connected_without(0)
    }

    /// The 3x3 ring mask of `position` within `set` (see [`RING_GROUPS`]): one window shift,
    /// then eight bit picks. Off-board neighbours read as empty (the padding column and the
    /// bits beyond the board are never set).
    #[inline]
    fn ring(&self, position: u8, set: Bits) -> usize {
        let stride = u32::from(STRIDE);
        // Bit k of `window` is tile `position - stride - 1 + k`.
        // Only the lowest 2 * stride + 3 bits (at most 25) are read: keep them as a u32.
        let window = (((set & self.all) << ((stride + 1) & 63)) >> (position & 127)) as u32;
        let at = |offset: u32| ((window >> (offset & 31)) & 1) as usize;
        at(2 * stride + 1)
            | at(2 * stride + 2) << 1
            | at(stride + 2) << 2
            | at(2) << 3
            | at(1) << 4
            | at(0) << 5
            | at(stride) << 6
            | at(2 * stride) << 7
    }

    /// `CanDelete`: the tile is passable and making it impassable keeps the passable tiles one
    /// region. Precondition: they are one region now (true at every call site: BuildMaze keeps it,
    /// and the temporary blocks of AddMonsters are never in place when this is asked). A tile whose
    /// passable neighbours stay joined around it is answered without a flood fill.
    pub fn can_delete(&self, position: u8) -> bool {
        let passable = self.passable();
        if passable & bit(position) == 0 {
            return false;
        }
        if RING_GROUPS[self.ring(position, passable)] <= 1 {
            return true;
        }
        self.neighbours_stay_joined(position, passable)
    }

    /// Whether the passable neighbours of `position` stay one region without it.
    fn neighbours_stay_joined(&self, position: u8, passable: Bits) -> bool {
        // Every other tile reaches the tile through one of its neighbours, so the rest stays one
        // region exactly when the neighbours stay joined: grow from one until it meets the others.
        let open = passable & !bit(position);
        let targets = neighbours_of(self, position, open);
        // Two regions grow in turn: one from the lowest neighbour, one from a neighbour it has
        // not reached. Either one stalling alone ends the search (its side is cut off), which
        // is quick when that side is a short dead end; when they meet they merge and the
        // second restarts from a neighbour still unreached.
        // sides[0] is the growing region, sides[1] the other side.
        let mut sides = [bit(lowest(targets)), bit(highest(targets))];
        'grow: loop {
            if sides[0] & targets == targets {
                return true;
            }
            for side in 0..2 {
                let grown = (sides[side] | self.spread(sides[side])) & open;
                if grown == sides[side] {
                    return false;
                }
                sides[side] = grown;
                if sides[0] & sides[1] != 0 {
                    sides[0] |= sides[1];
                    let unreached = targets & !sides[0];
                    if unreached == 0 {
                        return true;
                    }
                    sides[1] = bit(lowest(unreached));
                    continue 'grow;
                }
            }
        }
    }

    /// [`Board::can_delete`] for BuildMaze, without a flood fill: `groups` must describe this
    /// board's walls ([`Board::add_wall`] since [`WallGroups::clear`]), and no tile may be
    /// blocked. A tile whose ring holds
    /// `k >= 2` groups of passable tiles also has `k` gaps of closed tiles between them, and
    /// removing it leaves `1 + k - d` pieces, where `d` counts the distinct 8-connected closed
    /// regions the gaps belong to (the Euler number changes by `k - 1` locally, and the `d`
    /// regions merge into one through the removed tile): it can go when every gap lies in a
    /// region of its own, since then each pair of neighbouring groups is joined around the
    /// region between them.
    pub fn can_delete_tracked(&self, position: u8, groups: &mut WallGroups) -> bool {
        self.passable() & bit(position) != 0 && self.can_delete_passable_tracked(position, groups)
    }

    /// [`Board::can_delete_tracked`] for a tile known to be passable (BuildMaze visits each
    /// tile once, before it can become a wall): the ring test inline, the gaps out of line.
    #[inline]
    pub fn can_delete_passable_tracked(&self, position: u8, groups: &mut WallGroups) -> bool {
        let mask = usize::from(groups.rings[self.framed(position)]);
        RING_GROUPS[mask] <= 1 || self.gaps_apart(position, mask, groups)
    }

    /// Whether the gaps of `position`'s ring (`mask`, two groups or more) lie in distinct
    /// closed regions.
    #[inline(never)]
    fn gaps_apart(&self, position: u8, mask: usize, groups: &mut WallGroups) -> bool {
        let gaps = GAPS[mask & 255];
        let mut roots = [0u8; 4];
        for i in 0..usize::from(gaps.count.min(4)) {
            let root = groups.region_at(self.ring_index(position, gaps.cells[i]));
            if roots[..i].contains(&root) {
                return false;
            }
            roots[i] = root;
        }
        true
    }

    /// Makes a passable tile a wall and merges the closed regions around it in `groups`.
    pub fn add_wall(&mut self, position: u8, groups: &mut WallGroups) {
        self.close_in(position, groups);
        self.walls |= bit(position);
    }

    /// Blocks a passable tile for now and merges the closed regions around it in `groups`.
    pub fn block_tracked(&mut self, position: u8, groups: &mut WallGroups) {
        self.close_in(position, groups);
        self.blocked |= bit(position);
    }

    /// Records in `groups` that a passable tile closes: it joins every closed region around it
    /// (the lowest label stays the root, so the outside keeps label 0).
    fn close_in(&self, position: u8, groups: &mut WallGroups) {
        let mask = usize::from(groups.rings[self.framed(position)]);
        let gaps = GAPS[mask];
        let region = if gaps.count == 0 {
            groups.new_region()
        } else {
            let mut roots = [0u8; 4];
            let count = usize::from(gaps.count.min(4));
            let mut root = u8::MAX;
            for (slot, &cell) in roots.iter_mut().zip(&gaps.cells[..count]) {
                *slot = groups.region_at(self.ring_index(position, cell));
                root = root.min(*slot);
            }
            for &other in &roots[..count] {
                if other != root {
                    groups.merge(other, root);
                }
            }
            root
        };
        groups.label[self.framed(position)] = region;
        groups.touching[usize::from(region & 127)] |= BLOCKS[usize::from(position & 127)];
        groups.closed |= bit(position);
        // The tile leaves the rings of its eight neighbours (as the cell opposite to theirs):
        // each row of three neighbours is one 32-bit masking (the fourth byte is kept).
        let stride = usize::from(STRIDE);
        let p = usize::from(position);
        // Down-Left, Down, Down-Right lose their Up-Right, Up, Up-Left cells.
        clear_ring_row(&mut groups.rings, p, [!(1 << 1), !(1 << 0), !(1 << 7)]);
        // Left and Right lose their Right and Left cells.
        clear_ring_row(&mut groups.rings, p + stride, [!(1 << 2), 0xFF, !(1 << 6)]);
        // Up-Left, Up, Up-Right lose their Down-Right, Down, Down-Left cells.
        clear_ring_row(
            &mut groups.rings,
            p + 2 * stride,
            [!(1 << 3), !(1 << 4), !(1 << 5)],
        );
    }

    /// `pieces - 1` for every tile of the passable set at once, as three bit planes (low bit
    /// first), or `None` when `groups` does not describe this board's closed tiles. Only tiles
    /// whose ring has two groups or more (CanBeACut) are meaningful.
    ///
    /// Removing such a tile leaves `1 + k - d` pieces ([`Board::can_delete_tracked`]): `k`
    /// counts the run starts of eight shifted copies of the set, `d` the closed regions whose
    /// 8-neighbourhood (for the outside: the board's edge) holds the tile; every closed ring
    /// cell lies in a gap, so these are the gaps' regions.
    fn extra_pieces(&self, groups: &WallGroups) -> Option<[Bits; 3]> {
        if groups.closed != self.impassable() {
            return None;
        }
        let set = self.passable();
        let [up, up_right, right, down_right, down, down_left, left, up_left] =
            self.ring_copies(set);
        // Ring cells in a group, in ring order: open sides, and open corners next to one.
        let grouped = [
            up,
            up_right & (up | right),
            right,
            down_right & (right | down),
            down,
            down_left & (down | left),
            left,
            up_left & (left | up),
        ];
        let add = |planes: &mut [Bits; 3], one: Bits| {
            let carry = planes[0] & one;
            planes[0] ^= one;
            let carry_up = planes[1] & carry;
            planes[1] ^= carry;
            planes[2] |= carry_up;
        };
        let mut groups_count = [0 as Bits; 3];
        for cell in 0..8 {
            add(&mut groups_count, grouped[cell] & !grouped[(cell + 7) % 8]);
        }
        let mut regions_count = [0 as Bits; 3];
        for label in 0..usize::from(groups.count.min(128)) {
            if groups.parent[label] != label as u8 {
                continue;
            }
            add(&mut regions_count, groups.touching[label]);
        }
        // k - d by planes (k >= d on the tiles that matter).
        let [k0, k1, k2] = groups_count;
        let [d0, d1, d2] = regions_count;
        let borrow0 = !k0 & d0;
        let borrow1 = (!k1 & (d1 | borrow0)) | (d1 & borrow0);
        Some([k0 ^ d0, k1 ^ d1 ^ borrow0, k2 ^ d2 ^ borrow1])
    }

    /// The cut vertices of the passable set (tiles whose removal splits their component), from
    /// the closed regions; `None` when `groups` does not describe this board's closed tiles.
    pub fn cuts_by_regions(&self, groups: &WallGroups) -> Option<Bits> {
        let [e0, e1, e2] = self.extra_pieces(groups)?;
        let set = self.passable();
        Some(set & self.can_be_a_cut_set(set) & (e0 | e1 | e2))
    }

    /// `FindBestCutVertex` as far as the closed regions settle it, over the passable set; the
    /// candidates are the unused tiles whose ring has two groups or more (CanBeACut) and whose
    /// removal splits their component. The best has the most pieces, then the largest smallest
    /// piece (its own pieces and the other components), then comes first: the sizes cannot
    /// matter when one candidate has the most pieces, or when a lone tile is a component of
    /// its own (every smallest piece is then 1).
    pub fn best_cut_without_sizes(&self, groups: &WallGroups) -> CutPick {
        if self.threatening != 0 {
            return CutPick::Unknown;
        }
        let Some([e0, e1, e2]) = self.extra_pieces(groups) else {
            return CutPick::Unknown;
        };
        let set = self.passable();
        let mut best = set & !self.occupied & self.can_be_a_cut_set(set) & (e0 | e1 | e2);
        for plane in [e2, e1, e0] {
            if best & plane != 0 {
                best &= plane;
            }
        }
        if best == 0 {
            return CutPick::Decided(None);
        }
        let lone_tile = set & !self.spread(set) != 0;
        if best & (best - 1) == 0 || lone_tile {
            CutPick::Decided(Some(lowest(best)))
        } else {
            CutPick::Tied(best)
        }
    }

    /// `FindBestCutVertex` among candidates tied on the most pieces ([`CutPick::Tied`] over
    /// `safe`): the largest smallest piece (their own pieces and the other regions), then the
    /// first tile, from floods: cheaper than a search, whose data the later picks rarely reuse.
    /// `regions` is brought up to date with `safe` ([`Board::update_regions`]). `None` when
    /// there are more regions than the search's component list counts (the search then
    /// decides, with its bound). `connected`: the safe tiles are known to be one region (the
    /// first pick: BuildMaze keeps the passable tiles joined, and nothing is blocked yet).
    pub fn best_tied_cut(
        &self,
        safe: Bits,
        tied: Bits,
        connected: bool,
        regions: &mut Regions,
    ) -> Option<Option<u8>> {
        if connected {
            regions.set_single(safe);
        } else if !self.update_regions(safe, regions) {
            return None;
        }
        let regions = regions.regions();
        // The smallest region caps every candidate outside it; the second smallest the ones
        // inside it.
        let mut smallest_region: (Bits, u8) = (0, u8::MAX);
        let mut second_smallest = u8::MAX;
        for &(region, size) in regions {
            if size < smallest_region.1 {
                second_smallest = smallest_region.1;
                smallest_region = (region, size);
            } else if size < second_smallest {
                second_smallest = size;
            }
        }
        let mut best: Option<(u8, u8)> = None;
        for position in tiles_of(tied) {
            let untouched = if smallest_region.0 & bit(position) != 0 {
                second_smallest
            } else {
                smallest_region.1
            };
            let bound = best.map_or(0, |(smallest, _)| smallest);
            if best.is_some() && untouched <= bound {
                continue;
            }
            let Some(&(region, size)) = regions
                .iter()
                .find(|(region, _)| region & bit(position) != 0)
            else {
                continue;
            };
            let smallest = self
                .smallest_piece_without(region, size, position, bound)
                .min(untouched);
            if best.is_none_or(|(best_smallest, _)| smallest > best_smallest) {
                best = Some((smallest, position));
            }
        }
        Some(best.map(|(_, position)| position))
    }

    /// The size of the smallest piece `set` (one 4-connected region of `size` tiles) falls into
    /// without `position`, or any value up to `bound` when it is at most `bound`. A piece of one
    /// tile is seen at once; otherwise floods grow
    /// in step from the groups of the tile's ring (`RING_RUNS`: a group is one piece at
    /// once); two that meet are one piece, one that stops is a whole piece. After `t` steps a
    /// growing flood holds more than `t` tiles, so a whole piece that small is the smallest;
    /// when one flood is left, the rest of the tiles are its piece.
    pub fn smallest_piece_without(&self, set: Bits, size: u8, position: u8, bound: u8) -> u8 {
        let open = set & !bit(position);
        // A neighbour with no other open neighbour is a piece of one tile, the smallest there
        // is: the usual answer for a junction beside a dead end, found without a flood.
        if neighbours_of(self, position, open) & !self.spread(open) != 0 {
            return 1;
        }
        let runs = RING_RUNS[self.ring(position, set)];
        // A window's bit k is tile `position - stride - 1 + k` (off-board cells are never in a
        // run, so nothing is lost below tile 0 or above tile 127).
        let frame = u32::from(STRIDE) + 1;
        let seeds = |cells: u8| -> Bits {
            let window = Bits::from(RING_WINDOWS[usize::from(cells)]);
            (window << (position & 127)) >> (frame & 127)
        };
        if runs.count == 2 {
            // The common case (a corridor or a corner): two floods, no bound to watch, since the
            // first that stops settles both pieces.
            let mut first = seeds(runs.cells[0]);
            let mut second = seeds(runs.cells[1]);
            loop {
                let first_grown = (first | self.spread(first)) & open;
                let second_grown = (second | self.spread(second)) & open;
                if first_grown & second_grown != 0 {
                    return size.saturating_sub(1);
                }
                let whole = if first_grown == first {
                    first
                } else if second_grown == second {
                    second
                } else {
                    first = first_grown;
                    second = second_grown;
                    continue;
                };
                let piece = whole.count_ones() as u8;
                return piece.min(size.saturating_sub(1).saturating_sub(piece));
            }
        }
        let mut floods = [0 as Bits; 4];
        let mut count = 0;
        for &cells in &runs.cells[..usize::from(runs.count.min(4))] {
            floods[count & 3] = seeds(cells);
            count += 1;
        }
        let mut smallest = u8::MAX;
        let mut whole_sizes: u8 = 0;
        let mut steps: u8 = 0;
        loop {
            if count <= 1 {
                let rest = size.saturating_sub(1).saturating_sub(whole_sizes);
                return if count == 1 {
                    smallest.min(rest)
                } else {
                    smallest
                };
            }
            if smallest <= steps.saturating_add(1) || smallest <= bound {
                return smallest;
            }
            let mut grew = [false; 4];
            for i in 0..count {
                let grown = (floods[i] | self.spread(floods[i])) & open;
                grew[i] = grown != floods[i];
                floods[i] = grown;
            }
            // Floods that meet are one piece.
            let mut i = 0;
            while i < count {
                let mut j = i + 1;
                while j < count {
                    if floods[i] & floods[j] != 0 {
                        floods[i] |= floods[j];
                        grew[i] |= grew[j];
                        count -= 1;
                        floods[j] = floods[count];
                        grew[j] = grew[count];
                    } else {
                        j += 1;
                    }
                }
                i += 1;
            }
            // A flood that stopped is a whole piece.
            let mut i = 0;
            while i < count {
                if grew[i] {
                    i += 1;
                } else {
                    let piece = floods[i].count_ones() as u8;
                    smallest = smallest.min(piece);
                    whole_sizes = whole_sizes.saturating_add(piece);
                    count -= 1;
                    floods[i] = floods[count];
                    grew[i] = grew[count];
                }
            }
            steps = steps.saturating_add(1);
        }
    }

    /// The framed index ([`WallGroups`]) of a position.
    #[inline]
    fn framed(&self, position: u8) -> usize {
        (usize::from(position) + usize::from(STRIDE) + 1) & 255
    }

    /// The framed index ([`WallGroups`]) of ring cell `cell` of `position`.
    #[inline]
    fn ring_index(&self, position: u8, cell: u8) -> usize {
        usize::from(position) + usize::from(RING_OFFSETS[usize::from(cell & 7)])
    }

    /// `FindDeletableSquares` as a set: the passable tiles that are not cut vertices (same
    /// precondition as [`Board::can_delete`]), from [`Board::update_articulation`]: `scratch`
    /// must describe a set of this board, or be cleared.
    pub fn deletable_set(&self, scratch: &mut Articulation) -> Bits {
        let passable = self.passable();
        self.update_articulation(passable, scratch);
        passable & !scratch.cuts
    }

    /// The tiles that can carry a zero-threat path: passable and without threat.
    #[inline]
    pub fn safe(&self) -> Bits {
        self.passable() & !self.threatening
    }

    /// Eight shifted copies of `set`, in ring order from Up clockwise: bit p of each copy says
    /// whether that neighbour of tile p is in the set.
    #[inline]
    fn ring_copies(&self, set: Bits) -> [Bits; 8] {
        let stride = u32::from(STRIDE) & 63;
        [
            set >> stride,
            set >> (stride + 1),
            set >> 1,
            set << (stride - 1),
            set << stride,
            set << (stride + 1),
            set << 1,
            set >> (stride - 1),
        ]
    }

    /// `Tile.CanBeACut`, reading "exists" as "exists and is passable" (SPEC): at least two
    /// passable orthogonal neighbours and more than one corner gap between them.
    pub fn can_be_a_cut(&self, position: u8) -> bool {
        CAN_BE_A_CUT[self.ring(position, self.safe())]
    }

    /// [`Board::can_be_a_cut`] for every tile at once, over the ring within `set`: eight shifted
    /// copies of the set stand for the eight neighbours, and a tile passes when at least two of
    /// its four sides have a gap (a gap needs its side open, so two gaps mean two open sides).
    pub fn can_be_a_cut_set(&self, set: Bits) -> Bits {
        let set = set & self.all;
        let [up, up_right, right, down_right, down, down_left, left, up_left] =
            self.ring_copies(set);
        let gap_left = left & !(up_left & up);
        let gap_up = up & !(up_right & right);
        let gap_right = right & !(down_right & down);
        let gap_down = down & !(down_left & left);
        let two_gaps = ((gap_left | gap_up) & (gap_right | gap_down))
            | (gap_left & gap_up)
            | (gap_right & gap_down);
        two_gaps & self.all
    }

    /// `GetThreatComponents` of `safe`: calls `visit` with each region, lowest first tile first.
    pub fn for_each_component(&self, safe: Bits, mut visit: impl FnMut(Bits)) {
        let mut rest = safe;
        while rest != 0 {
            let region = self.flood(bit(lowest(rest)), rest);
            visit(region);
            rest &= !region;
        }
    }

    /// `Tile.MonsterPercent` shape class: 0 straight corridor, 1 crossing, 2 corner or T,
    /// 3 dead end, edge or isolated, with the tiles of `passable` open (pass
    /// [`Board::passable`]: temporary blocks count as closed).
    pub fn shape(&self, position: u8, passable: Bits) -> usize {
        let p = position & 127;
        let open = self.layout.adjacent[usize::from(p)] & passable;
        // The window of positions p - STRIDE ..= p + STRIDE in one word: Up at bit 0, Left
        // and Right at STRIDE -+ 1, Down at 2 STRIDE. Positions stay below STRIDE * MAX_SIDE
        // (the assertion on STRIDE), so shifting up by STRIDE loses no tile.
        let stride = u32::from(STRIDE);
        let window = ((open << stride) >> p) as u32;
        let across = window >> (stride - 1) & 0b101;
        let up = (window & 1) << 1;
        let down = window >> (2 * stride - 3) & 0b1000;
        SHAPES_BY_OPEN_SIDES[(across | up | down) as usize & 15]
    }

    /// The tiles of `set` next to `position`.
    #[inline]
    pub fn neighbours_in(&self, position: u8, set: Bits) -> Bits {
        neighbours_of(self, position, set)
    }

    /// `tiles` (distinct) nearest first by step distance from `start` over passable tiles,
    /// into `ordered`: a stable order, unreachable tiles last. A counting sort: the search
    /// counts the tiles each step reaches, which gives each step its first place, and the
    /// tiles then go to their places in their own order, without a comparison (whose outcome
    /// would be a coin toss to the branch predictor).
    pub fn nearest_first(&self, start: u8, tiles: &[u8], ordered: &mut Vec<u8>) {
        let mut distance = [u8::MAX; 128];
        // The next free place of each distance (`u8::MAX`: unreachable).
        let mut next_place = [0u8; 256];
        let mut left: Bits = tiles.iter().fold(0, |set, &position| set | bit(position));
        let passable = self.passable();
        let mut reached = bit(start) & passable;
        let mut frontier = reached;
        let mut step = 0u8;
        let mut placed = 0u8;
        while frontier != 0 && left != 0 {
            next_place[usize::from(step)] = placed;
            for position in tiles_of(frontier & left) {
                distance[usize::from(position)] = step;
                placed += 1;
            }
            left &= !frontier;
            frontier = self.spread(frontier) & passable & !reached;
            reached |= frontier;
            step += 1;
        }
        next_place[usize::from(u8::MAX)] = placed;
        ordered.clear();
        ordered.resize(tiles.len(), 0);
        for &position in tiles {
            let place = &mut next_place[usize::from(distance[usize::from(position & 127)])];
            if let Some(slot) = ordered.get_mut(usize::from(*place)) {
                *slot = position;
            }
            *place = place.wrapping_add(1);
        }
    }
}

/// What the closed regions tell about `FindBestCutVertex` ([`Board::best_cut_without_sizes`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CutPick {
    /// The answer (`None`: no candidate).
    Decided(Option<u8>),
    /// These candidates share the most pieces; the piece sizes decide.
    Tied(Bits),
    /// The regions do not describe the board (or a tile has threat).
    Unknown,
}

/// The 8-connected regions of the closed tiles of a board that only gains closed tiles (the
/// walls, then the reserved cut vertices), everything beyond its edges counting as one region,
/// with each tile's ring mask: BuildMaze's CanDelete and most cut-vertex picks read them instead
/// of flooding or searching. Tiles are indexed with a frame (`position + stride + 1`), so that
/// the row below the board has indices too; the padding column stands for both side edges.
#[derive(Debug, Clone)]
pub struct WallGroups {
    /// The region each closed tile was given when it closed (0: beyond the edge); read through
    /// `parent`, which maps every region straight to its root.
    label: [u8; 256],
    /// Union-find parents of the regions.
    parent: [u8; 128],
    count: u8,
    /// The ring mask of each tile within the passable tiles (see [`RING_GROUPS`]), updated
    /// as walls are added.
    rings: [u8; 256],
    /// The tiles next to or in each region (8-neighbourhood; for the outside, the board's
    /// edge too), read at its root: kept as tiles close, so the cut tests need no dilation.
    touching: [Bits; 128],
    /// Every tile closed through these groups.
    closed: Bits,
}

impl Default for WallGroups {
    fn default() -> Self {
        WallGroups {
            label: [0; 256],
            parent: [0; 128],
            count: 1,
            rings: [0; 256],
            touching: [0; 128],
            closed: 0,
        }
    }
}

impl WallGroups {
    /// Describes `board` without walls: only the region beyond the edges is closed.
    pub fn clear(&mut self, board: &Board) {
        self.label = [0; 256];
        self.parent[0] = 0;
        self.count = 1;
        self.rings = board.layout.whole_rings;
        self.touching[0] = board.layout.edge;
        self.closed = 0;
    }

    /// The region of the closed tile at framed index `index`: every label's parent is a root
    /// ([`WallGroups::merge`] keeps it so), so this is two loads, without a loop whose length
    /// the branch predictor would have to guess.
    #[inline]
    fn region_at(&mut self, index: usize) -> u8 {
        self.parent[usize::from(self.label[index & 255] & 127)]
    }

    /// A region for a wall with no closed tile around it. A board holds at most 100 walls, so
    /// labels stay below 128.
    fn new_region(&mut self) -> u8 {
        let region = self.count & 127;
        self.parent[usize::from(region)] = region;
        self.touching[usize::from(region)] = 0;
        self.count = self.count.saturating_add(1);
        region
    }

    /// Joins region `other` into `into` (both roots). Every region under `other` is moved
    /// under `into` at once (one pass over the labels given so far, 16 at a time, which the
    /// compiler vectorises), so the trees stay one level deep.
    #[inline]
    fn merge(&mut self, other: u8, into: u8) {
        let used = (usize::from(self.count) + 15).min(128) / 16;
        for chunk in self.parent.chunks_exact_mut(16).take(used) {
            for parent in chunk {
                *parent = if *parent == other { into } else { *parent };
            }
        }
        self.touching[usize::from(into & 127)] |= self.touching[usize::from(other & 127)];
    }
}

/// The most components a set can have: a 4-connected component of a board of sides up to 10
/// holds at least one tile of every other checkerboard square, so at most 50 exist.
pub const MAX_COMPONENTS: usize = 64;

/// The 4-connected regions of a tile set with their sizes, for a set that loses a tile at a
/// time ([`Board::update_regions`] floods again only the regions that lost tiles).
#[derive(Debug, Clone)]
pub struct Regions {
    set: Bits,
    list: [(Bits, u8); MAX_COMPONENTS],
    count: usize,
    /// The set has more regions than the list holds: the list is incomplete.
    overflow: bool,
}

impl Default for Regions {
    fn default() -> Self {
        Regions {
            set: 0,
            list: [(0, 0); MAX_COMPONENTS],
            count: 0,
            overflow: false,
        }
    }
}

impl Regions {
    /// Forgets the set described (for a new board).
    pub fn clear(&mut self) {
        self.set = 0;
        self.count = 0;
        self.overflow = false;
    }

    /// Describes `set`, known to be one region.
    pub fn set_single(&mut self, set: Bits) {
        self.set = set;
        self.list[0] = (set, set.count_ones() as u8);
        self.count = usize::from(set != 0);
        self.overflow = false;
    }

    /// The regions and their sizes, in no particular order.
    pub fn regions(&self) -> &[(Bits, u8)] {
        &self.list[..self.count]
    }
}

impl Board {
    /// Makes `regions` describe `set`; `false` when it has more regions than the list holds.
    /// When `set` only lost tiles since the last call, only the regions that lost tiles are
    /// flooded again (removing tiles never joins or changes the others).
    pub fn update_regions(&self, set: Bits, regions: &mut Regions) -> bool {
        let mut rest = if set & !regions.set != 0 || regions.overflow {
            regions.count = 0;
            set
        } else {
            let removed = regions.set & !set;
            let mut kept = 0;
            let mut touched: Bits = 0;
            for i in 0..regions.count {
                let (region, size) = regions.list[i];
                if region & removed == 0 {
                    regions.list[kept] = (region, size);
                    kept += 1;
                } else {
                    touched |= region;
                }
            }
            regions.count = kept;
            touched & set
        };
        regions.set = set;
        regions.overflow = false;
        while rest != 0 {
            if regions.count == MAX_COMPONENTS {
                regions.overflow = true;
                return false;
            }
            let region = self.flood(bit(lowest(rest)), rest);
            regions.list[regions.count] = (region, region.count_ones() as u8);
            regions.count += 1;
            rest &= !region;
        }
        true
    }
}

/// Articulation data of one tile set, from depth-first searches (Hopcroft and Tarjan): its
/// components, which tiles are cut vertices, and for each, how many pieces its removal leaves of
/// its component and the size of the smallest piece. [`Board::update_articulation`] keeps the
/// data of the components a shrinking set does not touch, so repeated questions about a set that
/// loses a tile at a time search only the component that lost it.
#[derive(Debug, Clone)]
pub struct Articulation {
    /// The set described.
    set: Bits,
    /// Its 4-connected components, by lowest tile.
    components: [Bits; MAX_COMPONENTS],
    component_count: usize,
    /// The number of tiles of each component.
    component_sizes: [u8; MAX_COMPONENTS],
    /// Tiles whose removal splits their component.
    pub cuts: Bits,
    /// Pieces left by removing a cut tile (meaningful for tiles of `cuts` only).
    pub pieces: [u8; 128],
    /// The size of the smallest piece left by removing a cut tile.
    pub smallest: [u8; 128],
    discovered: [u8; 128],
    low: [u8; 128],
    subtree: [u8; 128],
    cut_off: [u8; 128],
    /// The depth-first path; a tile is on it at most once, so 128 slots always suffice.
    stack: [u8; 128],
}

impl Default for Articulation {
    fn default() -> Self {
        Articulation {
            set: 0,
            components: [0; MAX_COMPONENTS],
            component_count: 0,
            component_sizes: [0; MAX_COMPONENTS],
            cuts: 0,
            pieces: [0; 128],
            smallest: [0; 128],
            discovered: [0; 128],
            low: [0; 128],
            subtree: [0; 128],
            cut_off: [0; 128],
            stack: [0; 128],
        }
    }
}

impl Articulation {
    /// Forgets the set described (for a new board), so the next update searches everything.
    pub fn clear(&mut self) {
        self.set = 0;
        self.component_count = 0;
        self.cuts = 0;
    }

    /// The set described.
    pub fn described(&self) -> Bits {
        self.set
    }

    /// The components of the set, by lowest tile.
    pub fn components(&self) -> &[Bits] {
        &self.components[..self.component_count]
    }

    /// The number of tiles of each component, in the order of [`Articulation::components`].
    pub fn component_sizes(&self) -> &[u8] {
        &self.component_sizes[..self.component_count]
    }

    /// Adds a component of `size` tiles, keeping the list ordered by lowest tile.
    fn insert_component(&mut self, component: Bits, size: u8) {
        let mut at = self.component_count.min(MAX_COMPONENTS - 1);
        while at > 0 && lowest(self.components[at - 1]) > lowest(component) {
            self.components[at] = self.components[at - 1];
            self.component_sizes[at] = self.component_sizes[at - 1];
            at -= 1;
        }
        self.components[at] = component;
        self.component_sizes[at] = size;
        self.component_count = (self.component_count + 1).min(MAX_COMPONENTS);
    }
}

impl Board {
    /// Fills `out` with the articulation data of `set` (iterative depth-first searches, each root
    /// taken in allTiles order).
    pub fn articulation(&self, set: Bits, out: &mut Articulation) {
        out.clear();
        self.update_articulation(set, out);
    }

    /// Makes `out` describe `set`. When `set` only lost tiles since the last call, the
    /// components that kept all their tiles keep their data and only the others are searched
    /// again (removing tiles never joins or changes the components they do not touch). `out`
    /// must come from this board (or its size) or be cleared ([`Articulation::clear`]):
    /// positions mean other tiles on a board of another width.
    pub fn update_articulation(&self, set: Bits, out: &mut Articulation) {
        if set & !out.set != 0 {
            out.clear();
            out.set = set;
            if set == self.all && self.width >= 2 && self.height >= 2 {
                // A whole board of two rows and columns or more has no cut vertex.
                out.insert_component(set, self.width * self.height);
                return;
            }
            let mut rest = set;
            while rest != 0 {
                let (component, size) = self.search_component(lowest(rest), set, out);
                out.insert_component(component, size);
                rest &= !component;
            }
            return;
        }
        let removed = out.set & !set;
        if removed == 0 {
            return;
        }
        out.set = set;
        let mut kept = 0;
        let mut touched: Bits = 0;
        for i in 0..out.component_count {
            let component = out.components[i];
            if component & removed == 0 {
                out.components[kept] = component;
                out.component_sizes[kept] = out.component_sizes[i];
                kept += 1;
            } else {
                touched |= component;
            }
        }
        out.component_count = kept;
        out.cuts &= !touched;
        let mut rest = touched & set;
        while rest != 0 {
            let (component, size) = self.search_component(lowest(rest), set, out);
            out.insert_component(component, size);
            rest &= !component;
        }
    }

    /// One depth-first search from `root` over `set`: writes the data of the root's component
    /// into `out` and returns the component and its size. Per tile only the discovery time, low-link and
    /// subtree size are written; a tile's piece data is started when a first subtree splits off
    /// it (`separated`), and only the tiles of `separated` are read afterwards.
    fn search_component(&self, root: u8, set: Bits, out: &mut Articulation) -> (Bits, u8) {
        let adjacent = &self.layout.adjacent;
        let r = usize::from(root & 127);
        if adjacent[r] & set == 0 {
            // A lone tile (common among the pieces a reserved cut leaves): no cut, nothing to
            // record.
            return (bit(root), 1);
        }
        let mut clock = 1u8;
        out.discovered[r] = clock;
        out.low[r] = clock;
        out.subtree[r] = 1;
        out.stack[0] = root;
        let mut depth = 1usize;
        let mut visited = bit(root);
        let mut separated: Bits = 0;
        loop {
            let vertex = out.stack[(depth - 1) & 127];
            let v = usize::from(vertex & 127);
            let unvisited = adjacent[v] & set & !visited;
            if unvisited != 0 {
                let next = lowest(unvisited);
                let n = usize::from(next & 127);
                clock = clock.wrapping_add(1);
                out.discovered[n] = clock;
                out.subtree[n] = 1;
                visited |= bit(next);
                // Back edges to tiles already visited lower the new tile's low-link at once.
                // The parent is left out: its discovery time would only lower this low-link to
                // the parent's own, which neither the cut test (`>=`) nor the parent's low-link
                // (already at or below its discovery time) can tell apart; in a maze the parent
                // is usually the only visited neighbour, so the loop mostly does not run.
                let mut low = clock;
                let mut seen = adjacent[n] & visited & !bit(vertex);
                while seen != 0 {
                    low = low.min(out.discovered[usize::from(lowest(seen) & 127)]);
                    seen &= seen - 1;
                }
                out.low[n] = low;
                out.stack[depth & 127] = next;
                depth += 1;
                continue;
            }
            depth -= 1;
            if depth == 0 {
                break;
            }
            let parent = out.stack[(depth - 1) & 127];
            let u = usize::from(parent & 127);
            let (child_low, child_size) = (out.low[v], out.subtree[v]);
            if child_low < out.low[u] {
                out.low[u] = child_low;
            }
            out.subtree[u] = out.subtree[u].saturating_add(child_size);
            if child_low >= out.discovered[u] {
                // Removing the parent cuts this child's subtree off.
                if separated & bit(parent) == 0 {
                    separated |= bit(parent);
                    out.pieces[u] = 1;
                    out.smallest[u] = child_size;
                    out.cut_off[u] = child_size;
                } else {
                    out.pieces[u] += 1;
                    out.smallest[u] = out.smallest[u].min(child_size);
                    out.cut_off[u] = out.cut_off[u].saturating_add(child_size);
                }
            }
        }
        // One discovery per tile.
        let size = clock;
        // Every child of the root is cut off by removing it: a cut with two or more.
        if separated & bit(root) != 0 && out.pieces[r] >= 2 {
            out.cuts |= bit(root);
        }
        for position in tiles_of(separated & !bit(root)) {
            let p = usize::from(position & 127);
            // What the separated subtrees leave stays together with the parent.
            let remaining = size.saturating_sub(1).saturating_sub(out.cut_off[p]);
            out.smallest[p] = out.smallest[p].min(remaining);
            out.pieces[p] += 1;
            out.cuts |= bit(position);
        }
        (visited, size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A xorshift64 stream for test boards, independent of the crate's streams.
    fn xorshift(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        }
    }

    /// A small deterministic generator for test boards.
    fn boards() -> impl Iterator<Item = Board> {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        (0..400).map(move |_| {
            let mut board = Board::new(8, 6);
            for position in board.all_tiles().to_vec() {
                if next().is_multiple_of(3) {
                    board.walls |= bit(position);
                }
            }
            board
        })
    }

    /// Step distances from `start` by plain breadth-first search over the 4-neighbours.
    fn search_distances(board: &Board, start: u8) -> [u8; 128] {
        let mut distance = [u8::MAX; 128];
        let passable = board.passable();
        if passable & bit(start) == 0 {
            return distance;
        }
        distance[usize::from(start)] = 0;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(position) = queue.pop_front() {
            for next in board.neighbours(position) {
                if passable & bit(next) != 0 && distance[usize::from(next)] == u8::MAX {
                    distance[usize::from(next)] = distance[usize::from(position)] + 1;
                    queue.push_back(next);
                }
            }
        }
        distance
    }

    #[test]
    fn nearest_first_is_a_stable_sort_by_search_distance() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut ordered = Vec::new();
        for board in boards() {
            let mut tiles = board.all_tiles().to_vec();
            // A shuffled subset, walls included (they are unreachable).
            for i in (1..tiles.len()).rev() {
                tiles.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            tiles.truncate(usize::try_from(next() % 20).unwrap_or(0));
            let all = board.all_tiles();
            let start = all[(next() % all.len() as u64) as usize];
            let distance = search_distances(&board, start);
            let mut expected = tiles.clone();
            expected.sort_by_key(|&tile| distance[usize::from(tile)]);
            board.nearest_first(start, &tiles, &mut ordered);
            assert_eq!(ordered, expected);
        }
    }

    #[test]
    fn can_delete_agrees_with_a_full_flood_on_connected_boards() {
        let mut checked = 0;
        for board in boards().filter(Board::is_connected) {
            for &position in board.all_tiles() {
                let slow =
                    board.passable() & bit(position) != 0 && board.connected_without(bit(position));
                assert_eq!(board.can_delete(position), slow);
                checked += 1;
            }
        }
        assert!(checked > 500, "too few connected test boards: {checked}");
    }

    /// Checks articulation data against flood fills of the set without each tile; returns the
    /// number of tiles checked.
    fn check_against_floods(board: &Board, set: Bits, data: &Articulation) -> usize {
        let mut listed = Vec::new();
        board.for_each_component(set, |region| listed.push(region));
        assert_eq!(data.components(), &listed[..]);
        let sizes: Vec<u8> = listed
            .iter()
            .map(|region| region.count_ones() as u8)
            .collect();
        assert_eq!(data.component_sizes(), &sizes[..]);
        let mut checked = 0;
        for position in tiles_of(set) {
            let mut pieces = 0u8;
            let mut smallest = u8::MAX;
            let whole = listed
                .iter()
                .copied()
                .find(|region| region & bit(position) != 0)
                .unwrap_or(0);
            board.for_each_component(whole & !bit(position), |region| {
                pieces += 1;
                smallest = smallest.min(region.count_ones() as u8);
            });
            let p = usize::from(position);
            assert_eq!(data.cuts & bit(position) != 0, pieces >= 2);
            if pieces >= 2 {
                assert_eq!(data.pieces[p], pieces, "pieces of {:?}", board.xy(position));
                assert_eq!(data.smallest[p], smallest);
            }
            checked += 1;
        }
        checked
    }

    #[test]
    fn articulation_agrees_with_flood_fills() {
        let mut data = Articulation::default();
        let mut checked = 0;
        for board in boards() {
            let set = board.passable();
            board.articulation(set, &mut data);
            checked += check_against_floods(&board, set, &data);
        }
        assert!(checked > 5000);
    }

    #[test]
    fn whole_boards_of_every_shape_agree_with_flood_fills() {
        let mut data = Articulation::default();
        for width in 1..=10 {
            for height in 1..=10 {
                let board = Board::new(width, height);
                board.articulation(board.all, &mut data);
                let checked = check_against_floods(&board, board.all, &data);
                assert_eq!(checked, usize::from(width) * usize::from(height));
            }
        }
    }

    #[test]
    fn shapes_count_the_open_sides_by_coordinates() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let mut checked = [0usize; 4];
        for width in 1..=10u8 {
            for height in 1..=10u8 {
                let board = Board::new(width, height);
                for _ in 0..20 {
                    let passable = (u128::from(next()) << 64 | u128::from(next())) & board.all;
                    for position in tiles_of(board.all) {
                        let (x, y) = board.xy(position);
                        let open = |dx: i16, dy: i16| {
                            let (nx, ny) = (i16::from(x) + dx, i16::from(y) + dy);
                            let inside = (0..i16::from(width)).contains(&nx)
                                && (0..i16::from(height)).contains(&ny);
                            let neighbour = ny * i16::from(STRIDE) + nx;
                            usize::from(inside && passable >> neighbour & 1 == 1)
                        };
                        let across = open(-1, 0) + open(1, 0);
                        let along = open(0, -1) + open(0, 1);
                        let expected = match (across, along) {
                            (2, 0) | (0, 2) => 0,
                            (2, 2) => 1,
                            _ if across + along >= 2 => 2,
                            _ => 3,
                        };
                        let shape = board.shape(position, passable);
                        assert_eq!(shape, expected, "{width}x{height} at ({x}, {y})");
                        checked[shape] += 1;
                    }
                }
            }
        }
        assert!(checked.iter().all(|&count| count > 1000), "{checked:?}");
    }

    #[test]
    fn updating_a_shrinking_set_matches_a_fresh_search() {
        let mut updated = Articulation::default();
        let mut fresh = Articulation::default();
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut checked = 0;
        for board in boards().take(150) {
            let mut set = board.passable();
            board.update_articulation(set, &mut updated);
            for _ in 0..8 {
                if set == 0 {
                    break;
                }
                let tiles: Vec<u8> = tiles_of(set).collect();
                set &= !bit(tiles[(next() % tiles.len() as u64) as usize]);
                board.update_articulation(set, &mut updated);
                board.articulation(set, &mut fresh);
                assert_eq!(updated.components(), fresh.components());
                assert_eq!(updated.component_sizes(), fresh.component_sizes());
                assert_eq!(updated.cuts, fresh.cuts);
                for position in tiles_of(fresh.cuts) {
                    let p = usize::from(position);
                    assert_eq!(updated.pieces[p], fresh.pieces[p]);
                    assert_eq!(updated.smallest[p], fresh.smallest[p]);
                }
                checked += 1;
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn can_be_a_cut_set_agrees_with_the_ring_table() {
        let mut checked = 0;
        for board in boards()
            .take(100)
            .chain([Board::new(10, 10), Board::new(1, 7)])
        {
            let set = board.passable();
            let all_at_once = board.can_be_a_cut_set(set);
            for &position in board.all_tiles() {
                let one = CAN_BE_A_CUT[board.ring(position, set)];
                assert_eq!(
                    all_at_once & bit(position) != 0,
                    one,
                    "{:?}",
                    board.xy(position)
                );
                checked += 1;
            }
        }
        assert!(checked > 4000);
    }

    #[test]
    fn tracked_can_delete_agrees_with_flood_fills_while_walls_go_up() {
        let mut next = xorshift(0x243F_6A88_85A3_08D3);
        let mut groups = WallGroups::default();
        let mut checked = 0;
        for round in 0..300 {
            let (width, height) = (1 + (round % 10) as u8, 1 + (round / 10 % 10) as u8);
            let mut board = Board::new(width, height);
            groups.clear(&board);
            let mut order = board.all_tiles().to_vec();
            for i in (1..order.len()).rev() {
                order.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            for &position in &order {
                for &asked in board.all_tiles() {
                    assert_eq!(
                        board.can_delete_tracked(asked, &mut groups),
                        board.can_delete(asked),
                        "{width}x{height}, {:?}",
                        board.xy(asked)
                    );
                    checked += 1;
                }
                if board.can_delete(position) && !next().is_multiple_of(4) {
                    board.add_wall(position, &mut groups);
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// FindBestCutVertex from full articulation data: the most pieces, then the largest
    /// smallest piece (other components included), then the first tile.
    fn best_cut_from_search(board: &Board) -> Option<u8> {
        let set = board.passable();
        let mut data = Articulation::default();
        board.articulation(set, &mut data);
        let mut best: Option<(u8, u8, u8)> = None;
        let candidates = set & data.cuts & !board.occupied & board.can_be_a_cut_set(set);
        for position in tiles_of(candidates) {
            let p = usize::from(position);
            let others = data
                .components()
                .iter()
                .zip(data.component_sizes())
                .filter(|(component, _)| *component & bit(position) == 0)
                .map(|(_, &size)| size)
                .min()
                .unwrap_or(u8::MAX);
            let key = (data.pieces[p], data.smallest[p].min(others));
            if best.is_none_or(|(pieces, smallest, _)| key > (pieces, smallest)) {
                best = Some((key.0, key.1, position));
            }
        }
        best.map(|(_, _, position)| position)
    }

    #[test]
    fn cut_picks_without_sizes_agree_with_the_search() {
        let mut next = xorshift(0x1319_8A2E_0370_7344);
        let mut groups = WallGroups::default();
        let mut regions = Regions::default();
        let (mut decided, mut flooded, mut asked) = (0, 0, 0);
        for round in 0..400 {
            let (width, height) = (3 + (round % 8) as u8, 3 + (round / 8 % 8) as u8);
            let mut board = Board::new(width, height);
            groups.clear(&board);
            regions.clear();
            for &position in &board.all_tiles().to_vec() {
                if next().is_multiple_of(3) {
                    board.add_wall(position, &mut groups);
                } else if next().is_multiple_of(9) {
                    board.occupied |= bit(position);
                }
            }
            for _ in 0..6 {
                asked += 1;
                let expected = best_cut_from_search(&board);
                match board.best_cut_without_sizes(&groups) {
                    CutPick::Decided(answer) => {
                        decided += 1;
                        assert_eq!(answer, expected, "round {round}");
                    }
                    CutPick::Tied(tied) => {
                        let set = board.passable();
                        let connected = board.flood(bit(lowest(set)), set) == set;
                        if let Some(answer) =
                            board.best_tied_cut(set, tied, connected, &mut regions)
                        {
                            flooded += 1;
                            assert_eq!(answer, expected, "round {round}");
                        }
                    }
                    CutPick::Unknown => {}
                }
                // Close a random passable tile, as the picks do.
                let open: Vec<u8> = tiles_of(board.passable()).collect();
                if open.is_empty() {
                    break;
                }
                let tile = open[(next() % open.len() as u64) as usize];
                board.block_tracked(tile, &mut groups);
            }
        }
        assert!(decided * 3 > asked, "{decided} of {asked} decided");
        assert!(flooded * 10 > asked, "{flooded} of {asked} flooded");
        // A board whose groups lag behind is never answered.
        let mut board = Board::new(5, 5);
        groups.clear(&board);
        board.walls |= bit(board.position(2, 2));
        assert_eq!(board.best_cut_without_sizes(&groups), CutPick::Unknown);
    }

    #[test]
    fn region_cuts_and_flooded_pieces_agree_with_the_search() {
        let mut next = xorshift(0xA409_3822_299F_31D0);
        let mut groups = WallGroups::default();
        let mut data = Articulation::default();
        let mut pieces_checked = 0;
        for round in 0..300 {
            let (width, height) = (2 + (round % 9) as u8, 2 + (round / 9 % 9) as u8);
            let mut board = Board::new(width, height);
            groups.clear(&board);
            // BuildMaze's way: walls only where the passable tiles stay one region.
            for &position in &board.all_tiles().to_vec() {
                if next().is_multiple_of(2) && board.can_delete_tracked(position, &mut groups) {
                    board.add_wall(position, &mut groups);
                }
            }
            let set = board.passable();
            board.articulation(set, &mut data);
            assert_eq!(
                board.cuts_by_regions(&groups),
                Some(data.cuts),
                "round {round}"
            );
            let size = set.count_ones() as u8;
            for position in tiles_of(data.cuts) {
                let exact = data.smallest[usize::from(position)];
                assert_eq!(board.smallest_piece_without(set, size, position, 0), exact);
                // With a bound: exact above it, at most the bound otherwise.
                let bound = (next() % 6) as u8;
                let bounded = board.smallest_piece_without(set, size, position, bound);
                if exact > bound {
                    assert_eq!(bounded, exact);
                } else {
                    assert!(bounded <= bound);
                }
                pieces_checked += 1;
            }
        }
        assert!(pieces_checked > 2000, "{pieces_checked}");
    }

    #[test]
    fn nth_tile_walks_the_set_in_order() {
        let mut next = xorshift(0x5BE0_CD19_137E_2179);
        let mut checked = 0;
        for round in 0..2000 {
            let set: Bits = match round % 4 {
                0 => Bits::from(next()) | Bits::from(next()) << 64,
                1 => Bits::from(next() & next()),
                2 => Bits::from(next() & next() & next()) << 64,
                _ => Bits::from(next() & next()) << 40 & Bits::from(next()) << 20,
            };
            let tiles: Vec<u8> = tiles_of(set).collect();
            for n in 0..tiles.len() + 3 {
                assert_eq!(nth_tile(set, n), tiles.get(n).copied(), "{set:x} {n}");
                checked += 1;
            }
        }
        assert!(checked > 50_000, "{checked}");
    }

    /// The ring groups counted another way: a flood over the open ring cells (cell i touches
    /// i - 1 and i + 1 around the ring), counting the floods that hold a side (even index).
    fn ring_groups_by_flood(mask: usize) -> u8 {
        let mut seen = 0usize;
        let mut groups = 0;
        for side in (0..8).step_by(2) {
            if mask >> side & 1 == 0 || seen >> side & 1 == 1 {
                continue;
            }
            groups += 1;
            let mut stack = vec![side];
            while let Some(cell) = stack.pop() {
                if mask >> cell & 1 == 1 && seen >> cell & 1 == 0 {
                    seen |= 1 << cell;
                    stack.extend([(cell + 1) % 8, (cell + 7) % 8]);
                }
            }
        }
        groups
    }

    #[test]
    fn ring_runs_are_the_ring_groups() {
        for mask in 0..256usize {
            let runs = RING_RUNS[mask];
            assert_eq!(runs.count, RING_GROUPS[mask], "ring {mask:08b}");
            // RING_GROUPS is read off RING_RUNS, so the count is checked against a flood too.
            assert_eq!(runs.count, ring_groups_by_flood(mask), "ring {mask:08b}");
            let mut seen = 0u8;
            for &cells in &runs.cells[..usize::from(runs.count)] {
                assert_eq!(
                    cells & !(mask as u8),
                    0,
                    "closed cell in a run of {mask:08b}"
                );
                assert_eq!(cells & seen, 0, "runs of {mask:08b} overlap");
                assert_ne!(cells & 0b0101_0101, 0, "a run of {mask:08b} has no side");
                seen |= cells;
            }
            // Every open side belongs to a run.
            assert_eq!(mask as u8 & 0b0101_0101 & !seen, 0, "ring {mask:08b}");
        }
    }

    #[test]
    fn every_ring_with_groups_has_as_many_gaps() {
        for mask in 0..256usize {
            let gaps = GAPS[mask];
            match RING_GROUPS[mask] {
                0 if mask != 255 => assert_eq!(gaps.count, 1, "ring {mask:08b}"),
                groups if mask != 255 => assert_eq!(gaps.count, groups, "ring {mask:08b}"),
                _ => assert_eq!(gaps.count, 0),
            }
            for &cell in &gaps.cells[..usize::from(gaps.count)] {
                assert_eq!(mask >> cell & 1, 0, "gap cell {cell} of {mask:08b} is open");
            }
        }
    }

    #[test]
    fn can_be_a_cut_means_two_ring_groups() {
        for mask in 0..256 {
            assert_eq!(
                CAN_BE_A_CUT[mask],
                RING_GROUPS[mask] >= 2,
                "ring {mask:08b}"
            );
        }
    }

    #[test]
    fn ring_reads_the_eight_neighbours() {
        for board in boards().take(50) {
            let set = board.passable();
            for &position in board.all_tiles() {
                let (x, y) = board.xy(position);
                let (x, y) = (i32::from(x), i32::from(y));
                let cells = RING_CELLS;
                let mut expected = 0;
                for (i, (dx, dy)) in cells.into_iter().enumerate() {
                    if board
                        .tile_at(x + dx, y + dy)
                        .is_some_and(|p| set & bit(p) != 0)
                    {
                        expected |= 1 << i;
                    }
                }
                assert_eq!(board.ring(position, set), expected, "({x}, {y})");
            }
        }
    }

    #[test]
    fn spread_never_leaves_the_board_through_a_side() {
        let board = Board::new(10, 10);
        let right_column: Bits = (0..10).map(|y| bit(board.position(9, y))).sum();
        let spread = board.spread(right_column) & board.all;
        for position in tiles_of(spread) {
            let (x, _) = board.xy(position);
            assert!(x == 8 || x == 9, "spread from x=9 reached x={x}");
        }
    }

    #[test]
    fn ring_groups_count_separated_sides() {
        // Up and Down open, nothing else: two groups (a corridor).
        assert_eq!(RING_GROUPS[0b0001_0001], 2);
        // Up, Up-Right, Right: one group (a corner with its diagonal).
        assert_eq!(RING_GROUPS[0b0000_0111], 1);
        // Up and Right without the diagonal: two groups.
        assert_eq!(RING_GROUPS[0b0000_0101], 2);
        assert_eq!(RING_GROUPS[0xFF], 1);
        assert_eq!(RING_GROUPS[0], 0);
        // Only diagonals: no orthogonal neighbour at all.
        assert_eq!(RING_GROUPS[0b1010_1010], 0);
    }
}
