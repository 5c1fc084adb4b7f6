# ロビーで審判が言うこと：ゲームを開く、参加する、抜ける、コンピューターの
# プレーヤー、開始、中止。

# 練習ゲームの盤面とその開始の下に。
lobby-practice-note = 練習ゲーム：シードかデッキが指定されたので、統計には入りません。

## 拒否

# $game: 開いているゲームの番号。
lobby-already-gathering = このチャンネルではゲーム#{ $game }がプレーヤーを集めています。そのゲームを終えるか、作成者が /aq game abandon で中止してください。
lobby-already-running = このチャンネルではゲーム#{ $game }が進行中です。そのゲームを終えるか、/aq game abandon で中止してください (レーティングの付くゲームでは、プレーヤー全員の賛成が必要です)。
lobby-no-game = このチャンネルに開いているゲームはありません。/aq game new で開いてください。
lobby-started-already = ゲーム#{ $game }はすでに始まっています。
lobby-not-this-command = それはロビーのコマンドではありません。
# $animals: 指定されたショーの動物の名前。
lobby-show-animal = { $animals }は除けません。イルカ、シャチ、アシカは必ず使います。除けるのは魚を食べる動物です (turtle、penguin、polarbear、crocodile、hippo)。
lobby-seated-already = あなたはすでにゲーム#{ $game }の卓についています。
lobby-full = 卓はいっぱいです。アクアレットは最大5人で遊びます。
lobby-not-seated = あなたはゲーム#{ $game }の卓についていません。
# $creator: 作成者の名前 (または lobby-its-creator)、$game: ゲームの番号。
# 「ゲーム#12を開いた{ $creator }だけ」と続くので、名前にさんは付けません。
lobby-start-not-yours = ゲーム#{ $game }を開始できるのは、このゲームを開いた{ $creator }だけです。
lobby-addbot-not-yours = コンピューターのプレーヤーを座らせられるのは、ゲーム#{ $game }を開いた{ $creator }だけです。
lobby-removebot-not-yours = コンピューターのプレーヤーを外せるのは、ゲーム#{ $game }を開いた{ $creator }だけです。
# 作成者の名前がわからないとき、上の文の「開いた」のあとに入る言葉。
lobby-its-creator = 人
lobby-too-few = アクアレットは2〜5人で遊びます。誰かが /aq game join で参加するまで待ってください。
lobby-too-few-terminal = アクアレットは2〜5人で遊びます。もう1人の名前か、コンピューターなら cpu:normal を入力してください。
# $why: 指定されたプレーヤーが見つからない理由。
lobby-first-unknown = スタートプレーヤーが /aq game new で指定されていますが、{ $why }。
lobby-no-bot = ゲーム#{ $game }にはコンピューターのプレーヤーが座っていません。/aq game addbot で座らせられます。
lobby-abandon-not-yours = ゲームを中止できるのは、ゲームの作成者か、このチャンネルを管理している人だけです。

## 全員に

# $name: 開いた人、$game: その番号。
lobby-opened = { $name }さんがアクアレットのゲーム#{ $game }を開きました。「参加」ボタンか /aq game join で参加できます。2〜5人がそろったら、{ $name }さんが「開始」ボタンか /aq game start で始めます。
# $name: 参加した人、$game: ゲームの番号、$seated: 座っている全員 (「、」区切り)。
lobby-joined = { $name }さんがゲーム#{ $game }に参加しました。参加者：{ $seated }。
# $level: コンピューターの強さの言葉。
lobby-bot-joined = { $name } (コンピューターのプレーヤー、{ $level }) がゲーム#{ $game }に参加しました。参加者：{ $seated }。
lobby-left = { $name }さんがゲーム#{ $game }から抜けました。
# lobby-left のあとに。$name: これからロビーを仕切る人。
lobby-runs-now = これからは{ $name }さんがロビーを仕切ります。
lobby-only-computers = 座っているのはコンピューターのプレーヤーだけです。ロビーはひき続き{ $name }さんが仕切ります (/aq game start でゲームを最後まで進め、/aq game abandon でロビーを閉じます)。
lobby-closed = 誰もいなくなったので、ロビーを閉じました。
lobby-nobody-seated = 誰も座っていません。
lobby-seated = 参加者：{ $seated }。
# $players: プレーヤー (「、」区切り)。
lobby-begins = ゲーム#{ $game }を始めます。プレーヤー：{ $players }。
# $animals: このゲームで使わない動物の種類 (「、」区切り)。
lobby-out-of-the-box = このゲームで使わない動物：{ $animals }。
# $name: 中止した人。
lobby-abandoned = { $name }さんがゲーム#{ $game }を中止しました。得点は付けずに、履歴に残します。
# 拒否：レーティングの付く進行中のゲームでプレイしていない人。
abandon-not-playing = ゲーム#{ $game }にはレーティングが付きます。中止できるのは、プレイしている人全員がそろって (それぞれ /aq game abandon で) 決めたときか、このゲームでプレイしていないチャンネルの管理者だけです。
# 拒否：同じ局面で2度目の投票。
abandon-voted-already = あなたはすでにゲーム#{ $game }の中止に投票しています。次の手が打たれる前に、ほかのプレーヤーが /aq game abandon で賛成すれば中止になります。
# 全員に。$name: 投票した人、$votes / $needed: 賛成したプレーヤー、
# $waiting: まだ投票していないプレーヤー。
abandon-vote = { $name }さんがゲーム#{ $game }の中止に投票しました：{ $needed }人中{ $votes }人が賛成です。次の手の前に{ $waiting }さんも賛成すれば (/aq game abandon)、レーティングを付けずに中止します。手が打たれると投票は取り消されます。
# 全員に：プレイしている人全員が投票した。$count: 人数。
abandon-agreed = { $count }人のプレーヤー全員が賛成したので、ゲーム#{ $game }を中止しました。レーティングは付けずに履歴に残し、誰のレーティングも変わりません。
# 全員に：コンピューターのプレーヤー相手に一人でプレイしていた人が、
# レーティングの付くゲームを中止した。$name: その人。
abandon-forfeit = { $name }さんがコンピューターのプレーヤー相手のゲーム#{ $game }を一人で中止しました。{ $name }さんの負けとして扱います (レーティングでは最下位、コンピューターのプレーヤーが1位)。
# $game: the game; $tournament: its title.
abandon-tournament-table = 対局 #{ $game } は { $tournament } の卓なので中止できません。最後まで打ち、回戦の期限に終わっていなければコンピューターが打ち切ります。主催者は参加者を除外できます (/tournament drop)。
