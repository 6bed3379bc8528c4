//! The board of document 000 section 2 as bitsets: one `u128` per tile property, tiles laid out
//! row by row with one padding column (`bit = y * (width + 1) + x`), so that shifting a set by one
//! or by a row moves every tile to its neighbour and nothing wraps around an edge. Connectivity
//! questions (IsConnected, components, distances) are answered by bitset flood fills, a dozen word
//! operations per step, with no allocation.
//!
//! Directions follow the game: `Up = (x, y + 1)`, `Down = (x, y - 1)`, `Right = (x + 1, y)`,
//! `Left = (x - 1, y)`. The `allTiles` order is x fastest, then y (the order the fan wiki's replay
//! harness uses; the game's loop nesting is not public).

/// A set of tiles.
pub type Bits = u128;

/// One tile as a bit.
#[inline]
pub fn bit(position: u8) -> Bits {
    1u128 << position
}

/// The lowest tile of a non-empty set.
#[inline]
pub fn lowest(set: Bits) -> u8 {
    set.trailing_zeros() as u8
}

/// Iterates the tiles of a set in `allTiles` order.
pub fn tiles_of(mut set: Bits) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let position = lowest(set);
            set &= set - 1;
            Some(position)
        }
    })
}

/// The number of 4-connected groups of orthogonal neighbours among the passable cells of a 3x3
/// ring, indexed by the ring mask (bit 0 Up, then clockwise: Up-Right, Right, Down-Right, Down,
/// Down-Left, Left, Up-Left). Zero or one means blocking the centre cannot split its neighbours.
const RING_GROUPS: [u8; 256] = ring_groups();

const fn ring_groups() -> [u8; 256] {
    let mut table = [0u8; 256];
    let mut mask = 0usize;
    while mask < 256 {
        // Count runs of set cells around the cycle that contain an orthogonal (even) cell.
        let mut groups = 0u8;
        if mask == 255 {
            groups = 1;
        } else {
            // Start just after an empty cell so that no run wraps.
            let mut start = 0usize;
            while mask >> start & 1 == 1 {
                start += 1;
            }
            let mut step = 1usize;
            let mut in_run = false;
            let mut run_has_orthogonal = false;
            while step <= 8 {
                let cell = (start + step) % 8;
                if mask >> cell & 1 == 1 {
                    in_run = true;
                    if cell % 2 == 0 {
                        run_has_orthogonal = true;
                    }
                } else {
                    if in_run && run_has_orthogonal {
                        groups += 1;
                    }
                    in_run = false;
                    run_has_orthogonal = false;
                }
                step += 1;
            }
        }
        table[mask] = groups;
        mask += 1;
    }
    table
}

/// A board being built: walls, temporary blocks, occupancy and threat.
#[derive(Debug, Clone)]
pub struct Board {
    /// Tiles across.
    pub width: u8,
    /// Tiles down.
    pub height: u8,
    stride: u8,
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
    /// `allTiles`: every position, x fastest.
    pub all_tiles: Vec<u8>,
}

impl Board {
    /// Initialize: a `width` x `height` board without walls. Sides up to 10 (checked by the data
    /// validation).
    pub fn new(width: u8, height: u8) -> Board {
        let stride = width + 1;
        let mut all = 0;
        let mut all_tiles = Vec::with_capacity(usize::from(width) * usize::from(height));
        for y in 0..height {
            for x in 0..width {
                let position = y * stride + x;
                all |= bit(position);
                all_tiles.push(position);
            }
        }
        Board {
            width,
            height,
            stride,
            all,
            walls: 0,
            blocked: 0,
            occupied: 0,
            threatening: 0,
            threat: [0; 128],
            all_tiles,
        }
    }

    /// Resets to an empty `width` x `height` board, keeping the allocation.
    pub fn reset(&mut self, width: u8, height: u8) {
        if self.width != width || self.height != height {
            *self = Board::new(width, height);
        } else {
            self.walls = 0;
            self.blocked = 0;
            self.occupied = 0;
            self.threatening = 0;
            self.threat = [0; 128];
            let (width, height, stride) = (self.width, self.height, self.stride);
            self.all_tiles.clear();
            for y in 0..height {
                for x in 0..width {
                    self.all_tiles.push(y * stride + x);
                }
            }
        }
    }

