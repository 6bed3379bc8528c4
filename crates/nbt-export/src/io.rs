//! Reading and writing vanilla structure files (`.nbt`) exactly as `StructureTemplate` saves and
//! loads them: gzip around an unnamed root compound with `DataVersion` (Int), `size` (List of 3
//! Int), `palette` or `palettes`, `blocks` and `entities`.
//!
//! Writing serializes our own sorted structs with fastnbt through a `BufWriter` into the gzip
//! encoder (fastnbt makes many tiny writes; unbuffered, the compressor is called per field).
//! Reading checks every tag type the game would silently misread (an IntArray `size` reads as
//! 0,0,0; a state index outside the palette becomes air) and reports it with its path.

use std::io::{BufWriter, Read, Write};

use flate2::write::GzEncoder;
use glam::{DVec3, IVec3};
use serde::ser::{SerializeMap, SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::block::BlockState;
use crate::error::{Error, ErrorKind, Result};
use crate::structure::{Entity, Structure, VOID};
use crate::tag::{parse_root, serialize_compound, Compound, Tag};

/// The gzip level we write with by default: 6, the level the game itself writes with (Java's
/// `Deflater` default). On the 300,000-block benchmark (`benches/write.rs`, miniz_oxide) it gave
/// the smallest file of levels 1, 3, 6 and 9 (965 kB; 1.22 MB at level 1, 1.00 MB at level 9)
/// in about 3.6 times level 1's time, and level 9 took 4 times longer than 6 for nothing.
pub const DEFAULT_LEVEL: u32 = 6;

/// The most uncompressed NBT we accept when reading (guards against gzip bombs).
pub const MAX_NBT_BYTES: u64 = 256 << 20;

/// Writes `structure` as a gzip-compressed `.nbt` at the default level.
pub fn write_nbt<W: Write>(structure: &Structure, out: W) -> Result<()> {
    write_nbt_with_level(structure, out, DEFAULT_LEVEL)
}

/// Writes `structure` as a gzip-compressed `.nbt` at gzip `level` (0 to 9).
pub fn write_nbt_with_level<W: Write>(structure: &Structure, out: W, level: u32) -> Result<()> {
    gzip_with(out, level, |buffered| {
        fastnbt::to_writer(buffered, &Root(structure)).map_err(Error::from)
    })
}

/// The uncompressed NBT bytes of `structure` (what the gzip stream holds).
pub fn nbt_bytes(structure: &Structure) -> Result<Vec<u8>> {
    Ok(fastnbt::to_bytes(&Root(structure))?)
}

/// Runs `fill` on a buffered writer feeding a gzip encoder over `out`, then finishes the stream.
pub(crate) fn gzip_with<W: Write>(
    out: W,
    level: u32,
    fill: impl FnOnce(&mut BufWriter<GzEncoder<W>>) -> Result<()>,
) -> Result<()> {
    if level > 9 {
        return Err(Error::invalid(format!(
            "gzip level {level} is not in 0..=9"
        )));
    }
    // GzEncoder::new writes a fixed header (mtime 0, no name), so output is reproducible.
    let encoder = GzEncoder::new(out, flate2::Compression::new(level));
    let mut buffered = BufWriter::with_capacity(64 * 1024, encoder);
    fill(&mut buffered)?;
    let encoder = buffered
        .into_inner()
        .map_err(|e| Error::from(e.into_error()))?;
    encoder.finish()?;
    Ok(())
}

struct Root<'a>(&'a Structure);

impl Serialize for Root<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let s = self.0;
        let mut root = serializer.serialize_struct("Structure", 5)?;
        root.serialize_field("DataVersion", &s.data_version())?;
        root.serialize_field("blocks", &Blocks(s))?;
        root.serialize_field("entities", &Entities(s.entities()))?;
        if s.palettes().len() == 1 {
            root.serialize_field("palette", &Palette(s.palette()))?;
        } else {
            root.serialize_field("palettes", &Palettes(s.palettes()))?;
        }
        let size = s.size();
        root.serialize_field("size", &[size.x, size.y, size.z])?;
        root.end()
    }
}

