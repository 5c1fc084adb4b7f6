# The /aq slash command as Discord shows it: the descriptions of commands,
# groups and options, and the labels of fixed choices (src/discord/localize.rs).
# No variables. Each at most 100 characters; the whole command at most 4000
# in each language. Names of commands and options, and the command words in
# choices (small, cashier...), stay as they are in every language: they are
# the command language.

cmd-aq-desc = Play Aquaretto in this channel

## Moves

cmd-draw-desc = A: the top tile onto a truck
cmd-draw-truck-desc = The truck, counted from 1
cmd-take-desc = B: take a truck, then place its tiles
cmd-take-truck-desc = The truck, counted from 1
cmd-place-desc = Place a waiting tile or offspring
cmd-place-at-desc = A cell like K11, or depot
cmd-place-tile-desc = The tile's truck slot, if several wait
cmd-hire-desc = Place a coworker just gained
cmd-hire-as-desc = The coworker's job
cmd-hire-at-desc = For a trainer: a space like K11
cmd-move-desc = C-I: depot tile into your zoo, or move a coworker (1 coin)
cmd-move-from-desc = depot, a trainer's cell, or a role
cmd-move-to-desc = A cell like K11, or a role
cmd-buy-desc = C-II: buy another depot's top tile (2 coins)
cmd-buy-from-desc = The player whose depot you buy from
cmd-buy-at-desc = A cell of your zoo like K11
cmd-discard-desc = C-II: your depot's top tile leaves (2 coins)
cmd-expand-desc = C-III: add an expansion board (1 or 2 coins)
cmd-expand-size-desc = small: 3 spaces, 1 coin; large: 4, 2 coins
cmd-expand-cells-desc = Its cells, like "N10 N11 O10 O11"
cmd-undo-desc = Take back your last move (once a turn, not after a draw)

## Looking at the game

cmd-board-desc = The table: trucks, piles, zoos, whose turn
cmd-board-text-desc = The table in words, read in order, for a screen reader
cmd-zoo-desc = One zoo, its depot and coworkers
cmd-zoo-player-desc = Whose zoo (yours if left out)
cmd-score-desc = The score so far, by category
cmd-moves-desc = The legal moves, as commands
cmd-hint-desc = A suggested move, privately, and why
cmd-history-desc = The moves, or the table after move n
cmd-history-move-desc = Show the table after this move
cmd-history-game-desc = Another game, by its number
cmd-rules-desc = The rules in short
cmd-rules-topic-desc = turn, basins, bonuses, coworkers, money, end, two
cmd-help-desc = The list of commands

## Waiting

cmd-mygames-desc = Games where it is your turn
cmd-language-desc = Your language here, or choose one
cmd-language-set-desc = A language code (en, ja, de...), or auto
cmd-nudge-desc = Remind the player to act (once an hour)
cmd-notify-desc = Direct messages when your turn starts
cmd-notify-dm-desc = Direct-message alerts: on or off

## The game group

cmd-game-desc = This channel's game
cmd-game-new-desc = Open a game here; you are seated
cmd-game-new-removed-desc = Animals left out, e.g. "penguin hippo"
cmd-game-new-first-desc = Who plays first
cmd-game-new-seed-desc = Deal from this seed (a practice game, no stats)
cmd-game-new-deck-desc = A stacked deck in draw order (practice)
cmd-game-join-desc = Take a seat in the game here
cmd-game-leave-desc = Leave before the game starts
cmd-game-start-desc = Start the game you opened (2 to 5 players)
cmd-game-abandon-desc = End this game unrated (a rated one: all its players agree)
cmd-game-addbot-desc = Seat a computer player (the creator)
cmd-game-addbot-level-desc = How well it plays (normal)
cmd-game-removebot-desc = Unseat the last computer player (the creator)
cmd-game-settings-desc = Show or change the settings (creator, channel managers)
cmd-game-settings-reminders-desc = Remind the player to act after: 30m, 12h, off
cmd-game-settings-turn-limit-desc = Then an idle player may be voted out: 2d, off
cmd-game-rematch-desc = Open a new game after the one that ended here: same players, seats turned
cmd-game-settings-hints-desc = Allow /aq hint: on or off
cmd-game-settings-language-desc = Language of the game's messages: en, ja, de...
cmd-game-kick-desc = Vote out the player to act after the turn limit

