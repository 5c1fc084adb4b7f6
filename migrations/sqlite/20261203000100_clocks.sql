-- Clocks: a game's pace (each seat's time for its turns) and whether its
-- clocks stand still at weekends (`/aq game settings clock: weekend_pause:`).

-- The pace: 'fast', 'normal' or 'slow'; NULL: no clock (the default).
ALTER TABLE games ADD COLUMN clock TEXT;

-- The weekend pause, as the offset from UTC (minutes east) of the weekend
-- that pauses the clocks (0: Saturday and Sunday in UTC); NULL: the clocks
-- run at weekends (the default).
ALTER TABLE games ADD COLUMN clock_weekend_offset BIGINT;
