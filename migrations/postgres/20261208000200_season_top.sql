-- A season under way is shown by its first people and two counts, read
-- without a row for each of its people: `estimate`, each person's rating's
-- conservative estimate after their last game of the season (`mu - 3 *
-- sigma`, the standings' order), and an index of the people ranked (3 games
-- or more: `tournament::season::RANKED_FROM`) in that order; `people` and
-- `ranked`, a season's people and those of them ranked, kept as its games
-- are rated.
ALTER TABLE season_people ADD COLUMN estimate DOUBLE PRECISION NOT NULL DEFAULT 0;
UPDATE season_people SET estimate = mu - 3.0 * sigma;
CREATE INDEX season_people_ranked ON season_people (scope, season, estimate DESC, games DESC)
    WHERE games >= 3;

ALTER TABLE season_counts ADD COLUMN people BIGINT NOT NULL DEFAULT 0;
ALTER TABLE season_counts ADD COLUMN ranked BIGINT NOT NULL DEFAULT 0;
UPDATE season_counts SET people = c.people, ranked = c.ranked
FROM (SELECT scope, season, COUNT(*) AS people,
             SUM(CASE WHEN games >= 3 THEN 1 ELSE 0 END) AS ranked
      FROM season_people GROUP BY scope, season) AS c
WHERE season_counts.scope = c.scope AND season_counts.season = c.season;
