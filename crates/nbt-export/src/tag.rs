//! A small ordered NBT value type for block-entity and entity data (chests with loot tables,
//! spawners...), and a reader for binary NBT.
//!
//! Compounds are `BTreeMap`s, so writing the same value always gives the same bytes. The reader is
//! our own rather than fastnbt's: it must survive hostile files, so it never reserves more
//! elements than the remaining bytes could hold and stops at the game's own nesting limit (512)
//! instead of overflowing the stack.

use std::collections::BTreeMap;

use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

use crate::error::{Error, Result};

/// A compound tag: named values in sorted order.
pub type Compound = BTreeMap<String, Tag>;

/// One NBT value.
#[derive(Clone, Debug, PartialEq)]
pub enum Tag {
    /// TAG_Byte.
    Byte(i8),
    /// TAG_Short.
    Short(i16),
    /// TAG_Int.
    Int(i32),
    /// TAG_Long.
    Long(i64),
    /// TAG_Float.
    Float(f32),
    /// TAG_Double.
    Double(f64),
    /// TAG_Byte_Array.
    ByteArray(Vec<i8>),
    /// TAG_String.
    String(String),
    /// TAG_List: every element has the same tag type.
    List(Vec<Tag>),
    /// TAG_Compound.
    Compound(Compound),
    /// TAG_Int_Array.
    IntArray(Vec<i32>),
    /// TAG_Long_Array.
    LongArray(Vec<i64>),
}

impl Tag {
    /// The binary tag id (1 for Byte ... 12 for LongArray).
    pub fn id(&self) -> u8 {
        match self {
            Tag::Byte(_) => 1,
            Tag::Short(_) => 2,
            Tag::Int(_) => 3,
            Tag::Long(_) => 4,
            Tag::Float(_) => 5,
            Tag::Double(_) => 6,
            Tag::ByteArray(_) => 7,
            Tag::String(_) => 8,
            Tag::List(_) => 9,
            Tag::Compound(_) => 10,
            Tag::IntArray(_) => 11,
            Tag::LongArray(_) => 12,
        }
    }

