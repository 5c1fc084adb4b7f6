//! A real headless Chromium, driven through its WebDriver (ChromeDriver), for
//! the tests of the web pages: Debian's `chromium` and `chromium-driver`
//! packages, as a person's browser would show the pages.
//!
//! One [`Browser`] is one ChromeDriver, started on a free port as a child of
//! the test, in a process group of its own with every Chromium it starts: the
//! group is killed when the [`Browser`] is dropped (a failed test included),
//! and when the test process dies without dropping it (a `PDEATHSIG` on the
//! shell that leads the group, which then kills the group). Each
//! [`Session`] is a Chromium of its own, with a fresh profile: sessions share
//! no cookies, storage or cache.
//!
//! The programs are found by testkit/src/tiers.rs: a test asks
//! `tiers::available(Tier::Browser)` (and `Tier::Axe` for the accessibility
//! check) first, which skips it on a machine without them, and fails it
//! under `AQUARETTO_ALL_TIERS`.
//!
//! ```ignore
//! let browser = Browser::start().await?;
//! let page = browser.session(390, 844).await?;
//! page.goto(&format!("{base}/")).await?;
//! assert_eq!(page.text_of("h1").await?, "Aquaretto");
//! assert!(page.accessibility_problems().await?.is_empty());
//! page.close().await?;
//! ```

use anyhow::{anyhow, bail, Context as _};
use fantoccini::wd::Capabilities;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::io::{BufRead as _, BufReader};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tempfile::TempDir;
use tokio::sync::oneshot;
use tokio::time::{sleep, Instant};

use crate::tiers::{self, target_dir};

/// How often the waits look again.
const POLL: Duration = Duration::from_millis(50);

/// How long ChromeDriver may take to start and answer.
const DRIVER_START: Duration = Duration::from_secs(30);

/// The axe-core rules the accessibility check runs: WCAG 2.0, levels A and
/// AA.
pub const AXE_TAGS: &[&str] = &["wcag2a", "wcag2aa"];

/// The shell that leads the process group: it starts ChromeDriver and, when
/// the test process dies (its `PDEATHSIG`, a TERM) or is interrupted, kills
/// the whole group, Chromium included (Chromium outlives a killed
/// ChromeDriver otherwise).
const LEADER: &str = r#"trap 'kill -KILL 0' TERM HUP INT
"$0" "$@" &
wait"#;

/// The system's rules (generic families, hinting), without its folders,
/// for a browser given its own font folders
/// ([`Browser::start_with_font_dirs`]).
const RULES: &str = "<include ignore_missing=\"yes\">/etc/fonts/conf.d</include>";

/// A running ChromeDriver; killed, with every Chromium it started, on drop.
pub struct Browser {
    /// ChromeDriver's address, `http://127.0.0.1:PORT`.
    url: String,
    /// The process group of ChromeDriver and its Chromiums.
    group: Arc<Mutex<Group>>,
    /// The thread that started the group and waits for it: the group's
    /// `PDEATHSIG` is tied to it, so it lives as long as the group.
    waiter: Option<std::thread::JoinHandle<()>>,
    /// ChromeDriver's log, and the sessions' profiles.
    dir: TempDir,
}

/// The process group, shared by [`Browser`] and the thread that starts it:
/// the group is started and stopped under its lock, so that a browser
/// dropped while it starts leaves nothing running.
#[derive(Default)]
struct Group {
    /// The leading shell's pid, the group's id, once started.
    leader: Option<i32>,
    /// Set when the browser is dropped: the group is not to start.
    stopped: bool,
}

/// What the waiting thread tells [`Browser::start`]: the port ChromeDriver
/// listens on, or why it could not be started or exited before it listened.
type Started = Result<u16, String>;

impl Browser {
    /// Starts ChromeDriver on a free port of the loopback, and waits until it
    /// takes sessions.
    pub async fn start() -> anyhow::Result<Browser> {
        Browser::start_with_fonts(None).await
    }

