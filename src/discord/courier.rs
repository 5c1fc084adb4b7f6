//! The scheduler's courier on Discord: reminders and table messages in a
//! game's channel, turn alerts by direct message, and old controls taken off.
//!
//! These messages answer no interaction, so they go through Discord's REST
//! API as plain channel messages. They are sent with plain HTTP (the reqwest
//! client serenity already builds on) rather than through serenity, because
//! a rate-limited answer (429) must be retried after the time Discord names,
//! and serenity does not expose it when its own rate limiter is off, as it
//! must be behind a proxy or the tests' fake Discord.
//!
//! Every message pings at most the one person it is for (allowed mentions
//! limited to that user) and carries the letter's nonce with
//! `enforce_nonce`, so a letter sent again after a crash shows once.

use super::controls::components;
use super::respond::{fit, MESSAGE_LIMIT};
use super::DiscordConfig;
use crate::controls::Panel;
use crate::referee::Delivery;
use crate::schedule::Courier;
use crate::store::{Letter, LetterKind};
use serde_json::{json, Value};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// Discord's error code for "Cannot send messages to this user".
const DMS_CLOSED: i64 = 50007;

/// Delivers letters over Discord's REST API.
#[derive(Clone)]
pub struct DiscordCourier {
    inner: Arc<Inner>,
}

struct Inner {
    client: reqwest::Client,
    /// `https://discord.com/api/v10`, or the configured base.
    api: String,
    token: String,
}

impl DiscordCourier {
    pub fn new(config: &DiscordConfig) -> anyhow::Result<DiscordCourier> {
        let base = config
            .api_base
            .clone()
            .unwrap_or_else(|| "https://discord.com".to_string());
        let client = reqwest::Client::builder()
            .user_agent(concat!(
                "DiscordBot (https://github.com/aquaretto-bot, ",
                env!("CARGO_PKG_VERSION"),
                ")"
            ))
            .build()?;
        Ok(DiscordCourier {
            inner: Arc::new(Inner {
                client,
                api: format!("{}/api/v10", base.trim_end_matches('/')),
                token: config.token.clone(),
            }),
        })
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
                let url = format!("{}/users/@me/channels", self.api);
                match self
                    .call(
                        reqwest::Method::POST,
                        &url,
                        &json!({"recipient_id": user}),
                        false,
                    )
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
            "content": fit(&letter.content, MESSAGE_LIMIT),
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
        let url = format!("{}/channels/{channel}/messages", self.api);
        let dm = letter.kind == LetterKind::Dm;
        match self.call(reqwest::Method::POST, &url, &body, dm).await {
            Answer::Ok(message) => {
                let id = message["id"].as_str().map(|m| format!("{channel}/{m}"));
                Delivery::Sent(id)
            }
            Answer::No(delivery) => delivery,
        }
    }

    async fn retire(&self, message: &str) {
        let Some((channel, id)) = message.split_once('/') else {
            return;
        };
        let ok = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !ok(channel) || !ok(id) {
            tracing::warn!(message, "a table message is not channel/message");
            return;
        }
        let url = format!("{}/channels/{channel}/messages/{id}", self.api);
        if let Answer::No(why) = self
            .call(
                reqwest::Method::PATCH,
                &url,
                &json!({"components": []}),
                false,
            )
            .await
        {
            tracing::warn!(message, "cannot take the old controls away: {why:?}");
        }
    }

    /// One request; a failure is classified for the scheduler.
    async fn call(&self, method: reqwest::Method, url: &str, body: &Value, dm: bool) -> Answer {
        let sent = self
            .client
            .request(method, url)
            .header("Authorization", format!("Bot {}", self.token))
            .header("Content-Type", "application/json")
            .body(body.to_string())
            .send()
            .await;
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
