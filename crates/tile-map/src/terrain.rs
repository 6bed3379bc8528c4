//! Passes over the finished layout: junctions (`FinalizeJunctions`) and secondary terrain
//! (`GenerateSecondaryTerrainFormations`: rivers, their lakes, standalone lakes, the clean-up).

use crate::columns::{eq_mask, set_bits, terrain_bytes};
use crate::generator::Generator;
use crate::props::{FloorProperties, Quirks};
use crate::tile::{
    in_bounds, Terrain, Tile, Tiles, ANCHOR_ROOM, F_IMPASSABLE, F_IN_MONSTER_HOUSE, F_IN_SHOP,
    F_JUNCTION, F_UNBREAKABLE, HEIGHT, NO_ROOM, SPAWN_STAIRS, TILES, WIDTH,
};

const W: i32 = WIDTH as i32;
const H: i32 = HEIGHT as i32;

/// The tiles of a standalone lake from its 80 pairs of `rand_int(8)` draws (x then y): bit
/// `8 * (x - 1) + (y - 1)` for the lake tile at (`x`, `y`) of the game's 10 x 10 table.
///
/// The game's table is true on its rim; each pair picks an inner tile (`x`, `y` = draws + 1),
/// which turns true when one of its four neighbours is true; the inner tiles still false are
/// the lake. Only the 8 x 8 inner tiles change, so they fit one `u64`, and the chain from one
/// pair to the next is a single bit test of `near`, the inner tiles next to a true one.
fn standalone_lake(mut rand_int_8: impl FnMut() -> u16) -> u64 {
    // The first and last inner columns and rows touch the rim.
    let mut near: u64 = 0xFF00_0000_0000_00FF | 0x8181_8181_8181_8181;
    let mut grown = 0u64;
    for _ in 0..80 {
        let x = usize::from(rand_int_8() & 7);
        let bit = x * 8 + usize::from(rand_int_8() & 7);
        // All ones when the tile is next to a true one, else zero: no branch.
        let hit = 0u64.wrapping_sub((near >> bit) & 1);
        grown |= 1 << bit & hit;
        near |= LAKE_NEIGHBOURS[bit % 64] & hit;
    }
    !grown
}

/// For each inner lake tile (bit of [`standalone_lake`]), its inner neighbours: the
/// neighbouring columns are whole bytes away, the rows one bit away within a byte.
const LAKE_NEIGHBOURS: [u64; 64] = {
    const FIRST_ROW: u64 = 0x0101_0101_0101_0101;
    const LAST_ROW: u64 = 0x8080_8080_8080_8080;
    let mut neighbours = [0; 64];
    let mut bit = 0;
    while bit < 64 {
        let tile = 1u64 << bit;
        neighbours[bit] =
            tile << 8 | tile >> 8 | (tile << 1 & !FIRST_ROW) | (tile >> 1 & !LAST_ROW);
        bit += 1;
    }
    neighbours
};

/// What the junction scan needs of one column.
#[derive(Clone, Copy)]
struct JunctionColumn {
    /// Floor in no room.
    hallway: u32,
    /// Any room index but `NO_ROOM` (anchors included), whatever the terrain.
    in_room: u32,
    /// In a room as the scan sees the column once it has passed it: floor anchors are
    /// hallways by then.
    scanned_room: u32,
    /// Anchors that are not floor.
    stray_anchors: u32,
}

impl JunctionColumn {
    /// Beyond the floor's edge.
    const OUTSIDE: JunctionColumn = JunctionColumn {
        hallway: 0,
        in_room: 0,
        scanned_room: 0,
        stray_anchors: 0,
    };

    /// From a column's floor, not-`NO_ROOM` and anchor masks.
    #[inline(always)]
    fn new(floor: u32, room: u32, anchor: u32) -> JunctionColumn {
        JunctionColumn {
            hallway: floor & !room,
            in_room: room,
            scanned_room: room & !(anchor & floor),
            stray_anchors: anchor & !floor,
        }
    }
}

