//! The generation context and the game's floor loop (`GenerateFloor`): spawn passes, layout
//! attempts, the grid size draw, the validity check and the one-room monster-house fallback.
//!
//! A [`Generator`] owns every buffer a floor needs, so generating floor after floor allocates
//! nothing: reuse one generator in batch loops.

use rng::{DungeonRng, Rand16};

use crate::columns::{below_mask, eq_mask, run_starts, set_bits, terrain_bytes};
use crate::grid::{grid_cells, Grid, Rect};
use crate::props::{FloorProperties, Layout, Quirks};
use crate::spawns::{tile_count, SpawnMasks, TraceSlots};
use crate::tile::{self, in_bounds, Terrain, Tile, TileMut, Tiles, HEIGHT, TILES, WIDTH};

/// Entries of the grid's column and row start lists (the game's array holds 15 cells a side,
/// plus one line past the last).
pub(crate) const GRID_LINES: usize = 16;
/// Length of the shuffle scratch array: the power of two at or above [`TILES`].
pub(crate) const SHUFFLE_AREA: usize = TILES.next_power_of_two();

/// Flags of the outer frame: impassable and unbreakable, so that `ResolveInvalidSpawns` takes
/// buried items back out of it (the reference maps never show one there).
const FRAME: u16 = tile::F_IMPASSABLE | tile::F_UNBREAKABLE;

/// The game's floor size (which part of the grid is valid).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FloorSize {
    Large,
    Small,
    Medium,
}

/// The fields of the game's floor generation status that generation reads.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Status {
    pub has_monster_house: bool,
    pub has_kecleon_shop: bool,
    pub floor_size: FloorSize,
    pub secondary_structures_budget: i32,
    pub floor_generation_attempts: i32,
    pub force_monster_house: bool,
    pub monster_house_room: i32,
}

/// What the last floor came out as, besides its tiles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outcome {
    /// The seed given to `InitDungeonRng`.
    pub seed: u32,
    /// Player spawn tile, if one was found.
    pub player: Option<(u8, u8)>,
    /// Stairs tile, if one was found.
    pub stairs: Option<(u8, u8)>,
    /// Hidden stairs tile, if the floor has them.
    pub hidden_stairs: Option<(u8, u8)>,
    /// Layout attempts made, over all spawn passes.
    pub attempts: u8,
    /// Spawn passes made (1 to 10).
    pub spawn_passes: u8,
    /// Whether the one-room monster-house fallback was used.
    pub fallback: bool,
    /// 16-bit draws consumed by the whole floor.
    pub draws: u64,
}

/// Everything floor generation needs, reused from floor to floor.
pub struct Generator {
    pub(crate) tiles: Box<Tiles>,
    pub(crate) grid: Grid,
    pub(crate) list_x: [i32; GRID_LINES],
    pub(crate) list_y: [i32; GRID_LINES],
    /// The layout and spawn flags as column masks during the spawn stage.
    pub(crate) masks: SpawnMasks,
    /// Bulk draws for the spawn shuffles.
    pub(crate) draw_buffer: Box<[u16]>,
    /// Scratch array the shuffles swap in.
    pub(crate) shuffle_area: Box<[u16; SHUFFLE_AREA]>,
    /// Scratch table of the shuffles' backward trace.
    pub(crate) trace_slots: Box<TraceSlots>,
    /// The shuffled list entries a spawn placement reads.
    pub(crate) entries: Box<[u16; TILES]>,
    pub(crate) rng: DungeonRng,
    pub(crate) status: Status,
    pub(crate) quirks: Quirks,
    pub(crate) outcome: Outcome,
    /// Where writes to positions off the floor go (the game would corrupt memory; we drop them).
    scratch_tile: Tile,
}

impl Default for Generator {
    fn default() -> Self {
        Generator::new()
    }
}

impl std::fmt::Debug for Generator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Generator")
            .field("outcome", &self.outcome)
            .finish_non_exhaustive()
    }
}

impl Generator {
    /// A generator with its buffers allocated once.
    pub fn new() -> Generator {
        Generator {
            tiles: Box::new(Tiles::walls()),
            grid: Grid::EMPTY,
            list_x: [0; GRID_LINES],
            list_y: [0; GRID_LINES],
            masks: SpawnMasks::all_walls(),
            draw_buffer: vec![0; 4 * TILES].into_boxed_slice(),
            shuffle_area: Box::new([0; SHUFFLE_AREA]),
            trace_slots: Box::new([0; 1 << 16]),
            entries: Box::new([0; TILES]),
            rng: DungeonRng::init(0),
            status: Status {
                has_monster_house: false,
                has_kecleon_shop: false,
                floor_size: FloorSize::Large,
                secondary_structures_budget: 0,
                floor_generation_attempts: 0,
                force_monster_house: false,
                monster_house_room: -1,
            },
            quirks: Quirks::Faithful,
            outcome: Outcome::default(),
            scratch_tile: Tile::WALL,
        }
    }

