//! What Discord refuses. Every request the fake receives is checked here
//! before it is answered: against Discord's own description of its API
//! (`../discord_api/openapi.json`: the route and method, the path and query
//! parameters, the body against the operation's schema, a multipart body's
//! `payload_json` against the multipart schema and its file parts), and
//! against the limits Discord documents that the description cannot express
//! (a message's 2,000 characters, five rows of controls, unique control ids,
//! a command's character total...).
//!
//! A request that breaks a rule is answered as Discord answers it (`400`,
//! code `50035` and the `errors` tree; `404` for a route Discord does not
//! have) and the rule is kept, in words, for the test that caused it.
//!
//! One deviation, on purpose: the description types a snowflake as a string
//! of digits, but Discord reads one given as a JSON number too, and serenity
//! sends attachment ids as numbers; the fake accepts both.

use super::RecordedFile;
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Discord's character total over a command's names, descriptions and
/// choice values, in each language (the strictest figure it published).
pub const COMMAND_CHARACTERS: usize = 4000;
/// Discord's limit on a message's content, in characters.
pub const CONTENT: usize = 2000;
/// Discord's longest description of an attachment (its alt text), in
/// characters.
pub const ATTACHMENT_DESCRIPTION: usize = 1024;
/// The largest upload when no interaction names one (Discord's default).
pub const DEFAULT_UPLOAD: usize = 10 << 20;

/// A request as the checks see it.
pub struct Incoming<'a> {
    pub method: &'a str,
    /// The path without `/api/v10`.
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub content_type: Option<&'a str>,
    /// The JSON body, or a multipart body's `payload_json`.
    pub json: Option<&'a Value>,
    pub files: &'a [RecordedFile],
    /// The largest upload the request may carry.
    pub upload_limit: usize,
}

/// Discord's answer to a request it refuses, and the rule it broke.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub status: u16,
    pub body: Value,
    /// What was wrong, in words: the test that caused it names it.
    pub rule: String,
}

impl Refusal {
    /// `400 Invalid Form Body` with one error at `at` (a JSON pointer into
    /// the body).
    pub fn form(at: &str, code: &str, message: &str, rule: String) -> Refusal {
        let mut errors = Map::new();
        insert_error(&mut errors, at, code, message);
        Refusal {
            status: 400,
            body: json!({"code": 50035, "message": "Invalid Form Body", "errors": errors}),
            rule,
        }
    }
}

/// The route of Discord's API a request took: its template and method.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operation {
    pub template: String,
    pub method: String,
    /// The path's parameters, by name.
    pub params: Vec<(String, String)>,
}

impl Operation {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Discord's description, loaded once, with its schemas compiled as needed.
pub struct Api {
    doc: Value,
    /// Path templates split into segments: `Some(literal)` or `None` for a
    /// parameter.
    routes: Vec<(String, Vec<Segment>)>,
    validators: Mutex<HashMap<String, Arc<jsonschema::Validator>>>,
}

/// A path's parameters: (name, value).
type Params = Vec<(String, String)>;

#[derive(Debug, Clone)]
enum Segment {
    Literal(String),
    Param(String),
}

/// The description, read and prepared once per test process.
pub fn api() -> &'static Api {
    static API: OnceLock<Api> = OnceLock::new();
    API.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/discord_api/openapi.json");
        let text = std::fs::read_to_string(path).expect("Discord's API description is vendored");
        let mut doc: Value = serde_json::from_str(&text).expect("the description is JSON");
        // See the module doc: a snowflake may be a number too.
        doc["components"]["schemas"]["SnowflakeType"] = json!({
            "anyOf": [
                {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
                {"type": "integer", "minimum": 0}
            ]
        });
        let routes = doc["paths"]
            .as_object()
            .expect("paths")
            .keys()
            .map(|template| {
                let segments = template
                    .trim_matches('/')
                    .split('/')
                    .map(
                        |s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                            Some(name) => Segment::Param(name.to_string()),
                            None => Segment::Literal(s.to_string()),
                        },
                    )
                    .collect();
                (template.clone(), segments)
            })
            .collect();
        Api {
            doc,
            routes,
            validators: Mutex::new(HashMap::new()),
        }
    })
}

