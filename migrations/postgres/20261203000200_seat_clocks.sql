-- Each seat's clock in a game with one: the time it has, and its timeouts.

-- The time (ms) on the seat's clock when its current turn began, or for
-- its next turn; NULL: the pace's time to start (a new game, or a pace
-- changed during the game).
ALTER TABLE seats ADD COLUMN clock_left_ms BIGINT;

-- How many times the seat's time ran out.
ALTER TABLE seats ADD COLUMN clock_timeouts BIGINT NOT NULL DEFAULT 0;

-- When the turn of the person to act began (`waiting_since` starts again
-- at each of their moves; a turn of several moves keeps this one).
ALTER TABLE games ADD COLUMN turn_since BIGINT;
