//! The four-floor board pipeline of document 000 (`seeds/000_*.txt`): 8x8 and 10x10 boards, walls
//! that keep the map connected, monsters at cut vertices, threat-zoned rewards, bosses and the
//! final floor. All randomness comes from [`rng::Lcg31`] through the floor streams of document 003.
#![deny(missing_docs)]
