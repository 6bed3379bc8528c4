//! The standard layout (`GenerateStandardFloor`) and the grid steps every layout shares: grid
//! positions, room assignment, rooms and anchors, the connection random walk with dead-end
//! removal, hallways, room merging and `EnsureConnectedGrid`.

use crate::generator::Generator;
use crate::grid::{cell_bit, grid_cells, has, x_major, Rect};
use crate::props::{FloorProperties, Quirks};
use crate::tile::{
    Terrain, ANCHOR_ROOM, HEIGHT, NO_ROOM, SPAWN_ITEM, SPAWN_STAIRS, SPAWN_TRAP, WIDTH,
};

const W: i32 = WIDTH as i32;
const H: i32 = HEIGHT as i32;

/// Percent chance that a room is flagged for a secondary structure.
const SECONDARY_STRUCTURE_FLAG_CHANCE: i32 = 80;
/// Percent chance, per room, of trying to merge it with a neighbour.
const MERGE_ROOMS_CHANCE: i32 = 5;
/// The game never lets more rooms than this be assigned (see `assign_rooms`).
const MAX_ROOMS: i32 = 32;

/// Directions of the grid random walk, in the game's order (turning counter-clockwise adds 1).
const DIR_RIGHT: i32 = 0;
const DIR_UP: i32 = 1;
const DIR_LEFT: i32 = 2;
const DIR_DOWN: i32 = 3;
/// The (dx, dy) step of each direction above, in order (right, up, left, down), shared with
/// the maze rooms' walk.
pub(crate) const STEPS4: [(i32, i32); 4] = [(1, 0), (0, -1), (-1, 0), (0, 1)];

impl Generator {
    /// `GenerateStandardFloor`, in the game's order.
    pub(crate) fn generate_standard_floor(
        &mut self,
        grid_x: i32,
        grid_y: i32,
        props: &FloorProperties,
    ) {
        self.grid_positions(grid_x, grid_y);
        self.init_grid(grid_x, grid_y);
        self.assign_rooms(grid_x, grid_y, i32::from(props.room_density));
        self.create_rooms_and_anchors(grid_x, grid_y, props);
        let cursor_x = self.rand_int(grid_x);
        let cursor_y = self.rand_int(grid_y);
        self.assign_grid_cell_connections(grid_x, grid_y, cursor_x, cursor_y, props);
        self.create_grid_cell_connections(grid_x, grid_y, false);
        self.ensure_connected_grid(grid_x, grid_y);
        self.generate_maze_room(grid_x, grid_y, props);
        self.generate_kecleon_shop(grid_x, grid_y, props);
        self.generate_monster_house(grid_x, grid_y, i32::from(props.monster_house_chance), props);
        self.generate_extra_hallways(grid_x, grid_y, i32::from(props.num_extra_hallways));
        self.generate_room_imperfections(grid_x, grid_y);
        self.generate_secondary_structures(grid_x, grid_y);
    }

    /// `GetGridPositions`: the first tile of each grid column and row (one more than the size).
    pub(crate) fn grid_positions(&mut self, grid_x: i32, grid_y: i32) {
        let step_x = WIDTH as i32 / grid_x.max(1);
        let step_y = HEIGHT as i32 / grid_y.max(1);
        for (i, slot) in self.list_x.iter_mut().enumerate() {
            *slot = step_x * i as i32;
        }
        for (i, slot) in self.list_y.iter_mut().enumerate() {
            *slot = step_y * i as i32;
        }
    }

    /// Sets the grid's column and row starts to fixed values (the fixed layouts).
    pub(crate) fn set_grid_positions(&mut self, xs: &[i32], ys: &[i32]) {
        self.list_x[..xs.len()].copy_from_slice(xs);
        self.list_y[..ys.len()].copy_from_slice(ys);
    }

    #[inline]
    pub(crate) fn lx(&self, i: i32) -> i32 {
        self.list_x[i.clamp(0, self.list_x.len() as i32 - 1) as usize]
    }

    #[inline]
    pub(crate) fn ly(&self, i: i32) -> i32 {
        self.list_y[i.clamp(0, self.list_y.len() as i32 - 1) as usize]
    }