## The past group

cmd-past-desc = This server's past games
cmd-past-games-desc = This server's games, players, scores, winners
cmd-past-games-page-desc = Which page, 1 the newest
cmd-past-replay-desc = The game as an animated picture
cmd-past-replay-game-desc = Another game, by its number
cmd-past-replay-speed-desc = How fast (normal if left out)
cmd-past-export-desc = The game record as a JSON file
cmd-past-export-game-desc = Another game, by its number
cmd-past-stats-desc = The server's numbers and leaderboard, or a player's
cmd-past-stats-player-desc = Whose numbers (else the server's)
cmd-past-review-desc = A finished game's costliest decisions, by the strong bot
cmd-past-review-game-desc = Another game, by its number
cmd-past-review-player-desc = Whose pictures (yours if left out)

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
choice-what-game = game
choice-what-server = server

cmd-web-desc = This game's pages on the web
cmd-web-reset-desc = Make this game's web links stop working
cmd-web-reset-what-desc = game (default), or server: its page (Manage Server)
cmd-web-table-desc = Open this game's table inside Discord (its link where that cannot be)
cmd-entry-desc = Open this channel's Aquaretto table
cmd-notify-before-desc = DM when the player before you starts: on, off
cmd-away-desc = Away for a while: no reminders or nudges
cmd-away-until-desc = Back in 3d, 12h, on 2026-12-24, or off
cmd-game-settings-away-desc = Computer plays an away player after: 12h, off
cmd-game-settings-clock-desc = Each seat's clock (a change applies from the next turn)
cmd-game-settings-weekend-pause-desc = Clocks stop at weekends (UTC)
cmd-game-settings-vacations-desc = Time away stops a clock (14 days a year)
choice-clock-fast = fast (1d, +4h a turn, max 3d)
choice-clock-normal = normal (3d, +12h a turn, max 5d)
choice-clock-slow = slow (3d, +36h a turn, max 10d)
choice-clock-off = off

# /tournament: a command of its own beside /aq.
cmd-tournament-desc = A tournament in this channel
cmd-tournament-new-desc = Open a tournament in this channel (sign-up opens)
cmd-tournament-new-name-desc = Its name
cmd-tournament-new-format-desc = swiss, round_robin or elimination (default swiss)
cmd-tournament-new-size-desc = Players a table (default 4)
cmd-tournament-new-rounds-desc = Rounds of a Swiss tournament (default 3)
cmd-tournament-new-clock-desc = The games' clocks (default normal)
cmd-tournament-new-deadline-desc = How long a round lasts: 7d, 14d (default 14d)
cmd-tournament-new-rated-desc = Its games count in the ratings (default on)
cmd-tournament-new-vacations-desc = Time away stops its games' clocks (default off)
cmd-tournament-new-closes-desc = Sign-up closes by itself after: 2d, 12h (once 2 have joined)
cmd-tournament-new-players-desc = Sign-up closes by itself at this many players
cmd-tournament-join-desc = Sign up for this channel's tournament
cmd-tournament-leave-desc = Withdraw while sign-up is open
cmd-tournament-start-desc = Close sign-up and open the first round (the organiser)
cmd-tournament-standings-desc = The standings so far
cmd-tournament-end-desc = End the tournament (the organiser)
choice-format-swiss = swiss (tables by standings)
choice-format-round-robin = round_robin (everyone meets everyone in a pool)
choice-format-elimination = elimination (each table's winner goes on)
choice-size-2 = 2
choice-size-3 = 3
choice-size-4 = 4
choice-size-5 = 5
cmd-tournament-drop-desc = Drop a player: no further rounds (the organiser)
cmd-tournament-drop-player-desc = A tournament player to drop (the organiser)
cmd-tournament-extend-desc = Extend the round under way once (the organiser)

# /season: a command of its own beside /aq.
cmd-season-desc = This server's leaderboard by season
cmd-season-which-desc = this, last, a month (2026-11) or a quarter (2026-Q4)
cmd-season-length-desc = How long the server's seasons last (those who manage it)
choice-length-month = month
choice-length-quarter = quarter (three months)
choice-length-off = off (no seasons)
