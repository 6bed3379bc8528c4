//! The special rooms and touches of a layout: maze rooms, the Kecleon shop, the monster house,
//! extra hallways, room imperfections and secondary structures.

use crate::generator::{FloorSize, Generator};
use crate::grid::{cell_bit, grid_cells, has, x_major, y_major};
use crate::props::FloorProperties;
use crate::standard::STEPS4;
use crate::tile::{
    index, Terrain, F_CORNER_CUTTABLE, F_IN_MONSTER_HOUSE, F_IN_SHOP, HEIGHT, NO_ROOM, SPAWN_ITEM,
    SPAWN_MONSTER, SPAWN_SPECIAL, SPAWN_STAIRS, SPAWN_TRAP, WIDTH,
};

/// Percent chance that a room flagged for imperfections gets none.
const NO_IMPERFECTIONS_CHANCE: i32 = 60;

/// (dx, dy) of the game's 8 directions: down, down-right, right, up-right, up, up-left, left,
/// down-left.
pub(crate) const DIRECTIONS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const DIR8_DOWN: i32 = 0;
const DIR8_RIGHT: i32 = 2;
const DIR8_UP: i32 = 4;
const DIR8_LEFT: i32 = 6;

/// The direction of an extra hallway after the game's 3 passes of turning away from the grid
/// edges, by start direction (index bits 0-1: the direction / 2) and the edges the cell is on
/// (bit 2 bottom, 3 right, 4 top, 5 left). A table, because the direction is random and a
/// chain of tests on it mispredicted about 13 times per floor.
const AWAY_FROM_EDGES: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        let mut direction = (i & 3) as i32 * 2;
        let (bottom, right, top, left) = (i & 4 != 0, i & 8 != 0, i & 16 != 0, i & 32 != 0);
        let mut pass = 0;
        while pass < 3 {
            if direction == DIR8_DOWN && bottom {
                direction = DIR8_RIGHT;
            }
            if direction == DIR8_RIGHT && right {
                direction = DIR8_UP;
            }
            if direction == DIR8_UP && top {
                direction = DIR8_LEFT;
            }
            if direction == DIR8_LEFT && left {
                direction = DIR8_DOWN;
            }
            pass += 1;
        }
        table[i] = direction as u8;
        i += 1;
    }
    table
};

/// For each starting corner (top-left, top-right, bottom-right, bottom-left), whether each of the
/// 8 neighbours must be open for an imperfection to fill the tile (only the 4 cardinal ones are
/// read).
const CORNER_EXPECT_OPEN: [[bool; 8]; 4] = [
    [true, false, true, false, false, false, false, false],
    [true, false, false, false, false, false, true, false],
    [false, false, false, false, true, false, true, false],
    [false, false, true, false, true, false, false, false],
];

impl Generator {
    /// `SetTerrainObstacleChecked`: secondary terrain when asked and the tile is in the room,
    /// otherwise a wall.
    fn set_obstacle(&mut self, x: i32, y: i32, use_secondary: bool, room: u8) {
        let tile = self.tm(x, y);
        *tile.terrain = if use_secondary && *tile.room == room {
            Terrain::Secondary
        } else {
            Terrain::Wall
        };
    }

    /// `GenerateMazeLine`: a random walk in strides of 2, dropping obstacles behind it.
    #[allow(clippy::too_many_arguments)]
    fn maze_line(
        &mut self,
        mut x0: i32,
        mut y0: i32,
        bounds: (i32, i32, i32, i32),
        use_secondary: bool,
        room: u8,
    ) {
        let (xmin, ymin, xmax, ymax) = bounds;
        loop {
            let mut direction = self.rand_int(4) & 3;
            self.set_obstacle(x0, y0, use_secondary, room);
            let mut found = false;
            for _ in 0..4 {
                let (dx, dy) = STEPS4[direction as usize];
                let (px, py) = (x0 + 2 * dx, y0 + 2 * dy);
                if px >= xmin && px < xmax && py >= ymin && py < ymax && self.open(px, py) {
                    found = true;
                    break;
                }
                direction = (direction + 1) % 4;
            }
            if !found {
                return;
            }
            let (dx, dy) = STEPS4[direction as usize];
            self.set_obstacle(x0 + dx, y0 + dy, use_secondary, room);
            x0 += 2 * dx;
            y0 += 2 * dy;
        }
    }

