# A game that waits because the bot cannot post in its channel
# (src/referee/reach.rs): told to whoever acts there, on its web page and in
# /aq mygames.

paused-removed = This game waits: I was removed from its server, and it goes on when I am back.
paused-deleted = This game waits for good: its channel was deleted.
paused-unreachable = This game waits: Discord does not let me post in its channel (a permission is missing, it is a private thread I am not in, or the thread is locked). Reminders and computer players' moves go on once I can post there again.

# /aq mygames: a game that waits. $channel, $game as in mygames-game; $why:
# one of the sentences above.
mygames-game-paused = - { $channel } game #{ $game }: { $why }
