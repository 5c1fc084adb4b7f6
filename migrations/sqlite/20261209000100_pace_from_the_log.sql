-- A move's time is read from the log (the time since the entry before it,
-- or since the game started), not kept beside it: `move_times` held each
-- person's move a second time, about as much as the log itself. What is
-- kept instead is which games' moves are counted in their people's counts
-- (`pace`, `pace_counts`): a game is marked in the transaction that
-- counts its first move (or all its moves, when older games are filled
-- in), and unmarked when its moves are taken out of the counts (a game
-- abandoned, made practice). A game's times, when they are taken out or
-- its people counted again, are read from its log.
CREATE TABLE paced_games (
    game_id  INTEGER NOT NULL PRIMARY KEY REFERENCES games (id)
);
INSERT INTO paced_games (game_id) SELECT DISTINCT game_id FROM move_times;
DROP INDEX move_times_by_player;
DROP TABLE move_times;
