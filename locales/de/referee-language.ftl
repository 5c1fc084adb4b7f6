# Wer welche Sprache liest: /aq language und eine Sprache in den Einstellungen.

# Der Name dieser Sprache, wie ihre Sprecher ihn schreiben.
language-name = Deutsch
# Eine Sprache mit Namen und Code. $name: ihr Name; $code: en, ja, de.
language-named = { $name } ({ $code })

## /aq language (privat)

# $lang: die Sprache des Fragenden mit Namen und Code.
language-current-chosen = Ich spreche { $lang } mit dir: Du hast es so gewählt.
language-current-locale = Ich spreche { $lang } mit dir: Das ist deine Discord-Sprache.
language-current-default = Ich spreche { $lang } mit dir: die Sprache, die ich spreche, wenn ich deine nicht kenne.
# $choices: alle Sprachen mit Namen und Code, durch Kommas getrennt.
language-choices = Zur Wahl: { $choices }. Wähl mit /aq language set:<code>, oder mit set:auto wieder deine Discord-Sprache. Was ein Spiel öffentlich sagt, steht in der Sprache des Spiels: /aq game settings language:<code>.
# In der gewählten Sprache gesagt. $lang: sie, mit Namen und Code.
language-set = Ab jetzt spreche ich { $lang } mit dir: in allem, was nur du siehst, und in Direktnachrichten.
# $lang: die Discord-Sprache des Fragenden (Englisch, wenn wir sie nicht sprechen).
language-auto = Ab jetzt spreche ich deine Discord-Sprache mit dir: { $lang }.
# Eine Ablehnung. $code: was angegeben wurde; $choices: wie oben.
language-unknown = „{ $code }“ ist keine Sprache, die ich spreche: Zur Wahl stehen { $choices }.
# Ein Befehl, der zu /aq language geleitet wurde, aber ein anderer ist.
language-not-this-command = Das ist nicht /aq language.