struct Blocks<'a>(&'a Structure);

impl Serialize for Blocks<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.block_count()))?;
        for block in self.0.blocks() {
            seq.serialize_element(&BlockOut {
                pos: block.pos,
                state: block.state_index,
                nbt: block.nbt,
            })?;
        }
        seq.end()
    }
}

struct BlockOut<'a> {
    pos: IVec3,
    state: u32,
    nbt: Option<&'a Compound>,
}

impl Serialize for BlockOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut block = serializer.serialize_struct("Block", 3)?;
        if let Some(nbt) = self.nbt {
            block.serialize_field("nbt", &CompoundOut(nbt))?;
        }
        block.serialize_field("pos", &[self.pos.x, self.pos.y, self.pos.z])?;
        block.serialize_field("state", &(self.state as i32))?;
        block.end()
    }
}

struct CompoundOut<'a>(&'a Compound);

impl Serialize for CompoundOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serialize_compound(self.0, serializer)
    }
}

struct Palettes<'a>(&'a [Vec<BlockState>]);

impl Serialize for Palettes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for palette in self.0 {
            seq.serialize_element(&Palette(palette))?;
        }
        seq.end()
    }
}

struct Palette<'a>(&'a [BlockState]);

impl Serialize for Palette<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for state in self.0 {
            seq.serialize_element(&StateOut(state))?;
        }
        seq.end()
    }
}

struct StateOut<'a>(&'a BlockState);

impl Serialize for StateOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut entry = serializer.serialize_struct("BlockState", 2)?;
        entry.serialize_field("Name", &self.0.name)?;
        // Like the game, a state without properties has no `Properties` tag.
        if !self.0.properties.is_empty() {
            entry.serialize_field("Properties", &Properties(self.0))?;
        }
        entry.end()
    }
}

struct Properties<'a>(&'a BlockState);

impl Serialize for Properties<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.properties.len()))?;
        for (key, value) in &self.0.properties {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

struct Entities<'a>(&'a [Entity]);

impl Serialize for Entities<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for entity in self.0 {
            seq.serialize_element(&EntityOut(entity))?;
        }
        seq.end()
    }
}

struct EntityOut<'a>(&'a Entity);

impl Serialize for EntityOut<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let e = self.0;
        let mut entity = serializer.serialize_struct("Entity", 3)?;
        entity.serialize_field("blockPos", &[e.block_pos.x, e.block_pos.y, e.block_pos.z])?;
        entity.serialize_field("nbt", &CompoundOut(&e.nbt))?;
        entity.serialize_field("pos", &[e.pos.x, e.pos.y, e.pos.z])?;
        entity.end()
    }
}

/// Decompresses a gzip stream, refusing more than [`MAX_NBT_BYTES`].
pub fn gunzip<R: Read>(input: R) -> Result<Vec<u8>> {
    let mut input = input;
    let mut magic = [0u8; 2];
    let mut got = 0;
    while got < 2 {
        let n = input.read(&mut magic[got..])?;
        if n == 0 {
            break;
        }
        got += n;
    }
    if got < 2 || magic != [0x1f, 0x8b] {
        return Err(Error::new(ErrorKind::Gzip(
            "the file does not start with the gzip magic bytes (structure files are gzip)".into(),
        )));
    }
    let chained = std::io::Cursor::new(magic).chain(input);
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(chained)
        .take(MAX_NBT_BYTES + 1)
        .read_to_end(&mut out)
        .map_err(|e| Error::new(ErrorKind::Gzip(e.to_string())))?;
    if out.len() as u64 > MAX_NBT_BYTES {
        return Err(Error::new(ErrorKind::Gzip(format!(
            "more than {MAX_NBT_BYTES} bytes once decompressed"
        ))));
    }
    Ok(out)
}

