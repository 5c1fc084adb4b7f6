-- A place's people counted as their games finish, so that `/aq past
-- stats` (those not yet ranked) and `stats player:` (a place "of N") read
-- one row rather than one index entry a person of the place: `people`,
-- the people (not computer players) with a finished game there, and
-- `ranked`, those of them with at least 3 (the leaderboard's fewest games:
-- `store::RANKED_FROM`). Kept in the transaction that writes a game's
-- results, rebuilt with the place's other figures.
ALTER TABLE place_totals ADD COLUMN people BIGINT NOT NULL DEFAULT 0;
ALTER TABLE place_totals ADD COLUMN ranked BIGINT NOT NULL DEFAULT 0;

UPDATE place_totals SET people = c.people, ranked = c.ranked
FROM (SELECT scope, COUNT(*) AS people,
             SUM(CASE WHEN games >= 3 THEN 1 ELSE 0 END) AS ranked
      FROM player_totals WHERE computer = 0 GROUP BY scope) AS c
WHERE place_totals.scope = c.scope;
