//! The tiers of the tests. Most tests need nothing but Rust and a C
//! compiler; three tiers need the machine prepared:
//!
//! - PostgreSQL: the system's own `initdb` and `postgres` (Debian's
//!   `postgresql` package), which testkit/src/postgres.rs starts as a
//!   throwaway server;
//! - the browser: Chromium and ChromeDriver (Debian's `chromium` and
//!   `chromium-driver`), driven by testkit/src/browser.rs;
//! - axe-core: the accessibility checker the browser tests load into their
//!   pages, fetched by `scripts/fetch-axe` into `target/axe/`.
//!
//! A test of a tier this machine lacks asks [`available`] first, which says
//! once on the terminal (past the test harness's capture) what is missing
//! and how to install it, and lets the test pass without running. With
//! [`ALL_TIERS`] set, as `.ci/run` sets it, a missing tier fails the test
//! instead, naming what is missing. The finders below are the ones the
//! support modules start the programs with: a tier is here exactly when its
//! tests could start what they need.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Set to anything but `0` or nothing, every tier must run: a missing one
/// fails its tests instead of skipping them. CI sets it (`.ci/run`).
pub const ALL_TIERS: &str = "AQUARETTO_ALL_TIERS";

/// The Debian packages the browser tests need.
pub const BROWSER_PACKAGES: &str = "chromium chromium-driver";

/// A part of the suite that needs the machine prepared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    Postgres,
    Browser,
    Axe,
}

impl Tier {
    pub const ALL: [Tier; 3] = [Tier::Postgres, Tier::Browser, Tier::Axe];

    pub fn name(self) -> &'static str {
        match self {
            Tier::Postgres => "PostgreSQL",
            Tier::Browser => "the browser (Chromium and ChromeDriver)",
            Tier::Axe => "axe-core",
        }
    }

    /// The tests that need it.
    pub fn tests(self) -> &'static str {
        match self {
            Tier::Postgres => {
                "every test named ...::on_postgresql (the referee's, Discord's, the \
                 languages' and the web's), copy-store's and the two processes'"
            }
            Tier::Browser => {
                "the web pages in a real browser (web::browser_smoke, web::web_browser)"
            }
            Tier::Axe => "the accessibility checks of the browser tests",
        }
    }

    /// How to make this machine run them.
    pub fn remedy(self) -> String {
        match self {
            Tier::Postgres => "install PostgreSQL's server programs (Debian: apt-get install \
                               postgresql), or run .ci/run, which installs every tier"
                .into(),
            Tier::Browser => format!(
                "install Chromium and ChromeDriver (Debian: apt-get install \
                 {BROWSER_PACKAGES} fonts-dejavu-core fonts-liberation), or run .ci/run"
            ),
            Tier::Axe => "run scripts/fetch-axe (the pinned version from the npm registry, \
                          into target/axe/), or .ci/run"
                .into(),
        }
    }

    /// Why this machine cannot run the tier's tests; `None` when it can.
    pub fn missing(self) -> Option<String> {
        match self {
            Tier::Postgres => postgres_bin_dir()
                .and_then(|_| postgres_server_user().map(|_| ()))
                .err(),
            Tier::Browser => chromedriver().and_then(|_| chromium().map(|_| ())).err(),
            Tier::Axe => axe_core().err(),
        }
    }
}

/// Whether every tier must run ([`ALL_TIERS`]).
pub fn all_tiers_required() -> bool {
    std::env::var(ALL_TIERS).is_ok_and(|v| !v.is_empty() && v != "0")
}

/// Whether the calling test can run its tier's part here. When it cannot,
/// says so once per tier and test binary on the terminal and answers
/// `false` (the test returns, and passes); with [`ALL_TIERS`] set, fails
/// the test naming what is missing.
pub fn available(tier: Tier) -> bool {
    let Some(why) = tier.missing() else {
        return true;
    };
    if all_tiers_required() {
        panic!(
            "{ALL_TIERS} is set and {} is missing: {why}. To run these tests: {}.",
            tier.name(),
            tier.remedy()
        );
    }
    static SAID: Mutex<Vec<Tier>> = Mutex::new(Vec::new());
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if !said.contains(&tier) {
        said.push(tier);
        // Straight to the terminal: the harness captures what a passing
        // test prints.
        let _ = writeln!(
            std::io::stderr(),
            "skipped here: the tests that need {}, which is missing ({why}); they pass \
             without running. To run them: {}.",
            tier.name(),
            tier.remedy()
        );
    }
    false
}

/// [`available`] for a test that needs several tiers: whether all are
/// here (each missing one said).
pub fn all_available(tiers: &[Tier]) -> bool {
    // Each asked, not the first missing only: every missing one is said.
    let mut all = true;
    for &tier in tiers {
        all &= available(tier);
    }
    all
}

// ----- where the programs are -----

/// An executable file (not a folder, not a device: `/dev/null` bound over
/// a program hides it).
fn executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// The executable named `name` in the `PATH`.
pub fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| executable(candidate))
}

