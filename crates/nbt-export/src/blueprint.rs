//! Text blueprints: a room written as layers of characters plus a palette, in YAML, built into a
//! [`Structure`]. This is how the room structures under `structures/` are authored and reviewed:
//! a diff of a blueprint reads like a diff of the room.
//!
//! ```yaml
//! size: [5, 3, 4]          # x, y, z
//! palette:
//!   "#": stone_bricks
//!   ".": air
//!   "~": void              # keep the world's block (no entry in the file)
//!   "C": { block: "chest[facing=south,type=single,waterlogged=false]",
//!          nbt: { id: "minecraft:chest", LootTable: "minecraft:chests/simple_dungeon" } }
//! layers:                  # y = 0 first; rows run north (z = 0) to south, columns west to east
//!   - |
//!     #####
//!     ...
//!   - repeat: 2            # the same layer twice
//!     rows: |
//!       ...
//! ```

use std::collections::BTreeMap;

use glam::IVec3;
use serde::Deserialize;

use crate::block::BlockState;
use crate::error::{Error, ErrorKind, Result};
use crate::structure::Structure;
use crate::tag::{yaml_to_tag, Compound, Tag};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BlueprintConfig {
    size: [i32; 3],
    // Read as plain YAML: serde's untagged enums cannot hold YAML tags such as `!byte`.
    palette: BTreeMap<String, serde_yaml::Value>,
    layers: Vec<LayerEntry>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum LayerEntry {
    Once(String),
    Repeated { repeat: u32, rows: String },
}

enum Cell {
    Void,
    Block(BlockState, Option<Compound>),
}

/// Most problems listed before the rest are summarised (a shifted row would flood the report).
const MAX_PROBLEMS: usize = 20;

/// Builds the structure a blueprint describes; every problem is reported with where it is.
pub fn build_blueprint(text: &str) -> Result<Structure> {
    let config: BlueprintConfig = serde_yaml::from_str(text)?;
    let mut problems = Vec::new();
    let size = IVec3::from_array(config.size);
    if size.min_element() < 1 {
        problems.push(format!("size: {size} must be at least 1 on every axis"));
    }
    let mut palette: BTreeMap<char, Cell> = BTreeMap::new();
    for (key, entry) in &config.palette {
        let mut chars = key.chars();
        let (Some(symbol), None) = (chars.next(), chars.next()) else {
            problems.push(format!("palette.{key:?}: a key is one character"));
            continue;
        };
        if symbol.is_whitespace() {
            problems.push(format!(
                "palette.{key:?}: use a visible character (editors strip spaces)"
            ));
            continue;
        }
        let (block, nbt) = match entry {
            serde_yaml::Value::String(block) => (block.as_str(), None),
            serde_yaml::Value::Mapping(map)
                if map
                    .keys()
                    .all(|k| matches!(k.as_str(), Some("block" | "nbt"))) =>
            {
                match map.get("block").and_then(serde_yaml::Value::as_str) {
                    Some(block) => (block, map.get("nbt")),
                    None => {
                        problems.push(format!("palette.{key:?}.block: missing"));
                        continue;
                    }
                }
            }
            _ => {
                problems.push(format!(
                    "palette.{key:?}: a block state, or {{ block: ..., nbt: ... }}"
                ));
                continue;
            }
        };
        if block == "void" {
            palette.insert(symbol, Cell::Void);
            continue;
        }
        let state = match block.parse::<BlockState>() {
            Ok(state) => state,
            Err(e) => {
                problems.push(format!("palette.{key:?}: {e}"));
                continue;
            }
        };
        let nbt = match nbt.map(|n| yaml_to_tag(n, &format!("palette.{key:?}.nbt"), &mut problems))
        {
            None => None,
            Some(Some(Tag::Compound(c))) if c.get("id").and_then(Tag::as_str).is_some() => Some(c),
            Some(_) => {
                problems.push(format!(
                    "palette.{key:?}.nbt: must be a mapping with a string `id`"
                ));
                continue;
            }
        };
        palette.insert(symbol, Cell::Block(state, nbt));
    }
    let mut layers: Vec<(usize, &str)> = Vec::new();
    for (i, entry) in config.layers.iter().enumerate() {
        match entry {
            LayerEntry::Once(rows) => layers.push((i, rows)),
            LayerEntry::Repeated { repeat, rows } => {
                if *repeat == 0 {
                    problems.push(format!("layers[{i}].repeat: must be at least 1"));
                }
                for _ in 0..*repeat {
                    layers.push((i, rows));
                }
            }
        }
    }
    if layers.len() != size.y.max(0) as usize {
        problems.push(format!(
            "layers: {} layers after repeats, size y is {}",
            layers.len(),
            size.y
        ));
    }
    if !problems.is_empty() {
        return Err(Error::new(ErrorKind::Config(problems)));
    }
    let mut structure = Structure::new(size)?;
    let mut row_problems = 0usize;
    let mut report = |problems: &mut Vec<String>, message: String| {
        row_problems += 1;
        if problems.len() < MAX_PROBLEMS {
            problems.push(message);
        }
    };
    for (y, (entry, rows)) in layers.iter().enumerate() {
        let rows: Vec<&str> = rows.lines().collect();
        if rows.len() != size.z as usize {
            report(
                &mut problems,
                format!(
                    "layers[{entry}] (y = {y}): {} rows, size z is {}",
                    rows.len(),
                    size.z
                ),
            );
            continue;
        }
        for (z, row) in rows.iter().enumerate() {
            let width = row.chars().count();
            if width != size.x as usize {
                report(
                    &mut problems,
                    format!(
                        "layers[{entry}] (y = {y}) row {z}: {width} characters, size x is {}",
                        size.x
                    ),
                );
                continue;
            }
            for (x, symbol) in row.chars().enumerate() {
                let pos = IVec3::new(x as i32, y as i32, z as i32);
                match palette.get(&symbol) {
                    None => report(
                        &mut problems,
                        format!("layers[{entry}] (y = {y}) row {z} column {x}: `{symbol}` is not in the palette"),
                    ),
                    Some(Cell::Void) => {}
                    Some(Cell::Block(state, None)) => structure.set(pos, state)?,
                    Some(Cell::Block(state, Some(nbt))) => {
                        structure.set_with_nbt(pos, state, nbt.clone())?
                    }
                }
            }
        }
    }
    if row_problems > MAX_PROBLEMS {
        problems.push(format!("... and {} more", row_problems - MAX_PROBLEMS));
    }
    if !problems.is_empty() {
        return Err(Error::new(ErrorKind::Config(problems)));
    }
    structure.compact_palette();
    Ok(structure)
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROOM: &str = r##"
size: [4, 3, 3]
palette:
  "#": stone_bricks
  ".": air
  "~": void
  "C": { block: "chest[facing=south,type=single,waterlogged=false]", nbt: { id: "minecraft:chest", LootTable: "minecraft:chests/simple_dungeon" } }
layers:
  - |
    ####
    ####
    ####
  - repeat: 2
    rows: |
      #..#
      .C.~
      #..#
"##;

    #[test]
    fn layers_rows_and_columns_land_on_y_z_x() {
        let s = build_blueprint(ROOM).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.size(), IVec3::new(4, 3, 3));
        assert_eq!(s.get(IVec3::new(3, 1, 1)), None, "void");
        assert_eq!(s.get(IVec3::new(0, 2, 1)), Some(&BlockState::air()));
        assert_eq!(
            s.get(IVec3::new(1, 2, 1)).map(|b| b.name.as_str()),
            Some("minecraft:chest")
        );
        assert!(s.block_entity(IVec3::new(1, 1, 1)).is_some());
        assert_eq!(s.block_count(), 12 + 2 * 11);
    }

    #[test]
    fn problems_name_their_layer_row_and_column() {
        let bad = ROOM
            .replace(".C.~", ".CX~")
            .replace("  - |\n    ####\n    ####\n", "  - |\n    ####\n    ###\n");
        let Err(error) = build_blueprint(&bad) else {
            panic!("accepted a bad blueprint")
        };
        assert_eq!(
            error.to_string(),
            "layers[0] (y = 0) row 1: 3 characters, size x is 4; \
             layers[1] (y = 1) row 1 column 2: `X` is not in the palette; \
             layers[1] (y = 2) row 1 column 2: `X` is not in the palette"
        );
        let short = ROOM.replace("repeat: 2", "repeat: 1");
        assert!(
            matches!(build_blueprint(&short), Err(e) if e.to_string() == "layers: 2 layers after repeats, size y is 3")
        );
        let unknown_field = ROOM.replace("palette:", "colour: red\npalette:");
        assert!(
            matches!(build_blueprint(&unknown_field), Err(e) if e.to_string().starts_with("line 3"))
        );
    }
}
