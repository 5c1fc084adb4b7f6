//! Words said within a length, cut after a whole sentence: a picture's
//! description (Discord's attachment `description`, at most
//! [`ALT_LIMIT`] characters, and the web's `alt`, the same text).
//!
//! A description is built as sentences joined by spaces (a [`Text::Join`]);
//! when the whole does not fit, as many of its first sentences as fit are
//! said, so a reader never meets half a sentence. Only a first sentence
//! longer than the limit on its own is cut inside: after its last sentence
//! end that fits, else at a space, with an ellipsis.

use super::{plain, Lang, Text};

/// The longest description Discord takes for an attachment, and the
/// longest a picture's description is anywhere.
pub const ALT_LIMIT: usize = 1024;

/// How long `s` is as Discord counts a text: in UTF-16 code units (never
/// fewer than its characters).
pub fn length(s: &str) -> usize {
    s.encode_utf16().count()
}

/// A picture's description: `text` said in `lang` (names as they are,
/// dates in UTC) within [`ALT_LIMIT`], cut after a sentence.
pub fn alt(lang: &Lang, text: &Text) -> String {
    said_within(lang, text, ALT_LIMIT)
}

/// `text` said in `lang` within `limit` UTF-16 units: whole when it fits;
/// else, for sentences joined, as many of the first as fit; else the first
/// cut after a sentence end, or at a space with an ellipsis.
pub fn said_within(lang: &Lang, text: &Text, limit: usize) -> String {
    let whole = plain(lang, text);
    if length(&whole) <= limit {
        return whole;
    }
    let parts = sentences(text);
    let mut best = String::new();
    for k in 1..=parts.len() {
        let said = plain(
            lang,
            &Text::Join {
                parts: parts[..k].to_vec(),
                with: " ".into(),
            },
        );
        if length(&said) > limit {
            break;
        }
        best = said;
    }
    if best.is_empty() {
        let first = parts.first().map_or(whole, |p| plain(lang, p));
        best = cut(&first, limit);
    }
    best
}

/// The sentences of `text`: the parts of a join by spaces, nested joins
/// by spaces opened; anything else is one sentence.
fn sentences(text: &Text) -> Vec<Text> {
    match text {
        Text::Join { parts, with } if with == " " => parts.iter().flat_map(sentences).collect(),
        other => vec![other.clone()],
    }
}

/// `said` cut to `limit`: after its last sentence end that fits, else at
/// its last space with an ellipsis, else at a character with one.
fn cut(said: &str, limit: usize) -> String {
    let mut used = 0;
    let mut last_stop = None;
    let mut last_space = None;
    for (i, c) in said.char_indices() {
        if used + c.len_utf16() > limit {
            break;
        }
        used += c.len_utf16();
        if matches!(c, '.' | '!' | '?' | '。' | '！' | '？') {
            last_stop = Some(i + c.len_utf8());
        }
        if c == ' ' {
            last_space = Some(i);
        }
    }
    if let Some(stop) = last_stop.filter(|&s| s > 0) {
        return said[..stop].to_string();
    }
    // Room for the ellipsis (one UTF-16 unit).
    let room = limit.saturating_sub(1);
    let at = last_space
        .filter(|&s| s > 0 && length(&said[..s]) <= room)
        .unwrap_or_else(|| {
            let mut at = 0;
            let mut used = 0;
            for (i, c) in said.char_indices() {
                if used + c.len_utf16() > room {
                    break;
                }
                used += c.len_utf16();
                at = i + c.len_utf8();
            }
            at
        });
    format!("{}…", said[..at].trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(s: &str) -> Text {
        Text::Raw(s.to_string())
    }

    #[test]
    fn a_text_that_fits_is_said_whole() {
        let text = Text::words(vec![raw("Round 1."), raw("Ana's turn.")]);
        assert_eq!(
            said_within(&Lang::english(), &text, 100),
            "Round 1. Ana's turn."
        );
    }

    #[test]
    fn sentences_that_do_not_fit_are_left_out_whole() {
        let text = Text::words(vec![
            raw("Round 1."),
            Text::words(vec![raw("Ana's turn."), raw("Truck 1: a dolphin.")]),
            raw("Ben: 3 points."),
        ]);
        let en = Lang::english();
        assert_eq!(said_within(&en, &text, 25), "Round 1. Ana's turn.");
        assert_eq!(said_within(&en, &text, 19), "Round 1.");
        assert_eq!(alt(&en, &text), plain(&en, &text));
    }

    #[test]
    fn a_first_sentence_too_long_is_cut_after_a_stop_or_at_a_space() {
        let en = Lang::english();
        let long = raw("One. Two three four five six seven.");
        assert_eq!(said_within(&en, &long, 20), "One.");
        let words = raw("one two three four five six seven");
        let cut = said_within(&en, &words, 12);
        assert_eq!(cut, "one two…");
        assert!(length(&cut) <= 12);
        let wide = raw(&"🐬".repeat(2000));
        let cut = said_within(&en, &wide, ALT_LIMIT);
        assert!(length(&cut) <= ALT_LIMIT && cut.ends_with('…'));
        let ja = raw(&"イルカの水槽です。".repeat(200));
        let cut = said_within(&en, &ja, ALT_LIMIT);
        assert!(length(&cut) <= ALT_LIMIT && cut.ends_with('。'), "{cut}");
    }
}
