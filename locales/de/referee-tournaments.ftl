# Turniere: in einem Kanal eröffnet, Anmeldung, Tabelle, Ende
# (src/referee/tournaments.rs). Die Befehlswörter (tournament join, swiss,
# round_robin, format:, rounds:) gehören zur Befehlssprache und bleiben in
# jeder Sprache, wie sie sind.

# Wie ein Satz ein Turnier nennt. $name: der Name vom Veranstalter; $id: seine Nummer.
tournament-named = { $name } (#{ $id })
tournament-unnamed = Turnier #{ $id }

## An alle

# $name: wer es eröffnet hat; $tournament: tournament-named oder tournament-unnamed.
tournament-opened = { $name } hat das Turnier { $tournament } eröffnet.
# $format: swiss, round_robin oder elimination; $size: Spieler je Tisch;
# $rounds: tournament-rounds oder tournament-rounds-as-needed; $clock: fast,
# normal, slow oder off; $deadline: eine Dauer (14d); $rated, $vacations: yes oder no.
tournament-settings = { $format ->
        [round_robin] Jeder gegen jeden
        [elimination] K.-o.-System
       *[swiss] Schweizer System
    }, Tische zu { $size }, { $rounds }; Bedenkzeit { $clock }, { $deadline } je Runde; { $rated ->
        [yes] gewertet
       *[no] ohne Wertung
    }; { $vacations ->
        [yes] away hält die Bedenkzeit seiner Spiele an
       *[no] away hält die Bedenkzeit seiner Spiele nicht an
    }.
tournament-rounds = { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    }
tournament-rounds-as-needed = so viele Runden, wie das Format braucht
tournament-how-to-join = Anmelden mit tournament join (tournament leave meldet ab); tournament standings zeigt, wer dabei ist. tournament start (der Veranstalter) schließt die Anmeldung und eröffnet die erste Runde: Jeder Tisch bekommt einen eigenen Thread, und die Runden laufen von selbst weiter.
# $count: angemeldete Spieler jetzt.
tournament-joined = { $name } hat sich für { $tournament } angemeldet: bisher { $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    }.
tournament-left = { $name } hat sich von { $tournament } abgemeldet: { $count ->
        [one] { $count } Spieler
       *[other] { $count } Spieler
    } angemeldet.
tournament-ended = { $name } hat { $tournament } beendet. tournament standings zeigt weiter, wie alle standen; in diesem Kanal kann ein neues Turnier beginnen.

## Ablehnungen

tournament-none-open = In diesem Kanal ist kein Turnier offen. tournament new eröffnet eines.
tournament-none-here = In diesem Kanal gab es noch kein Turnier. tournament new eröffnet eines.
tournament-already-open = In diesem Kanal ist schon { $tournament } offen, und ein Kanal hat eines zur Zeit. Der Veranstalter oder wer den Kanal verwaltet kann es mit tournament end beenden.
tournament-signup-closed = Die Anmeldung für { $tournament } ist geschlossen: Seine Runden haben begonnen.
# $place: die Nummer in der Reihenfolge der Anmeldung.
tournament-already-in = Du bist schon für { $tournament } angemeldet (Nummer { $place } in der Reihenfolge der Anmeldung). tournament leave meldet dich ab.
tournament-not-in = Du bist nicht für { $tournament } angemeldet, also gibt es nichts abzumelden. tournament join meldet dich an.
tournament-end-not-yours = Nur der Veranstalter von { $tournament } oder wer diesen Kanal verwaltet kann es beenden.
# $rounds: die verlangten Runden; $most: die meisten, die ein Turnier spielt.
tournament-bad-rounds = Ein Turnier im Schweizer System hat 1 bis { $most } Runden, nicht { $rounds }.
tournament-rounds-not-swiss = { $format ->
        [round_robin] Jeder gegen jeden
       *[elimination] Das K.-o.-System
    } spielt so viele Runden, wie das Format braucht: rounds: gilt nur für format:swiss.
# $deadline: was angegeben wurde (eine Dauer oder off).
tournament-bad-deadline = Jede Runde hat eine Frist von 1h bis 60d (etwa 7d), nicht { $deadline }.

## Die Tabelle (für den Fragenden)

# $status: signup, running, finished oder ended; $rounds: Runden mit Ergebnissen.
tournament-standings-head = Tabelle von { $tournament } ({ $status ->
        [signup] Anmeldung offen
        [running] läuft
        [finished] beendet
       *[ended] abgebrochen
    }; { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    } mit Ergebnissen, { $count } Spieler):
tournament-standings-nobody = Noch hat sich niemand angemeldet.
tournament-standings-no-results = Noch keine Ergebnisse: Alle haben 0 Punkte, in der Reihenfolge der Anmeldung.
# $points: Turnierpunkte (12 für den ersten Platz eines Tisches bis 0 für
# den letzten, 6 für ein Freilos); $game_points: die Punkte der Spiele
# zusammen; $buchholz: die Punkte der Gegner, je Tisch gemittelt, summiert.
tournament-standings-line = { $place }. { $name }: { $points } Punkte ({ $games ->
        [one] { $games } Spiel
       *[other] { $games } Spiele
    }, { $byes ->
        [one] { $byes } Freilos
       *[other] { $byes } Freilose
    }; { $game_points } Spielpunkte, Buchholz { $buchholz })

## Die Runden (src/referee/rounds.rs)

# $count: angemeldete Spieler.
tournament-started = { $name } hat { $tournament } mit { $count } Spielern gestartet: Die Anmeldung ist geschlossen, die erste Runde läuft.
# Der Thread eines Tisches. $round, $table: Nummern.
tournament-table-place = { $tournament } · Runde { $round } · Tisch { $table }
# Im Thread des Tisches. $players: seine Spieler (erwähnt), in Sitzreihenfolge.
tournament-table-opened = { $tournament }, Runde { $round }, Tisch { $table }: { $players }. Viel Glück!
# Im Kanal des Turniers. $tables: wie viele; $deadline: wann die Runde endet.
tournament-round-opened = Runde { $round } von { $tournament } läuft: { $tables ->
        [one] { $tables } Tisch
       *[other] { $tables } Tische
    }, bis { $deadline }. Eine Partie, die dann noch läuft, spielt der Computer zu Ende.
# $place: der Thread des Tisches; $players: seine Spieler in Sitzreihenfolge.
tournament-round-table = Tisch { $table } ({ $place }): { $players }
# $points: was ein Freilos zählt.
tournament-round-bye = { $name } hat in dieser Runde ein Freilos ({ $points } Punkte).
# Im Thread eines Tisches an der Frist der Runde. $level: die Stufe des Computers; $moves: seine Züge.
tournament-played-out = Die Frist der Runde ist abgelaufen: Der Computer ({ $level }) hat diese Partie für alle Plätze zu Ende gespielt ({ $moves ->
        [one] { $moves } Zug
       *[other] { $moves } Züge
    }).
tournament-round-closed = Runde { $round } von { $tournament } ist vorbei.
# $placings: tournament-round-placing für jeden Spieler, der beste zuerst.
tournament-round-result = Tisch { $table }: { $placings }
tournament-round-placing = { $place }. { $name } ({ $score })
tournament-finished = { $tournament } ist nach { $rounds ->
        [one] { $rounds } Runde
       *[other] { $rounds } Runden
    } vorbei. Die Abschlusstabelle:
tournament-winner = Gewonnen hat: { $name }!

## Ablehnungen von start

tournament-start-not-yours = Nur der Veranstalter von { $tournament } oder wer diesen Kanal verwaltet, kann es starten.
# $count: jetzt angemeldete Spieler.
tournament-start-too-few = { $tournament } braucht zum Start mindestens 2 Spieler; { $count ->
        [one] { $count } ist
       *[other] { $count } sind
    } angemeldet.
tournament-button-old = Dieser Knopf gehört zu einem Turnier, das in diesem Kanal keine Anmeldungen mehr annimmt.

## Ausschließen und verlängern durch den Veranstalter

# $name: wer ausgeschlossen wird; $by: wer ausschließt.
tournament-dropped = { $by } hat { $name } aus { $tournament } genommen: keine weitere Runde, und in einer noch laufenden Partie spielt der Computer den Platz.
tournament-drop-not-yours = Nur der Veranstalter von { $tournament } oder wer diesen Kanal verwaltet, kann einen Spieler herausnehmen.
# $player: wie eingegeben.
tournament-drop-unknown = Niemand namens { $player } ist für { $tournament } angemeldet.
tournament-drop-already = Schon geschehen: { $name } ist aus { $tournament } bereits herausgenommen.
# $deadline: die neue Frist der Runde.
tournament-extended = { $name } hat Runde { $round } von { $tournament } verlängert: Sie endet jetzt { $deadline }.
tournament-extend-not-yours = Nur der Veranstalter von { $tournament } oder wer diesen Kanal verwaltet, kann eine Runde verlängern.
tournament-extend-no-round = { $tournament } hat keine laufende Runde, die sich verlängern ließe.
tournament-extend-once = Runde { $round } von { $tournament } ist bereits verlängert: Eine Runde wird höchstens einmal verlängert.

## Anmeldung, die von selbst schließt (`closes`, `players` bei `new`)

tournament-bad-closes = Die Anmeldung kann 1h bis 60d nach der Eröffnung von selbst schließen (etwa 2d), nicht { $closes }.
tournament-bad-players = Die Anmeldung kann bei 2 bis { $most } Spielern von selbst schließen, nicht bei { $players }.
tournament-closes-at = Die Anmeldung schließt von selbst { $at } (ab 2 Anmeldungen).
tournament-closes-players = Die Anmeldung schließt von selbst bei { $players } Spielern.
tournament-closes-at-or-players = Die Anmeldung schließt von selbst { $at } (ab 2 Anmeldungen), oder schon bei { $players } Spielern.
