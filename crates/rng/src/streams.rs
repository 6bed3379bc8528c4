//! The run's seeds and streams (document 003 section 1, document 000 section 0).
//!
//! An initial seed derives, one [`Lcg31`] step each and in this order, the floor seeds of
//! floors 1, 2 and 3, the upgrade-reward seed, and (our decision, `SPEC.md`) a fifth step that
//! seeds floor 4. Building a floor switches the dungeon stream to that floor's seed, so floor 2
//! never depends on whether floor 1 was built; the upgrade and combat streams are separate objects
//! that floor generation never advances.

use crate::{Lcg31, Rng31};

/// The seeds a run derives from its initial seed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Streams {
    /// The run's initial seed (low 31 bits kept).
    pub initial_seed: u32,
    /// Seeds of floors 1, 2 and 3, in that order.
    pub floor_seeds: [u32; 3],
    /// The upgrade-reward seed.
    pub upgrade_seed: u32,
    /// The seed of floor 4 (the fifth draw; the game's choice is not public).
    pub last_floor_seed: u32,
}

impl Streams {
    /// Derives every seed from `initial_seed` by the draws made at game creation.
    pub fn derive(initial_seed: u32) -> Self {
        let mut initial = Lcg31::new(initial_seed);
        let floor_seeds = [initial.next_u31(), initial.next_u31(), initial.next_u31()];
        let upgrade_seed = initial.next_u31();
        let last_floor_seed = initial.next_u31();
        Streams {
            initial_seed: initial_seed & 0x7FFF_FFFF,
            floor_seeds,
            upgrade_seed,
            last_floor_seed,
        }
    }

    /// The seed of floor `depth` (1 to 4), or `None` for any other depth.
    pub fn floor_seed(&self, depth: u8) -> Option<u32> {
        match depth {
            1..=3 => Some(self.floor_seeds[usize::from(depth - 1)]),
            4 => Some(self.last_floor_seed),
            _ => None,
        }
    }
}

/// The three live streams of a run: the dungeon-global stream that floor generation switches to
/// each floor's seed, the upgrade stream, and the combat stream.
#[derive(Clone, Debug)]
pub struct RunStreams {
    seeds: Streams,
    dungeon: Lcg31,
    upgrade: Lcg31,
    combat: Lcg31,
}

impl RunStreams {
    /// Streams for a run. The combat stream has no seed in a run's data (the game creates it at
    /// run time), so the caller chooses it.
    pub fn new(initial_seed: u32, combat_seed: u32) -> Self {
        let seeds = Streams::derive(initial_seed);
        RunStreams {
            dungeon: Lcg31::new(seeds.initial_seed),
            upgrade: Lcg31::new(seeds.upgrade_seed),
            combat: Lcg31::new(combat_seed),
            seeds,
        }
    }

    /// The derived seeds.
    pub fn seeds(&self) -> &Streams {
        &self.seeds
    }

    /// Switches the dungeon stream to floor `depth`'s seed and returns it, ready for the floor's
    /// generation. `None` for a depth outside 1 to 4 (the stream is left as it was).
    pub fn dungeon_for_floor(&mut self, depth: u8) -> Option<&mut Lcg31> {
        let seed = self.seeds.floor_seed(depth)?;
        self.dungeon.reseed(seed);
        Some(&mut self.dungeon)
    }

    /// The dungeon-global stream where it stands.
    pub fn dungeon(&mut self) -> &mut Lcg31 {
        &mut self.dungeon
    }

    /// The upgrade-reward stream.
    pub fn upgrade(&mut self) -> &mut Lcg31 {
        &mut self.upgrade
    }

    /// The combat stream.
    pub fn combat(&mut self) -> &mut Lcg31 {
        &mut self.combat
    }
}
