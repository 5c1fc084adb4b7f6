# What the referee says about games that wait on someone: settings, nudges,
# mygames, direct-message alerts, votes to remove an idle player.

## /aq game settings

# The reminders part of a game's settings. $every: the interval as the
# command language writes it (12h); $max: reminders a turn at most.
settings-reminders-every = reminders every { $every } ({ $max } at most a turn)
settings-reminders-off = reminders off
# The turn limit part. $limit: the limit as the command language writes it (2d).
settings-turn-limit = turn limit { $limit } (then the others may vote an idle player out with /aq game kick)
settings-turn-limit-off = turn limit off
settings-hints-on = hints on
# The clock part. $pace: the pace's word (fast, normal or slow); $start,
# $increment, $most: durations as the command language writes them (1d, 4h, 3d).
settings-clock = clock { $pace }: { $start } to start, { $increment } added each turn, at most { $most }
settings-clock-weekends = clock { $pace }: { $start } to start, { $increment } added each turn, at most { $most }; stopped at weekends (Saturday and Sunday, UTC)
settings-clock-off = no clock
# A clock (settings-clock or settings-clock-weekends) and what time away
# does to it. $clock, $away: those parts.
settings-clock-and-away = { $clock }; { $away }
# $days: the yearly allowance of time away, in days (14).
settings-vacations-on = time away stops it ({ $days } days a year)
settings-vacations-off = no vacations: time away does not stop it
settings-hints-off = hints off
# A game's settings. $game: the game's number; $reminders, $limit, $clock,
# $hints: the parts above; $lang: the game's language by name and code.
settings-summary = Game #{ $game }: { $reminders }; { $limit }; { $clock }; { $hints }; { $away }; language { $lang }. The creator or a channel manager changes them: /aq game settings reminders:<30m|12h|2d|off> turn_limit:<2d|off> clock:<fast|normal|slow|off> weekend_pause:<on|off> vacations:<on|off> hints:<on|off> language:<code> away:<12h|off>.
# Public, before the new settings. $name: who changed them.
settings-changed = { $name } changed the settings.
# During a game, after the settings: what waits for the next turn (the
# turn limit, hints, the away player's grace). $changes: those settings as
# the summary says them.
settings-next-turn = From the next turn (the turn under way keeps what it began with): { $changes }.

## Notices

# Told privately with the person's next command, after a direct message to
# them failed.
notice-dms-closed = Your direct messages are closed to this bot, so turn alerts by direct message are off now. Open them (server privacy settings) and use /aq notify dm:on to have them again.

## Refusals

settings-not-this-command = That is not /aq game settings.
settings-no-game = No game is open in this channel: settings belong to a game; open one with /aq game new.
# $game: the game's number.
settings-weekend-no-clock = Game #{ $game } has no clock for weekends to stop: give it one too, for example /aq game settings clock:normal weekend_pause:on.
# $game: the game's number.
settings-not-yours = Only the creator of game #{ $game } or someone who manages this channel changes its settings; anyone may look with /aq game settings.
waiting-no-game = No game is running in this channel.
# $game: the game's number.
waiting-voted-out = You were voted out of game #{ $game } and cannot act in it again.

## /aq nudge

# Refused. $game: the game's number.
nudge-nobody = Nobody needs a nudge in game #{ $game }: no person must act now.
nudge-not-seated = Only players seated in game #{ $game } may nudge.
nudge-own-turn = It is your own turn: nobody to nudge but you.
# Refused. $game: the game's number; $last: the last nudge; $next: when the
# next is allowed.
nudge-too-soon = Game #{ $game } was nudged { $last }; the next nudge is allowed { $next }.
# Who is nudged when their seat cannot be found.
nudge-the-player = the player to act
# Public. $name: who nudges; $who: the player to act; $game: the game's
# number; $since: when the wait began; $task: what they must do.
nudge = { $name } nudges { $who }: your turn in game #{ $game } has waited since { $since }: { $task }.

## /aq mygames (private)

mygames-none = No game is waiting for you: it is nobody's fault but the others'.
# $count: the games.
mygames-heading = Your turn in { $count ->
    [one] { $count } game
   *[other] { $count } games
}, the longest wait first:
# A game. $channel: its channel; $game: its number; $task: what to do;
# $since: when the wait began.
mygames-game-since = - { $channel } game #{ $game }: { $task }, since { $since }
mygames-game = - { $channel } game #{ $game }: { $task }

