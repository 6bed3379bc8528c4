//! Loading floor properties: YAML or JSON (JSON is YAML) with the game's field names and
//! `deny_unknown_fields`, `key=value` overrides, range validation that reports every problem with
//! its field and line, and the presets shipped in `configs/tile-map/` (embedded).
//!
//! A file may give any subset of the fields; the others keep the values of the properties it is
//! applied to (the `std` preset for a file on its own).

use serde::Deserialize;

use crate::error::{Error, ErrorKind, Problem};
use crate::props::FloorProperties;

/// The presets shipped with the crate, by name (the vectors' `presets.json`).
const PRESETS: [(&str, &str); 7] = [
    ("std", include_str!("../../../configs/tile-map/std.yaml")),
    (
        "water",
        include_str!("../../../configs/tile-map/water.yaml"),
    ),
    (
        "small",
        include_str!("../../../configs/tile-map/small.yaml"),
    ),
    (
        "medium",
        include_str!("../../../configs/tile-map/medium.yaml"),
    ),
    ("bare", include_str!("../../../configs/tile-map/bare.yaml")),
    (
        "imperfect",
        include_str!("../../../configs/tile-map/imperfect.yaml"),
    ),
    (
        "structures",
        include_str!("../../../configs/tile-map/structures.yaml"),
    ),
];

/// Names of the shipped presets.
pub const PRESET_NAMES: [&str; 7] = [
    "std",
    "water",
    "small",
    "medium",
    "bare",
    "imperfect",
    "structures",
];

/// The file form: every field optional, no other field allowed, wide integer types so that
/// out-of-range values reach validation (and get a clear message) instead of failing to parse.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FloorFile {
    layout: Option<i64>,
    room_density: Option<i64>,
    floor_connectivity: Option<i64>,
    enemy_density: Option<i64>,
    kecleon_shop_chance: Option<i64>,
    monster_house_chance: Option<i64>,
    maze_room_chance: Option<i64>,
    allow_dead_ends: Option<bool>,
    secondary_structures_budget: Option<i64>,
    f_secondary_terrain_generation: Option<bool>,
    f_room_imperfections: Option<bool>,
    item_density: Option<i64>,
    trap_density: Option<i64>,
    floor_number: Option<i64>,
    fixed_room_id: Option<i64>,
    num_extra_hallways: Option<i64>,
    buried_item_density: Option<i64>,
    secondary_terrain_density: Option<i64>,
    itemless_monster_house_chance: Option<i64>,
    hidden_stairs_type: Option<i64>,
    hidden_stairs_spawn_chance: Option<i64>,
}

/// The 1-based line where `field` is set in `text` (`field:` or `"field":`), if any.
fn line_of(text: &str, field: &str) -> Option<usize> {
    text.lines()
        .position(|line| {
            let line = line.trim_start().trim_start_matches(['{', ',', ' ']);
            let line = line.strip_prefix('"').unwrap_or(line);
            line.strip_prefix(field)
                .map(|rest| rest.trim_start_matches('"').trim_start().starts_with(':'))
                .unwrap_or(false)
        })
        .map(|index| index + 1)
}

struct Checker<'a> {
    text: &'a str,
    problems: Vec<Problem>,
}

impl Checker<'_> {
    fn int<T: TryFrom<i64>>(
        &mut self,
        field: &str,
        value: Option<i64>,
        lo: i64,
        hi: i64,
        slot: &mut T,
    ) {
        let Some(value) = value else { return };
        if value < lo || value > hi {
            self.problems.push(Problem {
                field: field.to_string(),
                line: line_of(self.text, field),
                message: format!("{value} is out of range {lo}..={hi}"),
            });
            return;
        }
        if let Ok(converted) = T::try_from(value) {
            *slot = converted;
        }
    }
}

