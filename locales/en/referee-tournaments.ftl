# Tournaments: opened in a channel, sign-up, standings, the end
# (src/referee/tournaments.rs). The command words (tournament join, swiss,
# round_robin, format:, rounds:) are the command language and stay as they
# are in every language.

# A tournament as a sentence names it. $name: the name its organiser gave;
# $id: its number.
tournament-named = { $name } (#{ $id })
tournament-unnamed = Tournament #{ $id }

## To everyone

# $name: who opened it; $tournament: tournament-named or tournament-unnamed.
tournament-opened = { $name } opened the tournament { $tournament }.
# $format: swiss, round_robin or elimination; $size: players a table;
# $rounds: tournament-rounds or tournament-rounds-as-needed; $clock: fast,
# normal, slow or off; $deadline: a duration (14d); $rated, $vacations: yes or no.
tournament-settings = { $format ->
        [round_robin] Round robin
        [elimination] Elimination
       *[swiss] Swiss
    }, tables of { $size }, { $rounds }; clock { $clock }, { $deadline } a round; { $rated ->
        [yes] rated
       *[no] not rated
    }; { $vacations ->
        [yes] away pauses its games' clocks
       *[no] away does not pause its games' clocks
    }.
tournament-rounds = { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
tournament-rounds-as-needed = as many rounds as the format needs
tournament-how-to-join = Sign up with tournament join (tournament leave takes you off the list); tournament standings shows who is in. tournament start (its organiser) closes sign-up and opens the first round: each table gets a thread of its own, and the rounds go on by themselves.
# $count: players signed up now.
tournament-joined = { $name } signed up for { $tournament }: { $count ->
        [one] { $count } player
       *[other] { $count } players
    } so far.
tournament-left = { $name } withdrew from { $tournament }: { $count ->
        [one] { $count } player
       *[other] { $count } players
    } signed up.
tournament-ended = { $name } ended { $tournament }. tournament standings still shows where everyone stood; a new tournament may open in this channel.

## Refusals

tournament-none-open = No tournament is open in this channel. tournament new opens one.
tournament-none-here = This channel has had no tournament yet. tournament new opens one.
tournament-already-open = { $tournament } is already open in this channel, and a channel holds one at a time. Its organiser, or someone who manages the channel, can end it with tournament end.
tournament-signup-closed = Sign-up for { $tournament } is closed: its rounds have begun.
# $place: their number in the sign-up order.
tournament-already-in = You are already signed up for { $tournament } (number { $place } in the sign-up order). tournament leave takes you off the list.
tournament-not-in = You are not signed up for { $tournament }, so there is nothing to withdraw from. tournament join signs you up.
tournament-end-not-yours = Only the organiser of { $tournament }, or someone who manages this channel, can end it.
# $rounds: the rounds asked for; $most: the most a tournament plays.
tournament-bad-rounds = A Swiss tournament plays 1 to { $most } rounds, not { $rounds }.
tournament-rounds-not-swiss = { $format ->
        [round_robin] A round robin
       *[elimination] An elimination
    } plays as many rounds as its format needs: rounds: is for format:swiss.
# $deadline: what was given (a duration, or off).
tournament-bad-deadline = Every round has a deadline, from 1h to 60d (like 7d), not { $deadline }.

## The standings (to the asker)

# $status: signup, running, finished or ended; $rounds: rounds with results.
tournament-standings-head = Standings of { $tournament } ({ $status ->
        [signup] signing up
        [running] running
        [finished] finished
       *[ended] ended
    }; { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    } with results, { $count ->
        [one] { $count } player
       *[other] { $count } players
    }):
tournament-standings-nobody = Nobody has signed up yet.
tournament-standings-no-results = No results yet: everyone has 0 points, in sign-up order.
# $points: tournament points (12 for a table's first place to 0 for its
# last, 6 for a bye); $game_points: the games' scores added up; $buchholz:
# the opponents' points, a mean at each table, summed.
tournament-standings-line = { $place }. { $name }: { $points } points ({ $games ->
        [one] { $games } game
       *[other] { $games } games
    }, { $byes ->
        [one] { $byes } bye
       *[other] { $byes } byes
    }; { $game_points } game points, Buchholz { $buchholz })

## The rounds (src/referee/rounds.rs)

# $count: players signed up.
tournament-started = { $name } started { $tournament } with { $count } players: sign-up is closed and the first round is open.
# A table's thread. $round, $table: numbers.
tournament-table-place = { $tournament } · round { $round } · table { $table }
# In the table's thread. $players: the table's players (pinged), in seat order.
tournament-table-opened = { $tournament }, round { $round }, table { $table }: { $players }. Good luck!
# In the tournament's channel. $tables: how many; $deadline: when the round closes.
tournament-round-opened = Round { $round } of { $tournament } is open: { $tables ->
        [one] { $tables } table
       *[other] { $tables } tables
    }, until { $deadline }. A game still open then is played out by the computer.
# $place: the table's thread; $players: its players in seat order.
tournament-round-table = Table { $table } ({ $place }): { $players }
# $points: what a bye scores.
tournament-round-bye = { $name } has a bye this round ({ $points } points).
# In a table's thread at the round's deadline. $level: the computer's level; $moves: moves it played.
tournament-played-out = The round's deadline has passed: the { $level } computer played out this game ({ $moves ->
        [one] { $moves } move
       *[other] { $moves } moves
    }), for every seat.
tournament-round-closed = Round { $round } of { $tournament } is over.
# $placings: tournament-round-placing for each player, best first.
tournament-round-result = Table { $table }: { $placings }
tournament-round-placing = { $place }. { $name } ({ $score })
tournament-finished = { $tournament } is over after { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }. The final standings:
tournament-winner = The winner: { $name }!

## Refusals of start

tournament-start-not-yours = Only the organiser of { $tournament }, or someone who manages this channel, can start it.
# $count: players signed up now.
tournament-start-too-few = { $tournament } needs at least 2 players to start; { $count ->
        [one] { $count } has
       *[other] { $count } have
    } signed up.
tournament-button-old = This button belongs to a tournament that no longer signs up in this channel.

## The organiser's drop and extend

# $name: the player dropped; $by: who dropped them.
tournament-dropped = { $by } dropped { $name } from { $tournament }: they play no further round, and a game of theirs still played goes on with the computer in their seat.
tournament-drop-not-yours = Only the organiser of { $tournament }, or someone who manages this channel, can drop a player.
# $player: as typed.
tournament-drop-unknown = Nobody called { $player } has signed up for { $tournament }.
tournament-drop-already = Already done: { $name } was dropped from { $tournament } before.
# $deadline: the round's new deadline.
tournament-extended = { $name } extended round { $round } of { $tournament }: it now closes { $deadline }.
tournament-extend-not-yours = Only the organiser of { $tournament }, or someone who manages this channel, can extend a round.
tournament-extend-no-round = { $tournament } has no round under way to extend.
tournament-extend-once = Round { $round } of { $tournament } has been extended already: a round is extended once at most.

## Sign-up closing by itself (`closes`, `players` at `new`)

# Refused. $closes: what was given.
tournament-bad-closes = Sign-up may close by itself from 1h to 60d after the tournament opens (like 2d), not { $closes }.
# Refused. $players: what was given; $most: the most.
tournament-bad-players = Sign-up may close by itself at 2 to { $most } players, not { $players }.
# $at: when.
tournament-closes-at = Sign-up closes by itself { $at } (once 2 have joined).
# $players: how many.
tournament-closes-players = Sign-up closes by itself at { $players } players.
tournament-closes-at-or-players = Sign-up closes by itself { $at } (once 2 have joined), or sooner at { $players } players.
