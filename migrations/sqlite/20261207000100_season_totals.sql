-- Each season's running totals, kept as games are rated (in the same
-- transaction as their rating changes), so that a season under way is
-- read in one row a person, whatever the number of games it holds.
-- Every rated game adds to two seasons: its calendar month (`2026-11`)
-- and its quarter (`2026-Q4`), whatever length the place chose.
--
-- `season_people`: a person's part in a season: their games and wins, their
-- rating before their first game of it and after their last (mean and
-- deviation), their name in their latest game. Computer players are
-- opponents only: they have no row.
CREATE TABLE season_people (
    scope       TEXT    NOT NULL,
    season      TEXT    NOT NULL,
    user_id     TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    games       INTEGER  NOT NULL,
    wins        INTEGER  NOT NULL,
    mu_first    REAL NOT NULL,
    sigma_first REAL NOT NULL,
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL,
    PRIMARY KEY (scope, season, user_id)
);

-- The rated games of a season.
CREATE TABLE season_counts (
    scope       TEXT    NOT NULL,
    season      TEXT    NOT NULL,
    games       INTEGER  NOT NULL,
    PRIMARY KEY (scope, season)
);

-- The places whose totals were made from every rating change they had
-- (the first time a season of theirs was read): a place rated before
-- these tables existed is made whole then, once.
CREATE TABLE season_totals_made (
    scope       TEXT    NOT NULL PRIMARY KEY,
    made_at_ms  INTEGER  NOT NULL
);
