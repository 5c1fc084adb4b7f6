//! From a subcommand's options to the referee and back to Discord.
//!
//! Invariants:
//! - Options are written as the command's text form and read back with
//!   [`command::parse`]: the same words and the same error sentences as in the
//!   terminal, and no parsing of our own.
//! - An interaction is played only while its answer can still reach Discord
//!   ([`Arrival::too_late`]): one that arrives too late (replayed after a
//!   gateway RESUME, say) is not played at all, so no move is committed
//!   that nobody is shown.
//! - Every interaction is answered within Discord's 3 seconds: the referee
//!   runs in its own task, and if it has not answered
//!   [`Data::defer_after`](super::data::Data) after the interaction's creation,
//!   the interaction is answered at once, and the reply follows. A
//!   `defer_after` of zero does so for every command. The wait for the reply
//!   ends before the interaction's token lapses.
//! - Never a committed move unseen: a move's channel message is held in the
//!   outbox in the move's own transaction ([`Reply::held`]); it is taken out
//!   when the answer is shown, and sent when the answer failed or could not
//!   be given in time.
//! - One round trip before the player sees a move: its table message is the
//!   interaction's answer, sent with `with_response`, so Discord returns the
//!   created message (and its id) with it; taking the controls off the
//!   previous table message happens after, off the answer's path.
//! - The next player is always notified, even after a slow move: a mention
//!   notifies only in a newly created message, and the first follow-up after
//!   a deferral edits its "thinking" placeholder instead. So a move (or a
//!   lobby command) slower than the deferral is first answered with a short
//!   private note to its player ([`working`]), and its table then comes as a
//!   follow-up, a new message, which notifies; a refusal replaces the note.
//!   A look, which notifies nobody, is deferred privately as usual.
//! - Refusals and private information are ephemeral.
//! - A message never exceeds Discord's 2000 characters and never pings anyone
//!   but the [`Reply::mention`] user.
//! - Permissions by need ([`Where`]): opening a game where the bot could not
//!   post is refused privately, naming what it lacks; every other command
//!   works, private answers anywhere, and whoever acts in a game whose channel
//!   has lost a permission is told privately which. A picture goes only where
//!   the bot may attach files (else the table goes as text).

use super::courier::DiscordCourier;
use super::data::{Context, Data, Error};
use super::interaction::Interaction;
use super::invite::Where;
use super::message::{asker_lang, fit, messages, said, working, MESSAGE_LIMIT};
use super::timing::Arrival;
use crate::command::{self, Command, TournamentAction};
use crate::lang::Text;
use crate::referee::{Actor, Referee, Reply, Request, Via};
use poise::serenity_prelude as serenity;

/// An option's value as the text form writes it.
#[derive(Debug, Clone)]
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
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let arrival = Arrival::of(app.interaction.id.get());
    if arrival.too_late() {
        super::timing::not_played(&ctx.data().tallies, &arrival, "a command");
        return Ok(());
    }
    let Some(_busy) = ctx.data().inflight.enter() else {
        ctx.data().tallies.count(|t| t.refused_stopping += 1);
        say_privately(ctx, Text::msg("discord-restarting")).await;
        return Ok(());
    };
    let text = command_text(subcommand, options);
    let place = Where::of(
        app.interaction.guild_id,
        app.interaction.channel.as_ref(),
        app.interaction.app_permissions,
    );
    let command = match command::parse(&text) {
        Ok(command) => command,
        Err(why) => {
            // Refused as the referee refuses, in the asker's language: the
            // request says who asks, where, and their locale (its command
            // is not read).
            let asker = request(ctx, Command::Board);
            let referee = ctx.data().referee.clone();
            let work = tokio::spawn(async move {
                let (channel, actor, via) = (&asker.channel, &asker.actor.id, &asker.via);
                referee.not_understood(channel, actor, via, &why).await
            });
            let asked = Pending {
                arrival,
                place,
                public: false,
            };
            return respond(&Interaction::Slash(ctx), ctx.data(), work, &asked).await;
        }
    };
    if let Some(why) = refuses(ctx.data(), &place, &command, app.interaction.channel_id).await {
        say_privately(ctx, why).await;
        return Ok(());
    }
    let public = !command.only_looks();
    let opens = matches!(
        command,
        Command::New { .. } | Command::Tournament(TournamentAction::New(_))
    );
    let mut request = request(ctx, command);
    request.via.can_post = Some(place.can_post());
    if let (true, Some(guild)) = (opens, app.interaction.guild_id) {
        // Who may see the channel, recorded with the game it opens.
        let data = ctx.data();
        request.via.seen = super::views::look(
            &data.courier,
            &data.everyone,
            guild,
            app.interaction.channel_id,
        )
        .await
        .map(Box::new);
    }
    let referee = ctx.data().referee.clone();
    let work = tokio::spawn(async move { referee.handle(request).await });
    let asked = Pending {
        arrival,
        place,
        public,
    };
    respond(&Interaction::Slash(ctx), ctx.data(), work, &asked).await
}

