//! The result of one floor: the board, its environment, every placed object with its attributes,
//! the player and the stairs. It renders as ASCII (one letter per object kind, with a legend) and
//! serializes to JSON with serde.

use std::fmt::{self, Write as _};

use serde::ser::{Serialize, Serializer};

use crate::board::{bit, Bits};

/// What an object on the board is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ObjectKind {
    /// A normal monster (AddMonsters), or a monster encounter created from a reward name (the
    /// Goblin Hoarder, marked `from_reward`).
    Monster,
    /// The floor boss; the stairs appear on its tile when it dies.
    Boss,
    /// A reward building: shop, chest, health pack, healing pool, services, mimic chest.
    Reward,
    /// A Bard's tavern.
    Tavern,
    /// One of the six altars (AddWeirdFeature).
    Altar,
    /// The Mushroom Patch (AddWeirdFeature).
    MushroomPatch,
    /// The Brainsucker (AddWeirdFeature).
    Brainsucker,
    /// The Lich Hunter placed in the player's region when the boss is the Lich.
    LichHunter,
    /// The throne of floor 4.
    Throne,
    /// Lord of the Dream, floor 4.
    FinalBoss,
    /// The floor's entry text, on the player's tile.
    LevelStart,
}

impl ObjectKind {
    /// Every kind, in legend order.
    pub const ALL: [ObjectKind; 11] = [
        ObjectKind::Monster,
        ObjectKind::Boss,
        ObjectKind::Reward,
        ObjectKind::Tavern,
        ObjectKind::Altar,
        ObjectKind::MushroomPatch,
        ObjectKind::Brainsucker,
        ObjectKind::LichHunter,
        ObjectKind::Throne,
        ObjectKind::FinalBoss,
        ObjectKind::LevelStart,
    ];

    /// The letter drawn on the ASCII board.
    pub fn letter(self) -> char {
        match self {
            ObjectKind::Monster => 'M',
            ObjectKind::Boss => 'B',
            ObjectKind::Reward => 'R',
            ObjectKind::Tavern => 'T',
            ObjectKind::Altar => 'A',
            ObjectKind::MushroomPatch => 'P',
            ObjectKind::Brainsucker => 'S',
            ObjectKind::LichHunter => 'H',
            ObjectKind::Throne => 'K',
            ObjectKind::FinalBoss => 'F',
            ObjectKind::LevelStart => 'L',
        }
    }

    /// The JSON spelling.
    pub fn label(self) -> &'static str {
        match self {
            ObjectKind::Monster => "monster",
            ObjectKind::Boss => "boss",
            ObjectKind::Reward => "reward",
            ObjectKind::Tavern => "tavern",
            ObjectKind::Altar => "altar",
            ObjectKind::MushroomPatch => "mushroom_patch",
            ObjectKind::Brainsucker => "brainsucker",
            ObjectKind::LichHunter => "lich_hunter",
            ObjectKind::Throne => "throne",
            ObjectKind::FinalBoss => "final_boss",
            ObjectKind::LevelStart => "level_start",
        }
    }
}

/// A treasure chest's loot, drawn at creation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Loot {
    /// Number of card items (their identity needs the card catalogue, which is not part of the
    /// floor; each still consumed its draw).
    pub cards: u8,
    /// Gold items' total.
    pub gold: i64,
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// One placed object.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Object<'t> {
    /// What it is.
    pub kind: ObjectKind,
    /// Display name.
    pub name: &'t str,
    /// Internal name (the game's, used for `seen` and boss exclusion).
    pub id: &'t str,
    /// Column.
    pub x: u8,
    /// Row (y grows upwards: `Up = (x, y + 1)`).
    pub y: u8,
    /// Level, for monsters, bosses, the final boss and mimic chests.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// Gold target of a reward (`int(average * multiplier)`), also for the Goblin Hoarder.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gold: Option<i64>,
    /// A shop's budget, drawn around its gold target.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<i64>,
    /// A treasure chest's loot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub loot: Option<Loot>,
    /// A monster created from a reward name (the Goblin Hoarder), not by AddMonsters.
    #[serde(skip_serializing_if = "is_false")]
    pub from_reward: bool,
}

impl<'t> Object<'t> {
    /// An object with no attributes.
    pub fn new(kind: ObjectKind, name: &'t str, id: &'t str, (x, y): (u8, u8)) -> Self {
        Object {
            kind,
            name,
            id,
            x,
            y,
            level: None,
            gold: None,
            budget: None,
            loot: None,
            from_reward: false,
        }
    }
}

/// One generated floor.
#[derive(Debug, Clone, PartialEq)]
pub struct Floor<'t> {
    /// 1 to 4.
    pub depth: u8,
    /// The floor seed the stream was switched to.
    pub seed: u32,
    /// The run's initial seed, when the floor was built as part of a run.
    pub initial_seed: Option<u32>,
    /// Tiles across.
    pub width: u8,
    /// Tiles down.
    pub height: u8,
    /// Environment name (`Last` on floor 4).
    pub environment: &'t str,
    /// The environment's floor tile sprite.
    pub floor_tile: &'t str,
    /// Whether every tile starts visible (floor 4).
    pub all_visible: bool,
    /// The player's tile.
    pub player: (u8, u8),
    /// Where the stairs appear (the boss tile), none on floor 4.
    pub stairs: Option<(u8, u8)>,
    /// Every object in creation order.
    pub objects: Vec<Object<'t>>,
    /// Floor 4: the final boss's three attributes.
    pub boss_attributes: Vec<&'t str>,
    /// The reward names drawn by `GenerateRewardName` (the `range(2, 4)` extras), in draw order;
    /// every reward placed on the board is also in `objects`.
    pub extra_rewards: Vec<&'t str>,
    pub(crate) walls: Bits,
    pub(crate) stride: u8,
}

