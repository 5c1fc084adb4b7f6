//! What this machine could not test, said at the end of `cargo test`: the
//! tiers of the suite that need the machine prepared (PostgreSQL, the
//! browser, axe-core: testkit/src/tiers.rs), which are missing here, which
//! tests passed without running for it, and how to run them. With
//! `AQUARETTO_ALL_TIERS` set, as `.ci/run` sets it, a missing tier fails.
//!
//! A plain program (`harness = false` in Cargo.toml), so that what it says
//! is not captured; named to run last, as Cargo runs the test binaries in
//! the order of their names. It answers the test harness's `--list` as one
//! test, for `cargo nextest`.

use aquaretto_testkit::tiers::{self, Tier, ALL_TIERS};

/// Its one test, by name.
const NAME: &str = "every_tier_ran_or_is_named";

/// The test harness's options that take a value as the next argument.
const OPTIONS_WITH_VALUES: &[&str] = &[
    "--test-threads",
    "--format",
    "--skip",
    "--color",
    "--logfile",
    "--shuffle-seed",
    "-Z",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        if !args.iter().any(|a| a == "--ignored") {
            println!("{NAME}: test");
        }
        return;
    }
    // A filter that leaves this test out (`cargo test some_name`) runs
    // nothing here either, nor a run of the ignored tests only.
    let mut filters = Vec::new();
    let mut options = args.iter();
    while let Some(arg) = options.next() {
        if OPTIONS_WITH_VALUES.contains(&arg.as_str()) {
            options.next();
        } else if !arg.starts_with('-') {
            filters.push(arg);
        }
    }
    let exact = args.iter().any(|a| a == "--exact");
    if args.iter().any(|a| a == "--ignored")
        || !filters.is_empty()
            && !filters.iter().any(|f| {
                if exact {
                    *f == NAME
                } else {
                    NAME.contains(f.as_str())
                }
            })
    {
        return;
    }

    let missing: Vec<(Tier, String)> = Tier::ALL
        .into_iter()
        .filter_map(|tier| tier.missing().map(|why| (tier, why)))
        .collect();
    if missing.is_empty() {
        println!(
            "Every tier of the tests ran: {}.",
            Tier::ALL.map(Tier::name).join(", ")
        );
        return;
    }
    let required = tiers::all_tiers_required();
    if required {
        println!("{ALL_TIERS} is set, and these tiers of the tests are missing on this machine:");
    } else {
        println!("Skipped: these tiers of the tests are missing on this machine, and their tests passed without running:");
    }
    for (tier, why) in &missing {
        println!();
        println!("  {}: {why}.", tier.name());
        println!("    Tests: {}.", tier.tests());
        println!("    To run them: {}.", tier.remedy());
    }
    println!();
    if required {
        println!("Unset {ALL_TIERS} to skip them instead.");
        std::process::exit(1);
    }
    println!(
        "Everything else ran. {ALL_TIERS}=1 makes a missing tier fail instead (.ci/run sets it, \
         and installs every tier)."
    );
}
