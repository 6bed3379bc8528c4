//! 2D maps to blocks: a grid of tile kinds (wall, floor, hallway, water...) with labelled markers,
//! extruded through a block theme (YAML: per kind a column of blocks, per marker one block with
//! optional NBT) into a [`Structure`]. Generic: the CLI maps grid-floor boards and tile-map maps
//! onto a [`TileGrid`]; this module knows neither.

use std::collections::BTreeMap;

use glam::IVec3;
use serde::Deserialize;

use crate::block::BlockState;
use crate::error::{Error, ErrorKind, Result};
use crate::structure::Structure;
use crate::tag::{yaml_to_tag, Compound, Tag};

/// The built-in theme (`themes/stone.yaml`).
pub const STONE_THEME: &str = include_str!("../themes/stone.yaml");

/// A 2D map: `width` along +X, `depth` along +Z, one tile kind per cell, plus markers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileGrid {
    width: u32,
    depth: u32,
    kinds: Vec<String>,
    cells: Vec<u16>,
    markers: Vec<Marker>,
}

/// A labelled object on a tile (`monster:goblin`, `reward`, `boss`...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marker {
    /// Column.
    pub x: u32,
    /// Row.
    pub z: u32,
    /// What it is; `kind:detail` falls back to `kind` in the theme.
    pub label: String,
}

impl TileGrid {
    /// A grid filled with `fill`.
    pub fn new(width: u32, depth: u32, fill: &str) -> Result<Self> {
        if width == 0 || depth == 0 {
            return Err(Error::invalid("a tile grid needs at least one cell"));
        }
        Ok(TileGrid {
            width,
            depth,
            kinds: vec![fill.to_owned()],
            cells: vec![0; width as usize * depth as usize],
            markers: Vec::new(),
        })
    }

    /// Width (X) and depth (Z).
    pub fn dimensions(&self) -> (u32, u32) {
        (self.width, self.depth)
    }

    fn index(&self, x: u32, z: u32) -> Result<usize> {
        if x < self.width && z < self.depth {
            Ok(z as usize * self.width as usize + x as usize)
        } else {
            Err(Error::invalid(format!(
                "tile ({x}, {z}) is outside the {} x {} grid",
                self.width, self.depth
            )))
        }
    }

    /// Sets the kind of one tile.
    pub fn set(&mut self, x: u32, z: u32, kind: &str) -> Result<()> {
        let cell = self.index(x, z)?;
        let kind_index = match self.kinds.iter().position(|k| k == kind) {
            Some(i) => i,
            None => {
                self.kinds.push(kind.to_owned());
                self.kinds.len() - 1
            }
        };
        self.cells[cell] =
            u16::try_from(kind_index).map_err(|_| Error::invalid("more than 65,536 tile kinds"))?;
        Ok(())
    }

    /// The kind of one tile.
    pub fn get(&self, x: u32, z: u32) -> Option<&str> {
        let cell = self.index(x, z).ok()?;
        Some(&self.kinds[self.cells[cell] as usize])
    }

    /// Adds a marker on a tile.
    pub fn add_marker(&mut self, x: u32, z: u32, label: &str) -> Result<()> {
        self.index(x, z)?;
        self.markers.push(Marker {
            x,
            z,
            label: label.to_owned(),
        });
        Ok(())
    }

