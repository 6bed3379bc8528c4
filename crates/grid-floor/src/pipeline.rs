//! The floor pipeline of document 000, stage by stage and draw by draw (facts section 2):
//! Initialize, environment, BuildMaze, player, AddTaverns, AddMonsters, AddRewards (with the boss
//! at its end), AddTraps (empty), AddWeirdFeature, LevelStart; and BuildLastFloor for floor 4.
//!
//! Every draw comes from the floor's own [`Lcg31`] stream in program order. Where neither the
//! document, the facts nor SPEC fixes a detail, the choice is written next to the code as
//! "Decision:"; the crate docs list them all.

use rng::{Lcg31, Rng31};

use crate::board::{
    bit, lowest, nth_tile, tiles_of, Articulation, Bits, Board, CutPick, Regions, WallGroups,
};
use crate::data::{RewardBehaviour, Tables, ENVIRONMENT_COUNT};
use crate::error::{Error, ErrorKind};
use crate::floor::{Floor, Loot, Object, ObjectKind};

/// `ThreatComponent.Pick` weights: 1 -> 0.5 -> 0.15 -> 0.05 -> exhausted (facts 7.4).
const PICK_WEIGHTS: [f64; 4] = [1.0, 0.5, 0.15, 0.05];

/// Who is playing: the class, the difficulty and the unlocked attributes feed taverns and the
/// extra rewards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Index into [`rng::CLASSES`].
    pub class: u8,
    /// Index into [`rng::DIFFICULTIES`] (1, Grizzly Bear, is the game's default).
    pub difficulty: u8,
    /// The seed string's unlock bits; the `perks` table maps bits to attributes.
    pub unlocks: u64,
}

impl Setup {
    /// A setup for a class given by name (`bard`, `warrior`, ...), at the default difficulty with
    /// nothing unlocked; `None` for an unknown class.
    pub fn for_class(name: &str) -> Option<Setup> {
        Some(Setup {
            class: rng::SeedCode::class_index(name)?,
            difficulty: 1,
            unlocks: 0,
        })
    }

    /// The setup a seed string carries.
    pub fn from_code(code: &rng::SeedCode) -> Setup {
        Setup {
            class: code.class,
            difficulty: code.difficulty,
            unlocks: code.unlocks,
        }
    }

    fn has_perk(&self, tables: &Tables, perk: usize) -> bool {
        tables
            .perks
            .get(perk)
            .is_some_and(|(_, bit, _)| self.unlocks >> bit & 1 == 1)
    }
}

/// What later floors read from earlier ones: the game's `floorEnvironments` and `floorBoss`.
/// A set slot is reused as is (a save or a seed restore).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct History {
    /// Environment index of floors 1 to 3.
    pub environments: [Option<usize>; 3],
    /// Boss row index of floors 1 to 3.
    pub bosses: [Option<usize>; 3],
}

/// A ThreatComponent: a zero-threat region, its tiles (a range of the shared tile buffer, whose
/// order reward placement shuffles in place), its threat distance and pick state.
#[derive(Debug, Clone, Copy)]
struct Component {
    start: usize,
    len: usize,
    open_squares: u32,
    stage: usize,
    exhausted: bool,
    picks: u32,
}

impl Component {
    fn weight(&self) -> f64 {
        if self.exhausted {
            0.0
        } else {
            PICK_WEIGHTS[self.stage]
        }
    }

    /// `ThreatComponent.Pick`.
    fn pick(&mut self) {
        let old = self.open_squares;
        self.picks += 1;
        self.open_squares = self.open_squares.saturating_sub(1);
        if old < 2 || self.stage + 1 >= PICK_WEIGHTS.len() {
            self.exhausted = true;
        } else {
            self.stage += 1;
        }
    }
}

/// A row `ChooseMonster` may pick, with its weight before and after the seen penalty.
#[derive(Debug, Clone, Copy)]
struct MonsterCandidate {
    row: usize,
    /// Unseen, then seen.
    weights: [f64; 2],
}

/// Candidate lists resolved once from the tables, one group per key: group `g` is
/// `items[starts[g]..starts[g + 1]]`.
#[derive(Debug)]
struct Pools<T> {
    items: Vec<T>,
    starts: Vec<usize>,
}

impl<T> Pools<T> {
    /// `groups` groups, group `g` filled by `fill(g, items)`.
    fn build(groups: usize, mut fill: impl FnMut(usize, &mut Vec<T>)) -> Pools<T> {
        let mut items = Vec::new();
        let mut starts = Vec::with_capacity(groups + 1);
        for group in 0..groups {
            starts.push(items.len());
            fill(group, &mut items);
        }
        starts.push(items.len());
        Pools { items, starts }
    }

    /// Group `group`'s items (none past the last group).
    fn group(&self, group: usize) -> &[T] {
        match (self.starts.get(group), self.starts.get(group + 1)) {
            (Some(&start), Some(&end)) => &self.items[start..end],
            _ => &[],
        }
    }
}

/// Builds floors. Holds the tables and every buffer a floor needs, so that batch runs allocate
/// only the output.
#[derive(Debug)]
pub struct Generator<'t> {
    tables: &'t Tables,
    board: Board,
    order: Vec<u8>,
    list: Vec<u8>,
    selected: Vec<u8>,
    levels: Vec<u8>,
    eligible: Vec<usize>,
    seen: Vec<u8>,
    names: Vec<usize>,
    extra_names: Vec<usize>,
    components: Vec<Component>,
    /// The components' weights during the reward picks.
    weights: Vec<f64>,
    component_tiles: Vec<u8>,
    articulation: Articulation,
    /// The regions of the safe tiles during the cut-vertex picks.
    safe_regions: Regions,
    /// BuildMaze's closed regions.
    wall_groups: WallGroups,
    /// The tavern class's index, resolved once.
    tavern_class: Option<u8>,
    /// `ChooseMonster`'s candidates, resolved once: the rows that fit environment `e` and level
    /// `l`, with their weights, in MonsterList order, are group `e * monster_levels + l`.
    monster_pools: Pools<MonsterCandidate>,
    monster_levels: usize,
    /// `ChooseBoss`'s pools, resolved once: the rows that fit floor `d`'s (1 to 3) boss level
    /// in environment `e`, with their weights, in table order, are group `e * 3 + d - 1`.
    boss_pools: Pools<(usize, f64)>,
    /// The last FindDeletableSquares answer and the passable set it was computed for: CanDelete
    /// depends on nothing else, and after BuildMaze the passable set rarely changes.
    deletable_cache: (Bits, Bits),
    threat_distance: [u32; 128],
    /// The zero-threat regions in the order the threat search enters them, level by level.
    entered_regions: Vec<Bits>,
    /// Where each distance level's regions end in `entered_regions`.
    level_ends: Vec<usize>,
    /// BuildMaze's wall roll and AddMonsters' roll per shape as draw bounds ([`draws_below`]).
    wall_draws_below: u32,
    /// AddMonsters' bounds by `unused << 2 | shape`: 0 for a tile no longer unused, which no
    /// roll is below, so that the random pass has one test per tile.
    monster_draws_below: [u32; 8],
}

