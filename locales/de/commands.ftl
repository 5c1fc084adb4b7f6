# Der Slash-Befehl /aq, wie Discord ihn zeigt: Beschreibungen von Befehlen,
# Gruppen und Optionen, Bezeichnungen fester Auswahlen
# (src/discord/localize.rs). Keine Variablen. Je höchstens 100 Zeichen; der
# ganze Befehl höchstens 4000 je Sprache: knapp bleiben. Namen von Befehlen
# und Optionen und die Befehlswörter der Auswahlen (small, cashier ...)
# bleiben in jeder Sprache, wie sie sind.

cmd-aq-desc = Aquaretto in diesem Kanal spielen

## Züge

cmd-draw-desc = A: oberstes Plättchen auf einen Wagen
cmd-draw-truck-desc = Der Wagen, ab 1 gezählt
cmd-take-desc = B: einen Wagen nehmen, dann Plättchen legen
cmd-take-truck-desc = Der Wagen, ab 1 gezählt
cmd-place-desc = Ein wartendes Plättchen oder Nachwuchs legen
cmd-place-at-desc = Ein Feld wie K11, oder depot
cmd-place-tile-desc = Platz des Plättchens auf dem Wagen
cmd-hire-desc = Einen neuen Mitarbeiter einsetzen
cmd-hire-as-desc = Die Aufgabe des Mitarbeiters
cmd-hire-at-desc = Für einen Trainer: ein freies Feld wie K11
cmd-move-desc = C-I: Depot-Plättchen einsetzen oder Mitarbeiter versetzen (1 Münze)
cmd-move-from-desc = depot, Feld eines Trainers, oder eine Rolle
cmd-move-to-desc = Ein Feld wie K11, oder eine Rolle
cmd-buy-desc = C-II: oberstes fremdes Depot-Plättchen kaufen (2 Münzen)
cmd-buy-from-desc = Aus wessen Depot
cmd-buy-at-desc = Ein Feld deines Wasserparks wie K11
cmd-discard-desc = C-II: oberstes Depot-Plättchen abwerfen (2 Münzen)
cmd-expand-desc = C-III: eine Ausbautafel anlegen (1 oder 2 Münzen)
cmd-expand-size-desc = small: 3 Felder, 1 Münze; large: 4, 2 Münzen
cmd-expand-cells-desc = Ihre Felder, etwa "N10 N11 O10 O11"
cmd-undo-desc = Letzten Zug zurücknehmen (einmal pro Zug, nicht nach Ziehen)

## Das Spiel ansehen

cmd-board-desc = Der Tisch: Wagen, Stapel, Wasserparks, wer dran ist
cmd-board-text-desc = Der Tisch in Worten, für einen Bildschirmleser
cmd-zoo-desc = Ein Wasserpark mit Depot und Mitarbeitern
cmd-zoo-player-desc = Wessen Wasserpark (ohne: deiner)
cmd-score-desc = Der Punktestand nach Wertung
cmd-moves-desc = Die erlaubten Züge als Befehle
cmd-hint-desc = Ein Zugvorschlag nur für dich, mit Grund
cmd-history-desc = Die Zugliste, oder der Tisch nach Zug n
cmd-history-move-desc = Den Tisch nach diesem Zug zeigen
cmd-history-game-desc = Ein anderes Spiel, nach Nummer
cmd-rules-desc = Die Regeln kurz
cmd-rules-topic-desc = turn, basins, bonuses, coworkers, money, end, two
cmd-help-desc = Die Befehle

## Warten

cmd-mygames-desc = Spiele, in denen du am Zug bist
cmd-language-desc = Deine Sprache hier, oder wähle eine
cmd-language-set-desc = Ein Sprachcode (en, ja, de...) oder auto
cmd-nudge-desc = Den Spieler am Zug erinnern (einmal pro Stunde)
cmd-notify-desc = DM, wenn du am Zug bist
cmd-notify-dm-desc = Direktnachrichten: on oder off

## Die Gruppe game

cmd-game-desc = Das Spiel dieses Kanals
cmd-game-new-desc = Ein Spiel hier eröffnen; du sitzt mit
cmd-game-new-removed-desc = Tierarten weglassen, etwa "penguin hippo"
cmd-game-new-first-desc = Wer beginnt
cmd-game-new-seed-desc = Aus diesem Seed geben (Übung, ohne Statistik)
cmd-game-new-deck-desc = Gestapelte Plättchen in Ziehfolge (Übung)
cmd-game-join-desc = Am Spiel hier Platz nehmen
cmd-game-leave-desc = Deinen Platz vor dem Start aufgeben
cmd-game-start-desc = Dein Spiel mit 2 bis 5 Spielern starten
cmd-game-abandon-desc = Spiel ohne Wertung beenden (gewertet: alle stimmen zu)
cmd-game-addbot-desc = Einen Computerspieler setzen (Ersteller)
cmd-game-addbot-level-desc = Wie gut er spielt (ohne: normal)
cmd-game-removebot-desc = Letzten Computerspieler entfernen (Ersteller)
cmd-game-settings-desc = Einstellungen zeigen oder ändern (Ersteller, Kanalverwalter)
cmd-game-settings-reminders-desc = Erinnerung an den Spieler am Zug nach: 30m, 12h, off
cmd-game-settings-turn-limit-desc = Danach ist Abwählen möglich: 2d, off
cmd-game-rematch-desc = Neues Spiel nach diesem: dieselben Spieler, Plätze weitergerückt
cmd-game-settings-hints-desc = /aq hint erlauben: on oder off
cmd-game-settings-language-desc = Sprache der Spielnachrichten: en, ja, de...
cmd-game-kick-desc = Den Spieler am Zug nach dem Zeitlimit abwählen