/// The mask scan of [`Generator::finalize_junctions`], over `column(0)`, `column(1)`, ...:
/// writes the junction columns to `junctions` and returns the stray anchors (anchors that
/// are not floor) over all columns; if there are any, the junctions are not the game's.
///
/// A column's junctions are final once the next column is scanned (its hallways may mark
/// to the left), so the scan carries them, and the columns on both sides, in registers.
#[inline(always)]
fn scan_junctions(
    mut column: impl FnMut(usize) -> JunctionColumn,
    junctions: &mut [u32; WIDTH],
) -> u32 {
    let mut left = JunctionColumn::OUTSIDE;
    let mut current = column(0);
    let (mut stray_anchors, mut marked_left, mut marked) = (current.stray_anchors, 0, 0);
    for x in 0..WIDTH {
        let right = if x + 1 < WIDTH {
            column(x + 1)
        } else {
            JunctionColumn::OUTSIDE
        };
        stray_anchors |= right.stray_anchors;
        // Only hallway tiles mark junctions, each its first neighbour in a room among left,
        // up, down and right.
        let mut open = current.hallway;
        let from_left = open & left.scanned_room;
        open &= !from_left;
        let from_up = open & current.scanned_room << 1;
        open &= !from_up;
        let from_down = open & current.in_room >> 1;
        open &= !from_down;
        let from_right = open & right.in_room;
        if x > 0 {
            junctions[x - 1] = marked_left | from_left;
        }
        marked_left = marked | from_up >> 1 | from_down << 1;
        marked = from_right;
        (left, current) = (current, right);
    }
    junctions[WIDTH - 1] = marked_left;
    stray_anchors
}

/// [`Generator::finalize_junctions`] on AVX2: one load and one compare per column and mask
/// for the scan, and a few vector operations per column for the marks, where loops over
/// set bits had a mispredicted exit per column. False (nothing changed but `junctions`)
/// where a stray anchor leaves the floor to the tile-by-tile scan.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[target_feature(enable = "avx2")]
fn finalize_junctions_avx2(tiles: &mut Tiles, junctions: &mut [u32; WIDTH]) -> bool {
    use crate::columns::wide::{eq_mask, load};
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi8, _mm256_cvtepi8_epi16,
        _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_set1_epi16,
        _mm256_set1_epi32, _mm256_set1_epi64x, _mm256_set1_epi8, _mm256_setr_epi8,
        _mm256_shuffle_epi8, _mm256_storeu_si256,
    };
    let floor_byte = _mm256_set1_epi8(Terrain::Floor as i8);
    let no_room = _mm256_set1_epi8(NO_ROOM as i8);
    let anchor = _mm256_set1_epi8(ANCHOR_ROOM as i8);
    let secondary = _mm256_set1_epi8(Terrain::Secondary as i8);
    let stray_anchors = scan_junctions(
        |x| {
            let Some((terrain, rooms)) = tiles.column(x) else {
                return JunctionColumn::OUTSIDE;
            };
            let (terrain, rooms) = (load(&terrain_bytes(terrain)), load(rooms));
            JunctionColumn::new(
                eq_mask(terrain, floor_byte),
                !eq_mask(rooms, no_room),
                eq_mask(rooms, anchor),
            )
        },
        junctions,
    );
    if stray_anchors != 0 {
        return false;
    }
    // Byte y of a column's bits spread over a vector: byte y / 8 of the mask (every 32-bit
    // lane holds the mask, and the shuffle stays within 128-bit halves), then bit y % 8.
    let byte_of_bit = _mm256_setr_epi8(
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3,
        3, 3,
    );
    let bit_in_byte = _mm256_set1_epi64x(0x8040_2010_0804_0201_u64 as i64);
    let junction_flag = _mm256_set1_epi16(F_JUNCTION as i16);
    for (x, &column) in junctions.iter().enumerate() {
        let at = x * HEIGHT;
        let (Some(terrain), Some(room), Some(flags)) = (
            tiles
                .terrain
                .get(at..)
                .and_then(<[Terrain]>::first_chunk::<HEIGHT>),
            tiles
                .room
                .get_mut(at..)
                .and_then(<[u8]>::first_chunk_mut::<HEIGHT>),
            tiles
                .flags
                .get_mut(at..)
                .and_then(<[u16]>::first_chunk_mut::<HEIGHT>),
        ) else {
            continue;
        };
        // Secondary terrain at a junction is rare: those few tiles one by one.
        let to_floor = column & eq_mask(load(&terrain_bytes(terrain)), secondary);
        // Anchors (all floor: no stray anchor) become hallway tiles; ANCHOR_ROOM | 1 is
        // NO_ROOM.
        let rooms = load(room);
        let rooms = _mm256_or_si256(rooms, _mm256_cmpeq_epi8(rooms, anchor));
        let spread = _mm256_shuffle_epi8(_mm256_set1_epi32(column as i32), byte_of_bit);
        let junction = _mm256_cmpeq_epi8(_mm256_and_si256(spread, bit_in_byte), bit_in_byte);
        let (low, high) = flags.split_at_mut(HEIGHT / 2);
        let low_bits = _mm256_cvtepi8_epi16(_mm256_castsi256_si128(junction));
        let high_bits = _mm256_cvtepi8_epi16(_mm256_extracti128_si256::<1>(junction));
        #[allow(unsafe_code)]
        // SAFETY: `room` is 32 bytes and each half of `flags` 16 u16s (32 bytes), all
        // writable through the `&mut` borrows; the unaligned loads and stores touch exactly
        // those bytes, and this function enables AVX2.
        unsafe {
            _mm256_storeu_si256(room.as_mut_ptr().cast::<__m256i>(), rooms);
            for (half, bits) in [(low, low_bits), (high, high_bits)] {
                let pointer = half.as_mut_ptr().cast::<__m256i>();
                let marked = _mm256_and_si256(bits, junction_flag);
                _mm256_storeu_si256(
                    pointer,
                    _mm256_or_si256(_mm256_loadu_si256(pointer), marked),
                );
            }
        }
        for y in set_bits(to_floor) {
            tiles.terrain[(at + y) % TILES] = Terrain::Floor;
        }
    }
    true
}

