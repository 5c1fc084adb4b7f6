//! Icons: Noto emoji artwork (Apache-2.0, see assets/) compiled into the binary
//! as 64x64 PNGs, decoded and resized once per size, then pasted.
//!
//! An icon whose bytes do not decode is drawn as a lettered disc instead, so a
//! bad asset shows up in the picture rather than failing the render.

use crate::engine::Animal;
use image::imageops::FilterType;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tiny_skia::{IntSize, Pixmap};

/// Every picture the renderer pastes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Icon {
    Animal(Animal),
    Coin,
    Fish,
    Bolt,
    Worker,
    Truck,
    Baby,
    Star,
}

macro_rules! icon {
    ($name:literal) => {
        Some(include_bytes!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/icons/",
            $name,
            ".png"
        )) as &'static [u8])
    };
}

impl Icon {
    fn bytes(self) -> Option<&'static [u8]> {
        match self {
            Icon::Animal(Animal::Dolphin) => icon!("dolphin"),
            Icon::Animal(Animal::Orca) => icon!("orca"),
            Icon::Animal(Animal::SeaLion) => icon!("sealion"),
            Icon::Animal(Animal::Turtle) => icon!("turtle"),
            Icon::Animal(Animal::Penguin) => icon!("penguin"),
            Icon::Animal(Animal::PolarBear) => icon!("polarbear"),
            Icon::Animal(Animal::Crocodile) => icon!("crocodile"),
            Icon::Animal(Animal::Hippo) => icon!("hippo"),
            Icon::Coin => icon!("coin"),
            Icon::Fish => icon!("fish"),
            Icon::Bolt => icon!("bolt"),
            Icon::Worker => icon!("worker"),
            Icon::Truck => icon!("truck"),
            Icon::Baby => icon!("baby"),
            Icon::Star => icon!("star"),
        }
    }

    /// What the lettered fallback disc shows.
    pub fn letters(self) -> &'static str {
        match self {
            Icon::Animal(a) => super::style::short(a),
            Icon::Coin => "$",
            Icon::Fish => "F",
            Icon::Bolt => "B",
            Icon::Worker => "W",
            Icon::Truck => "T",
            Icon::Baby => "Y",
            Icon::Star => "*",
        }
    }
}

/// The icon as a premultiplied pixmap `size` pixels square, if its artwork decodes.
pub(crate) fn scaled(icon: Icon, size: u32) -> Option<Arc<Pixmap>> {
    type Cache = Mutex<HashMap<(Icon, u32), Option<Arc<Pixmap>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Ok(map) = cache.lock() {
        if let Some(found) = map.get(&(icon, size)) {
            return found.clone();
        }
    }
    let made = icon.bytes().and_then(|b| decode(b, size)).map(Arc::new);
    if let Ok(mut map) = cache.lock() {
        map.insert((icon, size), made.clone());
    }
    made
}

fn decode(bytes: &[u8], size: u32) -> Option<Pixmap> {
    let rgba = image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .ok()?
        .to_rgba8();
    let resized = if rgba.width() == size && rgba.height() == size {
        rgba
    } else {
        image::imageops::resize(&rgba, size.max(1), size.max(1), FilterType::CatmullRom)
    };
    let (w, h) = resized.dimensions();
    let mut data = resized.into_raw();
    for px in data.chunks_exact_mut(4) {
        let a = px[3] as u32;
        for c in &mut px[..3] {
            *c = ((*c as u32 * a + 127) / 255) as u8;
        }
    }
    Pixmap::from_vec(data, IntSize::from_wh(w, h)?)
}
