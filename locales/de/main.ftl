decimal-separator = ,

discord-working = ⏳ Einen Moment: der Tisch folgt gleich.