impl Generator {
    /// `FinalizeJunctions`: a room tile next to a hallway tile becomes a junction (and loses
    /// secondary terrain); anchors become hallway tiles as the scan reaches them, which is why
    /// some anchors count as junctions and others do not, as in the game.
    ///
    /// Done on column masks. The game scans x-outer and takes the first neighbour in a room
    /// among left, up, down and right; by then the left and upper neighbours are scanned, so
    /// an anchor there already counts as a hallway, while one below or to the right still
    /// counts as a room. Only rooms decide which tiles are hallways and which neighbours are in
    /// a room, and the pass changes terrain only on tiles in a room, so every hallway tile's
    /// choice is known up front. The one case where the order would matter, an anchor that
    /// is not floor (it could turn floor mid-scan), is left to the tile-by-tile scan.
    ///
    /// The junctions are also left as a column mask in the spawn masks: no later pass
    /// changes a junction flag, so the spawn stage takes them from there.
    pub(crate) fn finalize_junctions(&mut self) {
        #[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
        if std::arch::is_x86_feature_detected!("avx2") {
            #[allow(unsafe_code)]
            // SAFETY: `finalize_junctions_avx2` is unsafe to call only because it enables
            // AVX2, and the check just above found that this CPU has AVX2.
            let done =
                unsafe { finalize_junctions_avx2(&mut self.tiles, &mut self.masks.junction) };
            if !done {
                self.finalize_junctions_tile_by_tile();
            }
            return;
        }
        self.finalize_junctions_portable();
    }

    /// [`Generator::finalize_junctions`] by [`crate::columns`] (SSE2 on x86-64, plain loops
    /// elsewhere).
    fn finalize_junctions_portable(&mut self) {
        let tiles = &self.tiles;
        let stray_anchors = scan_junctions(
            |x| {
                let Some((terrain, rooms)) = tiles.column(x) else {
                    return JunctionColumn::OUTSIDE;
                };
                JunctionColumn::new(
                    eq_mask(&terrain_bytes(terrain), Terrain::Floor as u8),
                    !eq_mask(rooms, NO_ROOM),
                    eq_mask(rooms, ANCHOR_ROOM),
                )
            },
            &mut self.masks.junction,
        );
        if stray_anchors != 0 {
            self.finalize_junctions_tile_by_tile();
            return;
        }
        // The scan read only the masks, so the tiles can be marked afterwards. With no stray
        // anchor every anchor is floor, so each one becomes a hallway tile.
        for room in &mut self.tiles.room {
            if *room == ANCHOR_ROOM {
                *room = NO_ROOM;
            }
        }
        for (x, &column) in self.masks.junction.iter().enumerate() {
            for y in set_bits(column) {
                let at = (x * HEIGHT + y) % TILES;
                self.tiles.flags[at] |= F_JUNCTION;
                if self.tiles.terrain[at] == Terrain::Secondary {
                    self.tiles.terrain[at] = Terrain::Floor;
                }
            }
        }
    }

