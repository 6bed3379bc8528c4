//! The 56x32 floor generator of document 002 (`seeds/002_*.txt`): rooms, crossroads, hallways,
//! water and spawns, reproducing the original game's maps tile for tile from the same seed and
//! floor properties. Randomness comes from [`rng::DungeonRng`], the game's own PRNG.
#![deny(missing_docs)]
