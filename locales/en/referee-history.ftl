# The past: a game's moves page by page, the table after a move, the
# server's games, the game record as a file. Said privately. The engine's
# sentences say what each move did.

# A moment, said its front end's way. $when: the moment.
history-when = { $when }
history-not-a-look = That control is not a way of looking.
# Refused. $game: the game's number.
history-no-such-game = There is no game #{ $game } in this server.
# Refused: a game of another channel that not every member can see, which
# the asker did not play in. $channel: that channel.
history-channel-hidden = Game #{ $game } was played in { $channel }, a channel not every member of this server can see: look it up from there, where Discord lets you see it.
history-no-game-here = No game has been played in this channel yet: open one with /aq game new.

## /aq history move:<n>

history-no-moves = Game #{ $game } has no moves yet.
# $total: the moves in its log.
history-move-range = Game #{ $game } has { $total } moves: ask for move 1 to { $total }.
# $n: the move; $total: the moves in the log; $name: who played it;
# $command: the move as typed; $when: when it was played.
history-move-when = Game #{ $game }, move { $n } of { $total } { $when }: { $name } played { $command }
history-move = Game #{ $game }, move { $n } of { $total }: { $name } played { $command }
history-taken-back-later = (taken back later)

## /aq history: a page

# $count: the pages.
history-pages = Game #{ $game }'s history has { $count ->
    [one] { $count } page
   *[other] { $count } pages
}.
# $status: the game's state (replay-status-*).
history-page-empty = Game #{ $game } ({ $status }): no moves yet.
# $from, $to: the moves on the page; $total: all moves; $page, $count: the
# page and the pages.
history-page = Game #{ $game } ({ $status }): moves { $from }–{ $to } of { $total }, oldest first; page { $page } of { $count }, page 1 the newest.
# An undo in the list. $name: who; $seq: the move taken back.
history-undo = { $name } took back move { $seq }
history-taken-back = (taken back)
history-auto = (auto)
history-see-move = See the table after any move with /aq history move:<n>.
# The same, as the terminal types the command.
history-see-move-terminal = See the table after any move with history move:<n>.

## /aq past games

games-none = No games yet: open one with /aq game new.
# Refused. $count: the pages.
games-pages = There { $count ->
    [one] is { $count } page
   *[other] are { $count } pages
} of games.
# Refused: a page past the newest games listed. $count: the pages;
# $listed: the games on them.
games-pages-newest = Only the newest { $listed } games are listed ({ $count } pages): read an older game by its number, with game:<id>.
# $page: this page; $count: the pages; $total: the games.
games-heading-server = Games in this server, newest first (page { $page } of { $count }, { $total } in all):
games-heading-here = Games here, newest first (page { $page } of { $count }, { $total } in all):
games-practice = (practice)
# $channel: the game's channel.
games-in-channel = in { $channel }
games-nobody-seated = · nobody seated
# $players: the players with their scores, with commas.
games-players = · { $players }
# $winners: the winners.
games-won-by = · won by { $winners }
# $round, $move: where a running game is.
games-round = · round { $round }, move { $move }
# $when: when it started (or was opened), ended.
games-started = · started { $when }
games-ended = , ended { $when }

## /aq past export

# $game: its number; $status: its state; $moves: the entries of its log.
export-made = The record of game #{ $game } ({ $status }, { $moves } moves), as docs/commands.md describes it.

# A log entry whose events told nothing. $name: who; $command: the command.
history-move-plain = { $name }: { $command }
