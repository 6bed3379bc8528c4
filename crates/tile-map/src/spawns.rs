//! Spawns (`SpawnNonEnemies`, `SpawnEnemies`, `ResolveInvalidSpawns`): stairs, hidden stairs,
//! items, buried items, monster-house items and traps, traps, the player and enemies.
//!
//! Every list of candidate tiles is collected x-outer, shuffled with 2 x len random swaps and
//! filled from a random start index, wrapping around, as the game does.
//!
//! Spawning never changes terrain, rooms or area flags, so the layout is read once per spawn
//! pass into column masks ([`SpawnMasks`]: one `u32` per column, bit y = row y) and every
//! candidate list is a mask expression. A list is never materialised, nor usually shuffled:
//! the shuffle's draws are made, and only the few positions that get a spawn are traced back
//! through its swaps to the ordinals the shuffle put there, which are mapped back to tiles
//! (the n-th set bit of the mask, which is the n-th entry of the game's x-outer list).

use crate::columns::{eq_mask, set_bits, terrain_bytes};
use crate::generator::{Generator, SHUFFLE_AREA};
use crate::props::FloorProperties;
use crate::tile::{Terrain, Tiles};
use crate::tile::{
    F_CORNER_CUTTABLE, F_IMPASSABLE, F_IN_MONSTER_HOUSE, F_IN_SHOP, F_JUNCTION, F_UNBREAKABLE,
    HEIGHT, NO_ROOM, SPAWN_ITEM, SPAWN_MONSTER, SPAWN_SPECIAL, SPAWN_STAIRS, SPAWN_TRAP, TILES,
    WIDTH,
};

/// Most items and traps a monster house gets.
const MAX_MONSTER_HOUSE_ITEMS: i32 = 7;
/// Most extra enemies a forced monster house gets (before the game's 3/2 factor).
const MAX_MONSTER_HOUSE_ENEMIES: i32 = 30;
/// Traps on a floor are capped at this.
const MAX_TRAPS: i32 = 56;
/// The secondary generator that places the hidden stairs.
const HIDDEN_STAIRS_GENERATOR: usize = 3;
/// The secondary generator that rolls the hidden stairs' spawn chance.
const HIDDEN_STAIRS_CHANCE_GENERATOR: usize = 4;

/// Flags the per-tile look at marked tiles does not need: the frame's (see
/// [`FRAME_COLUMNS`]) and the junction flag, whose mask `finalize_junctions` leaves.
const UNMARKED_FLAGS: u16 = F_IMPASSABLE | F_UNBREAKABLE | F_JUNCTION;

/// One bit per tile, one `u32` per column (bit y = row y): column-major like the tiles.
pub(crate) type Columns = [u32; WIDTH];

/// The outer frame: the only tiles with `F_IMPASSABLE` and `F_UNBREAKABLE` on generated floors
/// (only fixed rooms set them elsewhere; a test checks this over many floors).
const FRAME_COLUMNS: Columns = {
    let mut frame = [1u32 | 1 << (HEIGHT - 1); WIDTH];
    frame[0] = u32::MAX;
    frame[WIDTH - 1] = u32::MAX;
    frame
};

/// The finished layout and the spawn flags as column masks, for one spawn pass.
#[derive(Clone, Debug)]
pub(crate) struct SpawnMasks {
    /// Floor terrain.
    pub floor: Columns,
    /// Wall terrain.
    pub wall: Columns,
    /// Floor or corner-cuttable: what the reachability check walks on.
    pub walkable: Columns,
    /// Open tiles in a room (room index not `NO_ROOM`).
    pub room: Columns,
    shop: Columns,
    monster_house: Columns,
    /// Junctions: written by `finalize_junctions`, not by [`Generator::build_spawn_masks`].
    pub junction: Columns,
    stairs: Columns,
    item: Columns,
    trap: Columns,
    monster: Columns,
    special: Columns,
    /// Every tile whose spawn flags may be non-zero: the ones written back to the tiles.
    touched: Columns,
}

impl SpawnMasks {
    /// All masks empty.
    pub fn new() -> SpawnMasks {
        let empty = [0u32; WIDTH];
        SpawnMasks {
            floor: empty,
            wall: empty,
            walkable: empty,
            room: empty,
            shop: empty,
            monster_house: empty,
            junction: empty,
            stairs: empty,
            item: empty,
            trap: empty,
            monster: empty,
            special: empty,
            touched: empty,
        }
    }

    /// The masks of a freshly reset floor (all wall, nothing else), for a generator that has
    /// not generated a floor yet.
    pub fn all_walls() -> SpawnMasks {
        SpawnMasks {
            wall: [u32::MAX; WIDTH],
            ..SpawnMasks::new()
        }
    }
}

/// A candidate mask with its running bit counts, to map list positions back to tiles.
struct Ranked {
    columns: Columns,
    /// `before[x]`: candidates in columns `0..x`; `before[WIDTH]` is the list length.
    before: [u16; WIDTH + 1],
}

impl Ranked {
    fn new(columns: Columns) -> Ranked {
        Ranked {
            columns,
            before: running_counts(&columns),
        }
    }

    fn len(&self) -> usize {
        usize::from(self.before[WIDTH])
    }

    /// The tile index of entry `ordinal` (below `len`) of the x-outer list: with `popcnt`
    /// and BMI2's `pdep` where the CPU has them.
    fn tile(&self, ordinal: usize) -> usize {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") && crate::cpu::fast_bmi2() {
            #[allow(unsafe_code)]
            // SAFETY: `tile_bmi2` is unsafe to call only because it enables `popcnt` and BMI2,
            // and the checks just above found that this CPU has both.
            return unsafe { self.tile_bmi2(ordinal) };
        }
        self.tile_in(ordinal, without_lowest)
    }

    /// [`Ranked::tile`] with the column's `skipped + 1`-th candidate as one `pdep`, not a
    /// loop of data-dependent length (a mispredicted exit on most lookups), and the column
    /// count's bits counted by `popcnt`. Only called where the CPU has both (detected at run
    /// time).
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi2")]
    fn tile_bmi2(&self, ordinal: usize) -> usize {
        use std::arch::x86_64::_pdep_u32;
        self.tile_in(ordinal, |column, skipped| {
            _pdep_u32(1u32.wrapping_shl(skipped), column)
        })
    }

    /// [`Ranked::tile`], given `pick(column, skipped)`: `column` with its first `skipped`
    /// candidates left out (the lowest bit left is the tile's).
    #[inline(always)]
    fn tile_in(&self, ordinal: usize, pick: impl Fn(u32, u32) -> u32) -> usize {
        let ordinal = ordinal as u16;
        // The last column whose count before it is at most the ordinal: the number of
        // columns whose count through them is at most the ordinal (the counts only grow).
        // Counted over all 56 in vector compares, not found by a binary search, whose six
        // steps were a chain of dependent loads and compares on every lookup.
        let through = &self.before[1..];
        let x = through.iter().fold(0u16, |columns, &count| {
            columns + u16::from(count <= ordinal)
        });
        let x = usize::from(x).min(WIDTH - 1);
        let skipped = u32::from(ordinal.wrapping_sub(self.before[x]));
        let column = pick(self.columns[x], skipped);
        x * HEIGHT + column.trailing_zeros().min(HEIGHT as u32 - 1) as usize
    }
}

