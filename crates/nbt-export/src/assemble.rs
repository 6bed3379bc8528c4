//! Assembly: rooms (templates) placed with an origin, a mirror and a rotation become one
//! world-space structure, and each placed room can be had on its own, already turned.
//!
//! A placement's `origin` is the world position of the placed box's minimum corner (the layout
//! convention); [`crate::place_command_position`] turns it into what `/place template` needs.

use glam::IVec3;

use crate::block::BlockState;
use crate::error::{Error, Result};
use crate::structure::{Entity, Structure, MAX_VOLUME, VOID};
use crate::transform::{
    transform_point, transform_pos, transform_state, transformed_size, Transform,
};

/// A room structure with the resource name it gets in a data pack (`rooms/boss_arena`).
#[derive(Clone, Debug, PartialEq)]
pub struct Template {
    /// Resource path inside the namespace: lower case, digits, `_`, `-`, `.`, `/`.
    pub name: String,
    /// The room as authored (unturned).
    pub structure: Structure,
}

/// One placed room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// Index into the templates.
    pub template: usize,
    /// World position of the placed (turned) box's minimum corner.
    pub origin: IVec3,
    /// Mirror, then rotation.
    pub transform: Transform,
}

/// The assembled world.
#[derive(Clone, Debug, PartialEq)]
pub struct Assembly {
    /// Every room in one structure; its local (0, 0, 0) is `min_corner` in the world.
    pub structure: Structure,
    /// World position of the combined structure's origin.
    pub min_corner: IVec3,
    /// Cells written by more than one room (a layout bug when rooms should only touch).
    pub overlapping_cells: usize,
}

fn template_of<'a>(templates: &'a [Template], placement: &Placement) -> Result<&'a Template> {
    templates.get(placement.template).ok_or_else(|| {
        Error::invalid(format!(
            "placement names template {} but there are {}",
            placement.template,
            templates.len()
        ))
    })
}

/// The world box of every placement: minimum corner and size.
pub fn bounds(templates: &[Template], placements: &[Placement]) -> Result<(IVec3, IVec3)> {
    let mut min = IVec3::splat(i32::MAX);
    let mut max = IVec3::splat(i32::MIN);
    for placement in placements {
        let template = template_of(templates, placement)?;
        let size = transformed_size(template.structure.size(), placement.transform.rotation);
        min = min.min(placement.origin);
        max = max.max(placement.origin + size);
    }
    if placements.is_empty() {
        return Err(Error::invalid("nothing to assemble: no placements"));
    }
    Ok((min, max - min))
}

/// The room of one placement on its own, mirrored and rotated (its origin is the placement's).
pub fn placed_room(templates: &[Template], placement: &Placement) -> Result<Structure> {
    template_of(templates, placement)?
        .structure
        .transformed(placement.transform)
}

