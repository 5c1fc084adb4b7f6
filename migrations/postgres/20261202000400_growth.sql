-- Growth: what a request reads follows what it shows, not how many games
-- were ever played.

-- A place's figures (the server, or 'channel:<id>' for a game without
-- one, as the results' scope), kept as its games are opened and finish:
-- how many games were opened there (`/aq past games`), how many finished
-- that count (not practice), and the sums of their results (seats, scores,
-- computer players' wins, the animals in the zoos at the end). Written in
-- the transactions that open a game, finish it and write its results;
-- rebuilt for a place whenever older games are filled in or taken out, as
-- the players' totals are.
CREATE TABLE place_totals (
    scope          TEXT    PRIMARY KEY,
    games          BIGINT  NOT NULL DEFAULT 0,
    finished       BIGINT  NOT NULL DEFAULT 0,
    seats          BIGINT  NOT NULL DEFAULT 0,
    score_sum      BIGINT  NOT NULL DEFAULT 0,
    computer_wins  BIGINT  NOT NULL DEFAULT 0,
    dolphin        BIGINT  NOT NULL DEFAULT 0,
    orca           BIGINT  NOT NULL DEFAULT 0,
    sealion        BIGINT  NOT NULL DEFAULT 0,
    turtle         BIGINT  NOT NULL DEFAULT 0,
    penguin        BIGINT  NOT NULL DEFAULT 0,
    polarbear      BIGINT  NOT NULL DEFAULT 0,
    crocodile      BIGINT  NOT NULL DEFAULT 0,
    hippo          BIGINT  NOT NULL DEFAULT 0
);

INSERT INTO place_totals (scope, games, finished)
SELECT CASE WHEN guild IS NULL THEN 'channel:' || channel ELSE guild END,
       COUNT(*), SUM(CASE WHEN status = 'finished' AND practice = 0 THEN 1 ELSE 0 END)
FROM games GROUP BY 1;

INSERT INTO place_totals (scope, seats, score_sum, computer_wins, dolphin, orca, sealion,
    turtle, penguin, polarbear, crocodile, hippo)
SELECT scope, SUM(games), SUM(score_sum), SUM(CASE WHEN computer <> 0 THEN wins ELSE 0 END),
       SUM(dolphin), SUM(orca), SUM(sealion), SUM(turtle), SUM(penguin), SUM(polarbear),
       SUM(crocodile), SUM(hippo)
FROM player_totals GROUP BY scope
ON CONFLICT (scope) DO UPDATE SET seats = excluded.seats, score_sum = excluded.score_sum,
    computer_wins = excluded.computer_wins, dolphin = excluded.dolphin, orca = excluded.orca,
    sealion = excluded.sealion, turtle = excluded.turtle, penguin = excluded.penguin,
    polarbear = excluded.polarbear, crocodile = excluded.crocodile, hippo = excluded.hippo;

-- The medians to move from counts rather than from every time: each
-- person's timed moves in a place counted by how long they took, to the
-- whole second under an hour and to the whole minute from an hour (what
-- the stats show of a time), in `pace_counts` at two levels: `level` 0 the
-- fine buckets (`bucket` the second 0..3599, then 3600 + the minutes past
-- the hour), `level` 1 their sums by 60 (`bucket` / 60: the minute under
-- an hour, then the hour). A median is found by walking the coarse counts
-- up to the middle, then one coarse bucket's fine counts: a few dozen rows
-- however many moves. `pace` holds each person's count of timed moves and
-- the name of their latest. Written in the transaction that times a move,
-- taken out with a game's times, rebuilt from `move_times` whenever older
-- games are filled in.
CREATE TABLE pace (
    scope      TEXT    NOT NULL,
    user_id    TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    moves      BIGINT  NOT NULL,
    last_game  BIGINT  NOT NULL,
    last_seq   BIGINT  NOT NULL,
    PRIMARY KEY (scope, user_id)
);

CREATE TABLE pace_counts (
    scope    TEXT    NOT NULL,
    user_id  TEXT    NOT NULL,
    level    BIGINT  NOT NULL,
    bucket   BIGINT  NOT NULL,
    moves    BIGINT  NOT NULL,
    PRIMARY KEY (scope, user_id, level, bucket)
);

INSERT INTO pace (scope, user_id, name, moves, last_game, last_seq)
SELECT t.scope, t.user_id, '', COUNT(*), MAX(t.game_id), 0 FROM move_times t
GROUP BY t.scope, t.user_id;
UPDATE pace SET
    last_seq = (SELECT MAX(t.seq) FROM move_times t WHERE t.scope = pace.scope
        AND t.user_id = pace.user_id AND t.game_id = pace.last_game),
    name = (SELECT t.name FROM move_times t WHERE t.scope = pace.scope
        AND t.user_id = pace.user_id AND t.game_id = pace.last_game
        ORDER BY t.seq DESC LIMIT 1);

INSERT INTO pace_counts (scope, user_id, level, bucket, moves)
SELECT scope, user_id, 0, b, COUNT(*) FROM (
    SELECT scope, user_id,
        CASE WHEN ms < 3600000 THEN ms / 1000 ELSE ms / 60000 + 3540 END AS b
    FROM move_times) AS timed
GROUP BY scope, user_id, b;
INSERT INTO pace_counts (scope, user_id, level, bucket, moves)
SELECT scope, user_id, 1, bucket / 60, SUM(moves) FROM pace_counts WHERE level = 0
GROUP BY scope, user_id, bucket / 60;

-- Indexes for what requests read.
-- A channel's latest game (the history, the language of a channel's last
-- table).
CREATE INDEX games_by_channel ON games (channel, id);
-- The games a person plays in (away).
CREATE INDEX seats_by_user ON seats (user_id);
-- The servers whose games wait for the bot.
CREATE INDEX games_paused ON games (paused, guild) WHERE paused IS NOT NULL;
-- The leaderboard: most wins, then win rate, then average, people only.
CREATE INDEX player_totals_leaders ON player_totals (scope,
    wins DESC,
    (CAST(wins AS DOUBLE PRECISION) / games) DESC,
    (CAST(score_sum AS DOUBLE PRECISION) / games) DESC,
    name, user_id) WHERE computer = 0;
