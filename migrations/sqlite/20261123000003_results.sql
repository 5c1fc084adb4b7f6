-- Results of finished games, for /aq stats: one row per seat, written in the
-- transaction that finishes the game, and running totals per player and
-- place, so that stats read a few rows per player however many games were
-- played, never a replay. Games finished before this migration get their
-- rows once, when the referee first starts (it replays them).
--
-- `scope` is where the numbers are kept: the server (guild id), or
-- 'channel:<id>' for a game without a server (a direct message, the
-- terminal). `user_id` is the person's id; every computer player of one
-- level counts as one player, 'bot:<level>', with `computer` set: they are
-- counted in games and scores but never ranked. The animal columns count
-- the tiles of each type in the player's zoo at the end of the game.

CREATE TABLE results (
    game_id    INTEGER NOT NULL REFERENCES games (id),
    seat       INTEGER NOT NULL,
    guild      TEXT,
    channel    TEXT    NOT NULL,
    scope      TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    computer   INTEGER NOT NULL,
    score      INTEGER NOT NULL,   -- the final total
    won        INTEGER NOT NULL,   -- 1 for each winner (a tie has several)
    ended_at   TEXT    NOT NULL,
    dolphin    INTEGER NOT NULL,
    orca       INTEGER NOT NULL,
    sealion    INTEGER NOT NULL,
    turtle     INTEGER NOT NULL,
    penguin    INTEGER NOT NULL,
    polarbear  INTEGER NOT NULL,
    crocodile  INTEGER NOT NULL,
    hippo      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_player ON results (scope, user_id, score);

-- The sums of `results` by (scope, user_id): kept in step with each result
-- written, and rebuilt from `results` whenever older games are filled in.
-- `name` is the one of the player's latest game (`last_game`); `best_game`
-- the first game with the best score.
CREATE TABLE player_totals (
    scope      TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    computer   INTEGER NOT NULL,
    games      INTEGER NOT NULL,
    wins       INTEGER NOT NULL,
    score_sum  INTEGER NOT NULL,
    best       INTEGER NOT NULL,
    best_game  INTEGER NOT NULL,
    last_game  INTEGER NOT NULL,
    dolphin    INTEGER NOT NULL,
    orca       INTEGER NOT NULL,
    sealion    INTEGER NOT NULL,
    turtle     INTEGER NOT NULL,
    penguin    INTEGER NOT NULL,
    polarbear  INTEGER NOT NULL,
    crocodile  INTEGER NOT NULL,
    hippo      INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id)
) WITHOUT ROWID;

-- Counting a place's finished games reads this index alone.
CREATE INDEX games_finished ON games (guild, channel) WHERE status = 'finished';