    /// What the last [`Generator::generate`] produced besides the tiles.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }

    // ---- tile and cell access: off-floor reads are walls, off-floor writes are dropped ----

    #[inline]
    pub(crate) fn t(&self, x: i32, y: i32) -> Tile {
        if in_bounds(x, y) {
            self.tiles.get(tile::index(x, y))
        } else {
            Tile::WALL
        }
    }

    #[inline]
    pub(crate) fn tm(&mut self, x: i32, y: i32) -> TileMut<'_> {
        if in_bounds(x, y) {
            self.tiles.at_mut(tile::index(x, y))
        } else {
            self.scratch_tile = Tile::WALL;
            let scratch = &mut self.scratch_tile;
            TileMut {
                terrain: &mut scratch.terrain,
                room: &mut scratch.room,
                flags: &mut scratch.flags,
                spawn: &mut scratch.spawn,
            }
        }
    }

    #[inline]
    pub(crate) fn open(&self, x: i32, y: i32) -> bool {
        in_bounds(x, y) && self.tiles.terrain[tile::index(x, y)] == Terrain::Floor
    }

    #[inline]
    pub(crate) fn set_terrain(&mut self, x: i32, y: i32, terrain: Terrain) {
        if in_bounds(x, y) {
            self.tiles.terrain[tile::index(x, y)] = terrain;
        }
    }

    #[inline]
    pub(crate) fn rand_int(&mut self, n: i32) -> i32 {
        self.rng.rand_int(n)
    }

    #[inline]
    pub(crate) fn rand_range(&mut self, a: i32, b: i32) -> i32 {
        self.rng.rand_range(a, b)
    }

    /// The game's `GetFloorType() == FLOOR_TYPE_FIXED` (rescue floors are out of scope).
    pub(crate) fn is_fixed_floor(props: &FloorProperties) -> bool {
        props.fixed_room_id > 0 && props.fixed_room_id <= 0x6E
    }

    /// The game's `ResetFloor`: every tile a wall, the outer ring impassable. Every field is
    /// written from constants (stores only), all four in one pass over the columns: copying a
    /// saved floor's 3.5 KB of flags also read them (`rep movsb`), and a separate pass over
    /// the flags was unrolled into code that missed the instruction cache on every floor.
    fn reset_floor(&mut self) {
        const INNER_COLUMN: [u16; HEIGHT] = {
            let mut column = [0; HEIGHT];
            column[0] = FRAME;
            column[HEIGHT - 1] = FRAME;
            column
        };
        let tiles = &mut *self.tiles;
        let columns = (tiles.terrain.chunks_exact_mut(HEIGHT))
            .zip(tiles.room.chunks_exact_mut(HEIGHT))
            .zip(tiles.flags.chunks_exact_mut(HEIGHT))
            .zip(tiles.spawn.chunks_exact_mut(HEIGHT));
        for (((terrain, room), flags), spawn) in columns {
            terrain.fill(Terrain::Wall);
            room.fill(tile::NO_ROOM);
            flags.copy_from_slice(&INNER_COLUMN);
            spawn.fill(0);
        }
        for x in [0, WIDTH - 1] {
            tiles.flags[x * HEIGHT..(x + 1) * HEIGHT].fill(FRAME);
        }
        self.outcome.stairs = None;
        self.outcome.hidden_stairs = None;
    }

    /// The game's `ResetInnerBoundaryTileRows` (rows 1 and 30 become plain wall again), then
    /// its `EnsureImpassableTilesAreWalls` (the frame, the only tiles with the flag, becomes
    /// wall).
    ///
    /// Both passes touch only rows 0, 1, 30 and 31, and on most floors those tiles are already
    /// what the passes make them, so each group of four tiles neighbouring in memory (rows 30
    /// and 31 of a column, rows 0 and 1 of the next) is read as one word per field and written
    /// back only when it changes: storing every one of those scattered tiles (over 600 stores,
    /// into about 140 cache lines) cost more than the rest of the floor loop.
    fn reset_boundary_rows_and_frame(&mut self) {
        const LAST_ROW: usize = HEIGHT - 1;
        let tiles = &mut *self.tiles;
        for boundary in 1..WIDTH {
            // Rows 30 and 31 of column `boundary - 1`, rows 0 and 1 of column `boundary`.
            let at = boundary * HEIGHT - 2;
            let (Some(terrain), Some(room), Some(flags), Some(spawn)) = (
                tiles.terrain[at..].first_chunk_mut::<4>(),
                tiles.room[at..].first_chunk_mut::<4>(),
                tiles.flags[at..].first_chunk_mut::<4>(),
                tiles.spawn[at..].first_chunk_mut::<4>(),
            ) else {
                continue;
            };
            // As little-endian words, rows 30 and 1 are the outer bytes (`OUTER`, the outer
            // words for the flags): those are reset whole; rows 31 and 0 (the frame) keep all
            // but their terrain, which becomes wall (0) like the rest.
            const OUTER: u32 = 0xFF00_00FF;
            const OUTER_FLAGS: u64 = 0xFFFF_0000_0000_FFFF;
            const _: () = assert!(Terrain::Wall as u8 == 0 && tile::NO_ROOM == 0xFF);
            let terrain_word = u32::from_le_bytes(terrain.map(|terrain| terrain as u8));
            let room_word = u32::from_le_bytes(*room);
            let spawn_word = u32::from_le_bytes(*spawn);
            let flag_word = flags
                .iter()
                .rev()
                .fold(0u64, |word, &flag| word << 16 | u64::from(flag));
            let stale = u64::from(terrain_word | (!room_word & OUTER) | (spawn_word & OUTER))
                | (flag_word & OUTER_FLAGS);
            if stale != 0 {
                *terrain = [Terrain::Wall; 4];
                *room = (room_word | OUTER).to_le_bytes();
                *spawn = (spawn_word & !OUTER).to_le_bytes();
                let kept = flag_word & !OUTER_FLAGS;
                *flags = std::array::from_fn(|row| (kept >> (16 * row)) as u16);
            }
        }
        // The first and last columns are all frame: wall, and rows 1 and 30 fresh frame tiles
        // (the loop above reset row 30 of the first column as an inner tile).
        for x in [0, WIDTH - 1] {
            let column = x * HEIGHT;
            tiles.terrain[column..column + HEIGHT].fill(Terrain::Wall);
            for y in [1, LAST_ROW - 1] {
                let mut fresh = Tile::WALL;
                fresh.flags |= FRAME;
                tiles.set(column + y, fresh);
            }
        }
    }

    /// Layout validity: at least 2 rooms and at least 30 room tiles. The scan stops as soon
    /// as both are seen (usually a few columns in); rooms are looked up once per run of
    /// equal room indices in a column.
    fn layout_is_valid(&self) -> bool {
        let mut seen = 0u64;
        let mut room_tiles = 0u32;
        for x in 0..WIDTH {
            let Some((terrain, rooms)) = self.tiles.column(x) else {
                continue;
            };
            let floor = eq_mask(&terrain_bytes(terrain), Terrain::Floor as u8);
            let room_floor = floor & below_mask(rooms, tile::FIRST_HALLWAY_INDEX);
            room_tiles += room_floor.count_ones();
            let starts = run_starts(rooms, room_floor & below_mask(rooms, 64));
            for y in set_bits(starts) {
                let room = rooms[y % HEIGHT];
                seen |= 1 << (room & 63);
            }
            if seen.count_ones() >= 2 && room_tiles >= 30 {
                return true;
            }
        }
        false
    }

    /// Generates one floor for `seed` (the `InitDungeonRng` argument) and `props`.
    ///
    /// Returns what was produced besides the tiles; read the tiles with [`Generator::map`] or
    /// the counting helpers.
    pub fn generate(&mut self, props: &FloorProperties, quirks: Quirks, seed: u32) -> &Outcome {
        self.rng = DungeonRng::init(seed);
        self.quirks = quirks;
        self.outcome = Outcome {
            seed,
            ..Outcome::default()
        };
        self.status = Status {
            has_monster_house: false,
            has_kecleon_shop: false,
            floor_size: FloorSize::Large,
            secondary_structures_budget: i32::from(props.secondary_structures_budget),
            floor_generation_attempts: 0,
            force_monster_house: false,
            monster_house_room: -1,
        };
        let layout = Layout::from_number(props.layout);

        for spawn_pass in 0..10u8 {
            self.outcome.spawn_passes = spawn_pass + 1;
            self.outcome.player = None;
            self.outcome.stairs = None;
            self.outcome.hidden_stairs = None;
            let mut secondary_terrain = false;
            let mut layout_ok = false;
            for attempt in 0..10 {
                self.outcome.attempts = self.outcome.attempts.saturating_add(1);
                self.status.floor_generation_attempts = attempt;
                // After one failed layout, secondary structures are off for the whole floor.
                if attempt > 0 {
                    self.status.secondary_structures_budget = 0;
                }
                self.reset_floor();
                self.outcome.player = None;

                let (mut grid_x, mut grid_y) = self.draw_grid_size(layout);
                if WIDTH as i32 / grid_x < 8 {
                    grid_x = 1;
                }
                if HEIGHT as i32 / grid_y < 8 {
                    grid_y = 1;
                }
                secondary_terrain = false;
                match layout {
                    Layout::Large | Layout::LargeGrid0x8 => {
                        self.generate_standard_floor(grid_x, grid_y, props);
                        secondary_terrain = true;
                    }
                    Layout::Small | Layout::Medium => {
                        grid_x = 4;
                        grid_y = self.rand_int(2) + 2;
                        self.status.floor_size = if layout == Layout::Small {
                            FloorSize::Small
                        } else {
                            FloorSize::Medium
                        };
                        self.generate_standard_floor(grid_x, grid_y, props);
                        secondary_terrain = true;
                    }
                    Layout::OneRoomMonsterHouse => {
                        self.generate_one_room_monster_house_floor(props);
                        self.status.force_monster_house = true;
                    }
                    Layout::OuterRing => {
                        self.generate_outer_ring_floor(props);
                        secondary_terrain = true;
                    }
                    Layout::Crossroads => {
                        self.generate_crossroads_floor(props);
                        secondary_terrain = true;
                    }
                    Layout::TwoRoomsWithMonsterHouse => {
                        self.generate_two_rooms_with_monster_house_floor(props);
                        self.status.force_monster_house = true;
                    }
                    Layout::Line => {
                        self.generate_line_floor(props);
                        secondary_terrain = true;
                    }
                    Layout::Cross => self.generate_cross_floor(props),
                    Layout::Beetle => self.generate_beetle_floor(props),
                    Layout::OuterRooms => {
                        self.generate_outer_rooms_floor(grid_x, grid_y, props);
                        secondary_terrain = true;
                    }
                }
                self.reset_boundary_rows_and_frame();
                if self.layout_is_valid() {
                    layout_ok = true;
                    break;
                }
            }
            if !layout_ok {
                // The game builds the fallback over whatever the last attempt left. It only
                // counts as a fallback when another layout was asked for.
                self.outcome.fallback = layout != Layout::OneRoomMonsterHouse;
                self.generate_one_room_monster_house_floor(props);
                self.status.force_monster_house = true;
            }

            self.finalize_junctions();
            if secondary_terrain {
                self.generate_secondary_terrain(props);
            }
            self.build_spawn_masks();
            let empty_monster_house =
                self.rand_int(100) < i32::from(props.itemless_monster_house_chance);
            self.spawn_non_enemies(props, empty_monster_house);
            self.spawn_enemies(props, empty_monster_house);
            self.resolve_invalid_spawns();

            if self.outcome.player.is_some() {
                if Self::is_fixed_floor(props) {
                    break;
                }
                if let Some((sx, sy)) = self.outcome.stairs {
                    let open = &self.masks.walkable;
                    if stairs_always_reachable(open, i32::from(sx), i32::from(sy)) {
                        break;
                    }
                }
            }
            if spawn_pass == 9 {
                // Ten failed passes: the bare one-room monster house, spawned without checks.
                self.outcome.fallback = layout != Layout::OneRoomMonsterHouse;
                self.reset_floor();
                self.generate_one_room_monster_house_floor(props);
                self.status.force_monster_house = true;
                self.finalize_junctions();
                self.build_spawn_masks();
                self.spawn_non_enemies(props, false);
                self.spawn_enemies(props, false);
                self.resolve_invalid_spawns();
            }
        }
        self.outcome.draws = self.rng.draws();
        &self.outcome
    }

    /// The grid size draw: up to 32 tries of `RandRange(2, 9) x RandRange(2, 8)` (2..5 x 2..4
    /// for layout 8) until it fits in 6 x 4, else 4 x 4.
    fn draw_grid_size(&mut self, layout: Layout) -> (i32, i32) {
        let (max_x, max_y) = if layout == Layout::LargeGrid0x8 {
            (5, 4)
        } else {
            (9, 8)
        };
        for _ in 0..32 {
            let grid_x = self.rand_range(2, max_x);
            let grid_y = self.rand_range(2, max_y);
            if grid_x <= 6 && grid_y <= 4 {
                return (grid_x, grid_y);
            }
        }
        (4, 4)
    }

    /// The walkable tiles (floor or corner-cuttable), one `u32` per column, bit y = row y,
    /// read from the tiles (the spawn masks hold the same during generation).
    #[cfg(test)]
    fn walkable_columns(&self) -> [u32; WIDTH] {
        const _: () = assert!(HEIGHT == 32);
        let mut open = [0u32; WIDTH];
        for (x, mask) in open.iter_mut().enumerate() {
            for y in 0..HEIGHT {
                let tile = self.tiles.get(x * HEIGHT + y);
                let walkable = tile.is_floor() || tile.has(tile::F_CORNER_CUTTABLE);
                *mask |= u32::from(walkable) << y;
            }
        }
        open
    }
}