-- The people with the most finished games (the medians shown), and those
-- not yet ranked.
CREATE INDEX player_totals_by_games ON player_totals (scope, computer, games DESC, user_id);
-- A player by their latest name.
CREATE INDEX player_totals_by_name ON player_totals (scope, LOWER(name), last_game);
-- A place's best score.
CREATE INDEX player_totals_best ON player_totals (scope, best DESC, best_game, user_id);
-- The one check of every game when the bot starts (games finished before
-- results, ratings or move times were kept, games that stopped counting)
-- reads this index, a few bytes a game, rather than every game's row.
CREATE INDEX games_by_status ON games (status, practice);
-- The scheduler's step reads the running games whose reminder or automatic
-- seat is due, earliest first, and no others: without these the planner
-- takes `games_by_status` and reads every running game to sort them.
CREATE INDEX games_due_reminders ON games (status, remind_at) WHERE remind_at IS NOT NULL;
CREATE INDEX games_due_automatic ON games (status, auto_at) WHERE auto_at IS NOT NULL;

-- A game that ended waits for nothing: no reminder, no automatic seat, no
-- one to act (games abandoned before kept theirs, and the scheduler woke
-- for them).
UPDATE games SET to_act_user = NULL, waiting_since = NULL, remind_at = NULL, auto_at = NULL
WHERE status IN ('finished', 'abandoned')
    AND (to_act_user IS NOT NULL OR waiting_since IS NOT NULL OR remind_at IS NOT NULL
        OR auto_at IS NOT NULL);
