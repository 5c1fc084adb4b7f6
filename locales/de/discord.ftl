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