    /// `GenerateMaze`: maze lines from every other border tile, then from every other inner
    /// tile.
    fn generate_maze(&mut self, x: i32, y: i32, use_secondary: bool) {
        self.grid.maze_room |= cell_bit(x, y);
        let cell = self.grid.rect(x, y);
        let room = self.t(cell.start_x, cell.start_y).room;
        let bounds = (cell.start_x, cell.start_y, cell.end_x, cell.end_y);
        let mut cx = cell.start_x + 1;
        while cx < cell.end_x - 1 {
            if !self.open(cx, cell.start_y - 1) {
                self.maze_line(cx, cell.start_y - 1, bounds, use_secondary, room);
            }
            cx += 2;
        }
        let mut cy = cell.start_y + 1;
        while cy < cell.end_y - 1 {
            if !self.open(cell.end_x, cy) {
                self.maze_line(cell.end_x, cy, bounds, use_secondary, room);
            }
            cy += 2;
        }
        let mut cx = cell.start_x + 1;
        while cx < cell.end_x - 1 {
            if !self.open(cx, cell.end_y) {
                self.maze_line(cx, cell.end_y, bounds, use_secondary, room);
            }
            cx += 2;
        }
        let mut cy = cell.start_y + 1;
        while cy < cell.end_y - 1 {
            if !self.open(cell.start_x - 1, cy) {
                self.maze_line(cell.start_x - 1, cy, bounds, use_secondary, room);
            }
            cy += 2;
        }
        let mut cx = cell.start_x + 3;
        while cx < cell.end_x - 3 {
            let mut cy = cell.start_y + 3;
            while cy < cell.end_y - 3 {
                if self.open(cx, cy) {
                    let terrain = if use_secondary {
                        Terrain::Secondary
                    } else {
                        Terrain::Wall
                    };
                    self.set_terrain(cx, cy, terrain);
                    self.maze_line(cx, cy, bounds, use_secondary, room);
                }
                cy += 2;
            }
            cx += 2;
        }
    }

    /// `GenerateMazeRoom`. The game rolls the chance, then tests `floor_generation_attempts < 0`,
    /// which never holds: wall mazes are never built, only the roll is drawn. We do the same.
    pub(crate) fn generate_maze_room(&mut self, grid_x: i32, grid_y: i32, props: &FloorProperties) {
        let chance = i32::from(props.maze_room_chance);
        if chance <= 0 || self.rand_int(100) >= chance {
            return;
        }
        if self.status.floor_generation_attempts >= 0 {
            return;
        }
        // Eligibility does not change while the pick is drawn, so the candidates (the odd-sized
        // rooms, y-outer: the game's order here) are the set bits of one mask.
        let grid = &self.grid;
        let open = grid.free_connected_rooms(grid_x, grid_y) & !grid.monster_house;
        let eligible = x_major(open)
            .filter(|&(x, y)| {
                let c = grid.rect(x, y);
                (c.end_x - c.start_x) % 2 != 0 && (c.end_y - c.start_y) % 2 != 0
            })
            .fold(0, |cells, (x, y)| cells | cell_bit(x, y));
        let count = eligible.count_ones() as i32;
        if count <= 0 {
            return;
        }
        let pick = self.shuffled_pick(count);
        if let Some((x, y)) = y_major(eligible).nth(pick as usize) {
            self.generate_maze(x, y, false);
        }
    }

    /// The game's way of picking one of `count` candidates: a single true value among 256
    /// booleans, moved by 64 random swaps of `RandInt(count)` indices. Returns where it ended.
    fn shuffled_pick(&mut self, count: i32) -> i32 {
        let mut position = 0;
        for _ in 0..64 {
            let a = self.rand_int(count) & 0xFF;
            let b = self.rand_int(count) & 0xFF;
            if a == position {
                position = b;
            } else if b == position {
                position = a;
            }
        }
        position
    }

