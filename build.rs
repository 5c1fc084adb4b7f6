//! The message catalogue (`locales/`) is compiled into the binary by a
//! macro; this tells cargo to rebuild when a catalogue file changes.

fn main() {
    println!("cargo:rerun-if-changed=locales");
}