/// `column` without its `skipped` lowest set bits, one at a time.
#[inline(always)]
fn without_lowest(mut column: u32, skipped: u32) -> u32 {
    for _ in 0..skipped {
        column &= column.wrapping_sub(1);
    }
    column
}

/// [`Ranked::before`] of `columns`: on x86-64 with the `popcnt` instruction where the CPU has
/// it (baseline x86-64 does not, and the bit-twiddled count costs several times as much).
fn running_counts(columns: &Columns) -> [u16; WIDTH + 1] {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        #[allow(unsafe_code)]
        // SAFETY: `running_counts_popcnt` is unsafe to call only because it enables
        // `popcnt`, and the check just above found that this CPU has it.
        return unsafe { running_counts_popcnt(columns) };
    }
    running_counts_portable(columns)
}

/// [`running_counts`] in plain code, compiled for the target's baseline (and inlined into
/// [`running_counts_popcnt`], where `count_ones` becomes one instruction).
#[inline(always)]
fn running_counts_portable(columns: &Columns) -> [u16; WIDTH + 1] {
    // The counts first, in a loop of their own that the compiler vectorises on the
    // baseline, then their running sum.
    let counts = columns.map(|column| column.count_ones() as u16);
    let mut before = [0u16; WIDTH + 1];
    let mut total = 0u16;
    for (slot, count) in before[1..].iter_mut().zip(counts) {
        total += count;
        *slot = total;
    }
    before
}

/// [`running_counts_portable`] with `popcnt` enabled. Only called where the CPU has it
/// (detected at run time).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn running_counts_popcnt(columns: &Columns) -> [u16; WIDTH + 1] {
    running_counts_portable(columns)
}

/// The tiles set in `columns`: with the `popcnt` instruction where the CPU has it, as in
/// [`running_counts`].
pub(crate) fn tile_count(columns: &Columns) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        #[allow(unsafe_code)]
        // SAFETY: `tile_count_popcnt` is unsafe to call only because it enables `popcnt`, and
        // the check just above found that this CPU has it.
        return unsafe { tile_count_popcnt(columns) };
    }
    tile_count_portable(columns)
}

/// [`tile_count`] in plain code: two columns per 64-bit count.
#[inline(always)]
fn tile_count_portable(columns: &Columns) -> u32 {
    columns
        .chunks_exact(2)
        .map(|pair| (u64::from(pair[0]) | u64::from(pair[1]) << 32).count_ones())
        .sum()
}

/// [`tile_count_portable`] with `popcnt` enabled. Only called where the CPU has it (detected
/// at run time).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
fn tile_count_popcnt(columns: &Columns) -> u32 {
    tile_count_portable(columns)
}

/// Sets tile `at`'s bit in `columns`.
#[inline]
fn set(columns: &mut Columns, at: usize) {
    columns[(at / HEIGHT) % WIDTH] |= 1 << (at % HEIGHT);
}

/// Clears tile `at`'s bit in `columns`.
#[inline]
fn clear(columns: &mut Columns, at: usize) {
    columns[(at / HEIGHT) % WIDTH] &= !(1 << (at % HEIGHT));
}

/// One column's terrain and room masks, and the tiles that have area or spawn flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ColumnBits {
    floor: u32,
    wall: u32,
    /// Open tiles in a room.
    room: u32,
    /// Tiles with a flag other than [`UNMARKED_FLAGS`], or any spawn flag.
    marked: u32,
}

/// [`ColumnBits`] of a column's `terrain` (as bytes), `rooms`, `flags` and `spawns`: the byte
/// masks are those of [`crate::columns`], only the 16-bit flags need their own.
#[inline]
fn column_bits(
    terrain: &[u8; HEIGHT],
    rooms: &[u8; HEIGHT],
    flags: &[u16; HEIGHT],
    spawns: &[u8; HEIGHT],
) -> ColumnBits {
    let floor = eq_mask(terrain, Terrain::Floor as u8);
    ColumnBits {
        floor,
        wall: eq_mask(terrain, Terrain::Wall as u8),
        room: floor & !eq_mask(rooms, NO_ROOM),
        marked: !eq_mask(spawns, 0) | area_flag_mask(flags),
    }
}

/// Bit y set where `flags[y]` has a flag other than [`UNMARKED_FLAGS`].
#[inline]
fn area_flag_mask(flags: &[u16; HEIGHT]) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    // SAFETY: the callee's only requirement is its `#[target_feature(enable = "sse2")]`, and
    // this line is compiled only when the build enables SSE2 (the `cfg` above; every x86-64
    // target does), so the compiler already assumes SSE2 everywhere in this program.
    #[allow(unsafe_code)]
    return unsafe { area_flag_mask_sse2(flags) };
    #[allow(unreachable_code)]
    area_flag_mask_scalar(flags)
}

/// [`area_flag_mask`] tile by tile, for targets without SSE2 (and to check the vector form).
#[cfg_attr(
    all(target_arch = "x86_64", target_feature = "sse2", not(test)),
    allow(dead_code)
)]
fn area_flag_mask_scalar(flags: &[u16; HEIGHT]) -> u32 {
    flags.iter().enumerate().fold(0, |mask, (y, &f)| {
        mask | u32::from(f & !UNMARKED_FLAGS != 0) << y
    })
}