fn apply(text: &str, file: FloorFile, base: &FloorProperties) -> Result<FloorProperties, Error> {
    let mut props = base.clone();
    let mut check = Checker {
        text,
        problems: Vec::new(),
    };
    check.int("layout", file.layout, 0, 15, &mut props.layout);
    check.int(
        "room_density",
        file.room_density,
        -36,
        36,
        &mut props.room_density,
    );
    check.int(
        "floor_connectivity",
        file.floor_connectivity,
        0,
        255,
        &mut props.floor_connectivity,
    );
    check.int(
        "enemy_density",
        file.enemy_density,
        -128,
        127,
        &mut props.enemy_density,
    );
    check.int(
        "kecleon_shop_chance",
        file.kecleon_shop_chance,
        0,
        100,
        &mut props.kecleon_shop_chance,
    );
    check.int(
        "monster_house_chance",
        file.monster_house_chance,
        0,
        100,
        &mut props.monster_house_chance,
    );
    check.int(
        "maze_room_chance",
        file.maze_room_chance,
        0,
        100,
        &mut props.maze_room_chance,
    );
    check.int(
        "secondary_structures_budget",
        file.secondary_structures_budget,
        0,
        255,
        &mut props.secondary_structures_budget,
    );
    check.int(
        "item_density",
        file.item_density,
        0,
        255,
        &mut props.item_density,
    );
    check.int(
        "trap_density",
        file.trap_density,
        0,
        255,
        &mut props.trap_density,
    );
    check.int(
        "floor_number",
        file.floor_number,
        0,
        255,
        &mut props.floor_number,
    );
    check.int(
        "fixed_room_id",
        file.fixed_room_id,
        0,
        255,
        &mut props.fixed_room_id,
    );
    check.int(
        "num_extra_hallways",
        file.num_extra_hallways,
        0,
        255,
        &mut props.num_extra_hallways,
    );
    check.int(
        "buried_item_density",
        file.buried_item_density,
        0,
        255,
        &mut props.buried_item_density,
    );
    check.int(
        "secondary_terrain_density",
        file.secondary_terrain_density,
        0,
        255,
        &mut props.secondary_terrain_density,
    );
    check.int(
        "itemless_monster_house_chance",
        file.itemless_monster_house_chance,
        0,
        100,
        &mut props.itemless_monster_house_chance,
    );
    check.int(
        "hidden_stairs_type",
        file.hidden_stairs_type,
        0,
        2,
        &mut props.hidden_stairs_type,
    );
    check.int(
        "hidden_stairs_spawn_chance",
        file.hidden_stairs_spawn_chance,
        0,
        100,
        &mut props.hidden_stairs_spawn_chance,
    );
    if let Some(value) = file.allow_dead_ends {
        props.allow_dead_ends = value;
    }
    if let Some(value) = file.f_secondary_terrain_generation {
        props.f_secondary_terrain_generation = value;
    }
    if let Some(value) = file.f_room_imperfections {
        props.f_room_imperfections = value;
    }
    if check.problems.is_empty() {
        Ok(props)
    } else {
        Err(Error::new(ErrorKind::Invalid(check.problems)))
    }
}

fn parse_file(text: &str) -> Result<FloorFile, Error> {
    if text.trim().is_empty() {
        return Ok(FloorFile::default());
    }
    serde_yaml::from_str(text).map_err(|error| {
        Error::new(ErrorKind::Parse {
            line: error.location().map(|location| location.line()),
            message: strip_location(&error.to_string()).to_string(),
        })
    })
}

/// The properties that `text` (YAML or JSON) sets on top of `base`, validated.
pub fn parse_properties(text: &str, base: &FloorProperties) -> Result<FloorProperties, Error> {
    let file = parse_file(text)?;
    apply(text, file, base)
}

/// `props` with one `key=value` override applied (the CLI's `--set`), validated.
pub fn set_property(props: &FloorProperties, setting: &str) -> Result<FloorProperties, Error> {
    let Some((key, value)) = setting.split_once('=') else {
        return Err(Error::new(ErrorKind::BadSetting(setting.to_string())));
    };
    let text = format!("{}: {}", key.trim(), value.trim());
    parse_properties(&text, props).map_err(|error| match error.kind() {
        // A one-line document: the line number says nothing, the field does.
        ErrorKind::Parse { message, .. } => Error::new(ErrorKind::Parse {
            line: None,
            message: format!("--set {setting}: {}", strip_location(message)),
        }),
        ErrorKind::Invalid(problems) => Error::new(ErrorKind::Invalid(
            problems
                .iter()
                .map(|problem| Problem {
                    line: None,
                    ..problem.clone()
                })
                .collect(),
        )),
        _ => error,
    })
}

fn strip_location(message: &str) -> &str {
    message.split(" at line ").next().unwrap_or(message)
}

/// The properties every field of which a floor file may leave out: the game's `std` floor.
fn std_base() -> FloorProperties {
    FloorProperties {
        layout: 0,
        room_density: 6,
        floor_connectivity: 15,
        enemy_density: 5,
        kecleon_shop_chance: 8,
        monster_house_chance: 5,
        maze_room_chance: 0,
        allow_dead_ends: false,
        secondary_structures_budget: 0,
        f_secondary_terrain_generation: false,
        f_room_imperfections: false,
        item_density: 4,
        trap_density: 8,
        floor_number: 1,
        fixed_room_id: 0,
        num_extra_hallways: 15,
        buried_item_density: 4,
        secondary_terrain_density: 0,
        itemless_monster_house_chance: 0,
        hidden_stairs_type: 0,
        hidden_stairs_spawn_chance: 0,
    }
}

/// A shipped preset by name.
pub fn preset(name: &str) -> Result<FloorProperties, Error> {
    let text = PRESETS
        .iter()
        .find(|(preset, _)| *preset == name)
        .map(|(_, text)| *text)
        .ok_or_else(|| Error::new(ErrorKind::UnknownPreset(name.to_string())))?;
    parse_properties(text, &std_base())
}

/// The default base for a floor file given on its own: the `std` preset.
impl Default for FloorProperties {
    fn default() -> Self {
        std_base()
    }
}
