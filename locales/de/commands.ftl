# Der Slash-Befehl /aq, wie Discord ihn zeigt: Beschreibungen von Befehlen,
# Gruppen und Optionen, Bezeichnungen fester Auswahlen
# (src/discord/localize.rs). Keine Variablen. Je höchstens 100 Zeichen; der
# ganze Befehl höchstens 4000 je Sprache: knapp bleiben. Namen von Befehlen
# und Optionen und die Befehlswörter der Auswahlen (small, cashier ...)
# bleiben in jeder Sprache, wie sie sind.

cmd-aq-desc = Aquaretto in diesem Kanal spielen

## Züge

cmd-draw-desc = A: oberstes Plättchen vom Stapel auf einen Wagen
cmd-draw-truck-desc = Der Wagen, ab 1 gezählt
cmd-take-desc = B: einen Wagen nehmen, dann seine Plättchen legen
cmd-take-truck-desc = Der Wagen, ab 1 gezählt
cmd-place-desc = Ein wartendes Plättchen oder Nachwuchs legen
cmd-place-at-desc = Ein Feld wie K11, oder depot
cmd-place-tile-desc = Platz des Plättchens auf dem Wagen (nicht für Nachwuchs oder ein einzelnes)
cmd-hire-desc = Einen neuen Mitarbeiter einsetzen
cmd-hire-as-desc = Die Aufgabe des Mitarbeiters
cmd-hire-at-desc = Für einen Trainer: ein freies Feld wie K11
cmd-move-desc = C-I: oberstes Depot-Plättchen in den Wasserpark, oder Mitarbeiter versetzen (1 Münze)
cmd-move-from-desc = depot, Feld eines Trainers, oder cashier, keeper, manager
cmd-move-to-desc = Ein Feld wie K11, oder cashier, keeper, manager
cmd-buy-desc = C-II: oberstes Plättchen eines fremden Depots kaufen (2 Münzen)
cmd-buy-from-desc = Aus wessen Depot
cmd-buy-at-desc = Ein Feld deines Wasserparks wie K11
cmd-discard-desc = C-II: oberstes Plättchen deines Depots abwerfen (2 Münzen)
cmd-expand-desc = C-III: deinen Wasserpark um eine Ausbautafel erweitern (1 oder 2 Münzen)
cmd-expand-size-desc = small: 3 Felder, 1 Münze; large: 4 Felder, 2 Münzen, +1 Becken
cmd-expand-cells-desc = Ihre Felder, etwa "N10 N11 O10 O11"
cmd-undo-desc = Letzten Zug zurücknehmen (nicht nach Ziehen oder fremdem Zug)

## Das Spiel ansehen

cmd-board-desc = Der Tisch: Wagen, Stapel, alle Wasserparks, wer am Zug ist
cmd-zoo-desc = Ein Wasserpark groß, mit Depot und Mitarbeitern
cmd-zoo-player-desc = Wessen Wasserpark (ohne: deiner)
cmd-score-desc = Der Punktestand nach Wertung
cmd-moves-desc = Die erlaubten Züge als Befehle
cmd-hint-desc = Ein Zugvorschlag nur für dich, mit Grund (wenn du am Zug bist)
cmd-history-desc = Die Zugliste, oder der Tisch nach Zug n
cmd-history-move-desc = Den Tisch nach diesem Zug zeigen
cmd-history-game-desc = Ein anderes Spiel des Servers, nach Nummer
cmd-rules-desc = Die Regeln kurz
cmd-rules-topic-desc = turn, basins, bonuses, coworkers, money, end oder two
cmd-help-desc = Die Befehle

## Warten

cmd-mygames-desc = Spiele, in denen du am Zug bist, längste Wartezeit zuerst
cmd-language-desc = Deine Sprache hier und die Auswahl; oder wähle eine
cmd-language-set-desc = Ein Sprachcode (en, ja, de...) oder auto für deine Discord-Sprache
cmd-nudge-desc = Den Spieler am Zug erinnern (einmal pro Stunde und Spiel)
cmd-notify-desc = Direktnachricht, wenn du am Zug bist
cmd-notify-dm-desc = Direktnachrichten: on oder off

## Die Gruppe game

cmd-game-desc = Das Spiel dieses Kanals eröffnen, beitreten, starten, beenden
cmd-game-new-desc = Ein Spiel in diesem Kanal eröffnen; du sitzt mit
cmd-game-new-removed-desc = Tierarten weglassen, etwa "penguin hippo"
cmd-game-new-first-desc = Wer beginnt
cmd-game-new-seed-desc = Ein Spiel aus seinem Seed neu geben (Übungsspiel, ohne Statistik)
cmd-game-new-deck-desc = Gestapelte Plättchen in Ziehfolge (Übungsspiel)
cmd-game-join-desc = Am Spiel Platz nehmen, das hier Spieler sucht
cmd-game-leave-desc = Deinen Platz vor dem Start aufgeben
cmd-game-start-desc = Dein Spiel mit 2 bis 5 Spielern starten
cmd-game-abandon-desc = Das Spiel ohne Wertung beenden (Ersteller oder Kanalverwalter)
cmd-game-addbot-desc = Einen Computerspieler setzen (Ersteller)
cmd-game-addbot-level-desc = Wie gut er spielt (ohne: normal)
cmd-game-removebot-desc = Den zuletzt gesetzten Computerspieler entfernen (Ersteller)
cmd-game-rematch-desc = Nach dem hier beendeten Spiel ein neues eröffnen: dieselben Spieler, Plätze weitergerückt
cmd-game-settings-desc = Einstellungen zeigen oder ändern (Ersteller oder Kanalverwalter)
cmd-game-settings-reminders-desc = Erinnerung an den Spieler am Zug nach: 30m, 12h, 2d, oder off
cmd-game-settings-turn-limit-desc = Danach darf ein untätiger Spieler abgewählt werden: 2d, oder off
cmd-game-settings-hints-desc = /aq hint erlauben: on oder off
cmd-game-settings-language-desc = Die Sprache der öffentlichen Nachrichten des Spiels: ein Code (en, ja, de...)
cmd-game-kick-desc = Abstimmen, den Spieler am Zug nach dem Zeitlimit zu entfernen

## Die Gruppe past

cmd-past-desc = Spiele dieses Servers: Wiederholungen, Protokolle, Statistik
cmd-past-games-desc = Die Spiele des Servers: laufend und beendet, Spieler, Punkte, Sieger
cmd-past-games-page-desc = Welche Seite, 1 die neueste
cmd-past-replay-desc = Das ganze Spiel als bewegtes Bild
cmd-past-replay-game-desc = Ein anderes Spiel des Servers, nach Nummer
cmd-past-replay-speed-desc = Wie schnell die Bilder wechseln (ohne: normal)
cmd-past-export-desc = Das Spielprotokoll als JSON-Datei
cmd-past-export-game-desc = Ein anderes Spiel des Servers, nach Nummer
cmd-past-stats-desc = Die beendeten Spiele des Servers in Zahlen mit Rangliste, oder die eines Spielers
cmd-past-stats-player-desc = Wessen Zahlen (ohne: der Server und seine Rangliste)

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

cmd-web-desc = Die Seiten dieses Spiels im Web
cmd-web-reset-desc = Die Links zur Webseite dieses Spiels ungültig machen (deine zum Spielen, oder alle)