    /// `AssignRooms`: `density + RandInt(3)` rooms (exactly `-density` when negative) spread by
    /// 64 random swaps over the valid cells.
    pub(crate) fn assign_rooms(&mut self, grid_x: i32, grid_y: i32, density: i32) {
        let extra = self.rand_int(3);
        let wanted = if density < 0 {
            -density
        } else {
            density + extra
        };
        let mut room_bits = [false; 256];
        for bit in room_bits.iter_mut().take(wanted.clamp(0, 256) as usize) {
            *bit = true;
        }
        let cells = grid_x * grid_y;
        for _ in 0..64 {
            let a = (self.rand_int(cells) & 0xFF) as usize;
            let b = (self.rand_int(cells) & 0xFF) as usize;
            room_bits.swap(a, b);
        }
        let mut num_rooms = 0;
        let mut counter = 0usize;
        let odd_columns = grid_x % 2 != 0;
        for x in 0..grid_x {
            for y in 0..grid_y {
                if self.grid.is_invalid(x, y) {
                    continue;
                }
                let bit = cell_bit(x, y);
                if num_rooms >= MAX_ROOMS {
                    self.grid.room &= !bit;
                    // Quirk (faithful): the game clears the cell but then falls through to the
                    // shuffled bit below, which sets it again, so the cap never takes effect.
                    if self.quirks == Quirks::Fixed {
                        counter += 1;
                        continue;
                    }
                }
                // A room where the shuffled bit is set, counted even in the middle column's
                // second row, which never keeps one. Computed without branches: the bit is
                // random, and tests on it mispredicted about 7 times per floor.
                let is_room = room_bits[counter.min(255)];
                let middle = odd_columns & (y == 1) & (x == (grid_x - 1) / 2);
                num_rooms += i32::from(is_room);
                let keep = 0u64.wrapping_sub(u64::from(is_room & !middle));
                self.grid.room = (self.grid.room & !bit) | (bit & keep);
                counter += 1;
            }
        }
        if num_rooms >= 2 {
            return;
        }
        // Too few rooms: turn the first valid cell that wins a 60% roll into a room.
        for _ in 0..200 {
            for x in 0..grid_x {
                for y in 0..grid_y {
                    if self.grid.is_invalid(x, y) {
                        continue;
                    }
                    if self.rand_int(100) < 60 {
                        self.grid.room |= cell_bit(x, y);
                        return;
                    }
                }
            }
        }
    }

    /// `CreateRoomsAndAnchors`: a random rectangle in each room cell (y-outer), a single anchor
    /// tile in each other valid cell.
    pub(crate) fn create_rooms_and_anchors(
        &mut self,
        grid_x: i32,
        grid_y: i32,
        props: &FloorProperties,
    ) {
        let mut room_number: i32 = 0;
        for y in 0..grid_y {
            let cur_y = self.ly(y);
            let next_y = self.ly(y + 1);
            for x in 0..grid_x {
                let cur_x = self.lx(x);
                let next_x = self.lx(x + 1);
                let range_x = next_x - cur_x - 4;
                let range_y = next_y - cur_y - 3;
                if self.grid.is_invalid(x, y) {
                    continue;
                }
                if !has(self.grid.room, x, y) {
                    let margin_left = if x == 0 { 1 } else { 2 };
                    let margin_right = if x == grid_x - 1 { 2 } else { 4 };
                    let margin_top = if y == 0 { 1 } else { 2 };
                    let margin_bottom = if y == grid_y - 1 { 2 } else { 4 };
                    let pt_x = self
                        .rand_range(cur_x + 2 + margin_left, cur_x + 2 + range_x - margin_right);
                    let pt_y = self
                        .rand_range(cur_y + 2 + margin_top, cur_y + 2 + range_y - margin_bottom);
                    let rect = Rect {
                        start_x: pt_x,
                        start_y: pt_y,
                        end_x: pt_x + 1,
                        end_y: pt_y + 1,
                    };
                    self.grid.set_rect(x, y, rect);
                    let tile = self.tm(pt_x, pt_y);
                    *tile.terrain = Terrain::Floor;
                    *tile.room = ANCHOR_ROOM;
                } else {
                    let mut size_x = self.rand_range(5, range_x);
                    let mut size_y = self.rand_range(4, range_y);
                    if (size_x | 1) < range_x {
                        size_x |= 1;
                    }
                    if (size_y | 1) < range_y {
                        size_y |= 1;
                    }
                    // Neither side longer than 1.5 times the other.
                    if size_x > size_y * 3 / 2 {
                        size_x = size_y * 3 / 2;
                    }
                    if size_y > size_x * 3 / 2 {
                        size_y = size_x * 3 / 2;
                    }
                    let start_x = self.rand_int(range_x - size_x) + cur_x + 2;
                    let start_y = self.rand_int(range_y - size_y) + cur_y + 2;
                    let (end_x, end_y) = (start_x + size_x, start_y + size_y);
                    let rect = Rect {
                        start_x,
                        start_y,
                        end_x,
                        end_y,
                    };
                    self.grid.set_rect(x, y, rect);
                    self.carve_room(start_x, start_y, end_x, end_y, room_number as u8);

                    let mut flag_secondary = self.rand_int(100) < SECONDARY_STRUCTURE_FLAG_CHANCE;
                    if self.status.secondary_structures_budget == 0 {
                        flag_secondary = false;
                    }
                    let mut flag_imperfect = props.f_room_imperfections;
                    if flag_secondary && flag_imperfect {
                        if self.rand_int(100) < 50 {
                            flag_imperfect = false;
                        } else {
                            flag_secondary = false;
                        }
                    }
                    let bit = cell_bit(x, y);
                    if flag_imperfect {
                        self.grid.flag_imperfect |= bit;
                    }
                    if flag_secondary {
                        self.grid.flag_secondary_structure |= bit;
                    }
                    room_number += 1;
                }
            }
        }
    }

