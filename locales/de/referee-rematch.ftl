# Eine Revanche: ein neues Spiel nach dem in diesem Kanal beendeten (src/referee/rematch.rs).

## Ablehnungen

# $game: die Nummer des offenen Spiels.
rematch-gathering = In diesem Kanal sucht Spiel #{ $game } schon Mitspieler: Tritt ihm bei, oder spielt es zu Ende oder brecht es ab, bevor es eine Revanche gibt.
rematch-running = In diesem Kanal läuft Spiel #{ $game }: Eine Revanche gibt es, wenn es vorbei ist.
rematch-no-game = In diesem Kanal ist noch kein Spiel zu Ende gegangen: Es gibt nichts, was man noch einmal spielen könnte. Eröffne eines mit /aq game new.
# $game: das Spiel, unter dessen Tisch „Revanche“ gedrückt wurde; $latest: das neueste Spiel des Kanals.
rematch-not-latest = Spiel #{ $game } ist nicht mehr das neueste Spiel dieses Kanals (das ist Spiel #{ $latest }): Nur das neueste Spiel kann noch einmal gespielt werden.
# $game: das neueste Spiel des Kanals, das abgebrochen wurde.
rematch-not-finished = Spiel #{ $game }, das neueste dieses Kanals, wurde abgebrochen: Nur ein zu Ende gespieltes Spiel kann noch einmal gespielt werden.
rematch-not-a-player = Eine Revanche von Spiel #{ $game } können nur seine Spieler fordern.

## Öffentlich

# $name: wer sie fordert; $of: das beendete Spiel; $game: das neue Spiel;
# $seated: seine Spieler in der neuen Reihenfolge, mit Kommas; $first: wer beginnt.
rematch-opened = { $name } fordert eine Revanche von Spiel #{ $of }: Spiel #{ $game }, dieselben Spieler und Einstellungen, die Plätze weitergerückt: { $seated }. { $first } beginnt.
# $of: das beendete Spiel, ein Übungsspiel.
rematch-dealt-afresh = Spiel #{ $of } war ein Übungsspiel; die Revanche wird neu gegeben und zählt in der Statistik.
# $names: wer noch nicht beigetreten ist, mit Kommas; $name: wer sie fordert.
rematch-waiting = Es fehlen noch { $names } (Knopf „Beitreten“ oder /aq game join): Das Spiel beginnt, sobald alle da sind, oder { $name } startet es mit den Anwesenden („Starten“).