    /// [`Browser::start`] with Chromium seeing only the system's fonts in
    /// these folders (through a fontconfig file of its own): a browser
    /// without, say, any CJK font, whatever this machine has.
    pub async fn start_with_font_dirs(dirs: &[&str]) -> anyhow::Result<Browser> {
        Browser::start_with_fonts(Some(dirs)).await
    }

    async fn start_with_fonts(dirs: Option<&[&str]>) -> anyhow::Result<Browser> {
        let driver = chromedriver()?;
        // Chromium must be there too: a session would fail later, and less
        // clearly.
        chromium()?;
        let dir = tempfile::Builder::new()
            .prefix("aq-browser-")
            .tempdir()
            .context("no temporary folder for the browser")?;
        let log = dir.path().join("chromedriver.log");
        let stderr = std::fs::File::create(dir.path().join("chromedriver.stderr"))
            .context("cannot create ChromeDriver's stderr file")?;
        let mut command = Command::new("/bin/sh");
        if let Some(dirs) = dirs {
            let conf = dir.path().join("fonts.conf");
            let folders: String = dirs.iter().map(|d| format!("<dir>{d}</dir>")).collect();
            let cache = dir.path().join("fontconfig-cache");
            std::fs::write(
                &conf,
                format!(
                    "<?xml version=\"1.0\"?><!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\
                     <fontconfig>{folders}<cachedir>{}</cachedir>{RULES}</fontconfig>",
                    cache.display()
                ),
            )
            .context("cannot write the browser's font configuration")?;
            // ChromeDriver passes its environment on to Chromium.
            command.env("FONTCONFIG_FILE", &conf);
        }
        command
            .arg("-c")
            .arg(LEADER)
            .arg(&driver)
            // Port 0: ChromeDriver takes a free port and prints it.
            .arg("--port=0")
            .arg(format!("--log-path={}", log.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0);
        // SAFETY: only an async-signal-safe call between fork and exec.
        unsafe {
            command.pre_exec(|| {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let (tx, rx) = oneshot::channel();
        let group = Arc::new(Mutex::new(Group::default()));
        let shared = group.clone();
        let waiter = std::thread::Builder::new()
            .name("chromedriver".into())
            .spawn(move || run_driver(command, &shared, tx))
            .context("cannot start the thread that runs ChromeDriver")?;
        let mut browser = Browser {
            url: String::new(),
            group,
            waiter: Some(waiter),
            dir,
        };
        let deadline = Instant::now() + DRIVER_START;
        let started = tokio::time::timeout_at(deadline, rx).await.map_err(|_| {
            anyhow!(
                "ChromeDriver ({}) did not say its port within {DRIVER_START:?}{}",
                driver.display(),
                browser.log_tail()
            )
        })?;
        let port = match started {
            Ok(Ok(port)) => port,
            Ok(Err(why)) => bail!(
                "ChromeDriver ({}) did not start: {why}{}",
                driver.display(),
                browser.log_tail()
            ),
            Err(_) => bail!(
                "ChromeDriver's thread ended before it started{}",
                browser.log_tail()
            ),
        };
        browser.url = format!("http://127.0.0.1:{port}");
        browser.wait_ready(deadline).await?;
        Ok(browser)
    }

    /// ChromeDriver's address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// A new headless Chromium, with a profile of its own, its viewport
    /// `width` x `height` CSS pixels at one device pixel each: a screenshot
    /// is that size.
    pub async fn session(&self, width: u32, height: u32) -> anyhow::Result<Session> {
        let profile = tempfile::Builder::new()
            .prefix("profile-")
            .tempdir_in(self.dir.path())
            .context("no folder for the browser's profile")?;
        let mut options = json!({
            "args": [
                "--headless=new",
                // Chromium refuses to start sandboxed as root.
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                format!("--user-data-dir={}", profile.path().display()),
                format!("--window-size={width},{height}"),
                "--force-device-scale-factor=1",
                "--hide-scrollbars",
                // Without these, Chromium calls Google's services at every
                // start: refused, or slow, on a machine with no network.
                "--no-first-run",
                "--no-default-browser-check",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-quic",
                "--disable-extensions",
                "--mute-audio",
            ],
        });
        if let Some(binary) = chromium()? {
            options["binary"] = json!(binary);
        }
        let mut capabilities = Capabilities::new();
        capabilities.insert("browserName".into(), json!("chrome"));
        capabilities.insert("goog:chromeOptions".into(), options);
        let client = ClientBuilder::native()
            .capabilities(capabilities)
            .connect(&self.url)
            .await
            .with_context(|| {
                format!(
                    "ChromeDriver at {} could not start a Chromium session{}",
                    self.url,
                    self.log_tail()
                )
            })?;
        let session = Session {
            client,
            _profile: profile,
        };
        session.size_viewport(width, height).await?;
        Ok(session)
    }

    /// Waits until ChromeDriver answers `/status` with `ready`.
    async fn wait_ready(&self, deadline: Instant) -> anyhow::Result<()> {
        loop {
            let last = match status(&self.url).await {
                Ok(status) if status["value"]["ready"] == json!(true) => return Ok(()),
                Ok(status) => status.to_string(),
                Err(e) => format!("{e:#}"),
            };
            if Instant::now() >= deadline {
                bail!(
                    "ChromeDriver at {} was not ready within {DRIVER_START:?}: {last}{}",
                    self.url,
                    self.log_tail()
                );
            }
            sleep(POLL).await;
        }
    }

    /// The end of ChromeDriver's log and stderr, for an error message.
    fn log_tail(&self) -> String {
        let mut out = String::new();
        for name in ["chromedriver.stderr", "chromedriver.log"] {
            let text = std::fs::read_to_string(self.dir.path().join(name)).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            let tail = &lines[lines.len().saturating_sub(20)..];
            if !tail.is_empty() {
                out.push_str(&format!("\n--- {name} (end) ---\n{}", tail.join("\n")));
            }
        }
        out
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        {
            let mut group = self.group.lock().unwrap_or_else(|e| e.into_inner());
            group.stopped = true;
            if let Some(leader) = group.leader {
                // SAFETY: signals our own process group (ChromeDriver and
                // the Chromiums it started).
                unsafe {
                    libc::kill(-leader, libc::SIGKILL);
                }
            }
        }
        // The thread reaps the leading shell, dead by now (or never started).
        if let Some(waiter) = self.waiter.take() {
            let _ = waiter.join();
        }
    }
}

/// Runs on ChromeDriver's own thread: starts the group, tells
/// ChromeDriver's port, then waits for the group's leader to end.
fn run_driver(mut command: Command, group: &Mutex<Group>, tx: oneshot::Sender<Started>) {
    let mut child = {
        let mut group = group.lock().unwrap_or_else(|e| e.into_inner());
        if group.stopped {
            return;
        }
        let child = match command.spawn() {
            Ok(child) => child,
            Err(e) => {
                let _ = tx.send(Err(format!("cannot run /bin/sh: {e}")));
                return;
            }
        };
        group.leader = i32::try_from(child.id()).ok();
        child
    };
    let Some(stdout) = child.stdout.take() else {
        let _ = tx.send(Err("no stdout".into()));
        let _ = child.kill();
        let _ = child.wait();
        return;
    };
    let mut stdout = BufReader::new(stdout);
    let mut said = String::new();
    let mut line = String::new();
    // "ChromeDriver was started successfully on port 39143."
    let port = loop {
        line.clear();
        match stdout.read_line(&mut line) {
            Ok(0) | Err(_) => break None,
            Ok(_) => {}
        }
        said.push_str(&line);
        if let Some(rest) = line.split("started successfully on port ").nth(1) {
            let port = rest.trim().trim_end_matches('.').parse::<u16>();
            break Some(port.map_err(|e| format!("port in {line:?}: {e}")));
        }
    };
    let Some(port) = port else {
        let status = child.wait();
        let _ = tx.send(Err(format!(
            "it exited ({status:?}) after printing {said:?}"
        )));
        return;
    };
    let _ = tx.send(port);
    // Whatever else it prints, unread, would fill the pipe and stop it. On
    // a thread of its own: the Chromiums' crash handlers, outside the group,
    // may hold the pipe open for a moment after the group is killed, and
    // the browser's drop waits for the leader only.
    let _ = std::thread::Builder::new()
        .name("chromedriver-stdout".into())
        .spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    let _ = child.wait();
}

/// ChromeDriver's `/status`, over plain HTTP/1.1 (it keeps the connection
/// open: the body is read to its `Content-Length`).
async fn status(url: &str) -> anyhow::Result<Value> {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let addr = url.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(addr)
        .await
        .with_context(|| format!("cannot connect to {addr}"))?;
    stream
        .write_all(b"GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .context("cannot ask for /status")?;
    let read = async {
        let mut answer = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            let n = stream.read(&mut chunk).await?;
            answer.extend_from_slice(&chunk[..n]);
            let text = String::from_utf8_lossy(&answer);
            if let Some((head, body)) = text.split_once("\r\n\r\n") {
                let length = head.lines().find_map(|line| {
                    let (name, value) = line.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())?
                });
                if n == 0 || length.is_some_and(|length| body.len() >= length) {
                    return Ok::<_, std::io::Error>(body.to_string());
                }
            } else if n == 0 {
                return Ok(text.into_owned());
            }
        }
    };
    let body = tokio::time::timeout(Duration::from_secs(5), read)
        .await
        .context("no answer to /status within 5 s")?
        .context("cannot read /status")?;
    serde_json::from_str(&body).with_context(|| format!("/status is not JSON: {body:?}"))
}

/// ChromeDriver, as testkit/src/tiers.rs finds it.
fn chromedriver() -> anyhow::Result<PathBuf> {
    tiers::chromedriver().map_err(|e| anyhow!(e))
}

/// Chromium, as testkit/src/tiers.rs finds it.
fn chromium() -> anyhow::Result<Option<PathBuf>> {
    tiers::chromium().map_err(|e| anyhow!(e))
}

/// One headless Chromium, driven through WebDriver. Close it with
/// [`Session::close`]; a session dropped unclosed ends with its [`Browser`].
pub struct Session {
    client: Client,
    /// The profile, removed with the session.
    _profile: TempDir,
}

impl Session {
    /// The WebDriver client, for what the helpers below don't do.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The viewport's size in CSS pixels.
    pub async fn viewport(&self) -> anyhow::Result<(u32, u32)> {
        let size = self
            .execute("return [window.innerWidth, window.innerHeight];", vec![])
            .await?;
        serde_json::from_value(size.clone())
            .with_context(|| format!("the viewport's size is {size}"))
    }

    /// Sizes the window so that the viewport is `width` x `height`: the
    /// window of headless Chromium still counts a browser's toolbars (some
    /// 140 pixels in height), which are not drawn.
    pub async fn size_viewport(&self, width: u32, height: u32) -> anyhow::Result<()> {
        let (mut outer_width, mut outer_height) = (width, height);
        for _ in 0..3 {
            self.client
                .set_window_size(outer_width, outer_height)
                .await
                .context("cannot size the browser's window")?;
            let (inner_width, inner_height) = self.viewport().await?;
            if (inner_width, inner_height) == (width, height) {
                return Ok(());
            }
            outer_width = (outer_width + width).saturating_sub(inner_width);
            outer_height = (outer_height + height).saturating_sub(inner_height);
        }
        let (inner_width, inner_height) = self.viewport().await?;
        bail!("asked for a {width}x{height} viewport, Chromium has {inner_width}x{inner_height}")
    }

    /// Opens `url` and waits for it to load.
    pub async fn goto(&self, url: &str) -> anyhow::Result<()> {
        self.client
            .goto(url)
            .await
            .with_context(|| format!("cannot open {url}"))
    }

    /// The page's address now.
    pub async fn current_url(&self) -> anyhow::Result<String> {
        Ok(self
            .client
            .current_url()
            .await
            .context("no current URL")?
            .to_string())
    }

    async fn find(&self, css: &str) -> anyhow::Result<fantoccini::elements::Element> {
        match self.client.find(Locator::Css(css)).await {
            Ok(element) => Ok(element),
            Err(e) => {
                let url = self.current_url().await.unwrap_or_default();
                Err(e).with_context(|| format!("no element {css:?} on {url}"))
            }
        }
    }

    /// The text of the first element matching `css`, as rendered (hidden
    /// text left out).
    pub async fn text_of(&self, css: &str) -> anyhow::Result<String> {
        self.find(css)
            .await?
            .text()
            .await
            .with_context(|| format!("cannot read the text of {css:?}"))
    }

    /// Clicks the first element matching `css`, as a person would: it must
    /// be visible and not covered.
    pub async fn click(&self, css: &str) -> anyhow::Result<()> {
        self.find(css)
            .await?
            .click()
            .await
            .with_context(|| format!("cannot click {css:?}"))
    }

    /// Types `text` into the first element matching `css`.
    pub async fn type_into(&self, css: &str, text: &str) -> anyhow::Result<()> {
        self.find(css)
            .await?
            .send_keys(text)
            .await
            .with_context(|| format!("cannot type into {css:?}"))
    }

    /// The attribute `name` of the first element matching `css` (`None`
    /// when it has none).
    pub async fn attr(&self, css: &str, name: &str) -> anyhow::Result<Option<String>> {
        self.find(css)
            .await?
            .attr(name)
            .await
            .with_context(|| format!("cannot read {name:?} of {css:?}"))
    }

    /// Whether an element matches `css` now.
    pub async fn exists(&self, css: &str) -> anyhow::Result<bool> {
        let found = self
            .client
            .find_all(Locator::Css(css))
            .await
            .with_context(|| format!("cannot look for {css:?}"))?;
        Ok(!found.is_empty())
    }

    /// Waits until an element matches `css`, looking every 50 ms.
    pub async fn wait_for(&self, css: &str, timeout: Duration) -> anyhow::Result<()> {
        let deadline = Instant::now() + timeout;
        loop {
            if self.exists(css).await? {
                return Ok(());
            }
            if Instant::now() >= deadline {
                let url = self.current_url().await.unwrap_or_default();
                bail!("no element {css:?} on {url} within {timeout:?}");
            }
            sleep(POLL).await;
        }
    }

    /// Waits until the first element matching `css` has a text containing
    /// `contains`, looking every 50 ms; returns that text.
    pub async fn wait_until_text(
        &self,
        css: &str,
        contains: &str,
        timeout: Duration,
    ) -> anyhow::Result<String> {
        let deadline = Instant::now() + timeout;
        let mut last = None;
        loop {
            let found = self.client.find_all(Locator::Css(css)).await;
            if let Some(element) = found.ok().and_then(|f| f.into_iter().next()) {
                // The element may go between finding and reading it.
                if let Ok(text) = element.text().await {
                    if text.contains(contains) {
                        return Ok(text);
                    }
                    last = Some(text);
                }
            }
            if Instant::now() >= deadline {
                let url = self.current_url().await.unwrap_or_default();
                let seen = match last {
                    Some(text) => format!("its text was {text:?}"),
                    None => "there was no such element".to_string(),
                };
                bail!("{css:?} on {url} did not contain {contains:?} within {timeout:?}: {seen}");
            }
            sleep(POLL).await;
        }
    }

    /// A PNG of the viewport, one pixel a CSS pixel.
    pub async fn screenshot_png(&self) -> anyhow::Result<Vec<u8>> {
        self.client
            .screenshot()
            .await
            .context("cannot take a screenshot")
    }

    /// Runs `js` as the body of a function of `args` (`arguments[0]`, ...)
    /// in the page, and returns what it returns. WebDriver's scripts are not
    /// subject to the page's Content-Security-Policy.
    pub async fn execute(&self, js: &str, args: Vec<Value>) -> anyhow::Result<Value> {
        self.client
            .execute(js, args)
            .await
            .with_context(|| format!("script failed: {}", abbreviate(js)))
    }

    /// As [`Session::execute`], for a script that answers later: it calls
    /// its last argument with the result.
    pub async fn execute_async(&self, js: &str, args: Vec<Value>) -> anyhow::Result<Value> {
        self.client
            .execute_async(js, args)
            .await
            .with_context(|| format!("script failed: {}", abbreviate(js)))
    }

    /// The page's accessibility problems: axe-core's violations of WCAG 2.0
    /// A and AA ([`AXE_TAGS`]), one line each: the rule, its impact, what
    /// it checks, and the CSS selectors of the failing elements. Empty when
    /// there are none.
    pub async fn accessibility_problems(&self) -> anyhow::Result<Vec<String>> {
        self.accessibility_problems_with(AXE_TAGS).await
    }

    /// [`Session::accessibility_problems`] under axe-core's rules tagged
    /// with any of `tags` (`wcag21aa`, `best-practice`, ...).
    pub async fn accessibility_problems_with(&self, tags: &[&str]) -> anyhow::Result<Vec<String>> {
        let loaded = self
            .execute(
                "return !!(window.axe && typeof window.axe.run === 'function');",
                vec![],
            )
            .await?;
        if loaded != json!(true) {
            // The script itself, not an eval of it (which the page's
            // policy may forbid): axe-core defines window.axe.
            let script = format!("{}\n;return typeof window.axe;", axe_source()?);
            let kind = self
                .execute(&script, vec![])
                .await
                .context("cannot load axe-core into the page")?;
            if kind != json!("object") {
                bail!("axe-core did not define window.axe in the page (got {kind})");
            }
        }
        let result = self
            .execute_async(
                r#"const done = arguments[arguments.length - 1];
window.axe
  .run(document, { runOnly: { type: 'tag', values: arguments[0] }, resultTypes: ['violations'] })
  .then(
    (r) => done({ violations: r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      description: v.description,
      targets: v.nodes.map((n) => n.target.join(' ')),
    })) }),
    (e) => done({ error: String((e && e.stack) || e) }),
  );"#,
                vec![json!(tags)],
            )
            .await
            .context("cannot run axe-core")?;
        if let Some(error) = result.get("error") {
            bail!("axe-core failed: {error}");
        }
        let violations = result["violations"]
            .as_array()
            .ok_or_else(|| anyhow!("axe-core answered without violations: {result}"))?;
        Ok(violations
            .iter()
            .map(|v| {
                let targets: Vec<&str> = v["targets"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                    .collect();
                format!(
                    "{} ({}): {} at {}",
                    v["id"].as_str().unwrap_or("?"),
                    v["impact"].as_str().unwrap_or("?"),
                    v["description"].as_str().unwrap_or("?"),
                    targets.join(", ")
                )
            })
            .collect())
    }

    /// Ends the session: Chromium quits.
    pub async fn close(self) -> anyhow::Result<()> {
        self.client
            .close()
            .await
            .context("cannot end the browser session")
    }
}

/// The first line of a script, for an error message.
fn abbreviate(js: &str) -> String {
    let first = js.lines().next().unwrap_or_default();
    let mut short: String = first.chars().take(120).collect();
    if short != js {
        short.push_str(" ...");
    }
    short
}

/// axe-core's script, where testkit/src/tiers.rs finds it; read once.
fn axe_source() -> anyhow::Result<&'static str> {
    static AXE: OnceLock<Result<String, String>> = OnceLock::new();
    let read = AXE.get_or_init(|| {
        let path = tiers::axe_core()?;
        std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read axe-core at {}: {e}", path.display()))
    });
    read.as_deref().map_err(|e| anyhow!("{e}"))
}

