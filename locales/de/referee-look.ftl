# Ein Spiel ansehen, privat: der Tisch, ein Wasserpark, die Punkte, die Züge;
# und Wiederholungen.

# Hinter der Nummer eines Spiels, das nicht mehr gespielt wird (mit Leerzeichen).
look-status-finished = {" "}(beendet)
look-status-abandoned = {" "}(abgebrochen)
# $game: die Nummer des Spiels; $players: wer am Tisch sitzt, durch Kommas getrennt.
look-gathering = Spiel #{ $game } sucht Mitspieler: { $players }. Mach mit über /aq game join.
# Vor dem, was der Spieler am Zug tun muss. $status: look-status-* oder
# nichts; $round: die Nummer der Runde.
look-board = Spiel #{ $game }{ $status }, Runde { $round }.
# $name: wessen Wasserpark.
look-zoo = Wasserpark von { $name } in Spiel #{ $game }{ $status }.
# Vor der Punktetabelle.
look-scores = Punkte in Spiel #{ $game }{ $status }:
look-nobody-moves = Spiel #{ $game }{ $status }: Niemand ist am Zug.
look-not-this-command = Dieser Befehl dient nicht zum Ansehen.

## /aq past replay

replay-not-started = Spiel #{ $game } hat noch nicht begonnen: Es gibt noch nichts wiederzugeben.
replay-no-pictures = Wiederholungen sind animierte Bilder, und Bilder sind hier ausgeschaltet.
replay-failed = Die Wiederholung von Spiel #{ $game } konnte nicht gezeichnet werden: Nichts wurde geändert.
replay-status-lobby = Lobby
replay-status-running = läuft
replay-status-finished = beendet
replay-status-abandoned = abgebrochen
# $game: die Nummer des Spiels; $status: replay-status-*; $moves: gezeigte
# Züge; $pictures: Bilder darin; $speed: das Wort der Geschwindigkeit (slow,
# normal, fast).
replay-made = Spiel #{ $game } ({ $status }), { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
} in { $pictures ->
    [one] { $pictures } Bild
   *[other] { $pictures } Bildern
}, Geschwindigkeit { $speed }.
# $count: weggelassene Bilder.
replay-dropped = { $count ->
    [one] { $count } Bild wurde
   *[other] { $count } Bilder wurden
} weggelassen, damit die Datei unter Discords Upload-Grenze bleibt.
# $percent: die Größe im Verhältnis zum Tisch, in Prozent.
replay-scaled = Auf { $percent } % der Tischgröße verkleinert, damit es passt.
