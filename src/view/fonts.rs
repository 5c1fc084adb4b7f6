//! The font files the pictures are drawn with, compiled in: the renderer
//! draws every word with them, and the web pages serve them too, so that a
//! name in any script reads the same on a page as in a picture.

macro_rules! font_file {
    ($name:literal) => {
        (
            $name,
            include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/assets/fonts/", $name))
                as &'static [u8],
        )
    };
}

/// Every font file, in the order the renderer's fallback chain refers to
/// them by index (`render/script.rs`).
pub static FILES: [(&str, &[u8]); 10] = [
    font_file!("DejaVuSans.ttf"),
    font_file!("DejaVuSans-Bold.ttf"),
    font_file!("NotoSansArabic-Regular.ttf"),
    font_file!("NotoSansArabic-Bold.ttf"),
    font_file!("NotoSansDevanagari-Regular.ttf"),
    font_file!("NotoSansDevanagari-Bold.ttf"),
    font_file!("NotoSansThai-Regular.ttf"),
    font_file!("NotoSansThai-Bold.ttf"),
    font_file!("DroidSansFallback.ttf"),
    font_file!("NotoEmoji-Regular.ttf"),
];
