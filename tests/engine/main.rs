//! The pure core, through its public doors: the rules of the game, the
//! engine's invariants over random games, the computer players, and the
//! `moves` list. No support: nothing but the crate.

mod cpu;
mod engine_properties;
mod moves_list;
mod review;
mod rules;