/// [`area_flag_mask`] on SSE2: 8 tiles per 16-bit compare, the results packed to bytes and
/// moved into bits by `movemask`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "sse2")]
fn area_flag_mask_sse2(flags: &[u16; HEIGHT]) -> u32 {
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi16, _mm_loadu_si128, _mm_movemask_epi8,
        _mm_packs_epi16, _mm_set1_epi16, _mm_setzero_si128,
    };
    const _: () = assert!(HEIGHT == 32);
    // Eight flags from `from` (0, 8, 16 or 24) as one unaligned load. (Built element by
    // element instead, the optimiser emits a word insert per flag.)
    let words = |from: usize| -> __m128i {
        let at = from % HEIGHT;
        let eight: &[u16; 8] = flags[at..].first_chunk().unwrap_or(&[0; 8]);
        #[allow(unsafe_code)]
        // SAFETY: `eight` is a reference to 8 readable `u16`s, the 16 bytes the load reads;
        // `_mm_loadu_si128` allows any alignment, and this function enables the SSE2 it needs.
        let loaded = unsafe { _mm_loadu_si128(eight.as_ptr().cast()) };
        loaded
    };
    let kept = _mm_set1_epi16(!UNMARKED_FLAGS as i16);
    let zero = _mm_setzero_si128();
    // All ones in a lane with no flag but the unmarked ones.
    let no_flag =
        |from: usize| -> __m128i { _mm_cmpeq_epi16(_mm_and_si128(words(from), kept), zero) };
    let low = _mm_movemask_epi8(_mm_packs_epi16(no_flag(0), no_flag(8))) as u32;
    let high = _mm_movemask_epi8(_mm_packs_epi16(no_flag(16), no_flag(24))) as u32;
    !(low | high << 16)
}

/// [`ColumnBits`] of a whole floor, as column masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FloorBits {
    floor: Columns,
    wall: Columns,
    room: Columns,
    marked: Columns,
}

impl FloorBits {
    const EMPTY: FloorBits = FloorBits {
        floor: [0; WIDTH],
        wall: [0; WIDTH],
        room: [0; WIDTH],
        marked: [0; WIDTH],
    };
}

/// [`ColumnBits`] of every column of `tiles`: with 32-byte AVX2 compares where the CPU has
/// AVX2 (a column's bytes are one vector, its flags two), else column by column with
/// [`column_bits`].
fn every_column_bits(tiles: &Tiles) -> FloorBits {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
    if std::arch::is_x86_feature_detected!("avx2") {
        #[allow(unsafe_code)]
        // SAFETY: `every_column_bits_avx2` is unsafe to call only because it enables AVX2,
        // and the check just above found that this CPU has AVX2.
        return unsafe { every_column_bits_avx2(tiles) };
    }
    every_column_bits_portable(tiles)
}

/// Column `x` of the floor: its terrain, rooms, flags and spawn flags (`None` past the floor).
type Column<'t> = (
    &'t [Terrain; HEIGHT],
    &'t [u8; HEIGHT],
    &'t [u16; HEIGHT],
    &'t [u8; HEIGHT],
);

/// The fields of column `x` (tiles are column-major), for the whole-column mask builds.
#[inline(always)]
fn column_of(tiles: &Tiles, x: usize) -> Option<Column<'_>> {
    let at = x * HEIGHT;
    Some((
        tiles.terrain[at..].first_chunk::<HEIGHT>()?,
        tiles.room[at..].first_chunk::<HEIGHT>()?,
        tiles.flags[at..].first_chunk::<HEIGHT>()?,
        tiles.spawn[at..].first_chunk::<HEIGHT>()?,
    ))
}

/// [`every_column_bits`] by [`column_bits`] (SSE2 on x86-64, plain loops elsewhere).
fn every_column_bits_portable(tiles: &Tiles) -> FloorBits {
    let mut bits = FloorBits::EMPTY;
    for x in 0..WIDTH {
        let Some((terrain, rooms, flags, spawns)) = column_of(tiles, x) else {
            continue;
        };
        let column = column_bits(&terrain_bytes(terrain), rooms, flags, spawns);
        bits.floor[x] = column.floor;
        bits.wall[x] = column.wall;
        bits.room[x] = column.room;
        bits.marked[x] = column.marked;
    }
    bits
}

/// [`every_column_bits`] on AVX2: a column's terrain, rooms and spawns are one 32-byte load
/// each, its flags two, packed to bytes. Only called where the CPU has AVX2 (detected at run
/// time).
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "avx2")]
fn every_column_bits_avx2(tiles: &Tiles) -> FloorBits {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi16, _mm256_loadu_si256, _mm256_movemask_epi8,
        _mm256_packs_epi16, _mm256_permute4x64_epi64, _mm256_set1_epi16, _mm256_set1_epi8,
        _mm256_setzero_si256,
    };
    const _: () = assert!(HEIGHT == 32);
    use crate::columns::wide::{eq_mask, load};
    // Half a column of flags: 16 words, 32 bytes.
    let flag_half = |flags: &[u16; HEIGHT], from: usize| -> __m256i {
        let words: &[u16; 16] = flags[from % HEIGHT..].first_chunk().unwrap_or(&[0; 16]);
        #[allow(unsafe_code)]
        // SAFETY: `words` is a reference to 16 readable `u16`s, the 32 bytes the load reads;
        // `_mm256_loadu_si256` allows any alignment, and this function enables AVX2.
        let loaded = unsafe { _mm256_loadu_si256(words.as_ptr().cast()) };
        loaded
    };
    let mask = |bytes: __m256i| _mm256_movemask_epi8(bytes) as u32;
    let (floor_byte, wall_byte) = (
        _mm256_set1_epi8(Terrain::Floor as i8),
        _mm256_set1_epi8(Terrain::Wall as i8),
    );
    let no_room = _mm256_set1_epi8(NO_ROOM as i8);
    let zero = _mm256_setzero_si256();
    let kept = _mm256_set1_epi16(!UNMARKED_FLAGS as i16);
    let mut bits = FloorBits::EMPTY;
    for x in 0..WIDTH {
        let Some((terrain, rooms, flags, spawns)) = column_of(tiles, x) else {
            continue;
        };
        let terrain = load(&terrain_bytes(terrain));
        let floor = eq_mask(terrain, floor_byte);
        // All ones in a word with no flag but the unmarked ones.
        let no_flag = |words: __m256i| _mm256_cmpeq_epi16(_mm256_and_si256(words, kept), zero);
        // Packed in 128-bit lanes: rows 0-7, 16-23, 8-15, 24-31; the permute puts them in order.
        let no_flags = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi16(
            no_flag(flag_half(flags, 0)),
            no_flag(flag_half(flags, 16)),
        ));
        bits.floor[x] = floor;
        bits.wall[x] = eq_mask(terrain, wall_byte);
        bits.room[x] = floor & !eq_mask(load(rooms), no_room);
        bits.marked[x] = !eq_mask(load(spawns), zero) | !mask(no_flags);
    }
    bits
}

