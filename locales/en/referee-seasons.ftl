# /season: a place's leaderboard by season (a calendar month or quarter,
# UTC), ratings carried on. Said privately.

# Refused: the asker may not manage the server.
season-length-who = Only those who may manage the server choose how long its seasons last.
# $length: month, quarter or off.
season-length-set = { $length ->
    [month] Seasons here now last a month.
    [off] Seasons are now off here: the leaderboard is the all-time one (/aq past stats).
   *[quarter] Seasons here now last a quarter (three months).
}
# $place: stats-this-*.
season-off = There are no seasons in { $place }: those who may manage it turn them on with /season length:month or length:quarter.
# Refused. $which: as typed.
season-unknown = There is no season called { $which }: say this, last, a month such as 2026-11, or a quarter such as 2026-Q4.
# Refused. $season: its name.
season-not-begun = Season { $season } has not begun.
# $season: its name (2026-11, 2026-Q4: a calendar month or quarter, UTC);
# $place: stats-this-*; $games: its rated games.
season-title = Season { $season } in { $place }: { $games ->
    [one] { $games } rated game
   *[other] { $games } rated games
}.
# $min: rated games a person needs in a season to be ranked.
season-nobody = Nobody has played { $min } rated games this season yet.
# $rank: place; $name: who; $estimate: their rating (the conservative
# estimate) after their last game of the season; $gained: season-up or
# season-down; $games, $wins: in the season.
season-line = { $rank }. { $name }: rating { $estimate } ({ $gained } this season), { $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $wins } won
# $by: how much the rating rose or fell.
season-up = +{ $by }
season-down = −{ $by }
# $people: ranked but not shown.
season-more = …and { $people } more ranked.
# $people: who played fewer than $min rated games.
season-unranked = { $people ->
    [one] { $people } more person
   *[other] { $people } more people
} played fewer than { $min } rated games.
season-how = Ratings carry on from one season to the next: a season ranks those who played { $min } rated games or more in it, by their rating after their last.
season-kept = It has ended: the standings as they were then.
# $end: when the season ends.
season-ends = This season ends { $end }.
season-other-length = This season is still under way; this place's seasons have another length.
