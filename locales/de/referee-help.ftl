# /aq help: die Befehle, zuerst das, was Neue brauchen. Befehls- und
# Optionsnamen und alles in <> bleiben in jeder Sprache, wie sie sind: Sie
# sind die Befehlssprache. „Beitreten“ und „Starten“ sind die Knöpfe der
# Lobby (label-join, label-start in controls.ftl). Unter 1.900 Zeichen.

# Die Hilfe auf Discord: jeder Befehl so, wie Discord ihn erreicht (/aq game new).
help-discord =
    Start: /aq game new eröffnet ein Spiel; die anderen drücken „Beitreten“ (/aq game join), wer eröffnet hat, „Starten“.
    Am Zug: Die Knöpfe unter dem Tisch bieten genau deine erlaubten Züge, oder tippe /aq draw …

    Züge (am Zug):
    /aq draw truck:<n> - Plättchen auf einen Wagen ziehen (A)
    /aq take truck:<n> - Wagen nehmen (B), dann anlegen
    /aq place at:<cell|depot> [tile:<n>] - Plättchen oder Nachwuchs anlegen
    /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - Mitarbeiter einsetzen
    /aq move from:depot to:<cell> - Depot → Wasserpark, 1 Münze
    /aq move from:<cell|role> to:<cell|role> - Mitarbeiter versetzen, 1 Münze
    /aq buy from:<player> at:<cell> - aus fremdem Depot kaufen, 2 Münzen
    /aq discard - oberstes Depot-Plättchen abwerfen, 2 Münzen
    /aq expand size:<small|large> cells:"<cells>" - Ausbautafel, 1–2 Münzen
    /aq undo - letzten Zug zurücknehmen, bevor ein anderer handelt oder gezogen wird; einmal pro Zug
    Ansehen: /aq board [text] (text: in Worten, für Bildschirmleser) - /aq zoo [player] - /aq score - /aq moves - /aq hint - /aq history [move:<n>] [game:<id>] - /aq rules [topic] - /aq help
    Warten: /aq mygames - wo du dran bist; /aq nudge - anstupsen; /aq notify dm|before:<on|off> - DMs; /aq away until:<3d|off> - weg
    Tisch: /aq game new [removed:"penguin hippo"] [first:<player>] [seed:<n>] [deck:<tiles>] - /aq game join - /aq game leave - /aq game start - /aq game abandon (gewertet: alle Spieler stimmen zu)
    /aq game addbot [level:<easy|normal|strong>] - /aq game removebot - Computerspieler (nur Eröffnende)
    /aq game rematch - nach einem Spiel: dieselben Spieler und Einstellungen noch einmal, die Plätze weitergerückt (oder der Knopf „Revanche“ unter dem letzten Tisch)
    /aq game settings [reminders:<12h|off>] [turn_limit:<2d|off>] [clock:<fast|normal|slow|off>] [weekend_pause:<true|false>] [vacations:<true|false>] [hints:<true|false>] [language:<code>] (im Spiel: ab dem nächsten Zug) - /aq game kick - abwählen nach der Zugzeit
    Früher: /aq past games [page:<n>] - /aq past replay [game:<id>] [speed:<slow|normal|fast>] - /aq past export [game:<id>] - /aq past stats [player] - /aq past review
    Web: /aq web reset [what:server] - die Weblinks dieses Spiels (oder der Serverseite) gelten nicht mehr; /aq web table - den Tisch in Discord öffnen (sonst sein Link), wie „Tisch öffnen“
    Turniere (ein eigener Befehl): /tournament new [name] [format] [size] [rounds] [clock] [deadline] [rated] [vacations] [closes] [players] - eines eröffnen (ohne Angaben: Schweizer System, Tische zu 4, 3 Runden, Bedenkzeit normal, 14d je Runde, gewertet, kein Urlaub) - /tournament join - /tournament leave - /tournament start (der Veranstalter: jeder Tisch ein Thread, die Runden laufen von selbst) - /tournament standings - /tournament drop player - /tournament extend (einmal je Runde) - /tournament end
    Saisons (ein eigener Befehl): /season - die Rangliste dieses Servers in dieser Saison (ein Quartal, wenn seine Verwaltung keinen Monat wählt); /season which:last (oder 2026-11, 2026-Q4) - eine andere; /season length:<month|quarter|off> - die Serververwaltung. Wertungen laufen von Saison zu Saison weiter.
    Sprache: /aq language [set:<code>] für dich; die des Spiels in den Einstellungen. Befehle und Optionen heißen überall gleich.
    Terminal, Skripte, Protokolle: ohne Gruppenwort (new, join, replay).