    /// `GenerateKecleonShop`.
    pub(crate) fn generate_kecleon_shop(
        &mut self,
        grid_x: i32,
        grid_y: i32,
        props: &FloorProperties,
    ) {
        let chance = i32::from(props.kecleon_shop_chance);
        if self.status.has_monster_house || chance <= 0 {
            return;
        }
        if self.rand_int(100) >= chance {
            return;
        }
        let mut xs: [i32; 15] = std::array::from_fn(|i| i as i32);
        let mut ys: [i32; 15] = std::array::from_fn(|i| i as i32);
        for _ in 0..200 {
            let a = self.rand_int(15) as usize % 15;
            let b = self.rand_int(15) as usize % 15;
            xs.swap(a, b);
        }
        for _ in 0..200 {
            let a = self.rand_int(15) as usize % 15;
            let b = self.rand_int(15) as usize % 15;
            ys.swap(a, b);
        }
        for &x in xs.iter() {
            if x >= grid_x {
                continue;
            }
            for &y in ys.iter() {
                if y >= grid_y {
                    continue;
                }
                let grid = &self.grid;
                let blocked = grid.invalid
                    | grid.been_merged
                    | grid.merged
                    | grid.secondary_structure
                    | grid.maze_room
                    | grid.flag_secondary_structure;
                if !has(grid.connected & grid.room & !blocked, x, y) {
                    continue;
                }
                let cell = grid.rect(x, y);
                if (cell.start_x - cell.end_x).abs() < 5 || (cell.start_y - cell.end_y).abs() < 4 {
                    continue;
                }
                self.status.has_kecleon_shop = true;
                self.grid.kecleon_shop |= cell_bit(x, y);
                let mut max_y = cell.end_y;
                if cell.end_y - cell.start_y < 3 {
                    max_y = cell.end_y + 1;
                }
                for sx in cell.start_x + 1..cell.end_x - 1 {
                    for sy in cell.start_y + 1..max_y - 1 {
                        let tile = self.tm(sx, sy);
                        *tile.flags |= F_IN_SHOP;
                        *tile.spawn &= !(SPAWN_MONSTER | SPAWN_STAIRS);
                    }
                }
                for sx in cell.start_x..cell.end_x {
                    for sy in cell.start_y..cell.end_y {
                        *self.tm(sx, sy).spawn |= SPAWN_SPECIAL;
                    }
                }
                return;
            }
        }
    }

    /// `GenerateMonsterHouse`. The chance is rolled before the shop check.
    pub(crate) fn generate_monster_house(
        &mut self,
        grid_x: i32,
        grid_y: i32,
        chance: i32,
        props: &FloorProperties,
    ) {
        if chance <= 0 {
            return;
        }
        if self.rand_int(100) >= chance {
            return;
        }
        if self.status.has_kecleon_shop || Self::is_fixed_floor(props) {
            return;
        }
        // Eligibility does not change while the pick is drawn, so the candidates (x-outer, the
        // game's order) are the set bits of one mask.
        let eligible = self.grid.free_connected_rooms(grid_x, grid_y) & !self.grid.maze_room;
        let count = eligible.count_ones() as i32;
        if count <= 0 {
            return;
        }
        let pick = self.shuffled_pick(count);
        let Some((x, y)) = x_major(eligible).nth(pick as usize) else {
            return;
        };
        self.status.has_monster_house = true;
        self.grid.monster_house |= cell_bit(x, y);
        let cell = self.grid.rect(x, y);
        for cx in cell.start_x..cell.end_x {
            for cy in cell.start_y..cell.end_y {
                let tile = self.tm(cx, cy);
                *tile.flags |= F_IN_MONSTER_HOUSE;
                let room = *tile.room;
                self.status.monster_house_room = i32::from(room);
            }
        }
    }

