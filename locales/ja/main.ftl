# The full stop a refusal gets when its message has none of its own.
sentence-end = 。

# The decimal separator of numbers with a fraction (averages).
decimal-separator = .