# Die Hilfe im Terminal: wie man anfängt und mit Nummern spielt, dann die
# Befehle, wie man sie dort tippt.
help-terminal =
    Start: Gib bei der Abfrage die Spielernamen ein, einen pro Zeile oder mit Kommas (cpu:easy, cpu:normal, cpu:strong: ein Computerspieler), dann Enter; ein offenes Spiel geht beim Neustart weiter.
    Mit Nummern: moves zeigt die Züge des Spielers am Zug, nummeriert; eine Nummer tippen spielt den Zug. „4-43. expand small: 40 Möglichkeiten“ fasst gleiche Züge zusammen, moves expand small listet sie. undo nimmt deinen Zug zurück.
    Das /aq vor einem Befehl darf wegfallen, die einzige Option auch ohne Namen: draw 2, take 1, place K11, hire cashier, zoo ana, rules money. „ben: take 1“ handelt als ben.

    Züge (am Zug):
    /aq draw truck:<n> - Plättchen auf einen Wagen ziehen (A)
    /aq take truck:<n> - Wagen nehmen (B), dann anlegen
    /aq place at:<cell|depot> [tile:<n>] - Plättchen oder Nachwuchs anlegen
    /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - Mitarbeiter einsetzen
    /aq move from:depot to:<cell> - Depot → Wasserpark, 1 Münze
    /aq move from:<cell|role> to:<cell|role> - Mitarbeiter versetzen, 1 Münze
    /aq buy from:<player> at:<cell> - aus fremdem Depot kaufen, 2 Münzen
    /aq discard - oberstes Depot-Plättchen abwerfen, 2 Münzen
    /aq expand size:<small|large> cells:"<cells>" - Ausbautafel, 1–2 Münzen
    /aq undo - letzten Zug zurücknehmen (erneut: den davor), bevor ein anderer handelt oder gezogen wird; einmal pro Zug
    /aq moves [of:<family>] - erlaubte Züge, nummeriert - /aq hint - ein Vorschlag
    Ansehen: /aq board [text] (text: in Worten, für Bildschirmleser) - /aq zoo [player] - /aq score - /aq rules [topic] - /aq settings
    Früher: /aq history [move:<n>] [game:<id>] - /aq games [page:<n>] - /aq stats [player] - /aq review [game:<id>] [player]
    Dateien: /aq replay [game:<id>] [speed:<slow|normal|fast>] --out game.gif - /aq export [game:<id>] --out game.json
    Tisch: /aq new [removed:"penguin hippo"] [first:<player>] [seed:<n>] - /aq join - /aq leave - /aq start - /aq abandon (gewertet: alle Spieler stimmen zu)
    /aq addbot [level:<easy|normal|strong>] - /aq removebot - Computerspieler
    /aq rematch - nach einem Spiel: dieselben Spieler noch einmal, die Plätze weitergerückt; es beginnt sofort
    /aq settings [clock:<fast|normal|slow|off>] [weekend_pause:<on|off>] [vacations:<on|off>] [reminders:<12h|off>] [hints:<on|off>] - die Einstellungen des Spiels; im Spiel geändert gelten sie ab dem nächsten Zug
    Ein Computerspieler heißt nach seiner Stärke, in der Sprache jedes Lesers (Computer (stark), Strong bot, コンピューター（強い）); ein Befehl, der einen Spieler nennt (zoo, buy from:, stats, first:), nimmt jeden dieser Namen. removebot nimmt den zuletzt gesetzten; kick stimmt über eine untätige Person ab (ein Computerspieler lässt nie warten).
    Turniere: /aq tournament new [name:<text>] [format:<swiss|round_robin|elimination>] [size:<2-5>] [rounds:<n>] [clock:<fast|normal|slow|off>] [deadline:<14d>] [rated:<on|off>] [vacations:<on|off>] [closes:<2d>] [players:<n>] - eines eröffnen (ohne Angaben: Schweizer System, Tische zu 4, 3 Runden, Bedenkzeit normal, 14d je Runde, gewertet, kein Urlaub) - /aq tournament join - /aq tournament leave - anmelden oder abmelden - /aq tournament start - Anmeldung schließen, erste Runde eröffnen (der Veranstalter); die Runden laufen von selbst - /aq tournament standings - /aq tournament drop player:<name> - /aq tournament extend (einmal je Runde) - /aq tournament end (der Veranstalter)
    Saisons: /aq season [which:<this|last|2026-11|2026-Q4>] - die Rangliste einer Saison (Wertungen laufen weiter) - /aq season length:<month|quarter|off> - wie lange Saisons hier dauern
    go <Ort> - an einen Tisch eines Turniers (sein Ort, wie ihn die Ankündigung der Runde nennt, etwa t1-r1-2); go allein kehrt zurück
    quit beendet; das Spiel bleibt gespeichert.
