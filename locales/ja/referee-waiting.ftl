# 誰かを待っているゲームについて審判が言うこと：設定、お知らせ、mygames、
# DM での通知、放置しているプレーヤーを外す投票。

## /aq game settings

# ゲームの設定のリマインダーの部分。$every: 間隔 (コマンドの言葉の書き方、
# 12h)、$max: 1ターンに送るリマインダーの最大数。
settings-reminders-every = リマインダー { $every }ごと (1ターンに最大{ $max }回)
settings-reminders-off = リマインダーなし
# 持ち時間の部分。$limit: 持ち時間 (コマンドの言葉の書き方、2d)。
settings-turn-limit = 持ち時間 { $limit } (過ぎたら、ほかのプレーヤーは /aq game kick で放置しているプレーヤーを投票で外せます)
settings-turn-limit-off = 持ち時間なし
settings-hints-on = ヒントあり
# 対局時計の部分。$pace: ペースの言葉 (fast、normal、slow)、$start、$increment、
# $most: 時間 (コマンドの言葉の書き方、1d、4h、3d)。
settings-clock = 対局時計 { $pace }：最初に{ $start }、1ターンごとに{ $increment }加算、最大{ $most }
settings-clock-weekends = 対局時計 { $pace }：最初に{ $start }、1ターンごとに{ $increment }加算、最大{ $most }、週末 (土曜と日曜、UTC) は停止
settings-clock-off = 対局時計なし
# 対局時計 (settings-clock か settings-clock-weekends) と、不在のときの扱い。
# $clock、$away: その部分。
settings-clock-and-away = { $clock }、{ $away }
# $days: 1年に認められる不在の日数 (14)。
settings-vacations-on = 不在中は止まる (年{ $days }日まで)
settings-vacations-off = 休暇なし：不在中も止まらない
settings-hints-off = ヒントなし
# ゲームの設定。$game: ゲームの番号、$reminders、$limit、$clock、$hints: 上の部分、
# $lang: ゲームの言語 (名前とコード)。
settings-summary = ゲーム#{ $game }：{ $reminders } / { $limit } / { $clock } / { $hints } / { $away } / 言語 { $lang }。変更できるのは作成者か、このチャンネルを管理している人です：/aq game settings reminders:<30m|12h|2d|off> turn_limit:<2d|off> clock:<fast|normal|slow|off> weekend_pause:<on|off> vacations:<on|off> hints:<on|off> language:<code> away:<12h|off>
# 全員に、新しい設定の前に。$name: 変更した人。
settings-changed = { $name }さんが設定を変更しました。
# ゲーム中、設定のあとに：次のターンから変わるもの (持ち時間、ヒント、
# 不在のプレーヤーの猶予)。$changes: それらの設定 (設定の一覧と同じ言い方)。
settings-next-turn = 次のターンから変わります (いまのターンは始まったときの設定のままです)：{ $changes }。

## お知らせ

# その人への DM が届かなかったあと、その人の次のコマンドで本人にだけ伝える。
notice-dms-closed = このボットからの DM を受け取れない設定になっているため、DM でのターンの通知をオフにしました。DM を受け取れるようにして (サーバーのプライバシー設定)、/aq notify dm:on を使うと通知がまた届きます。

## 拒否

settings-not-this-command = それは /aq game settings ではありません。
settings-no-game = このチャンネルに開いているゲームはありません。設定はゲームごとのものです。/aq game new でゲームを開いてください。
# $game: ゲームの番号。
settings-weekend-no-clock = ゲーム#{ $game }には対局時計がないので、週末に止めるものがありません。いっしょに設定してください。例：/aq game settings clock:normal weekend_pause:on
# $game: ゲームの番号。
settings-not-yours = ゲーム#{ $game }の設定を変更できるのは、作成者か、このチャンネルを管理している人だけです。設定は誰でも /aq game settings で見られます。
waiting-no-game = このチャンネルで進行中のゲームはありません。
# $game: ゲームの番号。
waiting-voted-out = あなたはゲーム#{ $game }から投票で外されたので、このゲームではもう手を打てません。

## /aq nudge

# 拒否。$game: ゲームの番号。
nudge-nobody = ゲーム#{ $game }では、いま手番の人間のプレーヤーがいないので、お知らせする相手はいません。
nudge-not-seated = ゲーム#{ $game }でお知らせを送れるのは、卓についているプレーヤーだけです。
nudge-own-turn = いまはあなた自身のターンです。お知らせする相手はあなたしかいません。
# 拒否。$game: ゲームの番号、$last: 前回のお知らせ、$next: 次に送れる時。
nudge-too-soon = ゲーム#{ $game }には{ $last }にお知らせが送られました。次のお知らせは{ $next }から送れます。
# 手番の席が見つからないとき、お知らせの相手。
nudge-the-player = 手番のプレーヤー
# 全員に。$name: お知らせを送る人、$who: 手番のプレーヤー、$game: ゲームの
# 番号、$since: 待ち始めた時、$task: すべきこと。
nudge = { $name }さんから{ $who }へのお知らせ：ゲーム#{ $game }で{ $since }からあなたのターンを待っています：{ $task }。

## /aq mygames (非公開)

