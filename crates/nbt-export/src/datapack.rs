//! A ready-to-drop data pack: `pack.mcmeta` with the target version's pack format, one structure
//! file per room template, and a function with one `place template` command per placed room, so
//! `/function <ns>:place` builds the whole dungeon relative to where it runs.
//!
//! The library returns the files as bytes; the CLI writes them (atomically).

use std::fmt::Write as _;

use crate::assemble::{Placement, Template};
use crate::error::{Error, Result};
use crate::io::write_nbt;
use crate::transform::place_command_position;
use crate::version::McVersion;

/// One file of the pack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackFile {
    /// Path inside the pack folder, `/`-separated (`data/dungeon/structure/boss.nbt`).
    pub path: String,
    /// File contents.
    pub bytes: Vec<u8>,
}

/// What the pack is called and which game it targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackOptions {
    /// Resource namespace: lower case, digits, `_`, `-`, `.`.
    pub namespace: String,
    /// Shown in the game's pack list.
    pub description: String,
    /// Decides the pack format and the folder names.
    pub version: McVersion,
}

fn valid_resource(text: &str, allow_slash: bool) -> bool {
    !text.is_empty()
        && !text.starts_with('/')
        && !text.ends_with('/')
        && !text.contains("//")
        && text.chars().all(|c| {
            c.is_ascii_lowercase()
                || c.is_ascii_digit()
                || "_-.".contains(c)
                || (allow_slash && c == '/')
        })
        && !text.split('/').any(|part| part == "." || part == "..")
}

fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The function's text: one `place template` per placement, positions relative to the runner.
pub fn place_function(
    namespace: &str,
    templates: &[Template],
    placements: &[Placement],
) -> Result<String> {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# Places {} rooms relative to the executing position. Chunks must be loaded.",
        placements.len()
    );
    for placement in placements {
        let template = templates.get(placement.template).ok_or_else(|| {
            Error::invalid(format!(
                "placement names missing template {}",
                placement.template
            ))
        })?;
        let pos = place_command_position(
            placement.origin,
            template.structure.size(),
            placement.transform,
        );
        let _ = writeln!(
            text,
            "place template {namespace}:{} ~{} ~{} ~{} {} {}",
            template.name,
            pos.x,
            pos.y,
            pos.z,
            placement.transform.rotation.command_name(),
            placement.transform.mirror.command_name()
        );
    }
    Ok(text)
}

/// Every file of the data pack, in a fixed order.
pub fn data_pack(
    templates: &[Template],
    placements: &[Placement],
    options: &PackOptions,
) -> Result<Vec<PackFile>> {
    let ns = &options.namespace;
    if !valid_resource(ns, false) {
        return Err(Error::invalid(format!(
            "namespace `{ns}` must be lower case letters, digits, `_`, `-` or `.`"
        )));
    }
    let mut names: Vec<&str> = Vec::with_capacity(templates.len());
    for template in templates {
        if !valid_resource(&template.name, true) {
            return Err(Error::invalid(format!(
                "structure name `{}` must be lower case letters, digits, `_`, `-`, `.` or `/`",
                template.name
            )));
        }
        if names.contains(&template.name.as_str()) {
            return Err(Error::invalid(format!(
                "two templates are both named `{}`",
                template.name
            )));
        }
        names.push(&template.name);
    }
    let version = options.version;
    let mut files = Vec::with_capacity(templates.len() + 2);
    files.push(PackFile {
        path: "pack.mcmeta".into(),
        bytes: format!(
            "{{\n  \"pack\": {{\n    \"pack_format\": {},\n    \"description\": {}\n  }}\n}}\n",
            version.pack_format(),
            json_string(&options.description)
        )
        .into_bytes(),
    });
    for template in templates {
        let mut structure = template.structure.clone();
        structure.set_data_version(version.data_version());
        let mut bytes = Vec::new();
        write_nbt(&structure, &mut bytes)?;
        files.push(PackFile {
            path: format!(
                "data/{ns}/{}/{}.nbt",
                version.structure_folder(),
                template.name
            ),
            bytes,
        });
    }
    files.push(PackFile {
        path: format!("data/{ns}/{}/place.mcfunction", version.function_folder()),
        bytes: place_function(ns, templates, placements)?.into_bytes(),
    });
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::BlockState;
    use crate::structure::Structure;
    use crate::transform::{Mirror, Rotation, Transform};
    use glam::IVec3;

    fn templates() -> Vec<Template> {
        let mut s = Structure::new(IVec3::new(3, 2, 5)).unwrap_or_else(|e| panic!("{e}"));
        s.set(IVec3::ZERO, &BlockState::new("stone"))
            .unwrap_or_else(|e| panic!("{e}"));
        vec![Template {
            name: "rooms/hall".into(),
            structure: s,
        }]
    }

    #[test]
    fn pack_layout_and_commands() {
        let placements = [
            Placement {
                template: 0,
                origin: IVec3::new(0, 0, 0),
                transform: Transform::default(),
            },
            Placement {
                template: 0,
                origin: IVec3::new(3, 0, -5),
                transform: Transform {
                    mirror: Mirror::FrontBack,
                    rotation: Rotation::Clockwise90,
                },
            },
        ];
        let options = PackOptions {
            namespace: "dungeon".into(),
            description: "A \"test\" dungeon".into(),
            version: McVersion::V1_21_4,
        };
        let files =
            data_pack(&templates(), &placements, &options).unwrap_or_else(|e| panic!("{e}"));
        let paths: Vec<&str> = files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "pack.mcmeta",
                "data/dungeon/structure/rooms/hall.nbt",
                "data/dungeon/function/place.mcfunction"
            ]
        );
        let meta = String::from_utf8_lossy(&files[0].bytes);
        assert!(meta.contains("\"pack_format\": 61") && meta.contains("A \\\"test\\\" dungeon"));
        let function = String::from_utf8_lossy(&files[2].bytes);
        let commands: Vec<&str> = function.lines().filter(|l| !l.starts_with('#')).collect();
        // Mirrored in X then turned clockwise, local (0,0,0) goes to (sizeZ-1-0, 0, sizeX-1) =
        // (4, 0, 2) inside the 5 x 3 turned box.
        assert_eq!(
            commands,
            [
                "place template dungeon:rooms/hall ~0 ~0 ~0 none none",
                "place template dungeon:rooms/hall ~7 ~0 ~-3 clockwise_90 front_back",
            ]
        );
    }

    #[test]
    fn old_versions_use_plural_folders_and_names_are_checked() {
        let options = PackOptions {
            namespace: "dungeon".into(),
            description: String::new(),
            version: McVersion::V1_20_1,
        };
        let files = data_pack(&templates(), &[], &options).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(files[1].path, "data/dungeon/structures/rooms/hall.nbt");
        assert_eq!(files[2].path, "data/dungeon/functions/place.mcfunction");
        for bad in ["Dungeon", "a b", "", "x:y"] {
            let options = PackOptions {
                namespace: bad.into(),
                ..options.clone()
            };
            assert!(data_pack(&templates(), &[], &options).is_err(), "{bad}");
        }
        let mut bad_name = templates();
        bad_name[0].name = "../escape".into();
        assert!(data_pack(&bad_name, &[], &options).is_err());
    }
}
