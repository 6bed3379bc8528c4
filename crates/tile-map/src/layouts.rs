//! The fixed layouts (1 to 11 besides the standard one): one-room and two-room monster houses,
//! outer ring, crossroads, line, cross, beetle and outer rooms.

use crate::generator::Generator;
use crate::grid::{cell_bit, has, Rect};
use crate::props::FloorProperties;
use crate::tile::{Terrain, NO_ROOM};

/// A cell's side, numbered as the grid's link masks (the walk's directions).
#[derive(Clone, Copy)]
enum Side {
    Right = 0,
    Top = 1,
    Left = 2,
    Bottom = 3,
}

impl Generator {
    /// `GenerateOneRoomMonsterHouseFloor`: one room from (2, 2) to (53, 29), a monster house.
    pub(crate) fn generate_one_room_monster_house_floor(&mut self, props: &FloorProperties) {
        self.init_grid(1, 1);
        let rect = Rect {
            start_x: 2,
            start_y: 2,
            end_x: 54,
            end_y: 30,
        };
        self.grid.set_rect(0, 0, rect);
        let bit = cell_bit(0, 0);
        self.grid.room |= bit;
        self.grid.connected |= bit;
        self.grid.invalid &= !bit;
        self.carve_room(2, 2, 54, 30, 0);
        self.generate_monster_house(1, 1, 999, props);
    }

    /// Rooms and anchors of the fixed layouts: a room of `RandRange(5, w - 3)` x
    /// `RandRange(4, h - 3)` in room cells, an anchor tile in the others (y-outer).
    fn create_fixed_rooms_and_anchors(&mut self, grid_x: i32, grid_y: i32) {
        let mut room_index = 0u8;
        for y in 0..grid_y {
            for x in 0..grid_x {
                if self.grid.is_invalid(x, y) {
                    continue;
                }
                let (x0, x1, y0, y1) = (self.lx(x), self.lx(x + 1), self.ly(y), self.ly(y + 1));
                if has(self.grid.room, x, y) {
                    let range_x = x1 - x0 - 3;
                    let range_y = y1 - y0 - 3;
                    let size_x = self.rand_range(5, range_x);
                    let size_y = self.rand_range(4, range_y);
                    let start_x = self.rand_int(range_x - size_x) + x0 + 2;
                    let start_y = self.rand_int(range_y - size_y) + y0 + 2;
                    let rect = Rect {
                        start_x,
                        start_y,
                        end_x: start_x + size_x,
                        end_y: start_y + size_y,
                    };
                    self.grid.set_rect(x, y, rect);
                    self.carve_room(
                        start_x,
                        start_y,
                        start_x + size_x,
                        start_y + size_y,
                        room_index,
                    );
                    room_index = room_index.wrapping_add(1);
                } else {
                    let start_x = self.rand_range(x0 + 1, x1 - 2);
                    let start_y = self.rand_range(y0 + 1, y1 - 2);
                    let rect = Rect {
                        start_x,
                        start_y,
                        end_x: start_x + 1,
                        end_y: start_y + 1,
                    };
                    self.grid.set_rect(x, y, rect);
                    let tile = self.tm(start_x, start_y);
                    *tile.terrain = Terrain::Floor;
                    *tile.room = NO_ROOM;
                }
            }
        }
    }

    fn connect_right(&mut self, x: i32, y: i32) {
        self.link_to(x, y, Side::Right);
        self.link_to(x + 1, y, Side::Left);
    }

    fn connect_down(&mut self, x: i32, y: i32) {
        self.link_to(x, y, Side::Bottom);
        self.link_to(x, y + 1, Side::Top);
    }

    /// Marks cell (x, y) as linked towards `side` (the neighbour is not marked).
    fn link_to(&mut self, x: i32, y: i32, side: Side) {
        self.grid.linked[side as usize] |= cell_bit(x, y);
    }

    /// Sets or clears a flag mask's bit for cell (x, y).
    fn set_flag(mask: &mut u64, x: i32, y: i32, on: bool) {
        let bit = cell_bit(x, y);
        *mask = if on { *mask | bit } else { *mask & !bit };
    }

    /// The steps after the connections that the fixed layouts share.
    fn finish_fixed_layout(&mut self, grid_x: i32, grid_y: i32, props: &FloorProperties) {
        self.ensure_connected_grid(grid_x, grid_y);
        self.generate_kecleon_shop(grid_x, grid_y, props);
        self.generate_monster_house(grid_x, grid_y, i32::from(props.monster_house_chance), props);
        self.generate_extra_hallways(grid_x, grid_y, i32::from(props.num_extra_hallways));
        self.generate_room_imperfections(grid_x, grid_y);
    }

