# Die Begriffe des Spiels: ein Wort je Sache, wie in locales/GLOSSARY.md
# (die Begriffe der deutschen Ausgabe). Etiketten und Bildunterschriften
# nennen damit ein Ding allein; Sätze betten sie ein.
#
# $count (wahlweise, eine Zahl): wie viele. Ohne $count nennt die Nachricht
# eines (die Standardvariante ist die Einzahl). Wo Einzahl und Mehrzahl
# gleich lauten, braucht die Nachricht kein $count.

## Die acht Tierarten

# $count (wahlweise). Tiername auf Etiketten, im Bild und in Sätzen.
animal-dolphin =
    { $count ->
       *[one] Delfin
        [other] Delfine
    }

# $count (wahlweise).
animal-orca =
    { $count ->
       *[one] Orca
        [other] Orcas
    }

# $count (wahlweise).
animal-sealion =
    { $count ->
       *[one] Seelöwe
        [other] Seelöwen
    }

# $count (wahlweise). Im Glossar begründet: „Schildkröte“, nicht
# „Meeresschildkröte“.
animal-turtle =
    { $count ->
       *[one] Schildkröte
        [other] Schildkröten
    }

# $count (wahlweise).
animal-penguin =
    { $count ->
       *[one] Pinguin
        [other] Pinguine
    }

# $count (wahlweise).
animal-polarbear =
    { $count ->
       *[one] Eisbär
        [other] Eisbären
    }

# $count (wahlweise).
animal-crocodile =
    { $count ->
       *[one] Krokodil
        [other] Krokodile
    }

# $count (wahlweise).
animal-hippo =
    { $count ->
       *[one] Flusspferd
        [other] Flusspferde
    }

## Die Mitarbeiter (Einzahl und Mehrzahl lauten gleich)

# Der Mitarbeiter im Kassenhäuschen (zählt die Münzen).
role-cashier = Kassierer

# Der Mitarbeiter an der Futterstation (zählt die Fischsymbole).
role-keeper = Tierpfleger

# Der Mitarbeiter am Depot (halbiert die Minuspunkte).
role-manager = Manager

# Der Mitarbeiter auf einem freien Feld des Wasserparks.
role-trainer = Trainer

## Spielmaterial und Begriffe

# $count (wahlweise).
term-coin =
    { $count ->
       *[one] Münze
        [other] Münzen
    }

# $count (wahlweise). Das Fischsymbol auf einem Tierplättchen.
term-fish =
    { $count ->
       *[one] Fisch
        [other] Fische
    }

# $count (wahlweise). „Nachwuchs“ hat keine Mehrzahl; gezählt heißen sie
# Nachwuchstiere.
term-offspring =
    { $count ->
       *[one] Nachwuchs
        [other] Nachwuchstiere
    }