    /// `FinalizeJunctions` tile by tile, in the game's order (also leaving the junction mask).
    pub(crate) fn finalize_junctions_tile_by_tile(&mut self) {
        const STRIDE: usize = HEIGHT;
        self.masks.junction = [0; WIDTH];
        for x in 0..WIDTH {
            for y in 0..HEIGHT {
                let at = x * STRIDE + y;
                if self.tiles.terrain[at] != Terrain::Floor {
                    continue;
                }
                let room = self.tiles.room[at];
                if room == NO_ROOM {
                    let in_room = |i: usize| self.tiles.room[i] != NO_ROOM;
                    let neighbour = if x > 0 && in_room(at - STRIDE) {
                        Some(at - STRIDE)
                    } else if y > 0 && in_room(at - 1) {
                        Some(at - 1)
                    } else if y < HEIGHT - 1 && in_room(at + 1) {
                        Some(at + 1)
                    } else if x < WIDTH - 1 && in_room(at + STRIDE) {
                        Some(at + STRIDE)
                    } else {
                        None
                    };
                    if let Some(i) = neighbour {
                        self.tiles.flags[i] |= F_JUNCTION;
                        self.masks.junction[i / HEIGHT % WIDTH] |= 1 << (i % HEIGHT);
                        if self.tiles.terrain[i] == Terrain::Secondary {
                            self.tiles.terrain[i] = Terrain::Floor;
                        }
                    }
                } else if room == ANCHOR_ROOM {
                    self.tiles.room[at] = NO_ROOM;
                }
            }
        }
    }

    /// `SetSecondaryTerrainOnWall`: only breakable walls turn into secondary terrain.
    fn water_on_wall(&mut self, x: i32, y: i32) {
        if !in_bounds(x, y) {
            return;
        }
        let tile = self.tm(x, y);
        if !tile.has(F_IMPASSABLE) && *tile.terrain == Terrain::Wall {
            *tile.terrain = Terrain::Secondary;
        }
    }

    fn is_water(&self, x: i32, y: i32) -> bool {
        self.t(x, y).terrain == Terrain::Secondary
    }

