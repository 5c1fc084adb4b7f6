//! The scheduler's courier on Discord: reminders and table messages in a
//! game's channel, turn alerts by direct message, and old controls taken off.
//!
//! These messages answer no interaction, so they go through Discord's REST
//! API as channel messages, with the bot's token, through [`Rest`]: paced,
//! rate limits read rather than slept through, refusals judged by Discord's
//! code. What a refusal means for the letter is [`Delivery`]: a channel
//! Discord refuses the bot in (`50001`, `50013`, a locked thread) makes its
//! game wait; a deleted one (`10003`) ends its letters; closed DMs
//! (`50007`) turn the person's alerts off, no mutual server (`50278`) only
//! holds them; anything else is tried again later.
//!
//! A letter to a quiet thread that archived itself opens it again and goes;
//! a table refused for a permission goes again without its picture (the
//! permission may be Attach Files alone).
//!
//! Every message pings at most the one person it is for (allowed mentions
//! limited to that user) and carries the letter's nonce with
//! `enforce_nonce`, so a letter sent again after a crash shows once.

use super::message::{components, described, fit, said, MESSAGE_LIMIT};
use super::rest::{codes, Refused, Rest};
use crate::referee::{Courier, Delivery, Outgoing, Recipient};
use poise::serenity_prelude as serenity;
use serde_json::json;
use serenity::{CreateAttachment, LightMethod, Route};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// The name of a table letter's picture, as a move's answer names it.
const TABLE_FILE: &str = "table.png";
/// The name of the score card a game's last table letter carries beside it.
const SCORE_FILE: &str = "score.png";

/// Delivers letters over Discord's REST API.
#[derive(Clone)]
pub struct DiscordCourier {
    rest: Arc<Rest>,
    /// The table opens inside Discord: a table letter's controls carry
    /// **Open the table** (`launch.rs`).
    activity: bool,
}

impl DiscordCourier {
    pub fn new(rest: Arc<Rest>) -> DiscordCourier {
        DiscordCourier {
            rest,
            activity: false,
        }
    }

    /// The courier of a bot whose table opens inside Discord.
    pub fn with_activity(mut self, activity: bool) -> DiscordCourier {
        self.activity = activity;
        self
    }

    /// The calls it makes, and what they met.
    /// The REST client, shared.
    pub fn rest_shared(&self) -> Arc<Rest> {
        self.rest.clone()
    }

    pub fn rest(&self) -> &Rest {
        &self.rest
    }

    /// Opens an archived thread again (a game runs there): Discord archives
    /// a quiet thread after a while, and then lets nobody use commands in it.
    pub async fn unarchive(&self, thread: serenity::ChannelId) -> Result<(), Refused> {
        let route = Route::Channel { channel_id: thread };
        let body = json!({"archived": false});
        self.rest
            .call(LightMethod::Patch, route, Some(&body), &[])
            .await
            .map(drop)
    }

    /// Whether the bot is a member of a thread (`None`: Discord did not
    /// say). A private thread shows nothing to a bot that is not in it.
    pub async fn in_thread(
        &self,
        thread: serenity::ChannelId,
        bot: serenity::UserId,
    ) -> Option<bool> {
        let route = Route::ChannelThreadMember {
            channel_id: thread,
            user_id: bot,
        };
        match self.rest.call(LightMethod::Get, route, None, &[]).await {
            Ok(_) => Some(true),
            Err(Refused::Code {
                status: 403 | 404, ..
            }) => Some(false),
            Err(why) => {
                tracing::warn!(%thread, "cannot tell whether the bot is in the thread: {why}");
                None
            }
        }
    }
}

impl Courier for DiscordCourier {
    fn deliver(&self, letter: Outgoing) -> Pin<Box<dyn Future<Output = Delivery> + Send>> {
        let rest = self.rest.clone();
        let mut letter = letter;
        if self.activity && matches!(letter.to, Recipient::Channel(_)) {
            if let Some(panel) = letter.controls.as_mut().filter(|p| !p.is_empty()) {
                super::message::offer(panel, &letter.lang);
            }
        }
        Box::pin(async move { deliver(&rest, letter).await })
    }

    fn retire(&self, message: String) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        let rest = self.rest.clone();
        Box::pin(async move { retire(&rest, &message).await })
    }
}

/// Whom a letter notifies: its person, and the others it names (at most
/// 100, as Discord allows).
fn mentioned(letter: &Outgoing) -> Vec<&String> {
    let mut users: Vec<&String> = letter.mention.iter().collect();
    for other in &letter.also_mentioned {
        if users.len() < 100 && !users.contains(&other) {
            users.push(other);
        }
    }
    users
}

