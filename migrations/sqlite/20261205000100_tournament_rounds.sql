-- A tournament's rounds, played: when each opened, its deadline, its byes
-- and when it closed; each table's seats and the place its game is played
-- in (a thread of the tournament's channel on Discord); the language the
-- tournament speaks in its announcements.
--
-- `deadline_at_ms` is when the round closes (ms since the epoch): a game
-- still open then is played out by the computer. `byes` is a JSON array
-- of the entrants who sit the round out. `extended` is 1 once the
-- organiser has extended the round (once at most). `closed_at_ms` is set
-- once, by whoever closes the round first (NULL: still played).
CREATE TABLE tournament_rounds (
    tournament_id   INTEGER NOT NULL,
    round           INTEGER NOT NULL,
    opened_at_ms    INTEGER NOT NULL,
    deadline_at_ms  INTEGER NOT NULL,
    byes            TEXT    NOT NULL,
    extended        INTEGER NOT NULL DEFAULT 0,
    closed_at_ms    INTEGER,
    PRIMARY KEY (tournament_id, round)
);
CREATE INDEX tournament_rounds_open ON tournament_rounds (deadline_at_ms)
    WHERE closed_at_ms IS NULL;

-- `seats`: the table's entrants in seat order (JSON array); `channel`: the
-- place its game is played in, once made.
ALTER TABLE tournament_tables ADD COLUMN seats TEXT;
ALTER TABLE tournament_tables ADD COLUMN channel TEXT;
CREATE INDEX tournament_tables_by_game ON tournament_tables (game_id);

-- NULL: English.
ALTER TABLE tournaments ADD COLUMN lang TEXT;
