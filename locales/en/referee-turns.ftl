# What the scheduler sends: reminders in a game's channel and turn alerts by
# direct message; and what the player to act must do, said in both and in
# nudges and /aq mygames.

## What the player to act must do, addressed to them

# When the game cannot be read: in reminders and nudges.
task-your-turn = it is your turn
# When the game cannot be read: in /aq mygames.
task-your-move = your move

## Letters

# A reminder in the game's channel, in the game's language. $who: the
# player to act; $game: the game's number; $since: when the wait began;
# $task: what they must do; $sent: this reminder's number; $max: reminders
# a wait at most.
reminder = { $who } your turn in game #{ $game } has waited since { $since }: { $task }. (Reminder { $sent } of { $max }.)
# The same in a game with clocks, where reminders come at shares of the
# time left (half, a quarter, a tenth); followed by reminder-clock. $who,
# $game, $since, $task: as above.
reminder-timed = { $who } your turn in game #{ $game } has waited since { $since }: { $task }.
# After reminder-timed: the clock of the player to act. $left: their time
# left, as the settings write a duration (23h10m); $out: when it runs out.
reminder-clock = Your clock: { $left } left (runs out: { $out }).
# A turn alert by direct message, in the recipient's language. $game: the
# game's number; $channel: its channel; $task: what they must do.
dm-your-turn = Your turn in game #{ $game } in { $channel }: { $task }
# On its own line under a table posted in the channel that replaces tables
# of the same game still waiting to be posted. $count: how many.
letters-left-out = ({ $count ->
        [one] The table before this one was left out: it showed a position already past.
       *[other] The { $count } tables before this one were left out: they showed positions already past.
    } /aq past history tells every move.)
# A direct message to someone who asked for it (/aq notify before:on): the
# player before them starts a turn. $game: the game's number; $channel: its
# channel; $who: the player who starts.
dm-you-are-next = Game #{ $game } in { $channel }: { $who } is to play, and you play after them.
