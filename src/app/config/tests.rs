//! The configuration's tests: every variable read, refused and shown.
use super::*;

fn config(vars: &[(&str, &str)]) -> Result<Config, BadSetting> {
    Config::from_lookup(|key| {
        vars.iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.to_string())
    })
}

#[test]
fn shards_are_a_range_below_their_total_or_as_discord_recommends() {
    let range = |first, last, total| Some(ShardRange { first, last, total });
    assert_eq!(shard_range(None, None), Ok(None));
    assert_eq!(shard_range(None, Some("4")), Ok(range(0, 3, 4)));
    assert_eq!(shard_range(Some("0-3"), Some("8")), Ok(range(0, 3, 8)));
    assert_eq!(shard_range(Some("5"), Some("8")), Ok(range(5, 5, 8)));
    for (shards, total, name) in [
        (Some("0-3"), None, DISCORD_SHARD_TOTAL),
        (Some("0-8"), Some("8"), DISCORD_SHARDS),
        (Some("3-1"), Some("8"), DISCORD_SHARDS),
        (Some("a-b"), Some("8"), DISCORD_SHARDS),
        (None, Some("0"), DISCORD_SHARD_TOTAL),
    ] {
        let refused = shard_range(shards, total).expect_err("refused");
        assert_eq!(refused.name, name, "{shards:?} of {total:?}: {refused}");
    }
    let c = config(&[
        (DISCORD_TOKEN, "t"),
        (DISCORD_SHARDS, "1-2"),
        (DISCORD_SHARD_TOTAL, "4"),
    ])
    .expect("valid");
    assert_eq!(c.shards, range(1, 2, 4));
    assert_eq!(c.discord().expect("a token").shards, range(1, 2, 4));
}

#[test]
fn the_web_pages_take_an_address_a_url_and_a_long_secret() {
    for (name, value) in [
        (WEB_ADDR, "localhost"),
        (WEB_ADDR, "127.0.0.1"),
        (PUBLIC_URL, "aq.example.org"),
        (WEB_SECRET, "short"),
        (WEB_TRUSTED_PROXY, "my-proxy"),
        (WEB_TRUSTED_PROXY, "10.0.0.0/40"),
    ] {
        let refused = config(&[(name, value)]).expect_err("refused");
        assert_eq!(refused.name, name, "{value}: {refused}");
        assert!(
            !refused.to_string().contains("short"),
            "a secret is never said"
        );
    }
    let c = config(&[(WEB_ADDR, "127.0.0.1:9000")]).expect("valid");
    assert_eq!(
        c.web().expect("on").public_url,
        "http://127.0.0.1:9000",
        "without PUBLIC_URL, the loopback address listened on"
    );
    // Listening beyond this machine, links need the address players
    // reach: 0.0.0.0 is none.
    for wide in ["0.0.0.0:9000", "[::]:9000", "192.0.2.7:8080"] {
        let refused = config(&[(WEB_ADDR, wide)]).expect_err("no PUBLIC_URL");
        assert_eq!(refused.name, PUBLIC_URL, "{wide}: {refused}");
    }
    let c = config(&[
        (WEB_ADDR, "0.0.0.0:9000"),
        (PUBLIC_URL, "https://aq.example.org/"),
    ])
    .expect("valid");
    assert_eq!(c.web().expect("on").public_url, "https://aq.example.org");
    assert!(
        config(&[]).expect("valid").web().is_none(),
        "off unless set"
    );
    assert!(
        c.web().expect("on").trusted_proxies.is_empty(),
        "no proxy unless set"
    );
}

#[test]
fn the_deferral_bound_said_is_the_one_checked() {
    let said = format!("below {} ms", DEFER_AFTER_BOUND.as_millis());
    assert!(DEFER_EXPECTS.contains(&said), "{DEFER_EXPECTS}");
}