impl Floor<'_> {
    /// Whether `(x, y)` is a wall.
    pub fn is_wall(&self, x: u8, y: u8) -> bool {
        x < self.width && y < self.height && self.walls & bit(y * self.stride + x) != 0
    }

    /// The number of walls.
    pub fn wall_count(&self) -> u32 {
        self.walls.count_ones()
    }

    /// The board as strings, top row (highest y) first: `#` wall, `.` floor.
    pub fn rows(&self) -> Vec<String> {
        (0..self.height)
            .rev()
            .map(|y| {
                (0..self.width)
                    .map(|x| if self.is_wall(x, y) { '#' } else { '.' })
                    .collect()
            })
            .collect()
    }

    /// The letter shown on a tile: the player first, then the most important object.
    fn glyph(&self, x: u8, y: u8) -> char {
        if self.player == (x, y) {
            return '@';
        }
        let shown = self
            .objects
            .iter()
            .filter(|o| (o.x, o.y) == (x, y))
            .map(|o| o.kind)
            .max_by_key(|kind| match kind {
                ObjectKind::FinalBoss | ObjectKind::Boss => 3,
                ObjectKind::Throne => 1,
                _ => 2,
            });
        match shown {
            Some(kind) => kind.letter(),
            None if self.is_wall(x, y) => '#',
            None => '.',
        }
    }

    /// The ASCII view: a header, the board (top row first), a legend and the object list.
    pub fn to_ascii(&self) -> String {
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = self.write_ascii(&mut out);
        out
    }

    fn write_ascii(&self, out: &mut String) -> fmt::Result {
        writeln!(
            out,
            "floor {}  seed {}  {}x{}  environment {}  walls {}",
            self.depth,
            self.seed,
            self.width,
            self.height,
            self.environment,
            self.wall_count()
        )?;
        for y in (0..self.height).rev() {
            let row: String = (0..self.width).map(|x| self.glyph(x, y)).collect();
            writeln!(out, "{row}")?;
        }
        let mut legend = vec!["# wall".to_string(), ". floor".into(), "@ player".into()];
        for kind in ObjectKind::ALL {
            if self.objects.iter().any(|o| o.kind == kind) && kind != ObjectKind::LevelStart {
                legend.push(format!(
                    "{} {}",
                    kind.letter(),
                    kind.label().replace('_', " ")
                ));
            }
        }
        writeln!(out, "legend: {}", legend.join("  "))?;
        writeln!(out, "player ({}, {})", self.player.0, self.player.1)?;
        match self.stairs {
            Some((x, y)) => writeln!(out, "stairs ({x}, {y}) when the boss dies")?,
            None => writeln!(out, "stairs none")?,
        }
        if !self.boss_attributes.is_empty() {
            writeln!(
                out,
                "final boss attributes: {}",
                self.boss_attributes.join(", ")
            )?;
        }
        for object in &self.objects {
            write!(
                out,
                "{} ({}, {}) {}",
                object.kind.letter(),
                object.x,
                object.y,
                object.name
            )?;
            if let Some(level) = object.level {
                write!(out, " level {level}")?;
            }
            if let Some(gold) = object.gold {
                write!(out, " gold {gold}")?;
            }
            if let Some(budget) = object.budget {
                write!(out, " budget {budget}")?;
            }
            if let Some(loot) = object.loot {
                write!(out, " loot {} card(s) {} gold", loot.cards, loot.gold)?;
            }
            writeln!(out)?;
        }
        Ok(())
    }
}

#[derive(serde::Serialize)]
struct FloorView<'a, 't> {
    depth: u8,
    seed: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    initial_seed: Option<u32>,
    width: u8,
    height: u8,
    environment: &'t str,
    floor_tile: &'t str,
    all_visible: bool,
    walls: u32,
    rows: Vec<String>,
    player: [u8; 2],
    stairs: Option<[u8; 2]>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    boss_attributes: &'a [&'t str],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    extra_rewards: &'a [&'t str],
    objects: &'a [Object<'t>],
}

impl Serialize for Floor<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        FloorView {
            depth: self.depth,
            seed: self.seed,
            initial_seed: self.initial_seed,
            width: self.width,
            height: self.height,
            environment: self.environment,
            floor_tile: self.floor_tile,
            all_visible: self.all_visible,
            walls: self.wall_count(),
            rows: self.rows(),
            player: [self.player.0, self.player.1],
            stairs: self.stairs.map(|(x, y)| [x, y]),
            boss_attributes: &self.boss_attributes,
            extra_rewards: &self.extra_rewards,
            objects: &self.objects,
        }
        .serialize(serializer)
    }
}
