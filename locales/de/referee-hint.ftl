# /aq hint: ein Zugvorschlag, privat an den Spieler am Zug, und warum.

hint-no-game = In diesem Kanal läuft kein Spiel: Tipps gibt es für den Spieler am Zug.
# $game: die Nummer des Spiels.
hint-not-started = Spiel #{ $game } hat noch nicht begonnen: Tipps gibt es für den Spieler am Zug.
hint-not-seated = Tipps gibt es nur für die Spieler von Spiel #{ $game }.
hint-plays-itself = Dein Platz in Spiel #{ $game } spielt jetzt von selbst: Da gibt es nichts zu tippen.
hint-off = Tipps sind in Spiel #{ $game } ausgeschaltet; wer es eröffnet hat, schaltet sie mit /aq game settings hints:on ein.
# $name: wer am Zug ist.
hint-not-your-turn = { $name } ist am Zug: Frag nach einem Tipp, wenn du dran bist.
hint-not-your-turn-anyone = Ein anderer Spieler ist am Zug: Frag nach einem Tipp, wenn du dran bist.
hint-over = Spiel #{ $game } ist vorbei.
hint-no-move = Du hast gerade keinen erlaubten Zug.
hint-none = Gerade ist kein Tipp möglich; nichts wurde geändert.
# $game: die Nummer des Spiels; $command: der Zug als Befehl; $what: was der
# Tisch nach dem Zug sagen würde (seine eigenen Worte, im Perfekt); $why: der
# Grund, ohne Schlusspunkt.
hint =
    Tipp für Spiel #{ $game }: { $command }
    Gespielt stünde am Tisch: { $what }
    Warum: { $why }.
# Was der Tisch nach einem Ziehen sagen würde, ohne das Plättchen zu verraten. $name: der
# Spieler; $truck: die Nummer des Wagens.
hint-draw-pile = { $name } hat das oberste Plättchen des Nachziehstapels auf Transportwagen { $truck } gezogen, ein Plättchen, das noch niemand gesehen hat.
hint-draw-reserve = { $name } hat das oberste Plättchen des Reservestapels auf Transportwagen { $truck } gezogen, ein Plättchen, das noch niemand gesehen hat.
hint-last-round = Dies ist nun die letzte Runde.
