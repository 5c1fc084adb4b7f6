//! What Discord does with a request that passed its rules: the messages it
//! creates and edits, the answers to interactions (with the created message
//! when asked `with_response`), direct-message channels, nonces, who each
//! new message notifies, the session starts `/gateway/bot` tells, where each
//! registered command is offered, and the channel and thread routes of
//! [`super::places`].

use super::strict::Operation;
use super::{
    application_info, dm_channel, message_fixture, ready_payload, user_json, Answer, Inner,
    Notification, RecordedFile, RecordedRequest, Registration, Shared, APP_ID, TIMESTAMP,
};
use serde_json::{json, Value};

/// Discord's flag of an ephemeral message.
const EPHEMERAL: u64 = 64;

impl Shared {
    /// A Message as Discord returns it, built from a create body and its
    /// files, in `channel`.
    fn message(
        &self,
        inner: &mut Inner,
        channel: &str,
        body: &Value,
        files: &[RecordedFile],
    ) -> Value {
        inner.next_id += 1;
        let mut msg = message_fixture(inner.next_id, channel, "");
        for key in ["content", "embeds", "components", "flags"] {
            if !body[key].is_null() {
                msg[key] = body[key].clone();
            }
        }
        msg["attachments"] = self.attachments(inner, body, files);
        msg
    }

    /// The attachments Discord makes of a body's files: each with the
    /// description the body's `attachments` gives the file of its id.
    fn attachments(&self, inner: &mut Inner, body: &Value, files: &[RecordedFile]) -> Value {
        let mut attachments = Vec::new();
        for f in files {
            inner.next_id += 1;
            let name = f.filename.as_deref().unwrap_or("file");
            let url = self.url("http", &format!("/attachments/{}/{name}", inner.next_id));
            let mut made = json!({"id": inner.next_id.to_string(), "filename": name,
                "size": f.bytes.len(), "url": url, "proxy_url": url, "content_type": f.content_type});
            let index = f
                .field
                .strip_prefix("files[")
                .and_then(|r| r.strip_suffix(']'))
                .and_then(|n| n.parse::<u64>().ok());
            let listed = body["attachments"].as_array().and_then(|all| {
                all.iter().find(|a| {
                    index.is_some()
                        && (a["id"].as_u64() == index
                            || a["id"].as_str().and_then(|s| s.parse().ok()) == index)
                })
            });
            if let Some(description) = listed.and_then(|a| a["description"].as_str()) {
                made["description"] = json!(description);
            }
            attachments.push(made);
        }
        Value::Array(attachments)
    }

    /// Stores a created message under its token (or `channel:<id>`); a
    /// message that is not ephemeral is its thread's activity.
    fn keep(inner: &mut Inner, token: &str, msg: &Value) {
        if msg["flags"].as_u64().unwrap_or(0) & EPHEMERAL == 0 {
            let now = inner.now();
            let channel = msg["channel_id"].as_str().unwrap_or_default();
            inner.world.touch(channel, now);
        }
        let kept = if inner.lean {
            // A valid message still (edits answer with it), without content,
            // components or attachments.
            let channel = msg["channel_id"].as_str().unwrap_or("1");
            let mut lean = message_fixture(0, channel, "");
            lean["id"] = msg["id"].clone();
            lean["nonce"] = msg["nonce"].clone();
            lean["flags"] = msg["flags"].clone();
            lean
        } else {
            msg.clone()
        };
        inner.messages.push(kept);
        if let Some(id) = msg["id"].as_str() {
            inner
                .by_token
                .entry(token.to_string())
                .or_default()
                .push(id.to_string());
        }
    }

    /// Applies an edit body (and new files) to a stored message; returns it,
    /// or `None` if unknown.
    fn edit(
        &self,
        inner: &mut Inner,
        id: &str,
        body: &Value,
        files: &[RecordedFile],
    ) -> Option<Value> {
        let attachments = (!files.is_empty()).then(|| self.attachments(inner, body, files));
        let msg = inner.messages.iter_mut().find(|m| m["id"] == id)?;
        for key in ["content", "embeds", "components"] {
            if !body[key].is_null() {
                msg[key] = body[key].clone();
            }
        }
        if let Some(a) = attachments {
            msg["attachments"] = a;
        } else if let Some(kept) = body["attachments"].as_array() {
            // Attachments not listed again are removed.
            let ids: Vec<&Value> = kept.iter().map(|a| &a["id"]).collect();
            if let Some(all) = msg["attachments"].as_array_mut() {
                all.retain(|a| ids.contains(&&a["id"]));
            }
        }
        msg["edited_timestamp"] = json!(TIMESTAMP);
        Some(msg.clone())
    }

