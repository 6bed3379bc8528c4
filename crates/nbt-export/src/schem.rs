//! Sponge schematic v3 (`.schem`) writing, for WorldEdit and FastAsyncWorldEdit users.
//!
//! Layout: an unnamed root holding `Schematic` {Version 3, DataVersion, Width/Height/Length as
//! Short, Offset IntArray, Blocks {Palette "name[k=v,...]" -> Int, Data ByteArray of varints in
//! x + z*W + y*W*L order, BlockEntities}, Entities}. Positions here are IntArrays, the opposite of
//! `.nbt`. A schematic has no "keep the world" cell, so void cells are written as air (paste with
//! `//paste -a` to skip air).

use std::collections::BTreeMap;
use std::io::Write;

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::block::BlockState;
use crate::error::{Error, Result};
use crate::io::{gzip_with, DEFAULT_LEVEL};
use crate::structure::{Structure, VOID};
use crate::tag::{serialize_compound, Compound};

/// Writes `structure` as a gzip-compressed Sponge schematic v3.
pub fn write_schem<W: Write>(structure: &Structure, out: W) -> Result<()> {
    let size = structure.size();
    for (axis, value) in [("width", size.x), ("height", size.y), ("length", size.z)] {
        if value > u16::MAX as i32 {
            return Err(Error::invalid(format!(
                "a schematic's {axis} is at most {}, got {value}",
                u16::MAX
            )));
        }
    }
    // Palette ids in first-use order over the data, so equal structures give equal files.
    let air = BlockState::air();
    let palette = structure.palette();
    let mut remap = vec![u32::MAX; palette.len() + 1];
    let mut keys: Vec<&BlockState> = Vec::new();
    let mut data = Vec::with_capacity(structure.cells().len());
    for &cell in structure.cells() {
        let slot = if cell == VOID {
            palette.len()
        } else {
            cell as usize
        };
        if remap[slot] == u32::MAX {
            remap[slot] = keys.len() as u32;
            keys.push(if cell == VOID { &air } else { &palette[slot] });
        }
        push_varint(&mut data, remap[slot]);
    }
    // Two palette entries may print the same (duplicates read from a file): keep the first id.
    let mut palette_out: BTreeMap<String, i32> = BTreeMap::new();
    let mut dedupe: Vec<i32> = Vec::with_capacity(keys.len());
    for (id, state) in keys.iter().enumerate() {
        let first = *palette_out.entry(state.to_string()).or_insert(id as i32);
        dedupe.push(first);
    }
    if dedupe.iter().enumerate().any(|(i, &d)| d != i as i32) {
        data.clear();
        for &cell in structure.cells() {
            let slot = if cell == VOID {
                palette.len()
            } else {
                cell as usize
            };
            push_varint(&mut data, dedupe[remap[slot] as usize] as u32);
        }
    }
    let root = Root {
        structure,
        palette: palette_out,
        data: data.into_iter().map(|b| b as i8).collect(),
    };
    gzip_with(out, DEFAULT_LEVEL, |buffered| {
        fastnbt::to_writer(buffered, &root).map_err(Error::from)
    })
}

fn push_varint(out: &mut Vec<u8>, mut value: u32) {
    while value >= 0x80 {
        out.push((value as u8 & 0x7F) | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

struct Root<'a> {
    structure: &'a Structure,
    palette: BTreeMap<String, i32>,
    data: Vec<i8>,
}

impl Serialize for Root<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut root = serializer.serialize_struct("Root", 1)?;
        root.serialize_field("Schematic", &Schematic(self))?;
        root.end()
    }
}

struct Schematic<'a>(&'a Root<'a>);

impl Serialize for Schematic<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = self.0.structure;
        let size = s.size();
        let mut out = serializer.serialize_struct("Schematic", 9)?;
        out.serialize_field("Blocks", &Blocks(self.0))?;
        out.serialize_field("DataVersion", &s.data_version())?;
        if !s.entities().is_empty() {
            out.serialize_field("Entities", &Entities(s))?;
        }
        out.serialize_field("Height", &(size.y as u16 as i16))?;
        out.serialize_field("Length", &(size.z as u16 as i16))?;
        out.serialize_field("Offset", &fastnbt::IntArray::new(vec![0, 0, 0]))?;
        out.serialize_field("Version", &3i32)?;
        out.serialize_field("Width", &(size.x as u16 as i16))?;
        out.end()
    }
}

struct Blocks<'a>(&'a Root<'a>);