    /// The markers, in the order added.
    pub fn markers(&self) -> &[Marker] {
        &self.markers
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeConfig {
    height: u32,
    columns: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    markers: BTreeMap<String, MarkerConfig>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MarkerConfig {
    block: String,
    #[serde(default = "default_layer")]
    layer: u32,
    #[serde(default)]
    nbt: Option<serde_yaml::Value>,
}

fn default_layer() -> u32 {
    1
}

/// A validated block theme.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    height: u32,
    columns: BTreeMap<String, Vec<BlockState>>,
    markers: BTreeMap<String, ThemeMarker>,
}

#[derive(Clone, Debug, PartialEq)]
struct ThemeMarker {
    state: BlockState,
    layer: u32,
    nbt: Option<Compound>,
}

impl Theme {
    /// Parses and validates a theme; every problem is reported with its path (and, for YAML
    /// syntax or unknown fields, its line).
    pub fn from_yaml(text: &str) -> Result<Theme> {
        let config: ThemeConfig = serde_yaml::from_str(text)?;
        let mut problems = Vec::new();
        if config.height == 0 || config.height > 384 {
            problems.push(format!("height: {} is not in 1..=384", config.height));
        }
        let mut columns = BTreeMap::new();
        for (kind, blocks) in &config.columns {
            if blocks.len() != config.height as usize {
                problems.push(format!(
                    "columns.{kind}: has {} blocks, height is {}",
                    blocks.len(),
                    config.height
                ));
            }
            let mut states = Vec::with_capacity(blocks.len());
            for (i, text) in blocks.iter().enumerate() {
                match text.parse::<BlockState>() {
                    Ok(state) => states.push(state),
                    Err(e) => problems.push(format!("columns.{kind}[{i}]: {e}")),
                }
            }
            columns.insert(kind.clone(), states);
        }
        let mut markers = BTreeMap::new();
        for (label, marker) in &config.markers {
            let path = format!("markers.{label}");
            let state = match marker.block.parse::<BlockState>() {
                Ok(state) => Some(state),
                Err(e) => {
                    problems.push(format!("{path}.block: {e}"));
                    None
                }
            };
            if marker.layer >= config.height {
                problems.push(format!(
                    "{path}.layer: {} is not below the height {}",
                    marker.layer, config.height
                ));
            }
            let nbt = match &marker.nbt {
                None => None,
                Some(value) => match yaml_to_tag(value, &format!("{path}.nbt"), &mut problems) {
                    Some(Tag::Compound(c)) if c.get("id").and_then(Tag::as_str).is_some() => {
                        Some(c)
                    }
                    Some(_) => {
                        problems.push(format!(
                            "{path}.nbt: must be a mapping with a string `id` (e.g. minecraft:chest)"
                        ));
                        None
                    }
                    None => None,
                },
            };
            if let Some(state) = state {
                markers.insert(
                    label.clone(),
                    ThemeMarker {
                        state,
                        layer: marker.layer,
                        nbt,
                    },
                );
            }
        }
        if problems.is_empty() {
            Ok(Theme {
                height: config.height,
                columns,
                markers,
            })
        } else {
            Err(Error::new(ErrorKind::Config(problems)))
        }
    }

    /// The built-in stone theme.
    pub fn stone() -> Theme {
        // The embedded file is checked by a unit test, so this cannot fail in a release.
        Theme::from_yaml(STONE_THEME).unwrap_or_else(|_| Theme {
            height: 1,
            columns: BTreeMap::new(),
            markers: BTreeMap::new(),
        })
    }

    /// Number of layers.
    pub fn height(&self) -> u32 {
        self.height
    }

    fn marker(&self, label: &str) -> Option<&ThemeMarker> {
        self.markers.get(label).or_else(|| {
            let (kind, _) = label.split_once(':')?;
            self.markers.get(kind)
        })
    }
}

/// Builds the structure: every tile a column of the theme's blocks, then every marker.
pub fn extrude(grid: &TileGrid, theme: &Theme) -> Result<Structure> {
    let mut problems = Vec::new();
    let mut used = vec![false; grid.kinds.len()];
    for &cell in &grid.cells {
        used[cell as usize] = true;
    }
    for (kind, _) in grid.kinds.iter().zip(&used).filter(|(_, &u)| u) {
        if !theme.columns.contains_key(kind) {
            problems.push(format!("tile kind `{kind}` has no column in the theme"));
        }
    }
    for marker in &grid.markers {
        if theme.marker(&marker.label).is_none() {
            problems.push(format!(
                "marker `{}` has no block in the theme",
                marker.label
            ));
        }
    }
    problems.dedup();
    if !problems.is_empty() {
        return Err(Error::new(ErrorKind::Config(problems)));
    }
    let height = theme.height as i32;
    let mut out = Structure::new(IVec3::new(grid.width as i32, height, grid.depth as i32))?;
    // Intern each kind's column once; the fill is then plain index writes.
    let columns: Vec<Vec<u32>> = grid
        .kinds
        .iter()
        .map(|kind| {
            theme
                .columns
                .get(kind)
                .map(|states| states.iter().map(|s| out.intern(s)).collect())
                .unwrap_or_default()
        })
        .collect();
    for z in 0..grid.depth {
        for x in 0..grid.width {
            let kind = grid.cells[z as usize * grid.width as usize + x as usize] as usize;
            for (y, &state) in columns[kind].iter().enumerate() {
                out.set_index(IVec3::new(x as i32, y as i32, z as i32), state)?;
            }
        }
    }
    for marker in &grid.markers {
        let Some(def) = theme.marker(&marker.label) else {
            continue;
        };
        let pos = IVec3::new(marker.x as i32, def.layer as i32, marker.z as i32);
        match &def.nbt {
            Some(nbt) => out.set_with_nbt(pos, &def.state, nbt.clone())?,
            None => out.set(pos, &def.state)?,
        }
    }
    out.compact_palette();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_builtin_theme_is_valid() {
        let theme = Theme::from_yaml(STONE_THEME).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(theme, Theme::stone());
        assert!(theme.columns.contains_key("wall") && theme.marker("monster:goblin").is_some());
    }

    #[test]
    fn a_grid_becomes_columns_and_markers() {
        let mut grid = TileGrid::new(3, 2, "wall").unwrap_or_else(|e| panic!("{e}"));
        grid.set(1, 0, "floor").unwrap_or_else(|e| panic!("{e}"));
        grid.set(2, 1, "water").unwrap_or_else(|e| panic!("{e}"));
        grid.add_marker(1, 0, "reward")
            .unwrap_or_else(|e| panic!("{e}"));
        let s = extrude(&grid, &Theme::stone()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.size(), IVec3::new(3, 5, 2));
        assert_eq!(s.block_count(), 30);
        assert_eq!(
            s.get(IVec3::new(0, 3, 0)).map(|b| b.name.as_str()),
            Some("minecraft:stone_bricks")
        );
        assert_eq!(
            s.get(IVec3::new(1, 2, 0)).map(|b| b.name.as_str()),
            Some("minecraft:air")
        );
        assert_eq!(
            s.get(IVec3::new(2, 1, 1)).map(|b| b.name.as_str()),
            Some("minecraft:water")
        );
        assert_eq!(
            s.get(IVec3::new(1, 1, 0)).map(|b| b.name.as_str()),
            Some("minecraft:chest")
        );
        let loot = s
            .block_entity(IVec3::new(1, 1, 0))
            .and_then(|n| n.get("LootTable"));
        assert_eq!(
            loot.and_then(Tag::as_str),
            Some("minecraft:chests/simple_dungeon")
        );
    }

    #[test]
    fn every_theme_problem_is_listed_with_its_path() {
        let text = "height: 2\ncolumns:\n  wall: [stone]\n  floor: [Stone, air]\nmarkers:\n  chest: { block: chest, layer: 2, nbt: { LootTable: x } }\n";
        let Err(error) = Theme::from_yaml(text) else {
            panic!("accepted a bad theme")
        };
        let ErrorKind::Config(problems) = error.kind() else {
            panic!("not a config error")
        };
        assert_eq!(
            problems,
            &[
                "columns.floor[0]: `Stone`: a block name is `namespace:path` in lower case",
                "columns.wall: has 1 blocks, height is 2",
                "markers.chest.layer: 2 is not below the height 2",
                "markers.chest.nbt: must be a mapping with a string `id` (e.g. minecraft:chest)",
            ]
        );
        let unknown = Theme::from_yaml("height: 1\ncolumns: {}\ncolour: red\n");
        assert!(matches!(unknown, Err(e) if e.to_string().starts_with("line 3")));
    }

    #[test]
    fn unknown_kinds_and_markers_are_errors() {
        let mut grid = TileGrid::new(2, 2, "lava_lake").unwrap_or_else(|e| panic!("{e}"));
        grid.add_marker(0, 0, "dragon")
            .unwrap_or_else(|e| panic!("{e}"));
        let message = extrude(&grid, &Theme::stone())
            .map(|_| ())
            .map_err(|e| e.to_string());
        assert_eq!(
            message,
            Err("tile kind `lava_lake` has no column in the theme; marker `dragon` has no block in the theme".into())
        );
    }
}