    /// The name of the tag type, as error messages show it.
    pub fn type_name(&self) -> &'static str {
        type_name(self.id())
    }

    /// The string, if this is a String tag.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Tag::String(text) => Some(text),
            _ => None,
        }
    }

    /// The compound, if this is a Compound tag.
    pub fn as_compound(&self) -> Option<&Compound> {
        match self {
            Tag::Compound(compound) => Some(compound),
            _ => None,
        }
    }

    /// Checks that every list holds one tag type, as the binary format requires.
    pub fn check_lists(&self, path: &str) -> Result<()> {
        match self {
            Tag::List(items) => {
                if let Some(first) = items.first() {
                    for (i, item) in items.iter().enumerate() {
                        if item.id() != first.id() {
                            return Err(Error::invalid(format!(
                                "{path}[{i}]: a list holds one tag type, found {} after {}",
                                item.type_name(),
                                first.type_name()
                            )));
                        }
                        item.check_lists(&format!("{path}[{i}]"))?;
                    }
                }
                Ok(())
            }
            Tag::Compound(compound) => {
                for (key, value) in compound {
                    value.check_lists(&format!("{path}.{key}"))?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

pub(crate) fn type_name(id: u8) -> &'static str {
    match id {
        0 => "End",
        1 => "Byte",
        2 => "Short",
        3 => "Int",
        4 => "Long",
        5 => "Float",
        6 => "Double",
        7 => "ByteArray",
        8 => "String",
        9 => "List",
        10 => "Compound",
        11 => "IntArray",
        12 => "LongArray",
        _ => "unknown",
    }
}

impl Serialize for Tag {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Tag::Byte(v) => serializer.serialize_i8(*v),
            Tag::Short(v) => serializer.serialize_i16(*v),
            Tag::Int(v) => serializer.serialize_i32(*v),
            Tag::Long(v) => serializer.serialize_i64(*v),
            Tag::Float(v) => serializer.serialize_f32(*v),
            Tag::Double(v) => serializer.serialize_f64(*v),
            Tag::String(v) => serializer.serialize_str(v),
            Tag::ByteArray(v) => fastnbt::ByteArray::new(v.clone()).serialize(serializer),
            Tag::IntArray(v) => fastnbt::IntArray::new(v.clone()).serialize(serializer),
            Tag::LongArray(v) => fastnbt::LongArray::new(v.clone()).serialize(serializer),
            Tag::List(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Tag::Compound(compound) => serialize_compound(compound, serializer),
        }
    }
}

/// Serializes a compound in key order.
pub(crate) fn serialize_compound<S: Serializer>(
    compound: &Compound,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let mut map = serializer.serialize_map(Some(compound.len()))?;
    for (key, value) in compound {
        map.serialize_entry(key, value)?;
    }
    map.end()
}

/// Converts YAML to NBT: booleans become Byte, integers Int (Long when too large), floats
/// Double, strings String, sequences List (one type), mappings Compound; the YAML tags `!byte`,
/// `!short`, `!int`, `!long`, `!float`, `!double` force a number's type.
pub(crate) fn yaml_to_tag(
    value: &serde_yaml::Value,
    path: &str,
    problems: &mut Vec<String>,
) -> Option<Tag> {
    use serde_yaml::Value;
    Some(match value {
        Value::Bool(b) => Tag::Byte(*b as i8),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i32::try_from(i).map(Tag::Int).unwrap_or(Tag::Long(i))
            } else if let Some(f) = n.as_f64() {
                Tag::Double(f)
            } else {
                problems.push(format!("{path}: number out of range"));
                return None;
            }
        }
        Value::String(s) => Tag::String(s.clone()),
        Value::Sequence(items) => {
            let list: Vec<Tag> = items
                .iter()
                .enumerate()
                .filter_map(|(i, item)| yaml_to_tag(item, &format!("{path}[{i}]"), problems))
                .collect();
            let tag = Tag::List(list);
            if let Err(e) = tag.check_lists(path) {
                problems.push(e.to_string());
            }
            tag
        }
        Value::Mapping(map) => {
            let mut compound = Compound::new();
            for (key, item) in map {
                let Some(key) = key.as_str() else {
                    problems.push(format!("{path}: keys must be strings"));
                    continue;
                };
                if let Some(tag) = yaml_to_tag(item, &format!("{path}.{key}"), problems) {
                    compound.insert(key.to_owned(), tag);
                }
            }
            Tag::Compound(compound)
        }
        Value::Tagged(tagged) => {
            // `!byte 1`, `!short 20`, `!long 5`, `!float 0.5`: NBT types YAML cannot infer.
            let number = tagged.value.as_f64();
            let integer = tagged.value.as_i64();
            let kind = tagged.tag.to_string();
            let tag = match (kind.trim_start_matches('!'), integer, number) {
                ("byte", Some(i), _) => i8::try_from(i).ok().map(Tag::Byte),
                ("short", Some(i), _) => i16::try_from(i).ok().map(Tag::Short),
                ("int", Some(i), _) => i32::try_from(i).ok().map(Tag::Int),
                ("long", Some(i), _) => Some(Tag::Long(i)),
                ("float", _, Some(f)) => Some(Tag::Float(f as f32)),
                ("double", _, Some(f)) => Some(Tag::Double(f)),
                _ => None,
            };
            if tag.is_none() {
                problems.push(format!(
                    "{path}: `{kind}` needs a number in range (!byte, !short, !int, !long, !float, !double)"
                ));
            }
            return tag;
        }
        Value::Null => {
            problems.push(format!("{path}: null has no NBT form"));
            return None;
        }
    })
}

/// The deepest nesting the game accepts (`NbtAccounter`'s depth limit).
const MAX_DEPTH: usize = 512;