// ----- golden images -----

/// How far apart two channels of a pixel may be and still count as the
/// same.
pub const GOLDEN_CHANNEL_THRESHOLD: u8 = 16;

/// How a screenshot differs from its golden image.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    pub expected_size: (u32, u32),
    pub actual_size: (u32, u32),
    /// Pixels with a channel more than [`GOLDEN_CHANNEL_THRESHOLD`] apart
    /// (all of them when the sizes differ).
    pub differing: u64,
    pub total: u64,
}

impl Difference {
    /// The share of pixels that differ.
    pub fn fraction(&self) -> f64 {
        if self.total == 0 {
            0.0
        } else {
            self.differing as f64 / self.total as f64
        }
    }

    /// Same size, and at most `tolerance` of the pixels differing.
    pub fn within(&self, tolerance: f64) -> bool {
        self.expected_size == self.actual_size && self.fraction() <= tolerance
    }
}

/// Compares two PNGs pixel by pixel (RGBA).
pub fn compare_png(expected: &[u8], actual: &[u8]) -> anyhow::Result<Difference> {
    let expected = image::load_from_memory(expected)
        .context("the golden image is not a readable picture")?
        .to_rgba8();
    let actual = image::load_from_memory(actual)
        .context("the new image is not a readable picture")?
        .to_rgba8();
    let total = u64::from(actual.width()) * u64::from(actual.height());
    let differing = if expected.dimensions() == actual.dimensions() {
        expected
            .pixels()
            .zip(actual.pixels())
            .filter(|(a, b)| pixel_differs(a, b))
            .count() as u64
    } else {
        total
    };
    Ok(Difference {
        expected_size: expected.dimensions(),
        actual_size: actual.dimensions(),
        differing,
        total,
    })
}

