# Each seat's clock in a game that has one (/aq game settings clock:):
# the time left, on /aq board and /aq mygames.

# The clocks of a game, on /aq board. $pace: the pace's word (fast, normal
# or slow); $seats: each person's part below, listed.
clocks-line = Clocks ({ $pace }): { $seats }
# The seat whose turn it is. $name: the player; $left: the time left as the
# command language writes a duration (23h10m); $out: when it runs out.
clocks-seat-running = { $name } { $left } left (runs out: { $out })
# The same while the weekend pause holds.
clocks-seat-weekend = { $name } { $left } left (stopped for the weekend)
# The same while its player is away, within their yearly allowance.
clocks-seat-away = { $name } { $left } left (stopped: away)
# A seat waiting for its turn. $left: its time for that turn.
clocks-seat = { $name } { $left }
# After a seat's part, when its time ran out before. $count: how many
# times; $most: the timeouts that hand the seat to the computer (3).
clocks-timeouts = ({ $count } of { $most } timeouts)
# After a game's line of /aq mygames: the asker's clock there.
mygames-clock = Your clock: { $left } left (runs out: { $out }).
mygames-clock-weekend = Your clock: { $left } left (stopped for the weekend).
mygames-clock-away = Your clock: { $left } left (stopped while you are away).

## Running out of time

# Before the computer's moves for a person whose clock ran out. $name: the
# player; $count: their timeouts in this game, this one included; $most:
# the timeouts that hand the seat to the computer (3); $level: the
# computer's level.
clocks-ran-out = { $name }'s time ran out ({ $count } of { $most }): the computer ({ $level } level) plays this turn for them.
# After that turn, when it was the last allowed. $name, $most, $level: as above.
clocks-handed-over = { $name } ran out of time { $most } times: the seat plays on automatically ({ $level } level) and ranks last at the end.
# At the end of a game, for a seat handed to the computer for running out
# of time. $name: its player; $most: as above.
play-timed-out-ranked = { $name } ran out of time { $most } times: the seat played on automatically and ranks last.
# To the person of such a seat who tries to act. $game: the game's number.
play-timed-out = You ran out of time { $most } times in game #{ $game }: your seat plays on automatically and you cannot act in this game again.
press-timed-out = You ran out of time { $most } times in game #{ $game }: your seat plays on automatically and you cannot act in this game again: nothing was changed.
