-- The Discord interactions that changed something, remembered for a day, so
-- that one delivered twice (a gateway that resumes and replays its events,
-- or Discord sending it again) is refused instead of played twice. The id is
-- written in the same transaction as the change it made: either both are
-- kept or neither.

CREATE TABLE seen_interactions (
    id      TEXT    PRIMARY KEY,
    seen_at INTEGER NOT NULL   -- Unix milliseconds, from the referee's clock
);

CREATE INDEX seen_interactions_by_age ON seen_interactions (seen_at);