fn pixel_differs(a: &image::Rgba<u8>, b: &image::Rgba<u8>) -> bool {
    a.0.iter()
        .zip(b.0)
        .any(|(x, y)| x.abs_diff(y) > GOLDEN_CHANNEL_THRESHOLD)
}

/// Checks a screenshot against its golden image, `tests/golden/web/NAME.png`:
/// the same size, and at most `tolerance` (a fraction, 0.01 for 1%) of its
/// pixels with a channel more than [`GOLDEN_CHANNEL_THRESHOLD`] (16 of 255)
/// apart. On a mismatch the new picture is written to
/// `target/golden-diff/NAME.png`, and the differing pixels in red on a
/// faded copy of it to `NAME.diff.png`, and the test fails naming both.
/// With `UPDATE_GOLDEN` set (`UPDATE_GOLDEN=1 cargo test --test ...`) the
/// golden image is written instead.
///
/// How robust this is: Chromium's pictures of a page are the same, pixel
/// for pixel, from one run to the next with the same Chromium and the same
/// font files, which is what CI has (Debian's `chromium`, the machine's
/// `fonts-dejavu-core`). The threshold absorbs small changes of colour
/// (antialiasing and colour rounding of another Chromium build); the
/// tolerance absorbs a few glyphs drawn a pixel apart (another FreeType or
/// a point release of the same font): a few tenths of a percent for a page
/// of text. What it does not absorb, and should not, is text in another
/// font: a machine that lacks the font a page asks for falls back to
/// another, whose every word is a different shape and width. So a page
/// under a golden test names fonts every machine of the project has
/// (`font-family: "DejaVu Sans"`) or, better, serves its own font file
/// with `@font-face`; and when a new Chromium moves things on purpose, the
/// images are looked at in target/golden-diff and rewritten with
/// `UPDATE_GOLDEN=1`.
pub fn assert_golden(name: &str, png: &[u8], tolerance: f64) {
    let golden = crate::root().join("tests/golden/web");
    let diff = target_dir().join("golden-diff");
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    if let Err(e) = check_golden(&golden, &diff, name, png, tolerance, update) {
        panic!("{e}");
    }
}