/// `columns` as one expression per column.
#[inline]
fn each(f: impl Fn(usize) -> u32) -> Columns {
    std::array::from_fn(f)
}

impl Generator {
    /// Reads the finished layout into the spawn masks: terrain, room and which tiles have area
    /// or spawn flags for the whole floor ([`every_column_bits`]), then the flags of those
    /// tiles. The junction mask is already there (`finalize_junctions` left it).
    pub(crate) fn build_spawn_masks(&mut self) {
        let tiles = &*self.tiles;
        let FloorBits {
            floor,
            wall,
            room,
            marked,
        } = every_column_bits(tiles);
        // Area and spawn flags are rare: their masks start empty, and only the marked tiles
        // are looked at.
        // Written field by field: a whole new value would be built aside and copied in.
        let masks = &mut self.masks;
        masks.floor = floor;
        masks.wall = wall;
        masks.walkable = floor;
        masks.room = room;
        for flag_mask in [
            &mut masks.shop,
            &mut masks.monster_house,
            &mut masks.stairs,
            &mut masks.item,
            &mut masks.trap,
            &mut masks.monster,
            &mut masks.special,
            &mut masks.touched,
        ] {
            flag_mask.fill(0);
        }
        for (x, &marked) in marked.iter().enumerate() {
            let start = x * HEIGHT;
            let (Some(flags), Some(spawns)) = (
                tiles.flags[start..].first_chunk::<HEIGHT>(),
                tiles.spawn[start..].first_chunk::<HEIGHT>(),
            ) else {
                continue;
            };
            if marked == 0 {
                continue;
            }
            let mut flag_bits = [0u32; 8];
            for y in set_bits(marked) {
                let (tile_flags, tile_spawn) = (flags[y % HEIGHT], spawns[y % HEIGHT]);
                let has = |flag: u16| u32::from(tile_flags & flag != 0) << y;
                let spawns = |flag: u8| u32::from(tile_spawn & flag != 0) << y;
                flag_bits[0] |= has(F_IN_SHOP);
                flag_bits[1] |= has(F_IN_MONSTER_HOUSE);
                flag_bits[2] |= has(F_CORNER_CUTTABLE);
                flag_bits[3] |= spawns(SPAWN_STAIRS);
                flag_bits[4] |= spawns(SPAWN_ITEM);
                flag_bits[5] |= spawns(SPAWN_TRAP);
                flag_bits[6] |= spawns(SPAWN_MONSTER);
                flag_bits[7] |= spawns(SPAWN_SPECIAL);
            }
            let [shop, monster_house, corner_cuttable, stairs, item, trap, monster, special] =
                flag_bits;
            masks.shop[x] = shop;
            masks.monster_house[x] = monster_house;
            masks.walkable[x] |= corner_cuttable;
            masks.stairs[x] = stairs;
            masks.item[x] = item;
            masks.trap[x] = trap;
            masks.monster[x] = monster;
            masks.special[x] = special;
            masks.touched[x] = stairs | item | trap | monster | special;
        }
    }

    /// Open room tiles that spawns may use: not in a shop, not a junction, not unbreakable.
    fn spawnable(&self) -> Columns {
        let m = &self.masks;
        each(|x| m.room[x] & !m.shop[x] & !m.junction[x] & !FRAME_COLUMNS[x])
    }

    /// Shuffles the list of `candidates` (not empty) and calls `mark` on the tiles of `count`
    /// entries from a random start, wrapping around.
    ///
    /// Only the few positions from the start are ever read, and the start is drawn after the
    /// shuffle's draws, so the shuffle itself is not run: the draws are made in one bulk call
    /// (same values, same order), then each read position is traced back through the swaps,
    /// last first, to the list position whose entry the shuffle moved there.
    fn place(
        &mut self,
        candidates: &Ranked,
        count: i32,
        mut mark: impl FnMut(&mut Generator, usize),
    ) {
        let len = candidates.len();
        // Entry i is read at position (start + i) mod len: `used` distinct positions.
        let count = usize::try_from(count).unwrap_or(0);
        let used = count.min(len);
        if used <= LOOKED_UP_MAX {
            // The usual case: the draws are skipped, and looked at again only to trace the
            // few read positions (see `traced_entries`).
            let shuffle = self.rng.clone();
            self.rng.skip(4 * len as u64);
            let start = self.rand_int(len as i32) as usize;
            traced_entries(&shuffle, len, start, &mut self.entries[..used]);
        } else {
            // len <= TILES < 65536, so RandInt(len) comes from the bulk 16-bit form.
            self.rng
                .fill_rand_int(len as u16, &mut self.draw_buffer[..4 * len]);
            let start = self.rand_int(len as i32) as usize;
            shuffled_entries(
                &self.draw_buffer[..4 * len],
                start,
                &mut self.entries[..used],
                &mut self.trace_slots,
                &mut self.shuffle_area,
            );
        }
        // The entries in order, from the first again after the last (no division per entry).
        for entry in (0..used).cycle().take(count) {
            let ordinal = self.entries[entry % TILES];
            mark(self, candidates.tile(usize::from(ordinal)));
        }
    }

    /// Marks `at` with a spawn flag (one of the spawn masks).
    fn mark(&mut self, at: usize, flag: u8) {
        let masks = &mut self.masks;
        let target = match flag {
            SPAWN_STAIRS => &mut masks.stairs,
            SPAWN_ITEM => &mut masks.item,
            SPAWN_TRAP => &mut masks.trap,
            _ => &mut masks.monster,
        };
        set(target, at);
        set(&mut masks.touched, at);
    }

    fn position(at: usize) -> (u8, u8) {
        ((at / HEIGHT) as u8, (at % HEIGHT) as u8)
    }

    /// The player's tile as a column mask (empty when there is no player yet).
    fn player_columns(&self) -> Columns {
        let mut columns = [0u32; WIDTH];
        if let Some((x, y)) = self.outcome.player {
            set(&mut columns, usize::from(x) * HEIGHT + usize::from(y));
        }
        columns
    }

