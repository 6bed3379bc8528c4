//! The generated floor as a plain value ([`Map`]): terrain, room index and spawn flags per tile,
//! the rooms with their bounds, the player and stairs, the draws consumed. Renders as ASCII with
//! the glyphs of the reference maps and serializes to JSON.

use std::fmt::Write as _;

use serde::Serialize;

use crate::generator::{Counts, Generator};
use crate::tile::{
    Terrain, FIRST_HALLWAY_INDEX, F_CORNER_CUTTABLE, F_IN_MONSTER_HOUSE, F_IN_SHOP, HEIGHT,
    SPAWN_ITEM, SPAWN_MONSTER, SPAWN_STAIRS, SPAWN_TRAP, WIDTH,
};

/// Map flag: the tile is in a Kecleon shop.
pub const MAP_SHOP: u8 = 1 << 0;
/// Map flag: the tile is in a monster house.
pub const MAP_MONSTER_HOUSE: u8 = 1 << 1;
/// Map flag: the secondary terrain of an island moat, which the game's reachability check lets
/// walkers cross (it is corner-cuttable).
pub const MAP_MOAT: u8 = 1 << 2;

/// A room of the finished floor: its index and the bounding box of its floor tiles
/// (`x0..x1`, `y0..y1`, ends exclusive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Room {
    /// The room index stored in its tiles.
    pub index: u8,
    /// First column.
    pub x0: u8,
    /// First row.
    pub y0: u8,
    /// One past the last column.
    pub x1: u8,
    /// One past the last row.
    pub y1: u8,
}

/// One generated floor. Tile vectors are row-major: tile (x, y) is at `y * 56 + x`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Map {
    /// The seed given to `InitDungeonRng`.
    pub seed: u32,
    /// Width in tiles (56).
    pub width: usize,
    /// Height in tiles (32).
    pub height: usize,
    /// Terrain per tile.
    pub terrain: Vec<Terrain>,
    /// Room index per tile (0xFF: no room; 0xF0 and above count as hallway).
    pub room_index: Vec<u8>,
    /// Spawn flags per tile: bit 0 stairs, 1 item, 2 trap, 3 enemy.
    pub spawns: Vec<u8>,
    /// Area flags per tile: bit 0 Kecleon shop, 1 monster house, 2 island moat.
    pub areas: Vec<u8>,
    /// Rooms with at least one floor tile, by index.
    pub rooms: Vec<Room>,
    /// Player spawn.
    pub player: Option<(u8, u8)>,
    /// Stairs.
    pub stairs: Option<(u8, u8)>,
    /// Hidden stairs.
    pub hidden_stairs: Option<(u8, u8)>,
    /// Layout attempts in the last spawn pass.
    pub attempts: u8,
    /// Whether the one-room monster-house fallback was used.
    pub fallback: bool,
    /// 16-bit RNG draws consumed.
    pub draws: u64,
    /// Tile counts.
    #[serde(skip)]
    pub counts: Counts,
}

impl Generator {
    /// The last generated floor as a [`Map`].
    pub fn map(&self) -> Map {
        let mut map = Map::empty();
        self.fill_map(&mut map);
        map
    }

    /// Writes the last generated floor into `map`, reusing its buffers (no allocation once
    /// they have grown to size): the form for batch loops.
    pub fn fill_map(&self, map: &mut Map) {
        let outcome = *self.outcome();
        map.seed = outcome.seed;
        map.width = WIDTH;
        map.height = HEIGHT;
        map.player = outcome.player;
        map.stairs = outcome.stairs;
        map.hidden_stairs = outcome.hidden_stairs;
        map.attempts = outcome.attempts;
        map.fallback = outcome.fallback;
        map.draws = outcome.draws;
        map.counts = self.counts();
        map.terrain.clear();
        map.room_index.clear();
        map.spawns.clear();
        map.areas.clear();
        map.rooms.clear();
        let mut bounds = [None::<Room>; 256];
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let tile = self.tile_at(x, y);
                map.terrain.push(tile.terrain);
                map.room_index.push(tile.room);
                map.spawns
                    .push(tile.spawn & (SPAWN_STAIRS | SPAWN_ITEM | SPAWN_TRAP | SPAWN_MONSTER));
                map.areas.push(area_flags(tile.flags));
                if tile.terrain == Terrain::Floor && tile.room < FIRST_HALLWAY_INDEX {
                    let (x, y) = (x as u8, y as u8);
                    let room = bounds[usize::from(tile.room)].get_or_insert(Room {
                        index: tile.room,
                        x0: x,
                        y0: y,
                        x1: x + 1,
                        y1: y + 1,
                    });
                    room.x0 = room.x0.min(x);
                    room.y0 = room.y0.min(y);
                    room.x1 = room.x1.max(x + 1);
                    room.y1 = room.y1.max(y + 1);
                }
            }
        }
        map.rooms.extend(bounds.iter().flatten().copied());
    }

    /// Writes the last floor as 32 lines of 56 glyphs (see [`glyph`]), allocation-free.
    pub fn write_ascii(&self, out: &mut String) {
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let tile = self.tile_at(x, y);
                let at = Some((x as u8, y as u8));
                out.push(glyph(
                    tile.terrain,
                    tile.room,
                    tile.spawn,
                    area_flags(tile.flags),
                    at == self.outcome().player,
                ));
            }
            out.push('\n');
        }
    }
}