/// Places every room into one structure covering them all. Later rooms win where rooms overlap;
/// void cells never overwrite anything.
pub fn assemble(templates: &[Template], placements: &[Placement]) -> Result<Assembly> {
    let (min_corner, size) = bounds(templates, placements)?;
    let volume = size.as_i64vec3();
    let volume = volume.x * volume.y * volume.z;
    if volume as u64 > MAX_VOLUME {
        return Err(Error::invalid(format!(
            "the assembled dungeon spans {} x {} x {} = {volume} cells, more than one file may \
             hold ({MAX_VOLUME}); use the per-room files and the data pack",
            size.x, size.y, size.z
        )));
    }
    let mut out = Structure::new(size)?;
    let data_version = templates
        .iter()
        .map(|t| t.structure.data_version())
        .max()
        .unwrap_or(out.data_version());
    out.set_data_version(data_version);
    let mut overlapping_cells = 0;
    let mut remap: Vec<u32> = Vec::new();
    for placement in placements {
        let room = &template_of(templates, placement)?.structure;
        let room_size = room.size();
        remap.clear();
        remap.extend(
            room.palette()
                .iter()
                .map(|state: &BlockState| out.intern(&transform_state(state, placement.transform))),
        );
        let offset = placement.origin - min_corner;
        for (cell, &state) in room.cells().iter().enumerate() {
            if state == VOID {
                continue;
            }
            let local = transform_pos(room.cell_pos(cell), room_size, placement.transform);
            let target = offset + local;
            let Some(target_cell) = out.cell_index(target) else {
                return Err(Error::invalid(
                    "a placed cell fell outside the assembled box",
                ));
            };
            if out.cells()[target_cell] != VOID {
                overlapping_cells += 1;
            }
            let nbt = room.block_entities_by_cell().get(&cell).cloned();
            out.overwrite_raw(target_cell, remap[state as usize], nbt);
        }
        for entity in room.entities() {
            out.push_entity_raw(Entity {
                pos: transform_point(entity.pos, room_size, placement.transform)
                    + offset.as_dvec3(),
                block_pos: transform_pos(entity.block_pos, room_size, placement.transform) + offset,
                nbt: entity.nbt.clone(),
            });
        }
    }
    Ok(Assembly {
        structure: out,
        min_corner,
        overlapping_cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::{Mirror, Rotation};

    fn room(name: &str, size: IVec3, marker: IVec3) -> Template {
        let mut s = Structure::new(size).unwrap_or_else(|e| panic!("{e}"));
        for x in 0..size.x {
            for z in 0..size.z {
                s.set(IVec3::new(x, 0, z), &BlockState::new("stone"))
                    .unwrap_or_else(|e| panic!("{e}"));
            }
        }
        s.set(marker, &BlockState::new("furnace").with("facing", "north"))
            .unwrap_or_else(|e| panic!("{e}"));
        Template {
            name: name.into(),
            structure: s,
        }
    }

    #[test]
    fn rooms_land_where_the_placement_says_turned_as_asked() {
        let templates = [room("a", IVec3::new(4, 2, 6), IVec3::new(0, 1, 0))];
        let turned = Transform {
            mirror: Mirror::None,
            rotation: Rotation::Clockwise90,
        };
        let placements = [
            Placement {
                template: 0,
                origin: IVec3::new(-4, 10, 0),
                transform: Transform::default(),
            },
            Placement {
                template: 0,
                origin: IVec3::new(0, 10, 0),
                transform: turned,
            },
        ];
        let assembly = assemble(&templates, &placements).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(assembly.min_corner, IVec3::new(-4, 10, 0));
        // Widths 4 + 6 (turned), depth max(6, 4).
        assert_eq!(assembly.structure.size(), IVec3::new(10, 2, 6));
        assert_eq!(assembly.overlapping_cells, 0);
        let s = &assembly.structure;
        assert_eq!(
            s.get(IVec3::new(0, 1, 0)).and_then(|b| b.get("facing")),
            Some("north")
        );
        // Local (0, 1, 0) of a 4 x 6 room turned clockwise lands at (6 - 1 - 0, 1, 0).
        assert_eq!(
            s.get(IVec3::new(4 + 5, 1, 0)).and_then(|b| b.get("facing")),
            Some("east")
        );
        // The turned room is 6 wide and 4 deep: z 4 and 5 of its columns stay void.
        assert!(s.get(IVec3::new(6, 0, 5)).is_none());
        assert_eq!(
            placed_room(&templates, &placements[1])
                .map(|r| r.size())
                .ok(),
            Some(IVec3::new(6, 2, 4))
        );
    }

    #[test]
    fn overlaps_are_counted_and_bad_indices_rejected() {
        let templates = [room("a", IVec3::new(2, 1, 2), IVec3::ZERO)];
        let here = Placement {
            template: 0,
            origin: IVec3::ZERO,
            transform: Transform::default(),
        };
        let assembly = assemble(&templates, &[here, here]).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(assembly.overlapping_cells, 4);
        let bad = Placement {
            template: 3,
            ..here
        };
        assert!(assemble(&templates, &[bad]).is_err());
        assert!(assemble(&templates, &[]).is_err());
    }
}
