# Was der Schiedsrichter zu einem Knopf oder Menü sagt, das er ablehnt. Jede
# Nachricht sagt, dass nichts geändert wurde.

press-not-ours = Dieser Knopf gehört nicht zu diesem Bot: Nichts wurde geändert.
press-no-game = Dieser Knopf gehört zu keinem Spiel in diesem Kanal: Nichts wurde geändert.
# $game: die Nummer des Spiels.
press-not-started = Spiel #{ $game } hat noch nicht begonnen: Nichts wurde geändert.
press-started-already = Spiel #{ $game } hat schon begonnen: Nichts wurde geändert.
press-not-seated = Du spielst in Spiel #{ $game } nicht mit: Nichts wurde geändert.
press-voted-out = Du wurdest in Spiel #{ $game } wegen Untätigkeit abgewählt: Dein Platz spielt automatisch weiter, und du kannst in diesem Spiel nicht mehr handeln. Nichts wurde geändert.
# $level: die Stufe des Computerspielers (sein Wort).
press-computer-seat = Auf diesem Platz sitzt ein Computerspieler ({ $level }), der von selbst spielt: Nichts wurde geändert.
# $name: wer am Zug ist.
press-not-your-turn = { $name } ist am Zug, nicht du: Nichts wurde geändert.
press-not-your-turn-anyone = Jemand anderes ist am Zug, nicht du: Nichts wurde geändert.
# $why: warum der Knopf nicht geht, von den Bedienelementen gesagt.
press-nothing-changed = { $why }: Nichts wurde geändert.
