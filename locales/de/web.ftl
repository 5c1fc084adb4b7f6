# Die Webseiten (src/web/) und was der Schiedsrichter zu ihnen sagt.

## Die Klicks eines Zugs auf dem Tisch (src/view/controls/clicks.rs)

click-truck = Wagen { $truck }
click-space = Feld { $cell }
click-own-depot = Dein Depot
click-depot-of = Depot von { $name }
click-cells = Erweiterung auf { $cells }

## Die Antworten des Schiedsrichters (src/referee/web.rs)

web-game-not-running = Dieses Spiel läuft nicht: hier kann nichts gespielt werden.
web-not-a-move = Das ist kein Zug.
web-reset-game = Die Links zu Spiel #{ $game } im Web wurden erneuert: kein früher ausgegebener Link, zum Zuschauen oder Spielen, öffnet es noch.
web-reset-mine = Deine Links, um Spiel #{ $game } im Browser zu spielen, gelten nicht mehr; /aq board gibt dir in deinem Zug einen neuen.
web-reset-who = Nur wer Spiel #{ $game } eröffnet hat, wer den Kanal verwaltet oder wer mitspielt, kann seine Links erneuern.
# /aq web reset what:server, nur für dich.
web-reset-server = Alle Links zur Seite dieses Servers im Web wurden erneuert: Früher ausgegebene öffnen sie nicht mehr; /aq past games gibt einen neuen.
web-reset-server-who = Nur wer diesen Server verwalten darf (Server verwalten), kann die Links zu seiner Seite erneuern.
web-reset-no-server = Hier ist kein Server: Erneuern lassen sich nur die Links zur Seite eines Servers.

## Die Link-Knöpfe unter Discords Nachrichten

web-button-watch = Im Web zuschauen
web-button-play = Im Browser spielen
web-button-server = Die Spiele dieses Servers im Web

## Die Seiten

web-title-game = Aquaretto, Spiel #{ $game }
web-title-server = Aquaretto: die Spiele dieses Servers
web-title-problem = Aquaretto
web-status-lobby = Das Spiel sammelt Mitspieler.
web-status-abandoned = Das Spiel wurde abgebrochen.
web-moves = Züge
web-no-moves = Noch kein Zug.
web-taken-back = (zurückgenommen)
web-automatic = (vom Computer gespielt)
web-replay = Das ganze Spiel als Animation
web-review = Besprechung
web-review-preparing = Die Besprechung dieses Spiels wird vorbereitet: Der starke Computerspieler wägt jede Entscheidung ab. Diese Seite zeigt sie, sobald sie fertig ist.
web-your-move = Dein Zug
web-waiting-for = Warten auf den Zug von { $name }.
web-picked = Gewählt:
web-start-over = Neu wählen
web-confirm = Spielen: { $move }
web-click = Klicke auf eine markierte Stelle des Tisches oder auf eines davon:
web-close-up = Nahansicht: Wähle eine markierte Stelle.
web-slider = Zug
web-show = Zeigen
web-before = Zug davor
web-after = Zug danach
web-now = Jetzt
web-scores = Punkte
web-player = Spieler
web-points = Punkte
web-coins = Münzen
web-games = Spiele
web-leaderboard = Rangliste
web-season = Diese Saison
web-tournaments = Turniere
web-link-unknown = Dieser Link öffnet nichts: der Bot hat ihn nicht ausgegeben, oder er wurde verändert.
web-too-fast = Zu viele Anfragen von deiner Verbindung: warte ein paar Sekunden und versuche es erneut.
web-link-expired = Dieser Link zum Spielen ist abgelaufen: /aq board gibt dir in deinem Zug einen neuen.
web-server-link-expired = Dieser Link zu den Spielen eines Servers ist abgelaufen (er gilt eine Woche): /aq past games gibt einen neuen.
web-link-revoked = Dieser Link wurde erneuert und gilt nicht mehr: frag nach dem neuen Link des Spiels.
web-trouble = Der Bot kann gerade nicht antworten: nichts wurde geändert. Versuche es gleich noch einmal.
web-pick-stale = Diese Wahl gilt nicht mehr: das Spiel ist weitergegangen. Wähle neu.
web-watch-only = Dieser Link ist zum Zuschauen: spiele mit deinem eigenen Link aus /aq board.
web-no-picture = Es gibt kein Bild zu zeigen.
web-busy = Der Bot ist gerade ausgelastet: versuche es gleich noch einmal.
web-live-lost = Diese Seite folgt dem Spiel gerade nicht: sie versucht es weiter. Lade sie neu, um die neuesten Züge zu sehen.

## Der Tisch in Discord (eine Aktivität: src/web/activity.rs, assets/web/activity/activity.js)

web-activity-title = Aquaretto in Discord
web-activity-loading = Der Tisch wird geöffnet …
web-activity-outside = Dies ist der Tisch in Discord: Öffne ihn in Discord, mit „Tisch öffnen“ unter dem Tisch eines Spiels oder mit /aq web table.
web-activity-off = Der Tisch kann hier nicht in Discord geöffnet werden: Der Bot ist nicht mit eingeschalteter Aktivität mit Discord verbunden. Nutze stattdessen den Web-Link des Spiels.
web-activity-refused = Discord hat nicht bestätigt, wer du bist: Schließe die Aktivität und öffne sie erneut.
web-activity-not-here = Du bist nicht in dieser Aktivität: Öffne den Tisch selbst im Kanal des Spiels.
web-activity-not-live = Diese Aktivität ist beendet: Öffne den Tisch erneut im Kanal.
web-activity-no-game = In diesem Kanal gibt es kein Spiel: Starte eines mit /aq game new.
web-activity-playing = Dein Platz: Tippe auf eine hervorgehobene Stelle des Tisches, um zu spielen.
web-activity-watching = Du schaust zu: Hier spielen nur die Spieler des Spiels.
# Vor den Namen derer, die die Aktivität geöffnet haben.
web-activity-here = Hier:
web-activity-back = Zurück zum Tisch