    /// The position of `(x, y)`; callers keep coordinates on the board.
    #[inline]
    pub fn position(&self, x: u8, y: u8) -> u8 {
        y * self.stride + x
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
        (position % self.stride, position / self.stride)
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
        let stride = u32::from(self.stride);
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

    /// The 3x3 ring mask of `position` within `set` (see [`RING_GROUPS`]).
    fn ring(&self, position: u8, set: Bits) -> usize {
        let stride = i32::from(self.stride);
        let offsets = [
            stride,
            stride + 1,
            1,
            1 - stride,
            -stride,
            -stride - 1,
            -1,
            stride - 1,
        ];
        let mut mask = 0usize;
        for (i, offset) in offsets.into_iter().enumerate() {
            let neighbour = i32::from(position) + offset;
            if (0..128).contains(&neighbour) && set >> neighbour & 1 == 1 {
                mask |= 1 << i;
            }
        }
        mask
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
        self.connected_without(bit(position))
    }

    /// `FindDeletableSquares` into `out`, in `allTiles` order.
    pub fn deletable_squares(&self, out: &mut Vec<u8>) {
        out.clear();
        for &position in &self.all_tiles {
            if self.can_delete(position) {
                out.push(position);
            }
        }
    }

    /// The tiles that can carry a zero-threat path: passable and without threat.
    #[inline]
    pub fn safe(&self) -> Bits {
        self.passable() & !self.threatening
    }

    /// `Tile.CanBeACut`, reading "exists" as "exists and is passable" (SPEC): at least two
    /// passable orthogonal neighbours and more than one corner gap between them.
    pub fn can_be_a_cut(&self, position: u8) -> bool {
        let ring = self.ring(position, self.safe());
        let open = |cell: usize| ring >> cell & 1 == 1;
        // Ring cells: 0 Up, 1 Up-Right, 2 Right, 3 Down-Right, 4 Down, 5 Down-Left, 6 Left, 7 Up-Left.
        let mut count = 0;
        let mut gaps = 0;
        for (side, corner, next) in [(6, 7, 0), (0, 1, 2), (2, 3, 4), (4, 5, 6)] {
            if open(side) {
                count += 1;
                if !(open(corner) && open(next)) {
                    gaps += 1;
                }
            }
        }
        count >= 2 && gaps > 1
    }

    /// Whether blocking `position` could split the zero-threat tiles around it.
    pub fn may_split_safe(&self, position: u8) -> bool {
        RING_GROUPS[self.ring(position, self.safe())] > 1
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
    /// 3 dead end, edge or isolated. Temporary blocks count as closed.
    pub fn shape(&self, position: u8) -> usize {
        let passable = self.passable();
        let (x, y) = self.xy(position);
        let (x, y) = (i32::from(x), i32::from(y));
        let open = |dx: i32, dy: i32| {
            self.tile_at(x + dx, y + dy)
                .is_some_and(|p| passable & bit(p) != 0)
        };
        let horizontal = usize::from(open(-1, 0)) + usize::from(open(1, 0));
        let vertical = usize::from(open(0, 1)) + usize::from(open(0, -1));
        if (horizontal == 2 && vertical == 0) || (vertical == 2 && horizontal == 0) {
            0
        } else if horizontal + vertical == 4 {
            1
        } else if horizontal + vertical >= 2 {
            2
        } else {
            3
        }
    }

    /// `GetStartDistances` for the tiles of `wanted`: step distance from `start` over passable
    /// tiles, written into `distance` (unreachable tiles keep `u8::MAX`).
    pub fn distances(&self, start: u8, wanted: Bits, distance: &mut [u8; 128]) {
        let passable = self.passable();
        let mut reached = bit(start) & passable;
        let mut frontier = reached;
        let mut step = 0u8;
        let mut left = wanted;
        for position in tiles_of(wanted) {
            distance[usize::from(position)] = u8::MAX;
        }
        while frontier != 0 && left != 0 {
            for position in tiles_of(frontier & left) {
                distance[usize::from(position)] = step;
            }
            left &= !frontier;
            frontier = self.spread(frontier) & passable & !reached;
            reached |= frontier;
            step = step.saturating_add(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator for test boards, independent of the crate's streams.
    fn boards() -> impl Iterator<Item = Board> {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        (0..400).map(move |_| {
            let mut board = Board::new(8, 6);
            for position in board.all_tiles.clone() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                if state % 3 == 0 {
                    board.walls |= bit(position);
                }
            }
            board
        })
    }

    #[test]
    fn can_delete_agrees_with_a_full_flood_on_connected_boards() {
        let mut checked = 0;
        for board in boards().filter(Board::is_connected) {
            for &position in &board.all_tiles {
                let slow =
                    board.passable() & bit(position) != 0 && board.connected_without(bit(position));
                assert_eq!(board.can_delete(position), slow);
                checked += 1;
            }
        }
        assert!(checked > 500, "too few connected test boards: {checked}");
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
