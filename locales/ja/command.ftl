# コマンドの文が読めなかった理由 (コマンドの読み取り; src/lang/command.rs)。
# コマンド名・オプション・書き方・入力された値はコマンド言語なので、そのまま渡される。

parse-empty = /aq board や /aq help のように、コマンドを入力してください
parse-unclosed-quote = 引用符が閉じていません。空白を含む値は cells:"N10 N11 O10" のように書いてください
parse-unknown-command = 「{ $name }」というコマンドはありません。コマンドは { $commands } です
parse-no-options = /aq { $command } にはオプションがありません (「{ $given }」は使えません)
parse-bare-value = 「{ $value }」だけでは /aq { $command } のオプションになりません。{ $usage } のようにオプション名を付けてください
parse-unknown-option = /aq { $command } に「{ $option }」というオプションはありません。オプションは { $options } です
parse-option-twice = オプション { $option } が 2 回指定されています
parse-missing-usage = /aq { $command } にはオプション { $option } が必要です: { $usage }
parse-missing = /aq { $command } にはオプション { $option } が必要です
parse-not-number = { $option } は整数で指定してください (「{ $value }」は使えません)
parse-no-such = { $option } { $number } はありません
parse-tiles-differ = tile:{ $tile } と at:{ $at } が別々のタイルを指しています。タイルは 1 回だけ指定してください
parse-cell-or-depot = { $why }。または depot と書いてください
parse-not-place = 「{ $value }」は置き場所ではありません。K11 のようなマスか depot を書き、必要なら続けて tile:<n> を書いてください
parse-not-spot = 「{ $value }」は depot でも、仕事 (cashier、keeper、manager) でも、K11 のようなマスでもありません
parse-not-switch = { $option } は on か off です (「{ $value }」は使えません)
parse-not-duration = 「{ $value }」は期間ではありません。off か、30m、12h、2d、1h30m のように数と単位で書いてください (m 分、h 時間、d 日、w 週)
parse-too-short = 「{ $value }」は短すぎます。設定できるのは 1m (1 分) 以上か off です
parse-too-long = 「{ $value }」は長すぎます。設定できるのは 60d 以下か off です
parse-not-speed = 「{ $value }」は速さではありません。slow、normal、fast のどれかです
parse-not-clock = 「{ $value }」は対局時計のペースではありません。fast、normal、slow、off のどれかです
parse-not-reset-what = 「{ $value }」は reset で新しくできるものではありません。game (このゲームのリンク) か server (サーバーのページ) のどちらかです
parse-with-usage = { $why } ({ $usage })
parse-not-when = 「{ $value }」は戻る時として読めません。3d や 12h のような期間、2026-12-24 のような日付、または off と書いてください
parse-not-one-of = { $option } は { $choices } のどれかです (「{ $value }」は使えません)
parse-only-for = { $option } は /aq tournament { $of } の設定です。/aq tournament { $action } には使えません