impl<'t> Generator<'t> {
    /// A generator over validated tables.
    pub fn new(tables: &'t Tables) -> Self {
        let monster_levels = tables
            .monsters
            .iter()
            .map(|row| usize::from(row.max_level) + 1)
            .max()
            .unwrap_or(0);
        let monster_pools = Pools::build(ENVIRONMENT_COUNT * monster_levels, |group, pool| {
            let (environment, level) = (group / monster_levels, group % monster_levels);
            // Levels above 255 cannot occur: `monster_levels` is at most 256.
            let level = u8::try_from(level).unwrap_or(u8::MAX);
            for (row, monster) in tables.monsters.iter().enumerate() {
                if monster.fits(environment, level) {
                    let weight = f64::from(monster.weights[environment]);
                    pool.push(MonsterCandidate {
                        row,
                        weights: [weight, weight / f64::from(tables.seen_divisor)],
                    });
                }
            }
        });
        let boss_pools = Pools::build(ENVIRONMENT_COUNT * 3, |group, pool| {
            let (environment, depth) = (group / 3, group % 3 + 1);
            if let Some(rule) = tables.floor_rule(depth as u8) {
                for (row, boss) in tables.bosses.iter().enumerate() {
                    if boss.fits(environment, rule.boss_level) {
                        pool.push((row, f64::from(boss.weights[environment])));
                    }
                }
            }
        });
        Generator {
            boss_pools,
            tavern_class: rng::SeedCode::class_index(&tables.tavern_class),
            monster_pools,
            monster_levels,
            tables,
            board: Board::new(8, 8),
            order: Vec::with_capacity(128),
            list: Vec::with_capacity(128),
            selected: Vec::with_capacity(32),
            levels: Vec::with_capacity(32),
            eligible: Vec::with_capacity(32),
            seen: vec![0; tables.monsters.len()],
            names: Vec::with_capacity(32),
            extra_names: Vec::with_capacity(8),
            components: Vec::with_capacity(32),
            weights: Vec::with_capacity(32),
            component_tiles: Vec::with_capacity(128),
            articulation: Articulation::default(),
            safe_regions: Regions::default(),
            wall_groups: WallGroups::default(),
            deletable_cache: (0, 0),
            threat_distance: [0; 128],
            entered_regions: Vec::with_capacity(64),
            level_ends: Vec::with_capacity(64),
            wall_draws_below: draws_below(tables.wall_chance),
            monster_draws_below: {
                let [straight, crossing, corner, dead_end] =
                    tables.monster_percent.map(draws_below);
                [0, 0, 0, 0, straight, crossing, corner, dead_end]
            },
        }
    }

