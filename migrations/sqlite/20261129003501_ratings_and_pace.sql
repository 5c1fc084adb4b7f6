-- Ratings (Weng-Lin, per place: the server, or the channel of a game
-- without one) and the time each person took to move.

-- Each seat's part in a rated game: its place (1 the best; equal places are
-- a tie), whether its rating was updated (0: a seat handed to the computer,
-- or a second computer seat of one level, counted as an opponent only), and
-- the rating before and after. Games are rated in the order they finished
-- (`finished_ms`, then the game's number), so a place's ratings can be
-- recomputed from these rows alone.
CREATE TABLE rating_changes (
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seat          INTEGER NOT NULL,
    scope         TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    computer      INTEGER NOT NULL,
    place         INTEGER NOT NULL,
    rated         INTEGER NOT NULL,
    finished_ms   INTEGER NOT NULL,
    mu_before     REAL    NOT NULL,
    sigma_before  REAL    NOT NULL,
    mu_after      REAL    NOT NULL,
    sigma_after   REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_by_player ON rating_changes (scope, user_id, finished_ms, game_id);
CREATE INDEX rating_changes_in_order ON rating_changes (scope, finished_ms, game_id);

-- Each player's current rating in a place; `conservative` is mu - 3 sigma,
-- the leaderboard's order; `games` the games that updated it.
CREATE TABLE ratings (
    scope         TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    computer      INTEGER NOT NULL,
    mu            REAL    NOT NULL,
    sigma         REAL    NOT NULL,
    conservative  REAL    NOT NULL,
    games         INTEGER NOT NULL,
    last_game     INTEGER NOT NULL,
    PRIMARY KEY (scope, user_id)
);
CREATE INDEX ratings_by_estimate ON ratings (scope, conservative);

-- How long a person took to make each move of the log (milliseconds since
-- the entry before it, or since the game started): people's moves only.
CREATE TABLE move_times (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    scope    TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    name     TEXT    NOT NULL,
    ms       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX move_times_by_player ON move_times (scope, user_id, ms);
