-- Practice games: a game whose order of tiles a player chose (a seed at
-- `/aq new seed:`, a stacked deck at `/aq new deck:`, the terminal's --seed
-- or --deck) could be known in advance by whoever chose it, so it is
-- practice: marked on its table and in /aq games, and left out of every
-- stats figure. A game dealt by the bot (a seed from the operating system's
-- randomness) counts.
--
-- Older games: those with a stacked deck become practice; a chosen seed was
-- not remembered apart from a dealt one, so the others keep counting.

ALTER TABLE games ADD COLUMN practice INTEGER NOT NULL DEFAULT 0;
UPDATE games SET practice = 1 WHERE deck IS NOT NULL;

-- Their results leave the stats, and every player's totals are rebuilt from
-- the results that stay (as the referee's own rebuild does).
DELETE FROM results WHERE game_id IN (SELECT id FROM games WHERE practice = 1);
DELETE FROM player_totals;
INSERT INTO player_totals (scope, user_id, name, computer, games, wins, score_sum,
    best, best_game, last_game, dolphin, orca, sealion, turtle, penguin, polarbear,
    crocodile, hippo)
SELECT scope, user_id, '', MAX(computer), COUNT(*), SUM(won), SUM(score), MAX(score), 0,
    MAX(game_id), SUM(dolphin), SUM(orca), SUM(sealion), SUM(turtle), SUM(penguin),
    SUM(polarbear), SUM(crocodile), SUM(hippo)
FROM results GROUP BY scope, user_id;
UPDATE player_totals SET
    name = (SELECT r.name FROM results r WHERE r.scope = player_totals.scope
        AND r.user_id = player_totals.user_id AND r.game_id = player_totals.last_game
        ORDER BY r.seat LIMIT 1),
    best_game = (SELECT MIN(r.game_id) FROM results r WHERE r.scope = player_totals.scope
        AND r.user_id = player_totals.user_id AND r.score = player_totals.best);

-- Counting a place's finished games that count reads this index alone.
DROP INDEX games_finished;
CREATE INDEX games_counted ON games (guild, channel)
    WHERE status = 'finished' AND practice = 0;