/// The game's `StairsAlwaysReachable(x, y, false)`: every walkable tile of `open` (one `u32`
/// per column, bit y = row y) is reachable from the stairs, walking in 8 directions without
/// cutting the corner of an obstacle. Walkable means floor or corner-cuttable (the island
/// moat). Unreachable unbreakable tiles would be forgiven, but only the frame is unbreakable
/// and it is never walkable.
fn stairs_always_reachable(open: &[u32; WIDTH], stairs_x: i32, stairs_y: i32) -> bool {
    in_bounds(stairs_x, stairs_y) && reached_columns(open, stairs_x, stairs_y) == *open
}

/// The tiles reachable from (x, y), which must be on the floor, as column masks like `open`
/// (none when (x, y) is not walkable). Open runs of a column are taken whole; a column gets
/// revisited only when a neighbour's new tiles touch open tiles of it not reached yet, and
/// then fills only from those: the closure of the same moves a tile search makes.
fn reached_columns(open: &[u32; WIDTH], x: i32, y: i32) -> [u32; WIDTH] {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::fast_bmi2() {
        #[allow(unsafe_code)]
        // SAFETY: `reached_columns_bmi2` is unsafe to call only because it enables BMI2, and
        // the check just above found that this CPU has BMI2 (and a fast one).
        return unsafe { reached_columns_bmi2(open, x, y) };
    }
    flood_columns(open, x, y, fill_runs_by_doubling)
}

