# /aq hint：手番のプレーヤーだけに見せるおすすめの手と、その理由。

hint-no-game = このチャンネルで進行中のゲームはありません。ヒントは手番のプレーヤーのためのものです。
# $game: ゲームの番号。
hint-not-started = ゲーム#{ $game }はまだ始まっていません。ヒントは手番のプレーヤーのためのものです。
hint-not-seated = ヒントを使えるのは、ゲーム#{ $game }の卓についているプレーヤーだけです。
hint-plays-itself = ゲーム#{ $game }のあなたの席はいま自動でプレイしているので、ヒントはありません。
hint-off = ゲーム#{ $game }ではヒントがオフになっています。作成者が /aq game settings hints:on でオンにできます。
# $name: 手番のプレーヤー。
hint-not-your-turn = いまは{ $name }さんのターンです。ヒントは自分のターンに聞いてください。
hint-not-your-turn-anyone = いまはほかのプレーヤーのターンです。ヒントは自分のターンに聞いてください。
hint-over = ゲーム#{ $game }は終了しています。
hint-no-move = いまできる手はありません。
hint-none = いまはヒントを出せません。何も変更していません。
# $game: ゲームの番号、$command: その手のコマンド、$what: 打った後に卓が表示する文 (過去形)、
# $why: 理由 (文末の「。」なし)。
hint =
    ゲーム#{ $game }のヒント：{ $command }
    打った後の表示：{ $what }
    理由：{ $why }。
# 引く手を打った後の表示 (タイルは伏せたまま)。$name: プレーヤー、$truck: トラックの番号。
hint-draw-pile = { $name }さんが山の一番上のタイルを引き、トラック{ $truck }にのせました。まだ誰も見ていないタイルです。
hint-draw-reserve = { $name }さんが予備の山の一番上のタイルを引き、トラック{ $truck }にのせました。まだ誰も見ていないタイルです。
hint-last-round = これで最終ラウンドです。
