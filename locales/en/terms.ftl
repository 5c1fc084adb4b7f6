# The game's own nouns, one message each, shared by every area. A message
# alone names one; `$count` (a whole number) selects the plural where a
# sentence needs it. Labels and captions that name one of these things alone
# use these keys; sentences embed them.

## Animals

animal-dolphin = { $count ->
   *[one] dolphin
    [other] dolphins
}
animal-orca = { $count ->
   *[one] orca
    [other] orcas
}
animal-sealion = { $count ->
   *[one] sea lion
    [other] sea lions
}
animal-turtle = { $count ->
   *[one] turtle
    [other] turtles
}
animal-penguin = { $count ->
   *[one] penguin
    [other] penguins
}
animal-polarbear = { $count ->
   *[one] polar bear
    [other] polar bears
}
animal-crocodile = { $count ->
   *[one] crocodile
    [other] crocodiles
}
animal-hippo = { $count ->
   *[one] hippo
    [other] hippos
}

## Coworkers

role-cashier = { $count ->
   *[one] cashier
    [other] cashiers
}
role-keeper = { $count ->
   *[one] keeper
    [other] keepers
}
role-manager = { $count ->
   *[one] manager
    [other] managers
}
role-trainer = { $count ->
   *[one] trainer
    [other] trainers
}

## Things of the table

term-coin = { $count ->
   *[one] coin
    [other] coins
}
term-fish = { $count ->
   *[one] fish
    [other] fish
}
term-offspring = { $count ->
   *[one] offspring
    [other] offspring
}
