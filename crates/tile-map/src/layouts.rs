//! The fixed layouts (1 to 11 besides the standard one): one-room and two-room monster houses,
//! outer ring, crossroads, line, cross, beetle and outer rooms.

use crate::generator::Generator;
use crate::props::FloorProperties;
use crate::tile::{Terrain, NO_ROOM};

impl Generator {
    /// `GenerateOneRoomMonsterHouseFloor`: one room from (2, 2) to (53, 29), a monster house.
    pub(crate) fn generate_one_room_monster_house_floor(&mut self, props: &FloorProperties) {
        self.init_grid(1, 1);
        let cell = self.gm(0, 0);
        cell.start_x = 2;
        cell.end_x = 54;
        cell.start_y = 2;
        cell.end_y = 30;
        cell.is_room = true;
        cell.is_connected = true;
        cell.is_invalid = false;
        self.carve_room(2, 2, 54, 30, 0);
        self.generate_monster_house(1, 1, 999, props);
    }

    /// Rooms and anchors of the fixed layouts: a room of `RandRange(5, w - 3)` x
    /// `RandRange(4, h - 3)` in room cells, an anchor tile in the others (y-outer).
    fn create_fixed_rooms_and_anchors(&mut self, grid_x: i32, grid_y: i32) {
        let mut room_index = 0u8;
        for y in 0..grid_y {
            for x in 0..grid_x {
                if self.g(x, y).is_invalid {
                    continue;
                }
                let (x0, x1, y0, y1) = (self.lx(x), self.lx(x + 1), self.ly(y), self.ly(y + 1));
                if self.g(x, y).is_room {
                    let range_x = x1 - x0 - 3;
                    let range_y = y1 - y0 - 3;
                    let size_x = self.rand_range(5, range_x);
                    let size_y = self.rand_range(4, range_y);
                    let start_x = self.rand_int(range_x - size_x) + x0 + 2;
                    let start_y = self.rand_int(range_y - size_y) + y0 + 2;
                    let cell = self.gm(x, y);
                    cell.start_x = start_x;
                    cell.start_y = start_y;
                    cell.end_x = start_x + size_x;
                    cell.end_y = start_y + size_y;
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
                    let cell = self.gm(x, y);
                    cell.start_x = start_x;
                    cell.start_y = start_y;
                    cell.end_x = start_x + 1;
                    cell.end_y = start_y + 1;
                    let tile = self.tm(start_x, start_y);
                    *tile.terrain = Terrain::Floor;
                    *tile.room = NO_ROOM;
                }
            }
        }
    }

    fn connect_right(&mut self, x: i32, y: i32) {
        self.gm(x, y).connected_to_right = true;
        self.gm(x + 1, y).connected_to_left = true;
    }

    fn connect_down(&mut self, x: i32, y: i32) {
        self.gm(x, y).connected_to_bottom = true;
        self.gm(x, y + 1).connected_to_top = true;
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
                self.gm(x, y).is_room = inner;
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
                self.gm(x, y).is_room = outer;
            }
        }
        for (x, y) in [
            (0, 0),
            (0, grid_y - 1),
            (grid_x - 1, 0),
            (grid_x - 1, grid_y - 1),
        ] {
            self.gm(x, y).is_invalid = true;
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
            let cell = self.gm(x, 0);
            cell.start_x = start_x;
            cell.start_y = start_y;
            cell.end_x = start_x + size_x;
            cell.end_y = start_y + size_y;
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
            self.gm(x, y).is_invalid = true;
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
        let upper = *self.g(x, y1);
        let lower = *self.g(x, y2);
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
                self.gm(x, y).is_invalid = true;
            }
        }
        self.create_rooms_and_anchors(grid_x, grid_y, props);
        for x in 0..grid_x {
            if x > 0 {
                self.gm(x, 0).connected_to_right = true;
                self.gm(x, grid_y - 1).connected_to_right = true;
            }
            if x < grid_x - 2 {
                self.gm(x + 1, 0).connected_to_left = true;
                self.gm(x + 1, grid_y - 1).connected_to_left = true;
            }
        }
        for y in 0..grid_y {
            if y > 0 {
                self.gm(0, y).connected_to_top = true;
                self.gm(grid_x - 1, y).connected_to_top = true;
            }
            if y < grid_y - 2 {
                self.gm(0, y).connected_to_bottom = true;
                self.gm(grid_x - 1, y).connected_to_bottom = true;
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
