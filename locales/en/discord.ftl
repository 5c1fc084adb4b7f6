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
