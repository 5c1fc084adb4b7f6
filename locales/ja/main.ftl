decimal-separator = .
