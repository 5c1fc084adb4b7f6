paused-removed = Dieses Spiel wartet: ich wurde von seinem Server entfernt, und es geht weiter, sobald ich zurück bin.
paused-deleted = Dieses Spiel wartet für immer: sein Kanal wurde gelöscht.
paused-unreachable = Dieses Spiel wartet: Discord lässt mich nicht in seinem Kanal posten (eine Berechtigung fehlt, es ist ein privater Thread ohne mich, oder der Thread ist gesperrt). Erinnerungen und Züge der Computerspieler gehen weiter, sobald ich dort wieder posten kann.

mygames-game-paused = - { $channel } Spiel #{ $game }: { $why }
