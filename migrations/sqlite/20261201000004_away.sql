-- Away and heads-up: a person away until a time (no reminders, nudges or
-- turn alerts to them until then), a person who asked to be told when the
-- player before them starts a turn, and a game that lets the computer play
-- an away player's turns after a grace period.

-- Until when (ms) the person is away; NULL: not away.
ALTER TABLE people ADD COLUMN away_until BIGINT;

-- 1: a direct message when the player before them starts a turn.
ALTER TABLE people ADD COLUMN notify_before INTEGER NOT NULL DEFAULT 0;

-- How long (ms) an away player's turn waits before the computer plays it;
-- NULL: it waits for them (the default).
ALTER TABLE games ADD COLUMN away_after_ms BIGINT;

-- A notice in a game's channel that mentions no one ('notice': a player
-- went away). SQLite changes a CHECK by building the table again.
CREATE TABLE outbox_new (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id   INTEGER REFERENCES games (id),
    kind      TEXT    NOT NULL CHECK (kind IN ('reminder', 'dm', 'table', 'notice')),
    channel   TEXT,
    user_id   TEXT,
    content   TEXT    NOT NULL,
    extra     TEXT,
    nonce     TEXT    NOT NULL UNIQUE,
    due_at    INTEGER NOT NULL,
    attempts  INTEGER NOT NULL DEFAULT 0,
    words     TEXT,
    posted_at INTEGER
);
INSERT INTO outbox_new (id, game_id, kind, channel, user_id, content, extra, nonce, due_at,
                        attempts, words, posted_at)
    SELECT id, game_id, kind, channel, user_id, content, extra, nonce, due_at,
           attempts, words, posted_at FROM outbox;
DROP TABLE outbox;
ALTER TABLE outbox_new RENAME TO outbox;
CREATE INDEX outbox_due ON outbox (due_at);
