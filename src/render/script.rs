//! What each character is, for drawing text: the fallback chain over the
//! font files compiled in (`view::fonts`), and the clusters each family is preferred for, the
//! Unicode classes layout needs (ignorable, dropped, simple, right to left),
//! bidi runs in visual order, and the isolate that keeps a name's direction
//! inside a sentence. See `text` for how they are used.

use std::ops::Range;
use unicode_bidi::{BidiClass, BidiInfo};

pub(super) use crate::view::fonts::FILES;

/// A family of the fallback chain: indices into [`FILES`], and the clusters it
/// is tried first for.
pub(super) struct FamilySpec {
    pub regular: usize,
    pub bold: Option<usize>,
    pub prefer: fn(&str) -> bool,
}

/// The fallback chain, in order.
pub(super) const CHAIN: [FamilySpec; 6] = [
    FamilySpec {
        regular: 0,
        bold: Some(1),
        prefer: never,
    },
    FamilySpec {
        regular: 2,
        bold: Some(3),
        prefer: is_arabic_cluster,
    },
    FamilySpec {
        regular: 4,
        bold: Some(5),
        prefer: never,
    },
    FamilySpec {
        regular: 6,
        bold: Some(7),
        prefer: never,
    },
    FamilySpec {
        regular: 8,
        bold: None,
        prefer: never,
    },
    FamilySpec {
        regular: 9,
        bold: None,
        prefer: is_emoji_cluster,
    },
];

/// The primary family's faces: the fast path and the '?' replacement.
pub(super) const PRIMARY_REGULAR: u8 = 0;
pub(super) const PRIMARY_BOLD: u8 = 1;

pub(super) fn never(_: &str) -> bool {
    false
}

pub(super) fn is_arabic(c: char) -> bool {
    matches!(c as u32,
        0x0600..=0x06FF | 0x0750..=0x077F | 0x0870..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF)
}

pub(super) fn is_arabic_cluster(cluster: &str) -> bool {
    cluster.chars().next().is_some_and(is_arabic)
}

/// Pictographs, flags, keycaps and symbols asked to look like emoji.
pub(super) fn is_emoji_cluster(cluster: &str) -> bool {
    let symbol_base = cluster
        .chars()
        .next()
        .is_some_and(|c| !c.is_alphanumeric() && c != ' ');
    cluster
        .chars()
        .any(|c| is_pictograph(c) || c == '\u{20e3}' || (c == '\u{fe0f}' && symbol_base))
}

/// Pictographs: one no font has is dropped rather than shown as '?'.
pub(super) fn is_pictograph(c: char) -> bool {
    matches!(c as u32,
        0x1F000..=0x1FAFF | 0x2300..=0x23FF | 0x2600..=0x27BF | 0x2B00..=0x2BFF)
}

/// Characters that draw nothing on their own and may be missing from a font:
/// Unicode's default-ignorable code points (joiners, bidi marks and isolates,
/// variation selectors, tags...) and emoji skin-tone modifiers.
pub(super) fn is_ignorable(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFF8 | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0x1F3FB..=0x1F3FF | 0xE0000..=0xE0FFF)
}

/// Characters that never reach layout: controls (other than white space, which
/// becomes a space) and noncharacters.
pub(super) fn is_dropped(c: char) -> bool {
    let u = c as u32;
    c.is_control() || (0xFDD0..=0xFDEF).contains(&u) || u & 0xFFFE == 0xFFFE
}

/// Characters the primary font draws well without shaping: Latin, Greek and
/// Cyrillic letters (precomposed), punctuation and symbols. Combining marks,
/// format characters and every script that needs shaping are left out.
pub(super) fn is_simple(c: char) -> bool {
    matches!(c as u32,
        0x20..=0x7E | 0xA0..=0xAC | 0xAE..=0x2FF | 0x370..=0x482 | 0x48A..=0x52F
        | 0x1E00..=0x1FFF | 0x2010..=0x2027 | 0x2030..=0x205E | 0x2070..=0x20CF
        | 0x2100..=0x2BFF)
}

pub(super) fn is_rtl_class(c: char) -> bool {
    matches!(
        unicode_bidi::bidi_class(c),
        BidiClass::R
            | BidiClass::AL
            | BidiClass::RLE
            | BidiClass::RLO
            | BidiClass::RLI
            | BidiClass::FSI
    )
}

/// A name ready to sit inside a left-to-right sentence: a name with
/// right-to-left letters is wrapped in a first-strong isolate, so it keeps its
/// own direction and the sentence keeps its own.
pub(crate) fn isolate(name: &str) -> String {
    if name.chars().any(is_rtl_class) {
        format!("\u{2068}{name}\u{2069}")
    } else {
        name.to_string()
    }
}

/// Bidi marks, embeddings, overrides and isolates.
pub(super) fn is_bidi_control(c: char) -> bool {
    matches!(c as u32, 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// Runs of spaces as one, none at either end.
pub(super) fn collapse_spaces(text: &str) -> String {
    text.split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Control characters dropped, every kind of white space a plain space.
pub(super) fn clean(text: &str) -> String {
    text.chars()
        .filter_map(|c| {
            if c.is_whitespace() {
                Some(' ')
            } else if is_dropped(c) {
                None
            } else {
                Some(c)
            }
        })
        .collect()
}

/// The text's runs of one direction, in visual order (left to right), as
/// byte ranges with whether they run right to left.
pub(super) fn visual_runs(text: &str) -> Vec<(Range<usize>, bool)> {
    if !text.chars().any(|c| is_rtl_class(c) || is_bidi_control(c)) {
        return if text.is_empty() {
            Vec::new()
        } else {
            vec![(0..text.len(), false)]
        };
    }
    let info = BidiInfo::new(text, None);
    let mut out = Vec::new();
    for para in &info.paragraphs {
        let (levels, runs) = info.visual_runs(para, para.range.clone());
        for run in runs {
            let rtl = levels.get(run.start).is_some_and(|l| l.is_rtl());
            out.push((run, rtl));
        }
    }
    out
}
