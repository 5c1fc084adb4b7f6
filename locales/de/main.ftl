decimal-separator = ,