    /// `GenerateOuterRingFloor`: a 6 x 4 grid, hallway anchors around 4 x 2 rooms.
    pub(crate) fn generate_outer_ring_floor(&mut self, props: &FloorProperties) {
        let (grid_x, grid_y) = (6, 4);
        self.set_grid_positions(&[0, 5, 16, 28, 39, 51, 56], &[2, 7, 16, 25, 30]);
        self.init_grid(grid_x, grid_y);
        for x in 0..grid_x {
            for y in 0..grid_y {
                let inner = x > 0 && x < grid_x - 1 && y > 0 && y < grid_y - 1;
                Self::set_flag(&mut self.grid.room, x, y, inner);
            }
        }
        self.create_fixed_rooms_and_anchors(grid_x, grid_y);
        for x in 0..grid_x - 1 {
            self.connect_right(x, 0);
        }
        for y in 0..grid_y - 1 {
            self.connect_down(0, y);
        }
        for x in 0..grid_x - 1 {
            self.connect_right(x, grid_y - 1);
        }
        for y in 0..grid_y - 1 {
            self.connect_down(grid_x - 1, y);
        }
        let cursor_x = self.rand_int(grid_x);
        let cursor_y = self.rand_int(grid_y);
        self.assign_grid_cell_connections(grid_x, grid_y, cursor_x, cursor_y, props);
        self.create_grid_cell_connections(grid_x, grid_y, false);
        self.finish_fixed_layout(grid_x, grid_y, props);
    }

    /// `GenerateCrossroadsFloor`: rooms around a ladder of hallways, the corners invalid.
    pub(crate) fn generate_crossroads_floor(&mut self, props: &FloorProperties) {
        let (grid_x, grid_y) = (5, 4);
        self.set_grid_positions(&[0, 11, 22, 33, 44, 56], &[1, 9, 16, 23, 31]);
        self.init_grid(grid_x, grid_y);
        for x in 0..grid_x {
            for y in 0..grid_y {
                let outer = x == 0 || y == 0 || x == grid_x - 1 || y == grid_y - 1;
                Self::set_flag(&mut self.grid.room, x, y, outer);
            }
        }
        for (x, y) in [
            (0, 0),
            (0, grid_y - 1),
            (grid_x - 1, 0),
            (grid_x - 1, grid_y - 1),
        ] {
            self.grid.invalid |= cell_bit(x, y);
        }
        self.create_fixed_rooms_and_anchors(grid_x, grid_y);
        for x in 1..grid_x - 1 {
            for y in 0..grid_y - 1 {
                self.connect_down(x, y);
            }
        }
        for x in 0..grid_x - 1 {
            for y in 1..grid_y - 1 {
                self.connect_right(x, y);
            }
        }
        self.create_grid_cell_connections(grid_x, grid_y, true);
        self.finish_fixed_layout(grid_x, grid_y, props);
    }

    /// `GenerateTwoRoomsWithMonsterHouseFloor`: two big rooms side by side, one a monster house.
    pub(crate) fn generate_two_rooms_with_monster_house_floor(&mut self, props: &FloorProperties) {
        let (grid_x, grid_y) = (2, 1);
        self.set_grid_positions(&[2, 28, 54], &[2, 30]);
        self.init_grid(grid_x, grid_y);
        for x in 0..grid_x {
            let (x0, x1, y0, y1) = (self.lx(x), self.lx(x + 1), self.ly(0), self.ly(1));
            let range_x = x1 - x0 - 3;
            let range_y = y1 - y0 - 3;
            let size_x = self.rand_range(10, range_x);
            let size_y = self.rand_range(16, range_y);
            let start_x = self.rand_int(range_x - size_x) + x0 + 1;
            let start_y = self.rand_int(range_y - size_y) + y0 + 1;
            let rect = Rect {
                start_x,
                start_y,
                end_x: start_x + size_x,
                end_y: start_y + size_y,
            };
            self.grid.set_rect(x, 0, rect);
            self.carve_room(
                start_x,
                start_y,
                start_x + size_x,
                start_y + size_y,
                x as u8,
            );
        }
        self.connect_right(0, 0);
        self.create_grid_cell_connections(grid_x, grid_y, false);
        self.generate_monster_house(grid_x, grid_y, 999, props);
    }

    /// `GenerateLineFloor`: five cells in a row.
    pub(crate) fn generate_line_floor(&mut self, props: &FloorProperties) {
        let (grid_x, grid_y) = (5, 1);
        self.set_grid_positions(&[0, 11, 22, 33, 44, 56], &[4, 15]);
        self.init_grid(grid_x, grid_y);
        self.assign_rooms(grid_x, grid_y, i32::from(props.room_density));
        self.create_rooms_and_anchors(grid_x, grid_y, props);
        let cursor_x = self.rand_int(grid_x);
        let cursor_y = self.rand_int(grid_y);
        self.assign_grid_cell_connections(grid_x, grid_y, cursor_x, cursor_y, props);
        self.create_grid_cell_connections(grid_x, grid_y, true);
        self.finish_fixed_layout(grid_x, grid_y, props);
    }

