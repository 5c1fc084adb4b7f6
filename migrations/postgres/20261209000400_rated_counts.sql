-- How many are rated in each place (people and computer levels: the
-- leaderboard's "of N" in `stats player:`), kept as a place's ratings are
-- written and cleared, so that the count reads one row rather than an
-- index entry a rated player of the place.
CREATE TABLE rated_counts (
    scope  TEXT    NOT NULL PRIMARY KEY,
    rated  BIGINT NOT NULL
);
INSERT INTO rated_counts (scope, rated)
SELECT scope, COUNT(*) FROM ratings GROUP BY scope;