/// [`reached_columns`] with the BMI2 fill below. Only called where the CPU has BMI2
/// (detected at run time).
///
/// The fill skips [`fill_runs_by_doubling`]'s chain of doubling steps (a third of a column
/// visit's latency): adding the seeds to the column carries out of each seeded run into the
/// closed tile just above it, and only there (two seeds of a run carry out once). `pext`
/// then `pdep` take those tiles, in run order, to the first tiles of the same runs, and the
/// difference of the two is exactly the seeded runs. In 64 bits, so that a run reaching row
/// 31 (possible in tests, never on a framed floor) still carries out.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
fn reached_columns_bmi2(open: &[u32; WIDTH], x: i32, y: i32) -> [u32; WIDTH] {
    use std::arch::x86_64::{_pdep_u64, _pext_u64};
    let fill_runs = |seeds: u32, open: u32| {
        let (seeds, open) = (u64::from(seeds), u64::from(open));
        let above_runs = (open << 1) & !open;
        let run_starts = open & !(open << 1);
        let carried = (open + seeds) & !open;
        let seeded_starts = _pdep_u64(_pext_u64(carried, above_runs), run_starts);
        (carried - seeded_starts) as u32
    };
    flood_columns(open, x, y, fill_runs)
}

/// The open runs of a column (`open`, bit y = row y) holding a tile of `seeds` (a subset of
/// `open`), in plain code. Towards higher rows an addition does it: the carry from each run's
/// lowest seed runs to the end of the run (a later seed of the same run flips back to 0,
/// hence the `| seeds`). Towards lower rows, doubling steps.
#[inline(always)]
fn fill_runs_by_doubling(seeds: u32, open: u32) -> u32 {
    let up = ((open.wrapping_add(seeds) ^ open) & open) | seeds;
    let mut down = seeds;
    let mut down_path = open;
    for shift in [1, 2, 4, 8, 16] {
        down |= down_path & (down >> shift);
        down_path &= down_path >> shift;
    }
    up | down
}

