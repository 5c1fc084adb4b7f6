-- Time away pauses a seat's clock, within a yearly allowance, unless the
-- game says no vacations (`/aq game settings vacations:off`).

-- Whether time away stops the clocks of the game's people (1, the
-- default), or not (0).
ALTER TABLE games ADD COLUMN vacations BIGINT NOT NULL DEFAULT 1;

-- When the person's stretch away (to `away_until`) began; NULL: none to
-- charge yet (never away, or charged when they came back or went away
-- again).
ALTER TABLE people ADD COLUMN away_since BIGINT;

-- The allowance spent before that stretch: the calendar year (UTC) it
-- counts in, and the time away charged in that year (ms).
ALTER TABLE people ADD COLUMN away_year BIGINT NOT NULL DEFAULT 0;
ALTER TABLE people ADD COLUMN away_used_ms BIGINT NOT NULL DEFAULT 0;
