# /aq past stats: die beendeten Spiele eines Ortes in Zahlen und seine
# Bestenliste, oder die Zahlen eines Spielers. Privat gesagt.

# Wo die Zahlen geführt werden, mit Präposition (die Sätze setzen keine davor).
stats-this-server = auf diesem Server
stats-this-channel = in diesem Kanal
# Abgelehnt. $name: der gefragte Spieler; $place: stats-this-*.
stats-nobody-called = Niemand namens { $name } hat { $place } ein Spiel beendet: /aq past stats ohne Spieler zeigt, wer es hat.
stats-no-games = Noch kein Spiel wurde { $place } beendet (Übungsspiele mit vorgegebenem Seed oder Stapel zählen nicht): Eröffne eines mit /aq game new.

## Die Zahlen eines Ortes

# $place: stats-this-*; $games: beendete Spiele.
stats-place = Aquaretto { $place }: { $games ->
    [one] { $games } Spiel
   *[other] { $games } Spiele
} beendet. Übungsspiele (mit vorgegebenem Seed oder Stapel) zählen nicht.
# $average: die durchschnittlichen Punkte.
stats-scores = Punkte (alle Plätze, Computerspieler eingeschlossen): im Schnitt { $average }.
# $best: die meisten Punkte; $name: von wem; $game: in welchem Spiel.
stats-scores-best = Punkte (alle Plätze, Computerspieler eingeschlossen): im Schnitt { $average }, Bestwert { $best } von { $name } in Spiel #{ $game }.
# $animals: die Tierart, Mehrzahl; $tiles: wie viele Plättchen.
stats-favourite = Lieblingstier: { $animals } ({ $tiles } Plättchen in den Wasserparks am Spielende).
# $times: von Computerspielern gewonnene Spiele.
stats-computer-wins = Computerspieler haben { $times }-mal gewonnen.
# Nach einer Leerzeile. $min: beendete Spiele, um in die Liste zu kommen.
stats-leaderboard =
    { "" }
    Bestenliste: die meisten Siege, dann die Siegquote, dann die Punkte im Schnitt; wer mindestens { $min } Spiele beendet hat (Computerspieler stehen nicht in der Liste).
stats-nobody-ranked = Noch niemand steht in der Bestenliste: Dafür braucht es { $min } beendete Spiele.
# Ein Spieler der Liste. $rank: sein Platz (aufgefüllt); $name; $wins; $games;
# $rate: Siegquote in Prozent; $average: Punkte im Schnitt; $best: Bestwert.
stats-leader = { $rank }. { $name }: { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
} in { $games ->
    [one] { $games } Spiel
   *[other] { $games } Spielen
} ({ $rate } %), Schnitt { $average }, Bestwert { $best }
# $people: noch nicht gelistete Personen; $min: nötige beendete Spiele.
stats-unranked = { $people ->
    [one] { $people } weitere Person hat weniger als { $min } beendete Spiele und steht noch nicht in der Liste.
   *[other] { $people } weitere Personen haben weniger als { $min } beendete Spiele und stehen noch nicht in der Liste.
}
stats-own-numbers = Die Zahlen eines Spielers: /aq past stats player:<player>.

## Die Zahlen eines Spielers

# $name: der Spieler; $place: stats-this-*; $games; $wins; $rate: Siegquote in Prozent.
stats-player = { $name } { $place }: { $games ->
    [one] { $games } Spiel
   *[other] { $games } Spiele
} beendet, { $wins ->
    [one] { $wins } Sieg
   *[other] { $wins } Siege
} ({ $rate } %).
# $average: Punkte im Schnitt; $best: Bestwert; $game: wo.
stats-player-scores = Punkte im Schnitt { $average }, Bestwert { $best } (Spiel #{ $game }).
stats-player-favourite = Lieblingstier: { $animals } ({ $tiles } Plättchen in den eigenen Wasserparks am Spielende).
stats-computer-not-ranked = Computerspieler stehen nicht in der Bestenliste.
# $rank: der Platz; $of: gelistete Personen. Das englische $suffix (st, nd,
# rd, th) braucht Deutsch nicht (die Ordnungszahl schreibt sich „3.“): Es
# wählt nur eine leere Variante, damit die Nachricht es nimmt.
stats-player-rank = Bestenliste: Platz { $rank }.{ $suffix ->
   *[other] { "" }
} von { $of }.
stats-player-not-ranked = Noch nicht in der Bestenliste: Dafür braucht es { $min } beendete Spiele.

## Wertungen und Tempo

# Nach einer Leerzeile: die Bestenliste der Wertungen.
stats-ratings =
    { "" }
    Wertungen (Weng-Lin), nach einer vorsichtigen Schätzung: Mittelwert minus drei Abweichungen; Computerspieler je Stufe gewertet, Übungs- und abgebrochene Spiele nicht gewertet.
stats-nobody-rated = Noch niemand hat eine Wertung.
# $rank: der Platz (aufgefüllt); $name; $estimate: Mittelwert minus drei
# Abweichungen; $mean; $deviation; $games: gewertete Spiele.
stats-rating = { $rank }. { $name } — { $estimate } ({ $mean } ± { $deviation }) nach { $games ->
    [one] { $games } gewertetem Spiel
   *[other] { $games } gewerteten Spielen
}
# Nach einer Leerzeile: die mittlere Zugzeit der Personen.
stats-pace =
    { "" }
    Mittlere Zeit für einen Zug (Median; Züge von Personen, beendete und laufende Spiele):
# $name; $time: stats-seconds, stats-minutes oder stats-hours; $moves: gezählte Züge.
stats-pace-line = { $name }: { $time } bei { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Zügen
}
# Nach einer Leerzeile. $game: das laufende Spiel in diesem Kanal.
stats-pace-game =
    { "" }
    Mittlere Zeit für einen Zug im Spiel #{ $game } dieses Kanals:
# Eine Zugzeit.
stats-seconds = { $s } s
stats-minutes = { $m } min { $s } s
stats-hours = { $h } h { $m } min
# Die Wertung eines Spielers. $estimate; $mean; $deviation; $rank: der Platz;
# $of: gewertete Spieler; $games: gewertete Spiele. Das englische $suffix
# braucht Deutsch nicht.
stats-player-rating = Wertung: { $estimate } ({ $mean } ± { $deviation }), Platz { $rank }.{ $suffix ->
   *[other] { "" }
} von { $of } nach { $games ->
    [one] { $games } gewertetem Spiel
   *[other] { $games } gewerteten Spielen
}.
stats-player-unrated = Noch keine Wertung.
stats-player-history = Wertung nach jedem der letzten gewerteten Spiele, das neueste zuerst:
# $game; $estimate, $mean, $deviation: die Wertung danach; $place: der Platz
# darin; $players: Plätze am Tisch. $suffix braucht Deutsch nicht.
stats-player-history-line = Spiel #{ $game }: { $estimate } ({ $mean } ± { $deviation }), Platz { $place }.{ $suffix ->
   *[other] { "" }
} von { $players }
# $time; $moves: gezählte Züge.
stats-player-pace = Mittlere Zeit für einen Zug: { $time } bei { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Zügen
}.