fn area_flags(flags: u16) -> u8 {
    let mut area = 0;
    if flags & F_IN_SHOP != 0 {
        area |= MAP_SHOP;
    }
    if flags & F_IN_MONSTER_HOUSE != 0 {
        area |= MAP_MONSTER_HOUSE;
    }
    if flags & F_CORNER_CUTTABLE != 0 {
        area |= MAP_MOAT;
    }
    area
}

/// The glyph of one tile: `#` wall, `~` secondary terrain, `*` an item buried in a wall; on
/// floor, the last that applies of `.`/`,` (room/hallway), `H`, `K`, `m`, `$`, `^`, `@`, `>`.
pub fn glyph(terrain: Terrain, room: u8, spawn: u8, area: u8, player: bool) -> char {
    match terrain {
        Terrain::Wall if spawn & SPAWN_ITEM != 0 => '*',
        Terrain::Wall => '#',
        Terrain::Secondary => '~',
        Terrain::Floor => {
            if spawn & SPAWN_STAIRS != 0 {
                '>'
            } else if player {
                '@'
            } else if spawn & SPAWN_TRAP != 0 {
                '^'
            } else if spawn & SPAWN_ITEM != 0 {
                '$'
            } else if spawn & SPAWN_MONSTER != 0 {
                'm'
            } else if area & MAP_SHOP != 0 {
                'K'
            } else if area & MAP_MONSTER_HOUSE != 0 {
                'H'
            } else if room >= FIRST_HALLWAY_INDEX {
                ','
            } else {
                '.'
            }
        }
    }
}

impl Map {
    /// An empty map with its buffers allocated, to be filled by [`Generator::fill_map`].
    pub fn empty() -> Map {
        Map {
            seed: 0,
            width: WIDTH,
            height: HEIGHT,
            terrain: Vec::with_capacity(WIDTH * HEIGHT),
            room_index: Vec::with_capacity(WIDTH * HEIGHT),
            spawns: Vec::with_capacity(WIDTH * HEIGHT),
            areas: Vec::with_capacity(WIDTH * HEIGHT),
            rooms: Vec::with_capacity(64),
            player: None,
            stairs: None,
            hidden_stairs: None,
            attempts: 0,
            fallback: false,
            draws: 0,
            counts: Counts::default(),
        }
    }

    /// The 32 lines of 56 glyphs, each ending in a newline.
    pub fn to_ascii(&self) -> String {
        let mut out = String::with_capacity((WIDTH + 1) * HEIGHT);
        for y in 0..HEIGHT {
            for x in 0..WIDTH {
                let at = y * WIDTH + x;
                let player = self.player == Some((x as u8, y as u8));
                out.push(glyph(
                    self.terrain[at],
                    self.room_index[at],
                    self.spawns[at],
                    self.areas[at],
                    player,
                ));
            }
            out.push('\n');
        }
        out
    }

    /// The vectors' header figures: `rooms=.. floor=.. hall=.. water=.. fallback=.. attempts=..
    /// rng_calls=..`.
    pub fn summary(&self) -> String {
        let mut line = String::new();
        let c = self.counts;
        let _ = write!(
            line,
            "rooms={} floor={} hall={} water={} fallback={} attempts={} rng_calls={}",
            c.rooms,
            c.floor,
            c.hallway,
            c.secondary,
            u8::from(self.fallback),
            self.attempts,
            self.draws
        );
        line
    }
}
