//! The structure model: a box of cells, each either void (keep the world as it is) or an index
//! into the palette(s), plus block-entity NBT per cell and free entities.
//!
//! Cells are a flat array indexed `x + z * size_x + y * size_x * size_z` (the `.schem` order), so
//! a position can hold one block only and building a 300,000-block room allocates once.

use std::collections::BTreeMap;

use glam::{DVec3, IVec3};

use crate::block::BlockState;
use crate::error::{Error, Result};
use crate::tag::Compound;
use crate::version::McVersion;

/// The largest volume we hold in memory (64 Mi cells, 256 MiB of indices).
pub const MAX_VOLUME: u64 = 1 << 26;

/// A cell that keeps the world's block (written as no entry at all; `structure_void` on save).
pub(crate) const VOID: u32 = u32::MAX;

/// An entity stored in a structure (an armor stand, an item frame...).
#[derive(Clone, Debug, PartialEq)]
pub struct Entity {
    /// Exact position inside the structure.
    pub pos: DVec3,
    /// The block the entity stands in.
    pub block_pos: IVec3,
    /// The entity's NBT; must hold an `id` such as `minecraft:armor_stand`.
    pub nbt: Compound,
}

/// One block as the writers see it.
#[derive(Clone, Copy, Debug)]
pub struct BlockRef<'a> {
    /// Position inside the structure.
    pub pos: IVec3,
    /// Index into every palette.
    pub state_index: u32,
    /// The state in the first palette.
    pub state: &'a BlockState,
    /// Block-entity NBT, if any.
    pub nbt: Option<&'a Compound>,
}

/// A Minecraft structure.
#[derive(Clone, Debug, PartialEq)]
pub struct Structure {
    size: IVec3,
    data_version: i32,
    /// At least one palette; all have the same length (the game picks one at random per placement).
    palettes: Vec<Vec<BlockState>>,
    lookup: BTreeMap<BlockState, u32>,
    cells: Vec<u32>,
    block_entities: BTreeMap<usize, Compound>,
    entities: Vec<Entity>,
}

impl Structure {
    /// An empty (all void) structure of `size`, for the default version (1.21.4).
    pub fn new(size: IVec3) -> Result<Self> {
        if size.min_element() < 1 {
            return Err(Error::invalid(format!(
                "a structure size must be at least 1 on every axis, got {size}"
            )));
        }
        let volume = size.x as u64 * size.y as u64 * size.z as u64;
        if volume > MAX_VOLUME {
            return Err(Error::invalid(format!(
                "a structure of {} x {} x {} = {volume} cells is larger than the {MAX_VOLUME} we hold",
                size.x, size.y, size.z
            )));
        }
        Ok(Structure {
            size,
            data_version: McVersion::default().data_version(),
            palettes: vec![Vec::new()],
            lookup: BTreeMap::new(),
            cells: vec![VOID; volume as usize],
            block_entities: BTreeMap::new(),
            entities: Vec::new(),
        })
    }

    /// Size on each axis.
    pub fn size(&self) -> IVec3 {
        self.size
    }

    /// The DataVersion written with the structure.
    pub fn data_version(&self) -> i32 {
        self.data_version
    }

    /// Sets the DataVersion to write.
    pub fn set_data_version(&mut self, data_version: i32) {
        self.data_version = data_version;
    }

    /// The palettes (usually one).
    pub fn palettes(&self) -> &[Vec<BlockState>] {
        &self.palettes
    }

    /// The first palette.
    pub fn palette(&self) -> &[BlockState] {
        &self.palettes[0]
    }

    /// Free entities.
    pub fn entities(&self) -> &[Entity] {
        &self.entities
    }

    /// True when `pos` is inside the box.
    pub fn contains(&self, pos: IVec3) -> bool {
        pos.cmpge(IVec3::ZERO).all() && pos.cmplt(self.size).all()
    }

    pub(crate) fn cell_index(&self, pos: IVec3) -> Option<usize> {
        self.contains(pos).then(|| {
            pos.x as usize
                + pos.z as usize * self.size.x as usize
                + pos.y as usize * self.size.x as usize * self.size.z as usize
        })
    }

    pub(crate) fn cell_pos(&self, index: usize) -> IVec3 {
        let sx = self.size.x as usize;
        let layer = sx * self.size.z as usize;
        IVec3::new(
            (index % sx) as i32,
            (index / layer) as i32,
            (index % layer / sx) as i32,
        )
    }

    pub(crate) fn cells(&self) -> &[u32] {
        &self.cells
    }

    pub(crate) fn block_entities_by_cell(&self) -> &BTreeMap<usize, Compound> {
        &self.block_entities
    }

    /// The palette index of `state`, adding it (to every palette) if new.
    pub fn intern(&mut self, state: &BlockState) -> u32 {
        if let Some(&index) = self.lookup.get(state) {
            return index;
        }
        let index = self.palettes[0].len() as u32;
        for palette in &mut self.palettes {
            palette.push(state.clone());
        }
        self.lookup.insert(state.clone(), index);
        index
    }

