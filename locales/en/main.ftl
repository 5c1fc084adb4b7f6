# The words every front end shares. Keys are grouped by where they are said;
# a message that takes arguments names them in a comment.

# The full stop a refusal gets when its message has none of its own.
sentence-end = .

# The decimal separator of numbers with a fraction (averages).
decimal-separator = .
