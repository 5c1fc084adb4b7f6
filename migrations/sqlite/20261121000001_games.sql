-- Games by channel, their seats, and the append-only move log.
-- The move log is the truth: a game's state is the replay of its setup and
-- moves. `snapshot` is only a cache of that replay, checked against it.

CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    channel     TEXT    NOT NULL,
    guild       TEXT,
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'abandoned')),
    creator     TEXT    NOT NULL,
    seed        INTEGER NOT NULL,
    removed     TEXT,            -- JSON list of animals named by the creator, or NULL
    first       TEXT,            -- the player named to start, or NULL
    deck        TEXT,            -- a stacked deck, or NULL
    setup       TEXT,            -- JSON engine setup, set at start
    created_at  TEXT    NOT NULL,
    started_at  TEXT,
    ended_at    TEXT,
    move_count  INTEGER NOT NULL DEFAULT 0,
    snapshot    TEXT,            -- JSON engine state after move_count moves (cache)
    winners     TEXT             -- JSON list of winner names once finished
);

-- One open game per channel; finished and abandoned games stay for history.
CREATE UNIQUE INDEX games_one_open_per_channel
    ON games (channel) WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_guild ON games (guild, id);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL,  -- seating order, clockwise, from 0
    user_id  TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

CREATE TABLE moves (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,  -- 1, 2, 3... with no gaps
    seat     INTEGER NOT NULL,
    user_id  TEXT    NOT NULL,
    command  TEXT    NOT NULL,  -- the command as typed, in its text form
    action   TEXT    NOT NULL,  -- the engine action (JSON) that was applied
    at       TEXT    NOT NULL,  -- RFC 3339
    PRIMARY KEY (game_id, seq)
);