    /// `GenerateSecondaryTerrainFormations`.
    pub(crate) fn generate_secondary_terrain(&mut self, props: &FloorProperties) {
        if !props.f_secondary_terrain_generation {
            return;
        }
        const RIVER_COUNTS: [i32; 8] = [1, 1, 1, 2, 2, 2, 3, 3];
        let rivers = RIVER_COUNTS[(self.rand_int(8) & 7) as usize];
        for _ in 0..rivers {
            let (mut pt_y, upwards) = if self.rand_int(100) < 50 {
                (H - 1, true)
            } else {
                (0, false)
            };
            let mut dir_y = if upwards { -1 } else { 1 };
            let mut steps_until_lake = self.rand_int(50) + 10;
            let mut pt_x = self.rand_range(2, W - 2);
            let mut dir_x = 0;
            let mut done = false;
            while !done {
                let run = self.rand_int(6) + 2;
                for _ in 0..run {
                    if (0..W).contains(&pt_x) {
                        // Off the top or bottom the game reads a default wall tile.
                        let tile = if in_bounds(pt_x, pt_y) {
                            self.t(pt_x, pt_y)
                        } else {
                            Tile::WALL
                        };
                        if tile.terrain == Terrain::Secondary {
                            done = true;
                            break;
                        }
                        self.water_on_wall(pt_x, pt_y);
                    }
                    pt_x += dir_x;
                    pt_y += dir_y;
                    if !(0..H).contains(&pt_y) {
                        break;
                    }
                    steps_until_lake -= 1;
                    if steps_until_lake != 0 {
                        continue;
                    }
                    self.river_lake(pt_x, pt_y);
                }
                if !done {
                    if dir_x != 0 {
                        dir_y = if upwards { -1 } else { 1 };
                        dir_x = 0;
                    } else {
                        dir_x = if self.rand_int(100) < 50 { -1 } else { 1 };
                        dir_y = 0;
                    }
                }
                if !(0..H).contains(&pt_y) {
                    done = true;
                }
            }
        }

        for _ in 0..props.secondary_terrain_density {
            let mut attempts = 0;
            let (mut rnd_x, mut rnd_y) = (0, 0);
            while attempts < 200 {
                rnd_x = self.rand_int(W);
                rnd_y = self.rand_int(H);
                if (1..W - 1).contains(&rnd_x) && (1..H - 1).contains(&rnd_y) {
                    break;
                }
                attempts += 1;
            }
            if attempts == 200 {
                continue;
            }
            let mut lake = standalone_lake(|| self.rand_int(8) as u16);
            while lake != 0 {
                let bit = lake.trailing_zeros() as i32;
                lake &= lake - 1;
                self.water_on_wall(rnd_x + bit / 8 - 4, rnd_y + bit % 8 - 4);
            }
        }

        // Quirk (faithful): the game clears water from columns 0-1 and 55 and rows 0-1 and 31,
        // so the frame is two tiles thick on the left and top but one on the right and bottom
        // (column 54 and row 30 keep their water). Fixed makes it two tiles on every side.
        let (right_edge, bottom_edge) = match self.quirks {
            Quirks::Faithful => (W - 1, H - 1),
            Quirks::Fixed => (W - 2, H - 2),
        };
        // Only secondary tiles change: visit those, by column mask.
        for x in 0..WIDTH {
            let Some((terrain, _)) = self.tiles.column(x) else {
                continue;
            };
            let water = eq_mask(&terrain_bytes(terrain), Terrain::Secondary as u8);
            for y in set_bits(water) {
                let at = (x * HEIGHT + y) % TILES;
                let flags = self.tiles.flags[at];
                if flags & (F_IN_SHOP | F_IN_MONSTER_HOUSE | F_UNBREAKABLE) != 0
                    || self.tiles.spawn[at] & SPAWN_STAIRS != 0
                {
                    self.tiles.terrain[at] = Terrain::Floor;
                } else if x <= 1 || x as i32 >= right_edge || y <= 1 || y as i32 >= bottom_edge {
                    self.tiles.terrain[at] = Terrain::Wall;
                }
            }
        }
    }

