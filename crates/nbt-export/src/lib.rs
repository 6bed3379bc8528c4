//! Minecraft Java structure files (`.nbt`) and Sponge schematics (`.schem`): a structure model,
//! exact reading and writing, rotation and mirroring of positions and block states, and assembly of
//! placed rooms into one world. Knows nothing of the generators; the CLI maps their output here.
#![deny(missing_docs)]