/// The folder of the installed PostgreSQL server's programs: Debian's
/// `/usr/lib/postgresql/<version>/bin` (the newest), or the `PATH`'s.
pub fn postgres_bin_dir() -> Result<PathBuf, String> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_str()?.parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            (executable(&bin.join("initdb")) && executable(&bin.join("postgres")))
                .then_some((version, bin))
        })
        .collect();
    versions.sort();
    if let Some((_, bin)) = versions.pop() {
        return Ok(bin);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .find(|dir| executable(&dir.join("initdb")) && executable(&dir.join("postgres")))
        .ok_or_else(|| {
            "PostgreSQL's initdb and postgres are neither in /usr/lib/postgresql/*/bin nor on \
             the PATH"
                .to_string()
        })
}

/// The user and group the PostgreSQL server runs as: ours (`None`), or
/// `postgres`'s when we are root (the server refuses root).
pub fn postgres_server_user() -> Result<Option<(u32, u32)>, String> {
    // SAFETY: getuid has no preconditions.
    if unsafe { libc::getuid() } != 0 {
        return Ok(None);
    }
    // SAFETY: a NUL-terminated name; the record is read before any other
    // call to getpwnam.
    let pw = unsafe { libc::getpwnam(c"postgres".as_ptr()) };
    if pw.is_null() {
        return Err("running as root and there is no `postgres` user to run the server as".into());
    }
    // SAFETY: checked non-null above.
    let (uid, gid) = unsafe { ((*pw).pw_uid, (*pw).pw_gid) };
    Ok(Some((uid, gid)))
}

/// ChromeDriver: `$CHROMEDRIVER`, the `PATH`'s, or Debian's.
pub fn chromedriver() -> Result<PathBuf, String> {
    find_chromedriver(
        std::env::var_os("CHROMEDRIVER"),
        std::env::var_os("PATH"),
        Path::new("/usr/bin/chromedriver"),
    )
}

/// ChromeDriver: `explicit` (`$CHROMEDRIVER`), else the `chromedriver` of
/// the folders of `path` (`$PATH`), else `fallback`; an error naming the
/// packages to install when there is none.
pub fn find_chromedriver(
    explicit: Option<std::ffi::OsString>,
    path: Option<std::ffi::OsString>,
    fallback: &Path,
) -> Result<PathBuf, String> {
    if let Some(explicit) = explicit {
        let explicit = PathBuf::from(explicit);
        if !executable(&explicit) {
            return Err(format!(
                "CHROMEDRIVER is {}, which is not a program; the browser tests need \
                 Debian's packages {BROWSER_PACKAGES} (apt-get install {BROWSER_PACKAGES})",
                explicit.display()
            ));
        }
        return Ok(explicit);
    }
    let on_path = path.and_then(|path| {
        std::env::split_paths(&path)
            .map(|dir| dir.join("chromedriver"))
            .find(|candidate| executable(candidate))
    });
    if let Some(found) = on_path {
        return Ok(found);
    }
    if executable(fallback) {
        return Ok(fallback.to_path_buf());
    }
    Err(format!(
        "ChromeDriver is not installed: the browser tests need Debian's packages \
         {BROWSER_PACKAGES} (apt-get install {BROWSER_PACKAGES}), or CHROMEDRIVER set to \
         a chromedriver"
    ))
}

/// The Chromium to start: `$CHROMIUM`, or Debian's own binary (not its
/// /usr/bin/chromium launcher, which adds the flags of /etc/chromium.d);
/// `None` when only a `chromium` on the `PATH` is there, for ChromeDriver to
/// find itself.
pub fn chromium() -> Result<Option<PathBuf>, String> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Ok(Some(PathBuf::from(path)));
    }
    let debian = Path::new("/usr/lib/chromium/chromium");
    if executable(debian) {
        return Ok(Some(debian.to_path_buf()));
    }
    if ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .any(|name| on_path(name).is_some())
    {
        return Ok(None);
    }
    Err(format!(
        "Chromium is not installed: the browser tests need Debian's packages \
         {BROWSER_PACKAGES} (apt-get install {BROWSER_PACKAGES}), or CHROMIUM set to a Chromium"
    ))
}

/// Cargo's target folder: `$CARGO_TARGET_DIR` (relative to the
/// workspace's top) or the workspace's `target`.
pub fn target_dir() -> PathBuf {
    let manifest = crate::root();
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => manifest.join(dir),
        None => manifest.join("target"),
    }
}

/// axe-core's script: `$AXE_CORE_JS`, or where scripts/fetch-axe leaves it.
pub fn axe_core() -> Result<PathBuf, String> {
    let path = match std::env::var_os("AXE_CORE_JS") {
        Some(path) => PathBuf::from(path),
        None => target_dir().join("axe/axe.min.js"),
    };
    if path.is_file() {
        Ok(path)
    } else {
        Err(format!(
            "axe-core is not at {}; scripts/fetch-axe fetches the pinned version from the \
             npm registry",
            path.display()
        ))
    }
}
