# Who reads which language: /aq language, and a language named in settings.

# This language's own name, as its speakers write it (each folder names
# itself).
language-name = English
# A language by its own name and its code. $name: its name; $code: en, ja, de.
language-named = { $name } ({ $code })

## /aq language (private)

# $lang: the asker's language by name and code.
language-current-chosen = You read me in { $lang }: you chose it.
language-current-locale = You read me in { $lang }: your Discord language.
language-current-default = You read me in { $lang }: the language I speak when I do not know yours.
# $choices: every language by name and code, joined with commas.
language-choices = The choices: { $choices }. Choose with /aq language set:<code>, or set:auto to follow your Discord language again. What a game says in public speaks the game's language: /aq game settings language:<code>.
# Said in the language chosen. $lang: it, by name and code.
language-set = From now on I speak { $lang } to you: in what only you see, and in direct messages.
# $lang: the asker's Discord language (English when we do not speak it).
language-auto = From now on I speak your Discord language to you: { $lang }.
# A refusal. $code: what was given; $choices: as above.
language-unknown = '{ $code }' is not a language I speak: the choices are { $choices }.
# A command routed to /aq language that is another.
language-not-this-command = That is not /aq language.
