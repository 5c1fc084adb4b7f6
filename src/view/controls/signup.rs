//! The controls under a tournament's opening message: **Join** and
//! **Leave**, so that players sign up by tapping. A press becomes
//! `tournament join` or `tournament leave` in the channel and goes through
//! the same referee path; the id carries the tournament's number, so a
//! button of a tournament no longer signing up is refused.

use super::{Button, ButtonStyle, Control, ControlId, Panel, Row};
use crate::lang::{word, Lang};

/// The sign-up panel of tournament `tournament`, in `lang`.
pub fn signup_panel(tournament: i64, lang: &Lang) -> Panel {
    let button = |control, label: &'static str, style| Button {
        id: ControlId {
            game: tournament,
            seq: 0,
            control,
        }
        .encode(),
        label: word(lang, label),
        style,
        disabled: false,
    };
    Panel {
        rows: vec![Row::Buttons(vec![
            button(Control::SignUp, "label-join", ButtonStyle::Success),
            button(Control::Withdraw, "label-leave", ButtonStyle::Secondary),
        ])],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signup_panel_fits_discord_and_reads_back() {
        for lang in Lang::all().into_iter().chain([Lang::pseudo()]) {
            let panel = signup_panel(12, &lang);
            panel.check().expect("within Discord's limits");
            assert_eq!(panel.ids(), signup_panel(12, &Lang::english()).ids());
        }
        assert_eq!(
            signup_panel(12, &Lang::english()).labels(),
            ["Join", "Leave"]
        );
        let panel = signup_panel(12, &Lang::english());
        let read: Vec<ControlId> = (panel.ids().iter())
            .filter_map(|id| ControlId::decode(id))
            .collect();
        assert_eq!(
            read,
            [
                ControlId {
                    game: 12,
                    seq: 0,
                    control: Control::SignUp
                },
                ControlId {
                    game: 12,
                    seq: 0,
                    control: Control::Withdraw
                }
            ]
        );
    }
}
