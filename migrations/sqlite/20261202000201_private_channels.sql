-- Private channels kept private: who may see each channel that holds a
-- game, as Discord's data says it (the channel's permission overwrites, the
-- server's @everyone role), recorded when a game is opened there and kept
-- fresh from the gateway's channel and role events. The server's page lists
-- only games of channels every member can see; a channel without a row is
-- taken as hidden.
CREATE TABLE channel_views (
    channel        TEXT    PRIMARY KEY,
    guild          TEXT    NOT NULL,
    -- A thread's channel; NULL for a channel.
    parent         TEXT,
    -- 1: a private thread, which only its members see (never public).
    private_thread INTEGER NOT NULL,
    -- What the @everyone role's overwrite (the channel's, or a thread's
    -- parent's) says of viewing it: 'allow', 'deny', or NULL (nothing).
    everyone       TEXT,
    -- 1: another overwrite denies viewing to some role or member.
    denied_some    INTEGER NOT NULL,
    -- 1: every member of the server can see it (from the above and what
    -- the server's @everyone role may do).
    public         INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL
);
CREATE INDEX channel_views_by_guild ON channel_views (guild);
CREATE INDEX channel_views_by_parent ON channel_views (parent);