    /// Merges grid cell `absorbed` into `kept`: carves the joint rectangle `(x0, y0, x1, y1)` as
    /// room `room`, gives `kept` those bounds, and marks `absorbed` as merged away (the
    /// bookkeeping shared by room merging and the fixed layouts' vertical merges).
    pub(crate) fn merge_cells(
        &mut self,
        kept: (i32, i32),
        absorbed: (i32, i32),
        (x0, y0, x1, y1): (i32, i32, i32, i32),
        room: u8,
    ) {
        self.carve_room(x0, y0, x1, y1, room);
        let rect = Rect {
            start_x: x0,
            start_y: y0,
            end_x: x1,
            end_y: y1,
        };
        self.grid.set_rect(kept.0, kept.1, rect);
        let (kept, absorbed) = (cell_bit(kept.0, kept.1), cell_bit(absorbed.0, absorbed.1));
        self.grid.merged |= kept | absorbed;
        self.grid.connected &= !absorbed;
        self.grid.been_merged |= absorbed;
    }

    /// Opens the rectangle [x0, x1) x [y0, y1) as floor of room `room`; the part off the floor
    /// is dropped. Each column is blended whole with the rectangle's rows (a few vector
    /// operations, see [`blend_column`]): a slice fill of the run became a `memset` call per
    /// column and field, several times dearer for runs of a few bytes.
    pub(crate) fn carve_room(&mut self, x0: i32, y0: i32, x1: i32, y1: i32, room: u8) {
        let (x0, x1) = (x0.clamp(0, W) as usize, x1.clamp(0, W) as usize);
        let (y0, y1) = (y0.clamp(0, H) as usize, y1.clamp(0, H) as usize);
        if y0 >= y1 {
            return;
        }
        let (from_top, from_bottom) = (from_row(y0), from_row(y1));
        let rows: [u8; HEIGHT] = std::array::from_fn(|y| from_top[y] & !from_bottom[y]);
        for x in x0..x1 {
            let column = x * HEIGHT..(x + 1) * HEIGHT;
            let (Some(terrain), Some(rooms)) = (
                self.tiles.terrain[column.clone()].first_chunk_mut::<HEIGHT>(),
                self.tiles.room[column].first_chunk_mut::<HEIGHT>(),
            ) else {
                continue;
            };
            blend_column(terrain, rooms, rows, room);
        }
    }

    /// Links cell (x, y) with its neighbour in `direction` (0..4): one mask per direction,
    /// indexed by the random direction rather than a branch on it.
    fn link(&mut self, x: i32, y: i32, direction: i32) {
        let (nx, ny) = Self::step(direction, x, y);
        self.grid.linked[(direction & 3) as usize] |= cell_bit(x, y);
        // The neighbour links back in the opposite direction.
        self.grid.linked[((direction + 2) & 3) as usize] |= cell_bit(nx, ny);
    }

