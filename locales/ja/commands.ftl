# /aq スラッシュコマンドの説明と選択肢の表示名 (src/discord/localize.rs)。
# 変数なし。各 100 文字以内。コマンド名・オプション名と、選択肢のコマンド語
# (small, cashier など) はどの言語でもそのまま。

cmd-aq-desc = このチャンネルでアクアレットをプレイ

## 手番のアクション

cmd-draw-desc = A: 山の一番上のタイルをトラックにのせる
cmd-draw-truck-desc = トラックの番号 (1 から)
cmd-take-desc = B: トラックを取り、そのタイルを置く
cmd-take-truck-desc = トラックの番号 (1 から)
cmd-place-desc = 待っているタイルか子どもを置く
cmd-place-at-desc = K11 のようなマス、または depot (倉庫)
cmd-place-tile-desc = トラック上のタイルの位置 (子どもや、待つタイルが 1 枚のときは不要)
cmd-hire-desc = 得た従業員を置く
cmd-hire-as-desc = 従業員の仕事
cmd-hire-at-desc = 調教師の場合: K11 のような空いたマス
cmd-move-desc = C-I: 倉庫の一番上のタイルを水族館へ、または従業員を移動 (1 コイン)
cmd-move-from-desc = depot、調教師のマス、または cashier, keeper, manager
cmd-move-to-desc = K11 のようなマス、または cashier, keeper, manager
cmd-buy-desc = C-II: 他のプレーヤーの倉庫の一番上のタイルを購入 (2 コイン)
cmd-buy-from-desc = 倉庫から購入する相手のプレーヤー
cmd-buy-at-desc = あなたの水族館のマス (K11 など)
cmd-discard-desc = C-II: 自分の倉庫の一番上のタイルを廃棄 (2 コイン)
cmd-expand-desc = C-III: 水族館に拡張ボードを加える (1 か 2 コイン)
cmd-expand-size-desc = small: 3 マス・1 コイン / large: 4 マス・2 コイン・水槽 +1
cmd-expand-cells-desc = そのマス (例: "N10 N11 O10 O11")
cmd-undo-desc = 直前の手を取り消す (1ターンに1度。引いた後や他のプレーヤーの手の後は不可)

## ゲームを見る

cmd-board-desc = 盤面: トラック、山、全員の水族館、手番
cmd-board-text-desc = 盤面を文章で順に読む (スクリーンリーダー向け)
cmd-zoo-desc = 水族館をひとつ大きく (倉庫と従業員も)
cmd-zoo-player-desc = 誰の水族館か (省略するとあなたの)
cmd-score-desc = 現在の得点 (項目別)
cmd-moves-desc = 手番のプレーヤーが打てる手をコマンドで表示
cmd-hint-desc = あなたへのおすすめの手と理由 (非公開・あなたの手番のとき)
cmd-history-desc = 手の一覧、または n 手目の後の盤面
cmd-history-move-desc = この手の後の盤面を表示
cmd-history-game-desc = このサーバーの別のゲーム (番号で)
cmd-rules-desc = ルールの要約
cmd-rules-topic-desc = turn, basins, bonuses, coworkers, money, end, two のいずれか
cmd-help-desc = コマンドの一覧

## 待つあいだ

cmd-mygames-desc = あなたの手番のゲーム (長く待っている順)
cmd-language-desc = ここでのあなたの言語と選択肢の表示、または言語の選択
cmd-language-set-desc = 言語コード (en, ja, de...)、または Discord の言語に従う auto
cmd-nudge-desc = 手番のプレーヤーにお知らせ (ゲームごとに 1 時間に 1 回)
cmd-notify-desc = 自分の手番が来たら DM で通知
cmd-notify-dm-desc = DM 通知: on か off

## game グループ

cmd-game-desc = このチャンネルのゲームを開く・参加・開始・終了
cmd-game-new-desc = このチャンネルでゲームを開く (あなたも着席)
cmd-game-new-removed-desc = 除く動物の種類 (例: "penguin hippo")
cmd-game-new-first-desc = スタートプレーヤー
cmd-game-new-seed-desc = シードから同じゲームを配り直す (練習ゲーム: 統計に入らない)
cmd-game-new-deck-desc = 引く順に並べたタイル (練習ゲーム)
cmd-game-join-desc = ここで募集中のゲームに着席
cmd-game-leave-desc = 開始前に席を離れる
cmd-game-start-desc = 開いたゲームを開始 (着席 2〜5 人)
cmd-game-abandon-desc = ゲームをレーティングなしで終了 (レーティングの付くゲームは全員の賛成で)
cmd-game-addbot-desc = コンピューターを着席させる (募集の作成者)
cmd-game-addbot-level-desc = 強さ (省略すると normal)
cmd-game-removebot-desc = 最後に着席したコンピューターを外す (作成者)
cmd-game-rematch-desc = ここで終わったゲームの再戦を開く: 同じプレーヤーで席を一つずらす
cmd-game-settings-desc = このゲームの設定を表示・変更 (作成者かチャンネル管理者)
cmd-game-settings-reminders-desc = 手番のお知らせまでの時間: 30m, 12h, 2d, または off
cmd-game-settings-turn-limit-desc = この時間を過ぎると放置中のプレーヤーを投票で外せる: 2d または off
cmd-game-settings-hints-desc = /aq hint を許可: on か off
cmd-game-settings-language-desc = ゲームの公開メッセージの言語: コード (en, ja, de...)
cmd-game-kick-desc = 手番の時間切れのプレーヤーを外す投票

## past グループ