    /// The tables this generator reads.
    pub fn tables(&self) -> &'t Tables {
        self.tables
    }

    /// Builds floors 1 to 4 of the run started by `initial_seed`.
    pub fn run(&mut self, setup: &Setup, initial_seed: u32) -> Result<Vec<Floor<'t>>, Error> {
        let streams = rng::Streams::derive(initial_seed);
        let mut history = History::default();
        let mut floors = Vec::with_capacity(4);
        for depth in 1..=4 {
            let seed = streams
                .floor_seed(depth)
                .ok_or(Error::new(ErrorKind::BadDepth(depth)))?;
            let mut floor = self.floor(setup, depth, seed, &mut history)?;
            floor.initial_seed = Some(streams.initial_seed);
            floors.push(floor);
        }
        Ok(floors)
    }

    /// Builds floor `depth` of the run started by `initial_seed`. Floors 2 and 3 read the
    /// environments and bosses of the floors above them, so those are built first; their streams
    /// are separate, so the result is the same floor a whole run builds.
    pub fn run_floor(
        &mut self,
        setup: &Setup,
        initial_seed: u32,
        depth: u8,
    ) -> Result<Floor<'t>, Error> {
        if !(1..=4).contains(&depth) {
            return Err(Error::new(ErrorKind::BadDepth(depth)));
        }
        let streams = rng::Streams::derive(initial_seed);
        let mut history = History::default();
        if depth <= 3 {
            for earlier in 1..depth {
                let seed = streams.floor_seeds[usize::from(earlier - 1)];
                self.floor(setup, earlier, seed, &mut history)?;
            }
        }
        let seed = streams
            .floor_seed(depth)
            .ok_or(Error::new(ErrorKind::BadDepth(depth)))?;
        let mut floor = self.floor(setup, depth, seed, &mut history)?;
        floor.initial_seed = Some(streams.initial_seed);
        Ok(floor)
    }

    /// Builds one floor from its floor seed, reading and updating `history`.
    pub fn floor(
        &mut self,
        setup: &Setup,
        depth: u8,
        seed: u32,
        history: &mut History,
    ) -> Result<Floor<'t>, Error> {
        if usize::from(setup.difficulty) >= self.tables.difficulty_rewards.len() {
            return Err(Error::new(ErrorKind::BadDifficulty(setup.difficulty)));
        }
        let mut stream = Lcg31::new(seed);
        match depth {
            1..=3 => self.normal_floor(setup, depth, seed, &mut stream, history),
            4 => self.last_floor(seed, &mut stream),
            _ => Err(Error::new(ErrorKind::BadDepth(depth))),
        }
    }

    fn normal_floor(
        &mut self,
        setup: &Setup,
        depth: u8,
        seed: u32,
        rng: &mut Lcg31,
        history: &mut History,
    ) -> Result<Floor<'t>, Error> {
        let tables = self.tables;
        let Some(rule) = tables.floor_rule(depth) else {
            return Err(Error::new(ErrorKind::BadDepth(depth)));
        };
        let slot = usize::from(depth - 1);

        // 1. Initialize.
        self.board.reset(rule.size, rule.size);
        self.deletable_cache = (0, 0);
        self.articulation.clear();
        self.safe_regions.clear();

        // 2. Environment: reuse the saved one, else uniform among those earlier floors left.
        // Decision: one `index(count)` draw over the remaining environments in enum order.
        let environment = match history.environments[slot] {
            Some(environment) => environment,
            None => {
                let used = &history.environments[..slot];
                let mut remaining = [0usize; ENVIRONMENT_COUNT];
                let mut count = 0;
                for environment in 0..ENVIRONMENT_COUNT {
                    if !used.contains(&Some(environment)) {
                        remaining[count] = environment;
                        count += 1;
                    }
                }
                remaining[rng.index(count).unwrap_or(0)]
            }
        };

        // 3. BuildMaze.
        self.build_maze(rng);

        // 4. The player on RandomUnusedTile().
        let player = self
            .random_unused_tile(rng)
            .ok_or(Error::new(ErrorKind::NoFreeTile { stage: "player" }))?;
        self.board.occupied |= bit(player);
        let mut objects: Vec<Object<'t>> = Vec::with_capacity(40);

        // 5. AddTaverns.
        if self.tavern_class == Some(setup.class) {
            let tile = if depth == 1 {
                // Decision: when no neighbour is unused, fall back to RandomUnusedTile().
                match self.random_unused_neighbour(player, rng) {
                    Some(tile) => Some(tile),
                    None => self.random_unused_tile(rng),
                }
            } else {
                self.random_unused_tile(rng)
            };
            if let Some(tile) = tile {
                self.place(
                    &mut objects,
                    Object::new(
                        ObjectKind::Tavern,
                        &tables.tavern_name,
                        &tables.tavern_name,
                        self.board.xy(tile),
                    ),
                    tile,
                );
            }
            if depth == 1 && setup.has_perk(tables, tables.second_tavern_perk) {
                if let Some(tile) = self.random_unused_tile(rng) {
                    self.place(
                        &mut objects,
                        Object::new(
                            ObjectKind::Tavern,
                            &tables.tavern_name,
                            &tables.tavern_name,
                            self.board.xy(tile),
                        ),
                        tile,
                    );
                }
            }
        }

        // 6. AddMonsters.
        self.add_monsters(depth, environment, player, rng, &mut objects)?;

        // 7. AddRewards, ending with the boss.
        let boss_tile = self.add_rewards(
            setup,
            depth,
            environment,
            player,
            rng,
            history,
            &mut objects,
        )?;

        // 8. AddTraps is an empty method in the game. AddWeirdFeature from the floors that have it.
        if rule.weird_feature {
            let roll = rng.float() as f32;
            let (kind, name) = if roll < tables.weird_odds[0] {
                let altar = rng.index(tables.altars.len()).unwrap_or(0);
                (ObjectKind::Altar, tables.altars[altar].as_str())
            } else if roll < tables.weird_odds[1] {
                (ObjectKind::MushroomPatch, tables.mushroom_patch.as_str())
            } else {
                (ObjectKind::Brainsucker, tables.brainsucker.as_str())
            };
            let tile = self
                .unused_tile_anywhere(rng)
                .ok_or(Error::new(ErrorKind::NoFreeTile {
                    stage: "AddWeirdFeature",
                }))?;
            self.place(
                &mut objects,
                Object::new(kind, name, name, self.board.xy(tile)),
                tile,
            );
        }

        // 9. LevelStart on the player's tile.
        objects.push(Object::new(
            ObjectKind::LevelStart,
            "Level Start",
            "LevelStart",
            self.board.xy(player),
        ));

        history.environments[slot] = Some(environment);
        let environment_row = &tables.environments[environment];
        Ok(Floor {
            depth,
            seed,
            initial_seed: None,
            width: self.board.width,
            height: self.board.height,
            environment: &environment_row.name,
            floor_tile: &environment_row.floor_tile,
            all_visible: false,
            player: self.board.xy(player),
            stairs: Some(self.board.xy(boss_tile)),
            objects,
            boss_attributes: Vec::new(),
            extra_rewards: self
                .extra_names
                .iter()
                .map(|&kind| tables.reward_kinds[kind].name.as_str())
                .collect(),
            walls: self.board.walls_by_width(),
            stride: self.board.width + 1,
        })
    }

    /// BuildMaze: shuffle a copy of allTiles (allTiles itself keeps its order: decision), then
    /// each tile once: CanDelete, and only then the wall roll.
    fn build_maze(&mut self, rng: &mut Lcg31) {
        // The visits run inside the shuffle: Fisher-Yates fixes slot `i` at step `i` and no
        // later step reads it, so each tile is visited as soon as it is drawn. The shuffle's
        // draws (those of `Rng31::shuffle`) come from a copy of the stream, and the wall rolls,
        // which follow all of them, from the stream moved past them.
        let all_tiles = self.board.all_tiles();
        let n = all_tiles.len().min(128);
        let mut unshuffled = [0u8; 128];
        unshuffled[..n].copy_from_slice(&all_tiles[..n]);
        let mut shuffle_rng = rng.clone();
        rng.skip(n as u64);
        // The closed regions around the passable tiles answer CanDelete without a flood fill.
        self.wall_groups.clear(&self.board);
        // Each tile is visited once and only the visited tile can become a wall, so every
        // visited tile is still passable.
        for i in 0..n {
            let j = i + shuffle_rng.index(n - i).unwrap_or(0);
            let position = unshuffled[j & 127];
            unshuffled[j & 127] = unshuffled[i];
            if self
                .board
                .can_delete_passable_tracked(position, &mut self.wall_groups)
                && rng.next_u31() < self.wall_draws_below
            {
                self.board.add_wall(position, &mut self.wall_groups);
            }
        }
    }

    /// Records an object on `tile`: the tile is no longer unused, and a monster adds its threat.
    fn place(&mut self, objects: &mut Vec<Object<'t>>, object: Object<'t>, tile: u8) {
        self.board.occupied |= bit(tile);
        if matches!(object.kind, ObjectKind::Monster | ObjectKind::Boss) {
            let level = object.level.unwrap_or(0);
            let threat = &mut self.board.threat[usize::from(tile)];
            *threat = threat.saturating_add(level);
            if *threat != 0 {
                self.board.threatening |= bit(tile);
            }
        }
        objects.push(object);
    }

    /// `FindDeletableSquares` as a set, cached by the passable set.
    fn deletable(&mut self) -> Bits {
        let passable = self.board.passable();
        if self.deletable_cache.0 != passable || passable == 0 {
            // The closed regions give the cut vertices when they describe the board (from
            // BuildMaze on, until the cut-vertex reservations); a search otherwise.
            let deletable = match self.board.cuts_by_regions(&self.wall_groups) {
                Some(cuts) => passable & !cuts,
                None => self.board.deletable_set(&mut self.articulation),
            };
            self.deletable_cache = (passable, deletable);
        }
        self.deletable_cache.1
    }

    /// `RandomUnusedTile()`: shuffle FindDeletableSquares (one draw per square), first unused.
    fn random_unused_tile(&mut self, rng: &mut Lcg31) -> Option<u8> {
        let deletable = self.deletable();
        self.first_unused_of_set(deletable, rng)
    }

    /// `RandomUnusedTile()`, and when every deletable square is used (a crowded small board;
    /// the game's behaviour is not public), the fallback over every passable tile.
    fn unused_tile_anywhere(&mut self, rng: &mut Lcg31) -> Option<u8> {
        match self.random_unused_tile(rng) {
            Some(tile) => Some(tile),
            None => self.random_unused_passable(rng),
        }
    }

    /// A fallback picker over every passable tile (allTiles order, shuffled, first unused).
    fn random_unused_passable(&mut self, rng: &mut Lcg31) -> Option<u8> {
        self.first_unused_of_set(self.board.passable(), rng)
    }

    /// [`Self::first_unused_of_shuffle`] over the tiles of `set` in `allTiles` order. The
    /// first step's pick is read from the set itself ([`nth_tile`]); the list is built only
    /// when that tile is in use.
    fn first_unused_of_set(&mut self, set: Bits, rng: &mut Lcg31) -> Option<u8> {
        let n = set.count_ones() as usize;
        let j = rng.index(n)?;
        let first = nth_tile(set, j)?;
        if self.board.is_unused(first) {
            rng.skip((n - 1) as u64);
            return Some(first);
        }
        let mut list = std::mem::take(&mut self.list);
        list.clear();
        list.extend(tiles_of(set));
        list.swap(0, j);
        let found = self.first_unused_from(&mut list, 1, rng);
        self.list = list;
        found
    }

    /// `RandomUnusedTile(list)`: shuffle the list in place, first unused tile.
    fn first_unused_after_shuffle(&self, list: &mut [u8], rng: &mut Lcg31) -> Option<u8> {
        rng.shuffle(list);
        list.iter()
            .copied()
            .find(|&tile| self.board.is_unused(tile))
    }

    /// [`Self::first_unused_after_shuffle`] for a list nobody reads afterwards. Fisher-Yates
    /// fixes slot `i` at step `i`, so the first unused slot is known as soon as it is drawn; the
    /// draws of the remaining steps are skipped in one jump (the list's tail stays unshuffled).
    fn first_unused_of_shuffle(&self, list: &mut [u8], rng: &mut Lcg31) -> Option<u8> {
        self.first_unused_from(list, 0, rng)
    }

    /// [`Self::first_unused_of_shuffle`] with the steps before `start` already taken (their
    /// slots in use).
    fn first_unused_from(&self, list: &mut [u8], start: usize, rng: &mut Lcg31) -> Option<u8> {
        let n = list.len();
        let unused = self.board.passable() & !self.board.occupied;
        for i in start..n {
            let j = i + rng.index(n - i).unwrap_or(0);
            list.swap(i, j);
            if unused & bit(list[i]) != 0 {
                rng.skip((n - i - 1) as u64);
                return Some(list[i]);
            }
        }
        None
    }

    /// `RandomUnusedNeighbor(tile)`. Decision: the neighbour list is Left, Up, Right, Down (the
    /// order CanBeACut reads them); the game's `Tile.Neighbors()` order is not public.
    fn random_unused_neighbour(&mut self, tile: u8, rng: &mut Lcg31) -> Option<u8> {
        let mut neighbours = [0u8; 4];
        let mut count = 0;
        for neighbour in self.board.neighbours(tile) {
            neighbours[count] = neighbour;
            count += 1;
        }
        self.first_unused_of_shuffle(&mut neighbours[..count], rng)
    }

    /// `FindBestCutVertex` (SPEC's reading): among unused tiles passing CanBeACut, those whose
    /// blocking raises the number of threat components; the best gives the most components, then
    /// the larger smallest component, then comes first in allTiles order. No draws.
    /// `connected`: the safe tiles are known to be one region.
    fn best_cut_vertex(&mut self, connected: bool) -> Option<u8> {
        let board = &self.board;
        let safe = board.safe();
        if self.articulation.described() != safe {
            // Unless the search data is at hand, most picks are settled by the closed regions.
            match board.best_cut_without_sizes(&self.wall_groups) {
                CutPick::Decided(answer) => return answer,
                CutPick::Tied(tied) => {
                    if let Some(answer) =
                        board.best_tied_cut(safe, tied, connected, &mut self.safe_regions)
                    {
                        return answer;
                    }
                }
                _ => {}
            }
        }
        // The set only loses tiles between the picks: after the first search, only the
        // components that lost tiles since are searched again.
        board.update_articulation(safe, &mut self.articulation);
        let cuts = &self.articulation;
        // The post-cut component list also holds the components the cut does not touch: the
        // smallest of those is the smallest region, or the second smallest when the cut lies in
        // the smallest. Only the first 64 regions count (the bound of the component list).
        let mut smallest_region: (Bits, u8) = (0, u8::MAX);
        let mut second_smallest = u8::MAX;
        for (&region, &size) in cuts
            .components()
            .iter()
            .zip(cuts.component_sizes())
            .take(64)
        {
            if size < smallest_region.1 {
                second_smallest = smallest_region.1;
                smallest_region = (region, size);
            } else if size < second_smallest {
                second_smallest = size;
            }
        }
        let mut best: Option<(u8, u8, u8)> = None;
        let candidates = safe & cuts.cuts & !board.occupied & board.can_be_a_cut_set(safe);
        for position in tiles_of(candidates) {
            // Blocking a cut vertex turns its component into `pieces` components.
            let count = cuts.pieces[usize::from(position)];
            let untouched = if smallest_region.0 & bit(position) != 0 {
                second_smallest
            } else {
                smallest_region.1
            };
            let smallest = cuts.smallest[usize::from(position)].min(untouched);
            let better = match best {
                None => true,
                Some((best_count, best_smallest, _)) => {
                    count > best_count || (count == best_count && smallest > best_smallest)
                }
            };
            if better {
                best = Some((count, smallest, position));
            }
        }
        best.map(|(_, _, position)| position)
    }

    /// Blocks the passable neighbours of `tile`, remembering them in `blockers`.
    fn block_neighbours(&mut self, tile: u8, blockers: &mut Bits) {
        let added = self.board.neighbours_in(tile, self.board.passable());
        *blockers |= added;
        self.board.blocked |= added;
    }

    fn add_monsters(
        &mut self,
        depth: u8,
        environment: usize,
        player: u8,
        rng: &mut Lcg31,
        objects: &mut Vec<Object<'t>>,
    ) -> Result<(), Error> {
        let tables = self.tables;
        let Some(rule) = tables.floor_rule(depth) else {
            return Err(Error::new(ErrorKind::BadDepth(depth)));
        };
        // Count first: no draw when the range is a single value (floor 1's fixed 6).
        let (low, high) = rule.monster_count;
        let target = if low == high {
            low
        } else {
            rng.range(low, high).unwrap_or(low)
        };
        let target = usize::try_from(target).unwrap_or(0);

        // Cut-vertex reservation: each reserved tile stays impassable until the end.
        self.selected.clear();
        for pick in 0..tables.cut_vertex_picks {
            match self.best_cut_vertex(pick == 0) {
                Some(tile) => {
                    self.selected.push(tile);
                    self.board.block_tracked(tile, &mut self.wall_groups);
                }
                None => break,
            }
        }
        let mut blockers: Bits = 0;
        for i in 0..self.selected.len() {
            let tile = self.selected[i];
            self.block_neighbours(tile, &mut blockers);
        }

        // Random pass over a fresh shuffle of every tile.
        // Both passes read only the tiles that are not walls, reserved cuts or occupied, in
        // shuffle order: they are listed first, without a branch (whether a tile is a wall is
        // a coin toss to the branch predictor). The reserved cuts' neighbours stay listed.
        let board = &self.board;
        let open = board.all & !board.walls & !(board.blocked & !blockers) & !board.occupied;
        // The listing runs inside the shuffle (the draws of `Rng31::shuffle`, step by step):
        // Fisher-Yates fixes slot `i` at step `i` and no later step reads it, so the tile
        // drawn for it is listed at once and never written back.
        let all_tiles = board.all_tiles();
        let n = all_tiles.len().min(128);
        let mut unshuffled = [0u8; 128];
        unshuffled[..n].copy_from_slice(&all_tiles[..n]);
        let mut candidates = [0u8; 128];
        let mut count = 0;
        for i in 0..n {
            let j = i + rng.index(n - i).unwrap_or(0);
            let tile = unshuffled[j & 127];
            unshuffled[j & 127] = unshuffled[i];
            candidates[count & 127] = tile;
            count += usize::from(open & bit(tile) != 0);
        }
        let candidates = &candidates[..count.min(128)];
        // Whether a listed tile is still unused (a pick blocks its neighbours) is a coin toss to
        // the branch predictor: the roll is drawn on a copy of the stream, kept only for an
        // unused tile, and the two tests are joined, leaving one branch per tile.
        let unoccupied = !self.board.occupied;
        let mut passable = self.board.passable();
        for &tile in candidates {
            if self.selected.len() >= target {
                break;
            }
            let unused = passable & unoccupied & bit(tile) != 0;
            let mut rolled = rng.clone();
            let roll = rolled.next_u31();
            // Indexing picks the stream and the bound without a branch.
            let streams = [rng.clone(), rolled];
            *rng = streams[usize::from(unused)].clone();
            let shape = self.board.shape(tile, passable);
            if roll < self.monster_draws_below[usize::from(unused) << 2 | shape] {
                self.selected.push(tile);
                self.block_neighbours(tile, &mut blockers);
                passable = self.board.passable();
            }
        }
        // Release the neighbours, then backfill from the same shuffle (facts 6.1, the JSON's
        // stage order), then release the reserved cut tiles.
        self.board.blocked &= !blockers;
        for &tile in candidates {
            if self.selected.len() >= target {
                break;
            }
            if self.board.is_unused(tile) && !self.selected.contains(&tile) {
                self.selected.push(tile);
            }
        }
        self.board.blocked = 0;

        self.generate_levels(depth, self.selected.len(), rng);

        // Nearest first. Decision: a stable order (the game's List.Sort is not).
        self.board
            .nearest_first(player, &self.selected, &mut self.order);
        std::mem::swap(&mut self.selected, &mut self.order);

        self.seen.iter_mut().for_each(|count| *count = 0);
        for i in 0..self.selected.len() {
            let tile = self.selected[i];
            let level = self.levels[i];
            let row = self.choose_monster(environment, level, rng);
            let Some(row) = row else { continue };
            self.seen[row] = self.seen[row].saturating_add(1);
            let monster = &tables.monsters[row];
            let mut object = Object::new(
                ObjectKind::Monster,
                &monster.name,
                &monster.id,
                self.board.xy(tile),
            );
            object.level = Some(level);
            self.place(objects, object, tile);
        }
        Ok(())
    }

    /// `GenerateMonsterLevels(n)` into `self.levels` (facts 6.4).
    fn generate_levels(&mut self, depth: u8, n: usize, rng: &mut Lcg31) {
        let tables = self.tables;
        self.levels.clear();
        let Some(rule) = tables.floor_rule(depth) else {
            return;
        };
        let base = rule.base_levels;
        let mut weights = [0f32; 3];
        for weight in &mut weights {
            *weight = rng.float() as f32 + 0.5;
        }
        let total: f32 = weights.iter().sum();
        let mut counts = weights.map(|w| (w / total * n as f32) as i32);
        // Bucket walk. Decision: a bucket whose count is below 1 is skipped before taking.
        let mut bucket = 0;
        for _ in 0..n {
            while bucket < 2 && counts[bucket] < 1 {
                bucket += 1;
            }
            self.levels.push(base[bucket]);
            counts[bucket] -= 1;
        }
        let cap = (base[2] + 1).min(tables.max_level);
        for (i, level) in self.levels.iter_mut().enumerate() {
            let bias = tables.first_biases.get(i).copied().unwrap_or(0.0);
            let delta = level_fluctuation(rng.float() as f32 + bias, tables.fluctuation);
            *level = (i32::from(*level) + delta).clamp(i32::from(base[0]), i32::from(cap)) as u8;
        }
        // Top up to the target. Decision: one `index` draw among the entries still below the cap.
        let mut sum: u32 = self.levels.iter().map(|&l| u32::from(l)).sum();
        while sum < rule.level_target {
            self.eligible.clear();
            self.eligible
                .extend((0..self.levels.len()).filter(|&i| self.levels[i] < cap));
            let Some(pick) = rng.index(self.eligible.len()) else {
                break;
            };
            self.levels[self.eligible[pick]] += 1;
            sum += 1;
        }
    }

    /// The bosses that fit floor `depth`'s boss level in `environment`, with their weights, in
    /// table order (empty off floors 1 to 3).
    fn boss_pool(&self, environment: usize, depth: u8) -> &[(usize, f64)] {
        if (1..=3).contains(&depth) {
            self.boss_pools
                .group(environment * 3 + usize::from(depth - 1))
        } else {
            &[]
        }
    }

    /// `ChooseMonster(env, level, seen)`: one float, weighted walk in MonsterList order; a type
    /// already created on this floor has its weight divided by `seen_divisor`.
    fn choose_monster(&self, environment: usize, level: u8, rng: &mut Lcg31) -> Option<usize> {
        let candidates = if usize::from(level) < self.monster_levels {
            self.monster_pools
                .group(environment * self.monster_levels + usize::from(level))
        } else {
            &[]
        };
        // Whether a type was seen is a coin toss to the branch predictor: both weights are kept
        // and one is read by index (a select here gets compiled into a branch).
        let weight = |candidate: &MonsterCandidate| {
            candidate.weights[usize::from(self.seen[candidate.row] > 0)]
        };
        let total: f64 = candidates.iter().map(weight).sum();
        let mut roll = rng.float() * total;
        let mut chosen = None;
        for candidate in candidates {
            roll -= weight(candidate);
            chosen = Some(candidate.row);
            if roll <= 0.0 {
                break;
            }
        }
        chosen
    }

    #[allow(clippy::too_many_arguments)]
    fn add_rewards(
        &mut self,
        setup: &Setup,
        depth: u8,
        environment: usize,
        player: u8,
        rng: &mut Lcg31,
        history: &mut History,
        objects: &mut Vec<Object<'t>>,
    ) -> Result<u8, Error> {
        let tables = self.tables;
        let Some(rule) = tables.floor_rule(depth) else {
            return Err(Error::new(ErrorKind::BadDepth(depth)));
        };

        // The threat components and their threat distances (highest threat first).
        self.components.clear();
        self.component_tiles.clear();
        let safe = self.board.safe();
        let levels = self.threat_distances(player);
        // Highest threat first, ties in region order, without a sort: the regions never
        // entered, then those of each distance level, the last level first.
        let mut regions = std::mem::take(&mut self.entered_regions);
        let mut level_ends = std::mem::take(&mut self.level_ends);
        let entered = regions.len();
        let never_entered = safe & !regions.iter().fold(0, |all, &region| all | region);
        self.board
            .for_each_component(never_entered, |region| regions.push(region));
        for &region in &regions[entered..] {
            self.add_component(region);
        }
        for level in (0..levels).rev() {
            let start = if level == 0 { 0 } else { level_ends[level - 1] };
            for &region in &regions[start..level_ends[level]] {
                self.add_component(region);
            }
        }
        regions.clear();
        level_ends.clear();
        self.entered_regions = regions;
        self.level_ends = level_ends;

        // GenerateRewards: the name list in build order.
        self.names.clear();
        let shop = tables
            .reward_kinds
            .iter()
            .position(|k| k.behaviour == RewardBehaviour::Shop);
        if let Some(shop) = shop {
            self.names
                .extend(std::iter::repeat_n(shop, usize::from(tables.shops)));
        }
        let (pool_above, pool, pack, pool_packs, pack_only) = tables.healing;
        let depth_i = i32::from(depth);
        let packs = if rng.float() as f32 > pool_above {
            self.names.push(pool);
            depth_i
                + rng
                    .range(pool_packs.0, pool_packs.1)
                    .unwrap_or(pool_packs.0)
        } else {
            depth_i * 2 + rng.range(pack_only.0, pack_only.1).unwrap_or(pack_only.0)
        };
        self.names.extend(std::iter::repeat_n(
            pack,
            usize::try_from(packs).unwrap_or(0),
        ));
        let service = cumulative_pick(&tables.service, rng.float() as f32);
        self.names.push(service);
        let extra = rng
            .range(tables.extra_names.0, tables.extra_names.1)
            .unwrap_or(0);
        let odds = &tables.name_odds[rule.reward_odds].1;
        let first_extra = self.names.len();
        for _ in 0..extra {
            self.names.push(cumulative_pick(odds, rng.float() as f32));
        }
        self.extra_names.clear();
        self.extra_names
            .extend_from_slice(&self.names[first_extra..]);
        for (perk, (_, _, adds)) in tables.perks.iter().enumerate() {
            if setup.has_perk(tables, perk) {
                self.names.extend_from_slice(adds);
            }
        }
        self.names
            .extend_from_slice(&tables.difficulty_rewards[usize::from(setup.difficulty)]);
        rng.shuffle(&mut self.names);

        // Picks first, for every name; names left when every component is exhausted go to
        // RandomUnusedTile() (SPEC).
        // The weights live in their own array, updated at each pick, so that the sums and walks
        // (one per name) read a plain slice of floats. An exhausted component keeps its place
        // with weight 0, which changes no sum and no roll: removing it took two memmoves and a
        // mispredicted branch per exhaustion.
        self.weights.clear();
        self.weights
            .extend(self.components.iter().map(Component::weight));
        for _ in 0..self.names.len() {
            let total: f64 = self.weights.iter().sum();
            if total <= 0.0 {
                break;
            }
            let Some(chosen) = pick_open(&self.weights, rng.float() * total) else {
                break;
            };
            let component = &mut self.components[chosen];
            component.pick();
            self.weights[chosen] = component.weight();
        }

        // Placement: components in order, names in order, gold budget decaying.
        let count = self.names.len();
        let average = if count == 0 {
            0.0
        } else {
            f64::from(rule.gold_target) * tables.total_gold_factor / count as f64
        };
        let (start_per_reward, step) = tables.multiplier;
        let mut multiplier = 1.0 + start_per_reward * count as f64;
        let mut next = 0;
        for c in 0..self.components.len() {
            for _ in 0..self.components[c].picks {
                let Component { start, len, .. } = self.components[c];
                let mut tiles = std::mem::take(&mut self.component_tiles);
                let tile = self.first_unused_after_shuffle(&mut tiles[start..start + len], rng);
                self.component_tiles = tiles;
                let tile = match tile {
                    Some(tile) => tile,
                    None => {
                        self.unused_tile_anywhere(rng)
                            .ok_or(Error::new(ErrorKind::NoFreeTile {
                                stage: "AddRewards",
                            }))?
                    }
                };
                let gold = (average * multiplier) as i64;
                self.create_reward(self.names[next], tile, gold, depth, rng, objects);
                next += 1;
                multiplier -= step;
            }
        }
        while next < count {
            let tile = self
                .unused_tile_anywhere(rng)
                .ok_or(Error::new(ErrorKind::NoFreeTile {
                    stage: "AddRewards",
                }))?;
            let gold = (average * multiplier) as i64;
            self.create_reward(self.names[next], tile, gold, depth, rng, objects);
            next += 1;
            multiplier -= step;
        }

        self.add_boss(depth, environment, player, rng, history, objects)
    }

    /// Lists `region` as the next threat component, with its tiles, unless all of them are in
    /// use.
    fn add_component(&mut self, region: Bits) {
        let open_squares = (region & !self.board.occupied).count_ones();
        if open_squares == 0 {
            return;
        }
        let start = self.component_tiles.len();
        self.component_tiles.extend(tiles_of(region));
        self.components.push(Component {
            start,
            len: self.component_tiles.len() - start,
            open_squares,
            stage: 0,
            exhausted: false,
            picks: 0,
        });
    }

    /// `GetToPlayerThreats`: cheapest threat sum from the player, entering a tile costs its threat.
    /// The zero-threat components are found as the search enters them: each distance level that
    /// enters some appends them to `entered_regions` in region order (lowest first tile first)
    /// and its end to `level_ends`. Returns the number of such levels; the safe tiles outside
    /// every listed region are unreachable.
    fn threat_distances(&mut self, player: u8) -> usize {
        let board = &self.board;
        let passable = board.passable();
        let monsters = passable & board.threatening;
        let safe = passable & !board.threatening;
        // Dijkstra a distance level at a time. Only monster tiles ever wait: a zero-threat
        // region is entered for free, so it settles whole at the level of the first tile next
        // to it. Each level settles its monster tiles (and the player's tile) with every region
        // they hold or touch. A region is flooded once, when it is entered: the regions are
        // not listed beforehand.
        let mut done: Bits = 0;
        let mut tentative: Bits = 0;
        let mut level = 0u32;
        let mut at_level = bit(player) & passable;
        while at_level != 0 {
            let mut entered = (at_level | board.spread(at_level & monsters)) & safe & !done;
            let mut settled = at_level;
            if entered != 0 {
                let first = self.entered_regions.len();
                while entered != 0 {
                    // Each region is a whole component of the safe tiles, none of them done.
                    let region = board.flood(bit(lowest(entered)), safe);
                    settled |= region;
                    entered &= !region;
                    // Region order within the level: a level mostly enters one or two.
                    let at = self.entered_regions[first..]
                        .iter()
                        .position(|&other| other.trailing_zeros() > region.trailing_zeros())
                        .map_or(self.entered_regions.len(), |i| first + i);
                    self.entered_regions.insert(at, region);
                }
                self.level_ends.push(self.entered_regions.len());
            }
            done |= settled;
            tentative &= !settled;
            let reached = board.spread(settled) & monsters & !done;
            for next in tiles_of(reached) {
                let cost = level + u32::from(board.threat[usize::from(next)]);
                let slot = &mut self.threat_distance[usize::from(next)];
                let old = if tentative & bit(next) != 0 {
                    *slot
                } else {
                    u32::MAX
                };
                *slot = old.min(cost);
            }
            tentative |= reached;
            // The next level: the lowest pending distance and its tiles.
            level = u32::MAX;
            at_level = 0;
            for position in tiles_of(tentative) {
                let d = self.threat_distance[usize::from(position)];
                let one = bit(position);
                at_level = if d < level {
                    one
                } else if d == level {
                    at_level | one
                } else {
                    at_level
                };
                level = level.min(d);
            }
        }
        self.level_ends.len()
    }

    /// `GenerateRewardByName`.
    fn create_reward(
        &mut self,
        kind: usize,
        tile: u8,
        gold: i64,
        depth: u8,
        rng: &mut Lcg31,
        objects: &mut Vec<Object<'t>>,
    ) {
        let tables = self.tables;
        let reward = &tables.reward_kinds[kind];
        let xy = self.board.xy(tile);
        let mut object = Object::new(ObjectKind::Reward, &reward.name, &reward.id, xy);
        object.gold = Some(gold);
        match reward.behaviour {
            RewardBehaviour::Shop => {
                let budget =
                    rng.normal(gold as f64, gold as f64 * tables.shop_gold_deviation) as i64;
                if budget < 0 {
                    // The game returns without creating the shop.
                    return;
                }
                object.budget = Some(budget);
            }
            RewardBehaviour::Chest => object.loot = Some(self.chest_loot(depth, rng)),
            RewardBehaviour::MimicChest => object.level = Some(self.monster_level_at(depth)),
            RewardBehaviour::Monster => {
                object.kind = ObjectKind::Monster;
                object.level = Some(self.monster_level_at(depth));
                object.from_reward = true;
            }
            RewardBehaviour::Building => {}
        }
        self.place(objects, object, tile);
    }

    /// `GetMonsterLevel(tile)`. Decision: its formula is not public; the floor's highest base
    /// level (3, 6, 9).
    fn monster_level_at(&self, depth: u8) -> u8 {
        self.tables
            .floor_rule(depth)
            .map_or(1, |rule| rule.base_levels[2])
    }

    /// `TreasureChest.GenerateLoot()` at creation (facts 7.6). A card consumes the one integer
    /// draw of CardFinder's pick; which card it is needs the card catalogue, outside this crate.
    fn chest_loot(&self, depth: u8, rng: &mut Lcg31) -> Loot {
        let tables = self.tables;
        let [one_below, two_below, gold_below] = tables.chest_odds;
        let roll = rng.float() as f32;
        let count = if roll < one_below {
            1
        } else if roll < two_below {
            2
        } else {
            3
        };
        let mut loot = Loot { cards: 0, gold: 0 };
        let (cuts, tiers) = &tables.chest_tiers[usize::from(depth.clamp(1, 3) - 1)];
        for item in 0..count {
            if item > 0 && (rng.float() as f32) < gold_below {
                let tier_roll = rng.float() as f32;
                let tier_index = cuts
                    .iter()
                    .position(|&cut| tier_roll < cut)
                    .unwrap_or(cuts.len());
                let tier = tiers.get(tier_index).copied().unwrap_or(1);
                let base = tables
                    .gold_by_tier
                    .get(usize::from(tier.max(1) - 1))
                    .copied()
                    .unwrap_or(10);
                let base = f64::from(base);
                loot.gold += rng.normal(base, base * tables.chest_gold_deviation) as i64;
            } else {
                rng.float();
                loot.cards += 1;
            }
        }
        let mut items = [0u8; 3];
        rng.shuffle(&mut items[..count]);
        loot
    }

    fn add_boss(
        &mut self,
        depth: u8,
        environment: usize,
        player: u8,
        rng: &mut Lcg31,
        history: &mut History,
        objects: &mut Vec<Object<'t>>,
    ) -> Result<u8, Error> {
        let tables = self.tables;
        let Some(rule) = tables.floor_rule(depth) else {
            return Err(Error::new(ErrorKind::BadDepth(depth)));
        };
        let slot = usize::from(depth - 1);

        // The tile: the first component (highest threat first) with CanDelete tiles and an unused
        // one among them. Decision: a component whose candidates are all used is passed over.
        let mut boss_tile = None;
        let deletable = self.deletable();
        for c in 0..self.components.len() {
            let Component { start, len, .. } = self.components[c];
            let mut list = std::mem::take(&mut self.list);
            list.clear();
            list.extend(
                self.component_tiles[start..start + len]
                    .iter()
                    .copied()
                    .filter(|&tile| deletable & bit(tile) != 0),
            );
            let found = if list.is_empty() {
                None
            } else {
                self.first_unused_of_shuffle(&mut list, rng)
            };
            self.list = list;
            if found.is_some() {
                boss_tile = found;
                break;
            }
        }
        if boss_tile.is_none() {
            // The scan: first passable CanDelete tile that is not the player's; its features
            // move to RandomUnusedTile().
            let scan = self
                .board
                .all_tiles()
                .iter()
                .copied()
                .find(|&tile| tile != player && self.board.can_delete(tile));
            if let Some(tile) = scan {
                let xy = self.board.xy(tile);
                for object in objects.iter_mut() {
                    if (object.x, object.y) != xy {
                        continue;
                    }
                    // Decision: when no deletable square is unused, any unused tile will do.
                    let new_tile = match self.random_unused_tile(rng) {
                        Some(new_tile) => new_tile,
                        None => self
                            .random_unused_passable(rng)
                            .ok_or(Error::new(ErrorKind::NoFreeTile { stage: "boss" }))?,
                    };
                    self.board.occupied |= bit(new_tile);
                    if object.kind == ObjectKind::Monster {
                        let level = object.level.unwrap_or(0);
                        self.board.threat[usize::from(new_tile)] = level;
                        if level != 0 {
                            self.board.threatening |= bit(new_tile);
                        }
                    }
                    (object.x, object.y) = self.board.xy(new_tile);
                }
                self.board.occupied &= !bit(tile);
                self.board.threat[usize::from(tile)] = 0;
                self.board.threatening &= !bit(tile);
                boss_tile = Some(tile);
            }
        }
        let boss_tile = match boss_tile {
            Some(tile) => tile,
            None => self
                .unused_tile_anywhere(rng)
                .ok_or(Error::new(ErrorKind::NoFreeTile { stage: "boss" }))?,
        };

        // CreateBoss: fixed, or ChooseBoss's rejection loop over the environment's pool.
        let boss = match history.bosses[slot] {
            Some(boss) => boss,
            None => {
                let excluded = &history.bosses[..slot];
                let pool = self.boss_pool(environment, depth);
                if !pool.iter().any(|&(row, _)| !excluded.contains(&Some(row))) {
                    return Err(Error::new(ErrorKind::BossPoolExhausted { depth }));
                }
                let total: f64 = pool.iter().map(|&(_, weight)| weight).sum();
                loop {
                    let mut roll = rng.float() * total;
                    let mut chosen = None;
                    for &(row, weight) in pool {
                        chosen = Some(row);
                        roll -= weight;
                        if roll <= 0.0 {
                            break;
                        }
                    }
                    if let Some(row) = chosen {
                        if !excluded.contains(&Some(row)) {
                            break row;
                        }
                    }
                }
            }
        };
        history.bosses[slot] = Some(boss);
        let row = &tables.bosses[boss];
        // Decision: BonusMonsterLevel (not public) is 0.
        let level = rule.boss_level.clamp(1, 10);
        let mut object = Object::new(
            ObjectKind::Boss,
            &row.name,
            &row.id,
            self.board.xy(boss_tile),
        );
        object.level = Some(level);
        self.place(objects, object, boss_tile);

        // A boss with a companion (the Lich): block its tile, place the companion on an unused
        // tile of the player's region, release.
        if let Some(companion) = &row.companion {
            self.board.blocked |= bit(boss_tile);
            let region = self.board.flood(bit(player), self.board.passable());
            let found = self.first_unused_of_set(region, rng);
            self.board.blocked = 0;
            if let Some(tile) = found {
                self.place(
                    objects,
                    Object::new(
                        ObjectKind::LichHunter,
                        companion,
                        companion,
                        self.board.xy(tile),
                    ),
                    tile,
                );
            }
        }
        Ok(boss_tile)
    }

    /// BuildLastFloor (document 000 section 9). Decision: the order is the listed one
    /// (environment, walls, centre, player), then the three attribute draws, all on floor 4's
    /// stream.
    fn last_floor(&mut self, seed: u32, rng: &mut Lcg31) -> Result<Floor<'t>, Error> {
        let tables = self.tables;
        let last = &tables.last_floor;
        self.board.reset(last.size, last.size);
        self.deletable_cache = (0, 0);
        self.articulation.clear();
        self.safe_regions.clear();
        let (cx, cy) = last.centre;
        let centre = self.board.position(cx, cy);
        let mut objects = Vec::with_capacity(3);
        objects.push(Object::new(
            ObjectKind::Throne,
            &last.throne,
            &last.throne,
            (cx, cy),
        ));
        let mut boss = Object::new(
            ObjectKind::FinalBoss,
            &last.final_boss,
            &last.final_boss,
            (cx, cy),
        );
        boss.level = Some(last.final_boss_level);
        objects.push(boss);
        self.board.occupied |= bit(centre);
        let player = self
            .random_unused_tile(rng)
            .ok_or(Error::new(ErrorKind::NoFreeTile { stage: "player" }))?;
        self.board.occupied |= bit(player);
        objects.push(Object::new(
            ObjectKind::LevelStart,
            "Level Start",
            "LevelStart",
            self.board.xy(player),
        ));
        let boss_attributes = last
            .boss_attribute_groups
            .iter()
            .map(|group| group[rng.index(group.len()).unwrap_or(0)].as_str())
            .collect();
        Ok(Floor {
            depth: 4,
            seed,
            initial_seed: None,
            width: self.board.width,
            height: self.board.height,
            environment: &last.environment,
            floor_tile: &last.floor_tile,
            all_visible: true,
            player: self.board.xy(player),
            stairs: None,
            objects,
            boss_attributes,
            extra_rewards: Vec::new(),
            walls: 0,
            stride: self.board.width + 1,
        })
    }
}