    /// `SpawnNonEnemies`.
    pub(crate) fn spawn_non_enemies(&mut self, props: &FloorProperties, empty_monster_house: bool) {
        let spawnable = self.spawnable();
        if self.outcome.stairs.is_none() {
            let m = &self.masks;
            let stairs = Ranked::new(each(|x| spawnable[x] & !m.monster[x] & !m.special[x]));
            let len = stairs.len();
            if len > 0 {
                let pick = (self.rand_int(len as i32) as usize).min(len - 1);
                let at = stairs.tile(pick);
                self.spawn_stairs(at, false);
                if props.hidden_stairs_type != 0 {
                    // The game removes the stairs' entry from the list.
                    let mut rest = stairs.columns;
                    clear(&mut rest, at);
                    let rest = Ranked::new(rest);
                    // Hidden stairs use secondary generators 4 (the chance) and 3 (the tile),
                    // then the primary again, so they never change the rest of the floor. No
                    // reference map has hidden stairs: this order is our reading, unverified.
                    self.rng.use_secondary(HIDDEN_STAIRS_CHANCE_GENERATOR);
                    let wanted = self.rand_int(100) < i32::from(props.hidden_stairs_spawn_chance);
                    self.rng.use_primary();
                    if wanted && rest.len() > 0 {
                        self.rng.use_secondary(HIDDEN_STAIRS_GENERATOR);
                        let hidden = self.rand_int(rest.len() as i32) as usize;
                        self.rng.use_primary();
                        let at = rest.tile(hidden.min(rest.len() - 1));
                        self.spawn_stairs(at, true);
                    }
                }
            }
        }

        // Items.
        let m = &self.masks;
        let items = Ranked::new(each(|x| spawnable[x] & !m.monster_house[x]));
        if items.len() > 0 {
            let density = i32::from(props.item_density);
            let mut count = density;
            if count != 0 {
                count = self.rand_range(density - 2, density + 2).max(1);
            }
            count += 1;
            if count > 0 {
                self.place(&items, count, |g, at| g.mark(at, SPAWN_ITEM));
            }
        }

        // Buried items, in any wall.
        let buried = Ranked::new(self.masks.wall);
        if buried.len() > 0 {
            let density = i32::from(props.buried_item_density);
            let mut count = density;
            if count != 0 {
                count = self.rand_range(density - 2, density + 2);
            }
            if count > 0 {
                self.place(&buried, count, |g, at| g.mark(at, SPAWN_ITEM));
            }
        }

        // Monster-house items and traps.
        // Only a monster house sets the flag; it may cover tiles that are walls by now.
        if !empty_monster_house && self.status.has_monster_house {
            let m = &self.masks;
            let house = Ranked::new(each(|x| m.monster_house[x] & !m.shop[x] & !m.junction[x]));
            if house.len() > 0 {
                let len = house.len() as i32;
                let count = self
                    .rand_range(5 * len / 10, 8 * len / 10)
                    .clamp(6, MAX_MONSTER_HOUSE_ITEMS);
                self.place(&house, count, |g, at| {
                    // Traps are allowed: generated floors are outside the story dungeons.
                    let flag = if g.rand_int(2) == 1 {
                        SPAWN_ITEM
                    } else {
                        SPAWN_TRAP
                    };
                    g.mark(at, flag);
                });
            }
        }

        // Traps.
        let m = &self.masks;
        let traps = Ranked::new(each(|x| spawnable[x] & !m.item[x]));
        if traps.len() > 0 {
            let density = i32::from(props.trap_density);
            let count = self.rand_range(density / 2, density);
            if count > 0 {
                self.place(&traps, count.min(MAX_TRAPS), |g, at| g.mark(at, SPAWN_TRAP));
            }
        }

        // The player.
        if self.outcome.player.is_none() {
            let m = &self.masks;
            let player = Ranked::new(each(|x| {
                spawnable[x] & !m.item[x] & !m.monster[x] & !m.trap[x]
            }));
            if player.len() > 0 {
                let pick = self.rand_int(player.len() as i32) as usize;
                let at = player.tile(pick.min(player.len() - 1));
                self.outcome.player = Some(Self::position(at));
            }
        }
    }

    /// `SpawnStairs` (rescue floors, which turn the stairs room into a monster house, are out of
    /// scope).
    fn spawn_stairs(&mut self, at: usize, hidden: bool) {
        clear(&mut self.masks.item, at);
        self.mark(at, SPAWN_STAIRS);
        if hidden {
            self.outcome.hidden_stairs = Some(Self::position(at));
        } else {
            self.outcome.stairs = Some(Self::position(at));
        }
    }

    /// `SpawnEnemies`, including the extra enemies of a forced monster house.
    pub(crate) fn spawn_enemies(&mut self, props: &FloorProperties, empty_monster_house: bool) {
        let density = i32::from(props.enemy_density);
        let mut enemies = if density < 1 {
            density.abs()
        } else {
            self.rand_range(density / 2, density).max(1)
        };
        let spawnable = self.spawnable();
        let player = self.player_columns();
        let m = &self.masks;
        let candidates = Ranked::new(each(|x| {
            spawnable[x] & !m.item[x] & !m.stairs[x] & !player[x]
        }));
        if candidates.len() > 0 && enemies + 1 > 0 {
            enemies += 1;
            self.place(&candidates, enemies, |g, at| g.mark(at, SPAWN_MONSTER));
        }

        if !self.status.force_monster_house {
            return;
        }
        let mut limit = if empty_monster_house {
            3
        } else {
            MAX_MONSTER_HOUSE_ENEMIES
        };
        limit = limit * 3 / 2;
        let m = &self.masks;
        let house = Ranked::new(each(|x| {
            m.room[x] & !m.shop[x] & !FRAME_COLUMNS[x] & m.monster_house[x] & !player[x]
        }));
        if house.len() > 0 {
            let len = house.len() as i32;
            let count = self
                .rand_range(7 * len / 10, 8 * len / 10)
                .max(1)
                .min(limit);
            self.place(&house, count, |g, at| g.mark(at, SPAWN_MONSTER));
        }
    }