    fn checked_index(&self, pos: IVec3) -> Result<usize> {
        self.cell_index(pos).ok_or_else(|| {
            Error::invalid(format!(
                "position {pos} is outside the structure of size {}",
                self.size
            ))
        })
    }

    /// Puts `state` at `pos` (replacing any block and block entity there).
    pub fn set(&mut self, pos: IVec3, state: &BlockState) -> Result<()> {
        let index = self.intern(state);
        self.set_index(pos, index)
    }

    /// Puts the palette entry `state_index` at `pos` (the fast path for bulk fills).
    pub fn set_index(&mut self, pos: IVec3, state_index: u32) -> Result<()> {
        if state_index as usize >= self.palettes[0].len() {
            return Err(Error::invalid(format!(
                "palette index {state_index} is outside the palette of {}",
                self.palettes[0].len()
            )));
        }
        let cell = self.checked_index(pos)?;
        self.cells[cell] = state_index;
        self.block_entities.remove(&cell);
        Ok(())
    }

    /// Puts `state` at `pos` together with its block-entity NBT (a chest's `LootTable`...). The
    /// NBT must name the block entity's `id`; positions are added by the game, not stored.
    pub fn set_with_nbt(&mut self, pos: IVec3, state: &BlockState, nbt: Compound) -> Result<()> {
        if nbt.get("id").and_then(|t| t.as_str()).is_none() {
            return Err(Error::invalid(format!(
                "the block entity at {pos} needs a String `id` (e.g. minecraft:chest)"
            )));
        }
        crate::tag::Tag::Compound(nbt.clone()).check_lists("nbt")?;
        self.set(pos, state)?;
        let cell = self.checked_index(pos)?;
        let mut nbt = nbt;
        for key in ["x", "y", "z"] {
            nbt.remove(key);
        }
        self.block_entities.insert(cell, nbt);
        Ok(())
    }

    /// Makes `pos` void: the world keeps whatever is there.
    pub fn clear(&mut self, pos: IVec3) -> Result<()> {
        let cell = self.checked_index(pos)?;
        self.cells[cell] = VOID;
        self.block_entities.remove(&cell);
        Ok(())
    }

    /// The state at `pos` (first palette), or `None` for void or outside.
    pub fn get(&self, pos: IVec3) -> Option<&BlockState> {
        let cell = self.cell_index(pos)?;
        let index = self.cells[cell];
        (index != VOID).then(|| &self.palettes[0][index as usize])
    }

    /// The block-entity NBT at `pos`.
    pub fn block_entity(&self, pos: IVec3) -> Option<&Compound> {
        self.block_entities.get(&self.cell_index(pos)?)
    }

    /// Adds an entity; its NBT must hold an `id` and its position must be inside the box.
    pub fn add_entity(&mut self, entity: Entity) -> Result<()> {
        if entity.nbt.get("id").and_then(|t| t.as_str()).is_none() {
            return Err(Error::invalid("an entity needs a String `id`"));
        }
        if !self.contains(entity.block_pos) {
            return Err(Error::invalid(format!(
                "entity block position {} is outside the structure",
                entity.block_pos
            )));
        }
        crate::tag::Tag::Compound(entity.nbt.clone()).check_lists("entity")?;
        self.entities.push(entity);
        Ok(())
    }

    /// Number of non-void cells (the length of the written `blocks` list).
    pub fn block_count(&self) -> usize {
        self.cells.iter().filter(|&&c| c != VOID).count()
    }

    /// Every non-void block in the order the game itself sorts them (y, then x, then z).
    pub fn blocks(&self) -> impl Iterator<Item = BlockRef<'_>> + '_ {
        let (sx, sy, sz) = (self.size.x, self.size.y, self.size.z);
        (0..sy)
            .flat_map(move |y| (0..sx).flat_map(move |x| (0..sz).map(move |z| IVec3::new(x, y, z))))
            .filter_map(move |pos| {
                let cell = pos.x as usize
                    + pos.z as usize * sx as usize
                    + pos.y as usize * (sx * sz) as usize;
                let state_index = self.cells[cell];
                (state_index != VOID).then(|| BlockRef {
                    pos,
                    state_index,
                    state: &self.palettes[0][state_index as usize],
                    nbt: self.block_entities.get(&cell),
                })
            })
    }

    /// Builds a structure from parts read from a file; `palettes` are already checked.
    pub(crate) fn from_parts(
        size: IVec3,
        data_version: i32,
        palettes: Vec<Vec<BlockState>>,
    ) -> Result<Self> {
        let mut structure = Structure::new(size)?;
        structure.data_version = data_version;
        for (index, state) in palettes[0].iter().enumerate() {
            // Duplicate states keep their first index for lookups; the cells keep theirs.
            structure
                .lookup
                .entry(state.clone())
                .or_insert(index as u32);
        }
        structure.palettes = palettes;
        Ok(structure)
    }