    /// The lake a river forms after its step budget: 64 random tiles near water, then a
    /// smoothing pass over the 7 x 7 square.
    fn river_lake(&mut self, pt_x: i32, pt_y: i32) {
        for _ in 0..64 {
            let target_x = pt_x + self.rand_int(7) - 3;
            let target_y = pt_y + self.rand_int(7) - 3;
            if (2..W - 2).contains(&target_x) && (2..H - 2).contains(&target_y) {
                let near =
                    (-1..2).any(|dx| (-1..2).any(|dy| self.is_water(target_x + dx, target_y + dy)));
                if near {
                    self.water_on_wall(target_x, target_y);
                }
            }
        }
        for ox in -3..4 {
            for oy in -3..4 {
                let (tx, ty) = (pt_x + ox, pt_y + oy);
                if (2..W - 2).contains(&tx) && (2..H - 2).contains(&ty) {
                    let mut adjacent = 0;
                    for dx in -1..2 {
                        for dy in -1..2 {
                            if (dx != 0 || dy != 0) && self.is_water(tx + dx, ty + dy) {
                                adjacent += 1;
                            }
                        }
                    }
                    if adjacent >= 4 {
                        self.water_on_wall(tx, ty);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::TILES;
    use rng::{DungeonRng, Rand16};

    /// The game's 10 x 10 table, column by column as the game fills it: the lake tiles of
    /// `draws` in [`standalone_lake`]'s bit order.
    fn standalone_lake_by_table(draws: &[u16; 160]) -> u64 {
        let mut table = [[false; 10]; 10];
        for (i, row) in table.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                *cell = i == 0 || i == 9 || j == 0 || j == 9;
            }
        }
        for pair in draws.chunks_exact(2) {
            let (x, y) = (usize::from(pair[0]) + 1, usize::from(pair[1]) + 1);
            if table[x - 1][y] || table[x + 1][y] || table[x][y - 1] || table[x][y + 1] {
                table[x][y] = true;
            }
        }
        (0..64).fold(0, |lake, bit| {
            let (x, y) = (bit / 8 + 1, bit % 8 + 1);
            lake | u64::from(!table[x][y]) << bit
        })
    }

    /// The bit-set lake and the game's table agree, on random draws and on draws that stay
    /// in a few rows or columns (which grow long arms).
    #[test]
    fn standalone_lake_matches_the_table() {
        let mut rng = DungeonRng::init(0x1A4E);
        let mut sizes = [0u32; 65];
        for round in 0..20_000 {
            let mut draws = [0u16; 160];
            for (i, draw) in draws.iter_mut().enumerate() {
                *draw = match round % 3 {
                    0 => rng.rand_int(8) as u16,
                    // Columns (even draws) or rows (odd draws) kept to the first two.
                    narrow => (rng.rand_int(8) as u16) >> (u16::from(i % 2 == narrow - 1) * 2),
                };
            }
            let mut next = draws.iter().copied();
            let lake = standalone_lake(|| next.next().unwrap_or(0));
            assert_eq!(lake, standalone_lake_by_table(&draws), "round {round}");
            sizes[lake.count_ones() as usize] += 1;
        }
        // Lakes of many sizes, not all empty or all full.
        assert!(
            sizes.iter().filter(|&&count| count > 0).count() > 20,
            "{sizes:?}"
        );
    }

    /// The mask pass (AVX2 where the CPU has it), its portable path and the game's
    /// tile-by-tile scan leave the same tiles, on random floors of floor, secondary terrain
    /// and walls in rooms, hallways and anchors (including anchors that are not floor, which
    /// the mask pass hands to the scan).
    #[test]
    fn junction_masks_agree_with_the_tile_scan() {
        let mut rng = DungeonRng::init(0x1A7C);
        let (mut masks, mut portable, mut scan) =
            (Generator::new(), Generator::new(), Generator::new());
        let mut stray = 0;
        for round in 0..2000 {
            for at in 0..TILES {
                let terrain = match rng.rand_int(10) {
                    0..=4 => Terrain::Floor,
                    5 => Terrain::Secondary,
                    _ => Terrain::Wall,
                };
                let room = match rng.rand_int(8) {
                    0..=2 => NO_ROOM,
                    3 if round % 2 == 0 || terrain == Terrain::Floor => ANCHOR_ROOM,
                    room => room as u8,
                };
                let tile = Tile {
                    terrain,
                    room,
                    flags: rng.rand_int(4) as u16 & F_IN_SHOP,
                    spawn: 0,
                };
                masks.tiles.set(at, tile);
                portable.tiles.set(at, tile);
                scan.tiles.set(at, tile);
            }
            stray += usize::from((0..TILES).any(|at| {
                scan.tiles.room[at] == ANCHOR_ROOM && scan.tiles.terrain[at] != Terrain::Floor
            }));
            masks.finalize_junctions();
            portable.finalize_junctions_portable();
            scan.finalize_junctions_tile_by_tile();
            for at in 0..TILES {
                let tile = scan.tiles.get(at);
                assert_eq!(masks.tiles.get(at), tile, "round {round} tile {at}");
                assert_eq!(portable.tiles.get(at), tile, "round {round} tile {at}");
            }
            // Both leave the junction flags as a mask.
            let flagged: [u32; WIDTH] = std::array::from_fn(|x| {
                (0..HEIGHT).fold(0, |column, y| {
                    let junction = scan.tiles.flags[x * HEIGHT + y] & F_JUNCTION != 0;
                    column | u32::from(junction) << y
                })
            });
            assert_eq!(masks.masks.junction, flagged, "round {round}");
            assert_eq!(portable.masks.junction, flagged, "round {round}");
            assert_eq!(scan.masks.junction, flagged, "round {round}");
        }
        assert!(stray > 500 && stray < 1500, "{stray}");
    }
}
