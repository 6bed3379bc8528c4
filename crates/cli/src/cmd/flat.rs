//! 2D maps to blocks: maps a grid-floor board or a tile-map floor onto `nbt_export`'s generic
//! [`TileGrid`] and picks the block theme (one per grid-floor environment, one for tile-map).
//!
//! Each map tile becomes a `scale` x `scale` square of block columns, so that one-tile hallways
//! are walkable and a 8x8 board is not a toy. A grid-floor board gets a ring of wall around it
//! (the game's board has no border of its own); tile-map maps already have one. Rows are laid
//! out as they print: the first ASCII row is the north edge (z = 0).

use anyhow::Context;
use grid_floor::Floor;
use nbt_export::{Theme, TileGrid};

const THEMES: [(&str, &str); 8] = [
    (
        "dungeon",
        include_str!("../../../../configs/themes/dungeon.yaml"),
    ),
    (
        "water",
        include_str!("../../../../configs/themes/water.yaml"),
    ),
    (
        "volcano",
        include_str!("../../../../configs/themes/volcano.yaml"),
    ),
    (
        "forest",
        include_str!("../../../../configs/themes/forest.yaml"),
    ),
    (
        "crypt",
        include_str!("../../../../configs/themes/crypt.yaml"),
    ),
    (
        "mountain",
        include_str!("../../../../configs/themes/mountain.yaml"),
    ),
    ("last", include_str!("../../../../configs/themes/last.yaml")),
    (
        "tile-map",
        include_str!("../../../../configs/themes/tile-map.yaml"),
    ),
];

/// The embedded theme for an environment name (case-insensitive), or the dungeon theme for an
/// environment a custom data file added.
pub fn theme_for(environment: &str) -> anyhow::Result<Theme> {
    let wanted = environment.to_ascii_lowercase();
    let (name, text) = THEMES
        .iter()
        .find(|(name, _)| *name == wanted)
        .unwrap_or(&THEMES[0]);
    Theme::from_yaml(text).with_context(|| format!("the embedded theme `{name}` is invalid"))
}

/// Fills a `scale` x `scale` block square for tile `(x, z)` (offset by `border` tiles).
fn fill_square(
    grid: &mut TileGrid,
    x: u32,
    z: u32,
    scale: u32,
    border: u32,
    kind: &str,
) -> anyhow::Result<()> {
    for dz in 0..scale {
        for dx in 0..scale {
            grid.set((x + border) * scale + dx, (z + border) * scale + dz, kind)?;
        }
    }
    Ok(())
}

/// Puts a marker at the centre of tile `(x, z)`.
fn mark(
    grid: &mut TileGrid,
    x: u32,
    z: u32,
    scale: u32,
    border: u32,
    label: &str,
) -> anyhow::Result<()> {
    grid.add_marker(
        (x + border) * scale + scale / 2,
        (z + border) * scale + scale / 2,
        label,
    )?;
    Ok(())
}

/// A grid-floor board as tiles: walls, floors, a wall ring, and every object as a marker
/// (`monster:<id>`, `reward:<id>`, ... falling back to the kind in the theme), the player and
/// the stairs.
pub fn floor_grid(floor: &Floor<'_>, scale: u32) -> anyhow::Result<TileGrid> {
    let width = u32::from(floor.width);
    let height = u32::from(floor.height);
    let border = 1;
    let mut grid = TileGrid::new(
        (width + 2 * border) * scale,
        (height + 2 * border) * scale,
        "wall",
    )?;
    // The board's y grows upwards on the screen; its printed top row is the north edge.
    let row_of = |y: u8| height - 1 - u32::from(y);
    for y in 0..floor.height {
        for x in 0..floor.width {
            let kind = if floor.is_wall(x, y) { "wall" } else { "floor" };
            fill_square(&mut grid, u32::from(x), row_of(y), scale, border, kind)?;
        }
    }
    for object in &floor.objects {
        let label = format!("{}:{}", object.kind.label(), object.id.to_ascii_lowercase());
        mark(
            &mut grid,
            u32::from(object.x),
            row_of(object.y),
            scale,
            border,
            &label,
        )?;
    }
    let (px, py) = floor.player;
    mark(
        &mut grid,
        u32::from(px),
        row_of(py),
        scale,
        border,
        "player",
    )?;
    if let Some((sx, sy)) = floor.stairs {
        // The stairs appear where the boss dies: mark the tile's corner so the boss keeps the
        // centre.
        let corner_x = (u32::from(sx) + border) * scale;
        let corner_z = (row_of(sy) + border) * scale;
        grid.add_marker(corner_x, corner_z, "stairs")?;
    }
    Ok(grid)
}