/// Why the bot will not open a game here, or `None`: it could not post in
/// the channel (a permission, a locked thread), or it is not in the private
/// thread (Discord shows nothing of a private thread to a bot that is not
/// in it, and the bot cannot add itself).
async fn refuses(
    data: &Data,
    place: &Where,
    command: &Command,
    channel: serenity::ChannelId,
) -> Option<Text> {
    if !matches!(command, Command::New { .. }) {
        return None;
    }
    if let Some(why) = place.refuses_a_game() {
        return Some(why);
    }
    if place.thread.is_some_and(|t| t.private)
        && data.courier.in_thread(channel, data.bot_id).await == Some(false)
    {
        return Some(Text::msg("discord-private-thread"));
    }
    None
}

/// What is known of an interaction when its reply is awaited.
pub struct Pending {
    pub arrival: Arrival,
    pub place: Where,
    /// Whether its reply may be public (a command that only looks answers
    /// privately).
    pub public: bool,
}

/// The web pages a reply asks to link to, as link buttons under it, when
/// the pages are served and a row is left; a personal link to play only
/// ever under a private reply. A link that cannot be made is left out.
/// With the table inside Discord, **Open the table** under a table
/// message's controls (`launch.rs`).
async fn with_links(data: &Data, mut reply: Reply) -> Reply {
    // A table message with controls: **Open the table** under them.
    if data.activity && !reply.private && reply.game_id.is_some() {
        if let Some(panel) = reply.controls.as_mut().filter(|p| !p.is_empty()) {
            super::message::offer(panel, &reply.lang);
        }
    }
    let Some(web) = &data.links else {
        return reply;
    };
    let mut links = Vec::new();
    for ask in std::mem::take(&mut reply.links) {
        if matches!(ask, crate::referee::WebAsk::Play { .. }) && !reply.private {
            continue;
        }
        match web.url(&ask).await {
            Ok(url) => links.push(crate::view::controls::LinkButton {
                label: web.label(&ask, &reply.lang),
                url,
            }),
            Err(e) => tracing::warn!("no link to the web page: {e:#}"),
        }
    }
    if links.is_empty() {
        return reply;
    }
    let panel = reply.controls.get_or_insert_with(Default::default);
    if panel.rows.len() < crate::view::controls::MAX_ROWS {
        panel.rows.push(crate::view::controls::Row::Links(links));
    }
    reply
}

/// How the interaction was answered before the reply was ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opened {
    /// Not at all: the reply is the answer.
    No,
    /// With the private note [`working`]: the reply follows as new
    /// messages; a private reply replaces the note.
    Note,
    /// With a private deferral: the first follow-up replaces it.
    Deferred,
}

/// Waits for the referee's reply; if it is not ready `defer_after` after
/// the interaction's creation, answers at once (with the private note
/// before a public reply, with a private deferral before a private one),
/// then sends the reply. A reply not ready before the interaction's token
/// lapses goes to the channel through the outbox instead.
pub async fn respond(
    target: &Interaction<'_>,
    data: &Data,
    mut work: tokio::task::JoinHandle<Reply>,
    asked: &Pending,
) -> Result<(), Error> {
    let early = if data.defer_after.is_zero() {
        None
    } else {
        let defer_in = asked.arrival.defer_in(data.defer_after);
        tokio::time::timeout(defer_in, &mut work).await.ok()
    };
    let (reply, opened) = match early {
        Some(done) => (done?, Opened::No),
        None => {
            if asked.public {
                let note = poise::CreateReply::default()
                    .content(working(&target.lang()))
                    .ephemeral(true)
                    .allowed_mentions(serenity::CreateAllowedMentions::new());
                target.answer(note, false).await?;
                target.mark_answered();
            } else {
                target.defer_privately().await?;
            }
            let give_up = asked.arrival.give_up_at(data.token_lifetime);
            match tokio::time::timeout_at(give_up, &mut work).await {
                Ok(done) => (
                    done?,
                    if asked.public {
                        Opened::Note
                    } else {
                        Opened::Deferred
                    },
                ),
                Err(_) => {
                    data.tallies.count(|t| t.given_up += 1);
                    tracing::warn!(
                        "a reply was not ready before its interaction's token lapses: it goes to the channel"
                    );
                    let referee = data.referee.clone();
                    let tallies = data.tallies.clone();
                    tokio::spawn(async move {
                        if let Ok(reply) = work.await {
                            unanswered(&referee, &tallies, &reply).await;
                        }
                    });
                    return Ok(());
                }
            }
        }
    };
    let mut reply = with_links(data, reply).await;
    if reply.accepted && !reply.private && reply.game_id.is_some() {
        if let Some(missing) = asked.place.notice() {
            reply.notice = Some(match reply.notice.take() {
                Some(notice) => Text::lines(vec![notice, missing]),
                None => missing,
            });
        }
    }
    if !asked.place.attach_files() {
        // The table goes as text.
        reply.pictures.clear();
    }
    send_reply(target, data, reply, opened).await
}

