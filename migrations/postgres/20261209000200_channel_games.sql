-- How many games each channel has had, kept as games are opened. A
-- server's web page counts the games of its public channels by adding up
-- its public channels' counts (a row a channel, read through the index of
-- the views by server), however many games those channels hold; a channel
-- turning public or private changes which rows are added, nothing kept.
CREATE TABLE channel_games (
    channel  TEXT   NOT NULL PRIMARY KEY,
    games    BIGINT NOT NULL
);
INSERT INTO channel_games (channel, games) SELECT channel, COUNT(*) FROM games GROUP BY channel;
