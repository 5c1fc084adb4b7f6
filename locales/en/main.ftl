# The words every front end shares. Keys are grouped by where they are said;
# a message that takes arguments names them in a comment.

# The decimal separator of numbers with a fraction (averages).
decimal-separator = .