#[test]
fn nothing_set_is_every_default() {
    let c = config(&[]).expect("valid");
    assert_eq!(c.discord_token, None);
    assert_eq!(c.database_url, DEFAULT_DATABASE_URL);
    assert_eq!(c.log_filter, None);
    assert_eq!((c.guild_id, c.api_base.as_deref()), (None, None));
    assert_eq!(c.defer_after, DEFAULT_DEFER_AFTER);
    assert_eq!(c.http_timeout, DEFAULT_HTTP_TIMEOUT);
    assert!(VARIABLES.iter().all(|v| c.origin(v) == Origin::Default));
    assert!(!c.serves());
}

#[test]
fn an_empty_or_blank_value_is_unset_for_every_variable() {
    for empty in ["", " ", "\t \n"] {
        let vars: Vec<(&str, &str)> = VARIABLES.iter().map(|v| (*v, empty)).collect();
        let c = config(&vars).expect("empty values are unset, not bad");
        assert_eq!(c.discord_token, None, "{empty:?}");
        assert_eq!(c.database_url, DEFAULT_DATABASE_URL, "never in memory");
        assert_eq!(c.log_filter, None);
        assert_eq!(c.log_filter(true), SERVING_LOG);
        assert_eq!(c.log_filter(false), TERMINAL_LOG);
        assert_eq!(c.defer_after, DEFAULT_DEFER_AFTER);
        assert!(VARIABLES.iter().all(|v| c.origin(v) == Origin::Default));
    }
}

#[test]
fn values_are_read_trimmed_and_remember_their_origin() {
    let c = config(&[
        (DISCORD_TOKEN, " t0ken "),
        (DATABASE_URL, "sqlite:///data/x.db"),
        (RUST_LOG, "aquaretto_bot=debug"),
        (DISCORD_GUILD_ID, "123"),
        (DISCORD_API_BASE, "http://127.0.0.1:9/"),
        (DISCORD_DEFER_AFTER_MS, "0"),
        (DISCORD_HTTP_TIMEOUT_MS, "2500"),
        (DISCORD_SHARDS, " 0-1 "),
        (DISCORD_SHARD_TOTAL, "2"),
        (WEB_ADDR, " 127.0.0.1:8080 "),
        (PUBLIC_URL, "https://aq.example.org/"),
        (WEB_SECRET, "a secret of thirty-two characters!"),
        (WEB_TRUSTED_PROXY, " 127.0.0.1, 10.0.0.0/8 "),
        (DISCORD_CLIENT_SECRET, " cl13nt-s3cret_0f-an-app "),
    ])
    .expect("valid");
    let web = c.web().expect("the web pages are on");
    assert_eq!(web.addr.to_string(), "127.0.0.1:8080");
    assert_eq!(web.trusted_proxies.len(), 2);
    assert!(c
        .shown()
        .iter()
        .any(|l| l.starts_with("WEB_TRUSTED_PROXY=127.0.0.1, 10.0.0.0/8  #")));
    assert_eq!(web.public_url, "https://aq.example.org");
    assert_eq!(
        web.secret.as_deref(),
        Some("a secret of thirty-two characters!")
    );
    assert!(
        !c.shown().iter().any(|l| l.contains("thirty-two")),
        "masked"
    );
    assert_eq!(c.discord_token.as_deref(), Some("t0ken"));
    assert_eq!(c.database_url, "sqlite:///data/x.db");
    assert_eq!(c.log_filter(true), "aquaretto_bot=debug");
    assert_eq!(c.guild_id, Some(123));
    assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
    assert!(c.defer_after.is_zero());
    assert_eq!(c.http_timeout, Duration::from_millis(2500));
    assert!(VARIABLES.iter().all(|v| c.origin(v) == Origin::Environment));
    let d = c.discord().expect("a token is set");
    assert_eq!((d.token.as_str(), d.guild_id), ("t0ken", Some(123)));
}

