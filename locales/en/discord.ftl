# What the Discord front end says itself (src/discord/), in the asker's
# language (their interaction's locale).

# The private note that answers a move slower than the deferral; the table
# follows as a new message (respond.rs).
discord-working = ⏳ Working on it: the table follows in a moment.

# A reply with nothing to say (respond.rs).
discord-done = Done.

# A command that would post in a channel where the bot lacks permissions
# (invite.rs). $count: how many are missing; $permissions: their names as
# Discord's settings show them, joined by commas.
discord-missing-in-channel = I cannot run a game in this channel: I am missing the { $count ->
        [one] permission
       *[other] permissions
    } { $permissions } here. A server admin can give it to me in the channel's settings (Permissions); nothing was changed.
# The same in a thread.
discord-missing-in-thread = I cannot run a game in this thread: I am missing the { $count ->
        [one] permission
       *[other] permissions
    } { $permissions } here. A server admin can give it to me in the thread's settings (Permissions); nothing was changed.

# A command that failed on the bot's side (mod.rs, on_error).
discord-went-wrong = Something went wrong on our side; please try again.

# An option Discord sent that could not be read (mod.rs, on_error). $error:
# the reason, as the library says it (English, technical).
discord-unreadable-option = One of the options could not be read ({ $error }). /aq help lists the commands.

# An interaction that came while the bot is stopping (a deploy): it answers
# those in flight, and takes no new one (inflight.rs).
discord-restarting = I am restarting: try again in a few seconds. Nothing was changed.

# Told privately to whoever acts in a game whose channel has lost a
# permission the bot needs to post there (invite.rs). $count, $permissions:
# as for discord-missing-in-channel.
discord-missing-notice = I am missing the { $count ->
        [one] permission
       *[other] permissions
    } { $permissions } here, so reminders, computer players' moves and moves made on the web cannot be posted in this channel. A server admin can give { $count ->
        [one] it
       *[other] them
    } to me in the channel's settings (Permissions).

# A game opened in a private thread the bot is not a member of (respond.rs):
# Discord shows it nothing of the thread, and it cannot add itself.
discord-private-thread = I am not a member of this private thread, so I could not post reminders or computer players' moves in it. Add me by mentioning me in the thread (or from the thread's member list), then open the game again. Nothing was changed.

# A game opened in a locked thread (invite.rs).
discord-thread-locked = This thread is locked, so I cannot post in it: open the game in another channel or thread, or ask a moderator to unlock it. Nothing was changed.

# The button under a table message that opens the table inside Discord.
discord-open-table = Open the table
discord-table-elsewhere = The table cannot open inside Discord here: open its page on the web instead.
discord-table-no-web = The table cannot open inside Discord here, and this bot serves no web pages.
