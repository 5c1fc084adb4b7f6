//! The controls of a lobby's message: **Join**, **Leave** and **Start**
//! buttons, and a menu that seats a computer player, so that a game is
//! gathered and started by tapping too. A press becomes the same command as
//! `/aq game join`, `leave`, `start` or `addbot level:<level>`, and goes
//! through the same referee path; who may do what is the referee's to say.

use super::{Button, ButtonStyle, Control, ControlId, Panel, Row, Select, SelectOption};
use crate::command::Command;
use crate::cpu::Level;

/// The lobby's panel for game `game_id` (its log is empty: length 0).
pub fn lobby_panel(game_id: i64) -> Panel {
    let id = |control| {
        ControlId {
            game: game_id,
            seq: 0,
            control,
        }
        .encode()
    };
    let button = |control, label: &str, style| Button {
        id: id(control),
        label: label.to_string(),
        style,
        disabled: false,
    };
    let level = |level: Level, label: &str, description: &str| SelectOption {
        label: label.to_string(),
        value: level.word().to_string(),
        description: Some(description.to_string()),
    };
    Panel {
        rows: vec![
            Row::Buttons(vec![
                button(Control::Join, "Join", ButtonStyle::Success),
                button(Control::Leave, "Leave", ButtonStyle::Secondary),
                button(Control::Start, "Start", ButtonStyle::Primary),
            ]),
            Row::Select(Select {
                id: id(Control::AddBot),
                placeholder: "Add computer player".to_string(),
                options: vec![
                    level(Level::Easy, "Easy", "Plays a random legal move"),
                    level(Level::Normal, "Normal", "Plays the best move it sees now"),
                    level(Level::Strong, "Strong", "Looks ahead over many futures"),
                ],
            }),
        ],
    }
}

/// The command a lobby control stands for, with the values chosen in its
/// menu; a sentence when the values are not the menu's.
pub fn lobby_command(control: Control, values: &[String]) -> Result<Command, String> {
    match control {
        Control::Join => Ok(Command::Join),
        Control::Leave => Ok(Command::Leave),
        Control::Start => Ok(Command::Start),
        Control::AddBot => match values {
            [level] => Ok(Command::AddBot {
                level: Some(level.parse()?),
            }),
            _ => Err("choose one level of computer player".to_string()),
        },
        _ => Err("that is not a control of a lobby".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lobby_panel_fits_discord_and_reads_back() {
        let panel = lobby_panel(7);
        panel.check().expect("within Discord's limits");
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
