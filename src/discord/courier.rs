//! The scheduler's courier on Discord: reminders and table messages in a
//! game's channel, turn alerts by direct message, and old controls taken off.
//!
//! These messages answer no interaction, so they go through Discord's REST
//! API as channel messages, with the bot's token. They go through the same
//! serenity `Http` as everything else, and so through its rate limiter
//! (per-route buckets and the global limit, from Discord's headers), but as
//! raw requests: a 429 that reaches us (a proxy's, when serenity's limiter
//! is off) must be retried after the time Discord names, which serenity's
//! errors do not carry.
//!
//! Every call waits for the [`Pacer`] first, so that the bot's calls
//! outside interactions stay under Discord's global limit.
//!
//! Every message pings at most the one person it is for (allowed mentions
//! limited to that user) and carries the letter's nonce with
//! `enforce_nonce`, so a letter sent again after a crash shows once.

use super::controls::components;
use super::pacer::Pacer;
use super::respond::{fit, said, MESSAGE_LIMIT};
use crate::controls::Panel;
use crate::referee::Delivery;
use crate::schedule::Courier;
use crate::store::{Letter, LetterKind};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use serenity::{CreateAttachment, LightMethod, Multipart, MultipartUpload, Request, Route};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// The name of a table letter's picture, as a move's answer names it.
const TABLE_FILE: &str = "table.png";

/// Discord's error code for "Cannot send messages to this user".
const DMS_CLOSED: i64 = 50007;

/// Delivers letters over Discord's REST API.
#[derive(Clone)]
pub struct DiscordCourier {
    inner: Arc<Inner>,
}

struct Inner {
    http: Arc<serenity::Http>,
    /// Keeps these calls under Discord's global limit.
    pacer: Arc<Pacer>,
    /// When serenity's rate limiter is off (behind a proxy), requests are
    /// built and sent with this client and token, to the proxy.
    client: reqwest::Client,
    token: String,
}

impl DiscordCourier {
    pub fn new(
        http: Arc<serenity::Http>,
        client: reqwest::Client,
        token: &str,
        pacer: Arc<Pacer>,
    ) -> DiscordCourier {
        let token = token.trim();
        let token = if token.starts_with("Bot ") {
            token.to_string()
        } else {
            format!("Bot {token}")
        };
        DiscordCourier {
            inner: Arc::new(Inner {
                http,
                pacer,
                client,
                token,
            }),
        }
    }
}

impl Courier for DiscordCourier {
    fn deliver(&self, letter: Letter) -> Pin<Box<dyn Future<Output = Delivery> + Send>> {
        let inner = self.inner.clone();
        Box::pin(async move { inner.deliver(letter).await })
    }

    fn retire(&self, message: String) -> Pin<Box<dyn Future<Output = ()> + Send>> {
        let inner = self.inner.clone();
        Box::pin(async move { inner.retire(&message).await })
    }
}

/// What an answer from Discord means for a letter.
enum Answer {
    Ok(Value),
    No(Delivery),
}

