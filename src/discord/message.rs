//! A reply as Discord messages, with nothing sent: the words said in the
//! reply's language with Discord's markup (a mention, a relative time, bold
//! and struck text), cut and split within Discord's 2,000 characters, the
//! pictures and files attached, the referee's panels as components, and one
//! allowed mention. Pure: every sending is `respond`'s and the courier's.

use crate::lang::{Lang, Text};
use crate::referee::Reply;
use crate::view::controls::{ButtonStyle, Panel, Row};
use poise::serenity_prelude as serenity;

/// The private note that answers a move or a lobby command slower than the
/// deferral, before its public message follows, in the asker's language.
pub fn working(lang: &Lang) -> String {
    crate::lang::word(lang, "discord-working")
}

/// The asker's language as their Discord client tells it (the
/// interaction's `locale`), English when we do not speak it.
pub fn asker_lang(locale: Option<&str>) -> Lang {
    locale.map_or_else(Lang::english, Lang::for_locale)
}

/// Discord's limit for a message's content, in UTF-16 code units.
pub const MESSAGE_LIMIT: usize = 2000;

/// Most messages one reply is split into; beyond that the text is cut.
pub const MAX_PIECES: usize = 3;

/// The Discord messages for a reply: text (with the mention first), pictures
/// attached, ephemeral when private, pinging only the mentioned user. A text
/// too long for one message continues in up to [`MAX_PIECES`] messages, each
/// starting at a line; the pictures and the ping go with the first.
pub fn messages(reply: &Reply) -> Vec<poise::CreateReply> {
    let mention = reply
        .mention
        .as_deref()
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(serenity::UserId::new);
    let words = said(&reply.lang, &reply.words);
    let mut text = match mention {
        Some(id) => format!("<@{id}> {words}"),
        None => words,
    };
    let mut attachments: Vec<serenity::CreateAttachment> = reply
        .pictures
        .iter()
        .map(|p| {
            described(
                serenity::CreateAttachment::bytes(p.png.clone(), p.name.clone()),
                &reply.lang,
                &p.alt,
            )
        })
        .collect();
    let files = reply.files.iter().map(|f| {
        described(
            serenity::CreateAttachment::bytes(f.bytes.clone(), f.name.clone()),
            &reply.lang,
            &f.alt,
        )
    });
    if attachments.is_empty() {
        // No picture (no painter, or it failed): the table as text instead.
        if let Some(board) = &reply.board {
            let with_board = format!("{text}\n```\n{board}\n```");
            if utf16_len(&with_board) <= MESSAGE_LIMIT {
                text = with_board;
            } else {
                attachments.push(serenity::CreateAttachment::bytes(
                    board.clone().into_bytes(),
                    "table.txt",
                ));
            }
        }
    }
    if text.trim().is_empty() {
        text = said(&reply.lang, &Text::msg("discord-done"));
    }
    let mut out = Vec::new();
    for (i, piece) in split(&text, MESSAGE_LIMIT, MAX_PIECES)
        .into_iter()
        .enumerate()
    {
        let allowed = match mention {
            Some(id) if i == 0 => serenity::CreateAllowedMentions::new().users([id]),
            _ => serenity::CreateAllowedMentions::new(),
        };
        out.push(
            poise::CreateReply::default()
                .content(piece)
                .ephemeral(reply.private)
                .allowed_mentions(allowed),
        );
    }
    if let Some(first) = out.first_mut() {
        for a in attachments.into_iter().chain(files) {
            *first = std::mem::take(first).attachment(a);
        }
        if let Some(panel) = &reply.controls {
            *first = std::mem::take(first).components(components(panel));
        }
    }
    out
}

/// `file` with its description (what a screen reader says of it, and
/// Discord shows on hover): `alt` said in `lang` within Discord's 1,024
/// characters, cut after a sentence; none when there is nothing to say.
pub fn described(
    file: serenity::CreateAttachment,
    lang: &Lang,
    alt: &Text,
) -> serenity::CreateAttachment {
    if alt.is_empty() {
        return file;
    }
    file.description(crate::lang::within::alt(lang, alt))
}

