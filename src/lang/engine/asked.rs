//! What the player must do now (a sentence, a clause, a reminder's task), and
//! why the hint chose its move.

use super::*;
use crate::cpu::Reason;

/// What the player must do now, as a clause: "ana must hire the coworker
/// just gained: /aq hire as:<role>".
pub fn asked_clause(a: &Asked) -> Text {
    match a {
        Asked::Over => Text::msg("engine-asked-over"),
        Asked::Offspring { player, room: r } => Text::msg("engine-asked-offspring")
            .arg("name", s(player))
            .arg("animal", animal(r.animal))
            .arg("room", room(r)),
        Asked::Hire { player } => Text::msg("engine-asked-hire")
            .arg("name", s(player))
            .arg("command", s("/aq hire as:<role>")),
        Asked::TruckTiles { player, tiles } => Text::msg("engine-asked-truck-tiles")
            .arg("name", s(player))
            .arg("tiles", slots_said(tiles)),
        Asked::Turn { player } => Text::msg("engine-asked-turn").arg("name", s(player)),
    }
}

/// What the player must do now, as a sentence: "It is ana's turn."
pub fn asked(a: &Asked) -> Text {
    Text::msg("engine-prompt").arg("asked", asked_clause(a))
}

/// What the player must do now, addressed to them (a reminder): "place the
/// dolphin offspring".
pub fn task(a: &Asked) -> Text {
    match a {
        Asked::Offspring { room: r, .. } => {
            Text::msg("engine-task-offspring").arg("animal", animal(r.animal))
        }
        Asked::Hire { .. } => Text::msg("engine-task-hire"),
        Asked::TruckTiles { tiles, .. } => {
            Text::msg("engine-task-truck-tiles").arg("tiles", slots_said(tiles))
        }
        Asked::Turn { .. } | Asked::Over => Text::msg("engine-task-turn"),
    }
}

/// "1: dolphin ♂, 3: orca" (slots, and the tiles named in the reader's
/// words).
fn slots_said(tiles: &[(usize, AnimalTile)]) -> Text {
    comma_list(
        tiles
            .iter()
            .map(|(slot, t)| {
                Text::msg("engine-slot")
                    .arg("slot", *slot)
                    .arg("tile", tile(Tile::Animal(*t)))
            })
            .collect(),
    )
}

/// "tile:1 (dolphin ♂) or tile:3 (orca)": how to name each waiting tile
/// (the option as typed, the tile in the reader's words).
pub(super) fn slot_options(tiles: &[(usize, AnimalTile)]) -> Text {
    or_list(
        tiles
            .iter()
            .map(|(slot, t)| {
                Text::msg("engine-slot-option")
                    .arg("option", format!("tile:{slot}"))
                    .arg("tile", tile(Tile::Animal(*t)))
            })
            .collect(),
    )
}

/// Why the hint's move was chosen.
pub fn hint_reason(r: &Reason) -> Text {
    match r {
        Reason::Only => Text::msg("engine-hint-only"),
        Reason::First => Text::msg("engine-hint-first"),
        Reason::Immediate => Text::msg("engine-hint-immediate"),
        Reason::Searched {
            futures,
            ahead,
            finished,
            margin,
        } => {
            let share = (f64::from(*ahead) * 100.0).round() as i64;
            let head = Text::msg(if *finished >= 0.5 {
                "engine-hint-wins"
            } else {
                "engine-hint-ahead"
            })
            .arg("share", share)
            .arg("count", *futures);
            match margin {
                Some(m) => Text::msg("engine-hint-margin")
                    .arg("head", head)
                    .arg(
                        "sign",
                        s(if m.is_sign_negative() {
                            "minus"
                        } else {
                            "plus"
                        }),
                    )
                    .arg(
                        "points",
                        Arg::Dec {
                            value: f64::from(m.abs()),
                            digits: 1,
                        },
                    ),
                None => head,
            }
        }
    }
}
