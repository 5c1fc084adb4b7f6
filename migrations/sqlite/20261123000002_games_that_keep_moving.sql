-- Games that keep moving: settings per game, the turn's timing (reminders,
-- idle seats), nudges, direct-message alerts, kick votes, and an outbox of
-- messages the scheduler delivers. Times are milliseconds since the epoch.

-- Settings: the reminder interval (NULL: off), the turn limit after which an
-- idle player may be voted out (NULL: off), and whether hints are allowed.
ALTER TABLE games ADD COLUMN reminders_ms INTEGER DEFAULT 43200000;
ALTER TABLE games ADD COLUMN turn_limit_ms INTEGER;
ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;

-- The turn: who must act (a person's user id; NULL when nobody, or when the
-- seat to act plays automatically), since when, the next reminder and how
-- many were sent for this wait, the last nudge, and when an automatic seat is
-- due to be played if nobody else played it first.
ALTER TABLE games ADD COLUMN to_act_user TEXT;
ALTER TABLE games ADD COLUMN waiting_since INTEGER;
ALTER TABLE games ADD COLUMN remind_at INTEGER;
ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN nudged_at INTEGER;
ALTER TABLE games ADD COLUMN auto_at INTEGER;

-- The scheduler reads the next due time from these; no timer per game.
CREATE INDEX games_remind_at ON games (remind_at) WHERE remind_at IS NOT NULL;
CREATE INDEX games_auto_at ON games (auto_at) WHERE auto_at IS NOT NULL;
CREATE INDEX games_to_act_user ON games (to_act_user, waiting_since)
    WHERE to_act_user IS NOT NULL;

-- A seat played by the computer: its level ('easy', 'normal', 'strong').
-- `removed_at`: the person in it was voted out for being idle; the seat plays
-- on automatically and ranks last.
ALTER TABLE seats ADD COLUMN auto TEXT;
ALTER TABLE seats ADD COLUMN removed_at INTEGER;

-- Per person: direct-message alerts, and a notice owed to them (direct
-- messages turned out to be closed) for the next time they use a command.
CREATE TABLE people (
    user_id  TEXT    PRIMARY KEY,
    dm       INTEGER NOT NULL DEFAULT 0,
    notice   TEXT
);

-- Votes to remove the idle player to act; a vote counts for the wait it was
-- cast in (`seq`, the length of the log then).
CREATE TABLE kick_votes (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    voter    TEXT    NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, voter)
);

-- Messages to deliver (reminders, direct-message alerts, automatic moves
-- after a restart). Written in the same transaction as what caused them;
-- delivered with `nonce` so that a retry after a crash is not shown twice.
CREATE TABLE outbox (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id   INTEGER REFERENCES games (id),
    kind      TEXT    NOT NULL CHECK (kind IN ('reminder', 'dm', 'table')),
    channel   TEXT,            -- for a channel message
    user_id   TEXT,            -- the one person mentioned, or the DM's recipient
    content   TEXT    NOT NULL,
    extra     TEXT,            -- JSON: controls to attach, for a table message
    nonce     TEXT    NOT NULL UNIQUE,
    due_at    INTEGER NOT NULL,
    attempts  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox (due_at);