## Die Gruppe past

cmd-past-desc = Vergangene Spiele des Servers
cmd-past-games-desc = Die Spiele des Servers, Spieler, Punkte, Sieger
cmd-past-games-page-desc = Welche Seite, 1 die neueste
cmd-past-replay-desc = Das ganze Spiel als bewegtes Bild
cmd-past-replay-game-desc = Ein anderes Spiel, nach Nummer
cmd-past-replay-speed-desc = Wie schnell (ohne: normal)
cmd-past-export-desc = Das Spielprotokoll als JSON-Datei
cmd-past-export-game-desc = Ein anderes Spiel, nach Nummer
cmd-past-stats-desc = Zahlen und Rangliste des Servers, oder eines Spielers
cmd-past-stats-player-desc = Wessen Zahlen (sonst die des Servers)
cmd-past-review-desc = Die teuersten Entscheidungen eines beendeten Spiels
cmd-past-review-game-desc = Anderes Spiel, nach Nummer
cmd-past-review-player-desc = Wessen Bilder (ohne: deine)

## Feste Auswahlen: das Befehlswort und was es heißt

choice-size-small = small (kleine Ausbautafel)
choice-size-large = large (große Ausbautafel)
choice-level-easy = easy (leicht)
choice-level-normal = normal
choice-level-strong = strong (stark)
choice-speed-slow = slow (langsam)
choice-speed-normal = normal
choice-speed-fast = fast (schnell)
choice-as-cashier = cashier (Kassierer)
choice-as-keeper = keeper (Tierpfleger)
choice-as-manager = manager (Manager)
choice-as-trainer = trainer (Trainer)
choice-what-game = game (dieses Spiel)
choice-what-server = server (Serverseite)

cmd-web-desc = Die Seiten dieses Spiels im Web
cmd-web-reset-desc = Die Weblinks dieses Spiels ungültig machen
cmd-web-reset-what-desc = game (Standard) oder server (Server verwalten)
cmd-web-table-desc = Den Tisch in Discord öffnen (sonst seinen Link)
cmd-entry-desc = Den Aquaretto-Tisch dieses Kanals öffnen
cmd-notify-before-desc = DM, wenn der Spieler vor dir dran ist: on, off
cmd-away-desc = Eine Weile weg: keine Erinnerungen, kein Anstupsen
cmd-away-until-desc = Zurück in 3d, 12h, am 2026-12-24, oder off
cmd-game-settings-away-desc = Computer spielt für Abwesende nach: 12h, off
cmd-game-settings-clock-desc = Bedenkzeit je Platz (ab dem nächsten Zug)
cmd-game-settings-weekend-pause-desc = Am Wochenende anhalten (UTC)
cmd-game-settings-vacations-desc = Abwesenheit hält die Uhr an (14 Tage/Jahr)
choice-clock-fast = fast (1d, +4h/Zug, max. 3d)
choice-clock-normal = normal (3d, +12h/Zug, max. 5d)
choice-clock-slow = slow (3d, +36h/Zug, max. 10d)
choice-clock-off = off

# /tournament: ein eigener Befehl neben /aq.
cmd-tournament-desc = Ein Turnier in diesem Kanal
cmd-tournament-new-desc = Ein Turnier in diesem Kanal eröffnen (Anmeldung beginnt)
cmd-tournament-new-name-desc = Sein Name
cmd-tournament-new-format-desc = swiss, round_robin oder elimination (Standard swiss)
cmd-tournament-new-size-desc = Spieler je Tisch (Standard 4)
cmd-tournament-new-rounds-desc = Runden eines Schweizer Turniers (Standard 3)
cmd-tournament-new-clock-desc = Die Bedenkzeit der Partien (Standard normal)
cmd-tournament-new-deadline-desc = Wie lange eine Runde dauert: 7d, 14d (Standard 14d)
cmd-tournament-new-rated-desc = Die Partien zählen für die Wertung (Standard an)
cmd-tournament-new-vacations-desc = Abwesenheit hält die Uhren an (Standard aus)
cmd-tournament-new-closes-desc = Die Anmeldung schließt von selbst nach: 2d, 12h (ab 2 Anmeldungen)
cmd-tournament-new-players-desc = Die Anmeldung schließt von selbst bei so vielen Spielern
cmd-tournament-join-desc = Für das Turnier dieses Kanals anmelden
cmd-tournament-leave-desc = Abmelden, solange die Anmeldung läuft
cmd-tournament-start-desc = Anmeldung schließen, erste Runde eröffnen (Veranstalter)
cmd-tournament-standings-desc = Die Tabelle bisher
cmd-tournament-end-desc = Das Turnier beenden (Veranstalter)
choice-format-swiss = swiss (Tische nach Tabelle)
choice-format-round-robin = round_robin (jeder gegen jeden in einer Gruppe)
choice-format-elimination = elimination (Tischsieger kommen weiter)
choice-size-2 = 2
choice-size-3 = 3
choice-size-4 = 4
choice-size-5 = 5
cmd-tournament-drop-desc = Einen Spieler herausnehmen: keine weiteren Runden (Veranstalter)
cmd-tournament-drop-player-desc = Der Spieler, der herausgenommen wird
cmd-tournament-extend-desc = Die laufende Runde einmal verlängern (Veranstalter)

# /season: a command of its own beside /aq.
cmd-season-desc = Die Rangliste dieses Servers nach Saison
cmd-season-which-desc = this, last, ein Monat (2026-11) oder ein Quartal (2026-Q4)
cmd-season-length-desc = Wie lange die Saisons des Servers dauern (Serververwaltung)
choice-length-month = month (Monat)
choice-length-quarter = quarter (Quartal, drei Monate)
choice-length-off = off (keine Saisons)