impl Api {
    /// The route template a path takes: the one whose literal segments all
    /// match, the most literal first (`messages/@original` before
    /// `messages/{message_id}`).
    fn route(&self, path: &str) -> Option<(&str, Params)> {
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        let mut best: Option<(usize, &str, Params)> = None;
        for (template, segments) in &self.routes {
            if segments.len() != parts.len() {
                continue;
            }
            let mut literals = 0;
            let mut params = Vec::new();
            let fits = segments.iter().zip(&parts).all(|(s, p)| match s {
                Segment::Literal(l) => {
                    literals += 1;
                    l == p
                }
                Segment::Param(name) => {
                    params.push((name.clone(), p.to_string()));
                    !p.is_empty()
                }
            });
            if fits && best.as_ref().is_none_or(|(n, _, _)| literals > *n) {
                best = Some((literals, template.as_str(), params));
            }
        }
        best.map(|(_, t, p)| (t, p))
    }

    /// A validator for a schema of the description (compiled once), with
    /// the description's components to resolve its references.
    fn validator(&self, key: &str, schema: &Value) -> Arc<jsonschema::Validator> {
        let mut cache = self.validators.lock().expect("validators lock");
        if let Some(v) = cache.get(key) {
            return v.clone();
        }
        let mut root = match schema {
            Value::Object(map) => map.clone(),
            other => {
                let mut m = Map::new();
                m.insert("allOf".into(), json!([other]));
                m
            }
        };
        root.insert("components".into(), self.doc["components"].clone());
        let validator = jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .build(&Value::Object(root))
            .unwrap_or_else(|e| panic!("a schema of Discord's description compiles ({key}): {e}"));
        let validator = Arc::new(validator);
        cache.insert(key.to_string(), validator.clone());
        validator
    }

