//! One tile of the 56x32 floor as the generator sees it: terrain, room index and the terrain and
//! spawn flags of the game's `tile` struct that floor generation reads or writes; and the
//! floor's tiles stored field by field ([`Tiles`]).

/// Floor width in tiles.
pub const WIDTH: usize = 56;
/// Floor height in tiles.
pub const HEIGHT: usize = 32;
/// Tiles on a floor.
pub const TILES: usize = WIDTH * HEIGHT;

/// Room index of a tile that belongs to no room (a wall or a hallway).
pub const NO_ROOM: u8 = 0xFF;
/// Room index of a hallway anchor until the junction pass turns it into [`NO_ROOM`].
pub const ANCHOR_ROOM: u8 = 0xFE;
/// Room indices at or above this are hallways (the vectors' README rule).
pub const FIRST_HALLWAY_INDEX: u8 = 0xF0;

/// What a tile is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Terrain {
    /// A wall (breakable unless the tile is on the outer frame).
    Wall,
    /// Walkable floor: a room or a hallway.
    Floor,
    /// Secondary terrain: water, lava or a chasm depending on the tileset.
    Secondary,
}

/// Terrain flag: the tile is the map frame and can never be opened.
pub(crate) const F_IMPASSABLE: u16 = 1 << 0;
/// Terrain flag: inside a Kecleon shop.
pub(crate) const F_IN_SHOP: u16 = 1 << 1;
/// Terrain flag: inside a monster house.
pub(crate) const F_IN_MONSTER_HOUSE: u16 = 1 << 2;
/// Terrain flag: a room tile next to a hallway (the game's natural junction).
pub(crate) const F_JUNCTION: u16 = 1 << 3;
/// Terrain flag: may be corner-cut while walking (the island moat).
pub(crate) const F_CORNER_CUTTABLE: u16 = 1 << 4;
/// Terrain flag: cannot be broken; only fixed rooms set it, so generated floors never do.
pub(crate) const F_UNBREAKABLE: u16 = 1 << 5;

/// Spawn flag: the stairs (or hidden stairs).
pub const SPAWN_STAIRS: u8 = 1 << 0;
/// Spawn flag: an item (buried when the tile is a wall).
pub const SPAWN_ITEM: u8 = 1 << 1;
/// Spawn flag: a trap.
pub const SPAWN_TRAP: u8 = 1 << 2;
/// Spawn flag: an enemy.
pub const SPAWN_MONSTER: u8 = 1 << 3;
/// Spawn flag: a special tile (shop room, island items and warp) that keeps the stairs away.
pub(crate) const SPAWN_SPECIAL: u8 = 1 << 4;

/// One tile during generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tile {
    pub terrain: Terrain,
    pub room: u8,
    pub flags: u16,
    pub spawn: u8,
}

impl Tile {
    /// The game's freshly reset tile: a wall in no room with no flags.
    pub const WALL: Tile = Tile {
        terrain: Terrain::Wall,
        room: NO_ROOM,
        flags: 0,
        spawn: 0,
    };

    #[inline]
    pub fn is_floor(&self) -> bool {
        self.terrain == Terrain::Floor
    }

    /// Whether the tile has a terrain flag (only tests read tile values' flags today).
    #[inline]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn has(&self, flag: u16) -> bool {
        self.flags & flag != 0
    }
}

impl TileMut<'_> {
    #[inline]
    pub fn has(&self, flag: u16) -> bool {
        *self.flags & flag != 0
    }

    /// Whether the tile has a spawn flag (no pass reads it through this today).
    #[inline]
    #[allow(dead_code)]
    pub fn spawns(&self, flag: u8) -> bool {
        *self.spawn & flag != 0
    }
}

/// The floor's tiles as parallel arrays, column-major (tile (x, y) at `x * 32 + y`). Stored
/// field by field so that whole-floor passes read one field of a column as 32 contiguous
/// values, which the compiler turns into a few vector compares per column.
#[derive(Clone)]
pub(crate) struct Tiles {
    pub terrain: [Terrain; TILES],
    pub room: [u8; TILES],
    pub flags: [u16; TILES],
    pub spawn: [u8; TILES],
}

/// Mutable access to the fields of one tile of [`Tiles`].
pub(crate) struct TileMut<'a> {
    pub terrain: &'a mut Terrain,
    pub room: &'a mut u8,
    pub flags: &'a mut u16,
    pub spawn: &'a mut u8,
}

impl Tiles {
    /// Every tile [`Tile::WALL`].
    pub fn walls() -> Tiles {
        Tiles {
            terrain: [Terrain::Wall; TILES],
            room: [NO_ROOM; TILES],
            flags: [0; TILES],
            spawn: [0; TILES],
        }
    }

    /// Column `x`'s terrain and room bytes, top tile first; `None` past the last column.
    #[inline]
    pub fn column(&self, x: usize) -> Option<(&[Terrain; HEIGHT], &[u8; HEIGHT])> {
        let start = x.checked_mul(HEIGHT)?;
        Some((
            self.terrain.get(start..)?.first_chunk()?,
            self.room.get(start..)?.first_chunk()?,
        ))
    }

    /// Tile `at` (below [`TILES`]) as a value.
    #[inline]
    pub fn get(&self, at: usize) -> Tile {
        Tile {
            terrain: self.terrain[at],
            room: self.room[at],
            flags: self.flags[at],
            spawn: self.spawn[at],
        }
    }

    /// Replaces tile `at` (below [`TILES`]).
    #[inline]
    pub fn set(&mut self, at: usize, tile: Tile) {
        self.terrain[at] = tile.terrain;
        self.room[at] = tile.room;
        self.flags[at] = tile.flags;
        self.spawn[at] = tile.spawn;
    }

    /// The fields of tile `at` (below [`TILES`]).
    #[inline]
    pub fn at_mut(&mut self, at: usize) -> TileMut<'_> {
        TileMut {
            terrain: &mut self.terrain[at],
            room: &mut self.room[at],
            flags: &mut self.flags[at],
            spawn: &mut self.spawn[at],
        }
    }
}

/// Index of tile (x, y) in the column-major tile array (the game stores columns contiguously and
/// scans x-outer, so spawn lists come out in the same order).
#[inline]
pub(crate) fn index(x: i32, y: i32) -> usize {
    x as usize * HEIGHT + y as usize
}

/// Whether (x, y) lies on the floor.
#[inline]
pub(crate) fn in_bounds(x: i32, y: i32) -> bool {
    (0..WIDTH as i32).contains(&x) && (0..HEIGHT as i32).contains(&y)
}
