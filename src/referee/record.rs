//! The game record of docs/commands.md: the JSON every front end and tool shares, for
//! a game in its lobby, running, finished or abandoned. Keys keep their meaning;
//! new keys may be added. Each move carries `undone: true` once taken back,
//! an undo carries `undoes` (the move it took back), and a move chosen by no
//! person carries `auto` (a computer level, or `idle`).
//!
//! Invariant: the record of a game in its lobby or running carries no `seed`.
//! The seed and this open code rebuild the whole shuffle, every unseen tile in
//! order; it appears once the game is `finished` or `abandoned`, so that a
//! game can be checked afterwards. `practice` says whether a player chose the
//! order (a seed or a stacked deck at `/aq new`): such a game is left out of
//! the stats.

use crate::engine::Game;
use crate::store::{Entry, GameRow, GameStatus, MoveRow, SeatRow};
use serde_json::{json, Map, Value};

/// Builds the record from the stored rows and, once started, the replayed game.
pub fn game_record(
    row: &GameRow,
    seats: &[SeatRow],
    moves: &[MoveRow],
    game: Option<&Game>,
) -> Value {
    let name_of = |seat: usize| seats.get(seat).map(|s| s.name.clone()).unwrap_or_default();
    let removed: Vec<String> = match game {
        Some(g) => g.removed().iter().map(|a| a.word().to_string()).collect(),
        None => row
            .removed
            .iter()
            .flatten()
            .map(|a| a.word().to_string())
            .collect(),
    };
    let withdrawn: Vec<i64> = moves
        .iter()
        .filter_map(|m| match m.entry {
            Entry::Undo { of } => Some(of),
            Entry::Move(_) => None,
        })
        .collect();
    let moves: Vec<Value> = moves
        .iter()
        .map(|m| {
            let mut entry = json!({
                "n": m.seq,
                "player": name_of(m.seat),
                "command": m.command,
                "at": m.at,
            });
            if let Entry::Undo { of } = m.entry {
                entry["undoes"] = json!(of);
            }
            if withdrawn.contains(&m.seq) {
                entry["undone"] = json!(true);
            }
            if let Some(auto) = &m.auto {
                entry["auto"] = json!(auto);
            }
            entry
        })
        .collect();
    let mut record = Map::new();
    record.insert("game".into(), json!(row.id));
    record.insert("status".into(), json!(row.status.word()));
    if matches!(row.status, GameStatus::Finished | GameStatus::Abandoned) {
        record.insert("seed".into(), json!(row.seed));
    }
    record.insert("practice".into(), json!(row.practice));
    record.insert("removed".into(), json!(removed));
    record.insert("channel".into(), json!(row.channel));
    let Some(game) = game else {
        let players: Vec<Value> = seats
            .iter()
            .map(|s| json!({"name": s.name, "coins": 1, "zoo": {}, "trainers": [], "cashiers": 0,
                "keepers": 0, "manager": false, "expansions": [], "depot": [],
                "score": {"animals": 0, "cashiers": 0, "keepers": 0, "trainers": 0, "depot": 0, "total": 0},
                "winner": false}))
            .collect();
        record.insert("round".into(), json!(0));
        record.insert("current".into(), Value::Null);
        record.insert("trucks".into(), json!([]));
        record.insert("draw_pile".into(), json!(0));
        record.insert("reserve".into(), json!(0));
        record.insert("players".into(), json!(players));
        record.insert("moves".into(), json!(moves));
        return Value::Object(record);
    };
    let winners = crate::referee::winners(seats, game);
    let trucks: Vec<Value> = game
        .trucks()
        .iter()
        .map(|t| {
            json!({
                "tiles": t.tiles.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                "capacity": t.capacity,
                "blocked": t.blocked(),
                "taken_by": t.taken_by.map(name_of),
            })
        })
        .collect();
    let players: Vec<Value> = game
        .players()
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let zoo: Map<String, Value> = p
                .zoo
                .animals()
                .map(|(c, t, _)| (c.to_string(), json!(t.to_string())))
                .collect();
            let bred: Vec<String> = p.zoo.animals().filter(|a| a.2).map(|a| a.0.to_string()).collect();
            let trainers: Vec<String> = p.zoo.trainers().map(|c| c.to_string()).collect();
            let expansions: Vec<Value> = p
                .zoo
                .expansions()
                .iter()
                .map(|e| json!({"size": e.size.word(), "cells": e.cells.iter().map(|c| c.to_string()).collect::<Vec<_>>()}))
                .collect();
            let s = game.score(seat);
            json!({
                "name": p.name,
                "coins": p.coins,
                "zoo": zoo,
                "bred": bred,
                "trainers": trainers,
                "cashiers": p.cashiers,
                "keepers": p.keepers,
                "manager": p.manager,
                "expansions": expansions,
                "depot": p.depot.iter().rev().map(|t| t.to_string()).collect::<Vec<_>>(),
                "truck": p.truck,
                "score": s,
                "winner": winners.contains(&seat),
                "automatic": seats.get(seat).and_then(|r| r.auto.clone()),
                "removed": seats.get(seat).is_some_and(|r| r.removed_at.is_some()),
            })
        })
        .collect();
    let pending = game.pending();
    let waiting: Vec<Value> = pending
        .waiting_tiles()
        .map(|(slot, t)| json!({"tile": slot, "what": t.to_string()}))
        .collect();
    record.insert("round".into(), json!(game.round()));
    record.insert("last_round".into(), json!(game.is_last_round()));
    record.insert(
        "current".into(),
        game.to_act().map_or(Value::Null, |s| json!(name_of(s))),
    );
    record.insert("trucks".into(), json!(trucks));
    record.insert("draw_pile".into(), json!(game.draw_pile().len()));
    record.insert("reserve".into(), json!(game.reserve().len()));
    record.insert(
        "waiting".into(),
        json!({
            "tiles": waiting,
            "offspring": pending.offspring.iter().map(|a| a.word()).collect::<Vec<_>>(),
            "coworkers": pending.coworkers,
        }),
    );
    record.insert("players".into(), json!(players));
    record.insert(
        "winners".into(),
        json!(winners.iter().map(|s| name_of(*s)).collect::<Vec<_>>()),
    );
    record.insert("moves".into(), json!(moves));
    Value::Object(record)
}

/// The record as the file both the terminal's `export` and `/aq export`
/// give: pretty JSON and a final newline, the same bytes everywhere.
pub fn export_bytes(
    row: &GameRow,
    seats: &[SeatRow],
    moves: &[MoveRow],
    game: Option<&Game>,
) -> Vec<u8> {
    let record = game_record(row, seats, moves, game);
    let mut text = serde_json::to_string_pretty(&record).unwrap_or_else(|_| "{}".into());
    text.push('\n');
    text.into_bytes()
}
