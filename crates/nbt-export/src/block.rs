//! Block states: a namespaced block name and its properties, kept sorted so that palettes, their
//! order and the written bytes never depend on the order in which properties were given.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use crate::error::Error;

/// A block state such as `minecraft:oak_stairs[facing=north,half=bottom,shape=straight]`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BlockState {
    /// The namespaced id, e.g. `minecraft:stone`.
    pub name: String,
    /// Property name to value, sorted by name.
    pub properties: BTreeMap<String, String>,
}

impl BlockState {
    /// A state without properties. A name without a namespace gets `minecraft:`.
    pub fn new(name: &str) -> Self {
        BlockState {
            name: namespaced(name),
            properties: BTreeMap::new(),
        }
    }

    /// Adds or replaces one property (builder style).
    pub fn with(mut self, key: &str, value: &str) -> Self {
        self.properties.insert(key.to_owned(), value.to_owned());
        self
    }

    /// The value of a property.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.properties.get(key).map(String::as_str)
    }

    /// `minecraft:air`.
    pub fn air() -> Self {
        BlockState::new("minecraft:air")
    }

    /// True for the three air blocks.
    pub fn is_air(&self) -> bool {
        matches!(
            self.name.as_str(),
            "minecraft:air" | "minecraft:cave_air" | "minecraft:void_air"
        )
    }
}

fn namespaced(name: &str) -> String {
    if name.contains(':') {
        name.to_owned()
    } else {
        format!("minecraft:{name}")
    }
}

fn valid_identifier(text: &str, extra: &[char]) -> bool {
    !text.is_empty()
        && text.chars().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || "_-.".contains(c) || extra.contains(&c)
        })
}

impl FromStr for BlockState {
    type Err = Error;

    /// Parses `name` or `name[key=value,...]` (the syntax of commands and `.schem` palettes).
    fn from_str(text: &str) -> Result<Self, Error> {
        let text = text.trim();
        let (name, rest) = match text.find('[') {
            Some(open) => (&text[..open], Some(&text[open + 1..])),
            None => (text, None),
        };
        let name = namespaced(name.trim());
        let (namespace, path) = name.split_once(':').unwrap_or(("", ""));
        if !valid_identifier(namespace, &[]) || !valid_identifier(path, &['/']) {
            return Err(Error::invalid(format!(
                "`{text}`: a block name is `namespace:path` in lower case"
            )));
        }
        let mut state = BlockState {
            name,
            properties: BTreeMap::new(),
        };
        if let Some(rest) = rest {
            let body = rest.strip_suffix(']').ok_or_else(|| {
                Error::invalid(format!("`{text}`: the property list must end with `]`"))
            })?;
            for pair in body.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let (key, value) = pair.split_once('=').ok_or_else(|| {
                    Error::invalid(format!("`{text}`: property `{pair}` is not key=value"))
                })?;
                let (key, value) = (key.trim(), value.trim());
                if !valid_identifier(key, &[]) || !valid_identifier(value, &[]) {
                    return Err(Error::invalid(format!(
                        "`{text}`: property `{pair}` must be lower-case key=value"
                    )));
                }
                if state.properties.insert(key.into(), value.into()).is_some() {
                    return Err(Error::invalid(format!(
                        "`{text}`: property `{key}` is given twice"
                    )));
                }
            }
        }
        Ok(state)
    }
}

impl fmt::Display for BlockState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.properties.is_empty() {
            f.write_str("[")?;
            for (i, (key, value)) in self.properties.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{key}={value}")?;
            }
            f.write_str("]")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_in_sorted_order() {
        let state: BlockState = "oak_stairs[shape=straight, facing=north,half=bottom]"
            .parse()
            .unwrap();
        assert_eq!(state.name, "minecraft:oak_stairs");
        assert_eq!(
            state.to_string(),
            "minecraft:oak_stairs[facing=north,half=bottom,shape=straight]"
        );
        assert_eq!(state.to_string().parse::<BlockState>().unwrap(), state);
    }

    #[test]
    fn rejects_malformed_states() {
        for bad in [
            "",
            "Stone",
            "stone[facing=north",
            "stone[facing]",
            "stone[a=1,a=2]",
            "a:b:c",
            "stone[Facing=north]",
        ] {
            assert!(bad.parse::<BlockState>().is_err(), "{bad}");
        }
    }
}