/// Reads a gzip-compressed `.nbt` structure file.
pub fn read_nbt<R: Read>(input: R) -> Result<Structure> {
    let raw = gunzip(input)?;
    let (_name, root) = parse_root(&raw)?;
    structure_from_compound(&root)
}

fn field<'a>(compound: &'a Compound, key: &str, path: &str) -> Result<&'a Tag> {
    compound
        .get(key)
        .ok_or_else(|| Error::structure(join(path, key), "missing"))
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_owned()
    } else {
        format!("{path}.{key}")
    }
}

fn wrong_type(path: &str, expected: &str, found: &Tag) -> Error {
    let hint = match found {
        Tag::IntArray(_) => " (the game reads an IntArray here as 0,0,0)",
        _ => "",
    };
    Error::structure(
        path,
        format!("expected {expected}, found {}{hint}", found.type_name()),
    )
}

fn int3(tag: &Tag, path: &str) -> Result<IVec3> {
    match tag {
        Tag::List(items) if items.len() == 3 => {
            let mut out = [0; 3];
            for (slot, item) in out.iter_mut().zip(items) {
                match item {
                    Tag::Int(v) => *slot = *v,
                    other => return Err(wrong_type(path, "a List of 3 Int", other)),
                }
            }
            Ok(IVec3::from_array(out))
        }
        Tag::List(items) => Err(Error::structure(
            path,
            format!("expected a List of 3 Int, found {} elements", items.len()),
        )),
        other => Err(wrong_type(path, "a List of 3 Int", other)),
    }
}

fn double3(tag: &Tag, path: &str) -> Result<DVec3> {
    match tag {
        Tag::List(items) if items.len() == 3 => {
            let mut out = [0.0; 3];
            for (slot, item) in out.iter_mut().zip(items) {
                match item {
                    Tag::Double(v) if v.is_finite() => *slot = *v,
                    other => return Err(wrong_type(path, "a List of 3 finite Double", other)),
                }
            }
            Ok(DVec3::from_array(out))
        }
        other => Err(wrong_type(path, "a List of 3 Double", other)),
    }
}

fn list<'a>(tag: &'a Tag, path: &str) -> Result<&'a [Tag]> {
    match tag {
        Tag::List(items) => Ok(items),
        other => Err(wrong_type(path, "a List", other)),
    }
}

fn compound<'a>(tag: &'a Tag, path: &str) -> Result<&'a Compound> {
    tag.as_compound()
        .ok_or_else(|| wrong_type(path, "a Compound", tag))
}

fn read_palette(tag: &Tag, path: &str) -> Result<Vec<BlockState>> {
    let mut out = Vec::new();
    for (i, entry) in list(tag, path)?.iter().enumerate() {
        let entry_path = format!("{path}[{i}]");
        let entry = compound(entry, &entry_path)?;
        let name_path = join(&entry_path, "Name");
        let name = field(entry, "Name", &entry_path)?;
        let name = name
            .as_str()
            .ok_or_else(|| wrong_type(&name_path, "a String", name))?;
        let mut state: BlockState = name
            .parse()
            .map_err(|e: Error| Error::structure(&name_path, e.to_string()))?;
        if !state.properties.is_empty() {
            return Err(Error::structure(
                &name_path,
                "properties belong in `Properties`, not in the name",
            ));
        }
        if let Some(props) = entry.get("Properties") {
            let props_path = join(&entry_path, "Properties");
            for (key, value) in compound(props, &props_path)? {
                let value = value
                    .as_str()
                    .ok_or_else(|| wrong_type(&join(&props_path, key), "a String", value))?;
                state.properties.insert(key.clone(), value.to_owned());
            }
        }
        out.push(state);
    }
    Ok(out)
}