    /// `GenerateExtraHallways`: random walks out of random rooms that tunnel through walls.
    pub(crate) fn generate_extra_hallways(&mut self, grid_x: i32, grid_y: i32, count: i32) {
        // The walks change tiles only, so the cells they may start from are found once.
        let grid = &self.grid;
        let starts = grid.room & grid.connected & !(grid.invalid | grid.maze_room);
        // The walk's tiles and the first are at least 2 tiles from every edge, so their 8
        // neighbours are on the floor and are read by flat index without bounds tests.
        let open = |g: &Generator, at: usize| g.tiles.terrain[at] == Terrain::Floor;
        // The flat offsets of the tiles 90 degrees to either side, found once per turn.
        let sides = |direction: i32| {
            let offset = |turn: i32| {
                let (dx, dy) = DIRECTIONS[((direction + turn) & 7) as usize];
                dx * HEIGHT as i32 + dy
            };
            (offset(2), offset(6))
        };
        for _ in 0..count {
            let x = self.rand_int(grid_x);
            let y = self.rand_int(grid_y);
            if !has(starts, x, y) {
                continue;
            }
            let cell = self.grid.rect(x, y);
            let mut cur_x = self.rand_range(cell.start_x, cell.end_x);
            let mut cur_y = self.rand_range(cell.start_y, cell.end_y);
            let edges = usize::from(y >= grid_y - 1) << 2
                | usize::from(x >= grid_x - 1) << 3
                | usize::from(y <= 0) << 4
                | usize::from(x <= 0) << 5;
            let mut direction = i32::from(AWAY_FROM_EDGES[(self.rand_int(4) & 3) as usize | edges]);
            let (dx, dy) = DIRECTIONS[(direction & 7) as usize];
            // Leave the room. The game walks while the tile's room index is the start tile's;
            // a connected room's index covers exactly its cell's rectangle (carved whole,
            // a merged room as the joint rectangle; nothing else carries the index, and
            // secondary structures come later), so the walk ends on the first tile past the
            // rectangle, found here without the walk and its data-dependent exit. The
            // direction is cardinal: one of dx, dy is 0 and keeps its coordinate.
            cur_x = [cell.start_x - 1, cur_x, cell.end_x][(dx + 1).clamp(0, 2) as usize];
            cur_y = [cell.start_y - 1, cur_y, cell.end_y][(dy + 1).clamp(0, 2) as usize];
            // Then cross any open floor.
            while self.open(cur_x, cur_y) {
                cur_x += dx;
                cur_y += dy;
            }
            if self.t(cur_x, cur_y).terrain == Terrain::Secondary {
                continue;
            }
            if cur_x - 2 < 0
                || cur_y - 2 < 0
                || cur_x + 2 >= WIDTH as i32
                || cur_y + 2 >= HEIGHT as i32
            {
                continue;
            }
            let (mut side_a, mut side_b) = sides(direction);
            let at = index(cur_x, cur_y) as i32;
            // Both sides are read and combined with `|`: the short-circuit test of the
            // second mispredicted about 3 times per floor.
            if open(self, (at + side_a) as usize) | open(self, (at + side_b) as usize) {
                continue;
            }
            let mut steps = self.rand_int(3) + 3;
            // The column from which a turn to the right ends the hallway on small and medium
            // floors, tested with `&` so that large floors never branch on the position.
            let stop_x = match self.status.floor_size {
                FloorSize::Small => 32,
                FloorSize::Medium => 48,
                FloorSize::Large => i32::MAX,
            };
            loop {
                if cur_x <= 1
                    || cur_y <= 1
                    || cur_x >= WIDTH as i32 - 1
                    || cur_y >= HEIGHT as i32 - 1
                {
                    break;
                }
                let at = index(cur_x, cur_y);
                // The game also stops on an impassable tile, but only the outer frame is
                // impassable (the spawn tests check it on every layout) and the tile is at
                // least 2 tiles inside it here, so that test never holds and is not made.
                if open(self, at) {
                    break;
                }
                let side = |offset: i32| open(self, (at as i32 + offset) as usize);
                if side(side_a) | side(side_b) {
                    // The last tile. Every 2 x 2 square of floor through it holds one of
                    // the tiles to its sides, so the square test is only needed when a side
                    // is open, which ends the walk; the tiles before it are always carved.
                    // The neighbours are read whole and combined with `&` and `|`:
                    // short-circuit tests on them mispredicted about 30 times per floor.
                    let (right, left) = (at + HEIGHT, at - HEIGHT);
                    let (east, west) = (open(self, right), open(self, left));
                    let (south, north) = (open(self, at + 1), open(self, at - 1));
                    let makes_square = (east
                        & ((open(self, right + 1) & south) | (open(self, right - 1) & north)))
                        | (west
                            & ((open(self, left + 1) & south) | (open(self, left - 1) & north)));
                    if !makes_square {
                        self.tiles.terrain[at] = Terrain::Floor;
                    }
                    break;
                }
                self.tiles.terrain[at] = Terrain::Floor;
                steps -= 1;
                if steps == 0 {
                    steps = self.rand_int(3) + 3;
                    if self.rand_int(100) < 50 {
                        direction = (direction + 2) % 8;
                    } else {
                        direction = (direction + 6) % 8;
                    }
                    (side_a, side_b) = sides(direction);
                    if (cur_x >= stop_x) & (direction == DIR8_RIGHT) {
                        break;
                    }
                }
                let (dx, dy) = DIRECTIONS[(direction & 7) as usize];
                cur_x += dx;
                cur_y += dy;
            }
        }
    }