    pub(crate) fn put_raw(&mut self, cell: usize, state_index: u32, nbt: Option<Compound>) {
        self.cells[cell] = state_index;
        if let Some(nbt) = nbt {
            self.block_entities.insert(cell, nbt);
        }
    }

    /// Writes a cell, replacing its block entity by `nbt` (or removing it).
    pub(crate) fn overwrite_raw(&mut self, cell: usize, state_index: u32, nbt: Option<Compound>) {
        self.cells[cell] = state_index;
        match nbt {
            Some(nbt) => {
                self.block_entities.insert(cell, nbt);
            }
            None => {
                self.block_entities.remove(&cell);
            }
        }
    }

    pub(crate) fn push_entity_raw(&mut self, entity: Entity) {
        self.entities.push(entity);
    }

    /// Replaces every palette with `palettes` (same length as before), used by transforms.
    pub(crate) fn replace_palettes(&mut self, palettes: Vec<Vec<BlockState>>) {
        self.lookup.clear();
        for (index, state) in palettes[0].iter().enumerate() {
            self.lookup.entry(state.clone()).or_insert(index as u32);
        }
        self.palettes = palettes;
    }

    /// Drops palette entries no cell uses and renumbers the rest in first-use order (y, x, z),
    /// so two structures with the same blocks write the same bytes however they were built.
    pub fn compact_palette(&mut self) {
        let old_len = self.palettes[0].len();
        let mut remap = vec![VOID; old_len];
        let mut next = 0u32;
        let order: Vec<usize> = self.blocks().map(|b| b.state_index as usize).collect();
        for index in order {
            if remap[index] == VOID {
                remap[index] = next;
                next += 1;
            }
        }
        let mut palettes = Vec::with_capacity(self.palettes.len());
        for palette in &self.palettes {
            let mut new_palette = vec![BlockState::air(); next as usize];
            for (old, state) in palette.iter().enumerate() {
                if remap[old] != VOID {
                    new_palette[remap[old] as usize] = state.clone();
                }
            }
            palettes.push(new_palette);
        }
        for cell in &mut self.cells {
            if *cell != VOID {
                *cell = remap[*cell as usize];
            }
        }
        self.replace_palettes(palettes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tag::Tag;

    #[test]
    fn set_get_clear_and_bounds() {
        let mut s = Structure::new(IVec3::new(3, 2, 4)).unwrap();
        let stone = BlockState::new("stone");
        s.set(IVec3::new(2, 1, 3), &stone).unwrap();
        assert_eq!(s.get(IVec3::new(2, 1, 3)), Some(&stone));
        assert_eq!(s.get(IVec3::new(0, 0, 0)), None);
        assert!(s.set(IVec3::new(3, 0, 0), &stone).is_err());
        assert!(s.set(IVec3::new(0, -1, 0), &stone).is_err());
        assert_eq!(s.block_count(), 1);
        s.clear(IVec3::new(2, 1, 3)).unwrap();
        assert_eq!(s.block_count(), 0);
        for index in 0..24 {
            assert_eq!(s.cell_index(s.cell_pos(index)), Some(index));
        }
    }

    #[test]
    fn block_entities_need_an_id_and_lose_their_coordinates() {
        let mut s = Structure::new(IVec3::splat(2)).unwrap();
        let chest = BlockState::new("chest");
        assert!(s
            .set_with_nbt(IVec3::ZERO, &chest, Compound::new())
            .is_err());
        let mut nbt = Compound::new();
        nbt.insert("id".into(), Tag::String("minecraft:chest".into()));
        nbt.insert("x".into(), Tag::Int(5));
        s.set_with_nbt(IVec3::ZERO, &chest, nbt).unwrap();
        let stored = s.block_entity(IVec3::ZERO).unwrap();
        assert!(stored.contains_key("id") && !stored.contains_key("x"));
        // Overwriting the block drops its block entity.
        s.set(IVec3::ZERO, &BlockState::air()).unwrap();
        assert!(s.block_entity(IVec3::ZERO).is_none());
    }

    #[test]
    fn sizes_are_checked() {
        assert!(Structure::new(IVec3::new(0, 1, 1)).is_err());
        assert!(Structure::new(IVec3::new(10_000, 10_000, 10_000)).is_err());
    }

    #[test]
    fn compact_palette_is_independent_of_insertion_order() {
        let (a, b) = (BlockState::new("stone"), BlockState::new("dirt"));
        let mut first = Structure::new(IVec3::splat(2)).unwrap();
        first.intern(&BlockState::new("unused"));
        first.set(IVec3::ZERO, &a).unwrap();
        first.set(IVec3::ONE, &b).unwrap();
        let mut second = Structure::new(IVec3::splat(2)).unwrap();
        second.set(IVec3::ONE, &b).unwrap();
        second.set(IVec3::ZERO, &a).unwrap();
        first.compact_palette();
        second.compact_palette();
        assert_eq!(first, second);
        assert_eq!(first.palette(), &[a, b]);
    }
}
