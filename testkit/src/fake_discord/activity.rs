//! What Discord does for an Activity (the table inside Discord), as strict as
//! the rest of the fake:
//!
//! - **Launching**: the interaction callback `LAUNCH_ACTIVITY` (type 12),
//!   accepted for an application command or a component only, starts an
//!   instance in the interaction's channel with its user in it (or joins
//!   the channel's live one), and with `with_response` answers its id
//!   (`resource.activity_instance.id`); [`FakeDiscord::refuse_activities`]
//!   answers it `400 50039` (Invalid Activity Action), as for an
//!   application whose Activities are off or a channel that cannot host
//!   one. An instance ends when its last participant leaves
//!   ([`FakeDiscord::leave_instance`]); the next launch there is a new one.
//! - **The entry point command** (type 4, `PRIMARY_ENTRY_POINT`): one, in
//!   the global registration only, with a `handler` of 1 or 2; a `handler`
//!   on any other command, a second one, or one in a server's registration
//!   is refused as Discord refuses it (`400 50035`) and kept as a
//!   violation.
//! - **OAuth2**: [`FakeDiscord::authorize`] is the code Discord's client
//!   gives a page's `authorize` for a user; `POST /oauth2/token`
//!   (form-encoded `client_id`, `client_secret`, `grant_type`, `code`)
//!   exchanges it once for an access token, refusing a wrong secret
//!   (`401 invalid_client`), a code unknown or used (`400 invalid_grant`),
//!   another body (`400 invalid_request`, and a violation: Discord's token
//!   endpoint takes a form, never JSON); `GET /users/@me` with `Bearer
//!   <token>` is that token's user (`401` for a token Discord never gave).
//! - `GET /applications/{app}/activity-instances/{id}` with the bot's
//!   token: the instance (`location.channel_id`, `users`), or `404 {"message":
//!   "404: Not Found", "code": 0}` when it is not live.

use super::{Answer, FakeDiscord, Inner, RecordedRequest, APP_ID};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The application's client secret, as the tests' bot is configured.
pub const CLIENT_SECRET: &str = "fake-client-secret-for-the-activity-0123";

/// A live instance of the Activity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    pub channel: String,
    pub guild: Option<String>,
    /// Its participants, in the order they joined.
    pub users: Vec<u64>,
    launch: u64,
}

/// The Activity's side of the fake.
#[derive(Default)]
pub(super) struct Activities {
    /// Codes given to pages: (user, used).
    codes: HashMap<String, (u64, bool)>,
    /// Access tokens given for codes: their user.
    tokens: HashMap<String, u64>,
    /// Live instances, by id.
    instances: HashMap<String, Instance>,
    next: u64,
    /// Answer every launch `400 50039`.
    refuse: bool,
    /// Each user's locale, as `/users/@me` says it.
    locales: HashMap<u64, String>,
    /// Launches answered, and refused.
    pub(super) launches: u64,
    pub(super) refused: u64,
}

impl Activities {
    /// The instance a launch by `user` in `channel` opens: the channel's
    /// live one (joined), else a new one.
    fn launch(&mut self, channel: &str, guild: Option<&str>, user: u64) -> String {
        if let Some((id, instance)) = self
            .instances
            .iter_mut()
            .find(|(_, i)| i.channel == channel)
        {
            if !instance.users.contains(&user) {
                instance.users.push(user);
            }
            return id.clone();
        }
        self.next += 1;
        let launch = 1_300_000_000_000_000_000 + self.next;
        let id = format!("i-{launch}-gc-{}-{channel}", guild.unwrap_or("0"));
        self.instances.insert(
            id.clone(),
            Instance {
                channel: channel.to_string(),
                guild: guild.map(str::to_string),
                users: vec![user],
                launch,
            },
        );
        id
    }
}

impl super::Shared {
    /// `POST /interactions/.../callback` of type 12: the instance launched
    /// (`None`: refused, with the answer to give).
    pub(super) fn launch_activity(
        &self,
        inner: &mut Inner,
        interaction: &Value,
    ) -> Result<String, Answer> {
        let kind = interaction["type"].as_u64().unwrap_or(0);
        if !matches!(kind, 2 | 3 | 5) {
            inner.violations.push(format!(
                "LAUNCH_ACTIVITY (12) answers an interaction of type {kind}: Discord allows it for application commands, components and modal submits only"
            ));
            return Err(Answer::discord(400, 50035, "Invalid Form Body"));
        }
        if inner.activities.refuse {
            inner.activities.refused += 1;
            inner
                .refusals
                .push((400, 50039, "LAUNCH_ACTIVITY: Activities are off".into()));
            return Err(Answer::discord(400, 50039, "Invalid Activity Action"));
        }
        let channel = interaction["channel_id"]
            .as_str()
            .or_else(|| interaction["channel"]["id"].as_str())
            .unwrap_or("1")
            .to_string();
        let guild = interaction["guild_id"].as_str().map(str::to_string);
        let user = interaction["member"]["user"]["id"]
            .as_str()
            .or_else(|| interaction["user"]["id"].as_str())
            .and_then(|u| u.parse().ok())
            .unwrap_or(0);
        inner.activities.launches += 1;
        Ok(inner.activities.launch(&channel, guild.as_deref(), user))
    }

