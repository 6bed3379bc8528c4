//! `cargo xtask structures`: builds the room structures `structures/<pack>/<room>.nbt` from the
//! text blueprints `blueprints/<pack>/<room>.yaml`, and checks every room against its pack in
//! `configs/packs/<pack>.yaml`: the size is the pack's, every connector cell (and the cell above a
//! doorway) is open, locked doors are iron doors with a button, vertical connectors have a ladder,
//! key rooms hold their key.
//!
//! * `--check` builds in memory and fails when a committed `.nbt` is stale, missing or orphaned.
//! * `--scaffold` drafts a blueprint for every pack room that has none (never overwrites one):
//!   walls, floor and ceiling, doorways at the connectors, and furnishings by room type. The
//!   drafts are then edited by hand; the blueprints, not this code, are the source of truth.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use nbt_export::{build_blueprint, write_nbt, BlockState, IVec3, Structure, Tag};
use serde_yaml::Value;

/// A room of a pack, as much of it as the structures need.
struct PackRoom {
    id: String,
    kind: String,
    structure: String,
    size: IVec3,
    key: Option<String>,
    connectors: Vec<PackConnector>,
}

struct PackConnector {
    id: String,
    position: IVec3,
    direction: String,
    door: Option<String>,
}

fn ivec3(value: &Value) -> Option<IVec3> {
    let items = value.as_sequence()?;
    if items.len() != 3 {
        return None;
    }
    let mut out = [0; 3];
    for (slot, item) in out.iter_mut().zip(items) {
        *slot = i32::try_from(item.as_i64()?).ok()?;
    }
    Some(IVec3::from_array(out))
}

fn text(value: &Value, key: &str) -> Option<String> {
    value.get(key)?.as_str().map(str::to_owned)
}

/// Reads the rooms of one pack file.
fn read_pack(path: &Path) -> Result<Vec<PackRoom>, String> {
    let shown = path.display();
    let source = fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let pack: Value = serde_yaml::from_str(&source).map_err(|e| format!("{shown}: {e}"))?;
    let rooms = pack
        .get("rooms")
        .and_then(Value::as_sequence)
        .ok_or_else(|| format!("{shown}: no `rooms` list"))?;
    let mut out = Vec::new();
    for (i, room) in rooms.iter().enumerate() {
        let at = format!("{shown}: rooms[{i}]");
        let id = text(room, "id").ok_or_else(|| format!("{at}.id: missing"))?;
        let size = room
            .get("size")
            .and_then(ivec3)
            .ok_or_else(|| format!("{at}.size: expected [x, y, z]"))?;
        let mut connectors = Vec::new();
        for (j, connector) in room
            .get("connectors")
            .and_then(Value::as_sequence)
            .into_iter()
            .flatten()
            .enumerate()
        {
            let at = format!("{at}.connectors[{j}]");
            let door = connector.get("door");
            connectors.push(PackConnector {
                id: text(connector, "id").unwrap_or_else(|| j.to_string()),
                position: connector
                    .get("position")
                    .and_then(ivec3)
                    .ok_or_else(|| format!("{at}.position: expected [x, y, z]"))?,
                direction: text(connector, "direction")
                    .ok_or_else(|| format!("{at}.direction: missing"))?,
                door: door.and_then(|d| text(d, "type")),
            });
        }
        out.push(PackRoom {
            structure: text(room, "structure").unwrap_or_else(|| id.clone()),
            kind: text(room, "type").unwrap_or_else(|| "ROOM".into()),
            key: text(room, "key"),
            id,
            size,
            connectors,
        });
    }
    Ok(out)
}

fn is_doorway_open(state: Option<&BlockState>) -> bool {
    state.is_some_and(|s| s.is_air() || s.name.ends_with("_door"))
}

fn is_shaft_open(state: Option<&BlockState>) -> bool {
    state.is_some_and(|s| s.is_air() || s.name == "minecraft:ladder")
}