/// The flood of [`reached_columns`], filling columns with `fill` (which gives the open runs
/// of a column holding a seed).
///
/// The arrays have 64 columns, the ones past the floor closed, so that a column's neighbours
/// need no edge test (column 0's left neighbour wraps to 63) and the column a `waiting` bit
/// names needs no bounds check: the visit is one long dependency chain.
#[inline(always)]
fn flood_columns(
    open: &[u32; WIDTH],
    x: i32,
    y: i32,
    fill: impl Fn(u32, u32) -> u32,
) -> [u32; WIDTH] {
    const COLUMNS: usize = 64;
    const _: () = assert!(WIDTH < COLUMNS);
    let (x, y) = (x as usize, y as usize);
    let start = 1u32 << y;
    if open[x] & start == 0 {
        return [0; WIDTH];
    }
    let mut columns = [0u32; COLUMNS];
    columns[..WIDTH].copy_from_slice(open);
    let open = columns;
    let mut reached = [0u32; COLUMNS];
    // A diagonal step is allowed only when both tiles beside it are walkable, so its target is
    // also two straight steps away: straight steps alone reach the same set.
    // Seeds waiting per column: open tiles not reached yet next to reached ones. A seed never
    // lies in a reached run (reached runs are whole), so the fill from the seeds is all new.
    let mut seeds = [0u32; COLUMNS];
    seeds[x] = start;
    let mut waiting = 1u64 << x;
    while waiting != 0 {
        let mut x = waiting.trailing_zeros() as usize % COLUMNS;
        waiting &= waiting - 1;
        let mut column_seeds = std::mem::take(&mut seeds[x]);
        // A run of visits, each to a neighbour the last one touched, passes that neighbour's
        // seeds on in a register: no round trip through `seeds` and `waiting` (a store, then
        // a load waiting on it and on the next column's search), which made up half of each
        // visit's chain. The closure does not depend on the visiting order.
        loop {
            let grown = fill(column_seeds, open[x]);
            reached[x] |= grown;
            let (left, right) = (x.wrapping_sub(1) % COLUMNS, (x + 1) % COLUMNS);
            let to_left = grown & open[left] & !reached[left];
            let to_right = grown & open[right] & !reached[right];
            let next = if to_left != 0 {
                // Carry on to the left; the right side waits.
                seeds[right] |= to_right;
                waiting |= u64::from(to_right != 0) << right;
                (left, to_left)
            } else if to_right != 0 {
                (right, to_right)
            } else {
                break;
            };
            x = next.0;
            column_seeds = next.1 | std::mem::take(&mut seeds[x]);
            waiting &= !(1 << x);
        }
    }
    std::array::from_fn(|x| reached[x])
}