    /// Checks one request against the description and Discord's documented
    /// limits. Returns the operation it took.
    pub fn check(&self, req: &Incoming) -> Result<Operation, Refusal> {
        let Some((template, params)) = self.route(req.path) else {
            return Err(Refusal {
                status: 404,
                body: json!({"message": "404: Not Found", "code": 0}),
                rule: format!(
                    "{} {}: Discord's API has no such route",
                    req.method, req.path
                ),
            });
        };
        let method = req.method.to_ascii_lowercase();
        let path_item = &self.doc["paths"][template];
        let operation = &path_item[method.as_str()];
        if !operation.is_object() {
            return Err(Refusal {
                status: 405,
                body: json!({"message": "405: Method Not Allowed", "code": 0}),
                rule: format!(
                    "{} {template}: Discord's API has no such method here",
                    req.method
                ),
            });
        }
        let declared: Vec<&Value> = path_item["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(operation["parameters"].as_array().into_iter().flatten())
            .collect();
        let op = Operation {
            template: template.to_string(),
            method: req.method.to_ascii_uppercase(),
            params: params.clone(),
        };
        let name = format!("{} {template}", op.method);
        // Path parameters.
        for (param, value) in &params {
            let Some(spec) = declared
                .iter()
                .find(|p| p["in"] == "path" && p["name"] == param.as_str())
            else {
                continue;
            };
            let v = self.validator(&format!("{name} path {param}"), &spec["schema"]);
            if !v.is_valid(&json!(value)) {
                return Err(Refusal::form(
                    "",
                    "NUMBER_TYPE_COERCE",
                    &format!("Value \"{value}\" is not snowflake."),
                    format!("{name}: path parameter {param} '{value}' breaks its schema"),
                ));
            }
        }
        // Query parameters.
        for pair in req
            .query
            .unwrap_or_default()
            .split('&')
            .filter(|p| !p.is_empty())
        {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let Some(spec) = declared
                .iter()
                .find(|p| p["in"] == "query" && p["name"] == key)
            else {
                return Err(Refusal::form(
                    key,
                    "UNKNOWN_QUERY_PARAMETER",
                    "Unknown query parameter.",
                    format!("{name}: Discord has no query parameter '{key}' here"),
                ));
            };
            let v = self.validator(&format!("{name} query {key}"), &spec["schema"]);
            let as_json = serde_json::from_str::<Value>(value).ok();
            let fits = as_json.iter().any(|j| v.is_valid(j)) || v.is_valid(&json!(value));
            if !fits {
                return Err(Refusal::form(
                    key,
                    "BASE_TYPE_INVALID",
                    "Invalid value.",
                    format!("{name}: query parameter {key}={value} breaks its schema"),
                ));
            }
        }
        // The body.
        let multipart = req
            .content_type
            .is_some_and(|c| c.starts_with("multipart/form-data"));
        let body_spec = &operation["requestBody"];
        match req.json {
            None if body_spec["required"] == true && !multipart => {
                return Err(Refusal::form(
                    "",
                    "BASE_TYPE_REQUIRED",
                    "This field is required",
                    format!("{name}: the body is required"),
                ));
            }
            None => {}
            Some(body) => {
                let kind = if multipart {
                    "multipart/form-data"
                } else {
                    "application/json"
                };
                let schema = &body_spec["content"][kind]["schema"];
                if schema.is_null() {
                    return Err(Refusal::form(
                        "",
                        "BASE_TYPE_INVALID",
                        "This route takes no such body.",
                        format!("{name}: Discord takes no {kind} body here"),
                    ));
                }
                let v = self.validator(&format!("{name} body {kind}"), schema);
                let errors: Vec<(String, String)> =
                    v.iter_errors(body).map(|e| explain(&e)).collect();
                if !errors.is_empty() {
                    let mut tree = Map::new();
                    for (at, message) in &errors {
                        insert_error(&mut tree, at, "BASE_TYPE_INVALID", message);
                    }
                    let shown: Vec<String> = errors
                        .iter()
                        .take(3)
                        .map(|(at, m)| format!("at '{at}': {}", cut(m, 200)))
                        .collect();
                    return Err(Refusal {
                        status: 400,
                        body: json!({"code": 50035, "message": "Invalid Form Body", "errors": tree}),
                        rule: format!(
                            "{name}: the body breaks Discord's schema ({} errors): {}",
                            errors.len(),
                            shown.join("; ")
                        ),
                    });
                }
            }
        }
        if multipart {
            check_files(&name, req)?;
        } else if !req.files.is_empty() {
            return Err(Refusal::form(
                "",
                "BASE_TYPE_INVALID",
                "Files need a multipart body.",
                format!("{name}: files outside a multipart body"),
            ));
        }
        if let Some(body) = req.json {
            documented_limits(&op, body).map_err(|(at, code, message)| {
                Refusal::form(
                    &at,
                    code,
                    &message,
                    format!("{name}: {message} (at '{at}')"),
                )
            })?;
        }
        Ok(op)
    }
}

/// Where a schema error is and what it says. Inside `anyOf` and `oneOf`,
/// the branch the body most likely meant speaks for it: one whose `type`
/// matches, then the one with the fewest errors, the deepest first (a row of
/// six buttons fails the action row's "5 items at most" deep inside, and
/// every other kind of component at its `type`).
fn explain(e: &jsonschema::ValidationError) -> (String, String) {
    // A branch whose `type` does not match is a kind of component the body
    // did not mean (a string select is no channel select).
    let mistyped = |b: &Vec<jsonschema::ValidationError<'static>>| {
        b.iter()
            .any(|e| e.instance_path().to_string().ends_with("/type"))
    };
    use jsonschema::error::ValidationErrorKind as Kind;
    let branches = match e.kind() {
        Kind::AnyOf { context } | Kind::OneOfNotValid { context } => Some(context),
        _ => None,
    };
    let depth = |b: &Vec<jsonschema::ValidationError<'static>>| {
        b.iter()
            .map(|e| e.instance_path().to_string().matches('/').count())
            .max()
            .unwrap_or(0)
    };
    let best = branches.and_then(|context| {
        context
            .iter()
            .filter(|b| !b.is_empty())
            .min_by_key(|b| (mistyped(b), b.len(), usize::MAX - depth(b)))
    });
    match best.and_then(|b| b.iter().max_by_key(|e| e.instance_path().to_string().len())) {
        Some(inner) => explain(inner),
        None => (
            e.instance_path().to_string(),
            e.masked_with("the value").to_string(),
        ),
    }
}

