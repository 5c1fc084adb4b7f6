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

use crate::engine::{Game, Player, Seat};
use crate::store::{Entry, GameRow, GameStatus, MoveRow, SeatRow};
use serde_json::{json, Map, Value};

/// Builds the record from the stored rows and, once started, the replayed game.
pub fn game_record(
    row: &GameRow,
    seats: &[SeatRow],
    moves: &[MoveRow],
    game: Option<&Game>,
) -> Value {
    let mut record = Map::new();
    record.insert("game".into(), json!(row.id));
    record.insert("status".into(), json!(row.status.word()));
    if matches!(row.status, GameStatus::Finished | GameStatus::Abandoned) {
        record.insert("seed".into(), json!(row.seed));
    }
    record.insert("practice".into(), json!(row.practice));
    record.insert("removed".into(), json!(removed(row, game)));
    record.insert("channel".into(), json!(row.channel));
    match game {
        Some(game) => insert_table(&mut record, seats, game),
        None => insert_lobby(&mut record, seats),
    }
    record.insert("moves".into(), json!(move_entries(seats, moves)));
    Value::Object(record)
}

/// The name of the player in `seat` (empty for a seat nobody holds).
fn seat_name(seats: &[SeatRow], seat: Seat) -> String {
    seats.get(seat).map(|s| s.name.clone()).unwrap_or_default()
}

/// The animals removed: the game's, once started; before, those asked for.
fn removed(row: &GameRow, game: Option<&Game>) -> Vec<String> {
    match game {
        Some(g) => g.removed().iter().map(|a| a.word().to_string()).collect(),
        None => row
            .removed
            .iter()
            .flatten()
            .map(|a| a.word().to_string())
            .collect(),
    }
}

/// Every move of the log: its number, who made it, its command and when;
/// an undo says which move it took back, a move taken back says so, and a
/// move chosen by no person says what chose it.
fn move_entries(seats: &[SeatRow], moves: &[MoveRow]) -> Vec<Value> {
    let withdrawn: Vec<i64> = moves
        .iter()
        .filter_map(|m| match m.entry {
            Entry::Undo { of } => Some(of),
            Entry::Move(_) => None,
        })
        .collect();
    moves
        .iter()
        .map(|m| {
            let mut entry = json!({
                "n": m.seq,
                "player": seat_name(seats, m.seat),
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
        .collect()
}

/// A game in its lobby: round 0, nobody to act, no trucks and no tiles,
/// every seated player with a coin and nothing else.
fn insert_lobby(record: &mut Map<String, Value>, seats: &[SeatRow]) {
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
}

/// A started game: its round, who acts, the trucks, the piles, what waits
/// to be placed, every player and the winners.
fn insert_table(record: &mut Map<String, Value>, seats: &[SeatRow], game: &Game) {
    let winners = game.standings(&super::voted_out(seats)).winners();
    let players: Vec<Value> = game
        .players()
        .iter()
        .enumerate()
        .map(|(seat, p)| player_value(game, seats, &winners, seat, p))
        .collect();
    record.insert("round".into(), json!(game.round()));
    record.insert("last_round".into(), json!(game.is_last_round()));
    record.insert(
        "current".into(),
        game.to_act()
            .map_or(Value::Null, |s| json!(seat_name(seats, s))),
    );
    record.insert("trucks".into(), json!(truck_values(game, seats)));
    record.insert("draw_pile".into(), json!(game.draw_pile().len()));
    record.insert("reserve".into(), json!(game.reserve().len()));
    record.insert("waiting".into(), waiting_value(game));
    record.insert("players".into(), json!(players));
    record.insert(
        "winners".into(),
        json!(winners
            .iter()
            .map(|s| seat_name(seats, *s))
            .collect::<Vec<_>>()),
    );
}

/// Every truck: its tiles, its room, whether it is blocked, who took it.
fn truck_values(game: &Game, seats: &[SeatRow]) -> Vec<Value> {
    game.trucks()
        .iter()
        .map(|t| {
            json!({
                "tiles": t.tiles.iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                "capacity": t.capacity,
                "blocked": t.blocked(),
                "taken_by": t.taken_by.map(|s| seat_name(seats, s)),
            })
        })
        .collect()
}

/// What waits for the player to act: the tiles of their truck by slot, the
/// offspring and the coworkers.
fn waiting_value(game: &Game) -> Value {
    let pending = game.pending();
    let waiting: Vec<Value> = pending
        .waiting_tiles()
        .map(|(slot, t)| json!({"tile": slot, "what": t.to_string()}))
        .collect();
    json!({
        "tiles": waiting,
        "offspring": pending.offspring.iter().map(|a| a.word()).collect::<Vec<_>>(),
        "coworkers": pending.coworkers,
    })
}

/// One player of a started game: their zoo, coworkers, depot and score,
/// whether they won, whether the computer plays their seat and whether
/// they were voted out.
fn player_value(game: &Game, seats: &[SeatRow], winners: &[Seat], seat: Seat, p: &Player) -> Value {
    let zoo: Map<String, Value> = p
        .zoo
        .animals()
        .map(|(c, t, _)| (c.to_string(), json!(t.to_string())))
        .collect();
    let bred: Vec<String> = p
        .zoo
        .animals()
        .filter(|a| a.2)
        .map(|a| a.0.to_string())
        .collect();
    let trainers: Vec<String> = p.zoo.trainers().map(|c| c.to_string()).collect();
    let expansions: Vec<Value> = p
        .zoo
        .expansions()
        .iter()
        .map(|e| json!({"size": e.size.word(), "cells": e.cells.iter().map(|c| c.to_string()).collect::<Vec<_>>()}))
        .collect();
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
        "score": game.score(seat),
        "winner": winners.contains(&seat),
        "automatic": seats.get(seat).and_then(|r| r.auto.clone()),
        "removed": seats.get(seat).is_some_and(|r| r.removed_at.is_some()),
    })
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
