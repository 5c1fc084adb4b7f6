# /aq past review: 終了したゲームで損の大きかった判断 (強いコンピューターの見立て)。

# $game: ゲームの番号。
review-in-progress = ゲーム#{ $game }はまだ終わっていません。振り返りはゲームが終わってからです。
review-abandoned = ゲーム#{ $game }は中止されました。振り返りは終了したゲームだけです。
review-preparing = ゲーム#{ $game }の振り返りを準備中です。強いコンピューターがすべての判断を検討しています。少ししてからもう一度どうぞ。
review-failed = ゲーム#{ $game }の振り返りを作れませんでした。何も変更していません。
# $futures: 表示した判断で試した未来の数の最小。
review-head = ゲーム#{ $game }の振り返り：強いコンピューターの見立てで、各プレーヤーの損の大きかった判断です。まだ見えていないタイルを配り直した{ $futures }通り以上の未来で検討しました (本当の順番は使っていません)。損は相手に対する点数です。
review-head-plain = ゲーム#{ $game }の振り返り：強いコンピューターの見立てで、各プレーヤーの損の大きかった判断です。まだ見えていないタイルを配り直した未来で検討しました (本当の順番は使っていません)。
review-nobody = このゲームでは、人が選択肢のある判断をしていません。
# $name: プレーヤー、$judged: 選択肢のあった判断の数。
review-player = { $name }さん (選択肢のあった判断 { $judged }回)：
review-player-clean = { $name }さん (選択肢のあった判断 { $judged }回)：探索の見立てでは損をした判断はありません。
# $n: 記録での手の番号 (history move: と同じ)、$cost: 損した点数、
# $played_command, $preferred_command: コマンドとしての手、$played, $preferred: その手の表示。
review-decision =
    - { $n }手目、約{ $cost }点の損：打った手 { $played_command } ({ $played })
      よりよい手 { $preferred_command } ({ $preferred })
# 判断の画像の見出し。
review-caption-move = { $n }手目：{ $name }さん、約{ $cost }点の損
review-caption-moves = 打った手 { $played } - よりよい手 { $preferred }
