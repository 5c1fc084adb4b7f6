# Was der Schiedsrichter in der Lobby sagt: Eröffnen, Beitreten, Verlassen,
# Computerspieler, Starten und Abbrechen eines Spiels.

# Unter dem Tisch eines Übungsspiels und bei seiner Eröffnung.
lobby-practice-note = Übungsspiel: Sein Seed oder sein Stapel wurde vorgegeben, darum zählt es nicht für die Statistik.

## Ablehnungen

# $game: die Nummer des offenen Spiels.
lobby-already-gathering = In diesem Kanal sucht Spiel #{ $game } schon Mitspieler: Spielt es zu Ende, oder wer es eröffnet hat, bricht es mit /aq game abandon ab.
lobby-already-running = In diesem Kanal läuft schon Spiel #{ $game }: Spielt es zu Ende, oder brecht es mit /aq game abandon ab (in einem gewerteten Spiel müssen alle Spieler zustimmen).
lobby-no-game = In diesem Kanal ist kein Spiel offen: Eröffne eines mit /aq game new.
lobby-started-already = Spiel #{ $game } hat schon begonnen.
lobby-not-this-command = Das ist kein Befehl der Lobby.
# $animals: das genannte Showtier, Mehrzahl.
lobby-show-animal = { $animals } können nicht aus dem Spiel genommen werden: Delfine, Orcas und Seelöwen spielen immer mit; nimm Fischfresser heraus (turtle, penguin, polarbear, crocodile, hippo).
lobby-seated-already = Du sitzt schon am Tisch von Spiel #{ $game }.
lobby-full = Der Tisch ist voll: Aquaretto ist für höchstens 5 Spieler.
lobby-not-seated = Du sitzt nicht am Tisch von Spiel #{ $game }.
# $creator: der Name des Eröffners (oder lobby-its-creator); $game: die Nummer des Spiels.
lobby-start-not-yours = Spiel #{ $game } kann nur starten, wer es eröffnet hat ({ $creator }).
lobby-addbot-not-yours = Computerspieler an den Tisch von Spiel #{ $game } setzen kann nur, wer es eröffnet hat ({ $creator }).
lobby-removebot-not-yours = Computerspieler aus Spiel #{ $game } entfernen kann nur, wer es eröffnet hat ({ $creator }).
# Steht in Klammern hinter „wer es eröffnet hat“, wenn der Eröffner nicht
# mehr am Tisch sitzt (sein Name ist dann unbekannt).
lobby-its-creator = nicht mehr am Tisch
lobby-too-few = Aquaretto braucht 2 bis 5 Spieler: Warte, bis jemand mit /aq game join beitritt.
lobby-too-few-terminal = Aquaretto braucht 2 bis 5 Spieler: Tippe einen weiteren Namen oder cpu:normal für einen Computerspieler.
# $why: warum der genannte Spieler nicht zu finden ist.
lobby-first-unknown = Bei /aq game new wurde ein Startspieler genannt, aber { $why }.
lobby-no-bot = An Spiel #{ $game } sitzt kein Computerspieler: /aq game addbot setzt einen an den Tisch.
lobby-abandon-not-yours = Abbrechen kann nur, wer das Spiel eröffnet hat, oder wer diesen Kanal verwaltet.

## Öffentlich

# $name: wer es eröffnet hat; $game: seine Nummer.
lobby-opened = { $name } hat Spiel #{ $game } von Aquaretto eröffnet. Mach mit über den Knopf „Beitreten“ oder /aq game join; { $name } startet es mit „Starten“ oder /aq game start, sobald 2 bis 5 Spieler am Tisch sitzen.
# $name: wer beigetreten ist; $game: die Nummer des Spiels; $seated: alle am Tisch, durch Kommas getrennt.
lobby-joined = { $name } ist Spiel #{ $game } beigetreten. Am Tisch: { $seated }.
# $level: die Stufe des Computerspielers (sein Wort).
lobby-bot-joined = { $name }, ein Computerspieler ({ $level }), ist Spiel #{ $game } beigetreten. Am Tisch: { $seated }.
lobby-left = { $name } hat Spiel #{ $game } verlassen.
# Nach lobby-left. $name: wer die Lobby jetzt leitet.
lobby-runs-now = { $name } leitet jetzt die Lobby.
lobby-only-computers = Am Tisch sitzen nur Computerspieler: { $name } leitet weiter die Lobby (/aq game start spielt das Spiel durch, /aq game abandon schließt sie).
lobby-closed = Niemand ist mehr da, darum ist die Lobby geschlossen.
lobby-nobody-seated = Niemand sitzt am Tisch.
lobby-seated = Am Tisch: { $seated }.
# $players: die Spieler, durch Kommas getrennt.
lobby-begins = Spiel #{ $game } beginnt mit { $players }.
# $animals: die herausgenommenen Tierarten, durch Kommas getrennt.
lobby-out-of-the-box = Nicht im Spiel: { $animals }.
# $name: wer es abgebrochen hat.
lobby-abandoned = { $name } hat Spiel #{ $game } abgebrochen; es bleibt im Verlauf, ohne Wertung.
# Ablehnung: jemand, der in einem laufenden gewerteten Spiel nicht spielt.
abandon-not-playing = Spiel #{ $game } wird gewertet: Abbrechen können es nur alle, die darin spielen, gemeinsam (jeder mit /aq game abandon), oder wer den Kanal verwaltet und nicht mitspielt.
# Ablehnung: eine zweite Stimme in derselben Stellung.
abandon-voted-already = Du hast schon dafür gestimmt, Spiel #{ $game } abzubrechen: Die anderen stimmen vor dem nächsten Zug mit /aq game abandon zu.
# Öffentlich. $name: wer abstimmt; $votes von $needed: die zustimmenden
# Spieler; $waiting: wer noch nicht abgestimmt hat.
abandon-vote = { $name } stimmt dafür, Spiel #{ $game } abzubrechen: { $votes } von { $needed } Spielern stimmen zu. Es endet ohne Wertung, wenn auch { $waiting } vor dem nächsten Zug zustimmen (/aq game abandon); ein Zug hebt die Stimmen auf.
# Öffentlich: alle, die spielen, haben zugestimmt. $count: wie viele.
abandon-agreed = Alle { $count } Spieler haben zugestimmt: Spiel #{ $game } ist abgebrochen; es bleibt ohne Wertung im Verlauf, und keine Wertungszahl ändert sich.
# Öffentlich: ein Mensch allein gegen Computerspieler bricht ein gewertetes
# Spiel ab. $name: wer.
abandon-forfeit = { $name } hat Spiel #{ $game } allein gegen die Computerspieler abgebrochen: Es zählt als Niederlage für { $name } (in der Wertung Letzte(r), die Computerspieler Erste).
# $game: the game; $tournament: its title.
abandon-tournament-table = Partie #{ $game } ist ein Tisch von { $tournament }: sie wird nicht abgebrochen. Sie wird zu Ende gespielt, und was zur Frist der Runde noch offen ist, spielt der Computer aus; der Veranstalter kann einen Spieler herausnehmen (/tournament drop).