/// Parses uncompressed binary NBT whose root is a named compound (the name is returned too).
pub fn parse_root(bytes: &[u8]) -> Result<(String, Compound)> {
    let mut reader = Reader { bytes, pos: 0 };
    let id = reader.u8()?;
    if id != 10 {
        return Err(Error::nbt(
            0,
            format!("the root must be a Compound, found tag id {id}"),
        ));
    }
    let name = reader.string()?;
    let root = reader.compound(1)?;
    Ok((name, root))
}

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8]> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or_else(|| {
                Error::nbt(
                    self.pos,
                    format!(
                        "unexpected end of data (needed {n} more bytes, {} left)",
                        self.bytes.len() - self.pos
                    ),
                )
            })?;
        let slice = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(slice)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let mut out = [0; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn u8(&mut self) -> Result<u8> {
        Ok(self.array::<1>()?[0])
    }

    fn i32(&mut self) -> Result<i32> {
        Ok(i32::from_be_bytes(self.array()?))
    }

    /// A length prefix, checked against the bytes left so a lying length cannot make us reserve
    /// gigabytes: every element needs at least `min_element_bytes` bytes.
    fn length(&mut self, min_element_bytes: usize) -> Result<usize> {
        let at = self.pos;
        let len = self.i32()?;
        let len =
            usize::try_from(len).map_err(|_| Error::nbt(at, format!("negative length {len}")))?;
        let left = self.bytes.len() - self.pos;
        if len.saturating_mul(min_element_bytes.max(1)) > left && min_element_bytes > 0 {
            return Err(Error::nbt(
                at,
                format!("length {len} does not fit in the {left} bytes left"),
            ));
        }
        Ok(len)
    }

    fn string(&mut self) -> Result<String> {
        let at = self.pos;
        let len = u16::from_be_bytes(self.array()?) as usize;
        let raw = self.take(len)?;
        decode_java_utf8(raw)
            .ok_or_else(|| Error::nbt(at, "a string is not valid (modified) UTF-8"))
    }

    fn compound(&mut self, depth: usize) -> Result<Compound> {
        let mut out = Compound::new();
        loop {
            let at = self.pos;
            let id = self.u8()?;
            if id == 0 {
                return Ok(out);
            }
            let name = self.string()?;
            let value = self.payload(id, depth, at)?;
            // The game keeps the last of duplicate keys; so do we.
            out.insert(name, value);
        }
    }

    fn payload(&mut self, id: u8, depth: usize, at: usize) -> Result<Tag> {
        if depth > MAX_DEPTH {
            return Err(Error::nbt(at, "nested deeper than 512 levels"));
        }
        Ok(match id {
            1 => Tag::Byte(i8::from_be_bytes(self.array()?)),
            2 => Tag::Short(i16::from_be_bytes(self.array()?)),
            3 => Tag::Int(self.i32()?),
            4 => Tag::Long(i64::from_be_bytes(self.array()?)),
            5 => Tag::Float(f32::from_be_bytes(self.array()?)),
            6 => Tag::Double(f64::from_be_bytes(self.array()?)),
            7 => {
                let len = self.length(1)?;
                Tag::ByteArray(self.take(len)?.iter().map(|&b| b as i8).collect())
            }
            8 => Tag::String(self.string()?),
            9 => {
                let element = self.u8()?;
                let element_bytes = match element {
                    0 => 0,
                    1 => 1,
                    2 => 2,
                    3 | 5 => 4,
                    4 | 6 => 8,
                    7 | 9 | 11 | 12 => 4,
                    8 => 2,
                    10 => 1,
                    other => {
                        return Err(Error::nbt(
                            at,
                            format!("unknown list element tag id {other}"),
                        ))
                    }
                };
                let len_at = self.pos;
                let len = self.length(element_bytes)?;
                if element == 0 && len > 0 {
                    return Err(Error::nbt(len_at, "a list of End tags must be empty"));
                }
                let mut items = Vec::with_capacity(len);
                for _ in 0..len {
                    let item_at = self.pos;
                    items.push(self.payload(element, depth + 1, item_at)?);
                }
                Tag::List(items)
            }
            10 => Tag::Compound(self.compound(depth + 1)?),
            11 => {
                let len = self.length(4)?;
                let raw = self.take(len * 4)?;
                Tag::IntArray(
                    raw.chunks_exact(4)
                        .map(|c| i32::from_be_bytes([c[0], c[1], c[2], c[3]]))
                        .collect(),
                )
            }
            12 => {
                let len = self.length(8)?;
                let raw = self.take(len * 8)?;
                Tag::LongArray(
                    raw.chunks_exact(8)
                        .map(|c| {
                            i64::from_be_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]])
                        })
                        .collect(),
                )
            }
            other => return Err(Error::nbt(at, format!("unknown tag id {other}"))),
        })
    }
}