/// Every way `structure` fails the pack's definition of `room`.
fn check_room(room: &PackRoom, structure: &Structure) -> Vec<String> {
    let mut problems = Vec::new();
    if structure.size() != room.size {
        problems.push(format!(
            "size is {} but the pack says {}",
            structure.size(),
            room.size
        ));
        return problems;
    }
    for connector in &room.connectors {
        let at = connector.position;
        let here = structure.get(at);
        let name = &connector.id;
        match connector.direction.as_str() {
            "UP" | "DOWN" => {
                if !is_shaft_open(here) {
                    problems.push(format!(
                        "connector `{name}` at {at}: not open (air or ladder)"
                    ));
                }
                let ladders = (0..room.size.y)
                    .filter(|&y| {
                        structure
                            .get(IVec3::new(at.x, y, at.z))
                            .map(|s| s.name.as_str())
                            == Some("minecraft:ladder")
                    })
                    .count();
                if ladders == 0 {
                    problems.push(format!(
                        "connector `{name}` at {at}: no ladder in its shaft"
                    ));
                }
            }
            _ => {
                let above = structure.get(at + IVec3::Y);
                if !is_doorway_open(here) || !is_doorway_open(above) {
                    problems.push(format!(
                        "connector `{name}` at {at}: the doorway (two blocks high) is not open"
                    ));
                }
                if connector.door.as_deref() == Some("LOCKED") {
                    let iron = |p: IVec3| {
                        structure.get(p).map(|s| s.name.as_str()) == Some("minecraft:iron_door")
                    };
                    let inward = at + inward_step(room.size, at);
                    if !iron(at) && !iron(inward) {
                        problems.push(format!("locked connector `{name}` at {at}: no iron door"));
                    }
                    let button = (-1..=1).any(|dx| {
                        (-1..=1).any(|dz| {
                            (1..=3).any(|y| {
                                structure
                                    .get(IVec3::new(at.x + dx, y, at.z + dz))
                                    .is_some_and(|s| s.name.ends_with("_button"))
                            })
                        })
                    });
                    if !button {
                        problems.push(format!("locked connector `{name}` at {at}: no button"));
                    }
                }
            }
        }
    }
    problems.extend(unreachable_connectors(room, structure));
    if let Some(key) = &room.key {
        let label = key_label(key);
        let holds_key = structure.blocks().any(|b| {
            b.nbt
                .is_some_and(|nbt| mentions(&Tag::Compound(nbt.clone()), &label))
        });
        if !holds_key {
            problems.push(format!("key room: no container holds `{}`", key_label(key)));
        }
    }
    problems
}

/// Blocks a player walks through (feet or head).
fn passable(state: Option<&BlockState>) -> bool {
    state.is_some_and(|s| {
        s.is_air()
            || s.name.ends_with("_door")
            || s.name.ends_with("_button")
            || s.name.ends_with("_carpet")
            || matches!(
                s.name.as_str(),
                "minecraft:ladder"
                    | "minecraft:cobweb"
                    | "minecraft:wall_torch"
                    | "minecraft:torch"
            )
    })
}

/// Connectors that cannot be reached from the first one walking on the floor (feet at y = 1,
/// head at y = 2); vertical connectors count through their ladder at y = 1.
fn unreachable_connectors(room: &PackRoom, structure: &Structure) -> Vec<String> {
    let size = room.size;
    let walkable = |x: i32, z: i32| {
        passable(structure.get(IVec3::new(x, 1, z))) && passable(structure.get(IVec3::new(x, 2, z)))
    };
    let Some(first) = room.connectors.first() else {
        return Vec::new();
    };
    let cell = |x: i32, z: i32| (z * size.x + x) as usize;
    let mut seen = vec![false; (size.x * size.z) as usize];
    let mut queue = Vec::new();
    if walkable(first.position.x, first.position.z) {
        seen[cell(first.position.x, first.position.z)] = true;
        queue.push((first.position.x, first.position.z));
    }
    while let Some((x, z)) = queue.pop() {
        for (dx, dz) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            let (nx, nz) = (x + dx, z + dz);
            let inside = nx >= 0 && nz >= 0 && nx < size.x && nz < size.z;
            if inside && !seen[cell(nx, nz)] && walkable(nx, nz) {
                seen[cell(nx, nz)] = true;
                queue.push((nx, nz));
            }
        }
    }
    room.connectors
        .iter()
        .filter(|c| !seen[cell(c.position.x, c.position.z)])
        .map(|c| {
            format!(
                "connector `{}` at {} cannot be walked to from `{}`",
                c.id, c.position, first.id
            )
        })
        .collect()
}