## /aq notify (private)

notify-not-this-command = That is not /aq notify.
notify-on = Turn alerts by direct message are on: when a turn of yours starts, you get a direct message with the channel. Turn them off with /aq notify dm:off.
notify-off = Turn alerts by direct message are off.

## /aq game kick

# Refused. $game: the game's number.
kick-not-started = Game #{ $game } has not started yet.
kick-nobody = No person must act in game #{ $game } now: there is nobody to vote out.
kick-not-seated = Only players seated in game #{ $game } may vote.
kick-own-turn = It is your own turn: play, or leave the table to the others' vote.
kick-no-limit = Game #{ $game } has no turn limit, so nobody can be voted out; its creator or a channel manager may set one with /aq game settings turn_limit:2d.
kick-idle-not-seated = The player to act is not seated here.
# Refused. $name: the player to act; $since: since when; $limit: the turn
# limit (2d); $allowed: when a vote is allowed.
kick-too-soon = { $name } has had the turn since { $since }, and the turn limit is { $limit }: a vote is allowed { $allowed }.
# Refused. $name: the player to act.
kick-voted-already = You already voted to remove { $name }.
# Public. $name: the voter; $idle: the player to act; $since: since when;
# $votes: votes so far; $needed: votes needed.
kick-vote = { $name } votes to remove { $idle }, whose turn has waited since { $since }: { $votes } of { $needed } votes needed.
# Public, after kick-vote. $name: the player removed; $level: the level
# the seat plays at.
kick-removed = { $name } is removed: the seat plays on automatically ({ $level } level) and ranks last at the end.
# Public, after kick-vote, when one vote removed the only other person in a
# game that counts. $name: the player voted out; $game: the game's number.
kick-ends-unrated = With only two people at the table, the vote ends game #{ $game } instead of handing { $name }'s seat to the computer: it stays in the history unrated, and nobody's rating moves.
## Away (/aq away, and a game's away setting)

# A game's away setting. $after: the grace as the command language writes it (12h).
settings-away-computer = the computer plays an away player's turns after { $after }
settings-away-waits = an away player's turns wait for them
# Refused nudge. $who: the player to act; $until: when they are back.
nudge-away = { $who } is away until { $until }: no nudges till then.
notify-before-on = A direct message when the player before you starts a turn: on. Turn it off with /aq notify before:off.
notify-before-off = A direct message when the player before you starts a turn: off.
away-not-this-command = That is not /aq away.
# $until: when they are back.
away-is = You are away until { $until }: no reminders, nudges or turn alerts to you till then. Back sooner with /aq away until:off.
away-is-not = You are not away. /aq away until:3d (or a date, 2026-12-24) says you are away for a while.
# $value: the time as typed.
away-in-the-past = '{ $value }' is already past: give a time to come.
away-too-long = '{ $value }' is too far: away is at most 60d at a time.
away-back = Welcome back: reminders and turn alerts are on again.
# $until: when they are back; $games: the tables told.
away-set = You are away until { $until }: no reminders, nudges or turn alerts to you till then. { $games ->
    [0] You are at no table now.
    [one] Your table is told.
   *[other] Your { $games } tables are told.
} Back sooner with /aq away until:off.
# Public, once, in a game's channel. $name: who is away; $game: the game's
# number; $until: when they are back; $plays: what happens to their turns.
away-told = { $name } is away until { $until } (game #{ $game }): no reminders or nudges to them till then; { $plays }.
# $after: the grace (12h).
away-told-computer = the computer plays their turns after { $after } of waiting, marked as the computer's in history
away-told-waits = their turns wait for them
# After away-set: how much of the year's allowance of time away still stops
# their clocks in games with clocks. $left: that time, as the settings write
# a duration (10d4h); $days: the allowance, in days (14).
away-allowance = In games with clocks your clock stands still while you are away, { $days } days a calendar year (UTC): { $left } of this year's are left, counted from now (games with vacations:off excepted).
# $game: the game; $tournament: its title.
settings-tournament-table = Game #{ $game } is a table of { $tournament }: it plays by the tournament's settings (clock, turn limit, hints, time away); only its reminders and language may change.
