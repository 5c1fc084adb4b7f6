# ボタンとメニューの表示 (src/controls/)。

## 募集中のゲーム

label-join = 参加
label-leave = 退席
label-start = 開始
label-add-computer = コンピューターを追加
label-level-easy = やさしい
label-level-easy-about = 指せる手からランダムに指す
label-level-normal = ふつう
label-level-normal-about = 今見えるいちばん良い手を指す
label-level-strong = 強い
label-level-strong-about = 多くの先を読んで指す

## ページ

label-older = ◀ 前へ
label-newer = 次へ ▶
label-games-newer = ◀ 新しい
label-games-older = 古い ▶
label-previous-move = ◀ { $n } 手目
label-next-move = { $n } 手目 ▶