/// The step from a wall cell into the room (zero for interior cells).
fn inward_step(size: IVec3, at: IVec3) -> IVec3 {
    if at.z == 0 {
        IVec3::Z
    } else if at.z == size.z - 1 {
        IVec3::NEG_Z
    } else if at.x == 0 {
        IVec3::X
    } else if at.x == size.x - 1 {
        IVec3::NEG_X
    } else {
        IVec3::ZERO
    }
}

/// True when any string inside `tag` contains `needle` (a custom name is JSON text).
fn mentions(tag: &Tag, needle: &str) -> bool {
    match tag {
        Tag::String(text) => text.contains(needle),
        Tag::List(items) => items.iter().any(|t| mentions(t, needle)),
        Tag::Compound(map) => map.values().any(|t| mentions(t, needle)),
        _ => false,
    }
}

/// The key's display name: `silver_key` -> `Silver key`.
fn key_label(key: &str) -> String {
    let words = key.replace('_', " ");
    let mut chars = words.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// Runs the build (or the check) over every blueprint.
pub fn run(root: &Path, check: bool, scaffold: bool) -> Result<(), String> {
    let mut rooms: BTreeMap<String, PackRoom> = BTreeMap::new();
    let mut pack_files = Vec::new();
    crate::files_with_extension(&root.join("configs/packs"), "yaml", &mut pack_files);
    for pack in &pack_files {
        for room in read_pack(pack)? {
            rooms.insert(room.structure.clone(), room);
        }
    }
    let blueprints = root.join("blueprints");
    if scaffold {
        for (name, room) in &rooms {
            let path = blueprints.join(format!("{name}.yaml"));
            if path.exists() {
                continue;
            }
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
            }
            fs::write(&path, scaffold_blueprint(room))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            println!("drafted {}", path.display());
        }
    }
    let mut files = Vec::new();
    crate::files_with_extension(&blueprints, "yaml", &mut files);
    let mut problems = Vec::new();
    let mut expected = Vec::new();
    for file in &files {
        let relative = file
            .strip_prefix(&blueprints)
            .map_err(|e| e.to_string())?
            .with_extension("");
        let name = relative.to_string_lossy().replace('\\', "/");
        let source = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let structure = match build_blueprint(&source) {
            Ok(s) => s,
            Err(e) => {
                problems.push(format!("blueprints/{name}.yaml: {e}"));
                continue;
            }
        };
        match rooms.get(&name) {
            Some(room) => {
                for problem in check_room(room, &structure) {
                    problems.push(format!("blueprints/{name}.yaml ({}): {problem}", room.id));
                }
            }
            None if !rooms.is_empty() => problems.push(format!(
                "blueprints/{name}.yaml: no pack room uses `{name}`"
            )),
            None => {}
        }
        let mut bytes = Vec::new();
        write_nbt(&structure, &mut bytes).map_err(|e| format!("{name}: {e}"))?;
        let target = root.join("structures").join(format!("{name}.nbt"));
        expected.push(target.clone());
        let current = fs::read(&target).ok();
        if current.as_deref() == Some(&bytes[..]) {
            continue;
        }
        if check {
            problems.push(format!(
                "structures/{name}.nbt is {} (run `cargo xtask structures`)",
                if current.is_some() {
                    "stale"
                } else {
                    "missing"
                }
            ));
        } else {
            if let Some(parent) = target.parent() {
                fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
            }
            fs::write(&target, &bytes).map_err(|e| format!("{}: {e}", target.display()))?;
            println!("wrote structures/{name}.nbt");
        }
    }
    for name in rooms.keys() {
        if !blueprints.join(format!("{name}.yaml")).exists() {
            problems.push(format!(
                "pack room `{name}` has no blueprint (draft one with `cargo xtask structures --scaffold`)"
            ));
        }
    }
    let mut committed = Vec::new();
    crate::files_with_extension(&root.join("structures"), "nbt", &mut committed);
    for file in committed {
        if !expected.contains(&file) {
            problems.push(format!("{} has no blueprint", file.display()));
        }
    }
    if problems.is_empty() {
        println!("structures: {} rooms ok", files.len());
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// A first draft of a room's blueprint from its pack definition.
fn scaffold_blueprint(room: &PackRoom) -> String {
    let size = room.size;
    let (sx, sy, sz) = (size.x as usize, size.y as usize, size.z as usize);
    let top = sy - 1;
    let mut grid = vec![vec![vec!['#'; sx]; sz]; sy];
    for (y, layer) in grid.iter_mut().enumerate() {
        for (z, row) in layer.iter_mut().enumerate() {
            for (x, cell) in row.iter_mut().enumerate() {
                let wall = x == 0 || z == 0 || x == sx - 1 || z == sz - 1;
                if y > 0 && y < top && !wall {
                    *cell = '.';
                }
            }
        }
    }
    let mut palette: BTreeMap<char, String> = BTreeMap::new();
    let pack = room.structure.split('/').next().unwrap_or("");
    let (wall, pillar) = match pack {
        "mines" => ("cobblestone", "oak_log[axis=y]"),
        _ => ("stone_bricks", "chiseled_stone_bricks"),
    };
    palette.insert('#', wall.into());
    palette.insert('.', "air".into());
    let put = |grid: &mut Vec<Vec<Vec<char>>>, p: IVec3, symbol: char| {
        if p.cmpge(IVec3::ZERO).all() && p.cmplt(size).all() {
            grid[p.y as usize][p.z as usize][p.x as usize] = symbol;
        }
    };
    // Light: lanterns on the floor in the inner corners.
    palette.insert('l', "lantern[hanging=false,waterlogged=false]".into());
    if sx >= 7 && sz >= 7 {
        for (x, z) in [(1, 1), (sx - 2, 1), (1, sz - 2), (sx - 2, sz - 2)] {
            put(&mut grid, IVec3::new(x as i32, 1, z as i32), 'l');
        }
    } else {
        put(
            &mut grid,
            IVec3::new(sx as i32 / 2, top as i32 - 1, sz as i32 / 2),
            'L',
        );
        palette.insert('L', "lantern[hanging=true,waterlogged=false]".into());
    }
    let center = IVec3::new(sx as i32 / 2, 1, sz as i32 / 2);
    match room.kind.as_str() {
        "END" => {
            palette.insert('S', "spawner".into());
            palette.insert('p', pillar.into());
            palette.insert('C', "chest".into());
            put(&mut grid, center - IVec3::Y, 'p');
            put(&mut grid, center, 'S');
            put(&mut grid, center + IVec3::new(0, 0, -2), 'C');
        }
        "SPECIAL" if room.key.is_some() => {
            palette.insert('K', "key-chest".into());
            palette.insert('g', "gold_block".into());
            put(&mut grid, center - IVec3::Y, 'g');
            put(&mut grid, center, 'K');
        }
        "SPECIAL" | "START" => {
            palette.insert('C', "chest".into());
            put(&mut grid, center, 'C');
            if room.id.contains("treasure") || room.id.contains("vault") {
                put(&mut grid, center + IVec3::new(-2, 0, 0), 'C');
                put(&mut grid, center + IVec3::new(2, 0, 0), 'C');
            }
        }
        _ => {}
    }
    // Furnishings by room name: one block along the inner walls, clear of every doorway.
    let features: [(&str, &str); 9] = [
        ("library", "bookshelf"),
        (
            "prison",
            "iron_bars[east=false,north=false,south=false,waterlogged=false,west=false]",
        ),
        ("ore", "iron_ore"),
        ("crystal", "amethyst_cluster[facing=up,waterlogged=false]"),
        ("spider", "cobweb"),
        ("merchant", "barrel[facing=up,open=false]"),
        (
            "camp",
            "campfire[facing=north,lit=true,signal_fire=false,waterlogged=false]",
        ),
        ("chapel", "candle[candles=3,lit=true,waterlogged=false]"),
        (
            "dining",
            "oak_fence[east=false,north=false,south=false,waterlogged=false,west=false]",
        ),
    ];
    if let Some((_, block)) = features.iter().find(|(word, _)| room.id.contains(word)) {
        palette.insert('f', (*block).into());
        let near_door = |x: i32, z: i32| {
            room.connectors
                .iter()
                .any(|c| (c.position.x - x).abs() <= 1 && (c.position.z - z).abs() <= 1)
        };
        for z in 1..sz as i32 - 1 {
            for x in 1..sx as i32 - 1 {
                let by_wall = x == 1 || z == 1 || x == sx as i32 - 2 || z == sz as i32 - 2;
                let cell = grid[1][z as usize][x as usize];
                if by_wall && (x + z) % 2 == 0 && cell == '.' && !near_door(x, z) {
                    put(&mut grid, IVec3::new(x, 1, z), 'f');
                }
            }
        }
    }
    for connector in &room.connectors {
        let at = connector.position;
        match connector.direction.as_str() {
            "UP" | "DOWN" => {
                palette.insert('P', pillar.into());
                // A ladder shaft against a pillar on the side farthest from every doorway.
                let sides = [
                    (IVec3::Z, "north"),
                    (IVec3::NEG_Z, "south"),
                    (IVec3::X, "west"),
                    (IVec3::NEG_X, "east"),
                ];
                let clearance = |offset: IVec3| {
                    room.connectors
                        .iter()
                        .filter(|c| !matches!(c.direction.as_str(), "UP" | "DOWN"))
                        .map(|c| {
                            let d = c.position - (at + offset);
                            d.x.abs() + d.z.abs()
                        })
                        .min()
                        .unwrap_or(i32::MAX)
                };
                let (offset, facing) = sides
                    .iter()
                    .copied()
                    .max_by_key(|(offset, _)| clearance(*offset))
                    .unwrap_or(sides[0]);
                palette.insert('H', format!("ladder[facing={facing},waterlogged=false]"));
                let (from, to) = if connector.direction == "UP" {
                    (1, top as i32)
                } else {
                    (0, 1)
                };
                for y in from..=to {
                    put(&mut grid, IVec3::new(at.x, y, at.z), 'H');
                    if y > 0 {
                        put(&mut grid, IVec3::new(at.x, y, at.z) + offset, 'P');
                    }
                }
            }
            _ => {
                put(&mut grid, at, '.');
                put(&mut grid, at + IVec3::Y, '.');
                if connector.door.as_deref() == Some("LOCKED") {
                    let inward = inward_step(size, at);
                    let door = at + inward;
                    let facing = match (inward.x, inward.z) {
                        (0, 1) => "south",
                        (0, -1) => "north",
                        (1, 0) => "east",
                        _ => "west",
                    };
                    palette.insert('D', format!("iron_door[facing={facing},half=lower,hinge=left,open=false,powered=false]"));
                    palette.insert('U', format!("iron_door[facing={facing},half=upper,hinge=left,open=false,powered=false]"));
                    // The door sits one step in, framed, so a button on the wall face outside it
                    // is reachable from the neighbouring room.
                    put(&mut grid, door, 'D');
                    put(&mut grid, door + IVec3::Y, 'U');
                    let side = IVec3::new(inward.z.abs(), 0, inward.x.abs());
                    for s in [side, -side] {
                        put(&mut grid, door + s, '#');
                        put(&mut grid, door + s + IVec3::Y, '#');
                    }
                    let outward = match facing {
                        "south" => "north",
                        "north" => "south",
                        "east" => "west",
                        _ => "east",
                    };
                    palette.insert(
                        'B',
                        format!("stone_button[face=wall,facing={outward},powered=false]"),
                    );
                    put(&mut grid, at + side + IVec3::Y, 'B');
                }
            }
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} ({}), {} x {} x {}: drafted by `cargo xtask structures --scaffold`, edit freely.",
        room.id, room.kind, sx, sy, sz
    );
    let _ = writeln!(
        out,
        "# Layers go bottom (y = 0) to top; rows run north (z = 0) to south, columns west to east."
    );
    let _ = writeln!(out, "size: [{sx}, {sy}, {sz}]");
    let _ = writeln!(out, "palette:");
    for (symbol, block) in &palette {
        let entry = match block.as_str() {
            "chest" => "{ block: \"chest[facing=south,type=single,waterlogged=false]\", nbt: { id: \"minecraft:chest\", LootTable: \"minecraft:chests/simple_dungeon\" } }".to_owned(),
            "spawner" => "{ block: \"spawner\", nbt: { id: \"minecraft:mob_spawner\", SpawnData: { entity: { id: \"minecraft:wither_skeleton\" } } } }".to_owned(),
            "key-chest" => {
                let label = key_label(room.key.as_deref().unwrap_or("key"));
                format!("{{ block: \"chest[facing=south,type=single,waterlogged=false]\", nbt: {{ id: \"minecraft:chest\", Items: [{{ Slot: !byte 13, id: \"minecraft:tripwire_hook\", count: 1, components: {{ \"minecraft:custom_name\": '\"{label}\"' }} }}] }} }}")
            }
            other => format!("\"{other}\""),
        };
        let _ = writeln!(out, "  \"{symbol}\": {entry}");
    }
    let _ = writeln!(out, "layers:");
    let mut y = 0;
    while y < sy {
        let mut repeat = 1;
        while y + repeat < sy && grid[y + repeat] == grid[y] {
            repeat += 1;
        }
        if repeat > 1 {
            let _ = writeln!(out, "  - repeat: {repeat}   # y = {y}..{}", y + repeat - 1);
            let _ = writeln!(out, "    rows: |");
            for row in &grid[y] {
                let _ = writeln!(out, "      {}", row.iter().collect::<String>());
            }
        } else {
            let _ = writeln!(out, "  - |   # y = {y}");
            for row in &grid[y] {
                let _ = writeln!(out, "    {}", row.iter().collect::<String>());
            }
        }
        y += repeat;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn room(kind: &str, connectors: Vec<PackConnector>, key: Option<&str>) -> PackRoom {
        PackRoom {
            id: "test_room".into(),
            kind: kind.into(),
            structure: "test/test_room".into(),
            size: IVec3::new(9, 6, 9),
            key: key.map(String::from),
            connectors,
        }
    }

    fn connector(position: [i32; 3], direction: &str, door: Option<&str>) -> PackConnector {
        PackConnector {
            id: direction.to_lowercase(),
            position: IVec3::from_array(position),
            direction: direction.into(),
            door: door.map(String::from),
        }
    }

    #[test]
    fn scaffolds_pass_their_own_pack_checks() {
        let rooms = [
            room(
                "ROOM",
                vec![
                    connector([4, 1, 0], "NORTH", None),
                    connector([8, 1, 4], "EAST", None),
                ],
                None,
            ),
            room(
                "SPECIAL",
                vec![connector([4, 1, 8], "SOUTH", Some("LOCKED"))],
                None,
            ),
            room(
                "SPECIAL",
                vec![connector([0, 1, 4], "WEST", None)],
                Some("silver_key"),
            ),
            room(
                "END",
                vec![
                    connector([4, 1, 8], "SOUTH", None),
                    connector([4, 5, 4], "UP", None),
                ],
                None,
            ),
            room(
                "ROOM",
                vec![
                    connector([4, 1, 0], "NORTH", None),
                    connector([4, 0, 4], "DOWN", None),
                ],
                None,
            ),
        ];
        for room in &rooms {
            let text = scaffold_blueprint(room);
            let structure = build_blueprint(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(check_room(room, &structure), Vec::<String>::new(), "{text}");
        }
    }

    #[test]
    fn a_closed_doorway_and_a_wrong_size_are_reported() {
        let north = room(
            "ROOM",
            vec![connector([4, 1, 0], "NORTH", Some("LOCKED"))],
            Some("gold_key"),
        );
        let mut walled = room("ROOM", vec![], None);
        walled.id = "walled".into();
        let structure =
            build_blueprint(&scaffold_blueprint(&walled)).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            check_room(&north, &structure),
            [
                "connector `north` at [4, 1, 0]: the doorway (two blocks high) is not open",
                "locked connector `north` at [4, 1, 0]: no iron door",
                "locked connector `north` at [4, 1, 0]: no button",
                "connector `north` at [4, 1, 0] cannot be walked to from `north`",
                "key room: no container holds `Gold key`",
            ]
        );
        let through = room(
            "ROOM",
            vec![
                connector([4, 1, 0], "NORTH", None),
                connector([4, 1, 8], "SOUTH", None),
            ],
            None,
        );
        let mut split =
            build_blueprint(&scaffold_blueprint(&through)).unwrap_or_else(|e| panic!("{e}"));
        assert!(check_room(&through, &split).is_empty());
        for x in 1..8 {
            split
                .set(IVec3::new(x, 2, 4), &BlockState::new("stone_bricks"))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(
            check_room(&through, &split),
            ["connector `south` at [4, 1, 8] cannot be walked to from `north`"]
        );
        let mut bigger = north;
        bigger.size = IVec3::new(9, 7, 9);
        assert_eq!(check_room(&bigger, &structure).len(), 1);
    }
}