/// The roll `(rng.float() as f32) < chance` as `rng.next_u31() < draws_below(chance)`: the hot
/// loops then compare integers instead of converting each draw to a float and back.
fn draws_below(chance: f32) -> u32 {
    rng::draw_bound(|float| (float as f32) < chance)
}

/// The weighted walk over the open components (positive weights, in order) for `roll`: the
/// first whose running sum reaches the roll, the last one when rounding leaves some roll over.
/// Exhausted components (weight 0) stay in the list: the walk passes them, since subtracting 0
/// changes no roll, except with a roll of exactly 0, which goes to the first open one. `None`
/// when none is open.
fn pick_open(weights: &[f64], mut roll: f64) -> Option<usize> {
    let is_open = |&weight: &f64| weight > 0.0;
    for (i, &weight) in weights.iter().enumerate() {
        roll -= weight;
        if roll <= 0.0 {
            return if weight > 0.0 {
                Some(i)
            } else {
                weights.iter().position(is_open)
            };
        }
    }
    weights.iter().rposition(is_open)
}

/// A monster level's fluctuation for `roll`: -1 below `minus_one_below`, 0 up to `zero_up_to`,
/// 1 up to `plus_one_up_to`, else 2. The thresholds are validated in that order, so each one the
/// roll stays under takes one off: counted without branches, since the roll is a coin toss to
/// the branch predictor.
fn level_fluctuation(roll: f32, [minus_one_below, zero_up_to, plus_one_up_to]: [f32; 3]) -> i32 {
    2 - i32::from(roll <= plus_one_up_to)
        - i32::from(roll <= zero_up_to)
        - i32::from(roll < minus_one_below)
}