    /// `AssignGridCellConnections`: a random walk with momentum from the cursor, then (when dead
    /// ends are not allowed) links from every anchor with a single connection.
    pub(crate) fn assign_grid_cell_connections(
        &mut self,
        grid_x: i32,
        grid_y: i32,
        mut cursor_x: i32,
        mut cursor_y: i32,
        props: &FloorProperties,
    ) {
        let mut direction = self.rand_int(4);
        for _ in 0..props.floor_connectivity {
            let keep = self.rand_int(8);
            let new_direction = self.rand_int(4);
            if keep < 4 {
                direction = new_direction;
            }
            // Turn counter-clockwise until the step stays on the grid (a 1 x 1 grid has none).
            // The turns are counted in the mask of directions that stay on it: a loop of
            // tests mispredicted on most turns.
            let on_grid = Self::directions_on_grid(cursor_x, cursor_y, grid_x, grid_y);
            if on_grid == 0 {
                continue;
            }
            direction = (direction + Self::turns_to(on_grid, direction)) % 4;
            let (nx, ny) = Self::step(direction, cursor_x, cursor_y);
            if !self.grid.is_invalid(nx, ny) {
                self.link(cursor_x, cursor_y, direction);
                cursor_x = nx;
                cursor_y = ny;
            }
        }

        if props.allow_dead_ends {
            return;
        }
        // Dead-end removal: scan x-outer; link a single-connection anchor in the first open
        // direction from a random one; rescan from the start after every new link. Only
        // anchors (valid cells without a room) take part and neither flag changes here, so
        // they are found once.
        let anchors = grid_cells(grid_x, grid_y) & !self.grid.invalid & !self.grid.room;
        'rescan: loop {
            let mut linked = false;
            for (x, y) in x_major(anchors) {
                let bit = cell_bit(x, y);
                let links = self.grid.linked.iter().filter(|&&mask| mask & bit != 0);
                if links.count() != 1 {
                    continue;
                }
                // The directions a link can take (on the grid, not linked yet), one bit each;
                // the game turns counter-clockwise from a random one to the first of them.
                let unlinked = (0..4).fold(0u32, |free, direction| {
                    free | u32::from(self.grid.linked[direction as usize] & bit == 0) << direction
                });
                let free = Self::directions_on_grid(x, y, grid_x, grid_y) & unlinked;
                let start = self.rand_int(4) & 3;
                if free == 0 {
                    continue;
                }
                let direction = (start + Self::turns_to(free, start)) % 4;
                // Quirk (faithful): the game checks the validity of the cell to the right
                // whatever the direction; fixed checks the cell the link goes to.
                let (check_x, check_y) = match self.quirks {
                    Quirks::Faithful => (x + 1, y),
                    Quirks::Fixed => Self::step(direction, x, y),
                };
                if !self.grid.is_invalid(check_x, check_y) {
                    self.link(x, y, direction);
                    linked = true;
                }
            }
            if linked {
                continue 'rescan;
            }
            break;
        }
    }

    /// The directions (bit `d` for direction `d`) whose step from (x, y) stays on the grid.
    /// Only the edge a step goes towards is tested, as in the game.
    fn directions_on_grid(x: i32, y: i32, grid_x: i32, grid_y: i32) -> u32 {
        u32::from(x < grid_x - 1) << DIR_RIGHT
            | u32::from(y > 0) << DIR_UP
            | u32::from(x > 0) << DIR_LEFT
            | u32::from(y < grid_y - 1) << DIR_DOWN
    }

    /// How many counter-clockwise turns from `start` (0..4) reach the first direction in
    /// `directions` (not empty).
    fn turns_to(directions: u32, start: i32) -> i32 {
        ((directions | directions << 4) >> (start & 3)).trailing_zeros() as i32
    }

    /// The cell one step from (x, y) in `direction` (0..4), read from a table.
    fn step(direction: i32, x: i32, y: i32) -> (i32, i32) {
        let (dx, dy) = STEPS4[(direction & 3) as usize];
        (x + dx, y + dy)
    }

    /// One straight run of `create_hallway`; returns false when the hallway ran into open floor
    /// (or went on too long) and must stop.
    fn hallway_run(
        &mut self,
        cur: &mut (i32, i32),
        start: (i32, i32),
        target: i32,
        horizontal: bool,
        first: bool,
    ) -> bool {
        // The run moves one coordinate towards the target and stops on it, so the step is the
        // same all the way and the other coordinate is tested against the floor once.
        let (mut along, across) = if horizontal { *cur } else { (cur.1, cur.0) };
        let (start_along, start_across) = if horizontal {
            start
        } else {
            (start.1, start.0)
        };
        let (along_len, across_len) = if horizontal { (W, H) } else { (H, W) };
        let step = if along >= target { -1 } else { 1 };
        // The game gives up after 56 tiles; short of that the run ends on the target. The
        // tile count is known up front, so the loop tests neither the target nor a counter.
        let distance = target.abs_diff(along);
        let tiles = distance.min(56);
        // Off the floor nothing is open and writes are dropped.
        if (0..across_len).contains(&across) {
            // The flat index of (along, across) is `base + along * stride`.
            let (base, stride) = if horizontal {
                (across, H)
            } else {
                (across * H, 1)
            };
            for _ in 0..tiles {
                if (0..along_len).contains(&along) {
                    let at = (base + along * stride) as usize;
                    if self.tiles.terrain[at] == Terrain::Floor {
                        // Joined an existing hallway (the start tile itself does not count).
                        let at_start = along == start_along && (first || across == start_across);
                        if !at_start {
                            *cur = if horizontal {
                                (along, across)
                            } else {
                                (across, along)
                            };
                            return false;
                        }
                    } else {
                        self.tiles.terrain[at] = Terrain::Floor;
                    }
                }
                along += step;
            }
        } else {
            along += step * tiles as i32;
        }
        *cur = if horizontal {
            (along, across)
        } else {
            (across, along)
        };
        distance <= 56
    }

    /// `CreateHallway`: from the start along one axis to the turn line, across, then to the end;
    /// stops early on reaching open floor. It keeps the game's argument list, so that each call
    /// reads like the game's.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn create_hallway(
        &mut self,
        start_x: i32,
        start_y: i32,
        end_x: i32,
        end_y: i32,
        vertical: bool,
        turn_x: i32,
        turn_y: i32,
    ) {
        let start = (start_x, start_y);
        let mut cur = start;
        if !vertical {
            if !self.hallway_run(&mut cur, start, turn_x, true, true) {
                return;
            }
            if !self.hallway_run(&mut cur, start, end_y, false, false) {
                return;
            }
            self.hallway_run(&mut cur, start, end_x, true, false);
        } else {
            if !self.hallway_run(&mut cur, start, turn_y, false, true) {
                return;
            }
            if !self.hallway_run(&mut cur, start, end_x, true, false) {
                return;
            }
            self.hallway_run(&mut cur, start, end_y, false, false);
        }
    }

    /// A random interior x of a room cell, or the anchor's x.
    fn connect_x(&mut self, x: i32, y: i32) -> i32 {
        let cell = self.grid.rect(x, y);
        if has(self.grid.room, x, y) {
            self.rand_range(cell.start_x + 1, cell.end_x - 1)
        } else {
            cell.start_x
        }
    }

    /// A random interior y of a room cell, or the anchor's y.
    fn connect_y(&mut self, x: i32, y: i32) -> i32 {
        let cell = self.grid.rect(x, y);
        if has(self.grid.room, x, y) {
            self.rand_range(cell.start_y + 1, cell.end_y - 1)
        } else {
            cell.start_y
        }
    }

    /// `CreateGridCellConnections`: a hallway for every link, then (unless disabled) room
    /// merging.
    pub(crate) fn create_grid_cell_connections(
        &mut self,
        grid_x: i32,
        grid_y: i32,
        disable_merging: bool,
    ) {
        // Valid cells drop their links off the grid's edges; each valid cell should connect
        // along its links, invalid ones along none.
        let valid = grid_cells(grid_x, grid_y) & !self.grid.invalid;
        let first_column = grid_cells(1, grid_y);
        let first_row = grid_cells(grid_x, 1);
        let linked = &mut self.grid.linked;
        linked[DIR_LEFT as usize] &= !(valid & first_column);
        linked[DIR_UP as usize] &= !(valid & first_row);
        linked[DIR_RIGHT as usize] &= !(valid & first_column << (8 * (grid_x - 1).clamp(0, 7)));
        linked[DIR_DOWN as usize] &= !(valid & first_row << (grid_y - 1).clamp(0, 7));
        let mut should = linked.map(|mask| mask & valid);

        for (x, y) in x_major(valid) {
            let bit = cell_bit(x, y);
            let cell = self.grid.rect(x, y);
            let (pt_x, pt_y) = if self.grid.room & bit != 0 {
                let px = self.rand_range(cell.start_x + 1, cell.end_x - 1);
                let py = self.rand_range(cell.start_y + 1, cell.end_y - 1);
                (px, py)
            } else {
                (cell.start_x, cell.start_y)
            };
            if should[DIR_UP as usize] & bit != 0 {
                if !self.grid.is_invalid(x, y - 1) {
                    let pt2_x = self.connect_x(x, y - 1);
                    let (sy, ey) = (cell.start_y, self.grid.rect(x, y - 1).end_y - 1);
                    let (tx, ty) = (self.lx(x), self.ly(y));
                    self.create_hallway(pt_x, sy, pt2_x, ey, true, tx, ty);
                }
                let other = cell_bit(x, y - 1);
                should[DIR_UP as usize] &= !bit;
                should[DIR_DOWN as usize] &= !other;
                self.grid.connected |= bit | other;
            }
            if should[DIR_DOWN as usize] & bit != 0 {
                if !self.grid.is_invalid(x, y + 1) {
                    let pt2_x = self.connect_x(x, y + 1);
                    let (sy, ey) = (cell.end_y - 1, self.grid.rect(x, y + 1).start_y);
                    let (tx, ty) = (self.lx(x), self.ly(y + 1) - 1);
                    self.create_hallway(pt_x, sy, pt2_x, ey, true, tx, ty);
                }
                let other = cell_bit(x, y + 1);
                should[DIR_DOWN as usize] &= !bit;
                should[DIR_UP as usize] &= !other;
                self.grid.connected |= bit | other;
            }
            if should[DIR_LEFT as usize] & bit != 0 {
                if !self.grid.is_invalid(x - 1, y) {
                    let pt2_y = self.connect_y(x - 1, y);
                    // The game passes the left room's start_x - 1 (not end_x - 1) as the end;
                    // the hallway stops on reaching the room either way.
                    let (sx, ex) = (cell.start_x, self.grid.rect(x - 1, y).start_x - 1);
                    let (tx, ty) = (self.lx(x), self.ly(y));
                    self.create_hallway(sx, pt_y, ex, pt2_y, false, tx, ty);
                }
                let other = cell_bit(x - 1, y);
                should[DIR_LEFT as usize] &= !bit;
                should[DIR_RIGHT as usize] &= !other;
                self.grid.connected |= bit | other;
            }
            if should[DIR_RIGHT as usize] & bit != 0 {
                if !self.grid.is_invalid(x + 1, y) {
                    let pt2_y = self.connect_y(x + 1, y);
                    let (sx, ex) = (cell.end_x - 1, self.grid.rect(x + 1, y).start_x);
                    let (tx, ty) = (self.lx(x + 1) - 1, self.ly(y));
                    self.create_hallway(sx, pt_y, ex, pt2_y, false, tx, ty);
                }
                let other = cell_bit(x + 1, y);
                should[DIR_RIGHT as usize] &= !bit;
                should[DIR_LEFT as usize] &= !other;
                self.grid.connected |= bit | other;
            }
        }

        if disable_merging {
            return;
        }
        for x in 0..grid_x {
            for y in 0..grid_y {
                let chance = self.rand_int(100);
                // Connected rooms not merged yet and without a structure.
                let grid = &self.grid;
                let mergeable = grid.connected
                    & grid.room
                    & !(grid.invalid | grid.merged | grid.secondary_structure);
                if chance >= MERGE_ROOMS_CHANCE || !has(mergeable, x, y) {
                    continue;
                }
                let direction = self.rand_int(4);
                let (ox, oy) = match direction {
                    0 if x >= 1 => (x - 1, y),
                    1 if y >= 1 => (x, y - 1),
                    2 if x <= grid_x - 2 => (x + 1, y),
                    3 if y <= grid_y - 2 => (x, y + 1),
                    _ => continue,
                };
                if !has(mergeable, ox, oy) {
                    continue;
                }
                let (cell, other) = (self.grid.rect(x, y), self.grid.rect(ox, oy));
                let (src_x, src_y, dst_x, dst_y) = match direction {
                    0 => (
                        other.start_x,
                        other.start_y.min(cell.start_y),
                        cell.end_x,
                        other.end_y.max(cell.end_y),
                    ),
                    1 => (
                        other.start_x.min(cell.start_x),
                        other.start_y,
                        other.end_x.max(cell.end_x),
                        cell.end_y,
                    ),
                    2 => (
                        cell.start_x,
                        other.start_y.min(cell.start_y),
                        other.end_x,
                        other.end_y.max(cell.end_y),
                    ),
                    _ => (
                        other.start_x.min(cell.start_x),
                        cell.start_y,
                        other.end_x.max(cell.end_x),
                        other.end_y,
                    ),
                };
                let room = self.t(cell.start_x, cell.start_y).room;
                self.merge_cells((ox, oy), (x, y), (src_x, src_y, dst_x, dst_y), room);
            }
        }
    }

    /// `EnsureConnectedGrid`: link each unconnected room to a connected neighbour, fill in
    /// unconnected anchors, and fill in rooms that stayed unconnected.
    pub(crate) fn ensure_connected_grid(&mut self, grid_x: i32, grid_y: i32) {
        // Only a cell's own connection changes in its turn, so the cells to visit are known
        // up front; the neighbours' state is read as it is.
        let cells = grid_cells(grid_x, grid_y);
        let grid = &self.grid;
        let unconnected = cells & !(grid.invalid | grid.connected | grid.been_merged);
        for (x, y) in x_major(unconnected) {
            let bit = cell_bit(x, y);
            let cell = self.grid.rect(x, y);
            if self.grid.room & !self.grid.secondary_structure & bit != 0 {
                let rnd_x = self.rand_range(cell.start_x + 1, cell.end_x - 1);
                let rnd_y = self.rand_range(cell.start_y + 1, cell.end_y - 1);
                let grid = &self.grid;
                let usable = grid.connected & !(grid.invalid | grid.merged);
                if y > 0 && has(usable, x, y - 1) {
                    let pt_x = self.neighbour_point(x, y - 1, true);
                    let ey = self.grid.rect(x, y - 1).end_y - 1;
                    let (tx, ty) = (self.lx(x), self.ly(y));
                    self.create_hallway(rnd_x, cell.start_y, pt_x, ey, true, tx, ty);
                    self.link(x, y, DIR_UP);
                } else if y < grid_y - 1 && has(usable, x, y + 1) {
                    let pt_x = self.neighbour_point(x, y + 1, true);
                    let ey = self.grid.rect(x, y + 1).start_y;
                    let (tx, ty) = (self.lx(x), self.ly(y + 1) - 1);
                    self.create_hallway(rnd_x, cell.end_y - 1, pt_x, ey, true, tx, ty);
                    self.link(x, y, DIR_DOWN);
                } else if x > 0 && has(usable, x - 1, y) {
                    let pt_y = self.neighbour_point(x - 1, y, false);
                    let ex = self.grid.rect(x - 1, y).start_x - 1;
                    let (tx, ty) = (self.lx(x), self.ly(y));
                    self.create_hallway(cell.start_x, rnd_y, ex, pt_y, false, tx, ty);
                    self.link(x, y, DIR_LEFT);
                } else if x < grid_x - 1 && has(usable, x + 1, y) {
                    let pt_y = self.neighbour_point(x + 1, y, false);
                    let ex = self.grid.rect(x + 1, y).start_x;
                    let (tx, ty) = (self.lx(x + 1) - 1, self.ly(y));
                    self.create_hallway(cell.end_x - 1, rnd_y, ex, pt_y, false, tx, ty);
                    self.link(x, y, DIR_RIGHT);
                } else {
                    continue;
                }
                self.grid.connected |= bit;
            } else {
                // An unconnected anchor (or structure room) is filled back in.
                let tile = self.tm(cell.start_x, cell.start_y);
                *tile.terrain = Terrain::Wall;
                *tile.spawn &= !(SPAWN_STAIRS | SPAWN_ITEM | SPAWN_TRAP);
            }
        }
        let grid = &self.grid;
        let unconnected = cells & !(grid.invalid | grid.connected | grid.been_merged);
        for (x, y) in x_major(unconnected) {
            let cell = self.grid.rect(x, y);
            for cx in cell.start_x..cell.end_x {
                for cy in cell.start_y..cell.end_y {
                    let tile = self.tm(cx, cy);
                    *tile.terrain = Terrain::Wall;
                    *tile.spawn &= !(SPAWN_STAIRS | SPAWN_ITEM | SPAWN_TRAP);
                    *tile.room = NO_ROOM;
                }
            }
        }
    }

    /// The point on a connected neighbour a new hallway aims at. For a room the game draws
    /// both coordinates (one of them unused), x first.
    fn neighbour_point(&mut self, x: i32, y: i32, want_x: bool) -> i32 {
        let cell = self.grid.rect(x, y);
        if !has(self.grid.room, x, y) {
            return if want_x { cell.start_x } else { cell.start_y };
        }
        let px = self.rand_range(cell.start_x + 1, cell.end_x - 1);
        let py = self.rand_range(cell.start_y + 1, cell.end_y - 1);
        if want_x {
            px
        } else {
            py
        }
    }
}

