//! Spawns (`SpawnNonEnemies`, `SpawnEnemies`, `ResolveInvalidSpawns`): stairs, hidden stairs,
//! items, buried items, monster-house items and traps, traps, the player and enemies.
//!
//! Every list of candidate tiles is collected x-outer, shuffled with 2 x len random swaps and
//! filled from a random start index, wrapping around, as the game does.

use crate::generator::{Generator, SHUFFLE_AREA};
use crate::props::FloorProperties;
use crate::tile::{
    Terrain, Tile, F_IMPASSABLE, F_IN_MONSTER_HOUSE, F_IN_SHOP, F_JUNCTION, F_UNBREAKABLE, HEIGHT,
    NO_ROOM, SPAWN_ITEM, SPAWN_MONSTER, SPAWN_SPECIAL, SPAWN_STAIRS, SPAWN_TRAP, TILES,
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

/// A walkable room tile that spawns may use: open, in a room, not in a shop, not a junction.
fn room_spawn_tile(tile: &Tile) -> bool {
    tile.terrain == Terrain::Floor
        && tile.room != NO_ROOM
        && !tile.has(F_IN_SHOP)
        && !tile.has(F_JUNCTION)
        && !tile.has(F_UNBREAKABLE)
}

impl Generator {
    /// Collects the tiles passing `keep`, x-outer, into the reused spawn list. Every tile is
    /// written to the scratch array and the count advances only for kept ones: no branch on
    /// the (unpredictable) test.
    fn collect(&mut self, keep: impl Fn(usize, &Tile) -> bool) {
        let area = &mut *self.shuffle_area;
        let mut kept = 0usize;
        for (at, tile) in self.tiles.iter().enumerate() {
            // kept <= at < TILES <= SHUFFLE_AREA: the mask never changes the index.
            area[kept & (SHUFFLE_AREA - 1)] = at as u16;
            kept += usize::from(keep(at, tile));
        }
        self.spawn_list.clear();
        self.spawn_list.extend_from_slice(&area[..kept]);
    }

    /// Indexes the open room tiles, x-outer. Spawning never changes terrain or room indices, so
    /// every spawn list that needs an open room tile can filter this short list instead of the
    /// whole floor (same tiles, same order).
    pub(crate) fn index_room_tiles(&mut self) {
        self.room_tiles.clear();
        for (at, tile) in self.tiles.iter().enumerate() {
            if tile.terrain == Terrain::Floor && tile.room != NO_ROOM {
                self.room_tiles.push(at as u16);
            }
        }
    }

    /// Collects the open room tiles passing `keep` into the spawn list (branch-free, as
    /// [`Generator::collect`]).
    fn collect_room_tiles(&mut self, keep: impl Fn(usize, &Tile) -> bool) {
        let area = &mut *self.shuffle_area;
        let mut kept = 0usize;
        for &at in self.room_tiles.iter() {
            area[kept & (SHUFFLE_AREA - 1)] = at;
            let at = usize::from(at);
            kept += usize::from(keep(at, &self.tiles[at]));
        }
        self.spawn_list.clear();
        self.spawn_list.extend_from_slice(&area[..kept]);
    }

    /// `ShuffleSpawnPositions`: 2 x len swaps of two `RandInt(len)` indices. The 4 x len draws
    /// are made in one bulk call (same values, same order) so the LCG chain runs in parallel,
    /// and the swaps run on a power-of-two array where a masked index needs no bounds check
    /// (the mask never changes an index, which is always below len).
    fn shuffle_spawns(&mut self) {
        let len = self.spawn_list.len();
        if len == 0 {
            return;
        }
        let draws = &mut self.draw_buffer[..4 * len];
        // len <= TILES < 65536, so RandInt(len) comes from the bulk 16-bit form.
        self.rng.fill_rand_int(len as u16, draws);
        let area = &mut *self.shuffle_area;
        area[..len].copy_from_slice(&self.spawn_list);
        for pair in draws.chunks_exact(2) {
            let a = usize::from(pair[0]) & (SHUFFLE_AREA - 1);
            let b = usize::from(pair[1]) & (SHUFFLE_AREA - 1);
            area.swap(a, b);
        }
        self.spawn_list.copy_from_slice(&area[..len]);
    }

    /// Shuffles the list and sets `flag` (through `mark`) on `count` entries from a random start.
    fn place(&mut self, count: i32, mut mark: impl FnMut(&mut Generator, usize)) {
        self.shuffle_spawns();
        let len = self.spawn_list.len();
        let mut index = self.rand_int(len as i32) as usize;
        for _ in 0..count {
            let at = usize::from(self.spawn_list[index.min(len - 1)]);
            index += 1;
            if index >= len {
                index = 0;
            }
            mark(self, at);
        }
    }

    fn position(at: usize) -> (u8, u8) {
        ((at / HEIGHT) as u8, (at % HEIGHT) as u8)
    }

    /// `SpawnNonEnemies`.
    pub(crate) fn spawn_non_enemies(&mut self, props: &FloorProperties, empty_monster_house: bool) {
        if self.outcome.stairs.is_none() {
            self.collect(|_, t| {
                room_spawn_tile(t) && !t.spawns(SPAWN_MONSTER) && !t.spawns(SPAWN_SPECIAL)
            });
            if !self.spawn_list.is_empty() {
                let pick = self.rand_int(self.spawn_list.len() as i32) as usize;
                let at = usize::from(self.spawn_list[pick.min(self.spawn_list.len() - 1)]);
                self.spawn_stairs(at, false);
                if props.hidden_stairs_type != 0 {
                    self.spawn_list.remove(pick.min(self.spawn_list.len() - 1));
                    // Hidden stairs use secondary generators 4 (the chance) and 3 (the tile),
                    // then the primary again, so they never change the rest of the floor. No
                    // reference map has hidden stairs: this order is our reading, unverified.
                    self.rng.use_secondary(HIDDEN_STAIRS_CHANCE_GENERATOR);
                    let wanted = self.rand_int(100) < i32::from(props.hidden_stairs_spawn_chance);
                    self.rng.use_primary();
                    if wanted && !self.spawn_list.is_empty() {
                        self.rng.use_secondary(HIDDEN_STAIRS_GENERATOR);
                        let hidden = self.rand_int(self.spawn_list.len() as i32) as usize;
                        self.rng.use_primary();
                        let at =
                            usize::from(self.spawn_list[hidden.min(self.spawn_list.len() - 1)]);
                        self.spawn_stairs(at, true);
                    }
                }
            }
        }

        // Items.
        self.collect_room_tiles(|_, t| room_spawn_tile(t) && !t.has(F_IN_MONSTER_HOUSE));
        if !self.spawn_list.is_empty() {
            let density = i32::from(props.item_density);
            let mut items = density;
            if items != 0 {
                items = self.rand_range(density - 2, density + 2).max(1);
            }
            items += 1;
            if items > 0 {
                self.place(items, |g, at| g.tiles[at].spawn |= SPAWN_ITEM);
            }
        }

        // Buried items, in any wall.
        self.collect(|_, t| t.terrain == Terrain::Wall);
        if !self.spawn_list.is_empty() {
            let density = i32::from(props.buried_item_density);
            let mut buried = density;
            if buried != 0 {
                buried = self.rand_range(density - 2, density + 2);
            }
            if buried > 0 {
                self.place(buried, |g, at| g.tiles[at].spawn |= SPAWN_ITEM);
            }
        }

        // Monster-house items and traps.
        // Only a monster house sets the flag; it may cover tiles that are walls by now.
        if empty_monster_house || !self.status.has_monster_house {
            self.spawn_list.clear();
        } else {
            self.collect(|_, t| {
                !t.has(F_IN_SHOP) && t.has(F_IN_MONSTER_HOUSE) && !t.has(F_JUNCTION)
            });
        }
        if !self.spawn_list.is_empty() {
            let len = self.spawn_list.len() as i32;
            let count = self
                .rand_range(5 * len / 10, 8 * len / 10)
                .clamp(6, MAX_MONSTER_HOUSE_ITEMS);
            self.place(count, |g, at| {
                if g.rand_int(2) == 1 {
                    g.tiles[at].spawn |= SPAWN_ITEM;
                } else {
                    // Traps are allowed: generated floors are outside the story dungeons.
                    g.tiles[at].spawn |= SPAWN_TRAP;
                }
            });
        }

        // Traps.
        self.collect_room_tiles(|_, t| room_spawn_tile(t) && !t.spawns(SPAWN_ITEM));
        if !self.spawn_list.is_empty() {
            let density = i32::from(props.trap_density);
            let traps = self.rand_range(density / 2, density);
            if traps > 0 {
                self.place(traps.min(MAX_TRAPS), |g, at| {
                    g.tiles[at].spawn |= SPAWN_TRAP
                });
            }
        }

        // The player.
        if self.outcome.player.is_none() {
            self.collect_room_tiles(|_, t| {
                room_spawn_tile(t)
                    && !t.spawns(SPAWN_ITEM)
                    && !t.spawns(SPAWN_MONSTER)
                    && !t.spawns(SPAWN_TRAP)
            });
            if !self.spawn_list.is_empty() {
                let pick = self.rand_int(self.spawn_list.len() as i32) as usize;
                let at = usize::from(self.spawn_list[pick.min(self.spawn_list.len() - 1)]);
                self.outcome.player = Some(Self::position(at));
            }
        }
    }

    /// `SpawnStairs` (rescue floors, which turn the stairs room into a monster house, are out of
    /// scope).
    fn spawn_stairs(&mut self, at: usize, hidden: bool) {
        let tile = &mut self.tiles[at];
        tile.spawn &= !SPAWN_ITEM;
        tile.spawn |= SPAWN_STAIRS;
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
        let player = self
            .outcome
            .player
            .map(|(x, y)| usize::from(x) * HEIGHT + usize::from(y));
        self.collect(|at, t| {
            room_spawn_tile(t)
                && !t.spawns(SPAWN_ITEM)
                && !t.spawns(SPAWN_STAIRS)
                && Some(at) != player
        });
        if !self.spawn_list.is_empty() && enemies + 1 > 0 {
            enemies += 1;
            self.place(enemies, |g, at| g.tiles[at].spawn |= SPAWN_MONSTER);
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
        self.collect_room_tiles(|at, t| {
            t.terrain == Terrain::Floor
                && t.room != NO_ROOM
                && !t.has(F_IN_SHOP)
                && !t.has(F_UNBREAKABLE)
                && t.has(F_IN_MONSTER_HOUSE)
                && Some(at) != player
        });
        if !self.spawn_list.is_empty() {
            let len = self.spawn_list.len() as i32;
            let count = self
                .rand_range(7 * len / 10, 8 * len / 10)
                .max(1)
                .min(limit);
            self.place(count, |g, at| g.tiles[at].spawn |= SPAWN_MONSTER);
        }
    }

    /// `ResolveInvalidSpawns`: no traps off the floor or under stairs and items, no items in
    /// impassable unbreakable tiles.
    pub(crate) fn resolve_invalid_spawns(&mut self) {
        // Branch-free: the flags become masks of the spawn bits to clear.
        for tile in self.tiles.iter_mut() {
            let off_floor = u8::from(tile.terrain != Terrain::Floor);
            let sealed = off_floor & u8::from(tile.has(F_IMPASSABLE) && tile.has(F_UNBREAKABLE));
            let mut spawn = tile.spawn & !(SPAWN_ITEM * sealed) & !(SPAWN_TRAP * off_floor);
            let covered = u8::from(spawn & (SPAWN_STAIRS | SPAWN_ITEM) != 0);
            spawn &= !(SPAWN_TRAP * covered);
            tile.spawn = spawn;
        }
    }
}

#[allow(dead_code)]
const _: () = assert!(TILES <= u16::MAX as usize);