impl Generator {
    /// Resets a grid of `grid_x` x `grid_y` cells (the game's `InitDungeonGrid`): every cell a
    /// room, the right part invalid on small and medium floors. The whole array is reset, a
    /// few stores of masks and the rectangles.
    pub(crate) fn init_grid(&mut self, grid_x: i32, grid_y: i32) {
        let valid_columns = match self.status.floor_size {
            FloorSize::Small => grid_x / 2,
            FloorSize::Medium => 3 * grid_x / 4,
            FloorSize::Large => grid_x,
        };
        let cells = grid_cells(grid_x, grid_y);
        // Field by field in place: assigning a whole new `Grid` built it on the stack and
        // copied its 1.1 KB over. `init_grid_resets_every_field` checks that none is missed.
        let grid = &mut self.grid;
        grid.rects.fill(Rect::default());
        grid.room = cells;
        grid.invalid = cells & !grid_cells(valid_columns, grid_y);
        grid.linked = [0; 4];
        for mask in [
            &mut grid.connected,
            &mut grid.secondary_structure,
            &mut grid.kecleon_shop,
            &mut grid.monster_house,
            &mut grid.maze_room,
            &mut grid.been_merged,
            &mut grid.merged,
            &mut grid.flag_imperfect,
            &mut grid.flag_secondary_structure,
        ] {
            *mask = 0;
        }
    }

    /// Tile counts of the current floor, from the spawn masks of the last spawn pass, which
    /// describe the finished terrain (spawning changes no terrain or room): floor, wall and
    /// room floor tiles are counted in their masks, and secondary terrain is the rest. On a
    /// finished floor an open tile is in a room (index below 0xF0) or in none (anchors are
    /// hallways by then), so the room mask is the room floor. Rooms are looked up once per run
    /// of equal room indices in a column.
    pub fn counts(&self) -> Counts {
        let masks = &self.masks;
        let mut seen = [0u64; 4];
        for x in 0..WIDTH {
            let Some((_, rooms)) = self.tiles.column(x) else {
                continue;
            };
            for y in set_bits(run_starts(rooms, masks.room[x])) {
                let room = rooms[y % HEIGHT];
                seen[usize::from(room >> 6)] |= 1 << (room & 63);
            }
        }
        let floor = tile_count(&masks.floor);
        let room_floor = tile_count(&masks.room);
        Counts {
            rooms: seen.iter().map(|bits| bits.count_ones()).sum(),
            floor,
            room_floor,
            hallway: floor - room_floor,
            secondary: TILES as u32 - floor - tile_count(&masks.wall),
        }
    }

    /// Whether tile (x, y) is a wall, for callers that only need the shape.
    pub fn terrain_at(&self, x: usize, y: usize) -> Option<Terrain> {
        (x < WIDTH && y < HEIGHT).then(|| self.tiles.terrain[x * HEIGHT + y])
    }

    pub(crate) fn tile_at(&self, x: usize, y: usize) -> Tile {
        self.tiles.get(x * HEIGHT + y)
    }
}