    /// `GenerateRoomImperfections`: walls grown in from the corners of flagged rooms.
    pub(crate) fn generate_room_imperfections(&mut self, grid_x: i32, grid_y: i32) {
        // The pass changes terrain only, so the flagged rooms are found up front.
        let grid = &self.grid;
        let blocked = grid.invalid
            | grid.been_merged
            | grid.merged
            | grid.secondary_structure
            | grid.maze_room;
        let flagged = grid_cells(grid_x, grid_y)
            & grid.room
            & grid.connected
            & grid.flag_imperfect
            & !blocked;
        for (x, y) in x_major(flagged) {
            let cell = self.grid.rect(x, y);
            if self.rand_int(100) < NO_IMPERFECTIONS_CHANCE {
                continue;
            }
            let length = ((cell.end_x - cell.start_x + cell.end_y - cell.start_y) / 4).max(1);
            for _ in 0..length {
                for pass in 0..2 {
                    let corner = self.rand_int(4);
                    let (mut pt_x, mut pt_y, move_x, move_y) = match (corner, pass) {
                        (0, 0) => (cell.start_x, cell.start_y, 0, 1),
                        (0, _) => (cell.start_x, cell.start_y, 1, 0),
                        (1, 0) => (cell.end_x - 1, cell.start_y, -1, 0),
                        (1, _) => (cell.end_x - 1, cell.start_y, 0, 1),
                        (2, 0) => (cell.end_x - 1, cell.end_y - 1, 0, -1),
                        (2, _) => (cell.end_x - 1, cell.end_y - 1, -1, 0),
                        (3, 0) => (cell.start_x, cell.end_y - 1, 1, 0),
                        (3, _) => (cell.start_x, cell.end_y - 1, 0, -1),
                        _ => (0, 0, 0, 0),
                    };
                    for _ in 0..10 {
                        if pt_x < cell.start_x
                            || pt_x >= cell.end_x
                            || pt_y < cell.start_y
                            || pt_y >= cell.end_y
                        {
                            break;
                        }
                        if self.open(pt_x, pt_y) {
                            if !self.hallway_within_two(pt_x, pt_y) {
                                let expect = &CORNER_EXPECT_OPEN[(corner & 3) as usize];
                                let matches = (0..8).step_by(2).all(|d| {
                                    let (dx, dy) = DIRECTIONS[d];
                                    self.open(pt_x + dx, pt_y + dy) == expect[d]
                                });
                                if matches {
                                    self.set_terrain(pt_x, pt_y, Terrain::Wall);
                                }
                            }
                            break;
                        }
                        pt_x += move_x;
                        pt_y += move_y;
                    }
                }
            }
        }
    }

    /// Whether an open hallway tile lies within the 3 x 3 blocks around the 8 neighbours.
    fn hallway_within_two(&self, x: i32, y: i32) -> bool {
        DIRECTIONS.iter().any(|&(dx, dy)| {
            let (nx, ny) = (x + dx, y + dy);
            (-1..=1).any(|ox| {
                (-1..=1).any(|oy| {
                    let tile = self.t(nx + ox, ny + oy);
                    tile.is_floor() && tile.room == NO_ROOM
                })
            })
        })
    }

