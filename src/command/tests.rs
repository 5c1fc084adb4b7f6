//! The command language's own tests: parsing, the text form, bare values
//! and the one table of commands.

use super::*;

#[test]
fn every_command_reads_back_from_its_text_form() {
    let samples = [
        "/aq new removed:\"penguin hippo\" first:ana seed:42",
        "/aq join",
        "/aq draw truck:2",
        "/aq take truck:3",
        "/aq place at:K11 tile:2",
        "/aq place at:depot",
        "/aq hire as:trainer at:L12",
        "/aq hire as:cashier",
        "/aq move from:depot to:K10",
        "/aq move from:manager to:K12",
        "/aq move from:L12 to:keeper",
        "/aq buy from:ben at:K12",
        "/aq discard",
        "/aq expand size:large cells:\"N10 O10 N11 O11\"",
        "/aq undo",
        "/aq addbot level:strong",
        "/aq addbot",
        "/aq removebot",
        "/aq hint",
        "/aq moves",
        "/aq settings reminders:1d12h turn_limit:off hints:off",
        "/aq settings language:ja",
        "/aq language",
        "/aq language set:de",
        "/aq settings",
        "/aq nudge",
        "/aq mygames",
        "/aq review",
        "/aq review game:3 player:ana",
        "/aq notify dm:on",
        "/aq notify dm:off before:on",
        "/aq notify",
        "/aq away until:3d",
        "/aq away until:2026-12-24",
        "/aq away until:off",
        "/aq away",
        "/aq settings away:12h",
        "/aq settings clock:fast",
        "/aq settings clock:off weekend_pause:off",
        "/aq settings clock:slow weekend_pause:on",
        "/aq settings clock:normal vacations:off",
        "/aq kick",
        "/aq zoo player:ana",
        "/aq history move:3 game:7",
        "/aq games",
        "/aq games page:2",
        "/aq export",
        "/aq export game:3",
        "/aq replay",
        "/aq replay game:3 speed:fast",
        "/aq stats",
        "/aq stats player:\"ana maria\"",
        "/aq rules topic:scoring",
        "/aq help",
        "/aq board",
        "/aq board text:on",
        "/aq tournament action:new",
        "/aq tournament action:new name:Cup format:round_robin size:5 clock:off deadline:3d rated:off vacations:on",
        "/aq tournament action:join",
        "/aq tournament action:leave",
        "/aq tournament action:start",
        "/aq tournament action:standings",
        "/aq tournament action:drop player:ana",
        "/aq tournament action:extend",
        "/aq tournament action:end",
    ];
    for text in samples {
        let command = parse(text).unwrap();
        assert_eq!(command.to_text(), text);
    }
}

#[test]
fn discord_forms_read_as_the_command_language() {
    assert_eq!(parse("/aq game join"), Ok(Command::Join));
    assert_eq!(parse("game START"), Ok(Command::Start));
    assert_eq!(
        parse("/aq past replay speed:fast"),
        parse("/aq replay speed:fast")
    );
    assert_eq!(
        parse("/aq game new seed:7").map(|c| c.to_text()),
        Ok("/aq new seed:7".to_string()),
        "the record keeps the command language's form"
    );
    // A group word alone, or before a command that is not in it, is no
    // command.
    assert!(parse("/aq game").is_err());
    assert!(parse("/aq game draw truck:1").is_err());
}

#[test]
fn names_and_values_are_case_insensitive_and_aq_is_optional() {
    assert_eq!(parse("/AQ TAKE Truck:2"), Ok(Command::Take { truck: 2 }));
    assert_eq!(parse("take truck:2"), Ok(Command::Take { truck: 2 }));
    assert_eq!(
        parse("place at:k11"),
        Ok(Command::Place {
            at: Target::Cell("K11".parse().unwrap()),
            tile: None
        })
    );
}

#[test]
fn a_place_may_carry_its_tile_as_autocomplete_offers_it() {
    let k11 = Target::Cell("K11".parse().unwrap());
    assert_eq!(
        parse("/aq place at:\"K11 tile:2\""),
        Ok(Command::Place {
            at: k11,
            tile: Some(2)
        })
    );
    assert_eq!(
        parse("/aq place at:\"depot TILE:1\" tile:1"),
        Ok(Command::Place {
            at: Target::Depot,
            tile: Some(1)
        })
    );
    let err = parse("/aq place at:\"K11 tile:2\" tile:1").unwrap_err();
    assert!(err.to_string().contains("name different tiles"), "{err}");
    let err = parse("/aq place at:\"K11 slot:2\"").unwrap_err();
    assert!(err.to_string().contains("is not a place"), "{err}");
    let err = parse("/aq place at:\"K11 tile:2 tile:3\"").unwrap_err();
    assert!(err.to_string().contains("is not a place"), "{err}");
}