/// Tile counts of a floor (the vectors' header figures).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Distinct rooms with at least one floor tile.
    pub rooms: u32,
    /// Floor tiles, rooms and hallways together.
    pub floor: u32,
    /// Room floor tiles (room index below 0xF0).
    pub room_floor: u32,
    /// Hallway floor tiles (room index 0xF0 or above).
    pub hallway: u32,
    /// Secondary terrain tiles.
    pub secondary: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// After floors that set every kind of cell flag (all presets and layouts), `init_grid`
    /// leaves the grid it leaves when run on an empty one: no field keeps a value from the
    /// floor before.
    #[test]
    fn init_grid_resets_every_field() {
        let (mut generator, mut clean) = (Generator::new(), Generator::new());
        let mut dirty = Grid::EMPTY;
        for name in crate::PRESET_NAMES {
            let mut props = crate::preset(name).expect("shipped preset");
            for layout in 0..12u8 {
                props.layout = layout;
                for seed in 0..4 {
                    generator.generate(&props, Quirks::Faithful, seed);
                    let grid = generator.grid;
                    for (size, floor_size) in [
                        (4, FloorSize::Large),
                        (2, FloorSize::Small),
                        (3, FloorSize::Medium),
                    ] {
                        generator.grid = grid;
                        generator.status.floor_size = floor_size;
                        generator.init_grid(size, 3);
                        // The same reset from an empty grid.
                        clean.grid = Grid::EMPTY;
                        clean.status.floor_size = floor_size;
                        clean.init_grid(size, 3);
                        assert_eq!(
                            generator.grid, clean.grid,
                            "{name} layout {layout} seed {seed}"
                        );
                    }
                    dirty.connected |= grid.connected;
                    dirty.merged |= grid.merged;
                    dirty.monster_house |= grid.monster_house;
                    dirty.flag_imperfect |= grid.flag_imperfect;
                }
            }
        }
        // The floors before did set flags for the reset to clear.
        let kinds = [
            dirty.connected,
            dirty.merged,
            dirty.monster_house,
            dirty.flag_imperfect,
        ];
        assert!(kinds.iter().all(|&mask| mask != 0), "{kinds:x?}");
    }

    /// The plain tile-by-tile search the column fill replaces: a stack of tiles, 8 steps, a
    /// diagonal only when both tiles beside it are walkable.
    fn reachable_by_search(walkable: &[bool; TILES], start: usize) -> [bool; TILES] {
        let mut seen = [false; TILES];
        if !walkable[start] {
            return seen;
        }
        let mut stack = vec![start];
        seen[start] = true;
        let open = |x: i32, y: i32| in_bounds(x, y) && walkable[tile::index(x, y)];
        while let Some(at) = stack.pop() {
            let (x, y) = ((at / HEIGHT) as i32, (at % HEIGHT) as i32);
            for dx in -1..=1 {
                for dy in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if (dx, dy) == (0, 0) || !open(nx, ny) || seen[tile::index(nx, ny)] {
                        continue;
                    }
                    if dx != 0 && dy != 0 && !(open(x + dx, y) && open(x, y + dy)) {
                        continue;
                    }
                    seen[tile::index(nx, ny)] = true;
                    stack.push(tile::index(nx, ny));
                }
            }
        }
        seen
    }

    /// The counts from the masks agree with counting tile by tile, on a fresh generator and
    /// on generated floors of every preset and layout in both quirk modes (room indices of
    /// 0xF0 and above count as hallway, as the vectors' README says).
    #[test]
    fn counts_agree_with_a_tile_by_tile_count() {
        let mut generator = Generator::new();
        let tile_by_tile = |generator: &Generator| {
            let mut want = Counts::default();
            let mut seen = [false; 256];
            for x in 0..WIDTH {
                for y in 0..HEIGHT {
                    let tile = generator.tile_at(x, y);
                    match tile.terrain {
                        Terrain::Floor if tile.room < tile::FIRST_HALLWAY_INDEX => {
                            want.floor += 1;
                            want.room_floor += 1;
                            want.rooms += u32::from(!seen[usize::from(tile.room)]);
                            seen[usize::from(tile.room)] = true;
                        }
                        Terrain::Floor => {
                            want.floor += 1;
                            want.hallway += 1;
                        }
                        Terrain::Secondary => want.secondary += 1,
                        Terrain::Wall => {}
                    }
                }
            }
            want
        };
        assert_eq!(generator.counts(), tile_by_tile(&generator));
        let mut secondary_floors = 0;
        for name in crate::PRESET_NAMES {
            let mut props = crate::preset(name).expect("shipped preset");
            for layout in 0..12u8 {
                props.layout = layout;
                for seed in 0..25 {
                    for quirks in [Quirks::Faithful, Quirks::Fixed] {
                        generator.generate(&props, quirks, seed);
                        let want = tile_by_tile(&generator);
                        assert_eq!(
                            generator.counts(),
                            want,
                            "{name} layout {layout} seed {seed} {quirks:?}"
                        );
                        secondary_floors += u32::from(want.secondary > 0);
                    }
                }
            }
        }
        assert!(secondary_floors > 100, "{secondary_floors}");
    }

    /// The fused pass leaves the tiles the game's two passes leave, run tile by tile: rows 1
    /// and 30 fresh walls (frame flags on the first and last columns), then every tile with
    /// the impassable flag a wall. On random floors whose frame has its flags (as on every
    /// generated floor) plus random ones, and random fields elsewhere, dirty or clean rows.
    #[test]
    fn boundary_rows_and_frame_as_the_game_passes() {
        let mut rng = DungeonRng::init(0xB0DE);
        let (mut fused, mut plain) = (Generator::new(), Generator::new());
        let frame = |at: usize| {
            let (x, y) = (at / HEIGHT, at % HEIGHT);
            x == 0 || x == WIDTH - 1 || y == 0 || y == HEIGHT - 1
        };
        for round in 0..500 {
            // Half the rounds leave most boundary tiles already as the passes make them.
            let dirty = if round % 2 == 0 { 100 } else { 3 };
            for at in 0..TILES {
                let mut tile = Tile::WALL;
                if rng.rand_int(100) < dirty {
                    tile.terrain = [Terrain::Wall, Terrain::Floor, Terrain::Secondary]
                        [rng.rand_int(3) as usize];
                    tile.room = rng.rand_int(256) as u8;
                    tile.flags = rng.rand_int(64) as u16 & !FRAME;
                    tile.spawn = rng.rand_int(32) as u8;
                }
                if frame(at) {
                    tile.flags |= FRAME;
                }
                fused.tiles.set(at, tile);
                plain.tiles.set(at, tile);
            }
            fused.reset_boundary_rows_and_frame();
            for x in 0..WIDTH {
                for y in [1, HEIGHT - 2] {
                    let mut fresh = Tile::WALL;
                    if x == 0 || x == WIDTH - 1 {
                        fresh.flags |= FRAME;
                    }
                    plain.tiles.set(x * HEIGHT + y, fresh);
                }
            }
            for at in 0..TILES {
                if plain.tiles.flags[at] & tile::F_IMPASSABLE != 0 {
                    plain.tiles.terrain[at] = Terrain::Wall;
                }
            }
            for at in 0..TILES {
                let (got, want) = (fused.tiles.get(at), plain.tiles.get(at));
                assert_eq!(got, want, "round {round} tile {at}");
            }
        }
    }

    #[test]
    fn column_fill_agrees_with_a_tile_search_on_random_floors() {
        let mut generator = Generator::new();
        let mut rng = DungeonRng::init(0x5EED);
        let (mut connected, mut split) = (0, 0);
        for round in 0..3000 {
            // Densities from sparse to almost open, so both answers occur often.
            let density = 40 + (round % 60);
            let mut walkable = [false; TILES];
            for (at, slot) in walkable.iter_mut().enumerate() {
                let moat = rng.rand_int(100) < 5;
                let floor = rng.rand_int(100) < density;
                *slot = floor || moat;
                let mut tile = Tile::WALL;
                if floor {
                    tile.terrain = Terrain::Floor;
                } else if moat {
                    tile.terrain = Terrain::Secondary;
                    tile.flags |= tile::F_CORNER_CUTTABLE;
                }
                generator.tiles.set(at, tile);
            }
            let start = rng.rand_int(TILES as i32) as usize;
            let (x, y) = ((start / HEIGHT) as i32, (start % HEIGHT) as i32);
            let seen = reachable_by_search(&walkable, start);
            let open = generator.walkable_columns();
            // The fill this CPU runs, and the plain one.
            let reached = reached_columns(&open, x, y);
            let by_doubling = flood_columns(&open, x, y, fill_runs_by_doubling);
            assert_eq!(reached, by_doubling, "round {round}");
            for (at, &seen) in seen.iter().enumerate() {
                let bit = reached[at / HEIGHT] >> (at % HEIGHT) & 1 == 1;
                assert_eq!(bit, seen, "round {round}, tile {at}");
            }
            let expected = (0..TILES).all(|at| !walkable[at] || seen[at]);
            assert_eq!(
                stairs_always_reachable(&generator.walkable_columns(), x, y),
                expected,
                "round {round}"
            );
            if expected {
                connected += 1;
            } else {
                split += 1;
            }
        }
        assert!(connected > 100 && split > 100, "{connected} / {split}");
    }
}