/// Posts one letter; says what became of it.
async fn deliver(rest: &Rest, letter: Outgoing) -> Delivery {
    let dm = matches!(letter.to, Recipient::Person(_));
    let channel = match &letter.to {
        Recipient::Channel(channel) => channel.clone(),
        Recipient::Person(user) => {
            let open = json!({"recipient_id": user});
            match rest
                .call(LightMethod::Post, Route::UserMeDmChannels, Some(&open), &[])
                .await
            {
                Ok(dm) => match dm["id"].as_str() {
                    Some(id) => id.to_string(),
                    None => return Delivery::Failed("Discord opened no DM channel".into()),
                },
                Err(why) => return delivery(&why, true),
            }
        }
    };
    let Some(channel_id) = snowflake(&channel).map(serenity::ChannelId::new) else {
        return Delivery::ChannelGone(format!("'{channel}' is not a channel"));
    };
    let mut body = json!({
        "content": fit(&said(&letter.lang, &letter.words), MESSAGE_LIMIT),
        "allowed_mentions": {"parse": [], "users": mentioned(&letter)},
        "nonce": nonce(&letter.nonce),
        "enforce_nonce": true,
    });
    if let Some(panel) = &letter.controls {
        if let Ok(rows) = serde_json::to_value(components(panel)) {
            body["components"] = rows;
        }
    }
    let route = Route::ChannelMessages { channel_id };
    let mut with_file = body.clone();
    let named = [
        (letter.picture, TABLE_FILE, &letter.picture_alt),
        (letter.score_card, SCORE_FILE, &letter.score_card_alt),
    ];
    let files: Vec<CreateAttachment> = named
        .into_iter()
        .filter_map(|(png, name, alt)| {
            png.map(|png| described(CreateAttachment::bytes(png, name), &letter.lang, alt))
        })
        .collect();
    if !files.is_empty() {
        let listed: Vec<_> = files
            .iter()
            .enumerate()
            .map(|(id, f)| match &f.description {
                Some(d) => json!({"id": id, "filename": f.filename, "description": d}),
                None => json!({"id": id, "filename": f.filename}),
            })
            .collect();
        with_file["attachments"] = json!(listed);
    }
    let posted = rest
        .call(LightMethod::Post, route, Some(&with_file), &files)
        .await;
    let posted = match posted {
        // A quiet thread archived itself: opened again, the letter goes.
        Err(Refused::Code {
            code: codes::THREAD_ARCHIVED,
            ..
        }) if !dm => match rest
            .call(
                LightMethod::Patch,
                Route::Channel { channel_id },
                Some(&json!({"archived": false})),
                &[],
            )
            .await
        {
            Ok(_) => {
                rest.call(LightMethod::Post, route, Some(&with_file), &files)
                    .await
            }
            Err(why) => Err(why),
        },
        // Refused for want of a permission, with a picture: it may be only
        // Attach Files, so the words go without it.
        Err(Refused::Code {
            code: codes::MISSING_PERMISSIONS,
            ..
        }) if !files.is_empty() => {
            let plain = rest.call(LightMethod::Post, route, Some(&body), &[]).await;
            if plain.is_ok() {
                tracing::warn!(%channel, "a table went without its picture: the bot may not attach files there");
            }
            plain
        }
        other => other,
    };
    match posted {
        Ok(message) => {
            let id = message["id"].as_str().map(|m| format!("{channel}/{m}"));
            Delivery::Sent(id)
        }
        Err(why) => delivery(&why, dm),
    }
}

/// What a refusal means for a letter: a direct message's (`dm`) or a
/// channel message's.
fn delivery(refused: &Refused, dm: bool) -> Delivery {
    let why = refused.to_string();
    match (refused, refused.code()) {
        (Refused::RateLimited(wait) | Refused::Held(wait), _) => {
            Delivery::RetryAfter(wait.as_millis().try_into().unwrap_or(i64::MAX))
        }
        (_, Some(codes::DMS_CLOSED)) if dm => Delivery::DmClosed,
        (_, Some(codes::NO_MUTUAL_SERVER)) if dm => Delivery::NoMutualServer,
        (_, Some(codes::UNKNOWN_CHANNEL)) if !dm => Delivery::ChannelGone(why),
        (
            _,
            Some(
                codes::MISSING_ACCESS
                | codes::MISSING_PERMISSIONS
                | codes::THREAD_LOCKED
                | codes::THREAD_ARCHIVED
                // A game in the bot's own DM with a person it may no
                // longer write to.
                | codes::DMS_CLOSED
                | codes::NO_MUTUAL_SERVER,
            ),
        ) if !dm => Delivery::Unreachable(why),
        _ => Delivery::Failed(why),
    }
}

/// Takes the controls off an old table message, best effort.
async fn retire(rest: &Rest, message: &str) {
    let Some((channel_id, message_id)) = message
        .split_once('/')
        .and_then(|(c, m)| Some((snowflake(c)?, snowflake(m)?)))
    else {
        tracing::warn!(message, "a table message is not channel/message");
        return;
    };
    let route = Route::ChannelMessage {
        channel_id: serenity::ChannelId::new(channel_id),
        message_id: serenity::MessageId::new(message_id),
    };
    let body = json!({"components": []});
    if let Err(why) = rest.call(LightMethod::Patch, route, Some(&body), &[]).await {
        tracing::info!(message, "the old controls stay: {why}");
    }
}

/// A snowflake written by Discord: digits, not zero.
fn snowflake(s: &str) -> Option<u64> {
    s.parse().ok().filter(|n| *n != 0)
}

/// Discord takes nonces of at most 25 characters; ours are shorter, but a
/// long one is folded into 16 hex digits rather than cut.
fn nonce(ours: &str) -> String {
    if ours.len() <= 25 {
        return ours.to_string();
    }
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in ours.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::nonce;

    #[test]
    fn nonces_fit_discords_25_characters() {
        assert_eq!(nonce("r12.40.2"), "r12.40.2");
        let long = nonce(&"r".repeat(40));
        assert_eq!(long.len(), 16);
        assert_ne!(long, nonce(&"s".repeat(40)));
    }
}
