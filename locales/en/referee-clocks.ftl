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
# A seat waiting for its turn. $left: its time for that turn.
clocks-seat = { $name } { $left }
# After a game's line of /aq mygames: the asker's clock there.
mygames-clock = Your clock: { $left } left (runs out: { $out }).
mygames-clock-weekend = Your clock: { $left } left (stopped for the weekend).
