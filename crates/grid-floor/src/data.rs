//! The data tables of document 000 as YAML (`configs/grid-floor/default.yaml`, embedded), parsed
//! with serde (`deny_unknown_fields`) and validated into [`Tables`], the form the pipeline runs on.
//!
//! Validation collects every problem with its path (and its line when the path can be found in the
//! text) before anything is generated, including the run-time guarantees: every floor, environment
//! and reachable monster level has a normal monster candidate, and every floor's boss pool cannot be
//! emptied by the bosses of earlier floors.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::error::{Error, ErrorKind, Problem};
use crate::locate::line_of;

/// The default tables, embedded at build time.
pub const DEFAULT_YAML: &str = include_str!("../../../configs/grid-floor/default.yaml");

/// Number of real environments (document 000 section 3).
pub const ENVIRONMENT_COUNT: usize = 6;
/// The largest board side the bitset board holds ((side + 1) * side <= 128).
pub const MAX_SIDE: u8 = 10;
const ENVIRONMENT_KEYS: [&str; ENVIRONMENT_COUNT] =
    ["dungeon", "water", "volcano", "forest", "crypt", "mountain"];
const DIFFICULTY_IDS: [&str; 3] = ["kitten", "grizzly_bear", "velociraptor"];
const UNLOCK_BITS: u8 = 40;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTables {
    environments: Vec<RawEnvironment>,
    floors: Vec<RawFloor>,
    last_floor: RawLastFloor,
    maze: RawMaze,
    monster_placement: RawPlacement,
    monster_levels: RawLevels,
    rewards: RawRewards,
    perks: Vec<RawPerk>,
    difficulties: Vec<RawDifficulty>,
    taverns: RawTaverns,
    weird_features: RawWeird,
    companions: Vec<RawCompanion>,
    monsters: Vec<RawMonster>,
    bosses: Vec<RawMonster>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEnvironment {
    name: String,
    floor_tile: String,
    wall_tiles: Vec<String>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct RawRange {
    min: i32,
    max: i32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFloor {
    depth: u8,
    size: u8,
    monster_count: RawRange,
    base_levels: Vec<u8>,
    level_target: u32,
    boss_level: u8,
    reward_odds: String,
    gold_target: u32,
    weird_feature: bool,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLastFloor {
    size: u8,
    environment: String,
    floor_tile: String,
    centre: [u8; 2],
    throne: String,
    final_boss: String,
    final_boss_level: u8,
    boss_attribute_groups: Vec<Vec<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMaze {
    wall_chance: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlacement {
    cut_vertex_picks: u8,
    straight_corridor: f32,
    crossing: f32,
    corner_or_t: f32,
    dead_end: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLevels {
    first_biases: Vec<f32>,
    minus_one_below: f32,
    zero_up_to: f32,
    plus_one_up_to: f32,
    max_level: u8,
    seen_divisor: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHealing {
    pool_above: f32,
    pool: String,
    pack: String,
    pool_packs: RawRange,
    pack_only: RawRange,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOdds {
    reward: String,
    odds: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRewardKind {
    id: String,
    name: String,
    kind: RewardBehaviour,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTierCuts {
    depth: u8,
    cuts: Vec<f32>,
    tiers: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChest {
    one_item_below: f32,
    two_items_below: f32,
    gold_item_below: f32,
    tier_cuts: Vec<RawTierCuts>,
    gold_by_tier: Vec<u32>,
    gold_deviation: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRewards {
    shops: u8,
    healing: RawHealing,
    service: Vec<RawOdds>,
    extra_names: RawRange,
    name_odds: BTreeMap<String, Vec<RawOdds>>,
    total_gold_factor: f64,
    multiplier_start_per_reward: f64,
    multiplier_step: f64,
    shop_gold_deviation: f64,
    kinds: Vec<RawRewardKind>,
    chest: RawChest,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPerk {
    id: String,
    bit: u8,
    adds: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDifficulty {
    id: String,
    adds: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTaverns {
    class: String,
    name: String,
    second_tavern_perk: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeird {
    altar_odds: f32,
    mushroom_patch_odds: f32,
    brainsucker_odds: f32,
    altars: Vec<String>,
    mushroom_patch: String,
    brainsucker: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCompanion {
    boss: String,
    name: String,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
struct RawWeights {
    dungeon: f32,
    water: f32,
    volcano: f32,
    forest: f32,
    crypt: f32,
    mountain: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMonster {
    id: String,
    name: String,
    min_level: u8,
    max_level: u8,
    weights: RawWeights,
}

/// What a reward name creates when it is placed (facts 7.5).
#[derive(Deserialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RewardBehaviour {
    /// A shop: its budget is drawn from a normal around the gold target; a negative draw means
    /// no shop is created.
    Shop,
    /// A treasure chest: its loot is drawn at creation.
    Chest,
    /// A mimic chest: carries a monster level.
    MimicChest,
    /// A plain building (health pack, healing pool, services).
    Building,
    /// A monster encounter carrying gold (the Goblin Hoarder).
    Monster,
}

/// One environment: its name and tiles.
#[derive(Debug, Clone)]
pub struct Environment {
    /// Display name.
    pub name: String,
    /// The floor tile's sprite name.
    pub floor_tile: String,
    /// The wall tiles' sprite names.
    pub wall_tiles: Vec<String>,
}

/// The rules of one normal floor (depth 1 to 3).
#[derive(Debug, Clone)]
pub struct FloorRule {
    /// 1, 2 or 3.
    pub depth: u8,
    /// Board side.
    pub size: u8,
    /// Inclusive monster count range; no draw when min == max.
    pub monster_count: (i32, i32),
    /// The three base levels.
    pub base_levels: [u8; 3],
    /// The level sum the monsters are topped up to.
    pub level_target: u32,
    /// The boss's base level.
    pub boss_level: u8,
    /// Index into [`Tables::name_odds`].
    pub reward_odds: usize,
    /// GoldTarget of the floor.
    pub gold_target: u32,
    /// Whether AddWeirdFeature runs.
    pub weird_feature: bool,
}

/// The rules of the last floor.
#[derive(Debug, Clone)]
pub struct LastFloorRule {
    /// Board side.
    pub size: u8,
    /// Environment name.
    pub environment: String,
    /// Floor tile sprite.
    pub floor_tile: String,
    /// Throne and final boss tile.
    pub centre: (u8, u8),
    /// Throne name.
    pub throne: String,
    /// Final boss name.
    pub final_boss: String,
    /// Final boss level.
    pub final_boss_level: u8,
    /// The attribute groups, one uniform draw each.
    pub boss_attribute_groups: Vec<Vec<String>>,
}

/// A monster or boss row.
#[derive(Debug, Clone)]
pub struct MonsterRow {
    /// Internal name (used by `seen` and boss exclusion).
    pub id: String,
    /// Display name.
    pub name: String,
    /// Inclusive level range.
    pub min_level: u8,
    /// Inclusive level range.
    pub max_level: u8,
    /// Weight per environment, in environment order.
    pub weights: [f32; ENVIRONMENT_COUNT],
    /// The companion encounter created with this boss (the Lich Hunter), if any.
    pub companion: Option<String>,
}

impl MonsterRow {
    /// `CanFit(env, level)`: a weight of at least 1 and the level inside the range.
    pub fn fits(&self, environment: usize, level: u8) -> bool {
        self.weights[environment] >= 1.0 && self.min_level <= level && level <= self.max_level
    }
}

/// A reward name and what it creates.
#[derive(Debug, Clone)]
pub struct RewardKind {
    /// Internal name.
    pub id: String,
    /// Display name.
    pub name: String,
    /// What placing it does.
    pub behaviour: RewardBehaviour,
}

/// A cumulative roll table: `(threshold as f32, reward index)`; the first threshold above the roll
/// wins, the last row catches everything else.
pub type Cumulative = Vec<(f32, usize)>;

/// Every validated table the pipeline reads.
#[derive(Debug, Clone)]
pub struct Tables {
    /// The six environments in enum order.
    pub environments: Vec<Environment>,
    /// Floors 1 to 3.
    pub floors: Vec<FloorRule>,
    /// Floor 4.
    pub last_floor: LastFloorRule,
    /// BuildMaze's wall roll.
    pub wall_chance: f32,
    /// Up to this many cut vertices are reserved for monsters.
    pub cut_vertex_picks: u8,
    /// MonsterPercent by shape: straight corridor, crossing, corner or T, dead end.
    pub monster_percent: [f32; 4],
    /// Fluctuation biases of the first entries.
    pub first_biases: Vec<f32>,
    /// Fluctuation thresholds: -1 below, 0 up to, +1 up to.
    pub fluctuation: [f32; 3],
    /// The level cap.
    pub max_level: u8,
    /// The seen penalty divisor.
    pub seen_divisor: f32,
    /// Reward kinds.
    pub reward_kinds: Vec<RewardKind>,
    /// Shops per floor.
    pub shops: u8,
    /// Healing: pool threshold, pool kind, pack kind, pool packs range, pack-only range.
    pub healing: (f32, usize, usize, (i32, i32), (i32, i32)),
    /// The service roll.
    pub service: Cumulative,
    /// The number of extra reward names.
    pub extra_names: (i32, i32),
    /// Reward-name odds tables by name (floors refer to them by index).
    pub name_odds: Vec<(String, Cumulative)>,
    /// TotalGoldTarget = gold_target * this.
    pub total_gold_factor: f64,
    /// Gold multiplier start per reward and step.
    pub multiplier: (f64, f64),
    /// Shop budget deviation factor.
    pub shop_gold_deviation: f64,
    /// Chest loot: one item below, two items below, gold item below.
    pub chest_odds: [f32; 3],
    /// Chest tier cuts per depth 1..3: (cuts, tiers).
    pub chest_tiers: Vec<(Vec<f32>, Vec<u8>)>,
    /// Gold by tier (tier 1 first).
    pub gold_by_tier: Vec<u32>,
    /// Chest gold deviation factor.
    pub chest_gold_deviation: f64,
    /// Perks: (id, unlock bit, reward kinds added).
    pub perks: Vec<(String, u8, Vec<usize>)>,
    /// Rewards added per difficulty, in difficulty order.
    pub difficulty_rewards: Vec<Vec<usize>>,
    /// The class that builds taverns.
    pub tavern_class: String,
    /// The tavern's name.
    pub tavern_name: String,
    /// The perk index that adds the second floor-1 tavern.
    pub second_tavern_perk: usize,
    /// Weird-feature thresholds: altar below, mushroom patch below.
    pub weird_odds: [f32; 2],
    /// Altar names.
    pub altars: Vec<String>,
    /// Mushroom patch name.
    pub mushroom_patch: String,
    /// Brainsucker name.
    pub brainsucker: String,
    /// Normal monsters in MonsterList order.
    pub monsters: Vec<MonsterRow>,
    /// Bosses in MonsterList order.
    pub bosses: Vec<MonsterRow>,
}

impl Tables {
    /// The embedded default tables.
    pub fn default_tables() -> Result<Tables, Error> {
        Tables::from_yaml(DEFAULT_YAML)
    }

    /// Parses and validates a YAML text of the default's shape.
    pub fn from_yaml(text: &str) -> Result<Tables, Error> {
        let raw: RawTables = serde_yaml::from_str(text).map_err(|error| {
            let location = error.location();
            let mut message = error.to_string();
            if let Some(cut) = message.rfind(" at line ") {
                message.truncate(cut);
            }
            Error::new(ErrorKind::Yaml {
                line: location.as_ref().map(|l| l.line()),
                column: location.as_ref().map(|l| l.column()),
                message,
            })
        })?;
        let mut check = Checker {
            text,
            problems: Vec::new(),
        };
        let tables = build(&raw, &mut check);
        if check.problems.is_empty() {
            Ok(tables)
        } else {
            check.problems.sort_by_key(|p| p.line.unwrap_or(usize::MAX));
            Err(Error::new(ErrorKind::Invalid(check.problems)))
        }
    }

    /// The index of the environment called `name` (case-insensitive).
    pub fn environment_index(&self, name: &str) -> Option<usize> {
        self.environments
            .iter()
            .position(|e| e.name.eq_ignore_ascii_case(name))
    }

    /// The rules of normal floor `depth` (1 to 3).
    pub fn floor_rule(&self, depth: u8) -> Option<&FloorRule> {
        self.floors.iter().find(|f| f.depth == depth)
    }
}

struct Checker<'t> {
    text: &'t str,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn fail(&mut self, path: String, message: String) {
        let line = line_of(self.text, &path);
        self.problems.push(Problem {
            path,
            line,
            message,
        });
    }

    fn require(
        &mut self,
        ok: bool,
        path: impl FnOnce() -> String,
        message: impl FnOnce() -> String,
    ) {
        if !ok {
            self.fail(path(), message());
        }
    }

    fn probability(&mut self, value: f32, path: &str) {
        self.require(
            (0.0..=1.0).contains(&value),
            || path.to_string(),
            || format!("must be a probability between 0 and 1, found {value}"),
        );
    }

    fn range(&mut self, range: RawRange, path: &str, lowest: i32) {
        self.require(
            range.min <= range.max,
            || format!("{path}.min"),
            || format!("must be at most max ({} > {})", range.min, range.max),
        );
        self.require(
            range.min >= lowest,
            || format!("{path}.min"),
            || format!("must be at least {lowest}, found {}", range.min),
        );
    }
}

fn weights_array(weights: RawWeights) -> [f32; ENVIRONMENT_COUNT] {
    [
        weights.dungeon,
        weights.water,
        weights.volcano,
        weights.forest,
        weights.crypt,
        weights.mountain,
    ]
}

fn monster_rows(
    raw: &[RawMonster],
    table: &str,
    max_level: u8,
    companions: &[RawCompanion],
    check: &mut Checker<'_>,
) -> Vec<MonsterRow> {
    let mut rows: Vec<MonsterRow> = Vec::with_capacity(raw.len());
    for (i, row) in raw.iter().enumerate() {
        let weights = weights_array(row.weights);
        for (key, weight) in ENVIRONMENT_KEYS.iter().zip(weights) {
            check.require(
                weight.is_finite() && weight >= 0.0,
                || format!("{table}[{i}].weights.{key}"),
                || format!("must be a finite weight of at least 0, found {weight}"),
            );
        }
        check.require(
            row.min_level >= 1 && row.min_level <= row.max_level && row.max_level <= max_level,
            || format!("{table}[{i}].min_level"),
            || {
                format!(
                    "the level range {}-{} must satisfy 1 <= min_level <= max_level <= {max_level}",
                    row.min_level, row.max_level
                )
            },
        );
        if rows.iter().any(|r| r.id == row.id) {
            check.fail(
                format!("{table}[{i}].id"),
                format!("`{}` appears twice", row.id),
            );
        }
        rows.push(MonsterRow {
            id: row.id.clone(),
            name: row.name.clone(),
            min_level: row.min_level,
            max_level: row.max_level,
            weights,
            companion: companions
                .iter()
                .find(|c| c.boss == row.id)
                .map(|c| c.name.clone()),
        });
    }
    rows
}

fn reward_index(kinds: &[RewardKind], id: &str, path: String, check: &mut Checker<'_>) -> usize {
    match kinds.iter().position(|k| k.id == id) {
        Some(index) => index,
        None => {
            check.fail(path, format!("`{id}` is not a reward id of rewards.kinds"));
            0
        }
    }
}

fn cumulative(
    rows: &[RawOdds],
    kinds: &[RewardKind],
    path: &str,
    check: &mut Checker<'_>,
) -> Cumulative {
    let mut running = 0.0f64;
    let mut out = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        check.require(
            row.odds.is_finite() && row.odds >= 0.0,
            || format!("{path}[{i}].odds"),
            || format!("must be at least 0, found {}", row.odds),
        );
        running += row.odds;
        let index = reward_index(kinds, &row.reward, format!("{path}[{i}].reward"), check);
        out.push((running as f32, index));
    }
    check.require(
        !rows.is_empty() && (running - 1.0).abs() <= 1e-6,
        || path.to_string(),
        || format!("the odds must add up to 1, found {running}"),
    );
    out
}

/// Which boss ids an earlier floor could pick in any environment other than `environment`.
fn possible_bosses(bosses: &[MonsterRow], level: u8, except_environment: usize) -> Vec<usize> {
    (0..bosses.len())
        .filter(|&b| {
            (0..ENVIRONMENT_COUNT).any(|e| e != except_environment && bosses[b].fits(e, level))
        })
        .collect()
}

/// Whether earlier floors (each picking one boss from its list) can cover every id in `pool`.
fn can_cover(pool: &[usize], earlier: &[Vec<usize>], taken: &mut Vec<usize>) -> bool {
    if pool.iter().all(|b| taken.contains(b)) {
        return true;
    }
    let Some((first, rest)) = earlier.split_first() else {
        return false;
    };
    for &choice in first {
        if pool.contains(&choice) && !taken.contains(&choice) {
            taken.push(choice);
            let covered = can_cover(pool, rest, taken);
            taken.pop();
            if covered {
                return true;
            }
        }
    }
    can_cover(pool, rest, taken)
}

fn build(raw: &RawTables, check: &mut Checker<'_>) -> Tables {
    // Environments: exactly the six of the game's enum, in order, because the weight columns are
    // named after them.
    check.require(
        raw.environments.len() == ENVIRONMENT_COUNT,
        || "environments".to_string(),
        || {
            format!(
                "must list exactly the {ENVIRONMENT_COUNT} real environments, found {}",
                raw.environments.len()
            )
        },
    );
    for (i, environment) in raw.environments.iter().enumerate() {
        if let Some(key) = ENVIRONMENT_KEYS.get(i) {
            check.require(
                environment.name.eq_ignore_ascii_case(key),
                || format!("environments[{i}].name"),
                || format!("must be `{key}` (the weight columns follow the game's enum order), found `{}`", environment.name),
            );
        }
        check.require(
            !environment.wall_tiles.is_empty(),
            || format!("environments[{i}].wall_tiles"),
            || "must name at least one wall tile".to_string(),
        );
    }
    let environments: Vec<Environment> = raw
        .environments
        .iter()
        .map(|e| Environment {
            name: e.name.clone(),
            floor_tile: e.floor_tile.clone(),
            wall_tiles: e.wall_tiles.clone(),
        })
        .collect();

    // Reward kinds first: every other reward table refers to them.
    let reward_kinds: Vec<RewardKind> = raw
        .rewards
        .kinds
        .iter()
        .map(|k| RewardKind {
            id: k.id.clone(),
            name: k.name.clone(),
            behaviour: k.kind,
        })
        .collect();
    for (i, kind) in reward_kinds.iter().enumerate() {
        if reward_kinds[..i].iter().any(|k| k.id == kind.id) {
            check.fail(
                format!("rewards.kinds[{i}].id"),
                format!("`{}` appears twice", kind.id),
            );
        }
    }

    let levels = &raw.monster_levels;
    check.require(
        (1..=10).contains(&levels.max_level),
        || "monster_levels.max_level".to_string(),
        || format!("must be 1 to 10, found {}", levels.max_level),
    );
    check.require(
        levels.minus_one_below <= levels.zero_up_to && levels.zero_up_to <= levels.plus_one_up_to,
        || "monster_levels.zero_up_to".to_string(),
        || {
            "the thresholds must satisfy minus_one_below <= zero_up_to <= plus_one_up_to"
                .to_string()
        },
    );
    check.require(
        levels.seen_divisor.is_finite() && levels.seen_divisor >= 1.0,
        || "monster_levels.seen_divisor".to_string(),
        || format!("must be at least 1, found {}", levels.seen_divisor),
    );
    let max_level = levels.max_level.clamp(1, 10);

    let monsters = monster_rows(&raw.monsters, "monsters", max_level, &[], check);
    let bosses = monster_rows(&raw.bosses, "bosses", max_level, &raw.companions, check);
    for (i, companion) in raw.companions.iter().enumerate() {
        check.require(
            bosses.iter().any(|b| b.id == companion.boss),
            || format!("companions[{i}].boss"),
            || format!("`{}` is not a boss id", companion.boss),
        );
    }

    // Reward odds tables.
    let name_odds: Vec<(String, Cumulative)> = raw
        .rewards
        .name_odds
        .iter()
        .map(|(name, rows)| {
            let path = format!("rewards.name_odds.{name}");
            (name.clone(), cumulative(rows, &reward_kinds, &path, check))
        })
        .collect();

    // Floors.
    let mut floors = Vec::with_capacity(raw.floors.len());
    check.require(
        raw.floors.len() == 3,
        || "floors".to_string(),
        || {
            format!(
                "must describe floors 1, 2 and 3, found {} rows",
                raw.floors.len()
            )
        },
    );
    for (i, floor) in raw.floors.iter().enumerate() {
        let path = |field: &str| format!("floors[{i}].{field}");
        check.require(
            usize::from(floor.depth) == i + 1,
            || path("depth"),
            || {
                format!(
                    "must be {} (rows in depth order), found {}",
                    i + 1,
                    floor.depth
                )
            },
        );
        check.require(
            (2..=MAX_SIDE).contains(&floor.size),
            || path("size"),
            || format!("must be 2 to {MAX_SIDE}, found {}", floor.size),
        );
        check.range(floor.monster_count, &path("monster_count"), 1);
        let cells = i32::from(floor.size) * i32::from(floor.size);
        check.require(
            floor.monster_count.max <= cells / 2,
            || path("monster_count.max"),
            || {
                format!(
                    "must leave room on a {0}x{0} board (at most {1}), found {2}",
                    floor.size,
                    cells / 2,
                    floor.monster_count.max
                )
            },
        );
        let mut base = [1u8; 3];
        if floor.base_levels.len() == 3 {
            base.copy_from_slice(&floor.base_levels);
        } else {
            check.fail(
                path("base_levels"),
                format!("must hold 3 levels, found {}", floor.base_levels.len()),
            );
        }
        check.require(
            base[0] >= 1 && base[0] <= base[1] && base[1] <= base[2] && base[2] <= max_level,
            || path("base_levels"),
            || {
                format!(
                    "must ascend within 1..={max_level}, found {:?}",
                    floor.base_levels
                )
            },
        );
        let cap = (base[2] + 1).min(max_level);
        let reachable = u32::try_from(floor.monster_count.min.max(0)).unwrap_or(0) * u32::from(cap);
        check.require(
            floor.level_target <= reachable,
            || path("level_target"),
            || {
                format!(
                    "{} cannot be reached by {} monsters capped at level {cap}",
                    floor.level_target, floor.monster_count.min
                )
            },
        );
        check.require(
            (1..=max_level).contains(&floor.boss_level),
            || path("boss_level"),
            || format!("must be 1 to {max_level}, found {}", floor.boss_level),
        );
        let reward_odds = match name_odds.iter().position(|(n, _)| *n == floor.reward_odds) {
            Some(index) => index,
            None => {
                check.fail(
                    path("reward_odds"),
                    format!(
                        "`{}` is not a table of rewards.name_odds",
                        floor.reward_odds
                    ),
                );
                0
            }
        };
        // Every environment and every level a monster can end up at needs a candidate.
        for environment in 0..ENVIRONMENT_COUNT {
            for level in base[0].min(cap)..=cap {
                if !monsters.iter().any(|m| m.fits(environment, level)) {
                    check.fail(
                        format!("monsters[*].weights.{}", ENVIRONMENT_KEYS[environment]),
                        format!(
                            "no monster row has weights.{} >= 1 and a level range containing {level}, which floors[{i}] (depth {}) needs",
                            ENVIRONMENT_KEYS[environment], floor.depth
                        ),
                    );
                }
            }
        }
        floors.push(FloorRule {
            depth: floor.depth,
            size: floor.size,
            monster_count: (floor.monster_count.min, floor.monster_count.max),
            base_levels: base,
            level_target: floor.level_target,
            boss_level: floor.boss_level,
            reward_odds,
            gold_target: floor.gold_target,
            weird_feature: floor.weird_feature,
        });
    }
    // Boss pools: no floor may find its pool emptied by the bosses earlier floors could pick.
    for (i, floor) in floors.iter().enumerate() {
        for environment in 0..ENVIRONMENT_COUNT {
            let pool: Vec<usize> = (0..bosses.len())
                .filter(|&b| bosses[b].fits(environment, floor.boss_level))
                .collect();
            let earlier: Vec<Vec<usize>> = floors[..i]
                .iter()
                .map(|f| possible_bosses(&bosses, f.boss_level, environment))
                .collect();
            if pool.is_empty() || can_cover(&pool, &earlier, &mut Vec::new()) {
                check.fail(
                    format!("bosses[*].weights.{}", ENVIRONMENT_KEYS[environment]),
                    format!(
                        "floors[{i}] (depth {}) in environment {} at level {} has {} boss candidate(s), which earlier floors can use up",
                        floor.depth, environments.get(environment).map_or("?", |e| e.name.as_str()), floor.boss_level, pool.len()
                    ),
                );
            }
        }
    }

    let last = &raw.last_floor;
    check.require(
        (2..=MAX_SIDE).contains(&last.size),
        || "last_floor.size".to_string(),
        || format!("must be 2 to {MAX_SIDE}, found {}", last.size),
    );
    check.require(
        last.centre[0] < last.size && last.centre[1] < last.size,
        || "last_floor.centre".to_string(),
        || {
            format!(
                "{:?} is outside the {}x{} board",
                last.centre, last.size, last.size
            )
        },
    );
    check.require(
        !last.boss_attribute_groups.iter().any(Vec::is_empty),
        || "last_floor.boss_attribute_groups".to_string(),
        || "every group needs at least one attribute".to_string(),
    );

    check.probability(raw.maze.wall_chance, "maze.wall_chance");
    let placement = &raw.monster_placement;
    for (value, name) in [
        (placement.straight_corridor, "straight_corridor"),
        (placement.crossing, "crossing"),
        (placement.corner_or_t, "corner_or_t"),
        (placement.dead_end, "dead_end"),
    ] {
        check.probability(value, &format!("monster_placement.{name}"));
    }

    // Rewards.
    let rewards = &raw.rewards;
    check.probability(rewards.healing.pool_above, "rewards.healing.pool_above");
    let pool = reward_index(
        &reward_kinds,
        &rewards.healing.pool,
        "rewards.healing.pool".into(),
        check,
    );
    let pack = reward_index(
        &reward_kinds,
        &rewards.healing.pack,
        "rewards.healing.pack".into(),
        check,
    );
    check.range(rewards.healing.pool_packs, "rewards.healing.pool_packs", 0);
    check.range(rewards.healing.pack_only, "rewards.healing.pack_only", 0);
    check.range(rewards.extra_names, "rewards.extra_names", 0);
    let service = cumulative(&rewards.service, &reward_kinds, "rewards.service", check);
    for (value, name) in [
        (rewards.total_gold_factor, "total_gold_factor"),
        (
            rewards.multiplier_start_per_reward,
            "multiplier_start_per_reward",
        ),
        (rewards.multiplier_step, "multiplier_step"),
        (rewards.shop_gold_deviation, "shop_gold_deviation"),
        (rewards.chest.gold_deviation, "chest.gold_deviation"),
    ] {
        check.require(
            value.is_finite() && value >= 0.0,
            || format!("rewards.{name}"),
            || format!("must be a finite number of at least 0, found {value}"),
        );
    }
    let chest = &rewards.chest;
    check.require(
        (0.0..=1.0).contains(&chest.one_item_below)
            && chest.one_item_below <= chest.two_items_below
            && chest.two_items_below <= 1.0,
        || "rewards.chest.two_items_below".to_string(),
        || "must satisfy 0 <= one_item_below <= two_items_below <= 1".to_string(),
    );
    check.probability(chest.gold_item_below, "rewards.chest.gold_item_below");
    check.require(
        !chest.gold_by_tier.is_empty(),
        || "rewards.chest.gold_by_tier".to_string(),
        || "needs at least one tier".to_string(),
    );
    let mut chest_tiers = vec![(Vec::new(), vec![1u8]); 3];
    for depth in 1..=3u8 {
        match chest.tier_cuts.iter().position(|t| t.depth == depth) {
            Some(i) => {
                let row = &chest.tier_cuts[i];
                check.require(
                    row.tiers.len() == row.cuts.len() + 1,
                    || format!("rewards.chest.tier_cuts[{i}].tiers"),
                    || {
                        format!(
                            "needs one more entry than cuts ({}), found {}",
                            row.cuts.len(),
                            row.tiers.len()
                        )
                    },
                );
                check.require(
                    row.tiers
                        .iter()
                        .all(|&t| t >= 1 && usize::from(t) <= chest.gold_by_tier.len()),
                    || format!("rewards.chest.tier_cuts[{i}].tiers"),
                    || format!("tiers must be 1 to {}", chest.gold_by_tier.len()),
                );
                chest_tiers[usize::from(depth - 1)] = (row.cuts.clone(), row.tiers.clone());
            }
            None => check.fail(
                "rewards.chest.tier_cuts".to_string(),
                format!("has no row for depth {depth}"),
            ),
        }
    }

    let perks: Vec<(String, u8, Vec<usize>)> = raw
        .perks
        .iter()
        .enumerate()
        .map(|(i, perk)| {
            check.require(
                perk.bit < UNLOCK_BITS,
                || format!("perks[{i}].bit"),
                || {
                    format!(
                        "must be below {UNLOCK_BITS} (the seed string's unlock bits), found {}",
                        perk.bit
                    )
                },
            );
            let adds = perk
                .adds
                .iter()
                .enumerate()
                .map(|(j, id)| {
                    reward_index(&reward_kinds, id, format!("perks[{i}].adds[{j}]"), check)
                })
                .collect();
            (perk.id.clone(), perk.bit, adds)
        })
        .collect();
    check.require(
        raw.difficulties.len() == DIFFICULTY_IDS.len(),
        || "difficulties".to_string(),
        || format!("must list {DIFFICULTY_IDS:?} in order"),
    );
    let difficulty_rewards = raw
        .difficulties
        .iter()
        .enumerate()
        .map(|(i, difficulty)| {
            check.require(
                DIFFICULTY_IDS.get(i) == Some(&difficulty.id.as_str()),
                || format!("difficulties[{i}].id"),
                || {
                    format!(
                        "must be `{}`, found `{}`",
                        DIFFICULTY_IDS.get(i).unwrap_or(&"(none)"),
                        difficulty.id
                    )
                },
            );
            difficulty
                .adds
                .iter()
                .enumerate()
                .map(|(j, id)| {
                    reward_index(
                        &reward_kinds,
                        id,
                        format!("difficulties[{i}].adds[{j}]"),
                        check,
                    )
                })
                .collect()
        })
        .collect();
    let second_tavern_perk = match perks
        .iter()
        .position(|p| p.0 == raw.taverns.second_tavern_perk)
    {
        Some(index) => index,
        None => {
            check.fail(
                "taverns.second_tavern_perk".to_string(),
                format!("`{}` is not a perk id", raw.taverns.second_tavern_perk),
            );
            0
        }
    };
    check.require(
        rng::SeedCode::class_index(&raw.taverns.class).is_some(),
        || "taverns.class".to_string(),
        || {
            format!(
                "`{}` is not a class (one of {:?})",
                raw.taverns.class,
                rng::CLASSES
            )
        },
    );

    let weird = &raw.weird_features;
    let weird_total = f64::from(weird.altar_odds)
        + f64::from(weird.mushroom_patch_odds)
        + f64::from(weird.brainsucker_odds);
    check.require(
        weird.altar_odds >= 0.0
            && weird.mushroom_patch_odds >= 0.0
            && weird.brainsucker_odds >= 0.0
            && (weird_total - 1.0).abs() <= 1e-6,
        || "weird_features.altar_odds".to_string(),
        || format!("the three odds must be at least 0 and add up to 1, found {weird_total}"),
    );
    check.require(
        !weird.altars.is_empty(),
        || "weird_features.altars".to_string(),
        || "needs at least one altar".to_string(),
    );

    Tables {
        environments,
        floors,
        last_floor: LastFloorRule {
            size: last.size.clamp(2, MAX_SIDE),
            environment: last.environment.clone(),
            floor_tile: last.floor_tile.clone(),
            centre: (last.centre[0], last.centre[1]),
            throne: last.throne.clone(),
            final_boss: last.final_boss.clone(),
            final_boss_level: last.final_boss_level,
            boss_attribute_groups: last.boss_attribute_groups.clone(),
        },
        wall_chance: raw.maze.wall_chance,
        cut_vertex_picks: placement.cut_vertex_picks,
        monster_percent: [
            placement.straight_corridor,
            placement.crossing,
            placement.corner_or_t,
            placement.dead_end,
        ],
        first_biases: levels.first_biases.clone(),
        fluctuation: [
            levels.minus_one_below,
            levels.zero_up_to,
            levels.plus_one_up_to,
        ],
        max_level,
        seen_divisor: levels.seen_divisor,
        shops: rewards.shops,
        healing: (
            rewards.healing.pool_above,
            pool,
            pack,
            (
                rewards.healing.pool_packs.min,
                rewards.healing.pool_packs.max,
            ),
            (rewards.healing.pack_only.min, rewards.healing.pack_only.max),
        ),
        service,
        extra_names: (rewards.extra_names.min, rewards.extra_names.max),
        name_odds,
        total_gold_factor: rewards.total_gold_factor,
        multiplier: (rewards.multiplier_start_per_reward, rewards.multiplier_step),
        shop_gold_deviation: rewards.shop_gold_deviation,
        chest_odds: [
            chest.one_item_below,
            chest.two_items_below,
            chest.gold_item_below,
        ],
        chest_tiers,
        gold_by_tier: chest.gold_by_tier.clone(),
        chest_gold_deviation: chest.gold_deviation,
        reward_kinds,
        perks,
        difficulty_rewards,
        tavern_class: raw.taverns.class.clone(),
        tavern_name: raw.taverns.name.clone(),
        second_tavern_perk,
        weird_odds: [
            weird.altar_odds,
            (f64::from(weird.altar_odds) + f64::from(weird.mushroom_patch_odds)) as f32,
        ],
        altars: weird.altars.clone(),
        mushroom_patch: weird.mushroom_patch.clone(),
        brainsucker: weird.brainsucker.clone(),
        monsters,
        bosses,
    }
}