cmd-past-desc = このサーバーのゲーム: リプレイ、記録、統計
cmd-past-games-desc = このサーバーのゲーム: 進行中と終了、プレーヤー、得点、勝者
cmd-past-games-page-desc = ページ (1 が最新)
cmd-past-replay-desc = ゲーム全体をアニメーションで
cmd-past-replay-game-desc = このサーバーの別のゲーム (番号で)
cmd-past-replay-speed-desc = 画面が変わる速さ (省略すると normal)
cmd-past-export-desc = ゲームの記録を JSON ファイルで
cmd-past-export-game-desc = このサーバーの別のゲーム (番号で)
cmd-past-stats-desc = このサーバーの終了したゲームの数字とランキング、またはプレーヤーの
cmd-past-stats-player-desc = 誰の数字か (省略するとサーバーとランキング)
cmd-past-review-desc = 終了したゲームの損の大きかった判断
cmd-past-review-game-desc = 別のゲーム (番号で)
cmd-past-review-player-desc = 誰の画像か (省略するとあなた)

## 選択肢: コマンド語とその意味

choice-size-small = small (小拡張)
choice-size-large = large (大拡張)
choice-level-easy = easy (やさしい)
choice-level-normal = normal (ふつう)
choice-level-strong = strong (強い)
choice-speed-slow = slow (ゆっくり)
choice-speed-normal = normal (ふつう)
choice-speed-fast = fast (速い)
choice-as-cashier = cashier (売り場係)
choice-as-keeper = keeper (飼育係)
choice-as-manager = manager (マネージャー)
choice-as-trainer = trainer (調教師)
choice-what-game = game (このゲーム)
choice-what-server = server (サーバーのページ)

cmd-web-desc = このゲームのウェブページ
cmd-web-reset-desc = このゲームのウェブページへのリンクを無効にする (自分のプレイ用、またはすべて)
cmd-web-reset-what-desc = game (既定) か server：サーバーのページ (サーバー管理)
cmd-web-table-desc = このゲームのテーブルを Discord の中で開く (開けないときはリンク)
cmd-entry-desc = このチャンネルのアクアレットのテーブルを開く
cmd-notify-before-desc = 自分の前のプレーヤーの手番が始まったら DM: on か off
cmd-away-desc = しばらく不在: その間はお知らせも催促もなし
cmd-away-until-desc = 戻るまでの時間 (3d, 12h)、戻る日 (2026-12-24)、または off
cmd-game-settings-away-desc = 不在のプレーヤーの手番をこの時間の後コンピューターが指す: 12h または off
cmd-game-settings-clock-desc = 各席の対局時計 (変更は次のターンから)
cmd-game-settings-weekend-pause-desc = 週末 (UTC) は対局時計を止める
cmd-game-settings-vacations-desc = 不在中は対局時計を止める (年14日まで)
choice-clock-fast = fast (1d、1ターン+4h、最大3d)
choice-clock-normal = normal (3d、1ターン+12h、最大5d)
choice-clock-slow = slow (3d、1ターン+36h、最大10d)
choice-clock-off = off (なし)

# /tournament: /aq とは別のコマンド。
cmd-tournament-desc = このチャンネルの大会
cmd-tournament-new-desc = このチャンネルで大会を開く (参加登録が始まる)
cmd-tournament-new-name-desc = 大会の名前
cmd-tournament-new-format-desc = swiss、round_robin、elimination (既定は swiss)
cmd-tournament-new-size-desc = 1卓の人数 (既定は4人)
cmd-tournament-new-rounds-desc = スイス式の回戦数 (既定は3)
cmd-tournament-new-clock-desc = 対局の対局時計 (既定は normal)
cmd-tournament-new-deadline-desc = 各回戦の期間：7d、14d (既定は14d)
cmd-tournament-new-rated-desc = 対局をレーティングに数える (既定はオン)
cmd-tournament-new-vacations-desc = 不在中は対局時計を止める (既定はオフ)
cmd-tournament-new-closes-desc = この時間がたつと参加登録が自動で締め切られる：2d、12h (2人以上のとき)
cmd-tournament-new-players-desc = この人数に達すると参加登録が自動で締め切られる
cmd-tournament-join-desc = このチャンネルの大会に参加登録する
cmd-tournament-leave-desc = 登録期間中に参加を取り消す
cmd-tournament-start-desc = 登録を締め切り第1回戦を始める (主催者)
cmd-tournament-standings-desc = ここまでの順位表
cmd-tournament-end-desc = 大会を終了する (主催者)
choice-format-swiss = swiss (スイス式：順位で卓を組む)
choice-format-round-robin = round_robin (総当たり戦：組の全員と対戦)
choice-format-elimination = elimination (勝ち抜き戦：各卓の1位が進む)
choice-size-2 = 2人
choice-size-3 = 3人
choice-size-4 = 4人
choice-size-5 = 5人
cmd-tournament-drop-desc = 参加者を除外する：以後の回戦に出ない (主催者)
cmd-tournament-drop-player-desc = 除外する参加者 (主催者)
cmd-tournament-extend-desc = 進行中の回戦を1度だけ延長する (主催者)

# /season: a command of its own beside /aq.
cmd-season-desc = このサーバーのシーズンごとのランキング
cmd-season-which-desc = this (今季)、last (前季)、月 (2026-11) または四半期 (2026-Q4)
cmd-season-length-desc = サーバーのシーズンの長さ (サーバー管理者)
choice-length-month = month (1か月)
choice-length-quarter = quarter (四半期、3か月)
choice-length-off = off (シーズンなし)