/// A panel as Discord action rows.
pub fn components(panel: &Panel) -> Vec<serenity::CreateActionRow> {
    panel
        .rows
        .iter()
        .map(|row| match row {
            Row::Buttons(buttons) => serenity::CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        serenity::CreateButton::new(b.id.clone())
                            .label(b.label.clone())
                            .style(match b.style {
                                ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                                ButtonStyle::Success => serenity::ButtonStyle::Success,
                                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                            .disabled(b.disabled)
                    })
                    .collect(),
            ),
            Row::Links(links) => serenity::CreateActionRow::Buttons(
                links
                    .iter()
                    .map(|l| serenity::CreateButton::new_link(l.url.clone()).label(l.label.clone()))
                    .collect(),
            ),
            Row::Select(select) => {
                let options = select
                    .options
                    .iter()
                    .map(|o| {
                        let option =
                            serenity::CreateSelectMenuOption::new(o.label.clone(), o.value.clone());
                        match &o.description {
                            Some(d) => option.description(d.clone()),
                            None => option,
                        }
                    })
                    .collect();
                serenity::CreateActionRow::SelectMenu(
                    serenity::CreateSelectMenu::new(
                        select.id.clone(),
                        serenity::CreateSelectMenuKind::String { options },
                    )
                    .placeholder(select.placeholder.clone()),
                )
            }
        })
        .collect()
}

fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// Discord's way to show a person (a mention, when the id is a Discord
/// user's) and a moment (a timestamp each reader sees in their own zone).
pub struct DiscordMarkup;

impl crate::lang::Markup for DiscordMarkup {
    fn person(&self, name: &str, id: &str) -> String {
        match id.parse::<u64>() {
            Ok(n) if n != 0 => format!("<@{n}>"),
            _ => name.to_string(),
        }
    }
    fn time(&self, ms: i64) -> String {
        format!("<t:{}:R>", ms.div_euclid(1000))
    }
    fn mark(&self, mark: crate::lang::Emphasis, said: String) -> String {
        match mark {
            crate::lang::Emphasis::Strong => format!("**{said}**"),
            crate::lang::Emphasis::Struck => format!("~~{said}~~"),
        }
    }
    fn channel(&self, id: &str) -> String {
        match id.parse::<u64>() {
            Ok(n) if n != 0 => format!("<#{n}>"),
            _ => format!("#{id}"),
        }
    }
}

/// `text` said in `lang` with Discord's markup.
pub fn said(lang: &Lang, text: &Text) -> String {
    crate::lang::say(lang, text, &DiscordMarkup)
}

/// Cuts a text to `limit` UTF-16 units (Discord's measure), at the end of a
/// line or word when one is near, marking the cut with an ellipsis. A code
/// block left open by the cut is closed.
pub fn fit(text: &str, limit: usize) -> String {
    if utf16_len(text) <= limit {
        return text.to_string();
    }
    let tail = "\n…";
    let cut = cut_point(text, limit.saturating_sub(utf16_len(tail) + CLOSE_BLOCK));
    let mut out = text[..cut].trim_end().to_string();
    if out.matches("```").count() % 2 == 1 {
        out.push_str("\n```");
    }
    out.push_str(tail);
    out
}

/// Splits a text into messages of at most `limit` UTF-16 units, cutting at
/// lines (or words) and carrying an open code block over; the last of
/// `max_pieces` is cut with [`fit`].
pub fn split(text: &str, limit: usize, max_pieces: usize) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut rest = text.trim_end().to_string();
    while !rest.is_empty() {
        if utf16_len(&rest) <= limit {
            pieces.push(rest);
            break;
        }
        if pieces.len() + 1 >= max_pieces {
            pieces.push(fit(&rest, limit));
            break;
        }
        let cut = cut_point(&rest, limit.saturating_sub(CLOSE_BLOCK));
        let mut piece = rest[..cut].trim_end().to_string();
        let open_block = piece.matches("```").count() % 2 == 1;
        if open_block {
            piece.push_str("\n```");
        }
        pieces.push(piece);
        let next = rest[cut..]
            .strip_prefix(['\n', ' '])
            .unwrap_or(&rest[cut..]);
        rest = if open_block {
            format!("```\n{next}")
        } else {
            next.to_string()
        };
    }
    pieces
}

/// Room kept for closing a code block ("\n```").
const CLOSE_BLOCK: usize = 4;

/// Where to cut `text` to keep at most `room` UTF-16 units: the last line
/// break, else the last space, in the second half; else the last character
/// that fits. A byte index on a character boundary.
fn cut_point(text: &str, room: usize) -> usize {
    let mut end = 0;
    let mut used = 0;
    for (i, c) in text.char_indices() {
        if used + c.len_utf16() > room {
            break;
        }
        used += c.len_utf16();
        end = i + c.len_utf8();
    }
    let head = &text[..end];
    head.rfind('\n')
        .filter(|&i| i >= end / 2 && i > 0)
        .or_else(|| head.rfind(' ').filter(|&i| i >= end / 2 && i > 0))
        .unwrap_or(end)
}

