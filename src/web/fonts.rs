//! The fonts the pictures draw with, served to the pages, so that a name in
//! any script the pictures can draw (CJK, Hangul, Arabic, Devanagari, Thai,
//! Greek, Cyrillic...) reads on any device, fonts installed or not.
//!
//! The files are the ones compiled into the binary for the pictures
//! ([`crate::view::fonts::FILES`]), unchanged: the web pages add no font of
//! their own. `/assets/fonts.css` gives each file an `@font-face` with the
//! Unicode ranges it is for, so a browser fetches a file only when a page
//! holds a character of its ranges: the scripts a device may lack
//! ([`SCRIPTS`]) before the system's fonts in `web.css`, Latin letters and
//! emoji ([`FAMILY`]) after them (a page in Latin letters fetches nothing). A file's address carries a hash of its bytes, so
//! browsers keep it a year; it is sent compressed (gzip, made once, on its
//! first request) to a browser that accepts it.

use sha2::{Digest, Sha256};
use std::io::Write as _;
use std::sync::OnceLock;

/// The family of the scripts a device may lack (CJK, Hangul, Arabic,
/// Devanagari, Thai): first in the pages' list of fonts, so a browser takes
/// these faces before any of the system's (Chromium on Linux takes
/// `system-ui` for every character it meets, drawing a box for those the
/// system lacks). Its ranges hold no Latin letter: Latin text keeps the
/// system's fonts.
pub const SCRIPTS: &str = "Aquaretto Scripts";

/// The family of the rest (Latin, Greek and Cyrillic; emoji): last in the
/// list, for what the system's fonts lack where a browser gets that far.
pub const FAMILY: &str = "Aquaretto";

/// Where the font files are served.
pub const PREFIX: &str = "/assets/fonts/";

/// The family a file is a face of, the Unicode ranges it is for, and the weights it is declared for: a
/// family without a bold face is declared regular and bold too, since a
/// browser picks the faces of one weight before it looks at their ranges
/// (a bold line would find no CJK face else). A file not listed is not
/// served.
fn face(file: &str) -> Option<(&'static str, &'static str, &'static [u16])> {
    const LATIN: &str = "U+0000-05FF, U+1D00-1FFF, U+2000-2BFF, U+A640-A69F, U+FB00-FB06";
    const ARABIC: &str = "U+0600-06FF, U+0750-077F, U+0870-08FF, U+FB50-FDFF, U+FE70-FEFF";
    const DEVANAGARI: &str = "U+0900-097F, U+1CD0-1CFF, U+A830-A83F, U+A8E0-A8FF";
    const THAI: &str = "U+0E00-0E7F";
    const CJK: &str = "U+1100-11FF, U+2E80-2FDF, U+3000-31FF, U+3200-4DBF, U+4E00-9FFF, \
        U+A960-A97F, U+AC00-D7FF, U+F900-FAFF, U+FE30-FE4F, U+FF00-FFEF";
    const EMOJI: &str = "U+1F000-1FAFF";
    Some(match file {
        "DejaVuSans.ttf" => (FAMILY, LATIN, &[400]),
        "DejaVuSans-Bold.ttf" => (FAMILY, LATIN, &[700]),
        "NotoSansArabic-Regular.ttf" => (SCRIPTS, ARABIC, &[400]),
        "NotoSansArabic-Bold.ttf" => (SCRIPTS, ARABIC, &[700]),
        "NotoSansDevanagari-Regular.ttf" => (SCRIPTS, DEVANAGARI, &[400]),
        "NotoSansDevanagari-Bold.ttf" => (SCRIPTS, DEVANAGARI, &[700]),
        "NotoSansThai-Regular.ttf" => (SCRIPTS, THAI, &[400]),
        "NotoSansThai-Bold.ttf" => (SCRIPTS, THAI, &[700]),
        "DroidSansFallback.ttf" => (SCRIPTS, CJK, &[400, 700]),
        "NotoEmoji-Regular.ttf" => (FAMILY, EMOJI, &[400, 700]),
        _ => return None,
    })
}

/// A font file as served.
pub struct Served {
    /// Its address: [`PREFIX`], a hash of its bytes, its file name.
    pub path: String,
    pub bytes: &'static [u8],
    /// Its bytes compressed, made at the first request for them.
    gzip: OnceLock<Vec<u8>>,
    family: &'static str,
    ranges: &'static str,
    weights: &'static [u16],
}

impl Served {
    /// The bytes gzip-compressed; `None` if that failed (then they are
    /// sent as they are).
    pub fn gzip(&self) -> Option<&[u8]> {
        let zipped = self.gzip.get_or_init(|| {
            let mut out = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
            match out.write_all(self.bytes).and_then(|()| out.finish()) {
                Ok(zipped) => zipped,
                Err(e) => {
                    tracing::warn!("cannot compress a font: {e}");
                    Vec::new()
                }
            }
        });
        (!zipped.is_empty()).then_some(zipped.as_slice())
    }
}

/// Every font served, with its address.
pub fn served() -> &'static [Served] {
    static SERVED: OnceLock<Vec<Served>> = OnceLock::new();
    SERVED.get_or_init(|| {
        crate::view::fonts::FILES
            .iter()
            .filter_map(|(file, bytes)| {
                let (family, ranges, weights) = face(file)?;
                let hash = Sha256::digest(bytes);
                let short: String = hash.iter().take(6).map(|b| format!("{b:02x}")).collect();
                Some(Served {
                    path: format!("{PREFIX}{short}-{file}"),
                    bytes,
                    gzip: OnceLock::new(),
                    family,
                    ranges,
                    weights,
                })
            })
            .collect()
    })
}

/// The font served at `path`, if any.
pub fn find(path: &str) -> Option<&'static Served> {
    served().iter().find(|f| f.path == path)
}

/// `/assets/fonts.css`: an `@font-face` for each file and weight.
pub fn stylesheet() -> &'static str {
    static CSS: OnceLock<String> = OnceLock::new();
    CSS.get_or_init(|| {
        let mut css = String::from(
            "/* The fonts the pictures draw with (web.css lists them among the page's fonts). */\n",
        );
        for f in served() {
            for weight in f.weights {
                css.push_str(&format!(
                    "@font-face {{ font-family: \"{}\"; src: url(\"{}\") format(\"truetype\"); \
                     font-weight: {weight}; font-style: normal; font-display: swap; \
                     unicode-range: {}; }}\n",
                    f.family, f.path, f.ranges
                ));
            }
        }
        css
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_font_of_the_pictures_is_served_under_an_address_of_its_bytes() {
        assert_eq!(served().len(), crate::view::fonts::FILES.len());
        for f in served() {
            assert!(f.path.starts_with(PREFIX), "{}", f.path);
            assert!(stylesheet().contains(&f.path), "{}", f.path);
            assert_eq!(find(&f.path).map(|g| g.bytes.len()), Some(f.bytes.len()));
        }
        assert!(find("/assets/fonts/DroidSansFallback.ttf").is_none());
        let thai = served()
            .iter()
            .find(|f| f.path.ends_with("NotoSansThai-Regular.ttf"))
            .expect("Thai");
        let zipped = thai.gzip().expect("compressed");
        assert!(zipped.len() < thai.bytes.len());
    }
}