#[test]
fn durations_are_read_in_one_place() {
    assert_eq!(Every::parse("30m"), Ok(Every::After(1_800_000)));
    assert_eq!(Every::parse("12H"), Ok(Every::After(43_200_000)));
    assert_eq!(Every::parse(" 2d "), Ok(Every::After(172_800_000)));
    assert_eq!(Every::parse("1h30m"), Ok(Every::After(5_400_000)));
    assert_eq!(Every::parse("1m"), Ok(Every::After(60_000)));
    assert_eq!(Every::parse("off"), Ok(Every::Off));
    for bad in ["12x", "-1h", "12", "h", "", "1.5h", "1 h", "12h30"] {
        let err = Every::parse(bad).unwrap_err();
        assert!(
            err.to_string().contains("is not a duration"),
            "{bad}: {err}"
        );
    }
    let err = Every::parse("0m").unwrap_err();
    assert!(err.to_string().contains("at least 1m"), "{err}");
    let err = Every::parse(&"9".repeat(40)).unwrap_err();
    assert!(err.to_string().contains("is not a duration"), "{err}");
    let err = Every::parse("999999d").unwrap_err();
    assert!(err.to_string().contains("at most 60d"), "{err}");
    for text in ["1m", "12h", "1d12h", "2d", "1h30m", "off"] {
        let every = Every::parse(text).unwrap();
        assert_eq!(every.to_string(), text);
    }
    let err = parse("/aq settings reminders:12x").unwrap_err();
    assert!(err.to_string().contains("is not a duration"), "{err}");
    let err = parse("/aq notify dm:maybe").unwrap_err();
    assert!(err.to_string().contains("on or off"), "{err}");
}

#[test]
fn a_clock_is_a_named_pace_or_off() {
    use crate::time_control::Pace;
    assert_eq!(
        parse("settings clock:FAST weekend_pause:on"),
        Ok(Command::Settings {
            reminders: None,
            turn_limit: None,
            hints: None,
            language: None,
            away: None,
            clock: Some(ClockChoice::Pace(Pace::Fast)),
            weekend_pause: Some(true),
            vacations: None,
        })
    );
    for choice in ClockChoice::ALL {
        assert_eq!(ClockChoice::parse(choice.word()), Ok(choice));
    }
    assert_eq!(ClockChoice::parse(" off "), Ok(ClockChoice::Off));
    assert_eq!(ClockChoice::Off.pace(), None);
    for bad in ["blitz", "3d", "", "on"] {
        let err = parse(&format!("/aq settings clock:{bad}")).unwrap_err();
        assert!(
            err.to_string().contains("fast, normal, slow or off"),
            "{bad}: {err}"
        );
    }
    let err = parse("/aq settings weekend_pause:sometimes").unwrap_err();
    assert!(err.to_string().contains("on or off"), "{err}");
}

#[test]
fn the_one_option_a_person_gives_may_come_bare() {
    let bare_and_named = [
        ("draw 2", "/aq draw truck:2"),
        ("take 1", "/aq take truck:1"),
        ("place K11", "/aq place at:K11"),
        ("place depot tile:2", "/aq place at:depot tile:2"),
        ("hire cashier", "/aq hire as:cashier"),
        ("hire trainer at:L12", "/aq hire as:trainer at:L12"),
        ("addbot strong", "/aq addbot level:strong"),
        ("notify on", "/aq notify dm:on"),
        ("away 2d", "/aq away until:2d"),
        ("language ja", "/aq language set:ja"),
        ("zoo ana", "/aq zoo player:ana"),
        ("zoo ana maria", "/aq zoo player:\"ana maria\""),
        ("stats ben", "/aq stats player:ben"),
        ("games 2", "/aq games page:2"),
        ("export 3", "/aq export game:3"),
        ("rules money", "/aq rules topic:money"),
        ("/aq rules money", "/aq rules topic:money"),
        ("moves expand", "/aq moves of:expand"),
        ("moves expand small", "/aq moves of:\"expand small\""),
        ("board text", "/aq board text:on"),
        ("reset server", "/aq reset what:server"),
        ("tournament join", "/aq tournament action:join"),
        ("season last", "/aq season which:last"),
        ("season 2026-Q3", "/aq season which:2026-Q3"),
        ("season length:month", "/aq season length:month"),
        (
            "tournament new size:3 name:\"Spring cup\"",
            "/aq tournament action:new name:\"Spring cup\" size:3",
        ),
    ];
    for (bare, named) in bare_and_named {
        let command = parse(bare).unwrap_or_else(|e| panic!("{bare}: {e}"));
        assert_eq!(command.to_text(), named, "{bare}");
        assert_eq!(parse(named), Ok(command), "{named}");
    }
    let with_one: Vec<&str> = COMMANDS
        .iter()
        .map(|spec| spec.name)
        .filter(|name| bare_option(name).is_some())
        .collect();
    assert_eq!(
        with_one,
        [
            "addbot",
            "draw",
            "take",
            "place",
            "hire",
            "moves",
            "language",
            "notify",
            "away",
            "board",
            "zoo",
            "games",
            "export",
            "stats",
            "rules",
            "reset",
            "tournament",
            "season"
        ]
    );
    for name in with_one {
        assert!(
            bare_and_named
                .iter()
                .any(|(bare, _)| bare.trim_start_matches("/aq ").starts_with(name)),
            "{name} is tried bare above"
        );
    }
    assert_eq!(parse("moves"), Ok(Command::Moves));
    assert_eq!(parse("moves of:"), Ok(Command::Moves));
}