/// 0 in the first 32 bytes, 0xFF in the last 32: a window of 32 bytes from `32 - row` is
/// 0xFF from `row` on.
const FROM_ROW: [u8; 2 * HEIGHT] = {
    let mut table = [0u8; 2 * HEIGHT];
    let mut i = HEIGHT;
    while i < 2 * HEIGHT {
        table[i] = 0xFF;
        i += 1;
    }
    table
};

/// 0xFF at the rows from `row` (at most 32) on, 0 above.
#[inline]
fn from_row(row: usize) -> [u8; HEIGHT] {
    let window = FROM_ROW[HEIGHT - row.min(HEIGHT)..].first_chunk::<HEIGHT>();
    *window.unwrap_or(&[0; HEIGHT])
}

/// Floor of room `room` where `rows` is 0xFF, the column unchanged where it is 0. Written as
/// whole-array values so that the compiler makes it two vector blends per field (a loop of
/// stores through the references stays byte by byte with a branch per byte).
#[inline]
fn blend_column(
    terrain: &mut [Terrain; HEIGHT],
    rooms: &mut [u8; HEIGHT],
    rows: [u8; HEIGHT],
    room: u8,
) {
    let (old_terrain, old_rooms) = (*terrain, *rooms);
    *terrain = std::array::from_fn(|y| {
        if rows[y] != 0 {
            Terrain::Floor
        } else {
            old_terrain[y]
        }
    });
    *rooms = std::array::from_fn(|y| (old_rooms[y] & !rows[y]) | (room & rows[y]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{index, TILES};
    use rng::{DungeonRng, Rand16};

    /// Carving by column blends leaves the same tiles as opening the rectangle tile by tile,
    /// for rectangles inside, across and off the floor edges, over tiles already carved.
    #[test]
    fn carve_room_matches_a_tile_by_tile_fill() {
        let mut generator = Generator::new();
        let mut want = generator.tiles.clone();
        let mut rng = DungeonRng::init(0xCA7E);
        for round in 0..3000 {
            let x0 = rng.rand_range(-4, W + 4);
            let y0 = rng.rand_range(-4, H + 4);
            let x1 = x0 + rng.rand_int(20);
            let y1 = y0 + rng.rand_int(20);
            let room = rng.rand_int(256) as u8;
            generator.carve_room(x0, y0, x1, y1, room);
            for x in x0.max(0)..x1.min(W) {
                for y in y0.max(0)..y1.min(H) {
                    want.terrain[index(x, y)] = Terrain::Floor;
                    want.room[index(x, y)] = room;
                }
            }
            for at in 0..TILES {
                assert_eq!(
                    generator.tiles.get(at),
                    want.get(at),
                    "round {round} tile {at}"
                );
            }
            if round % 50 == 0 {
                // Back to walls now and then, so that carving meets both walls and rooms.
                *generator.tiles = crate::tile::Tiles::walls();
                *want = crate::tile::Tiles::walls();
            }
        }
    }
}
