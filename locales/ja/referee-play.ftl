# 手について審判が言うこと：手の前の拒否、取り消し、手の返答の締めくくり、
# 終わったゲーム。

# 拒否。$game: ゲームの番号。
play-not-started = ゲーム#{ $game }はまだ始まっていません。作成者が /aq game start で開始します。
play-game-not-started = ゲームはまだ始まっていません。
# 拒否。$game: ゲームの番号。
play-not-seated = あなたはゲーム#{ $game }の卓についていません。盤面は誰でも /aq board で見られます。
play-changed-on-the-way = あなたの手が届くまでのあいだにゲームが進みました。/aq board で盤面を確かめて、もう一度試してください。
play-no-game = このチャンネルで進行中のゲームはありません。/aq game new で開いてください。
# 手のあと、コンピューターの手が多かったとき。$count: 伝えていない手の数。
play-auto-skipped = (この前にコンピューターの手が{ $count }手あります。/aq history で一覧できます。)
# ゲームの終わりに、投票で外された席について。$name: そのプレーヤー。
play-voted-out-ranked = { $name }さんは手番を放置したため投票で外されました。その席は自動でプレイを続け、順位は最下位です。
# 拒否。$game: ゲームの番号。
play-voted-out = あなたは手番を放置したため、ゲーム#{ $game }から投票で外されました。あなたの席は自動でプレイを続け、このゲームではもう手を打てません。
# 拒否。$level: コンピューターの強さの言葉 (easy、normal、strong)。
play-computer-seat = その席はコンピューターのプレーヤー ({ $level }) で、自動でプレイします。
# 拒否：古い盤面のボタン。$made: その操作が作られた手、$now: いまの手。
play-stale-control = その操作は{ $made }手目の盤面のものです。ゲームはいま{ $now }手目です。何も変更していません。最新のメッセージの下のボタンを使ってください。
# コマンドへの返答ではない盤面のメッセージの最初に、手番の人。$who: その人。
mention = { $who }

## 取り消し

undo-nothing = まだ誰も手を打っていないので、取り消せる手はありません。
undo-changed-on-the-way = 取り消しが届くまでのあいだにゲームが進みました。/aq board で盤面を確かめて、もう一度試してください。
# 全員に。$name: 取り消した人、$seq: 手の番号、$what: その手で起きたこと。
undo-took-back = { $name }さんが{ $seq }手目を取り消しました：{ $what }
undo-over = ゲームは終了しています。手はすべて確定しています。
# 拒否。$name: そのあとに動いたプレーヤー。
undo-other-acted = あなたの最後の手のあとに、{ $name }さんが動きました。ほかのプレーヤーの手は取り消せません。
undo-another-acted = あなたの最後の手のあとに、ほかのプレーヤーが動きました。ほかのプレーヤーの手は取り消せません。
undo-automatic = その手は自動で行われたもので、取り消せません。
undo-drew = あなたの最後の手はタイルを引く手でした。引いたタイルは元に戻せないので、取り消せません。
# 拒否：このターンに一度手を戻し、そのあとまた手を打った。
undo-spent = このターンにはすでに手を戻してから打ち直しています。ここから打つ手は、ターンが終わるまでそのままです (続けて戻すことはできますが、1ターンに1度だけです)。

## 終わったゲーム (手や操作を拒否するとき)

# $game: ゲームの番号。
ended-abandoned = ゲーム#{ $game }は中止されました。何も変更していません。/aq game new で新しいゲームを始められます。
# 勝者1人。$name: 勝者、$points: その合計点。
ended-won = { $name }さんが{ $points }点で勝利
# 結果が読めないとき。
ended-over = ゲームは終わっています
# $game: ゲームの番号、$result: 勝者、または ended-over。
ended = ゲーム#{ $game }は終了しました：{ $result }。何も変更していません。最後の盤面は /aq board、手の一覧は /aq history で見られます。/aq game new で新しいゲームも始められます。

# 拒否：コマンドの名前の人がテーブルにいない。$name: 書かれた名前、$players: テーブルのプレーヤー。
play-nobody-called = このテーブルに「{ $name }」という人は座っていません。プレーヤーは { $players } です
# 拒否：手の場所。$side: オプション (from か to)。
play-trainer-by-cell = 調教師はマスで指定してください：{ $side }:K11
play-no-such-post = 従業員の置き場所にそのような場所はありません
play-coworker-not-to-depot = 従業員は倉庫には行けません。マネージャーは倉庫の上に座ります：to:manager
play-depot-tile-to-cell = 倉庫のいちばん上のタイルを from:depot で動かすときは、行き先は自分の動物園のマスです：to:K11
# 拒否。$command: 手ではないコマンド。
play-not-a-move = { $command } は手ではありません
