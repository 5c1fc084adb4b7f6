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
