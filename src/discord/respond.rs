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
//!   [`Data::defer_after`](super::Data) after the interaction's creation,
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

use super::invite::Where;
use super::timing::Arrival;
use super::{Context, Data, Error};
use crate::command::{self, Command};
use crate::lang::{Lang, Text};
use crate::referee::{Actor, Reply, Request, Via};
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;
use std::sync::Arc;

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
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let arrival = Arrival::of(app.interaction.id.get());
    if arrival.too_late() {
        not_played(ctx.data(), &arrival, "a command");
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
            let asked = Asked {
                arrival,
                place,
                public: false,
            };
            return respond(&Target::Slash(ctx), ctx.data(), work, &asked).await;
        }
    };
    if let Some(why) = refuses(ctx.data(), &place, &command, app.interaction.channel_id).await {
        say_privately(ctx, why).await;
        return Ok(());
    }
    let public = !is_look(&command);
    let mut request = request(ctx, command);
    request.via.can_post = Some(place.can_post());
    let referee = ctx.data().referee.clone();
    let work = tokio::spawn(async move { referee.handle(request).await });
    let asked = Asked {
        arrival,
        place,
        public,
    };
    respond(&Target::Slash(ctx), ctx.data(), work, &asked).await
}

/// An interaction that came too late for its answer to reach Discord: not
/// played, so that nothing is committed that nobody would be shown.
pub fn not_played(data: &Data, arrival: &Arrival, what: &str) {
    data.tallies.count(|t| t.too_late += 1);
    tracing::warn!(
        age_ms = arrival.age.as_millis() as u64,
        "{what} came too late to be answered in Discord's 3 seconds: not played (is this machine's clock in time?)"
    );
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
pub struct Asked {
    pub arrival: Arrival,
    pub place: Where,
    /// Whether its reply may be public (a command that only looks answers
    /// privately).
    pub public: bool,
}

/// Where an answer goes: a slash command (through poise) or a press of a
/// control (through serenity).
pub enum Target<'a> {
    Slash(Context<'a>),
    Component(&'a serenity::Context, &'a serenity::ComponentInteraction),
}

impl Target<'_> {
    fn http(&self) -> &Arc<serenity::Http> {
        match self {
            Target::Slash(ctx) => &ctx.serenity_context().http,
            Target::Component(ctx, _) => &ctx.http,
        }
    }

    fn channel(&self) -> serenity::ChannelId {
        match self {
            Target::Slash(ctx) => ctx.channel_id(),
            Target::Component(_, ci) => ci.channel_id,
        }
    }

    /// The asker's language, from the interaction's locale.
    fn lang(&self) -> Lang {
        match self {
            Target::Slash(ctx) => asker_lang(ctx.locale()),
            Target::Component(_, ci) => asker_lang(Some(ci.locale.as_str())),
        }
    }

    /// The interaction's id and token.
    fn interaction(&self) -> Option<(serenity::InteractionId, &str)> {
        match self {
            Target::Slash(poise::Context::Application(app)) => {
                Some((app.interaction.id, app.interaction.token.as_str()))
            }
            Target::Slash(_) => None,
            Target::Component(_, ci) => Some((ci.id, ci.token.as_str())),
        }
    }

    /// Tells poise that the interaction has been answered, so that what it
    /// sends next is a follow-up.
    fn mark_answered(&self) {
        if let Target::Slash(poise::Context::Application(app)) = self {
            app.has_sent_initial_response.store(true, Ordering::SeqCst);
        }
    }

    /// A private deferral: Discord shows "thinking" to the asker alone, and
    /// the first follow-up replaces it.
    async fn defer_privately(&self) -> Result<(), Error> {
        match self {
            Target::Slash(ctx) => ctx.defer_ephemeral().await?,
            Target::Component(ctx, ci) => {
                let deferral = serenity::CreateInteractionResponseMessage::new().ephemeral(true);
                ci.create_response(
                    &ctx.http,
                    serenity::CreateInteractionResponse::Defer(deferral),
                )
                .await?
            }
        }
        Ok(())
    }

    /// The first answer, when nothing was sent yet. With `want_id`, the
    /// created message's id comes back with the answer (`with_response`),
    /// in one round trip.
    async fn answer(
        &self,
        message: poise::CreateReply,
        want_id: bool,
    ) -> Result<Option<serenity::MessageId>, Error> {
        if want_id && message.attachments.len() <= 1 {
            if let Some((id, token)) = self.interaction() {
                let created = answer_with_response(self.http(), id, token, message).await?;
                self.mark_answered();
                return Ok(Some(created));
            }
        }
        match self {
            Target::Slash(ctx) => {
                let handle = ctx.send(message).await?;
                if want_id {
                    return Ok(Some(handle.message().await?.id));
                }
                Ok(None)
            }
            Target::Component(ctx, ci) => {
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
        }
    }

    /// A follow-up: a new message, unless it is the first after a deferral
    /// (which replaces the placeholder). Returns its id.
    async fn follow_up(&self, message: poise::CreateReply) -> Result<serenity::MessageId, Error> {
        match self {
            Target::Slash(ctx) => {
                self.mark_answered();
                Ok(ctx.send(message).await?.message().await?.id)
            }
            Target::Component(ctx, ci) => {
                let followup = message
                    .to_slash_followup_response(serenity::CreateInteractionResponseFollowup::new());
                Ok(ci.create_followup(&ctx.http, followup).await?.id)
            }
        }
    }

    /// Replaces the first answer (the private note) with `message`.
    async fn replace_answer(&self, message: poise::CreateReply) -> Result<(), Error> {
        let edit = message.to_slash_initial_response_edit(serenity::EditInteractionResponse::new());
        match self {
            Target::Slash(poise::Context::Application(app)) => {
                app.interaction
                    .edit_response(self.http().as_ref(), edit)
                    .await?;
            }
            Target::Slash(_) => {}
            Target::Component(ctx, ci) => {
                ci.edit_response(&ctx.http, edit).await?;
            }
        }
        Ok(())
    }
}

/// Answers an interaction with a message and Discord's `with_response`, so
/// that the created message comes back with the answer: one round trip where
/// answering and then fetching `@original` takes two. At most one file (each
/// new file's placeholder id is 0 until serenity numbers them, which it does
/// only on its own path).
async fn answer_with_response(
    http: &serenity::Http,
    interaction: serenity::InteractionId,
    token: &str,
    message: poise::CreateReply,
) -> Result<serenity::MessageId, Error> {
    use serenity::{LightMethod, Multipart, MultipartUpload, Request, Route};
    let files = message.attachments.clone();
    let response = serenity::CreateInteractionResponse::Message(
        message.to_slash_initial_response(serenity::CreateInteractionResponseMessage::new()),
    );
    let payload = serde_json::to_string(&response)?;
    let route = Route::InteractionResponse {
        interaction_id: interaction,
        token,
    };
    let request = Request::new(route, LightMethod::Post)
        .params(Some(vec![("with_response", "true".to_string())]));
    let request = if files.is_empty() {
        request.body(Some(payload.into_bytes()))
    } else {
        request.multipart(Some(Multipart {
            upload: MultipartUpload::Attachments(files),
            payload_json: Some(payload),
            fields: Vec::new(),
        }))
    };
    let answered = http.request(request).await?.bytes().await?;
    let answered: serde_json::Value = serde_json::from_slice(&answered)?;
    answered["resource"]["message"]["id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .filter(|id| *id != 0)
        .map(serenity::MessageId::new)
        .ok_or_else(|| anyhow::anyhow!("Discord's answer carries no message id: {answered}"))
}

/// The web pages a reply asks to link to, as link buttons under it, when
/// the pages are served and a row is left; a personal link to play only
/// ever under a private reply. A link that cannot be made is left out.
async fn with_links(data: &Data, mut reply: Reply) -> Reply {
    let Some(web) = &data.web else {
        return reply;
    };
    let mut links = Vec::new();
    for ask in std::mem::take(&mut reply.links) {
        if matches!(ask, crate::referee::WebAsk::Play { .. }) && !reply.private {
            continue;
        }
        match web.url(&ask).await {
            Ok(url) => links.push(crate::view::controls::LinkButton {
                label: crate::web::Web::button_label(&ask, &reply.lang),
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
    target: &Target<'_>,
    data: &Data,
    mut work: tokio::task::JoinHandle<Reply>,
    asked: &Asked,
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
    target: &Target<'_>,
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
                super::components::replace_table_message(
                    &referee,
                    &courier,
                    super::components::Shown {
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
            *first = std::mem::take(first).components(super::components::components(panel));
        }
    }
    out
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
    fn mark(&self, mark: crate::lang::Mark, said: String) -> String {
        match mark {
            crate::lang::Mark::Strong => format!("**{said}**"),
            crate::lang::Mark::Struck => format!("~~{said}~~"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_marks_in_its_markdown_and_links_channels() {
        use crate::lang::{Arg, Mark};
        let text = Text::Raw("#3".into())
            .marked(Mark::Strong)
            .then(Text::Raw("take 1".into()).marked(Mark::Struck))
            .then(Text::msg("games-in-channel").arg("channel", Arg::Channel("981".into())));
        let said = said(&Lang::english(), &text);
        assert!(said.starts_with("**#3** ~~take 1~~ "), "{said}");
        assert!(said.contains("<#981>"), "{said}");
    }

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