impl Inner {
    async fn deliver(&self, letter: Letter) -> Delivery {
        let channel = match letter.kind {
            LetterKind::Reminder | LetterKind::Table => match &letter.channel {
                Some(channel) => channel.clone(),
                None => return Delivery::Gone("the letter names no channel".into()),
            },
            LetterKind::Dm => {
                let Some(user) = &letter.user_id else {
                    return Delivery::Gone("the letter names nobody".into());
                };
                let open = json!({"recipient_id": user});
                match self
                    .call(LightMethod::Post, Route::UserMeDmChannels, &open, false)
                    .await
                {
                    Answer::Ok(dm) => match dm["id"].as_str() {
                        Some(id) => id.to_string(),
                        None => return Delivery::Failed("Discord opened no DM channel".into()),
                    },
                    Answer::No(delivery) => return delivery,
                }
            }
        };
        let mut body = json!({
            "content": fit(&said(&letter.lang, &letter.words), MESSAGE_LIMIT),
            "allowed_mentions": {"parse": [], "users": letter.user_id.iter().collect::<Vec<_>>()},
            "nonce": nonce(&letter.nonce),
            "enforce_nonce": true,
        });
        if letter.kind == LetterKind::Dm {
            body["allowed_mentions"] = json!({"parse": []});
        }
        if let Some(panel) = letter
            .extra
            .as_deref()
            .and_then(|e| serde_json::from_str::<Value>(e).ok())
            .and_then(|e| serde_json::from_value::<Panel>(e["controls"].clone()).ok())
        {
            if let Ok(rows) = serde_json::to_value(components(&panel)) {
                body["components"] = rows;
            }
        }
        let Some(channel_id) = snowflake(&channel).map(serenity::ChannelId::new) else {
            return Delivery::Gone(format!("'{channel}' is not a channel"));
        };
        let dm = letter.kind == LetterKind::Dm;
        let route = Route::ChannelMessages { channel_id };
        let file = letter.picture.map(|png| {
            body["attachments"] = json!([{"id": 0, "filename": TABLE_FILE}]);
            CreateAttachment::bytes(png, TABLE_FILE)
        });
        match self
            .call_with(LightMethod::Post, route, &body, dm, file)
            .await
        {
            Answer::Ok(message) => {
                let id = message["id"].as_str().map(|m| format!("{channel}/{m}"));
                Delivery::Sent(id)
            }
            Answer::No(delivery) => delivery,
        }
    }

    async fn retire(&self, message: &str) {
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
        if let Answer::No(why) = self.call(LightMethod::Patch, route, &body, false).await {
            tracing::warn!(message, "cannot take the old controls away: {why:?}");
        }
    }

    /// One request, through serenity's rate limiter when it is on (it
    /// waits out buckets and 429s that say how long), else straight to the
    /// proxy; a failure is classified for the scheduler.
    async fn call(&self, method: LightMethod, route: Route<'_>, body: &Value, dm: bool) -> Answer {
        self.call_with(method, route, body, dm, None).await
    }

    /// [`Inner::call`] with a file attached: the body then goes as the
    /// multipart form's `payload_json`.
    async fn call_with(
        &self,
        method: LightMethod,
        route: Route<'_>,
        body: &Value,
        dm: bool,
        file: Option<CreateAttachment>,
    ) -> Answer {
        self.pacer.wait().await;
        let request = Request::new(route, method);
        let request = match file {
            Some(file) => request.multipart(Some(Multipart {
                upload: MultipartUpload::Attachments(vec![file]),
                fields: Vec::new(),
                payload_json: Some(body.to_string()),
            })),
            None => request.body(Some(body.to_string().into_bytes())),
        };
        let sent = match &self.http.ratelimiter {
            Some(limiter) => limiter.perform(request).await,
            None => match request.build(&self.client, &self.token, self.http.proxy.as_deref()) {
                Ok(built) => match built.build() {
                    Ok(built) => self.client.execute(built).await.map_err(Into::into),
                    Err(e) => Err(e.into()),
                },
                Err(e) => Err(e),
            },
        };
        let response = match sent {
            Ok(response) => response,
            Err(e) => return Answer::No(Delivery::Failed(format!("no answer from Discord: {e}"))),
        };
        let status = response.status().as_u16();
        let header_wait = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<f64>().ok());
        let text = response.text().await.unwrap_or_default();
        let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let code = json["code"].as_i64().unwrap_or(0);
        match status {
            200..=299 => Answer::Ok(json),
            429 => {
                let seconds = json["retry_after"].as_f64().or(header_wait).unwrap_or(5.0);
                Answer::No(Delivery::RetryAfter((seconds * 1000.0).ceil() as i64))
            }
            403 if dm || code == DMS_CLOSED => Answer::No(Delivery::DmClosed),
            403 | 404 => Answer::No(Delivery::Gone(format!(
                "{status} {}: {}",
                code,
                json["message"].as_str().unwrap_or("no message")
            ))),
            _ => Answer::No(Delivery::Failed(format!("{status}: {}", text.trim()))),
        }
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
