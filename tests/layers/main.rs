//! Checks of the map itself, needing no build of the crate: the imports
//! between the top-level modules of `src/` (the layers of ARCHITECTURE.md,
//! read by `syn`), and every source path the docs and the catalogues'
//! headers name, and no circle between the files of `src/`.

mod circles;
mod docs;
mod imports;