    /// `POST /oauth2/token`, outside Discord's API description: the
    /// form's code exchanged once for an access token.
    pub(super) fn oauth_token(&self, inner: &mut Inner, req: &RecordedRequest) -> Answer {
        let oauth = |status: u16, error: &str| Answer::new(status, Some(json!({"error": error})));
        let form = req
            .content_type
            .as_deref()
            .is_some_and(|c| c.starts_with("application/x-www-form-urlencoded"));
        if req.method != "POST" || !form {
            inner.violations.push(format!(
                "{} /oauth2/token with {:?}: Discord's token endpoint takes a POST of a form (application/x-www-form-urlencoded)",
                req.method, req.content_type
            ));
            return oauth(400, "invalid_request");
        }
        let body = req.body();
        let field = |name: &str| body[name].as_str().unwrap_or_default();
        if field("client_id") != APP_ID.to_string() || field("client_secret") != CLIENT_SECRET {
            inner
                .refusals
                .push((401, 0, "/oauth2/token: invalid_client".into()));
            return oauth(401, "invalid_client");
        }
        if field("grant_type") != "authorization_code" {
            return oauth(400, "unsupported_grant_type");
        }
        let code = field("code");
        let user = match inner.activities.codes.get_mut(code) {
            Some((user, used)) if !*used => {
                *used = true;
                *user
            }
            _ => {
                inner
                    .refusals
                    .push((400, 0, "/oauth2/token: invalid_grant".into()));
                return oauth(400, "invalid_grant");
            }
        };
        inner.activities.next += 1;
        let token = format!("fake-access-{}-{user}", inner.activities.next);
        inner.activities.tokens.insert(token.clone(), user);
        Answer::new(
            200,
            Some(
                json!({"access_token": token, "token_type": "Bearer", "expires_in": 604800,
                        "refresh_token": format!("fake-refresh-{}", inner.activities.next),
                        "scope": "identify"}),
            ),
        )
    }

    /// `GET /users/@me` with a person's bearer token: its user.
    pub(super) fn bearer_user(&self, inner: &mut Inner, token: &str) -> Answer {
        match inner.activities.tokens.get(token) {
            Some(user) => {
                let mut json = super::user_json(*user, &format!("user{user}"));
                if let Some(locale) = inner.activities.locales.get(user) {
                    json["locale"] = json!(locale);
                }
                Answer::new(200, Some(json))
            }
            None => Answer::discord(401, 0, "401: Unauthorized"),
        }
    }

    /// `GET /applications/{app}/activity-instances/{id}` with the bot's
    /// token.
    pub(super) fn activity_instance(
        &self,
        inner: &mut Inner,
        req: &RecordedRequest,
        application: &str,
        id: &str,
    ) -> Answer {
        if !req
            .authorization
            .as_deref()
            .is_some_and(|a| a.starts_with("Bot "))
        {
            inner.violations.push(
                "GET activity-instances without the bot's token: the route requires a Bot token of the application".into(),
            );
            return Answer::discord(401, 0, "401: Unauthorized");
        }
        match inner.activities.instances.get(id) {
            Some(i) if application == APP_ID.to_string() => Answer::new(
                200,
                Some(json!({
                    "application_id": APP_ID.to_string(),
                    "instance_id": id,
                    "launch_id": i.launch.to_string(),
                    "location": {"id": format!("gc-{}-{}", i.guild.as_deref().unwrap_or("0"), i.channel),
                                 "kind": "gc", "channel_id": i.channel, "guild_id": i.guild},
                    "users": i.users.iter().map(u64::to_string).collect::<Vec<_>>(),
                })),
            ),
            _ => Answer::discord(404, 0, "404: Not Found"),
        }
    }