#[test]
fn a_bad_value_is_refused_with_its_name_what_it_expects_and_what_it_got() {
    let err = config(&[(DISCORD_DEFER_AFTER_MS, "abc")]).expect_err("not a number");
    assert_eq!(
        err.to_string(),
        "DISCORD_DEFER_AFTER_MS must be a whole number of milliseconds below 2500 ms \
         (Discord drops an interaction not answered within 3 seconds), not \"abc\""
    );
    for (name, value) in [
        (DISCORD_DEFER_AFTER_MS, "2500"),
        (DISCORD_DEFER_AFTER_MS, "-1"),
        (DISCORD_HTTP_TIMEOUT_MS, "0"),
        (DISCORD_HTTP_TIMEOUT_MS, "30s"),
        (DISCORD_GUILD_ID, "0"),
        (DISCORD_GUILD_ID, "my server"),
        (DISCORD_API_BASE, "127.0.0.1:9"),
        (DATABASE_URL, "sqlite://x.db?mode=sometimes"),
        (RUST_LOG, "aquaretto_bot=loud"),
    ] {
        let err = config(&[(name, value)]).expect_err(value);
        assert_eq!(err.name, name);
        let said = err.to_string();
        assert!(
            said.starts_with(&format!("{name} must be "))
                && said.ends_with(&format!("not {value:?}")),
            "{said}"
        );
    }
    assert!(config(&[(DISCORD_DEFER_AFTER_MS, "2499")]).is_ok());
}

#[test]
fn the_discord_configuration_needs_the_token() {
    let err = config(&[]).expect("valid").discord().expect_err("no token");
    assert!(
        err.to_string().starts_with("DISCORD_TOKEN is not set"),
        "{err}"
    );
}

#[test]
fn the_token_is_shown_by_its_length_only() {
    let token = "x".repeat(72);
    let c = config(&[(DISCORD_TOKEN, token.as_str()), (DATABASE_URL, "a.db")]).expect("valid");
    let shown = c.shown();
    assert_eq!(shown.len(), VARIABLES.len());
    assert_eq!(
        shown[0],
        "DISCORD_TOKEN=set (72 characters, masked)  # from the environment"
    );
    assert_eq!(shown[1], "DATABASE_URL=a.db  # from the environment");
    assert_eq!(
        shown[4],
        "RUST_LOG=info,serenity=warn  # default when serving Discord (warn in the terminal)"
    );
    assert!(!shown.concat().contains(&token));
    assert!(!format!("{c:?}").contains(&token));
    let c = config(&[]).expect("valid");
    assert_eq!(
        c.shown()[0],
        "DISCORD_TOKEN=unset  # default (the bot plays in the terminal)"
    );
    assert_eq!(
        c.shown()[4],
        "RUST_LOG=warn  # default in the terminal (info,serenity=warn when serving)"
    );
}

#[test]
fn a_password_in_a_url_is_masked() {
    assert_eq!(
        mask_url("postgres://bot:hunter2@db:5432/aq?x=1"),
        "postgres://bot:****@db:5432/aq?x=1"
    );
    assert_eq!(mask_url("postgres://bot@db/aq"), "postgres://bot@db/aq");
    assert_eq!(mask_url("sqlite://aquaretto.db"), "sqlite://aquaretto.db");
    assert_eq!(mask_url("http://a/b@c:d"), "http://a/b@c:d");
    let c = config(&[(DATABASE_URL, "postgres://bot:hunter2@db/aq")]).expect("valid");
    assert!(!c.shown().concat().contains("hunter2"));
    assert!(!format!("{c:?}").contains("hunter2"));
}

