# The full stop a refusal gets when its message has none of its own.
sentence-end = .

# The decimal separator of numbers with a fraction (averages).
decimal-separator = ,

# Der Name eines Computerspielers am Tisch, nach seiner Stärke. $level: das
# Wort der Befehlssprache (easy, normal, strong); $n: seine Nummer unter den
# Computerspielern dieser Stärke (1: ohne Nummer).
seat-computer = { $level ->
        [easy] Computer (leicht)
        [strong] Computer (stark)
       *[normal] Computer (normal)
    }{ $n ->
        [1] {""}
       *[other] {" "}{ $n }
    }
