# Was das Discord-Frontend selbst sagt (src/discord/), in der Sprache des
# Fragenden.

discord-working = ⏳ Einen Moment: der Tisch folgt gleich.

discord-done = Erledigt.

# $count: wie viele fehlen; $permissions: ihre Namen, wie Discords
# Einstellungen sie zeigen.
discord-missing-in-channel = Ich kann in diesem Kanal kein Spiel leiten: mir { $count ->
        [one] fehlt hier die Berechtigung
       *[other] fehlen hier die Berechtigungen
    } { $permissions }. Ein Server-Admin kann sie mir in den Einstellungen des Kanals (Berechtigungen) geben; nichts wurde geändert.
discord-missing-in-thread = Ich kann in diesem Thread kein Spiel leiten: mir { $count ->
        [one] fehlt hier die Berechtigung
       *[other] fehlen hier die Berechtigungen
    } { $permissions }. Ein Server-Admin kann sie mir in den Einstellungen des Threads (Berechtigungen) geben; nichts wurde geändert.

discord-went-wrong = Bei uns ist etwas schiefgegangen; bitte versuch es noch einmal.

# $error: der Grund, wie die Bibliothek ihn sagt (englisch, technisch).
discord-unreadable-option = Eine der Optionen war nicht lesbar ({ $error }). /aq help zeigt die Befehle.

discord-restarting = Ich starte gerade neu: versuch es in ein paar Sekunden noch einmal. Nichts wurde geändert.

# $count, $permissions: wie bei discord-missing-in-channel.
discord-missing-notice = Mir { $count ->
        [one] fehlt hier die Berechtigung
       *[other] fehlen hier die Berechtigungen
    } { $permissions }, darum kann ich in diesem Kanal keine Erinnerungen, keine Züge der Computerspieler und keine im Web gemachten Züge posten. Ein Server-Admin kann sie mir in den Einstellungen des Kanals (Berechtigungen) geben.

discord-private-thread = Ich bin kein Mitglied dieses privaten Threads und könnte darin keine Erinnerungen oder Züge der Computerspieler posten. Füge mich hinzu, indem du mich im Thread erwähnst (oder über die Mitgliederliste des Threads), und eröffne das Spiel dann noch einmal. Nichts wurde geändert.

discord-thread-locked = Dieser Thread ist gesperrt, ich kann darin nicht posten: eröffne das Spiel in einem anderen Kanal oder Thread, oder bitte einen Moderator, ihn zu entsperren. Nichts wurde geändert.

# Der Knopf unter einer Tisch-Nachricht, der den Tisch in Discord öffnet.
discord-open-table = Tisch öffnen
discord-table-elsewhere = Der Tisch kann hier nicht in Discord geöffnet werden: Öffne stattdessen seine Seite im Web.
discord-table-no-web = Der Tisch kann hier nicht in Discord geöffnet werden, und dieser Bot hat keine Webseiten.
