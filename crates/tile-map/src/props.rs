//! Floor properties: the game's `floor_properties` struct (field names kept), the layouts, and
//! the [`Quirks`] switch between the game's behaviour and a corrected one.

use serde::Serialize;

/// The floor layout (the game's `floor_layout`; values 12 to 15 behave like [`Layout::Large`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    /// 0: the standard floor on a random grid of up to 6 x 4 cells.
    Large,
    /// 1: the standard floor on the left half of a 4-column grid.
    Small,
    /// 2: one big room that is a monster house.
    OneRoomMonsterHouse,
    /// 3: a ring of hallways around 4 x 2 rooms.
    OuterRing,
    /// 4: rooms around a ladder of hallways, corners empty.
    Crossroads,
    /// 5: two rooms, one of them a monster house.
    TwoRoomsWithMonsterHouse,
    /// 6: five cells in a row.
    Line,
    /// 7: five rooms in a plus sign.
    Cross,
    /// 8: the standard floor on a grid of up to 5 x 4 cells.
    LargeGrid0x8,
    /// 9: a 3 x 3 grid whose middle column is one merged room.
    Beetle,
    /// 10: rooms on the outer ring of the grid only (unused by the game; not verified).
    OuterRooms,
    /// 11: the standard floor on the left three quarters of a 4-column grid.
    Medium,
}

impl Layout {
    /// The layout of the game's layout number, masked with 0xF as the game does.
    pub fn from_number(number: u8) -> Layout {
        match number & 0xF {
            1 => Layout::Small,
            2 => Layout::OneRoomMonsterHouse,
            3 => Layout::OuterRing,
            4 => Layout::Crossroads,
            5 => Layout::TwoRoomsWithMonsterHouse,
            6 => Layout::Line,
            7 => Layout::Cross,
            8 => Layout::LargeGrid0x8,
            9 => Layout::Beetle,
            10 => Layout::OuterRooms,
            11 => Layout::Medium,
            _ => Layout::Large,
        }
    }
}

/// Which of the game's known bugs the generator reproduces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Quirks {
    /// The game's behaviour, bugs included: the maps match the real game's.
    #[default]
    Faithful,
    /// Each known bug corrected: the dead-end neighbour check looks at the cell in the chosen
    /// direction, the 32-room cap takes effect, and the water frame is two tiles thick on the
    /// right and bottom as it already is on the left and top.
    Fixed,
}

/// The floor properties the generator runs on, validated (see `config` for loading them).
///
/// Field names are the game's (`floor_properties` in the disassembly).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FloorProperties {
    /// Layout number, 0 to 15.
    pub layout: u8,
    /// Rooms wanted: `n + RandInt(3)` when >= 0, exactly `-n` when negative.
    pub room_density: i8,
    /// Steps of the connection random walk.
    pub floor_connectivity: u8,
    /// Enemies: `RandRange(d / 2, d)` (at least 1) when >= 1, exactly `-d` when below 1.
    pub enemy_density: i8,
    /// Percent chance of a Kecleon shop.
    pub kecleon_shop_chance: u8,
    /// Percent chance of a monster house.
    pub monster_house_chance: u8,
    /// Percent chance of a maze room (the game never builds one; see `GenerateMazeRoom`).
    pub maze_room_chance: u8,
    /// Whether hallway dead ends may stay.
    pub allow_dead_ends: bool,
    /// How many secondary structures may be built.
    pub secondary_structures_budget: u8,
    /// Whether rivers and lakes of secondary terrain are generated.
    pub f_secondary_terrain_generation: bool,
    /// Whether rooms may get imperfections.
    pub f_room_imperfections: bool,
    /// Item density.
    pub item_density: u8,
    /// Trap density.
    pub trap_density: u8,
    /// Floor number (kept for completeness; generation does not read it).
    pub floor_number: u8,
    /// Fixed room id; 1 to 0x6E make the floor a fixed floor (no monster house, no stairs check).
    pub fixed_room_id: u8,
    /// Extra hallway random walks.
    pub num_extra_hallways: u8,
    /// Buried item density.
    pub buried_item_density: u8,
    /// Standalone lakes.
    pub secondary_terrain_density: u8,
    /// Percent chance that a monster house has no items or traps.
    pub itemless_monster_house_chance: u8,
    /// Hidden stairs: 0 none, 1 secret bazaar, 2 secret room.
    pub hidden_stairs_type: u8,
    /// Percent chance of hidden stairs when `hidden_stairs_type` is set (rolled on a secondary
    /// generator; unverified against the game).
    pub hidden_stairs_spawn_chance: u8,
}