/// The custom id of **Open the table**.
pub const BUTTON: &str = "aq:table";

/// Puts **Open the table** under a table message's controls: a row of its
/// own while Discord's five rows are not all taken, else beside the
/// buttons of a row with room; nowhere when none has.
pub fn offer(panel: &mut crate::view::controls::Panel, lang: &crate::lang::Lang) {
    use crate::view::controls::{Row, MAX_BUTTONS, MAX_ROWS};
    if panel.rows.len() < MAX_ROWS {
        panel.rows.push(Row::Buttons(vec![button(lang)]));
        return;
    }
    let room = panel.rows.iter_mut().rev().find_map(|row| match row {
        Row::Buttons(buttons) if buttons.len() < MAX_BUTTONS => Some(buttons),
        _ => None,
    });
    if let Some(buttons) = room {
        buttons.push(button(lang));
    }
}

/// **Open the table**, in `lang`: the button under a table message.
pub fn button(lang: &crate::lang::Lang) -> crate::view::controls::Button {
    crate::view::controls::Button {
        id: BUTTON.to_string(),
        label: said(lang, &Text::msg("discord-open-table")),
        style: crate::view::controls::ButtonStyle::Secondary,
        disabled: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_marks_in_its_markdown_and_links_channels() {
        use crate::lang::{Arg, Emphasis};
        let text = Text::Raw("#3".into())
            .marked(Emphasis::Strong)
            .then(Text::Raw("take 1".into()).marked(Emphasis::Struck))
            .then(Text::msg("games-in-channel").arg("channel", Arg::Channel("981".into())));
        let said = said(&Lang::english(), &text);
        assert!(said.starts_with("**#3** ~~take 1~~ "), "{said}");
        assert!(said.contains("<#981>"), "{said}");
    }

    #[test]
    fn long_texts_are_cut_at_a_line_within_the_limit() {
        let line = "The quick brown fox jumps over the lazy dog.\n";
        let text = line.repeat(100);
        let cut = fit(&text, MESSAGE_LIMIT);
        assert!(utf16_len(&cut) <= MESSAGE_LIMIT);
        assert!(cut.ends_with("dog.\n…"), "{cut:?}");
        let emoji = "🐬".repeat(1500);
        assert!(utf16_len(&fit(&emoji, MESSAGE_LIMIT)) <= MESSAGE_LIMIT);
        let block = format!("x\n```\n{}", "row\n".repeat(700));
        let cut = fit(&block, MESSAGE_LIMIT);
        assert!(cut.ends_with("```\n…") && utf16_len(&cut) <= MESSAGE_LIMIT);
        assert_eq!(fit("short", MESSAGE_LIMIT), "short");
    }

    #[test]
    fn long_texts_are_split_at_lines_and_keep_code_blocks_whole() {
        let text: String = (0..300).map(|i| format!("line {i}\n")).collect();
        let pieces = split(&text, 1000, MAX_PIECES);
        assert_eq!(pieces.len(), 3);
        assert!(pieces.iter().all(|p| utf16_len(p) <= 1000));
        assert!(pieces[0].starts_with("line 0\n") && pieces[1].starts_with("line "));
        let joined = pieces[..2].join("\n");
        assert!(text.starts_with(&joined), "nothing lost between pieces");
        let block = format!("```\n{}```", "row\n".repeat(400));
        let pieces = split(&block, 1000, MAX_PIECES);
        assert!(pieces.len() >= 2);
        for p in &pieces {
            assert_eq!(p.matches("```").count() % 2, 0, "{p}");
            assert!(utf16_len(p) <= 1000);
        }
        assert_eq!(split("short", 1000, MAX_PIECES), ["short"]);
        assert!(split("", 1000, MAX_PIECES).is_empty());
    }

    #[test]
    fn a_reply_pings_only_its_mention() {
        let reply = Reply {
            words: "ben's turn.".into(),
            mention: Some("123".into()),
            accepted: true,
            ..Reply::default()
        };
        let all = messages(&reply);
        assert_eq!(all.len(), 1);
        let m = &all[0];
        assert_eq!(m.content.as_deref(), Some("<@123> ben's turn."));
        let allowed =
            serde_json::to_value(m.allowed_mentions.as_ref().expect("set")).expect("serializes");
        assert_eq!(allowed["users"], serde_json::json!(["123"]));
        assert_eq!(allowed["parse"], serde_json::json!([]));
    }
}