#[test]
fn a_bare_value_that_fits_no_option_is_refused_with_the_options() {
    let refused = [
        ("board 3", "text is on or off, not '3' (/aq board [text])"),
        ("score 3", "/aq score takes no options, not '3'"),
        ("history 3", "/aq history [move:<n>] [game:<id>]"),
        (
            "replay fast",
            "/aq replay [game:<id>] [speed:<slow|normal|fast>]",
        ),
        ("buy ben", "/aq buy from:<player> at:<cell>"),
        (
            "move depot",
            "/aq move from:<depot|cell|role> to:<cell|role>",
        ),
        ("expand small", "/aq expand size:<small|large> cells:"),
        ("settings 12h", "/aq settings [reminders:"),
        ("new 42", "/aq new [removed:"),
        ("draw two", "not 'two' (/aq draw truck:<n>)"),
        ("take 1 2", "not '1 2' (/aq take truck:<n>)"),
        ("place Z99", "(/aq place at:<cell|depot> [tile:<n>])"),
        ("hire boss", "not a role"),
        ("addbot hard", "easy, normal or strong"),
        ("notify maybe", "on or off"),
        ("games -1", "whole number"),
        ("draw 2 truck:3", "the option truck is given twice"),
    ];
    for (text, says) in refused {
        let err = parse(text).expect_err(text);
        assert!(err.to_string().contains(says), "{text}: {err}");
    }
}

#[test]
fn a_tournament_reads_its_action_and_new_alone_takes_settings() {
    assert_eq!(
        parse("/aq tournament new format:ROUND-ROBIN size:2 deadline:7d clock:slow"),
        Ok(Command::Tournament(TournamentAction::New(
            TournamentSettings {
                format: Some(FormatKind::RoundRobin),
                size: Some(2),
                deadline: Some(Every::After(7 * 86_400_000)),
                clock: Some(ClockChoice::Pace(crate::time_control::Pace::Slow)),
                ..TournamentSettings::default()
            }
        )))
    );
    assert_eq!(
        parse("tournament standings"),
        Ok(Command::Tournament(TournamentAction::Standings))
    );
    // An empty name is no name: the default's.
    assert_eq!(
        parse("tournament new name:\"  \""),
        Ok(Command::Tournament(TournamentAction::New(
            TournamentSettings::default()
        )))
    );
    let refused = [
        ("tournament", "needs the option action"),
        (
            "tournament begin",
            "action is one of new, join, leave, start, standings, drop, extend, end, not 'begin'",
        ),
        (
            "tournament new format:league",
            "format is one of swiss, round_robin, elimination, not 'league'",
        ),
        (
            "tournament new size:6",
            "size is one of 2, 3, 4, 5, not '6'",
        ),
        (
            "tournament new size:1",
            "size is one of 2, 3, 4, 5, not '1'",
        ),
        ("tournament new rounds:two", "whole number"),
        ("tournament new clock:blitz", "fast, normal, slow or off"),
        ("tournament new deadline:soon", "is not a duration"),
        ("tournament new rated:maybe", "on or off"),
        (
            "tournament join size:3",
            "size is a setting of /aq tournament new, not of /aq tournament join",
        ),
        (
            "tournament end name:x",
            "name is a setting of /aq tournament new, not of /aq tournament end",
        ),
        ("tournament new seed:3", "has no option 'seed'"),
    ];
    for (text, says) in refused {
        let err = parse(text).expect_err(text);
        assert!(err.to_string().contains(says), "{text}: {err}");
    }
    for kind in FormatKind::ALL {
        assert_eq!(FormatKind::from_word(kind.word()), Some(kind));
    }
}

#[test]
fn bad_input_gets_a_sentence() {
    let err = parse("/aq fly").unwrap_err();
    assert!(
        err.to_string().contains("there is no command 'fly'"),
        "{err}"
    );
    let err = parse("/aq take").unwrap_err();
    assert!(err.to_string().contains("needs the option truck"), "{err}");
    let err = parse("/aq take truck:two").unwrap_err();
    assert!(err.to_string().contains("whole number"), "{err}");
    let err = parse("/aq take lorry:2").unwrap_err();
    assert!(err.to_string().contains("has no option 'lorry'"), "{err}");
    let err = parse("/aq place at:Z99").unwrap_err();
    assert!(err.to_string().contains("not a cell"), "{err}");
    let err = parse("/aq expand size:large cells:\"N10 N11").unwrap_err();
    assert!(err.to_string().contains("quote is not closed"), "{err}");
}