/// A tile-map floor as tiles, read from its ASCII form (the documented view of the map): `#`
/// wall (the outer frame unbreakable), `.` room, `,` hallway, `~` water, `C` chasm, and the
/// markers `>` stairs, `@` player, `^` trap, `$` item, `m` monster, `K` shop floor, `H` monster
/// house floor, `*` an item buried in a wall.
pub fn map_grid(ascii: &str, scale: u32) -> anyhow::Result<TileGrid> {
    let rows: Vec<&str> = ascii.lines().filter(|l| !l.is_empty()).collect();
    let height = rows.len() as u32;
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0) as u32;
    let mut grid = TileGrid::new(width * scale, height * scale, "wall")?;
    for (z, row) in rows.iter().enumerate() {
        let z = z as u32;
        for (x, glyph) in row.chars().enumerate() {
            let x = x as u32;
            let edge = x == 0 || z == 0 || x + 1 == width || z + 1 == height;
            let (kind, marker) = match glyph {
                '#' if edge => ("unbreakable", None),
                '#' => ("wall", None),
                '*' => ("wall", Some("buried_item")),
                '.' => ("room", None),
                ',' => ("hallway", None),
                '~' => ("water", None),
                'C' => ("chasm", None),
                '>' => ("room", Some("stairs")),
                '@' => ("room", Some("player")),
                '^' => ("room", Some("trap")),
                '$' => ("room", Some("item")),
                'm' => ("room", Some("monster")),
                'K' => ("room", Some("shop")),
                'H' => ("room", Some("monster_house")),
                other => anyhow::bail!("unknown map glyph {other:?} at ({x}, {z})"),
            };
            fill_square(&mut grid, x, z, scale, 0, kind)?;
            if let Some(label) = marker {
                mark(&mut grid, x, z, scale, 0, label)?;
            }
        }
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_embedded_theme_is_valid() {
        for (name, _) in THEMES {
            let theme = theme_for(name).unwrap_or_else(|e| panic!("{name}: {e:#}"));
            assert_eq!(theme.height(), 5, "{name}");
        }
    }

    #[test]
    fn every_floor_of_a_run_extrudes_with_its_environment_theme() {
        let tables = grid_floor::Tables::default_tables().expect("embedded tables");
        let setup = grid_floor::Setup::for_class("bard").expect("bard is a class");
        let mut generator = grid_floor::Generator::new(&tables);
        for seed in 1..20 {
            for floor in generator.run(&setup, seed).expect("default tables build") {
                let grid = floor_grid(&floor, 5).expect("board fits");
                let structure =
                    nbt_export::extrude(&grid, &theme_for(floor.environment).expect("theme"))
                        .unwrap_or_else(|e| panic!("seed {seed} depth {}: {e}", floor.depth));
                let size = structure.size();
                assert_eq!(size.x, (i32::from(floor.width) + 2) * 5);
                assert_eq!(size.z, (i32::from(floor.height) + 2) * 5);
                // One marker per object, plus the player and the stairs.
                let expected = floor.objects.len() + 1 + usize::from(floor.stairs.is_some());
                assert_eq!(grid.markers().len(), expected);
            }
        }
    }

    #[test]
    fn tile_map_floors_extrude_with_every_glyph() {
        let props = tile_map::preset("water").expect("the water preset ships");
        let mut generator = tile_map::Generator::new();
        let theme = theme_for("tile-map").expect("theme");
        for seed in 1..20 {
            generator.generate(&props, tile_map::Quirks::Faithful, seed);
            let ascii = generator.map().to_ascii();
            let grid = map_grid(&ascii, 2).expect("every glyph is known");
            assert_eq!(grid.dimensions(), (112, 64));
            let structure = nbt_export::extrude(&grid, &theme).expect("theme covers the map");
            assert_eq!(structure.size().y, 5);
        }
    }

    #[test]
    fn unknown_glyphs_are_errors() {
        assert!(map_grid("#?#\n###\n", 1).is_err());
    }
}