/// The file parts of a multipart body: `files[n]`, at most ten, each listed
/// in the payload's `attachments` when it has them, all within the upload
/// limit.
fn check_files(name: &str, req: &Incoming) -> Result<(), Refusal> {
    if req.files.len() > 10 {
        return Err(Refusal::form(
            "attachments",
            "BASE_TYPE_MAX_LENGTH",
            "Must be 10 or fewer in length.",
            format!(
                "{name}: {} files; Discord takes 10 at most",
                req.files.len()
            ),
        ));
    }
    let listed: Option<Vec<u64>> = req
        .json
        .and_then(|j| j.get("data").filter(|d| d.is_object()).or(Some(j)))
        .and_then(|j| j["attachments"].as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| {
                    x["id"]
                        .as_u64()
                        .or_else(|| x["id"].as_str().and_then(|s| s.parse().ok()))
                })
                .collect()
        });
    let mut total = 0;
    for f in req.files {
        let index = f
            .field
            .strip_prefix("files[")
            .and_then(|r| r.strip_suffix(']'))
            .and_then(|n| n.parse::<u64>().ok());
        let Some(index) = index else {
            return Err(Refusal::form(
                "",
                "BASE_TYPE_INVALID",
                "Unknown form field.",
                format!("{name}: a multipart part named '{}'", f.field),
            ));
        };
        if let Some(listed) = &listed {
            if !listed.contains(&index) {
                return Err(Refusal::form(
                    "attachments",
                    "ATTACHMENT_NOT_FOUND",
                    "Attachment data not found.",
                    format!("{name}: the file files[{index}] is not listed in attachments"),
                ));
            }
        }
        total += f.bytes.len();
    }
    if total > req.upload_limit {
        return Err(Refusal {
            status: 413,
            body: json!({"code": 40005, "message": "Request entity too large"}),
            rule: format!(
                "{name}: {total} bytes of files; the upload limit is {}",
                req.upload_limit
            ),
        });
    }
    Ok(())
}

