//! The controls of a lobby's message: **Join**, **Leave** and **Start**
//! buttons, and a menu that seats a computer player, so that a game is
//! gathered and started by tapping too. A press becomes the same command as
//! `/aq game join`, `leave`, `start` or `addbot level:<level>`, and goes
//! through the same referee path; who may do what is the referee's to say.

use super::{Button, ButtonStyle, Control, ControlId, Panel, Row, Select, SelectOption};
use crate::command::Command;
use crate::cpu::Level;
use crate::lang::{word, Lang, Text};

/// The lobby's panel for game `game_id` (its log is empty: length 0), in
/// `lang`.
pub fn lobby_panel(game_id: i64, lang: &Lang) -> Panel {
    let id = |control| {
        ControlId {
            game: game_id,
            seq: 0,
            control,
        }
        .encode()
    };
    let button = |control, label: &'static str, style| Button {
        id: id(control),
        label: word(lang, label),
        style,
        disabled: false,
    };
    let level = |level: Level, label: &'static str, description: &'static str| SelectOption {
        label: word(lang, label),
        value: level.word().to_string(),
        description: Some(word(lang, description)),
    };
    Panel {
        rows: vec![
            Row::Buttons(vec![
                button(Control::Join, "label-join", ButtonStyle::Success),
                button(Control::Leave, "label-leave", ButtonStyle::Secondary),
                button(Control::Start, "label-start", ButtonStyle::Primary),
            ]),
            Row::Select(Select {
                id: id(Control::AddBot),
                placeholder: word(lang, "label-add-computer"),
                options: vec![
                    level(Level::Easy, "label-level-easy", "label-level-easy-about"),
                    level(
                        Level::Normal,
                        "label-level-normal",
                        "label-level-normal-about",
                    ),
                    level(
                        Level::Strong,
                        "label-level-strong",
                        "label-level-strong-about",
                    ),
                ],
            }),
        ],
    }
}

/// The command a lobby control stands for, with the values chosen in its
/// menu; what is wrong when the values are not the menu's.
pub fn lobby_command(control: Control, values: &[String]) -> Result<Command, Text> {
    match control {
        Control::Join => Ok(Command::Join),
        Control::Leave => Ok(Command::Leave),
        Control::Start => Ok(Command::Start),
        Control::AddBot => {
            match values {
                [level] => Ok(Command::AddBot {
                    level: Some(level.parse().map_err(|_| {
                        Text::msg("panel-no-such-level").arg("level", level.as_str())
                    })?),
                }),
                _ => Err(Text::msg("panel-choose-level")),
            }
        }
        _ => Err(Text::msg("panel-not-lobby-control")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lobby_panel_fits_discord_and_reads_back() {
        for lang in Lang::all().into_iter().chain([Lang::pseudo()]) {
            let panel = lobby_panel(7, &lang);
            panel.check().expect("within Discord's limits");
            assert_eq!(panel.ids(), lobby_panel(7, &Lang::english()).ids());
        }
        let en = lobby_panel(7, &Lang::english());
        assert_eq!(en.labels()[..3], ["Join", "Leave", "Start"]);
        let ja = lobby_panel(7, &Lang::for_locale("ja"));
        assert_eq!(ja.labels()[..3], ["参加", "退席", "開始"]);
        let de = lobby_panel(7, &Lang::for_locale("de"));
        assert_eq!(de.labels()[0], "Beitreten");
        assert!(lobby_panel(7, &Lang::pseudo())
            .labels()
            .iter()
            .all(|l| l.starts_with('⟦')));
        let panel = lobby_panel(7, &Lang::english());
        for id in panel.ids() {
            let decoded = ControlId::decode(id).expect("our id");
            assert!(decoded.control.in_lobby() && decoded.control.makes_move());
            assert_eq!((decoded.game, decoded.seq), (7, 0));
        }
        assert_eq!(lobby_command(Control::Join, &[]), Ok(Command::Join));
        assert_eq!(
            lobby_command(Control::AddBot, &["strong".to_string()]),
            Ok(Command::AddBot {
                level: Some(Level::Strong)
            })
        );
        assert!(lobby_command(Control::AddBot, &["hard".to_string()]).is_err());
        assert!(lobby_command(Control::AddBot, &[]).is_err());
        assert!(lobby_command(Control::Undo, &[]).is_err());
    }
}
