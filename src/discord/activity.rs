//! What Discord says for the table inside Discord (an Activity): who opened
//! it, and where. The web pages ask (their `activity` port), the
//! composition root plugs these calls in.
//!
//! - A code of the page's `authorize` is exchanged for the person's access
//!   token: `POST /oauth2/token`, form-encoded, with the application's id
//!   and client secret (`DISCORD_CLIENT_SECRET`).
//! - The person is who `GET /users/@me` says with that token.
//! - The instance's channel and participants are what `GET
//!   /applications/{app}/activity-instances/{instance}` says with the bot's
//!   token (404: the instance is not live).
//!
//! Invariants:
//! - Secrets are never logged: neither the client secret, nor the bot's
//!   token, nor a person's code or access token (an error says what was
//!   refused, never with what).
//! - These calls have a [`Guard`] of their own: refusals caused by strangers
//!   (made-up codes and tokens) count against it, never against the bot's
//!   own calls' guard, so a flood of them can hold back only the Activity's
//!   sign-ins, never a move's message; together the two stay at a tenth of
//!   Discord's ban threshold. At most [`AT_ONCE`] are in flight.

use super::config::DiscordConfig;
use super::rest::Guard;
use serde_json::Value;
use std::sync::Mutex;
use tokio::sync::{OnceCell, Semaphore};
use tokio::time::Instant;

/// Calls to Discord for the Activity in flight at most.
pub const AT_ONCE: usize = 4;

/// Why Discord did not say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ActivityError {
    /// Discord refused the person's code or token (unknown, used, expired,
    /// another application's).
    Refused,
    /// No such instance is live.
    NotLive,
    /// Discord could not be asked, or refused the bot itself (its secret or
    /// token), or these calls are held back: in words for the log.
    Unavailable(String),
}

/// A person, as Discord says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityUser {
    pub id: String,
    pub locale: Option<String>,
}

/// An Activity's instance, as Discord says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityInstance {
    pub channel: String,
    pub guild: Option<String>,
    pub users: Vec<String>,
}

/// The calls, with the bot's token and the application's secret.
pub struct ActivityCalls {
    client: reqwest::Client,
    /// `Bot <token>`.
    bot: String,
    /// Discord's API: `https://discord.com/api/v10`, or a proxy's.
    api: String,
    secret: String,
    application: OnceCell<String>,
    guard: Mutex<Guard>,
    at_once: Semaphore,
}

impl std::fmt::Debug for ActivityCalls {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ActivityCalls")
            .field("api", &self.api)
            .field("application", &self.application.get())
            .finish_non_exhaustive()
    }
}

impl ActivityCalls {
    /// The calls for `config`; `None` without a client secret (no table
    /// inside Discord).
    pub fn new(config: &DiscordConfig) -> anyhow::Result<Option<ActivityCalls>> {
        let Some(secret) = config.client_secret.clone() else {
            return Ok(None);
        };
        let token = config.token.trim();
        let bot = if token.starts_with("Bot ") {
            token.to_string()
        } else {
            format!("Bot {token}")
        };
        let root = config
            .api_base
            .as_deref()
            .unwrap_or("https://discord.com")
            .trim_end_matches('/');
        Ok(Some(ActivityCalls {
            client: super::client::http_client(config)?,
            bot,
            api: format!("{root}/api/v10"),
            secret,
            application: OnceCell::new(),
            guard: Mutex::new(Guard::default()),
            at_once: Semaphore::new(AT_ONCE),
        }))
    }

    /// The application's id (asked of Discord once).
    pub async fn application_id(&self) -> Result<String, ActivityError> {
        self.application
            .get_or_try_init(|| async {
                let me = self
                    .send(
                        self.client
                            .get(format!("{}/oauth2/applications/@me", self.api))
                            .header("Authorization", &self.bot),
                    )
                    .await?;
                me["id"]
                    .as_str()
                    .map(str::to_string)
                    .ok_or_else(|| unavailable("the application has no id"))
            })
            .await
            .cloned()
    }

    /// The access token a code of the page's `authorize` stands for.
    pub async fn exchange(&self, code: &str) -> Result<String, ActivityError> {
        let application = self.application_id().await?;
        let form = [
            ("client_id", application.as_str()),
            ("client_secret", self.secret.as_str()),
            ("grant_type", "authorization_code"),
            ("code", code),
        ];
        let answer = self
            .send(
                self.client
                    .post(format!("{}/oauth2/token", self.api))
                    .form(&form),
            )
            .await?;
        answer["access_token"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| unavailable("Discord's token answer has no access token"))
    }

    /// The person an access token belongs to.
    pub async fn user(&self, access_token: &str) -> Result<ActivityUser, ActivityError> {
        let me = self
            .send(
                self.client
                    .get(format!("{}/users/@me", self.api))
                    .bearer_auth(access_token),
            )
            .await?;
        let id = me["id"]
            .as_str()
            .ok_or_else(|| unavailable("Discord's user has no id"))?;
        Ok(ActivityUser {
            id: id.to_string(),
            locale: me["locale"].as_str().map(str::to_string),
        })
    }