mygames-none = あなたの番で止まっているゲームはありません。止まっているなら、ほかの人の番です。
# $count: ゲームの数。
mygames-heading = あなたのターンのゲームが{ $count }つあります (長く待っている順)：
# ゲーム1つ。$channel: そのチャンネル、$game: 番号、$task: すべきこと、
# $since: 待ち始めた時。
mygames-game-since = - { $channel } ゲーム#{ $game }：{ $task } ({ $since }から)
mygames-game = - { $channel } ゲーム#{ $game }：{ $task }

## /aq notify (非公開)

notify-not-this-command = それは /aq notify ではありません。
notify-on = DM でのターンの通知はオンです。あなたのターンが始まると、チャンネルを知らせる DM が届きます。/aq notify dm:off でオフにできます。
notify-off = DM でのターンの通知はオフです。

## /aq game kick

# 拒否。$game: ゲームの番号。
kick-not-started = ゲーム#{ $game }はまだ始まっていません。
kick-nobody = ゲーム#{ $game }では、いま手番の人間のプレーヤーがいないので、投票で外す相手はいません。
kick-not-seated = 投票できるのは、ゲーム#{ $game }の卓についているプレーヤーだけです。
kick-own-turn = いまはあなた自身のターンです。手を打つか、ほかのプレーヤーの投票に任せてください。
kick-no-limit = ゲーム#{ $game }には持ち時間がないので、誰も投票で外せません。作成者かチャンネルの管理者が /aq game settings turn_limit:2d で設定できます。
kick-idle-not-seated = 手番のプレーヤーはこの卓についていません。
# 拒否。$name: 手番のプレーヤー、$since: いつから、$limit: 持ち時間 (2d)、
# $allowed: 投票できるようになる時。
kick-too-soon = { $name }さんのターンは{ $since }からで、持ち時間は{ $limit }です。投票できるのは{ $allowed }からです。
# 拒否。$name: 手番のプレーヤー。
kick-voted-already = あなたはすでに{ $name }さんを外す投票をしています。
# 全員に。$name: 投票した人、$idle: 手番のプレーヤー、$since: いつから、
# $votes: これまでの票、$needed: 必要な票。
kick-vote = { $name }さんが、{ $since }からターンを止めている{ $idle }さんを外す投票をしました：必要な{ $needed }票のうち{ $votes }票です。
# 全員に、kick-vote のあと。$name: 外されたプレーヤー、$level: その席が
# プレイする強さ。
kick-removed = { $name }さんを外しました。その席は自動でプレイを続け (強さ { $level })、最後は最下位になります。
# 全員に、kick-vote のあと。1票でほかの唯一の人間が外れた、レーティングの
# 付くゲーム。$name: 外されたプレーヤー、$game: ゲームの番号。
kick-ends-unrated = 人間のプレーヤーが2人だけの卓なので、{ $name }さんの席をコンピューターに任せる代わりに、この投票でゲーム#{ $game }を終えます。レーティングは付けずに履歴に残し、誰のレーティングも変わりません。
## 不在 (/aq away とゲームの不在設定)

settings-away-computer = 不在のプレーヤーの手番は { $after } 後にコンピューターが指す
settings-away-waits = 不在のプレーヤーの手番は本人を待つ
nudge-away = { $who }さんは { $until } まで不在です。それまで催促はできません。
notify-before-on = 前のプレーヤーの手番が始まったら DM で知らせます。止めるには /aq notify before:off。
notify-before-off = 前のプレーヤーの手番が始まっても DM は送りません。
away-not-this-command = /aq away ではありません。
away-is = { $until } まで不在です。それまでお知らせ・催促・手番の DM は送りません。早く戻るなら /aq away until:off。
away-is-not = 不在ではありません。/aq away until:3d (または日付 2026-12-24) でしばらく不在にできます。
away-in-the-past = 「{ $value }」はもう過ぎています。これからの時を指定してください。
away-too-long = 「{ $value }」は先すぎます。不在は一度に 60d までです。
away-back = おかえりなさい。お知らせと手番の DM を再開します。
away-set = { $until } まで不在にしました。それまでお知らせ・催促・手番の DM は送りません。{ $games ->
    [0] 今参加中のゲームはありません。
   *[other] 参加中の { $games } 卓に知らせました。
} 早く戻るなら /aq away until:off。
away-told = { $name }さんは { $until } まで不在です (ゲーム#{ $game })。それまでお知らせも催促もしません。{ $plays }。
away-told-computer = 手番は { $after } 待った後コンピューターが指し、履歴にはコンピューターの手と記されます
away-told-waits = 手番は本人を待ちます
# away-set のあと：対局時計のあるゲームで、不在のあいだ時計を止める今年の残り。
# $left: その時間 (設定の書き方、10d4h)、$days: 1年の日数 (14)。
away-allowance = 対局時計のあるゲームでは、不在のあいだあなたの時計は止まります (暦年 (UTC) ごとに{ $days }日まで)。今年の残りは今から数えて{ $left }です (vacations:off のゲームを除く)。
# $game: the game; $tournament: its title.
settings-tournament-table = 対局 #{ $game } は { $tournament } の卓なので大会の設定 (対局時計、手番の期限、ヒント、不在) で打ちます。変えられるのはリマインダーと言語だけです。