type Broken = (String, &'static str, String);

/// Discord's documented limits the description does not express, for the
/// bodies that make or change a message, answer an autocomplete, or
/// register commands.
fn documented_limits(op: &Operation, body: &Value) -> Result<(), Broken> {
    let t = op.template.as_str();
    match (op.method.as_str(), t) {
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            match body["type"].as_u64() {
                Some(4 | 7) => message_limits(&body["data"], "data"),
                Some(8) => autocomplete_limits(&body["data"]),
                _ => Ok(()),
            }
        }
        ("POST", "/webhooks/{webhook_id}/{webhook_token}")
        | ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original")
        | ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}")
        | ("POST", "/channels/{channel_id}/messages")
        | ("PATCH", "/channels/{channel_id}/messages/{message_id}") => message_limits(body, ""),
        ("PUT", "/applications/{application_id}/commands")
        | ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands") => {
            for (i, command) in body.as_array().into_iter().flatten().enumerate() {
                command_limits(command, &format!("{i}"))?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

fn broken(at: &str, code: &'static str, message: String) -> Broken {
    (at.to_string(), code, message)
}

fn join(base: &str, key: impl std::fmt::Display) -> String {
    if base.is_empty() {
        key.to_string()
    } else {
        format!("{base}/{key}")
    }
}

/// A message: its content, embeds, controls and allowed mentions.
pub fn message_limits(m: &Value, at: &str) -> Result<(), Broken> {
    if let Some(content) = m["content"].as_str() {
        let n = content.chars().count();
        if n > CONTENT {
            return Err(broken(
                &join(at, "content"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {CONTENT} or fewer in length ({n} characters)."),
            ));
        }
    }
    if let Some(embeds) = m["embeds"].as_array() {
        let text = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
        let total: usize = embeds
            .iter()
            .map(|e| {
                text(&e["title"])
                    + text(&e["description"])
                    + text(&e["footer"]["text"])
                    + text(&e["author"]["name"])
                    + e["fields"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|f| text(&f["name"]) + text(&f["value"]))
                        .sum::<usize>()
            })
            .sum();
        if total > 6000 {
            return Err(broken(
                &join(at, "embeds"),
                "MAX_EMBED_SIZE_EXCEEDED",
                format!("Embed size exceeds maximum size of 6000 ({total})."),
            ));
        }
    }
    if let Some(rows) = m["components"].as_array() {
        let classic = rows.iter().all(|r| r["type"] == 1);
        if classic && rows.len() > 5 {
            return Err(broken(
                &join(at, "components"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 5 or fewer in length ({} action rows).", rows.len()),
            ));
        }
        let mut ids: Vec<&str> = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let inner = row["components"].as_array().map_or(&[][..], Vec::as_slice);
            let row_at = join(&join(at, "components"), r);
            let buttons = inner.iter().filter(|c| c["type"] == 2).count();
            let selects = inner.len() - buttons;
            if buttons > 5 || selects > 1 || (selects == 1 && buttons > 0) {
                return Err(broken(
                    &row_at,
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    format!(
                        "An action row holds 5 buttons or one select menu ({buttons} buttons, {selects} menus)."
                    ),
                ));
            }
            for (c, control) in inner.iter().enumerate() {
                let c_at = join(&join(&row_at, "components"), c);
                if let Some(id) = control["custom_id"].as_str() {
                    if ids.contains(&id) {
                        return Err(broken(
                            &join(&c_at, "custom_id"),
                            "COMPONENT_CUSTOM_ID_DUPLICATED",
                            format!("Component custom id cannot be duplicated ('{id}')."),
                        ));
                    }
                    ids.push(id);
                }
                if control["type"] == 2 && control["style"] != 5 && control["custom_id"].is_null() {
                    return Err(broken(
                        &c_at,
                        "BASE_TYPE_REQUIRED",
                        "A button needs a custom id.".into(),
                    ));
                }
            }
        }
    }
    // An attachment's description (its alt text): at most 1,024 characters.
    for (i, a) in m["attachments"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let n = a["description"].as_str().map_or(0, |d| d.chars().count());
        if n > ATTACHMENT_DESCRIPTION {
            return Err(broken(
                &join(&join(&join(at, "attachments"), i), "description"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be {ATTACHMENT_DESCRIPTION} or fewer in length ({n} characters)."),
            ));
        }
    }
    let allowed = &m["allowed_mentions"];
    for kind in ["users", "roles"] {
        let parses = allowed["parse"]
            .as_array()
            .is_some_and(|p| p.iter().any(|x| x == kind));
        let listed = allowed[kind].as_array().is_some_and(|l| !l.is_empty());
        if parses && listed {
            return Err(broken(
                &join(at, "allowed_mentions"),
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                format!("parse:[\"{kind}\"] and {kind}: [ids] are mutually exclusive."),
            ));
        }
    }
    Ok(())
}

/// Autocomplete choices: 25 at most, names of 1 to 100 characters, string
/// values of at most 100.
fn autocomplete_limits(data: &Value) -> Result<(), Broken> {
    let choices = data["choices"].as_array().map_or(&[][..], Vec::as_slice);
    if choices.len() > 25 {
        return Err(broken(
            "data/choices",
            "BASE_TYPE_MAX_LENGTH",
            format!("Must be 25 or fewer in length ({}).", choices.len()),
        ));
    }
    for (i, c) in choices.iter().enumerate() {
        let len = c["value"].as_str().map_or(0, |s| s.chars().count());
        if len > 100 {
            return Err(broken(
                &format!("data/choices/{i}/value"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 100 or fewer in length ({len})."),
            ));
        }
    }
    Ok(())
}

/// One command of a registration, at every level: at most 25 options,
/// subcommands and groups never beside other options, required options
/// first, names of 1 to 32 lowercase letters, digits, `-` or `_`,
/// descriptions of 1 to 100 characters, at most 25 choices, and the
/// character total over names, descriptions and choice values within
/// [`COMMAND_CHARACTERS`] in each language.
pub fn command_limits(command: &Value, at: &str) -> Result<(), Broken> {
    name_limits(command, at)?;
    options_limits(command, at, 0)?;
    let mut locales: Vec<String> = vec![String::new()];
    collect_locales(command, &mut locales);
    for locale in &locales {
        let total = characters(command, locale);
        if total > COMMAND_CHARACTERS {
            let which = if locale.is_empty() {
                "default".to_string()
            } else {
                locale.clone()
            };
            return Err(broken(
                at,
                "APPLICATION_COMMAND_TOO_LARGE",
                format!(
                    "Command exceeds maximum size ({COMMAND_CHARACTERS}): {total} characters in its {which} language."
                ),
            ));
        }
    }
    Ok(())
}

fn name_limits(item: &Value, at: &str) -> Result<(), Broken> {
    let valid = |n: &str| {
        let len = n.chars().count();
        (1..=32).contains(&len)
            && n.chars()
                .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
            && n.to_lowercase() == n
    };
    let name = item["name"].as_str().unwrap_or_default();
    if !valid(name) {
        return Err(broken(
            &join(at, "name"),
            "APPLICATION_COMMAND_INVALID_NAME",
            format!(
                "Command name is invalid: '{name}' (1 to 32 lowercase letters, digits, - or _)."
            ),
        ));
    }
    for (locale, n) in item["name_localizations"].as_object().into_iter().flatten() {
        if !n.as_str().is_some_and(valid) {
            return Err(broken(
                &join(&join(at, "name_localizations"), locale),
                "APPLICATION_COMMAND_INVALID_NAME",
                format!("Command name is invalid in {locale}: {n}."),
            ));
        }
    }
    let descriptions = std::iter::once((String::new(), &item["description"])).chain(
        item["description_localizations"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(l, d)| (l.clone(), d)),
    );
    for (locale, d) in descriptions {
        let len = d.as_str().map_or(0, |s| s.chars().count());
        if !(1..=100).contains(&len) {
            return Err(broken(
                &join(at, "description"),
                "BASE_TYPE_BAD_LENGTH",
                format!("Must be between 1 and 100 in length ({len} characters, '{}' of {name} {locale}).", d.as_str().unwrap_or_default()),
            ));
        }
    }
    Ok(())
}

fn options_limits(item: &Value, at: &str, depth: usize) -> Result<(), Broken> {
    let options = item["options"].as_array().map_or(&[][..], Vec::as_slice);
    let options_at = join(at, "options");
    if options.len() > 25 {
        return Err(broken(
            &options_at,
            "BASE_TYPE_MAX_LENGTH",
            format!(
                "Must be 25 or fewer in length ({} options under '{}').",
                options.len(),
                item["name"].as_str().unwrap_or_default()
            ),
        ));
    }
    let nested = |o: &Value| matches!(o["type"].as_u64(), Some(1 | 2));
    let subs = options.iter().filter(|o| nested(o)).count();
    if subs > 0 && subs < options.len() {
        return Err(broken(
            &options_at,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands and groups cannot stand beside other options.".into(),
        ));
    }
    if depth >= 2 && subs > 0 {
        return Err(broken(
            &options_at,
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
            "Subcommands nest two levels deep at most.".into(),
        ));
    }
    let mut optional_seen = false;
    let mut names: Vec<&str> = Vec::new();
    for (i, o) in options.iter().enumerate() {
        let o_at = join(&options_at, i);
        name_limits(o, &o_at)?;
        let name = o["name"].as_str().unwrap_or_default();
        if names.contains(&name) {
            return Err(broken(
                &join(&o_at, "name"),
                "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS",
                format!("Option names must be unique ('{name}')."),
            ));
        }
        names.push(name);
        if !nested(o) {
            let required = o["required"] == true;
            if required && optional_seen {
                return Err(broken(
                    &o_at,
                    "APPLICATION_COMMAND_OPTION_REQUIRED_ORDER",
                    format!(
                        "Required options must be placed before non-required options ('{name}')."
                    ),
                ));
            }
            optional_seen |= !required;
        }
        let choices = o["choices"].as_array().map_or(0, Vec::len);
        if choices > 25 {
            return Err(broken(
                &join(&o_at, "choices"),
                "BASE_TYPE_MAX_LENGTH",
                format!("Must be 25 or fewer in length ({choices} choices)."),
            ));
        }
        if nested(o) {
            options_limits(o, &o_at, depth + 1)?;
        }
    }
    Ok(())
}

fn collect_locales(item: &Value, out: &mut Vec<String>) {
    for key in ["name_localizations", "description_localizations"] {
        for locale in item[key].as_object().into_iter().flatten().map(|(l, _)| l) {
            if !out.contains(locale) {
                out.push(locale.clone());
            }
        }
    }
    for o in item["options"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(item["choices"].as_array().into_iter().flatten())
    {
        collect_locales(o, out);
    }
}

/// The characters of names, descriptions and choice values of a command in
/// one language (its localization where it has one, else the default).
pub fn characters(item: &Value, locale: &str) -> usize {
    let text = |key: &str| {
        let local = item[format!("{key}_localizations").as_str()][locale].as_str();
        local
            .or_else(|| item[key].as_str())
            .map_or(0, |s| s.chars().count())
    };
    let value = match &item["value"] {
        Value::String(s) => s.chars().count(),
        Value::Null => 0,
        other => other.to_string().chars().count(),
    };
    text("name")
        + text("description")
        + value
        + item["options"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(item["choices"].as_array().into_iter().flatten())
            .map(|o| characters(o, locale))
            .sum::<usize>()
}

/// Puts an error into Discord's `errors` tree at a JSON pointer.
fn insert_error(tree: &mut Map<String, Value>, at: &str, code: &str, message: &str) {
    let mut node = tree;
    for key in at.split('/').filter(|k| !k.is_empty()) {
        node = node
            .entry(key.to_string())
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("an errors node is an object");
    }
    let errors = node
        .entry("_errors".to_string())
        .or_insert_with(|| json!([]));
    if let Some(list) = errors.as_array_mut() {
        list.push(json!({"code": code, "message": message}));
    }
}

fn cut(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        let head: String = s.chars().take(n).collect();
        format!("{head}…")
    }
}
