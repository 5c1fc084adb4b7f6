# The /aq slash command as Discord shows it: the descriptions of commands,
# groups and options, and the labels of fixed choices (src/discord/localize.rs).
# No variables. Each at most 100 characters; the whole command at most 4000
# in each language. Names of commands and options, and the command words in
# choices (small, cashier...), stay as they are in every language: they are
# the command language.

cmd-aq-desc = Play Aquaretto in this channel

## Moves

cmd-draw-desc = A: the top tile of the draw pile onto a truck
cmd-draw-truck-desc = The truck, counted from 1
cmd-take-desc = B: take a truck; then place its tiles
cmd-take-truck-desc = The truck, counted from 1
cmd-place-desc = Place a waiting tile or offspring
cmd-place-at-desc = A cell like K11, or depot
cmd-place-tile-desc = The truck slot of the tile (not for an offspring, nor when one tile waits)
cmd-hire-desc = Place a coworker just gained
cmd-hire-as-desc = The coworker's job
cmd-hire-at-desc = For a trainer: an empty space like K11
cmd-move-desc = C-I: the top depot tile into your zoo, or a coworker elsewhere (1 coin)
cmd-move-from-desc = depot, a trainer's cell, or cashier, keeper, manager
cmd-move-to-desc = A cell like K11, or cashier, keeper, manager
cmd-buy-desc = C-II: the top tile of another player's depot into your zoo (2 coins)
cmd-buy-from-desc = The player whose depot you buy from
cmd-buy-at-desc = A cell of your zoo like K11
cmd-discard-desc = C-II: the top tile of your depot leaves the game (2 coins)
cmd-expand-desc = C-III: add an expansion board to your zoo (1 or 2 coins)
cmd-expand-size-desc = small: 3 spaces, 1 coin; large: 4 spaces, 2 coins, +1 basin
cmd-expand-cells-desc = Its cells, like "N10 N11 O10 O11"
cmd-undo-desc = Take back your last move (not after a draw or another player's move)

## Looking at the game

cmd-board-desc = The table: trucks, piles, every zoo, whose turn
cmd-zoo-desc = One zoo large, with its depot and coworkers
cmd-zoo-player-desc = Whose zoo (yours if left out)
cmd-score-desc = The score so far, by category
cmd-moves-desc = The legal moves of whoever must act, as commands
cmd-hint-desc = A suggested move for you, privately, and why (when it is your turn)
cmd-history-desc = The move list, or the table as it was after move n
cmd-history-move-desc = Show the table after this move
cmd-history-game-desc = Another game of this server, by its number
cmd-rules-desc = The rules in short
cmd-rules-topic-desc = turn, basins, bonuses, coworkers, money, end or two
cmd-help-desc = The list of commands

## Waiting

cmd-mygames-desc = The games where it is your turn, the longest wait first
cmd-language-desc = Your language here, and the choices; or choose one
cmd-language-set-desc = A language code (en, ja, de...), or auto for your Discord language
cmd-nudge-desc = Remind the player to act that it is their turn (once an hour per game)
cmd-notify-desc = Turn alerts by direct message when a turn of yours starts
cmd-notify-dm-desc = Direct-message alerts: on or off

## The game group

cmd-game-desc = Open, join, start or end this channel's game
cmd-game-new-desc = Open a game in this channel; you are seated
cmd-game-new-removed-desc = Animal types to leave out, e.g. "penguin hippo"
cmd-game-new-first-desc = Who plays first
cmd-game-new-seed-desc = Deal a game again from its seed (a practice game: left out of the stats)
cmd-game-new-deck-desc = A stacked deck, tiles in draw order (a practice game)
cmd-game-join-desc = Take a seat in the game gathering players here
cmd-game-leave-desc = Give up your seat before the game starts
cmd-game-start-desc = Start the game you opened, with 2 to 5 seated players
cmd-game-abandon-desc = End this channel's game unscored (its creator or a channel manager)
cmd-game-addbot-desc = Seat a computer player (the lobby's creator)
cmd-game-addbot-level-desc = How well it plays (normal if left out)
cmd-game-removebot-desc = Take the computer player seated last out of the lobby (its creator)
cmd-game-rematch-desc = Open a new game after the one that ended here: same players, seats turned
cmd-game-settings-desc = Show this game's settings, or change them (its creator or a channel manager)
cmd-game-settings-reminders-desc = Remind the player to act after this long: 30m, 12h, 2d, or off
cmd-game-settings-turn-limit-desc = After this long the others may vote an idle player out: 2d, or off
cmd-game-settings-hints-desc = Allow /aq hint: on or off
cmd-game-settings-language-desc = The language of the game's public messages: a code (en, ja, de...)
cmd-game-kick-desc = Vote to remove the player to act once they pass the turn limit

## The past group

cmd-past-desc = Games of this server: replays, records, stats
cmd-past-games-desc = This server's games: running and finished, players, scores, winners
cmd-past-games-page-desc = Which page, 1 the newest
cmd-past-replay-desc = The whole game as an animated picture
cmd-past-replay-game-desc = Another game of this server, by its number
cmd-past-replay-speed-desc = How fast the pictures change (normal if left out)
cmd-past-export-desc = The game record as a JSON file
cmd-past-export-game-desc = Another game of this server, by its number
cmd-past-stats-desc = This server's finished games in numbers and its leaderboard, or a player's
cmd-past-stats-player-desc = Whose numbers (the server's and its leaderboard if left out)

## Fixed choices: the label shown for each command word

choice-size-small = small
choice-size-large = large
choice-level-easy = easy
choice-level-normal = normal
choice-level-strong = strong
choice-speed-slow = slow
choice-speed-normal = normal
choice-speed-fast = fast
choice-as-cashier = cashier
choice-as-keeper = keeper
choice-as-manager = manager
choice-as-trainer = trainer

cmd-web-desc = This game's pages on the web
cmd-web-reset-desc = Make the links to this game's web page stop working (yours to play, or all)
