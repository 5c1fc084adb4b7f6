//! The pictures: every position of random games renders within the size
//! limits, and the golden images (tests/golden/) stay as they were. No
//! support: nothing but the crate.

mod render;
