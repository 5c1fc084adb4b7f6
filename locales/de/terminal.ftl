# Was das Terminal selbst sagt (src/terminal/).

terminal-first-turn =
    So geht ein Zug: in deinem Zug tust du genau eins: das oberste Plättchen auf
    einen Wagen mit Platz legen (draw 1), einen Wagen mit Plättchen nehmen und sie
    in deinen Wasserpark oder dein Depot legen (take 2, dann place K11), oder Münzen
    für eine Geldaktion zahlen (buy, move, discard, expand). Wer einen Wagen
    genommen hat, wartet auf die nächste Runde.
    Zuerst probieren: moves (was du tun kannst, nummeriert: tippe eine Nummer, um
    den Zug zu spielen), board (der ganze Tisch), help (alle Befehle).
    quit beendet, das Spiel bleibt gespeichert.
terminal-acts-as = Alle spielen an dieser Tastatur: Die Eingabeaufforderung nennt, wer am Zug ist, und „{ $name }: take 1“ spielt als { $name }.

terminal-nobody-moves = Gerade kann niemand ziehen.
terminal-no-such-move = Es gibt keinen Zug { $n }: moves zeigt { $count ->
        [one] den einen erlaubten Zug
       *[other] die { $count } erlaubten Züge
    }.
terminal-cannot-read = das Spiel ist nicht lesbar: { $error }

terminal-refused = Abgelehnt: { $why }
terminal-script-refused = abgelehnt: { $why }
terminal-refused-entry = Abgelehnt ({ $entry }): { $why }
terminal-file = (Datei: { $file })
terminal-picture = (Bild: { $path })
terminal-file-saved = { $path } ({ $kb } KB)
terminal-file-not-saved = { $name } ({ $kb } KB) nicht gespeichert: beende den Befehl mit --out DATEI, um sie zu speichern

terminal-damaged = Das Spiel in diesem Kanal ist beschädigt: { $damage }. Mit abandon beendest du es.
terminal-continuing = Spiel #{ $game } geht weiter (in der Datenbank gespeichert).
terminal-type-a-command = Gib einen Befehl ein (help zeigt alle; moves die erlaubten Züge, eine Nummer spielt einen; 'name: befehl' spielt als jemand anderes; quit beendet - das Spiel bleibt gespeichert).
terminal-bye-saved = Tschüss: das Spiel ist gespeichert; `aquaretto-bot play` setzt es fort.
terminal-bye = Tschüss.
terminal-no-game-now = Gerade läuft kein Spiel: die Namenseingabe beginnt ein neues, und rematch spielt das letzte noch einmal mit weitergerückten Plätzen (score, history und replay zeigen noch das letzte).

## Die Namenseingabe

# Die Beschriftung der Namensabfrage, vor "> ".
terminal-names-prompt = Namen

terminal-who-plays = Wer spielt? Gib einen Namen ein, oder mehrere mit Kommas; cpu:easy, cpu:normal oder cpu:strong setzt einen Computerspieler (help erklärt, quit beendet).
terminal-lobby-empty = Bei Spiel #{ $game } sitzt noch niemand: gib einen Namen ein, oder cpu:normal für einen Computerspieler (oder abandon, um es zu schließen).
terminal-lobby-one = { $name } sitzt. Noch ein Name, oder cpu:normal für einen Computerspieler; Enter startet ab 2 Spielern.
terminal-lobby-full = Es sitzen: { $names }. Der Tisch ist voll: Enter startet.
terminal-lobby-some = Es sitzen: { $names }. Noch ein Name oder cpu:normal, oder Enter zum Start.
terminal-lobby-gathering = Spiel #{ $game } sucht Spieler: { $names }. Weiter mit einem Namen (oder cpu:normal), Enter startet ab 2 Spielern, abandon schließt es.
terminal-name-taken = { $name } sitzt schon am Tisch: Tippe einen anderen Namen.
terminal-bad-name = '{ $text }' kann kein Spielername sein: Namen sind Wörter ohne ':'; cpu:easy, cpu:normal oder cpu:strong setzt einen Computerspieler

terminal-unknown-lang = --lang { $lang }: diese Sprache spricht der Bot nicht; wähle eine von { $choices }.

terminal-web-watch = Das Spiel im Web: { $url }
terminal-web-play = { $name } spielt im Browser mit { $url }

## Zwischen Orten wechseln (Tische eines Turniers)

terminal-back-home = Zurück im Kanal des lokalen Spiels.
terminal-now-at = Jetzt an { $place } (Spiel #{ $game }): Eingaben wirken dort; go allein kehrt zurück.
terminal-no-such-place = An { $place } wurde nie ein Spiel gespielt: go nimmt den Ort eines Tisches, wie ihn die Ankündigung der Runde nennt (t1-r1-2), und go allein kehrt zurück.
terminal-table-over = Das Spiel an { $place } ist vorbei: zurück im Kanal des lokalen Spiels.
