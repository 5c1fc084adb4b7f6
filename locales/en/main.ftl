# The words every front end shares. Keys are grouped by where they are said;
# a message that takes arguments names them in a comment.

# The full stop a refusal gets when its message has none of its own.
sentence-end = .

# The decimal separator of numbers with a fraction (averages).
decimal-separator = .

# A computer player's name at the table, made from its level. $level: the
# level's word of the command language (easy, normal, strong); $n: its number
# among the table's computer players of that level (1: said without it).
# English keeps the name the game stores, which commands also accept.
seat-computer = { $level ->
        [easy] Easy bot
        [strong] Strong bot
       *[normal] Normal bot
    }{ $n ->
        [1] {""}
       *[other] {" "}{ $n }
    }