    /// `IsNextToHallway`: the tile or a cardinal neighbour is an open hallway tile.
    fn next_to_hallway(&self, x: i32, y: i32) -> bool {
        [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
            .iter()
            .any(|&(dx, dy)| {
                let (nx, ny) = (x + dx, y + dy);
                crate::tile::in_bounds(nx, ny) && {
                    let tile = self.t(nx, ny);
                    tile.is_floor() && tile.room == NO_ROOM
                }
            })
    }

    /// `GenerateSecondaryStructures`: in each flagged room, one of: nothing, a maze (or a plus,
    /// or a dot), a checkerboard, a pool, an island, a dividing line.
    pub(crate) fn generate_secondary_structures(&mut self, grid_x: i32, grid_y: i32) {
        // A structure changes only its own cell and none of the flags tested here, so the
        // flagged rooms are found up front (y-major, the game's order).
        let grid = &self.grid;
        let blocked = grid.invalid | grid.monster_house | grid.merged | grid.flag_imperfect;
        let flagged =
            grid_cells(grid_x, grid_y) & grid.room & grid.flag_secondary_structure & !blocked;
        for (x, y) in y_major(flagged) {
            let cell = self.grid.rect(x, y);
            let kind = self.rand_int(6);
            let size_x = cell.end_x - cell.start_x;
            let size_y = cell.end_y - cell.start_y;
            let mid_x = (cell.end_x + cell.start_x) / 2;
            let mid_y = (cell.end_y + cell.start_y) / 2;
            let budget = self.status.secondary_structures_budget;
            match kind {
                1 if budget > 0 => {
                    self.status.secondary_structures_budget -= 1;
                    if size_x % 2 != 0 && size_y % 2 != 0 {
                        self.generate_maze(x, y, true);
                    } else if size_x >= 5 && size_y >= 5 {
                        for (dx, dy) in [(0, 0), (0, -1), (-1, 0), (1, 0), (0, 1)] {
                            self.set_terrain(mid_x + dx, mid_y + dy, Terrain::Secondary);
                        }
                    } else {
                        self.set_terrain(mid_x, mid_y, Terrain::Secondary);
                    }
                    self.grid.secondary_structure |= cell_bit(x, y);
                }
                2 if budget > 0 && size_x % 2 != 0 && size_y % 2 != 0 => {
                    self.status.secondary_structures_budget -= 1;
                    for _ in 0..64 {
                        let rx = self.rand_int(size_x);
                        let ry = self.rand_int(size_y);
                        if (rx + ry) % 2 != 0 {
                            self.set_terrain(
                                cell.start_x + rx,
                                cell.start_y + ry,
                                Terrain::Secondary,
                            );
                        }
                    }
                    self.grid.secondary_structure |= cell_bit(x, y);
                }
                3 if size_x >= 5 && size_y >= 5 => {
                    let mut x1 = self.rand_range(cell.start_x + 2, cell.end_x - 3);
                    let mut y1 = self.rand_range(cell.start_y + 2, cell.end_y - 3);
                    let mut x2 = self.rand_range(cell.start_x + 2, cell.end_x - 3);
                    let y2 = self.rand_range(cell.start_y + 2, cell.end_y - 3);
                    if self.status.secondary_structures_budget > 0 {
                        self.status.secondary_structures_budget -= 1;
                        if x1 > x2 {
                            std::mem::swap(&mut x1, &mut x2);
                        }
                        // The game's y "swap" copies y2 into y1 and keeps y2, so a
                        // reversed pair gives a one-row pool.
                        if y1 > y2 {
                            y1 = y2;
                        }
                        for px in x1..=x2 {
                            for py in y1..=y2 {
                                self.set_terrain(px, py, Terrain::Secondary);
                            }
                        }
                        self.grid.secondary_structure |= cell_bit(x, y);
                    }
                }
                4 if size_x >= 6 && size_y >= 6 && budget > 0 => {
                    self.status.secondary_structures_budget -= 1;
                    for (dx, dy) in [
                        (-2, -2),
                        (-1, -2),
                        (0, -2),
                        (1, -2),
                        (-2, -1),
                        (-2, 0),
                        (-2, 1),
                        (-1, 1),
                        (0, 1),
                        (1, -2),
                        (1, -1),
                        (1, 0),
                        (1, 1),
                    ] {
                        let tile = self.tm(mid_x + dx, mid_y + dy);
                        *tile.terrain = Terrain::Secondary;
                        *tile.flags |= F_CORNER_CUTTABLE;
                    }
                    let warp = self.tm(mid_x - 1, mid_y - 1);
                    *warp.spawn |= SPAWN_TRAP | SPAWN_SPECIAL;
                    for (dx, dy) in [(0, -1), (-1, 0), (0, 0)] {
                        *self.tm(mid_x + dx, mid_y + dy).spawn |= SPAWN_ITEM | SPAWN_SPECIAL;
                    }
                    self.grid.secondary_structure |= cell_bit(x, y);
                }
                5 if budget > 0 => {
                    self.status.secondary_structures_budget -= 1;
                    // A divider across the room's middle row, or down its middle column.
                    let horizontal = self.rand_int(2) == 0;
                    let line = if horizontal {
                        cell.start_x..cell.end_x
                    } else {
                        cell.start_y..cell.end_y
                    };
                    let at = |i| if horizontal { (i, mid_y) } else { (mid_x, i) };
                    let blocked = line
                        .clone()
                        .map(at)
                        .any(|(tx, ty)| self.next_to_hallway(tx, ty));
                    if !blocked {
                        for (tx, ty) in line.map(at) {
                            self.set_terrain(tx, ty, Terrain::Secondary);
                        }
                        self.grid.secondary_structure |= cell_bit(x, y);
                    }
                }
                _ => {}
            }
        }
    }
}