    /// A new message made by the bot: stored, and its notifications noted.
    fn create(&self, inner: &mut Inner, token: &str, msg: Value, body: &Value) -> Value {
        Self::keep(inner, token, &msg);
        notify(inner, &msg, body);
        msg
    }

    /// What Discord would answer and do.
    pub(super) fn as_discord(
        &self,
        inner: &mut Inner,
        req: &RecordedRequest,
        op: &Operation,
    ) -> Answer {
        let gateway = self.url("ws", "/gw");
        let ok = |v: Value| Answer::new(200, Some(v));
        let body = req.body();
        let files = &req.files;
        let token = op
            .param("interaction_token")
            .or_else(|| op.param("webhook_token"))
            .unwrap_or_default()
            .to_string();
        let channel_of_token = inner
            .sent
            .get(&token)
            .map_or_else(|| "1".to_string(), |s| s.channel.clone());
        if let Some(answer) = self.channel_route(inner, req, op) {
            return answer;
        }
        if let Some(answer) = self.guild_route(inner, req, op) {
            return answer;
        }
        match (req.method.as_str(), op.template.as_str()) {
            ("GET", "/gateway") => ok(json!({"url": gateway})),
            ("GET", "/gateway/bot") => {
                let now = inner.now();
                inner.starts.refresh(now);
                let starts = &inner.starts;
                ok(json!({"url": gateway, "shards": inner.recommended_shards,
                "session_start_limit": {"total": starts.total, "remaining": starts.remaining,
                    "reset_after": starts.reset_after(now).as_millis() as u64,
                    "max_concurrency": starts.max_concurrency}}))
            }
            ("GET", "/oauth2/applications/@me") => ok(application_info()),
            ("GET", "/users/@me") => match req.authorization.as_deref() {
                Some(bearer) if bearer.starts_with("Bearer ") => {
                    self.bearer_user(inner, bearer.trim_start_matches("Bearer "))
                }
                _ => ok(ready_payload(&gateway, json!([0, 1]))["user"].clone()),
            },
            ("GET", "/applications/{application_id}/activity-instances/{instance_id}") => {
                let application = op.param("application_id").unwrap_or_default().to_string();
                let id = op.param("instance_id").unwrap_or_default().to_string();
                self.activity_instance(inner, req, &application, &id)
            }
            ("GET", "/applications/{application_id}/commands")
            | ("GET", "/applications/{application_id}/guilds/{guild_id}/commands") => ok(json!([])),
            ("PUT", "/applications/{application_id}/commands")
            | ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands") => {
                let guild = op.param("guild_id");
                if let Some(refused) = self.entry_point_rules(inner, body, guild) {
                    return refused;
                }
                let mut registered = Vec::new();
                let numbers = |v: &Value| {
                    v.as_array()
                        .map(|a| a.iter().filter_map(Value::as_u64).collect::<Vec<u64>>())
                };
                for command in body.as_array().into_iter().flatten() {
                    if let Some(name) = command["name"].as_str() {
                        let offered = Registration {
                            contexts: numbers(&command["contexts"]),
                            integration_types: numbers(&command["integration_types"]),
                        };
                        inner.registered.insert(name.to_string(), offered);
                    }
                    inner.next_id += 1;
                    let mut c = command.clone();
                    c["id"] = json!(inner.next_id.to_string());
                    c["application_id"] = json!(APP_ID.to_string());
                    c["version"] = json!(inner.next_id.to_string());
                    c["default_member_permissions"] = command["default_member_permissions"].clone();
                    if c["type"].is_null() {
                        c["type"] = json!(1);
                    }
                    if let Some(g) = guild {
                        c["guild_id"] = json!(g);
                    }
                    registered.push(c);
                }
                ok(Value::Array(registered))
            }
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
                let kind = body["type"].as_u64().unwrap_or(0);
                let launched = if kind == 12 {
                    let interaction = inner
                        .sent
                        .get(&token)
                        .map(|s| s.interaction.clone())
                        .unwrap_or(Value::Null);
                    match self.launch_activity(inner, &interaction) {
                        Ok(id) => Some(id),
                        Err(refused) => return refused,
                    }
                } else {
                    None
                };
                if let Some(sent) = inner.sent.get_mut(&token) {
                    sent.answered = true;
                    sent.placeholder = kind == 5;
                }
                let created = match kind {
                    4 => {
                        let msg = self.message(inner, &channel_of_token, &body["data"], files);
                        let msg = mark_webhook(msg);
                        Some(self.create(inner, &token, msg, &body["data"]))
                    }
                    5 => {
                        // The "thinking" placeholder: no content, notifies nobody.
                        let data = json!({"flags": body["data"]["flags"]});
                        let msg = mark_webhook(self.message(inner, &channel_of_token, &data, &[]));
                        Self::keep(inner, &token, &msg);
                        Some(msg)
                    }
                    _ => None,
                };
                if let Some(msg) = &created {
                    inner.originals.insert(token.clone(), msg.clone());
                }
                if !req.asks("with_response", "true") {
                    return Answer::new(204, None);
                }
                let interaction_id = op.param("interaction_id").unwrap_or_default();
                let mut interaction = json!({"id": interaction_id, "type": 2});
                if let Some(msg) = &created {
                    interaction["response_message_id"] = msg["id"].clone();
                    interaction["response_message_loading"] = json!(kind == 5);
                    interaction["response_message_ephemeral"] =
                        json!(msg["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0);
                }
                if let Some(id) = &launched {
                    interaction["activity_instance_id"] = json!(id);
                }
                let mut response = json!({"interaction": interaction});
                if let (4, Some(msg)) = (kind, &created) {
                    response["resource"] = json!({"type": 4, "message": msg});
                }
                if let Some(id) = launched {
                    response["resource"] = json!({"type": 12, "activity_instance": {"id": id}});
                }
                ok(response)
            }
            ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original") => {
                match inner.originals.get(&token) {
                    Some(m) => {
                        let id = m["id"].as_str().unwrap_or_default().to_string();
                        ok(self.stored(inner, &id).unwrap_or_else(|| m.clone()))
                    }
                    None => Answer::discord(404, 10008, "Unknown Message"),
                }
            }
            ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original") => {
                let Some(id) = inner
                    .originals
                    .get(&token)
                    .and_then(|m| m["id"].as_str())
                    .map(str::to_string)
                else {
                    return Answer::discord(404, 10008, "Unknown Message");
                };
                if let Some(sent) = inner.sent.get_mut(&token) {
                    sent.placeholder = false;
                }
                match self.edit(inner, &id, body, files) {
                    Some(msg) => ok(msg),
                    None => Answer::discord(404, 10008, "Unknown Message"),
                }
            }
            ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") => {
                let id = op.param("message_id").unwrap_or_default().to_string();
                match self.edit(inner, &id, body, files) {
                    Some(msg) => ok(msg),
                    None => Answer::discord(404, 10008, "Unknown Message"),
                }
            }
            ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
            | ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") => {
                let id = match op.param("message_id") {
                    Some(id) => Some(id.to_string()),
                    None => inner
                        .originals
                        .get(&token)
                        .and_then(|m| m["id"].as_str())
                        .map(str::to_string),
                };
                if let Some(sent) = inner.sent.get_mut(&token) {
                    sent.placeholder = false;
                }
                match id.and_then(|id| inner.messages.iter_mut().find(|m| m["id"] == id.as_str())) {
                    Some(msg) => {
                        msg["deleted"] = json!(true);
                        Answer::new(204, None)
                    }
                    None => Answer::discord(404, 10008, "Unknown Message"),
                }
            }
            ("POST", "/webhooks/{webhook_id}/{webhook_token}") => {
                let placeholder = inner.sent.get(&token).is_some_and(|s| s.placeholder);
                let original = inner
                    .originals
                    .get(&token)
                    .and_then(|m| m["id"].as_str())
                    .map(str::to_string);
                match (placeholder, original) {
                    // The first follow-up after a deferral replaces its
                    // placeholder: an edit, which notifies nobody.
                    (true, Some(id)) => {
                        if let Some(sent) = inner.sent.get_mut(&token) {
                            sent.placeholder = false;
                        }
                        match self.edit(inner, &id, body, files) {
                            Some(msg) => ok(msg),
                            None => Answer::discord(404, 10008, "Unknown Message"),
                        }
                    }
                    _ => {
                        let msg = mark_webhook(self.message(inner, &channel_of_token, body, files));
                        ok(self.create(inner, &token, msg, body))
                    }
                }
            }
            ("POST", "/users/@me/channels") => {
                let Some(user) = body["recipient_id"].as_str() else {
                    return Answer::discord(400, 50035, "no recipient");
                };
                let existing = inner
                    .dm_channels
                    .iter()
                    .find(|(_, u)| u.as_str() == user)
                    .map(|(c, _)| c.clone());
                // One DM channel a user, whether its DMs are open or not:
                // the refusal comes when posting.
                let id = existing.unwrap_or_else(|| {
                    let id = user
                        .parse::<u64>()
                        .map_or_else(|_| format!("9{user}"), |u| dm_channel(u).to_string());
                    inner.dm_channels.insert(id.clone(), user.to_string());
                    id
                });
                ok(json!({"id": id, "type": 1, "last_message_id": null,
                          "recipients": [user_json(user.parse().unwrap_or(1), "someone")]}))
            }
            ("POST", "/channels/{channel_id}/messages") => {
                let channel = op.param("channel_id").unwrap_or_default().to_string();
                // enforce_nonce: the same nonce in the same channel is the
                // same message (Discord keeps them for a few minutes).
                let nonce = match &body["nonce"] {
                    Value::String(n) => Some(n.clone()),
                    Value::Number(n) => Some(n.to_string()),
                    _ => None,
                };
                let key = nonce.map(|n| (channel.clone(), n));
                if body["enforce_nonce"] == true {
                    let existing = key.as_ref().and_then(|k| inner.nonces.get(k));
                    if let Some(existing) = existing.and_then(|&i| inner.messages.get(i)) {
                        return ok(existing.clone());
                    }
                }
                self.unarchive_by_post(inner, &channel);
                let mut msg = self.message(inner, &channel, body, files);
                msg["nonce"] = body["nonce"].clone();
                let msg = self.create(inner, &format!("channel:{channel}"), msg, body);
                if let Some(key) = key {
                    let index = inner.messages.len() - 1;
                    inner.nonces.entry(key).or_insert(index);
                }
                ok(msg)
            }
            ("PATCH", "/channels/{channel_id}/messages/{message_id}") => {
                let channel = op.param("channel_id").unwrap_or_default();
                let id = op.param("message_id").unwrap_or_default().to_string();
                let here = inner
                    .messages
                    .iter()
                    .any(|m| m["id"] == id.as_str() && m["channel_id"] == channel);
                match self.edit(inner, &id, body, files).filter(|_| here) {
                    Some(msg) => ok(msg),
                    None => Answer::discord(404, 10008, "Unknown Message"),
                }
            }
            _ => {
                inner.violations.push(format!(
                    "{} {}: a route of Discord's API the fake does not model yet (add it to fake_discord/discord.rs)",
                    req.method, op.template
                ));
                Answer::discord(404, 0, "404: Not Found")
            }
        }
    }

    /// A stored message by id.
    fn stored(&self, inner: &Inner, id: &str) -> Option<Value> {
        inner.messages.iter().find(|m| m["id"] == id).cloned()
    }
}

