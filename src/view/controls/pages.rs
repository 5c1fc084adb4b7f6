//! Controls that only look: paging through a game's history, stepping
//! through its tables move by move, and paging through the server's games.
//!
//! Like every control, they carry all they need in their ids (the game, and
//! the page or move), so they keep working after a restart. Anyone may press
//! them, on a running game or an ended one; they never change a game. A
//! button that would lead nowhere (older than the oldest page) is shown
//! disabled rather than left out, so the row keeps its shape; ids stay
//! unique within a panel, as Discord requires.

use super::{Button, ButtonStyle, Control, ControlId, Panel, Row};
use crate::lang::{plain, word, Lang, Text};

fn button(game: i64, seq: i64, control: Control, label: String, disabled: bool) -> Button {
    Button {
        id: ControlId { game, seq, control }.encode(),
        label,
        style: ButtonStyle::Secondary,
        disabled,
    }
}

/// Older and Newer under page `page` (0 the newest) of `pages` of a game's
/// history; nothing when everything fits on one page.
pub fn history_panel(game: i64, seq: i64, page: u32, pages: u32, lang: &Lang) -> Panel {
    if pages <= 1 {
        return Panel::default();
    }
    let older = page + 1 < pages;
    let newer = page > 0;
    Panel {
        rows: vec![Row::Buttons(vec![
            button(
                game,
                seq,
                Control::HistoryPage(page + 1),
                word(lang, "label-older"),
                !older,
            ),
            button(
                game,
                seq,
                Control::HistoryPage(page.saturating_sub(1)),
                word(lang, "label-newer"),
                !newer,
            ),
        ])],
    }
}

/// The previous and the next move under the table after move `n` of `total`.
pub fn history_move_panel(game: i64, seq: i64, n: u32, total: u32, lang: &Lang) -> Panel {
    if total <= 1 {
        return Panel::default();
    }
    let previous = n.saturating_sub(1).max(1);
    let next = (n + 1).min(total);
    Panel {
        rows: vec![Row::Buttons(vec![
            button(
                game,
                seq,
                Control::HistoryMove(previous),
                plain(lang, &Text::msg("label-previous-move").arg("n", previous)),
                n <= 1,
            ),
            button(
                game,
                seq,
                Control::HistoryMove(next),
                plain(lang, &Text::msg("label-next-move").arg("n", next)),
                n >= total,
            ),
        ])],
    }
}

/// Older and Newer under page `page` (0 the newest) of `pages` of the
/// server's games.
pub fn games_panel(page: u32, pages: u32, lang: &Lang) -> Panel {
    if pages <= 1 {
        return Panel::default();
    }
    Panel {
        rows: vec![Row::Buttons(vec![
            button(
                0,
                0,
                Control::GamesPage(page.saturating_sub(1)),
                word(lang, "label-games-newer"),
                page == 0,
            ),
            button(
                0,
                0,
                Control::GamesPage(page + 1),
                word(lang, "label-games-older"),
                page + 1 >= pages,
            ),
        ])],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_controls_read_back_and_keep_the_limits() {
        for lang in Lang::all().into_iter().chain([Lang::pseudo()]) {
            for panel in [
                history_panel(7, 40, 0, 3, &lang),
                history_panel(7, 40, 2, 3, &lang),
                history_move_panel(7, 40, 1, 40, &lang),
                history_move_panel(7, 40, 40, 40, &lang),
                games_panel(0, 2, &lang),
                games_panel(1, 2, &lang),
            ] {
                assert!(panel.check().is_ok(), "{panel:?}");
                for id in panel.ids() {
                    let decoded = ControlId::decode(id).expect("reads back");
                    assert!(decoded.control.looks() && !decoded.control.makes_move());
                }
            }
        }
        let en = Lang::english();
        assert!(history_panel(7, 40, 0, 1, &en).is_empty());
        let ja = Lang::for_locale("ja");
        assert_eq!(
            history_move_panel(7, 40, 40, 40, &ja).labels(),
            ["◀ 39 手目", "40 手目 ▶"]
        );
        let Row::Buttons(b) = &history_panel(7, 40, 0, 3, &en).rows[0] else {
            panic!("buttons")
        };
        assert_eq!(b[0].id, "aq1:7:40:hp.1");
        assert!(!b[0].disabled && b[1].disabled);
        let Row::Buttons(b) = &history_move_panel(7, 40, 40, 40, &en).rows[0] else {
            panic!("buttons")
        };
        assert_eq!((b[0].label.as_str(), b[0].disabled), ("◀ Move 39", false));
        assert!(b[1].disabled);
        assert_eq!(
            ControlId::decode("aq1:0:0:gp.3").map(|c| c.control),
            Some(Control::GamesPage(3))
        );
        assert_eq!(ControlId::decode("aq1:0:0:gp.03"), None);
    }
}