impl Serialize for Blocks<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Blocks", 3)?;
        out.serialize_field("BlockEntities", &BlockEntities(self.0.structure))?;
        out.serialize_field("Data", &fastnbt::ByteArray::new(self.0.data.clone()))?;
        out.serialize_field("Palette", &self.0.palette)?;
        out.end()
    }
}

struct BlockEntities<'a>(&'a Structure);

impl Serialize for BlockEntities<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let entities = self.0.block_entities_by_cell();
        let mut seq = serializer.serialize_seq(Some(entities.len()))?;
        for (&cell, nbt) in entities {
            let pos = self.0.cell_pos(cell);
            seq.serialize_element(&BlockEntity {
                pos: [pos.x, pos.y, pos.z],
                nbt,
            })?;
        }
        seq.end()
    }
}

struct BlockEntity<'a> {
    pos: [i32; 3],
    nbt: &'a Compound,
}

impl Serialize for BlockEntity<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let id = self.nbt.get("id").and_then(|t| t.as_str()).unwrap_or("");
        let mut data = self.nbt.clone();
        data.remove("id");
        let mut out = serializer.serialize_struct("BlockEntity", 3)?;
        out.serialize_field("Data", &DataOut(&data))?;
        out.serialize_field("Id", id)?;
        out.serialize_field("Pos", &fastnbt::IntArray::new(self.pos.to_vec()))?;
        out.end()
    }
}

struct DataOut<'a>(&'a Compound);

impl Serialize for DataOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_compound(self.0, serializer)
    }
}

struct Entities<'a>(&'a Structure);

impl Serialize for Entities<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.entities().len()))?;
        for entity in self.0.entities() {
            let id = entity.nbt.get("id").and_then(|t| t.as_str()).unwrap_or("");
            let mut data = entity.nbt.clone();
            data.remove("id");
            seq.serialize_element(&EntityOut {
                pos: [entity.pos.x, entity.pos.y, entity.pos.z],
                id,
                data,
            })?;
        }
        seq.end()
    }
}

struct EntityOut<'a> {
    pos: [f64; 3],
    id: &'a str,
    data: Compound,
}

impl Serialize for EntityOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = serializer.serialize_struct("Entity", 3)?;
        out.serialize_field("Data", &DataOut(&self.data))?;
        out.serialize_field("Id", self.id)?;
        out.serialize_field("Pos", &self.pos)?;
        out.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::gunzip;
    use crate::tag::{parse_root, Tag};
    use glam::IVec3;

    #[test]
    fn varints_match_the_format() {
        let mut out = Vec::new();
        for v in [0, 1, 127, 128, 300, 16_384] {
            push_varint(&mut out, v);
        }
        assert_eq!(out, [0, 1, 127, 0x80, 1, 0xAC, 2, 0x80, 0x80, 1]);
    }

    #[test]
    fn schematic_layout_and_data_order() {
        let mut s = Structure::new(IVec3::new(3, 2, 2)).unwrap_or_else(|e| panic!("{e}"));
        s.set(IVec3::new(1, 0, 0), &BlockState::new("stone"))
            .unwrap_or_else(|e| panic!("{e}"));
        s.set(IVec3::new(0, 1, 1), &BlockState::new("dirt"))
            .unwrap_or_else(|e| panic!("{e}"));
        let mut bytes = Vec::new();
        write_schem(&s, &mut bytes).unwrap_or_else(|e| panic!("{e}"));
        let raw = gunzip(&bytes[..]).unwrap_or_else(|e| panic!("{e}"));
        let (_, root) = parse_root(&raw).unwrap_or_else(|e| panic!("{e}"));
        let schematic = root["Schematic"]
            .as_compound()
            .unwrap_or_else(|| panic!("compound"));
        assert_eq!(schematic["Version"], Tag::Int(3));
        assert_eq!(schematic["Width"], Tag::Short(3));
        assert_eq!(schematic["Offset"], Tag::IntArray(vec![0, 0, 0]));
        let blocks = schematic["Blocks"]
            .as_compound()
            .unwrap_or_else(|| panic!("compound"));
        let palette = blocks["Palette"]
            .as_compound()
            .unwrap_or_else(|| panic!("compound"));
        // First use: air (void at 0,0,0), then stone, then dirt.
        assert_eq!(palette["minecraft:air"], Tag::Int(0));
        assert_eq!(palette["minecraft:stone"], Tag::Int(1));
        assert_eq!(palette["minecraft:dirt"], Tag::Int(2));
        // Index x + z*W + y*W*L: stone at 1, dirt at 0 + 1*3 + 1*6 = 9.
        assert_eq!(
            blocks["Data"],
            Tag::ByteArray(vec![0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0])
        );
    }
}
