# The web pages (src/web/) and what the referee says about them: a game's
# page, a server's page, moves clicked on a personal link, the link buttons
# under Discord's messages, and /aq web reset.

## The picks of a move clicked on the table (src/view/controls/clicks.rs)

# $truck: the truck's number.
click-truck = Truck { $truck }
# $cell: a space of the zoo, as the command language writes it (K11).
click-space = Space { $cell }
click-own-depot = Your depot
# $name: the player whose depot it is.
click-depot-of = { $name }'s depot
# $cells: the spaces of one expansion board, separated by spaces.
click-cells = Expansion on { $cells }

## The referee's answers (src/referee/web.rs)

web-game-not-running = This game is not running: nothing can be played on it.
web-not-a-move = That is not a move.
# $game: the game's number.
web-reset-game = The links to game #{ $game } on the web were renewed: every link given out before, to watch or to play, no longer opens it.
web-reset-mine = Your links to play game #{ $game } in the browser no longer work; /aq board gives you a new one on your turn.
web-reset-who = Only the creator of game #{ $game }, a channel manager or one of its players can renew its links.
# /aq web reset what:server, privately.
web-reset-server = Every link to this server's page on the web was renewed: those given out before no longer open it; /aq past games gives a new one.
web-reset-server-who = Only someone who may manage this server (Manage Server) can renew the links to its page.
web-reset-no-server = There is no server here: only a server's links to its page can be renewed.

## The link buttons under Discord's messages

web-button-watch = Watch on the web
web-button-play = Play in the browser
web-button-server = This server's games on the web

## The pages

# $game: the game's number.
web-title-game = Aquaretto, game #{ $game }
web-title-server = Aquaretto: this server's games
web-title-problem = Aquaretto
web-status-lobby = The game is gathering players.
web-status-abandoned = The game was abandoned.
web-moves = Moves
web-no-moves = No move yet.
web-taken-back = (taken back)
web-automatic = (played by the computer)
web-replay = The whole game as an animation
web-review = Review
web-review-preparing = The review of this game is being prepared: the strong computer player is weighing every decision. This page shows it when it is ready.
web-your-move = Your move
# $name: the player to act.
web-waiting-for = Waiting for { $name } to move.
web-picked = You picked:
web-start-over = Start over
# $move: the move, as its button said it.
web-confirm = Play: { $move }
web-click = Click a highlighted place on the table, or one of these:
# Above the enlarged part of the table that holds the places too small to tap on a phone.
web-close-up = Up close: pick a highlighted place.
web-slider = Move
web-show = Show
web-before = Move before
web-after = Move after
web-now = Now
web-scores = Scores
web-player = Player
web-points = Points
web-coins = Coins
web-games = Games
web-leaderboard = Leaderboard
web-season = This season
web-tournaments = Tournaments
web-link-unknown = This link opens nothing: it is not one the bot gave, or it was changed.
web-too-fast = Too many requests from your connection: wait a few seconds and try again.
web-link-expired = This link to play has expired: /aq board gives you a new one on your turn.
web-server-link-expired = This link to a server's games has expired (they last a week): /aq past games gives a new one.
web-link-revoked = This link was renewed and no longer works: ask for the game's new link.
web-trouble = The bot cannot answer right now: nothing was changed. Try again in a moment.
web-pick-stale = That choice no longer applies: the game has moved on. Pick again.
web-watch-only = This link is for watching: play with your own link from /aq board.
web-no-picture = There is no picture to show.
web-busy = The bot is busy right now: try again in a moment.
web-live-lost = This page is not following the game right now: it keeps trying. Reload it to see the latest moves.

## The table inside Discord (an Activity: src/web/activity.rs, assets/web/activity/activity.js)

web-activity-title = Aquaretto in Discord
web-activity-loading = Opening the table…
web-activity-outside = This is the table inside Discord: open it from Discord, with "Open the table" under a game's table or /aq web table.
web-activity-off = The table cannot open inside Discord here: the bot is not connected to Discord with its Activity turned on. Use the game's web link instead.
web-activity-refused = Discord did not confirm who you are: close the Activity and open it again.
web-activity-not-here = You are not in this Activity: open the table from the game's channel yourself.
web-activity-not-live = This Activity has ended: open the table again from the channel.
web-activity-no-game = There is no game in this channel: start one with /aq game new.
web-activity-playing = Your seat: tap a highlighted place on the table to play.
web-activity-watching = You are watching: only the game's players can play here.
# Before the names of the people who have the Activity open.
web-activity-here = Here:
web-activity-back = Back to the table
