-- Tournaments: opened in a channel, players sign up, then rounds of tables
-- (src/tournament/ says how tables are made and standings counted).
--
-- `format` is swiss, round_robin or elimination; `rounds` is the number of
-- rounds of a Swiss tournament (NULL: as many as the format needs);
-- `clock` the pace of its games' clocks (fast, normal, slow; NULL: none);
-- `deadline_ms` how long a round lasts; `rated` and `vacations` are 0 or 1
-- (whether its games count in the ratings, whether `away` pauses their
-- clocks). Sign-up closes at `closes_at_ms` (ms since the epoch) or at
-- `closes_at_players` entrants, or when the organiser starts it (both NULL).
-- `seed` draws every round's tables.
--
-- The tables below refer to a tournament by its id without a foreign key:
-- `copy-store` writes tables in the order of their names after `games`, and
-- `tournament_entrants` comes before `tournaments`.
CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    guild              TEXT,
    channel            TEXT    NOT NULL,
    name               TEXT,            -- NULL: said as "Tournament #id"
    format             TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin', 'elimination')),
    table_size         INTEGER NOT NULL CHECK (table_size BETWEEN 2 AND 5),
    rounds             INTEGER,
    clock              TEXT,
    deadline_ms        INTEGER NOT NULL,
    rated              INTEGER NOT NULL,
    vacations          INTEGER NOT NULL,
    status             TEXT    NOT NULL CHECK (status IN ('signup', 'running', 'finished', 'ended')),
    created_by         TEXT    NOT NULL,
    created_at         TEXT    NOT NULL,
    closes_at_ms       INTEGER,
    closes_at_players  INTEGER,
    seed               INTEGER NOT NULL
);

-- One tournament open (signing up or running) per channel.
CREATE UNIQUE INDEX tournaments_one_open_per_channel
    ON tournaments (channel) WHERE status IN ('signup', 'running');
CREATE INDEX tournaments_by_channel ON tournaments (channel, id);
CREATE INDEX tournaments_by_guild ON tournaments (guild, id);

-- Who signed up, in order (`signed_up`: 1 the first); withdrawing during
-- sign-up removes the row, dropping out once it runs sets `dropped_at`.
CREATE TABLE tournament_entrants (
    tournament_id  INTEGER NOT NULL,
    user_id        TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    signed_up      INTEGER NOT NULL,
    signed_up_at   TEXT    NOT NULL,
    dropped_at     TEXT,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE UNIQUE INDEX tournament_entrants_in_order
    ON tournament_entrants (tournament_id, signed_up);

-- Each round's tables: the game played there once it is opened, and its
-- placings once it is over (JSON, `tournament::TableResult`).
CREATE TABLE tournament_tables (
    tournament_id  INTEGER NOT NULL,
    round          INTEGER NOT NULL,
    table_number   INTEGER NOT NULL,
    game_id        INTEGER REFERENCES games (id),
    placings       TEXT,
    PRIMARY KEY (tournament_id, round, table_number)
);