/// Decodes Java's modified UTF-8 (what `DataOutput.writeUTF` writes): like UTF-8, but NUL is two
/// bytes and characters beyond the BMP are two three-byte surrogates.
fn decode_java_utf8(raw: &[u8]) -> Option<String> {
    if let Ok(text) = std::str::from_utf8(raw) {
        return Some(text.to_owned());
    }
    let mut units: Vec<u16> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let b0 = raw[i] as u16;
        if b0 < 0x80 {
            units.push(b0);
            i += 1;
        } else if b0 & 0xE0 == 0xC0 {
            let b1 = *raw.get(i + 1)? as u16;
            if b1 & 0xC0 != 0x80 {
                return None;
            }
            units.push(((b0 & 0x1F) << 6) | (b1 & 0x3F));
            i += 2;
        } else if b0 & 0xF0 == 0xE0 {
            let b1 = *raw.get(i + 1)? as u16;
            let b2 = *raw.get(i + 2)? as u16;
            if b1 & 0xC0 != 0x80 || b2 & 0xC0 != 0x80 {
                return None;
            }
            units.push(((b0 & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
            i += 3;
        } else {
            return None;
        }
    }
    String::from_utf16(&units).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn to_bytes(root: &Compound) -> Vec<u8> {
        struct Root<'a>(&'a Compound);
        impl Serialize for Root<'_> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                serialize_compound(self.0, s)
            }
        }
        fastnbt::to_bytes(&Root(root)).unwrap_or_default()
    }

    fn sample() -> Compound {
        let mut inner = Compound::new();
        inner.insert("id".into(), Tag::String("minecraft:zombie".into()));
        let mut root = Compound::new();
        root.insert("b".into(), Tag::Byte(-3));
        root.insert("s".into(), Tag::Short(300));
        root.insert("i".into(), Tag::Int(-70000));
        root.insert("l".into(), Tag::Long(1 << 40));
        root.insert("f".into(), Tag::Float(0.5));
        root.insert("d".into(), Tag::Double(-2.25));
        root.insert("ba".into(), Tag::ByteArray(vec![1, -1]));
        root.insert("str".into(), Tag::String("caf\u{e9} \u{1F600}\0".into()));
        root.insert("list".into(), Tag::List(vec![Tag::Int(1), Tag::Int(2)]));
        root.insert("empty".into(), Tag::List(vec![]));
        root.insert("c".into(), Tag::Compound(inner));
        root.insert("ia".into(), Tag::IntArray(vec![7, 8, 9]));
        root.insert("la".into(), Tag::LongArray(vec![-1]));
        root
    }

    #[test]
    fn every_tag_type_round_trips_through_fastnbt_and_our_reader() {
        let root = sample();
        let bytes = to_bytes(&root);
        let (name, back) = parse_root(&bytes).unwrap_or_default();
        assert_eq!(name, "");
        assert_eq!(back, root);
    }

    #[test]
    fn every_truncation_is_an_error_not_a_panic() {
        let bytes = to_bytes(&sample());
        for len in 0..bytes.len() {
            assert!(parse_root(&bytes[..len]).is_err(), "truncated at {len}");
        }
    }

    #[test]
    fn lying_lengths_and_deep_nesting_are_rejected() {
        // A root holding an IntArray that claims two billion elements.
        let bytes = [10, 0, 0, 11, 0, 1, b'a', 0x7F, 0xFF, 0xFF, 0xFF, 0];
        assert!(parse_root(&bytes).is_err());
        // 600 nested single-element lists of lists.
        let mut deep = vec![10, 0, 0, 9, 0, 1, b'a'];
        for _ in 0..600 {
            deep.extend_from_slice(&[9, 0, 0, 0, 1]);
        }
        deep.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
        let error = parse_root(&deep).map(|_| ()).map_err(|e| e.to_string());
        assert!(matches!(&error, Err(m) if m.contains("512")), "{error:?}");
    }

    #[test]
    fn yaml_scalars_map_to_nbt_types() {
        let yaml: serde_yaml::Value = serde_yaml::from_str(
            "{a: true, b: 3, c: 5000000000, d: 0.5, e: !byte 13, f: !short 7, g: !float 1.5, h: [1, 2], i: text}",
        )
        .unwrap();
        let mut problems = Vec::new();
        let tag = yaml_to_tag(&yaml, "x", &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
        let Some(Tag::Compound(c)) = tag else {
            panic!("a mapping is a compound")
        };
        assert_eq!(c["a"], Tag::Byte(1));
        assert_eq!(c["b"], Tag::Int(3));
        assert_eq!(c["c"], Tag::Long(5_000_000_000));
        assert_eq!(c["d"], Tag::Double(0.5));
        assert_eq!(c["e"], Tag::Byte(13));
        assert_eq!(c["f"], Tag::Short(7));
        assert_eq!(c["g"], Tag::Float(1.5));
        assert_eq!(c["h"], Tag::List(vec![Tag::Int(1), Tag::Int(2)]));
        assert_eq!(c["i"], Tag::String("text".into()));
        let bad: serde_yaml::Value = serde_yaml::from_str("[!byte 300, 1, x]").unwrap();
        yaml_to_tag(&bad, "y", &mut problems);
        assert_eq!(problems.len(), 2, "{problems:?}");
    }

    #[test]
    fn mixed_lists_are_caught_before_writing() {
        let list = Tag::List(vec![Tag::Int(1), Tag::Short(2)]);
        assert!(list.check_lists("x").is_err());
        assert!(Tag::List(vec![Tag::Int(1)]).check_lists("x").is_ok());
    }
}