/// [`assert_golden`] with its folders: compares `png` with
/// `golden_dir/NAME.png` (writes it instead when `update`), and on a
/// mismatch writes `diff_dir/NAME.png` and `diff_dir/NAME.diff.png`; the
/// error says what differs and where the pictures are.
pub fn check_golden(
    golden_dir: &Path,
    diff_dir: &Path,
    name: &str,
    png: &[u8],
    tolerance: f64,
    update: bool,
) -> Result<(), String> {
    let golden = golden_dir.join(format!("{name}.png"));
    if update {
        if let Err(e) = image::load_from_memory(png) {
            return Err(format!(
                "{name}: the new image is not a readable picture: {e}"
            ));
        }
        return std::fs::create_dir_all(golden_dir)
            .and_then(|()| std::fs::write(&golden, png))
            .map_err(|e| format!("{name}: cannot write {}: {e}", golden.display()));
    }
    let expected = std::fs::read(&golden).map_err(|e| {
        format!(
            "{name}: no golden image at {}: {e}; run with UPDATE_GOLDEN=1 to create it",
            golden.display()
        )
    })?;
    let difference = compare_png(&expected, png).map_err(|e| format!("{name}: {e:#}"))?;
    if difference.within(tolerance) {
        return Ok(());
    }
    let new = diff_dir.join(format!("{name}.png"));
    let marked = diff_dir.join(format!("{name}.diff.png"));
    let written = std::fs::create_dir_all(diff_dir)
        .and_then(|()| std::fs::write(&new, png))
        .map_err(|e| e.to_string())
        .and_then(|()| write_marked(&expected, png, &marked));
    let written = match written {
        Ok(()) if difference.expected_size == difference.actual_size => format!(
            "the new image is {}, the differences in red {}",
            new.display(),
            marked.display()
        ),
        Ok(()) => format!("the new image is {}", new.display()),
        Err(e) => format!("(the new image could not be written: {e})"),
    };
    if difference.expected_size != difference.actual_size {
        return Err(format!(
            "{name}: {}x{} instead of the golden {}x{} of {}; {written}; \
             if intended, run with UPDATE_GOLDEN=1",
            difference.actual_size.0,
            difference.actual_size.1,
            difference.expected_size.0,
            difference.expected_size.1,
            golden.display()
        ));
    }
    Err(format!(
        "{name}: {} of {} pixels ({:.3}%) differ from {} (tolerance {:.3}%); {written}; \
         if intended, run with UPDATE_GOLDEN=1",
        difference.differing,
        difference.total,
        difference.fraction() * 100.0,
        golden.display(),
        tolerance * 100.0
    ))
}

/// The new picture faded, its pixels that differ from the golden one in
/// red (when the sizes match).
fn write_marked(expected: &[u8], actual: &[u8], path: &Path) -> Result<(), String> {
    let expected = image::load_from_memory(expected)
        .map_err(|e| e.to_string())?
        .to_rgba8();
    let mut marked = image::load_from_memory(actual)
        .map_err(|e| e.to_string())?
        .to_rgba8();
    if expected.dimensions() != marked.dimensions() {
        return Ok(());
    }
    for (golden, pixel) in expected.pixels().zip(marked.pixels_mut()) {
        *pixel = if pixel_differs(golden, pixel) {
            image::Rgba([255, 0, 0, 255])
        } else {
            let [r, g, b, _] = pixel.0;
            let fade = |c: u8| 191 + c / 4;
            image::Rgba([fade(r), fade(g), fade(b), 255])
        };
    }
    marked.save(path).map_err(|e| e.to_string())
}
