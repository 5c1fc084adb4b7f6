-- Seasons: a place's leaderboard by calendar month or quarter (UTC), the
-- ratings carried on from one to the next.
--
-- `season_lengths`: the length a place chose (`month`, `quarter` or
-- `off`), by those who may manage its server; a place without a row has
-- quarters. `scope` is the place as the ratings name it (`store::scope_key`).
CREATE TABLE season_lengths (
    scope       TEXT    NOT NULL PRIMARY KEY,
    length      TEXT    NOT NULL,
    set_at_ms   BIGINT  NOT NULL
);

-- A season that ended, kept the first time it was asked for after its
-- end (`season` its name: `2026-11`, `2026-Q4`): its rated games and the
-- people who played too few of them to be ranked. Past seasons read these
-- rows and `season_standings`, never the ratings again.
CREATE TABLE seasons_kept (
    scope       TEXT    NOT NULL,
    season      TEXT    NOT NULL,
    games       BIGINT  NOT NULL,
    unranked    BIGINT  NOT NULL,
    kept_at_ms  BIGINT  NOT NULL,
    PRIMARY KEY (scope, season)
);

-- A kept season's people ranked, in order (`line` 1 the first): their
-- rating after their last game of the season, its games and wins, and the
-- conservative estimate gained in it.
CREATE TABLE season_standings (
    scope       TEXT    NOT NULL,
    season      TEXT    NOT NULL,
    line        BIGINT  NOT NULL,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    games       BIGINT  NOT NULL,
    wins        BIGINT  NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    gained      DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (scope, season, line)
);
