# Was der Schiedsrichter zu Zügen sagt: Ablehnungen vor einem Zug, Rücknahme,
# der Abschluss der Antwort auf einen Zug und ein beendetes Spiel.

# Abgelehnt. $game: die Nummer des Spiels.
play-not-started = Spiel #{ $game } hat noch nicht begonnen: Wer es eröffnet hat, startet es mit /aq game start.
play-game-not-started = Das Spiel hat noch nicht begonnen.
# Abgelehnt. $game: die Nummer des Spiels.
play-not-seated = Du spielst in Spiel #{ $game } nicht mit; zuschauen kann jeder mit /aq board.
play-changed-on-the-way = Das Spiel hat sich geändert, während dein Zug unterwegs war; schau dir /aq board an und versuch es noch einmal.
play-no-game = In diesem Kanal läuft kein Spiel: Eröffne eines mit /aq game new.
# Nach einem Zug, wenn die Computerspieler viele Züge gemacht haben. $count: die nicht erzählten Züge.
play-auto-skipped = ({ $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
} der Computerspieler davor: /aq history zeigt sie.)
# Am Spielende, für einen abgewählten Platz. $name: sein Spieler.
play-voted-out-ranked = { $name } wurde wegen Untätigkeit abgewählt: Der Platz wurde automatisch weitergespielt und landet auf dem letzten Rang.
# Abgelehnt. $game: die Nummer des Spiels.
play-voted-out = Du wurdest in Spiel #{ $game } wegen Untätigkeit abgewählt: Dein Platz spielt automatisch weiter, und du kannst in diesem Spiel nicht mehr handeln.
# Abgelehnt. $level: die Stufe des Computerspielers (easy, normal, strong).
play-computer-seat = Auf diesem Platz sitzt ein Computerspieler ({ $level }), der von selbst spielt.
# Abgelehnt: ein Knopf eines älteren Tisches. $made: der Zug, für den er
# gemacht wurde; $now: der jetzige Zug des Spiels.
play-stale-control = Dieser Knopf gehört zu Zug { $made }; das Spiel ist bei Zug { $now }. Nichts wurde geändert: Nimm die Knöpfe unter der neuesten Nachricht.
# Wer handeln muss, zuerst in einer Tisch-Nachricht ohne Befehl. $who: diese Person.
mention = { $who }

## Rücknahme

undo-nothing = Es wurde noch kein Zug gemacht: Es gibt nichts zurückzunehmen.
undo-changed-on-the-way = Das Spiel hat sich geändert, während deine Rücknahme unterwegs war; schau dir /aq board an und versuch es noch einmal.
# Öffentlich. $name: wer zurückgenommen hat; $seq: die Nummer des Zugs; $what: was er getan hat.
undo-took-back = { $name } hat Zug { $seq } zurückgenommen: { $what }
undo-over = Das Spiel ist vorbei: Seine Züge bleiben, wie sie sind.
# Abgelehnt. $name: der Spieler, der seitdem gehandelt hat.
undo-other-acted = { $name } hat seit deinem letzten Zug gehandelt: Eine Rücknahme nimmt nie den Zug eines anderen Spielers zurück.
undo-another-acted = Ein anderer Spieler hat seit deinem letzten Zug gehandelt: Eine Rücknahme nimmt nie den Zug eines anderen Spielers zurück.
undo-automatic = Dieser Zug wurde automatisch gespielt und bleibt.
undo-drew = Dein letzter Zug hat ein Plättchen gezogen, und ein gezogenes Plättchen lässt sich nicht wieder verdecken: Der Zug bleibt.
# Abgelehnt: Der Spieler hat in diesem Zug schon zurückgenommen und danach
# wieder gespielt.
undo-spent = Du hast in diesem Zug schon zurückgenommen und danach wieder gespielt: Was du jetzt spielst, bleibt bis zum Ende deines Zugs (mehrmals hintereinander zurücknehmen geht, aber nur einmal pro Zug).

## Ein beendetes Spiel (lehnt einen Zug oder einen Knopf ab)

# $game: die Nummer des Spiels.
ended-abandoned = Spiel #{ $game } wurde abgebrochen; nichts wurde geändert. Starte ein neues mit /aq game new.
# Ein Gewinner. $name: der Gewinner; $points: seine Punkte.
ended-won = { $name } hat mit { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkten
} gewonnen
# Wenn das Ergebnis nicht zu lesen ist.
ended-over = es ist vorbei
# $game: die Nummer des Spiels; $result: die Gewinner oder ended-over.
ended = Spiel #{ $game } ist beendet: { $result }; nichts wurde geändert. Den Schlusstisch zeigt /aq board, die Züge /aq history, oder starte ein neues Spiel mit /aq game new.

# Abgelehnt: Ein Befehl nennt niemanden am Tisch. $name: der genannte Name;
# $players: die Spieler am Tisch.
play-nobody-called = niemand namens { $name } sitzt an diesem Tisch: Es spielen { $players }
# Abgelehnt: die Orte eines Zugs. $side: die Option (from oder to).
play-trainer-by-cell = nenne einen Trainer über sein Feld: { $side }:K11
play-no-such-post = einen solchen Platz für Mitarbeiter gibt es nicht
play-coworker-not-to-depot = Mitarbeiter kommen nicht ins Depot; der Manager sitzt darauf: to:manager
play-depot-tile-to-cell = from:depot bewegt das oberste Depot-Plättchen, und es kommt auf ein Feld deines Wasserparks: to:K11
# Abgelehnt. $command: der Befehl, der kein Zug ist.
play-not-a-move = { $command } ist kein Zug
