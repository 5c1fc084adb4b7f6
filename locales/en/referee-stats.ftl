# /aq past stats: a place's finished games in numbers and its leaderboard,
# or one player's numbers. Said privately.

# Where the numbers are kept.
stats-this-server = this server
stats-this-channel = this channel
# Refused. $name: the player asked for; $place: stats-this-*.
stats-nobody-called = Nobody called { $name } has finished a game in { $place }: /aq past stats without a player shows who has.
stats-no-games = No game has been finished in { $place } yet (practice games, with a chosen seed or deck, are not counted): open one with /aq game new.

## A place's numbers

# $place: stats-this-*; $games: finished games.
stats-place = Aquaretto in { $place }: { $games ->
    [one] { $games } game
   *[other] { $games } games
} finished. Practice games (a chosen seed or deck) are not counted.
# $average: the average score.
stats-scores = Scores (every seat, computer players included): average { $average }.
# $best: the best score; $name: whose; $game: in which game.
stats-scores-best = Scores (every seat, computer players included): average { $average }, best { $best } by { $name } in game #{ $game }.
# $animals: the animal, in the plural; $tiles: how many tiles.
stats-favourite = Favourite animal: { $animals } ({ $tiles ->
    [one] { $tiles } tile
   *[other] { $tiles } tiles
} in zoos at the end of games).
# $times: games won by computer players.
stats-computer-wins = Computer players won { $times ->
    [one] { $times } time
   *[other] { $times } times
}.
# After a blank line. $min: finished games to be ranked.
stats-leaderboard =
    { "" }
    Leaderboard: most wins, then win rate, then average score; people with at least { $min } finished games (computer players are not ranked).
stats-nobody-ranked = Nobody is ranked yet: it takes { $min } finished games.
# One ranked player. $rank: their place (padded); $name; $wins; $games;
# $rate: win rate in percent; $average: average score; $best: best score.
stats-leader = { $rank }. { $name }: { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} in { $games ->
    [one] { $games } game
   *[other] { $games } games
} ({ $rate }%), average { $average }, best { $best }
# $people: people not ranked yet; $min: finished games to be ranked.
stats-unranked = { $people ->
    [one] { $people } more person has fewer than { $min } finished games and is not ranked yet.
   *[other] { $people } more people have fewer than { $min } finished games and are not ranked yet.
}
stats-own-numbers = A player's own numbers: /aq past stats player:<player>.

## A player's numbers

# $name: the player; $place: stats-this-*; $games; $wins; $rate: win rate in percent.
stats-player = { $name } in { $place }: { $games ->
    [one] { $games } game
   *[other] { $games } games
} finished, { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
} ({ $rate }%).
# $average: their average score; $best: their best; $game: where.
stats-player-scores = Average score { $average }, best { $best } (game #{ $game }).
stats-player-favourite = Favourite animal: { $animals } ({ $tiles ->
    [one] { $tiles } tile
   *[other] { $tiles } tiles
} in their zoos at the end of games).
stats-computer-not-ranked = Computer players are not ranked.
# $rank: their place; $suffix: English's ordinal suffix of it (st, nd, rd,
# th), for languages that need one; $of: people ranked.
stats-player-rank = Leaderboard: { $rank }{ $suffix } of { $of }.
stats-player-not-ranked = Not ranked yet: it takes { $min } finished games.

## Ratings and pace

# After a blank line: the ratings' leaderboard.
stats-ratings =
    { "" }
    Ratings (Weng-Lin), highest first by a safe estimate: the mean less three deviations; computer players rated per level, practice and abandoned games not rated.
stats-nobody-rated = Nobody is rated yet.
# One rated player. $rank: their place (padded); $name; $estimate: mean less
# three deviations; $mean; $deviation; $games: games that rated them.
stats-rating = { $rank }. { $name } — { $estimate } ({ $mean } ± { $deviation }) after { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}
# After a blank line: people's median times to move.
stats-pace =
    { "" }
    Median time to move (people's moves, finished and running games):
# $name; $time: stats-seconds, stats-minutes or stats-hours; $moves: moves timed.
stats-pace-line = { $name }: { $time } over { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
# After a blank line. $game: the running game in this channel.
stats-pace-game =
    { "" }
    Median time to move in this channel's game #{ $game }:
# A time to move.
stats-seconds = { $s } s
stats-minutes = { $m } min { $s } s
stats-hours = { $h } h { $m } min
# A player's rating. $estimate: mean less three deviations; $mean;
# $deviation; $rank: their place on the ratings; $suffix: English's ordinal
# suffix of it; $of: players rated; $games: games that rated them.
stats-player-rating = Rating: { $estimate } ({ $mean } ± { $deviation }), { $rank }{ $suffix } of { $of } on the ratings, after { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}.
stats-player-unrated = Not rated yet.
stats-player-history = Rating after each recent rated game, newest first:
# $game; $estimate, $mean, $deviation: the rating after it; $place: their
# place in it; $suffix: English's ordinal suffix of it; $players: seats.
stats-player-history-line = Game #{ $game }: { $estimate } ({ $mean } ± { $deviation }), { $place }{ $suffix } of { $players }
# $time: stats-seconds, stats-minutes or stats-hours; $moves: moves timed.
stats-player-pace = Median time to move: { $time } over { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