    /// Checks a registration's commands against Discord's rules for the
    /// entry point command; the refusal, if one breaks them.
    pub(super) fn entry_point_rules(
        &self,
        inner: &mut Inner,
        commands: &Value,
        guild: Option<&str>,
    ) -> Option<Answer> {
        let all = commands.as_array()?;
        let mut entry_points = 0;
        for (i, c) in all.iter().enumerate() {
            let kind = c["type"].as_u64().unwrap_or(1);
            let handler = &c["handler"];
            let broken = if kind == 4 {
                entry_points += 1;
                if guild.is_some() {
                    Some("an entry point command (type 4) in a server's registration: Discord allows one, global only")
                } else if entry_points > 1 {
                    Some("a second entry point command (type 4): Discord allows one")
                } else if !matches!(handler.as_u64(), Some(1 | 2)) {
                    Some("an entry point command whose handler is not 1 (the app) or 2 (Discord)")
                } else if c["options"].as_array().is_some_and(|o| !o.is_empty()) {
                    Some("an entry point command with options: it takes none")
                } else {
                    None
                }
            } else if !handler.is_null() {
                Some("a handler on a command that is not the entry point (type 4)")
            } else {
                None
            };
            if let Some(rule) = broken {
                inner
                    .violations
                    .push(format!("command {i} ({}): {rule}", c["name"]));
                return Some(Answer::discord(400, 50035, "Invalid Form Body"));
            }
        }
        None
    }
}

impl FakeDiscord {
    /// The code Discord's client gives a page's `authorize` (scope
    /// `identify`) for `user`.
    pub fn authorize(&self, user: u64) -> String {
        let mut inner = self.inner();
        inner.activities.next += 1;
        let code = format!("fake-code-{}-{user}", inner.activities.next);
        inner.activities.codes.insert(code.clone(), (user, false));
        code
    }

    /// The locale `/users/@me` says `user` has.
    pub fn set_user_locale(&self, user: u64, locale: &str) {
        self.inner()
            .activities
            .locales
            .insert(user, locale.to_string());
    }

    /// From now on, answer every launch `400 50039` (`true`), or launch
    /// again (`false`).
    pub fn refuse_activities(&self, refuse: bool) {
        self.inner().activities.refuse = refuse;
    }

    /// Launches answered with an instance, and refused.
    pub fn launches(&self) -> (u64, u64) {
        let inner = self.inner();
        (inner.activities.launches, inner.activities.refused)
    }

    /// A launch by `user` in `channel` of `guild`, as Discord's own launcher
    /// does it: the instance's id.
    pub fn launch_in(&self, channel: u64, guild: Option<u64>, user: u64) -> String {
        let guild = guild.map(|g| g.to_string());
        self.inner()
            .activities
            .launch(&channel.to_string(), guild.as_deref(), user)
    }

    /// The live instances, by id.
    pub fn instances(&self) -> Vec<(String, Instance)> {
        let mut all: Vec<(String, Instance)> = self
            .inner()
            .activities
            .instances
            .iter()
            .map(|(id, i)| (id.clone(), i.clone()))
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0));
        all
    }

    /// The live instance in `channel`, if one runs.
    pub fn instance_in(&self, channel: u64) -> Option<String> {
        let channel = channel.to_string();
        self.instances()
            .into_iter()
            .find(|(_, i)| i.channel == channel)
            .map(|(id, _)| id)
    }

    /// `user` joins instance `id`.
    pub fn join_instance(&self, id: &str, user: u64) {
        if let Some(i) = self.inner().activities.instances.get_mut(id) {
            if !i.users.contains(&user) {
                i.users.push(user);
            }
        }
    }

    /// `user` leaves instance `id`: the last to leave ends it.
    pub fn leave_instance(&self, id: &str, user: u64) {
        let mut inner = self.inner();
        let ended = match inner.activities.instances.get_mut(id) {
            Some(i) => {
                i.users.retain(|u| *u != user);
                i.users.is_empty()
            }
            None => false,
        };
        if ended {
            inner.activities.instances.remove(id);
        }
    }
}

/// A form body read into an object of its fields (the fake records it as
/// JSON).
pub(super) fn form_fields(bytes: &[u8]) -> Value {
    let mut fields = serde_json::Map::new();
    for pair in String::from_utf8_lossy(bytes).split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let decode = |s: &str| {
            let s = s.replace('+', " ");
            let mut out = Vec::new();
            let bytes = s.as_bytes();
            let mut i = 0;
            while i < bytes.len() {
                if bytes[i] == b'%' && i + 2 < bytes.len() {
                    if let Ok(b) = u8::from_str_radix(&s[i + 1..i + 3], 16) {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                }
                out.push(bytes[i]);
                i += 1;
            }
            String::from_utf8_lossy(&out).to_string()
        };
        if !name.is_empty() {
            fields.insert(decode(name), Value::String(decode(value)));
        }
    }
    Value::Object(fields)
}
