-- How many games each server's public channels hold (those every member
-- can see: what the server's web page lists), kept as games are opened
-- and as channels turn public or private (a channel's kept count moved in
-- or out), so that the page reads one row however many channels, threads
-- among them, hold the server's games.
CREATE TABLE public_games (
    guild  TEXT   NOT NULL PRIMARY KEY,
    games  BIGINT NOT NULL
);
INSERT INTO public_games (guild, games)
SELECT v.guild, SUM(c.games) FROM channel_views v JOIN channel_games c ON c.channel = v.channel
WHERE v.public = 1 GROUP BY v.guild;