    /// `ResolveInvalidSpawns`: no traps off the floor or under stairs and items, no items in
    /// impassable unbreakable tiles (the frame). Done on the masks, then the spawn flags of
    /// every touched tile are written back.
    pub(crate) fn resolve_invalid_spawns(&mut self) {
        let m = &mut self.masks;
        // The masks in a loop of their own, which the compiler vectorises; then the few
        // touched tiles.
        for (x, frame) in FRAME_COLUMNS.iter().enumerate() {
            let off_floor = !m.floor[x];
            m.item[x] &= !(off_floor & frame);
            m.trap[x] &= !off_floor & !(m.stairs[x] | m.item[x]);
        }
        for x in 0..WIDTH {
            for y in set_bits(m.touched[x]) {
                let flag = |columns: &Columns, flag: u8| flag * ((columns[x] >> y) & 1) as u8;
                self.tiles.spawn[(x * HEIGHT + y) % TILES] = flag(&m.stairs, SPAWN_STAIRS)
                    | flag(&m.item, SPAWN_ITEM)
                    | flag(&m.trap, SPAWN_TRAP)
                    | flag(&m.monster, SPAWN_MONSTER)
                    | flag(&m.special, SPAWN_SPECIAL);
            }
        }
    }
}

/// The entries that `ShuffleSpawnPositions` on the list 0..len, given its 4 x len `draws`,
/// leaves at positions `start`, `start + 1`, ... (mod len), one per slot of `entries` (at most
/// len of them).
///
/// Usually only a few positions are read, so the shuffle is not run: each read position is
/// traced back through the swaps instead (see [`trace_back_through_swaps`]). Longer prefixes
/// run the 2 x len swaps on `area`, a power-of-two array where a masked index needs no bounds
/// check (the mask never changes an index, which is always below len).
fn shuffled_entries(
    draws: &[u16],
    start: usize,
    entries: &mut [u16],
    slots: &mut TraceSlots,
    area: &mut [u16; SHUFFLE_AREA],
) {
    let len = draws.len() / 4;
    if len == 0 {
        return;
    }
    if entries.len() <= TRACED_MAX {
        for (position, read) in entries.iter_mut().zip(read_positions(start, len)) {
            *position = read as u16;
        }
        trace_back_through_swaps(draws, entries, slots);
        return;
    }
    area[..len].copy_from_slice(&IDENTITY[..len]);
    for pair in draws.chunks_exact(2) {
        let a = usize::from(pair[0]) & (SHUFFLE_AREA - 1);
        let b = usize::from(pair[1]) & (SHUFFLE_AREA - 1);
        area.swap(a, b);
    }
    for (entry, read) in entries.iter_mut().zip(read_positions(start, len)) {
        *entry = area[read % SHUFFLE_AREA];
    }
}

/// The list positions `start`, `start + 1`, ... modulo `len` (not 0), endlessly: one division
/// for the first, then a wrap test per position.
fn read_positions(start: usize, len: usize) -> impl Iterator<Item = usize> {
    std::iter::successors(Some(start % len), move |&position| {
        Some(if position + 1 == len { 0 } else { position + 1 })
    })
}

/// Most read positions [`traced_entries`] handles: each costs one vector compare per block of
/// 16 draws. More go through [`shuffled_entries`].
const LOOKED_UP_MAX: usize = 16;

/// The entries that `ShuffleSpawnPositions` on the list 0..len leaves at positions `start`,
/// `start + 1`, ... (mod len), one per slot of `entries` (at most [`LOOKED_UP_MAX`], at most
/// len), where `shuffle` is the game PRNG about to make the shuffle's 4 x len draws.
///
/// Like [`trace_back_through_swaps`], but the draws are never stored: the PRNG steps them
/// backwards in vector lanes and undoes only the swaps that name a traced position
/// ([`rng::DungeonRng::trace_swaps_back`]).
fn traced_entries(shuffle: &rng::DungeonRng, len: usize, start: usize, entries: &mut [u16]) {
    if len == 0 {
        return;
    }
    for (position, read) in entries.iter_mut().zip(read_positions(start, len)) {
        *position = read as u16;
    }
    // The compare count is a constant of the scan: exact for the usual counts (the std
    // floor's lists take 2 to 8), else rounded up.
    match entries.len() {
        0 => {}
        1 => trace_reversed::<1>(shuffle, len, entries),
        2 => trace_reversed::<2>(shuffle, len, entries),
        3 => trace_reversed::<3>(shuffle, len, entries),
        4 => trace_reversed::<4>(shuffle, len, entries),
        5 => trace_reversed::<5>(shuffle, len, entries),
        6 => trace_reversed::<6>(shuffle, len, entries),
        7..=8 => trace_reversed::<8>(shuffle, len, entries),
        _ => trace_reversed::<16>(shuffle, len, entries),
    }
}

/// [`traced_entries`] with the positions compared `K` at a time (`traced` holds 1..=K).
fn trace_reversed<const K: usize>(shuffle: &rng::DungeonRng, len: usize, traced: &mut [u16]) {
    // Unused compares look for u16::MAX, never a draw (draws are below len <= TILES).
    let mut positions = [u16::MAX; K];
    for (slot, &position) in positions.iter_mut().zip(traced.iter()) {
        *slot = position;
    }
    // len <= TILES < 65536: RandInt(len) is the 16-bit form; the draws pair up as swaps.
    shuffle.trace_swaps_back(len as u16, 4 * len, &mut positions);
    for (position, &traced_back) in traced.iter_mut().zip(positions.iter()) {
        *position = traced_back;
    }
}

/// Most list positions [`Generator::place`] traces back (a [`TraceSlots`] entry is a `u8`);
/// longer prefixes run the whole shuffle.
const TRACED_MAX: usize = u8::MAX as usize;
/// Draws tested at once for naming a traced position: 4 swaps.
const DRAW_BLOCK: usize = 8;

/// For every possible draw value, which traced position (1-based, 0 for none) currently sits
/// there during a trace: indexed by a `u16` draw, so no index needs a bounds check. All zero
/// between traces.
pub(crate) type TraceSlots = [u8; 1 << 16];