/// A message made through an interaction's webhook.
fn mark_webhook(mut msg: Value) -> Value {
    msg["webhook_id"] = json!(APP_ID.to_string());
    msg["application_id"] = json!(APP_ID.to_string());
    msg
}

/// Notes who a newly created message notifies: nobody when it is
/// ephemeral; the recipient of a direct message; else the users it mentions
/// that `allowed_mentions` lets through (all of them when it says nothing).
fn notify(inner: &mut Inner, msg: &Value, body: &Value) {
    if msg["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
        return;
    }
    let id = msg["id"].as_str().unwrap_or_default().to_string();
    let channel = msg["channel_id"].as_str().unwrap_or_default().to_string();
    if let Some(user) = inner.dm_channels.get(&channel).cloned() {
        inner.notifications.push(Notification {
            user,
            message: id,
            channel,
            dm: true,
        });
        return;
    }
    let content = msg["content"].as_str().unwrap_or_default();
    let allowed = &body["allowed_mentions"];
    let lets_through = |user: &str| {
        if allowed.is_null() {
            return true;
        }
        let parses = allowed["parse"]
            .as_array()
            .is_some_and(|p| p.iter().any(|x| x == "users"));
        parses
            || allowed["users"].as_array().is_some_and(|u| {
                u.iter().any(|x| {
                    x.as_str() == Some(user)
                        || x.as_u64().map(|n| n.to_string()).as_deref() == Some(user)
                })
            })
    };
    let mut seen: Vec<String> = Vec::new();
    for user in mentions(content) {
        if seen.contains(&user) || !lets_through(&user) {
            continue;
        }
        seen.push(user.clone());
        inner.notifications.push(Notification {
            user,
            message: id.clone(),
            channel: channel.clone(),
            dm: false,
        });
    }
}

/// The user ids mentioned in a text (`<@id>` or `<@!id>`).
fn mentions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("<@") {
        rest = &rest[at + 2..];
        let digits = rest.strip_prefix('!').unwrap_or(rest);
        let id: String = digits.chars().take_while(char::is_ascii_digit).collect();
        if !id.is_empty() && digits[id.len()..].starts_with('>') {
            out.push(id);
        }
    }
    out
}