#[test]
fn the_database_file_is_the_one_the_store_opens() {
    let file = |url| database_file(url).map(|p| p.display().to_string());
    assert_eq!(
        file("sqlite://aquaretto.db").as_deref(),
        Some("aquaretto.db")
    );
    assert_eq!(file("sqlite:///data/a.db").as_deref(), Some("/data/a.db"));
    assert_eq!(file("sqlite://a.db?mode=rwc").as_deref(), Some("a.db"));
    assert_eq!(file("/tmp/b.db").as_deref(), Some("/tmp/b.db"));
    assert_eq!(file("sqlite::memory:"), None);
    assert_eq!(file("postgres://db/aq"), None);
    assert_eq!(file(""), None);
}

/// The Discord side of a configuration of these variables.
fn discord(vars: &[(&str, &str)]) -> anyhow::Result<DiscordConfig> {
    config(vars)?.discord()
}

#[test]
fn the_configuration_reads_the_environment_with_defaults() {
    let c = discord(&[("DISCORD_TOKEN", "t0ken")]).expect("valid");
    assert_eq!(c.token, "t0ken");
    assert_eq!((c.guild_id, c.api_base), (None, None));
    assert_eq!(c.defer_after, DEFAULT_DEFER_AFTER);
    assert_eq!(c.http_timeout, DEFAULT_HTTP_TIMEOUT);
    let c = discord(&[
        ("DISCORD_TOKEN", "t"),
        ("DATABASE_URL", "sqlite://x.db"),
        ("DISCORD_GUILD_ID", "123"),
        ("DISCORD_API_BASE", "http://127.0.0.1:9/"),
        ("DISCORD_DEFER_AFTER_MS", "0"),
        ("DISCORD_HTTP_TIMEOUT_MS", "2500"),
    ])
    .expect("valid");
    assert_eq!(c.http_timeout, Duration::from_millis(2500));
    assert_eq!(c.guild_id, Some(123));
    assert_eq!(c.api_base.as_deref(), Some("http://127.0.0.1:9"));
    assert!(c.defer_after.is_zero());
    assert!(
        !format!("{c:?}").contains("\"t\""),
        "the token is never printed"
    );
}

#[test]
fn a_bad_configuration_is_refused_with_its_variable() {
    let err = discord(&[]).expect_err("no token");
    assert!(err.to_string().contains("DISCORD_TOKEN"));
    let err = discord(&[("DISCORD_TOKEN", " ")]).expect_err("blank token");
    assert!(err.to_string().contains("DISCORD_TOKEN"));
    for bad in ["abc", "0", "-1"] {
        let err =
            discord(&[("DISCORD_TOKEN", "t"), ("DISCORD_GUILD_ID", bad)]).expect_err("bad guild");
        assert!(err.to_string().contains("DISCORD_GUILD_ID"), "{err}");
    }
    let err = discord(&[("DISCORD_TOKEN", "t"), ("DISCORD_DEFER_AFTER_MS", "soon")])
        .expect_err("bad delay");
    assert!(err.to_string().contains("DISCORD_DEFER_AFTER_MS"));
    // A wait that would miss Discord's 3 seconds is refused at start,
    // naming the variable and the bound; just under it is taken.
    for long in ["2500", "3000", "60000"] {
        let err = discord(&[("DISCORD_TOKEN", "t"), ("DISCORD_DEFER_AFTER_MS", long)])
            .expect_err("too long a delay");
        let said = err.to_string();
        assert!(
            said.contains("DISCORD_DEFER_AFTER_MS") && said.contains("2500 ms"),
            "{said}"
        );
    }
    let c = discord(&[("DISCORD_TOKEN", "t"), ("DISCORD_DEFER_AFTER_MS", "2499")])
        .expect("under the bound");
    assert_eq!(c.defer_after, Duration::from_millis(2499));
    for bad in ["never", "0"] {
        let err = discord(&[("DISCORD_TOKEN", "t"), ("DISCORD_HTTP_TIMEOUT_MS", bad)])
            .expect_err("bad timeout");
        assert!(err.to_string().contains("DISCORD_HTTP_TIMEOUT_MS"), "{err}");
    }
}