/// The entry of a cumulative table for `roll`: the first threshold above it, else the last row.
fn cumulative_pick(table: &[(f32, usize)], roll: f32) -> usize {
    table
        .iter()
        .find(|(threshold, _)| roll < *threshold)
        .or(table.last())
        .map_or(0, |&(_, index)| index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picking_from_a_set_matches_the_shuffled_list() {
        let tables = crate::Tables::default_tables().expect("the default tables are valid");
        let mut generator = Generator::new(&tables);
        let mut setup = Lcg31::new(777);
        let mut checked = 0;
        for round in 0..3000u32 {
            let side = 2 + (round % 9) as u8;
            generator.board.reset(side, side);
            let mut set: Bits = 0;
            for tile in generator.board.all_tiles().to_vec() {
                match setup.next_u31() % 8 {
                    0 => generator.board.walls |= bit(tile),
                    1..=3 => set |= bit(tile),
                    4 => {
                        set |= bit(tile);
                        generator.board.occupied |= bit(tile);
                    }
                    // Crowded rounds: most of the set in use.
                    _ if round % 3 == 0 => {
                        set |= bit(tile);
                        generator.board.occupied |= bit(tile);
                    }
                    _ => {}
                }
            }
            let set = set & generator.board.passable();
            let mut by_list = Lcg31::new(round);
            let mut by_set = by_list.clone();
            let mut list: Vec<u8> = tiles_of(set).collect();
            let expected = generator.first_unused_of_shuffle(&mut list, &mut by_list);
            assert_eq!(generator.first_unused_of_set(set, &mut by_set), expected);
            // The same draws were taken.
            assert!(by_set == by_list, "round {round}");
            checked += usize::from(expected.is_some());
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn picks_over_exhausted_components_match_the_walk_over_the_open_ones() {
        // The walk the picks made before: over the open components alone, the last one
        // taking what rounding leaves.
        fn walk_open(weights: &[f64], mut roll: f64) -> Option<usize> {
            let open: Vec<usize> = (0..weights.len()).filter(|&i| weights[i] > 0.0).collect();
            for &i in &open {
                roll -= weights[i];
                if roll <= 0.0 {
                    return Some(i);
                }
            }
            open.last().copied()
        }
        let mut rng = Lcg31::new(99);
        // Lists starting with an exhausted component, asked with a roll of 0.
        let mut zero_rolls_past_exhausted = 0;
        for _ in 0..20_000 {
            let len = 1 + rng.index(12).unwrap_or(0);
            let weights: Vec<f64> = (0..len)
                .map(|_| [0.0, 0.0, 1.0, 0.5, 0.15, 0.05][rng.index(6).unwrap_or(0)])
                .collect();
            let total: f64 = weights.iter().sum();
            let rolls = [
                0.0,
                rng.float() * total,
                total,
                total * (1.0 + f64::EPSILON),
            ];
            for roll in rolls {
                assert_eq!(
                    pick_open(&weights, roll),
                    walk_open(&weights, roll),
                    "{weights:?} {roll}"
                );
            }
            zero_rolls_past_exhausted += usize::from(weights[0] == 0.0 && total > 0.0);
        }
        assert!(
            zero_rolls_past_exhausted > 1000,
            "{zero_rolls_past_exhausted}"
        );
    }

    #[test]
    fn level_fluctuation_matches_the_threshold_chain() {
        let chain = |roll: f32, [minus_one_below, zero_up_to, plus_one_up_to]: [f32; 3]| {
            if roll < minus_one_below {
                -1
            } else if roll <= zero_up_to {
                0
            } else if roll <= plus_one_up_to {
                1
            } else {
                2
            }
        };
        let mut rng = Lcg31::new(4242);
        let mut seen = [0usize; 4];
        for _ in 0..2_000 {
            // Ordered thresholds, some equal, as validation allows.
            let mut thresholds = [0f32; 3];
            for threshold in &mut thresholds {
                *threshold = (rng.index(8).unwrap_or(0) as f32) / 4.0;
            }
            thresholds.sort_by(f32::total_cmp);
            let mut rolls: Vec<f32> = vec![f32::NAN, f32::INFINITY, f32::NEG_INFINITY];
            rolls.extend(thresholds);
            rolls.extend(thresholds.map(|t| t + 0.125));
            rolls.extend((0..20).map(|_| rng.float() as f32 * 2.5 - 0.25));
            for roll in rolls {
                let delta = level_fluctuation(roll, thresholds);
                assert_eq!(delta, chain(roll, thresholds), "{roll} {thresholds:?}");
                seen[(delta + 1) as usize] += 1;
            }
        }
        assert!(seen.iter().all(|&count| count > 1000), "{seen:?}");
    }

    #[test]
    fn draw_bounds_pass_exactly_the_draws_whose_float_roll_passes() {
        let roll = |draw: u32| rng::draw_to_float(draw) as f32;
        let mut rng = Lcg31::new(12345);
        let mut chances: Vec<f32> = vec![0.0, 1.0, 0.5, 0.3, 0.25, 1e-9, 0.999_999_9, 2.0, -1.0];
        chances.extend((0..200).map(|_| rng.float() as f32));
        let mut checked = 0;
        for chance in chances {
            let bound = draws_below(chance);
            // Both sides of the bound, and draws spread over the whole range.
            let mut draws = vec![bound.saturating_sub(1), bound, bound.saturating_add(1)];
            draws.retain(|&draw| draw < 1 << 31);
            draws.extend((0..200).map(|_| rng.next_u31()));
            for draw in draws {
                assert_eq!(draw < bound, roll(draw) < chance, "{chance} {draw}");
                checked += 1;
            }
        }
        assert!(checked > 40_000);
    }
}
