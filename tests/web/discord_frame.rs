//! Discord's frame around the Activity, for the browser tests: a small proxy
//! on the loopback in front of the bot's web pages, as Discord's proxy is in
//! front of the Activity (`https://<app>.discordsays.com`), which
//!
//! - serves the fake Discord client (`discord_client.html`) on the
//!   Activity's own origin, at [`CLIENT_PATH`]: it frames the Activity and
//!   answers its SDK;
//! - passes every other request to the bot's server, WebSockets included,
//!   adding to each answer Discord's Activity Content-Security-Policy
//!   ([`DISCORD_CSP`]: the page's own origin and Discord's API, nothing
//!   else), whose violations the browser reports back here
//!   ([`DiscordFrame::violations`]);
//! - keeps the path of every request it passed ([`DiscordFrame::paths`]).
//!
//! One request a connection (the proxy answers `Connection: close`), so
//! that it never has to read where one answer ends.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};

/// Where the fake Discord client is served.
pub const CLIENT_PATH: &str = "/discord-client.html";
/// Where the browser reports what the policy refused.
const REPORT_PATH: &str = "/csp-report";
/// Discord's Activity policy, as its proxy adds it: the Activity's own
/// origin (the proxy) and Discord's API, for everything.
pub const DISCORD_CSP: &str = "default-src 'self' https://discord.com/api/; \
     img-src 'self' data: blob: https://cdn.discordapp.com/; \
     connect-src 'self' https://discord.com/api/; \
     report-uri /csp-report";

const CLIENT_PAGE: &str = include_str!("discord_client.html");
/// The most a request's head may be.
const MAX_HEAD: usize = 64 * 1024;

#[derive(Default)]
struct Kept {
    paths: Vec<String>,
    violations: Vec<String>,
}

/// The proxy, running until dropped.
pub struct DiscordFrame {
    /// `http://127.0.0.1:PORT`: the Activity's origin.
    pub origin: String,
    kept: Arc<Mutex<Kept>>,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for DiscordFrame {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl DiscordFrame {
    /// A proxy in front of `upstream` (`http://127.0.0.1:PORT`).
    pub async fn start(upstream: &str) -> DiscordFrame {
        let upstream: SocketAddr = upstream
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .parse()
            .expect("the pages' address");
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let origin = format!("http://{}", listener.local_addr().expect("an address"));
        let kept = Arc::new(Mutex::new(Kept::default()));
        let shared = kept.clone();
        let task = tokio::spawn(async move {
            while let Ok((browser, _)) = listener.accept().await {
                tokio::spawn(serve(browser, upstream, shared.clone()));
            }
        });
        DiscordFrame { origin, kept, task }
    }

    /// The fake Discord client's address, framing `activity` (a path of
    /// the pages with Discord's query) for `user` named `name`, whose
    /// `authorize` gives `code`.
    pub fn client(&self, activity: &str, code: &str, user: u64, name: &str) -> String {
        let participants = serde_json::json!([{
            "id": user.to_string(), "username": name, "discriminator": "0",
            "flags": 0, "bot": false, "global_name": null,
        }]);
        let query = [
            ("src", activity.to_string()),
            (
                "client_id",
                crate::support::fake_discord::APP_ID.to_string(),
            ),
            ("frame_id", frame_id(activity)),
            ("code", code.to_string()),
            ("user", user.to_string()),
            ("name", name.to_string()),
            ("participants", participants.to_string()),
        ];
        let query: Vec<String> = query
            .iter()
            .map(|(k, v)| format!("{k}={}", encode(v)))
            .collect();
        format!("{}{CLIENT_PATH}?{}", self.origin, query.join("&"))
    }

    /// The paths of the requests passed to the bot's server.
    pub fn paths(&self) -> Vec<String> {
        self.kept.lock().expect("kept").paths.clone()
    }

    /// What the browser reported the policy refused.
    pub fn violations(&self) -> Vec<String> {
        self.kept.lock().expect("kept").violations.clone()
    }
}

/// The `frame_id` of an Activity's address.
fn frame_id(activity: &str) -> String {
    activity
        .split(['?', '&'])
        .find_map(|p| p.strip_prefix("frame_id="))
        .unwrap_or_default()
        .to_string()
}

fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Reads up to the end of a head (`\r\n\r\n`): the head, and what came
/// after it.
async fn read_head(stream: &mut TcpStream) -> Option<(String, Vec<u8>)> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    loop {
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            let head = String::from_utf8_lossy(&buf[..end + 4]).to_string();
            return Some((head, buf[end + 4..].to_vec()));
        }
        if buf.len() > MAX_HEAD {
            return None;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

/// A head with `Connection: close` in place of its own connection header
/// (none when it upgrades), and `extra` lines added.
fn rewrite(head: &str, extra: &[String]) -> String {
    let upgrade = head.to_ascii_lowercase().contains("\r\nupgrade:");
    let mut lines: Vec<String> = head
        .trim_end_matches("\r\n")
        .split("\r\n")
        .filter(|l| upgrade || !l.to_ascii_lowercase().starts_with("connection:"))
        .filter(|l| !l.to_ascii_lowercase().starts_with("keep-alive:"))
        .map(str::to_string)
        .collect();
    if !upgrade {
        lines.push("Connection: close".into());
    }
    lines.extend(extra.iter().cloned());
    format!("{}\r\n\r\n", lines.join("\r\n"))
}

fn content_length(head: &str) -> usize {
    head.split("\r\n")
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().ok())?
        })
        .unwrap_or(0)
}

async fn serve(mut browser: TcpStream, upstream: SocketAddr, kept: Arc<Mutex<Kept>>) {
    let Some((head, mut body)) = read_head(&mut browser).await else {
        return;
    };
    let target = head.split_whitespace().nth(1).unwrap_or("/").to_string();
    if target.starts_with(CLIENT_PATH) {
        let answer = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\n\
             Content-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n{CLIENT_PAGE}",
            CLIENT_PAGE.len()
        );
        let _ = browser.write_all(answer.as_bytes()).await;
        return;
    }
    if target.starts_with(REPORT_PATH) {
        let length = content_length(&head).min(MAX_HEAD);
        let mut chunk = [0u8; 4096];
        while body.len() < length {
            match browser.read(&mut chunk).await {
                Ok(0) | Err(_) => break,
                Ok(n) => body.extend_from_slice(&chunk[..n]),
            }
        }
        kept.lock()
            .expect("kept")
            .violations
            .push(String::from_utf8_lossy(&body).to_string());
        let _ = browser
            .write_all(b"HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
            .await;
        return;
    }
    kept.lock().expect("kept").paths.push(target);
    let Ok(mut bot) = TcpStream::connect(upstream).await else {
        let _ = browser
            .write_all(
                b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            )
            .await;
        return;
    };
    if bot.write_all(rewrite(&head, &[]).as_bytes()).await.is_err()
        || bot.write_all(&body).await.is_err()
    {
        return;
    }
    let Some((answer, rest)) = read_head(&mut bot).await else {
        return;
    };
    let upgraded = answer.starts_with("HTTP/1.1 101");
    let answer = if upgraded {
        answer
    } else {
        rewrite(
            &answer,
            &[format!("Content-Security-Policy: {DISCORD_CSP}")],
        )
    };
    if browser.write_all(answer.as_bytes()).await.is_err()
        || browser.write_all(&rest).await.is_err()
    {
        return;
    }
    // The rest both ways: the answer's body until the bot closes (it was
    // asked to), or a WebSocket's frames until either side closes.
    let _ = tokio::io::copy_bidirectional(&mut browser, &mut bot).await;
}
