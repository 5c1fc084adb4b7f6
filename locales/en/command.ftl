# Why a command's text was not understood (the command parser;
# src/lang/command.rs). Command names, options, usages and the values typed
# are the command language: $command, $option, $options, $usage, $name,
# $commands and $value are passed verbatim.

# Nothing typed.
parse-empty = type a command, like /aq board or /aq help
parse-unclosed-quote = a quote is not closed: write values with spaces as cells:"N10 N11 O10"
# $name: the word typed; $commands: every command, comma separated.
parse-unknown-command = there is no command '{ $name }': the commands are { $commands }
# $given: the option or bare value given.
parse-no-options = /aq { $command } takes no options, not '{ $given }'
# $value: the bare words; $usage: how the command is written.
parse-bare-value = '{ $value }' alone is not an option of /aq { $command }: name the option, as in { $usage }
# $options: the command's options, comma separated.
parse-unknown-option = /aq { $command } has no option '{ $option }': its options are { $options }
parse-option-twice = the option { $option } is given twice
parse-missing-usage = /aq { $command } needs the option { $option }: { $usage }
parse-missing = /aq { $command } needs the option { $option }
parse-not-number = { $option } must be a whole number, not '{ $value }'
# $number: a number too large for a game, a move or a page.
parse-no-such = there is no { $option } { $number }
# $tile: the number in tile:; $at: the value of at:.
parse-tiles-differ = tile:{ $tile } and at:{ $at } name different tiles: give the tile once
# $why: why the word is no cell.
parse-cell-or-depot = { $why }, or depot
parse-not-place = '{ $value }' is not a place: write a cell like K11, or depot, optionally followed by tile:<n>
parse-not-spot = '{ $value }' is neither depot, a role (cashier, keeper, manager) nor a cell like K11
parse-not-switch = { $option } is on or off, not '{ $value }'
parse-not-duration = '{ $value }' is not a duration: write off, or a number and a unit, like 30m, 12h, 2d or 1h30m (m minutes, h hours, d days, w weeks)
parse-too-short = '{ $value }' is too short: a setting takes at least 1m (one minute), or off
parse-too-long = '{ $value }' is too long: a setting takes at most 60d, or off
parse-not-speed = '{ $value }' is not a speed: slow, normal or fast
parse-not-clock = '{ $value }' is not a clock: fast, normal, slow or off
parse-not-reset-what = '{ $value }' is not what reset renews: game (this game's links) or server (the server's page)
# $why: the error; $usage: how the command is written.
parse-with-usage = { $why } ({ $usage })
parse-not-when = '{ $value }' is not a time to be back: write a duration like 3d or 12h, a date like 2026-12-24, or off
parse-not-one-of = { $option } is one of { $choices }, not '{ $value }'
parse-only-for = { $option } is a setting of /aq tournament { $of }, not of /aq tournament { $action }