/// Undoes the swaps of `draws` (pairs of list positions, swapped in order) on the `traced`
/// positions, last swap first: each traced position ends where its entry was before the
/// shuffle, so the shuffled list holds entry `traced[i]` at the i-th traced position.
///
/// Draws rarely name a traced position (about `traced.len() / len` each), so a block of
/// draws is first tested with one table read per draw, and only a block that names one is
/// undone swap by swap. `slots` is all zero before and after.
fn trace_back_through_swaps(draws: &[u16], traced: &mut [u16], slots: &mut TraceSlots) {
    for (i, &position) in traced.iter().enumerate() {
        // At most TRACED_MAX (255) positions: slot i + 1 fits.
        slots[usize::from(position)] = (i + 1) as u8;
    }
    // The draw count is a multiple of 4, so blocks from the end hold whole pairs.
    let mut blocks = draws.rchunks_exact(DRAW_BLOCK);
    for block in &mut blocks {
        let named = block
            .iter()
            .fold(0, |named, &draw| named | slots[usize::from(draw)]);
        if named != 0 {
            undo_swaps(block, traced, slots);
        }
    }
    undo_swaps(blocks.remainder(), traced, slots);
    for &position in traced.iter() {
        slots[usize::from(position)] = 0;
    }
}

/// Undoes the swaps of `pairs` on the traced positions, last first (see
/// [`trace_back_through_swaps`]). Kept out of line: it runs on few blocks, and inlined it
/// makes the block test keep every draw of the block for it.
#[inline(never)]
fn undo_swaps(pairs: &[u16], traced: &mut [u16], slots: &mut TraceSlots) {
    for pair in pairs.chunks_exact(2).rev() {
        let (a, b) = (pair[0], pair[1]);
        let (at_a, at_b) = (slots[usize::from(a)], slots[usize::from(b)]);
        if at_a | at_b == 0 {
            continue;
        }
        // Before this swap, what is at a was at b and the other way round.
        slots[usize::from(a)] = at_b;
        slots[usize::from(b)] = at_a;
        if let Some(position) = traced.get_mut(usize::from(at_a).wrapping_sub(1)) {
            *position = b;
        }
        if let Some(position) = traced.get_mut(usize::from(at_b).wrapping_sub(1)) {
            *position = a;
        }
    }
}

/// The list positions 0..SHUFFLE_AREA, copied in before each shuffle.
static IDENTITY: [u16; SHUFFLE_AREA] = {
    let mut identity = [0u16; SHUFFLE_AREA];
    let mut i = 0;
    while i < SHUFFLE_AREA {
        identity[i] = i as u16;
        i += 1;
    }
    identity
};