/// A move whose answer did not reach its channel: its held channel message
/// goes now, with the reply's words, controls and mention.
async fn unanswered(
    referee: &crate::referee::Referee,
    tallies: &super::inflight::Tallies,
    reply: &Reply,
) {
    if !reply.accepted || reply.private || reply.held.is_none() {
        return;
    }
    match referee.release_held(reply).await {
        Ok(()) => {
            tallies.count(|t| t.sent_to_channel += 1);
            tracing::info!(
            game = ?reply.game_id,
            "a move's answer did not reach Discord: its table goes to the channel"
            )
        }
        Err(e) => tracing::error!(
            game = ?reply.game_id,
            "a move's answer did not reach Discord and its table waits in the outbox: {e:#}"
        ),
    }
}

/// Sends the referee's reply. A public message that shows the table becomes
/// the game's table message: the previous one loses its controls, after the
/// answer and off its path. If the first message (the one a move is shown
/// in) fails, the move's table goes to the channel through the outbox.
async fn send_reply(
    target: &Interaction<'_>,
    data: &Data,
    reply: Reply,
    opened: Opened,
) -> Result<(), Error> {
    let table = match (reply.game_id, reply.seq) {
        (Some(game), Some(seq)) if !reply.private => Some((game, seq)),
        _ => None,
    };
    for (i, message) in messages(&reply).into_iter().enumerate() {
        let want_id = i == 0 && table.is_some();
        let sent = match (i, opened) {
            (0, Opened::No) => target.answer(message, want_id).await,
            (0, Opened::Note) if reply.private => {
                target.replace_answer(message).await.map(|()| None)
            }
            _ => target.follow_up(message).await.map(Some),
        };
        let sent = match sent {
            Ok(sent) => sent,
            Err(e) if i == 0 => {
                tracing::warn!("the answer to an interaction failed: {e:#}");
                unanswered(&data.referee, &data.tallies, &reply).await;
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        if let (Some((game, seq)), Some(id), true) = (table, sent, want_id) {
            let referee = data.referee.clone();
            let courier = data.courier.clone();
            let channel = target.channel();
            let held = reply.held.clone();
            tokio::spawn(async move {
                replace_table_message(
                    &referee,
                    &courier,
                    Shown {
                        game,
                        seq,
                        channel,
                        message: id,
                        held,
                    },
                )
                .await;
            });
        }
    }
    if let Some(notice) = &reply.notice {
        // Owed to the asker alone, whatever the answer was.
        let private = poise::CreateReply::default()
            .content(fit(&said(&reply.lang, notice), MESSAGE_LIMIT))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        target.follow_up(private).await?;
    }
    Ok(())
}

/// A table message a move's answer made.
#[derive(Debug, Clone)]
pub struct Shown {
    pub game: i64,
    /// The length of the log it shows.
    pub seq: i64,
    pub channel: serenity::ChannelId,
    pub message: serenity::MessageId,
    /// The move's channel message held in case the answer failed: not
    /// needed now.
    pub held: Option<String>,
}

/// Remembers a newly sent table message as the game's (and takes the move's
/// held channel message out of the outbox), and takes the controls off the
/// one it replaces (or off itself, if the game has already moved on)
/// through the courier, with the bot's token: the interaction's token may
/// be too old for the message before. Best effort: failures are logged.
pub async fn replace_table_message(referee: &Referee, courier: &DiscordCourier, shown: Shown) {
    let this = format!("{}/{}", shown.channel, shown.message);
    match referee
        .table_message(shown.game, shown.seq, &this, shown.held.as_deref())
        .await
    {
        Ok(Some(old)) => crate::referee::retire_aside(courier, old),
        Ok(None) => {}
        Err(e) => tracing::warn!(
            game = shown.game,
            "cannot remember the table message: {e:#}"
        ),
    }
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
    let permissions = match ctx {
        poise::Context::Application(app) => app
            .interaction
            .member
            .as_deref()
            .and_then(|m| m.permissions),
        poise::Context::Prefix(_) => None,
    };
    let via = match ctx {
        poise::Context::Application(app) => Via {
            manages_server: permissions.is_some_and(|p| p.manage_guild() || p.administrator()),
            sees_every_channel: permissions.is_some_and(|p| p.administrator()),
            interaction: Some(app.interaction.id.to_string()),
            // Zero would mean Discord did not say.
            upload_limit: Some(app.interaction.attachment_size_limit as usize).filter(|&n| n > 0),
            locale: Some(app.interaction.locale.clone()).filter(|l| !l.is_empty()),
            guild_locale: app.interaction.guild_locale.clone(),
            ..Via::default()
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

/// Answers privately in the asker's language, logging (not returning) a
/// failure to send: for refusals before the referee and for errors.
pub async fn say_privately(ctx: Context<'_>, text: Text) {
    if let poise::Context::Application(app) = ctx {
        if app.interaction_type == poise::CommandInteractionType::Autocomplete {
            return;
        }
    }
    let text = said(&asker_lang(ctx.locale()), &text);
    let message = poise::CreateReply::default()
        .content(fit(&text, MESSAGE_LIMIT))
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if let Err(e) = ctx.send(message).await {
        tracing::warn!("cannot answer privately: {e}");
    }
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
}