    /// Where an instance runs, and who is in it.
    pub async fn instance(&self, instance: &str) -> Result<ActivityInstance, ActivityError> {
        let application = self.application_id().await?;
        let it = self
            .send(
                self.client
                    .get(format!(
                        "{}/applications/{application}/activity-instances/{instance}",
                        self.api
                    ))
                    .header("Authorization", &self.bot),
            )
            .await?;
        let location = &it["location"];
        let channel = location["channel_id"]
            .as_str()
            .ok_or_else(|| unavailable("Discord's instance has no channel"))?;
        Ok(ActivityInstance {
            channel: channel.to_string(),
            guild: location["guild_id"].as_str().map(str::to_string),
            users: it["users"]
                .as_array()
                .map(|u| {
                    u.iter()
                        .filter_map(|id| id.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
        })
    }

    fn guard<T>(&self, f: impl FnOnce(&mut Guard) -> T) -> T {
        match self.guard.lock() {
            Ok(mut guard) => f(&mut guard),
            Err(poisoned) => f(&mut poisoned.into_inner()),
        }
    }

    /// One call: its JSON, or why not.
    async fn send(&self, request: reqwest::RequestBuilder) -> Result<Value, ActivityError> {
        if let Some(wait) = self.guard(|g| g.check(Instant::now())) {
            return Err(unavailable(&format!(
                "the Activity's calls are held back for {} s (too many refusals)",
                wait.as_secs()
            )));
        }
        let _turn = self
            .at_once
            .acquire()
            .await
            .map_err(|_| unavailable("closed"))?;
        let response = request
            .send()
            .await
            .map_err(|e| unavailable(&format!("no answer from Discord: {}", e.without_url())))?;
        let status = response.status().as_u16();
        let text = response.text().await.unwrap_or_default();
        let json: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        if (200..300).contains(&status) {
            self.guard(Guard::ok);
            return Ok(json);
        }
        if matches!(status, 401 | 403 | 429) {
            self.guard(|g| g.invalid(Instant::now()));
        }
        Err(judge(status, &json))
    }

    /// The refusals counted so far, and the most in any 10 minutes.
    pub fn invalid_counts(&self) -> (u64, usize) {
        self.guard(|g| g.counts())
    }
}

fn unavailable(why: &str) -> ActivityError {
    ActivityError::Unavailable(why.to_string())
}

/// What a refusal means: the person's code or token refused, the instance
/// not live, or the bot itself refused (said for the operator).
fn judge(status: u16, json: &Value) -> ActivityError {
    let oauth = json["error"].as_str();
    match (status, oauth) {
        // The code: unknown, used, expired, another's.
        (400, Some("invalid_grant" | "invalid_request")) => ActivityError::Refused,
        // The application's own secret or id refused: the operator's to fix.
        (_, Some("invalid_client" | "unauthorized_client")) => unavailable(
            "Discord refused the application's credentials: check DISCORD_CLIENT_SECRET \
             (the OAuth2 page of the Developer Portal)",
        ),
        (401, _) => ActivityError::Refused,
        (404, _) => ActivityError::NotLive,
        (429, _) => unavailable("rate limited by Discord"),
        (status, _) => unavailable(&format!(
            "Discord answered {status} (code {})",
            json["code"]
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn refusals_tell_the_person_s_from_the_bot_s() {
        assert_eq!(
            judge(400, &json!({"error": "invalid_grant"})),
            ActivityError::Refused
        );
        assert_eq!(
            judge(401, &json!({"message": "401: Unauthorized", "code": 0})),
            ActivityError::Refused
        );
        assert_eq!(
            judge(404, &json!({"message": "404: Not Found", "code": 0})),
            ActivityError::NotLive
        );
        let ActivityError::Unavailable(said) = judge(401, &json!({"error": "invalid_client"}))
        else {
            panic!("the bot's own secret refused is the operator's");
        };
        assert!(said.contains("DISCORD_CLIENT_SECRET"), "{said}");
        assert!(matches!(
            judge(503, &Value::Null),
            ActivityError::Unavailable(_)
        ));
    }

    #[test]
    fn no_secret_no_calls_and_secrets_are_never_shown() {
        let mut config = DiscordConfig::new("token-of-the-bot");
        assert!(ActivityCalls::new(&config).expect("builds").is_none());
        config.client_secret = Some("the-client-secret-0123".into());
        let calls = ActivityCalls::new(&config)
            .expect("builds")
            .expect("with a secret");
        assert_eq!(calls.api, "https://discord.com/api/v10");
        let shown = format!("{calls:?} {config:?}");
        assert!(
            !shown.contains("the-client-secret") && !shown.contains("token-of-the-bot"),
            "{shown}"
        );
        config.api_base = Some("http://127.0.0.1:9/".into());
        let calls = ActivityCalls::new(&config).expect("builds").expect("some");
        assert_eq!(calls.api, "http://127.0.0.1:9/api/v10");
    }
}