#[allow(dead_code)]
const _: () = assert!(TILES <= u16::MAX as usize);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::Tile;
    use crate::{preset, Quirks, PRESET_NAMES};

    /// The traced `entries` are the list's entries read from `start` on, and the slot table
    /// (empty where the trace has none) is left clean for the next trace.
    fn assert_traced(list: &[u16], start: usize, entries: &[u16], slots: &[u8], round: usize) {
        let len = list.len();
        for (i, entry) in entries.iter().enumerate() {
            assert_eq!(
                list[(start + i) % len],
                *entry,
                "round {round} len {len} used {}",
                entries.len()
            );
        }
        assert!(
            slots.iter().all(|&slot| slot == 0),
            "round {round}: slots left set"
        );
    }

    /// The entries read after the shuffle, traced back or (for long prefixes) shuffled,
    /// are those of running the whole shuffle, for list lengths from 1 to a whole floor and
    /// read prefixes from 1 to the whole list.
    #[test]
    fn shuffled_entries_match_the_full_shuffle() {
        use rng::Rand16;
        let mut rng = rng::DungeonRng::init(0x7EACE);
        let mut slots = Box::new([0u8; 1 << 16]);
        let mut area = Box::new([0u16; SHUFFLE_AREA]);
        let mut draws = vec![0u16; 4 * TILES];
        let mut entries = vec![0u16; TILES];
        let (mut traced, mut shuffled) = (0, 0);
        for round in 0..3000usize {
            let len = match round % 4 {
                0 => 1 + round % 9,
                1 => 1 + rng.rand_int(64) as usize,
                _ => 1 + rng.rand_int(TILES as i32) as usize,
            };
            let draws = &mut draws[..4 * len];
            rng.fill_rand_int(len as u16, draws);
            let mut list: Vec<u16> = (0..len as u16).collect();
            for pair in draws.chunks_exact(2) {
                list.swap(usize::from(pair[0]), usize::from(pair[1]));
            }
            let start = rng.rand_int(len as i32) as usize;
            let used = match round % 3 {
                0 => 1 + rng.rand_int(20) as usize,
                1 => TRACED_MAX - 2 + rng.rand_int(5) as usize,
                _ => 1 + rng.rand_int(len as i32) as usize,
            }
            .min(len);
            let entries = &mut entries[..used];
            shuffled_entries(draws, start, entries, &mut slots, &mut area);
            assert_traced(&list, start, entries, &slots[..], round);
            if used <= TRACED_MAX {
                traced += 1;
            } else {
                shuffled += 1;
            }
        }
        assert!(
            traced > 1000 && shuffled > 300,
            "{traced} traced, {shuffled} shuffled"
        );
    }

    /// The entries traced through the PRNG's reversed scan are those of running the whole
    /// shuffle, for list lengths from 1 to a whole floor, every prefix it handles, and every
    /// generator.
    #[test]
    fn traced_entries_match_the_full_shuffle() {
        use rng::Rand16;
        let mut picks = rng::DungeonRng::init(0x5EED);
        let mut entries = [0u16; LOOKED_UP_MAX];
        for round in 0..4000usize {
            let len = match round % 4 {
                0 => 1 + round % 9,
                1 => 1 + picks.rand_int(64) as usize,
                _ => 1 + picks.rand_int(TILES as i32) as usize,
            };
            let mut shuffle = rng::DungeonRng::init(picks.rand_int(1 << 15) as u32 * 65_537);
            if round % 5 == 4 {
                shuffle.use_secondary(round / 5 % 5);
            }
            let before = shuffle.clone();
            let mut list: Vec<u16> = (0..len as u16).collect();
            for _ in 0..2 * len {
                let a = shuffle.rand_int(len as i32) as usize;
                let b = shuffle.rand_int(len as i32) as usize;
                list.swap(a, b);
            }
            let start = shuffle.rand_int(len as i32) as usize;
            let used = (1 + round % LOOKED_UP_MAX).min(len);
            let entries = &mut entries[..used];
            traced_entries(&before, len, start, entries);
            assert_traced(&list, start, entries, &[], round);
        }
    }

    /// [`column_bits`] from the byte-by-byte masks only.
    fn column_bits_portable(
        terrain: &[u8; HEIGHT],
        rooms: &[u8; HEIGHT],
        flags: &[u16; HEIGHT],
        spawns: &[u8; HEIGHT],
    ) -> ColumnBits {
        use crate::columns::scalar;
        let floor = scalar::eq_mask(terrain, Terrain::Floor as u8);
        ColumnBits {
            floor,
            wall: scalar::eq_mask(terrain, Terrain::Wall as u8),
            room: floor & !scalar::eq_mask(rooms, NO_ROOM),
            marked: !scalar::eq_mask(spawns, 0) | area_flag_mask_scalar(flags),
        }
    }

    /// The running counts and the total of a candidate mask, on the CPU's path (`popcnt` where
    /// it has it) and on the baseline path, equal a bit-by-bit count, for empty, full and random
    /// masks of every density.
    /// `Ranked::tile` gives the tiles of a mask in x-outer order: entry i is the i-th set bit,
    /// over masks with empty columns, full ones and single tiles.
    #[test]
    fn ranked_tiles_are_the_set_bits_in_order() {
        use rng::Rand16;
        let mut rng = rng::DungeonRng::init(0x7A2C);
        for round in 0..400 {
            let columns: Columns = std::array::from_fn(|_| match rng.rand_int(4) {
                0 => 0,
                1 => u32::MAX,
                2 => 1 << rng.rand_int(32),
                _ => u32::from(rng.next_u16()) << 16 | u32::from(rng.next_u16()),
            });
            let want: Vec<usize> = (0..TILES)
                .filter(|&at| columns[at / HEIGHT] >> (at % HEIGHT) & 1 == 1)
                .collect();
            let ranked = Ranked::new(columns);
            assert_eq!(ranked.len(), want.len(), "round {round}");
            for (ordinal, &at) in want.iter().enumerate() {
                assert_eq!(ranked.tile(ordinal), at, "round {round} ordinal {ordinal}");
                let plain = ranked.tile_in(ordinal, without_lowest);
                assert_eq!(plain, at, "round {round} ordinal {ordinal} plain");
            }
        }
    }

    #[test]
    fn running_counts_and_tile_count_paths_agree() {
        use rng::Rand16;
        let mut rng = rng::DungeonRng::init(0xC0C0);
        for round in 0..3000u32 {
            let columns: Columns = std::array::from_fn(|_| {
                let bits = u32::from(rng.next_u16()) << 16 | u32::from(rng.next_u16());
                match round % 4 {
                    0 => bits,
                    1 => bits & u32::from(rng.next_u16()) << (round % 17),
                    2 => bits | u32::from(rng.next_u16()),
                    _ => [0, u32::MAX][(round / 4 % 2) as usize],
                }
            });
            let mut expected = [0u16; WIDTH + 1];
            for x in 0..WIDTH {
                let count = (0..HEIGHT).filter(|&y| columns[x] >> y & 1 == 1).count();
                expected[x + 1] = expected[x] + count as u16;
            }
            assert_eq!(running_counts(&columns), expected, "round {round}");
            assert_eq!(running_counts_portable(&columns), expected, "round {round}");
            let total = u32::from(expected[WIDTH]);
            assert_eq!(tile_count(&columns), total, "round {round}");
            assert_eq!(tile_count_portable(&columns), total, "round {round}");
        }
    }

    /// The SSE2 column masks, and the whole floor's on the CPU's path (AVX2 where it has it),
    /// equal the portable ones on every column of floors of every preset and layout (where the
    /// vector paths exist; elsewhere the portable one is the only one).
    #[test]
    fn column_bits_paths_agree() {
        let mut generator = Generator::new();
        let mut columns = 0;
        for name in PRESET_NAMES {
            let mut props = preset(name).expect("shipped preset");
            for layout in 0..12u8 {
                props.layout = layout;
                for seed in 0..20 {
                    generator.generate(&props, Quirks::Faithful, seed);
                    let tiles = &generator.tiles;
                    let every = every_column_bits(tiles);
                    assert_eq!(
                        every,
                        every_column_bits_portable(tiles),
                        "{name} {layout} {seed}"
                    );
                    for x in 0..WIDTH {
                        let at = x * HEIGHT..(x + 1) * HEIGHT;
                        let terrain: [u8; HEIGHT] =
                            std::array::from_fn(|y| tiles.terrain[x * HEIGHT + y] as u8);
                        let rooms: &[u8; HEIGHT] =
                            tiles.room[at.clone()].try_into().expect("a column");
                        let flags: &[u16; HEIGHT] =
                            tiles.flags[at.clone()].try_into().expect("a column");
                        let spawns: &[u8; HEIGHT] = tiles.spawn[at].try_into().expect("a column");
                        let portable = column_bits_portable(&terrain, rooms, flags, spawns);
                        let chosen = column_bits(&terrain, rooms, flags, spawns);
                        assert_eq!(chosen, portable, "{name} {layout} {seed} column {x}");
                        let of_floor = ColumnBits {
                            floor: every.floor[x],
                            wall: every.wall[x],
                            room: every.room[x],
                            marked: every.marked[x],
                        };
                        assert_eq!(of_floor, portable, "{name} {layout} {seed} column {x}");
                        columns += usize::from(portable.marked != 0);
                    }
                }
            }
        }
        assert!(columns > 1000, "only {columns} columns with flags");
    }

    /// The spawn masks take the frame as the only impassable and unbreakable tiles: check it
    /// on every preset and every layout.
    #[test]
    fn only_the_frame_is_impassable_or_unbreakable() {
        let mut generator = Generator::new();
        for name in PRESET_NAMES {
            let mut props = preset(name).expect("shipped preset");
            for layout in 0..12u8 {
                props.layout = layout;
                for seed in 0..40 {
                    generator.generate(&props, Quirks::Faithful, seed);
                    for (at, &flags) in generator.tiles.flags.iter().enumerate() {
                        let tile = Tile {
                            flags,
                            ..Tile::WALL
                        };
                        let frame = FRAME_COLUMNS[at / HEIGHT] >> (at % HEIGHT) & 1 == 1;
                        assert_eq!(tile.has(F_IMPASSABLE), frame, "{name} {layout} {seed}");
                        assert_eq!(tile.has(F_UNBREAKABLE), frame, "{name} {layout} {seed}");
                    }
                }
            }
        }
    }
}