    /// `GenerateCrossFloor`: five rooms in a plus sign.
    pub(crate) fn generate_cross_floor(&mut self, props: &FloorProperties) {
        let (grid_x, grid_y) = (3, 3);
        self.set_grid_positions(&[11, 22, 33, 44], &[2, 11, 20, 30]);
        self.init_grid(grid_x, grid_y);
        for (x, y) in [
            (0, 0),
            (0, grid_y - 1),
            (grid_x - 1, 0),
            (grid_x - 1, grid_y - 1),
        ] {
            self.grid.invalid |= cell_bit(x, y);
        }
        self.create_rooms_and_anchors(grid_x, grid_y, props);
        self.connect_down(1, 0);
        self.connect_down(1, 1);
        self.connect_right(0, 1);
        self.connect_right(1, 1);
        self.create_grid_cell_connections(grid_x, grid_y, true);
        self.finish_fixed_layout(grid_x, grid_y, props);
    }

    /// `MergeRoomsVertically`: room (x, y1) grows over room (x, y1 + dy).
    fn merge_rooms_vertically(&mut self, x: i32, y1: i32, dy: i32) {
        let y2 = y1 + dy;
        let upper = self.grid.rect(x, y1);
        let lower = self.grid.rect(x, y2);
        let start_x = upper.start_x.min(lower.start_x);
        let end_x = upper.end_x.max(lower.end_x);
        let (start_y, end_y) = (upper.start_y, lower.end_y);
        let room = self.t(upper.start_x, upper.start_y).room;
        self.merge_cells((x, y1), (x, y2), (start_x, start_y, end_x, end_y), room);
    }

    /// `GenerateBeetleFloor`: a 3 x 3 grid of rooms, rows linked, the middle column merged.
    pub(crate) fn generate_beetle_floor(&mut self, props: &FloorProperties) {
        let (grid_x, grid_y) = (3, 3);
        self.set_grid_positions(&[5, 15, 35, 50], &[2, 11, 20, 30]);
        self.init_grid(grid_x, grid_y);
        self.create_rooms_and_anchors(grid_x, grid_y, props);
        for y in 0..grid_y {
            self.connect_right(0, y);
            self.connect_right(1, y);
        }
        self.create_grid_cell_connections(grid_x, grid_y, true);
        self.merge_rooms_vertically(1, 0, 1);
        self.merge_rooms_vertically(1, 0, 2);
        self.finish_fixed_layout(grid_x, grid_y, props);
    }

    /// `GenerateOuterRoomsFloor` (layout 10): rooms on the grid's outer ring only. The game never
    /// uses it and no public port matches the game here: unverified.
    pub(crate) fn generate_outer_rooms_floor(
        &mut self,
        grid_x: i32,
        grid_y: i32,
        props: &FloorProperties,
    ) {
        self.grid_positions(grid_x, grid_y);
        self.init_grid(grid_x, grid_y);
        for x in 1..grid_x - 1 {
            for y in 1..grid_y - 1 {
                self.grid.invalid |= cell_bit(x, y);
            }
        }
        self.create_rooms_and_anchors(grid_x, grid_y, props);
        for x in 0..grid_x {
            if x > 0 {
                self.link_to(x, 0, Side::Right);
                self.link_to(x, grid_y - 1, Side::Right);
            }
            if x < grid_x - 2 {
                self.link_to(x + 1, 0, Side::Left);
                self.link_to(x + 1, grid_y - 1, Side::Left);
            }
        }
        for y in 0..grid_y {
            if y > 0 {
                self.link_to(0, y, Side::Top);
                self.link_to(grid_x - 1, y, Side::Top);
            }
            if y < grid_y - 2 {
                self.link_to(0, y, Side::Bottom);
                self.link_to(grid_x - 1, y, Side::Bottom);
            }
        }
        self.create_grid_cell_connections(grid_x, grid_y, false);
        self.ensure_connected_grid(grid_x, grid_y);
        self.generate_maze_room(grid_x, grid_y, props);
        self.generate_kecleon_shop(grid_x, grid_y, props);
        self.generate_monster_house(grid_x, grid_y, i32::from(props.monster_house_chance), props);
        self.generate_extra_hallways(grid_x, grid_y, i32::from(props.num_extra_hallways));
        self.generate_room_imperfections(grid_x, grid_y);
        self.generate_secondary_structures(grid_x, grid_y);
    }
}
