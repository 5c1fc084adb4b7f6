//! From a subcommand's options to the referee and back to Discord.
//!
//! Invariants:
//! - Options are written as the command's text form and read back with
//!   [`command::parse`]: the same words and the same error sentences as in the
//!   terminal, and no parsing of our own.
//! - Every interaction is answered within Discord's window: the referee runs
//!   in its own task, and if it has not answered after
//!   [`Data::defer_after`](super::Data) the interaction is deferred (publicly
//!   for moves and the lobby, privately for looking) and the reply follows.
//!   A fast answer (nearly always) is one request: the message itself. A
//!   `defer_after` of zero defers every command first.
//! - Refusals and private information are ephemeral. Discord fixes a deferred
//!   answer's visibility when it is deferred, so a refusal after a public
//!   deferral deletes the public placeholder and follows up privately.
//! - A message never exceeds Discord's 2000 characters and never pings anyone
//!   but the [`Reply::mention`] user.

use super::{Context, Data, Error};
use crate::command::{self, Command};
use crate::referee::{sentence, Actor, Reply, Request, Via};
use poise::serenity_prelude as serenity;

/// Discord's limit for a message's content, in UTF-16 code units.
pub const MESSAGE_LIMIT: usize = 2000;
/// Most messages one reply is split into; beyond that the text is cut.
pub const MAX_PIECES: usize = 3;

/// An option's value as the text form writes it.
pub enum Value {
    Text(String),
    Number(u64),
    /// A Discord user: written as a mention, which the referee resolves to
    /// the seat of that user id (and which Discord shows as their name).
    User(serenity::UserId),
}

impl Value {
    fn write(&self) -> String {
        match self {
            // Quotes are never part of a value; they would end the quoting.
            Value::Text(t) => {
                let clean: String = t
                    .chars()
                    .filter(|c| !matches!(c, '"' | '“' | '”'))
                    .collect();
                let clean = clean.trim().to_string();
                if clean.contains(char::is_whitespace) || clean.is_empty() {
                    format!("\"{clean}\"")
                } else {
                    clean
                }
            }
            Value::Number(n) => n.to_string(),
            Value::User(id) => format!("<@{id}>"),
        }
    }
}

/// `/aq <subcommand> name:value ...` for the options that were given.
pub fn command_text(subcommand: &str, options: &[(&str, Option<Value>)]) -> String {
    let mut text = format!("/aq {subcommand}");
    for (name, value) in options {
        if let Some(v) = value {
            text.push(' ');
            text.push_str(name);
            text.push(':');
            text.push_str(&v.write());
        }
    }
    text
}

/// Runs one subcommand: parses its text form, asks the referee, answers.
pub async fn run(
    ctx: Context<'_>,
    subcommand: &str,
    options: &[(&str, Option<Value>)],
) -> Result<(), Error> {
    let text = command_text(subcommand, options);
    let command = match command::parse(&text) {
        Ok(command) => command,
        Err(why) => {
            say_privately(ctx, sentence(why)).await;
            return Ok(());
        }
    };
    let public = !is_look(&command);
    let request = request(ctx, command);
    let referee = ctx.data().referee.clone();
    let work = tokio::spawn(async move { referee.handle(request).await });
    respond(&Target::Slash(ctx), ctx.data(), work, public).await
}

/// Where an answer goes: a slash command (through poise) or a press of a
/// control (through serenity).
pub enum Target<'a> {
    Slash(Context<'a>),
    Component(&'a serenity::Context, &'a serenity::ComponentInteraction),
}

impl Target<'_> {
    fn http(&self) -> &serenity::Http {
        match self {
            Target::Slash(ctx) => ctx.http(),
            Target::Component(ctx, _) => &ctx.http,
        }
    }

    fn channel(&self) -> serenity::ChannelId {
        match self {
            Target::Slash(ctx) => ctx.channel_id(),
            Target::Component(_, ci) => ci.channel_id,
        }
    }

    async fn defer(&self, public: bool) -> Result<(), Error> {
        match self {
            Target::Slash(ctx) if public => ctx.defer().await?,
            Target::Slash(ctx) => ctx.defer_ephemeral().await?,
            Target::Component(ctx, ci) => {
                let deferral = serenity::CreateInteractionResponseMessage::new().ephemeral(!public);
                ci.create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Defer(deferral),
                )
                .await?
            }
        }
        Ok(())
    }

    async fn delete_placeholder(&self) {
        let deleted = match self {
            Target::Slash(poise::Context::Application(app)) => {
                app.interaction
                    .delete_response(app.serenity_context.http.as_ref())
                    .await
            }
            Target::Slash(_) => Ok(()),
            Target::Component(ctx, ci) => ci.delete_response(&ctx.http).await,
        };
        if let Err(e) = deleted {
            tracing::warn!("cannot delete the deferred placeholder: {e}");
        }
    }

    /// Sends one message: the interaction's response when nothing was sent
    /// yet, else a follow-up. With `want_id`, returns the sent message's id.
    async fn send(
        &self,
        message: poise::CreateReply,
        first: bool,
        want_id: bool,
    ) -> Result<Option<serenity::MessageId>, Error> {
        match self {
            Target::Slash(ctx) => {
                let handle = ctx.send(message).await?;
                if want_id {
                    return Ok(Some(handle.message().await?.id));
                }
                Ok(None)
            }
            Target::Component(ctx, ci) if first => {
                let response = message
                    .to_slash_initial_response(serenity::CreateInteractionResponseMessage::new());
                ci.create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Message(response),
                )
                .await?;
                if want_id {
                    return Ok(Some(ci.get_response(&ctx.http).await?.id));
                }
                Ok(None)
            }
            Target::Component(ctx, ci) => {
                let followup = message
                    .to_slash_followup_response(serenity::CreateInteractionResponseFollowup::new());
                Ok(Some(ci.create_followup(&ctx.http, followup).await?.id))
            }
        }
    }
}