/// Interprets a parsed root compound as a structure, checking what the game would misread.
pub fn structure_from_compound(root: &Compound) -> Result<Structure> {
    let data_version = match field(root, "DataVersion", "")? {
        Tag::Int(v) => *v,
        other => return Err(wrong_type("DataVersion", "an Int", other)),
    };
    let size = int3(field(root, "size", "")?, "size")?;
    if size.min_element() < 1 {
        return Err(Error::structure(
            "size",
            format!("{size} is not a positive size"),
        ));
    }
    let palettes = match (root.get("palette"), root.get("palettes")) {
        (Some(palette), None) => vec![read_palette(palette, "palette")?],
        (None, Some(palettes)) => {
            let mut out = Vec::new();
            for (i, palette) in list(palettes, "palettes")?.iter().enumerate() {
                out.push(read_palette(palette, &format!("palettes[{i}]"))?);
            }
            if out.is_empty() {
                return Err(Error::structure("palettes", "is empty"));
            }
            if out.iter().any(|p| p.len() != out[0].len()) {
                return Err(Error::structure(
                    "palettes",
                    "every palette must have the same length",
                ));
            }
            out
        }
        (Some(_), Some(_)) => {
            return Err(Error::structure(
                "palette",
                "both `palette` and `palettes` are present",
            ))
        }
        (None, None) => return Err(Error::structure("palette", "missing")),
    };
    let palette_len = palettes[0].len();
    let mut structure = Structure::from_parts(size, data_version, palettes)
        .map_err(|e| Error::structure("size", e.to_string()))?;
    for (i, block) in list(field(root, "blocks", "")?, "blocks")?
        .iter()
        .enumerate()
    {
        let path = format!("blocks[{i}]");
        let block = compound(block, &path)?;
        let pos = int3(field(block, "pos", &path)?, &join(&path, "pos"))?;
        let cell = structure.cell_index(pos).ok_or_else(|| {
            Error::structure(join(&path, "pos"), format!("{pos} is outside size {size}"))
        })?;
        if structure.cells()[cell] != VOID {
            return Err(Error::structure(
                join(&path, "pos"),
                format!("a second block at {pos}"),
            ));
        }
        let state = match field(block, "state", &path)? {
            Tag::Int(v) if *v >= 0 && (*v as usize) < palette_len => *v as u32,
            Tag::Int(v) => {
                return Err(Error::structure(
                    join(&path, "state"),
                    format!(
                    "index {v} is outside the palette of {palette_len} (the game would place air)"
                ),
                ))
            }
            other => return Err(wrong_type(&join(&path, "state"), "an Int", other)),
        };
        let nbt = match block.get("nbt") {
            Some(tag) => {
                let nbt_path = join(&path, "nbt");
                let nbt = compound(tag, &nbt_path)?;
                if nbt.get("id").and_then(Tag::as_str).is_none() {
                    return Err(Error::structure(
                        join(&nbt_path, "id"),
                        "a block entity needs a String id",
                    ));
                }
                Some(nbt.clone())
            }
            None => None,
        };
        structure.put_raw(cell, state, nbt);
    }
    if let Some(entities) = root.get("entities") {
        for (i, entity) in list(entities, "entities")?.iter().enumerate() {
            let path = format!("entities[{i}]");
            let entity = compound(entity, &path)?;
            let pos = double3(field(entity, "pos", &path)?, &join(&path, "pos"))?;
            let block_pos = int3(field(entity, "blockPos", &path)?, &join(&path, "blockPos"))?;
            let nbt = compound(field(entity, "nbt", &path)?, &join(&path, "nbt"))?;
            if nbt.get("id").and_then(Tag::as_str).is_none() {
                return Err(Error::structure(
                    join(&path, "nbt.id"),
                    "an entity needs a String id",
                ));
            }
            structure.push_entity_raw(Entity {
                pos,
                block_pos,
                nbt: nbt.clone(),
            });
        }
    }
    Ok(structure)
}