/// Waits for the referee's reply, deferring the interaction (publicly or
/// not, as `public` guesses) if it takes longer than `defer_after`, then
/// answers.
pub async fn respond(
    target: &Target<'_>,
    data: &Data,
    mut work: tokio::task::JoinHandle<Reply>,
    public: bool,
) -> Result<(), Error> {
    let early = if data.defer_after.is_zero() {
        None
    } else {
        tokio::time::timeout(data.defer_after, &mut work).await.ok()
    };
    let (reply, deferred) = match early {
        Some(done) => (done?, None),
        None => {
            target.defer(public).await?;
            (work.await?, Some(public))
        }
    };
    answer(target, data, reply, deferred).await
}

/// Sends the referee's reply. `deferred` is `Some(public)` when the
/// interaction was deferred, publicly or not. A public message that shows
/// the table becomes the game's table message: the previous one loses its
/// controls.
async fn answer(
    target: &Target<'_>,
    data: &Data,
    reply: Reply,
    deferred: Option<bool>,
) -> Result<(), Error> {
    if deferred == Some(true) && reply.private {
        // The placeholder is public and cannot become private: remove it.
        target.delete_placeholder().await;
    }
    let table = match (reply.game_id, reply.seq) {
        (Some(game), Some(seq)) if !reply.private => Some((game, seq)),
        _ => None,
    };
    for (i, message) in messages(&reply).into_iter().enumerate() {
        let first = i == 0 && deferred.is_none();
        let want_id = i == 0 && table.is_some();
        let sent = target.send(message, first, want_id).await?;
        if let (Some((game, seq)), Some(id)) = (table, sent.filter(|_| want_id)) {
            super::controls::replace_table_message(
                target.http(),
                data,
                game,
                seq,
                target.channel(),
                id,
            )
            .await;
        }
    }
    if let Some(notice) = &reply.notice {
        // Owed to the asker alone, whatever the answer was.
        let private = poise::CreateReply::default()
            .content(fit(notice, MESSAGE_LIMIT))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        target.send(private, false, false).await?;
    }
    Ok(())
}

/// Whether a command only looks (its answers are private).
fn is_look(command: &Command) -> bool {
    matches!(
        command,
        Command::Board
            | Command::Zoo { .. }
            | Command::Score
            | Command::History { .. }
            | Command::Games { .. }
            | Command::Export { .. }
            | Command::Replay { .. }
            | Command::Stats { .. }
            | Command::Moves
            | Command::Hint
            | Command::Rules { .. }
            | Command::Help
    )
}

/// The referee's request for this interaction.
pub fn request(ctx: Context<'_>, command: Command) -> Request {
    let author = ctx.author();
    let (name, manages_channel) = match ctx {
        poise::Context::Application(app) => match app.interaction.member.as_deref() {
            Some(member) => (
                member.display_name().to_string(),
                member
                    .permissions
                    .is_some_and(|p| p.manage_channels() || p.administrator()),
            ),
            None => (author.display_name().to_string(), false),
        },
        poise::Context::Prefix(_) => (author.display_name().to_string(), false),
    };
    let via = match ctx {
        poise::Context::Application(app) => Via {
            interaction: Some(app.interaction.id.to_string()),
            // Zero would mean Discord did not say.
            upload_limit: Some(app.interaction.attachment_size_limit as usize).filter(|&n| n > 0),
        },
        poise::Context::Prefix(_) => Via::default(),
    };
    Request {
        channel: ctx.channel_id().to_string(),
        guild: ctx.guild_id().map(|g| g.to_string()),
        actor: Actor {
            id: author.id.to_string(),
            name,
            manages_channel,
        },
        command,
        via,
    }
}

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
    let mut text = match mention {
        Some(id) => format!("<@{id}> {}", reply.text),
        None => reply.text.clone(),
    };
    let mut attachments: Vec<serenity::CreateAttachment> = reply
        .pictures
        .iter()
        .map(|p| serenity::CreateAttachment::bytes(p.png.clone(), p.name.clone()))
        .collect();
    let files = reply
        .files
        .iter()
        .map(|f| serenity::CreateAttachment::bytes(f.bytes.clone(), f.name.clone()));
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
        text = "Done.".to_string();
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
            *first = std::mem::take(first).components(super::controls::components(panel));
        }
    }
    out
}

/// Answers privately, logging (not returning) a failure to send: for refusals
/// before the referee and for errors.
pub async fn say_privately(ctx: Context<'_>, text: String) {
    if let poise::Context::Application(app) = ctx {
        if app.interaction_type == poise::CommandInteractionType::Autocomplete {
            return;
        }
    }
    let message = poise::CreateReply::default()
        .content(fit(&text, MESSAGE_LIMIT))
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ctx.send(message).await {
        tracing::warn!("cannot answer privately: {e}");
    }
}

fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_become_the_text_form() {
        let text = command_text(
            "expand",
            &[
                ("size", Some(Value::Text("large".into()))),
                ("cells", Some(Value::Text("N10 N11 \"O10\" O11".into()))),
            ],
        );
        assert_eq!(text, "/aq expand size:large cells:\"N10 N11 O10 O11\"");
        let text = command_text(
            "buy",
            &[
                ("from", Some(Value::User(serenity::UserId::new(42)))),
                ("at", Some(Value::Text("k11".into()))),
            ],
        );
        assert_eq!(text, "/aq buy from:<@42> at:k11");
        assert_eq!(
            command_text(
                "place",
                &[("at", Some(Value::Text("depot".into()))), ("tile", None)]
            ),
            "/aq place at:depot"
        );
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
            text: "ben's turn.".into(),
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
