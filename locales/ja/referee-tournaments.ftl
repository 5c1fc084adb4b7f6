# 大会：チャンネルで開き、参加登録、順位表、終了 (src/referee/tournaments.rs)。
# コマンドの言葉 (tournament join、swiss、round_robin、format:、rounds:) は
# コマンド言語なので、どの言語でもそのまま。

# 大会の呼び名。$name: 主催者がつけた名前、$id: 大会の番号。
tournament-named = { $name } (#{ $id })
tournament-unnamed = 大会#{ $id }

## 全員に

# $name: 開いた人、$tournament: tournament-named か tournament-unnamed。
tournament-opened = { $name }さんが大会 { $tournament } を開きました。
# $format: swiss、round_robin、elimination。$size: 1卓の人数。
# $rounds: tournament-rounds か tournament-rounds-as-needed。$clock: fast、
# normal、slow、off。$deadline: 期間 (14d)。$rated、$vacations: yes か no。
tournament-settings = { $format ->
        [round_robin] 総当たり戦
        [elimination] 勝ち抜き戦
       *[swiss] スイス式
    }、{ $size }人卓、{ $rounds }。対局時計 { $clock }、各回戦の締め切りは{ $deadline }。{ $rated ->
        [yes] レーティング対象
       *[no] レーティング対象外
    }。{ $vacations ->
        [yes] 不在 (away) の間は対局時計が止まります
       *[no] 不在 (away) でも対局時計は止まりません
    }。
tournament-rounds = { $rounds }回戦
tournament-rounds-as-needed = 回戦数は形式に合わせて決まります
tournament-how-to-join = tournament join で参加登録できます (tournament leave で取り消し)。tournament standings で参加者が見られます。主催者が tournament start で登録を締め切ると第1回戦が始まります。卓ごとにスレッドができ、回戦はボットが自動で進めます。
# $count: いまの参加者数。
tournament-joined = { $name }さんが { $tournament } に参加登録しました。いま{ $count }人です。
tournament-left = { $name }さんが { $tournament } の参加登録を取り消しました。いま{ $count }人です。
tournament-ended = { $name }さんが { $tournament } を終了しました。tournament standings でそれまでの順位表が見られます。このチャンネルで新しい大会を開けます。

## 拒否

tournament-none-open = このチャンネルで開いている大会はありません。tournament new で開けます。
tournament-none-here = このチャンネルではまだ大会がありません。tournament new で開けます。
tournament-already-open = このチャンネルではもう { $tournament } が開いています。大会は1チャンネルに一度に一つです。主催者かチャンネルの管理者が tournament end で終了できます。
tournament-signup-closed = { $tournament } の参加登録は締め切られました。回戦が始まっています。
# $place: 登録順の番号。
tournament-already-in = もう { $tournament } に参加登録しています (登録順で{ $place }番目)。tournament leave で取り消せます。
tournament-not-in = { $tournament } に参加登録していないので、取り消すものはありません。tournament join で参加登録できます。
tournament-end-not-yours = { $tournament } を終了できるのは、主催者かこのチャンネルの管理者だけです。
# $rounds: 指定された回戦数、$most: 最大。
tournament-bad-rounds = スイス式の大会は1回戦から{ $most }回戦までです ({ $rounds }回戦はできません)。
tournament-rounds-not-swiss = { $format ->
        [round_robin] 総当たり戦
       *[elimination] 勝ち抜き戦
    }の回戦数は形式に合わせて決まります。rounds: は format:swiss のときだけ使えます。
# $deadline: 指定されたもの (期間か off)。
tournament-bad-deadline = どの回戦にも締め切りがあります。1h から 60d まで (7d など) で指定してください (「{ $deadline }」は使えません)。

## 順位表 (聞いた人に)

# $status: signup、running、finished、ended。$rounds: 結果のある回戦の数。
tournament-standings-head = { $tournament } の順位表 ({ $status ->
        [signup] 参加登録中
        [running] 進行中
        [finished] 終了
       *[ended] 打ち切り
    }、結果のある回戦 { $rounds }、参加者{ $count }人)：
tournament-standings-nobody = まだ誰も参加登録していません。
tournament-standings-no-results = まだ結果はありません。全員0ポイントで、登録順に並んでいます。
# $points: 大会のポイント (卓の1位が12、最下位が0、不戦 (bye) は6)、
# $game_points: ゲームの得点の合計、$buchholz: 対戦相手のポイント (卓ごとの平均) の合計。
tournament-standings-line = { $place }. { $name }：{ $points }ポイント ({ $games }ゲーム、不戦{ $byes }回。得点合計{ $game_points }点、ブッフホルツ { $buchholz })

## 回戦 (src/referee/rounds.rs)

# $count: 参加者数。
tournament-started = { $name }さんが { $tournament } を開始しました (参加者{ $count }人)。参加登録は締め切られ、第1回戦が始まりました。
# 卓のスレッド名。$round、$table: 番号。
tournament-table-place = { $tournament } · 第{ $round }回戦 · 第{ $table }卓
# 卓のスレッドで。$players: 卓の参加者 (メンション)、席順。
tournament-table-opened = { $tournament } 第{ $round }回戦 第{ $table }卓：{ $players }。健闘を祈ります！
# 大会のチャンネルで。$tables: 卓の数、$deadline: 回戦の締め切り。
tournament-round-opened = { $tournament } の第{ $round }回戦が始まりました。{ $tables }卓、締め切りは{ $deadline }です。その時点で終わっていない対局はコンピューターが最後まで打ちます。
# $place: 卓のスレッド、$players: 席順の参加者。
tournament-round-table = 第{ $table }卓 ({ $place })：{ $players }
# $points: 不戦の得るポイント。
tournament-round-bye = { $name }さんはこの回戦は不戦です ({ $points }ポイント)。
# 締め切りに卓のスレッドで。$level: コンピューターの強さ、$moves: 打った手数。
tournament-played-out = 回戦の締め切りを過ぎたため、{ $level } のコンピューターが全員の席でこの対局を最後まで打ちました ({ $moves }手)。
tournament-round-closed = { $tournament } の第{ $round }回戦が終わりました。
# $placings: 各参加者の tournament-round-placing、上位から。
tournament-round-result = 第{ $table }卓：{ $placings }
tournament-round-placing = { $place }位 { $name } ({ $score }点)
tournament-finished = { $tournament } は{ $rounds }回戦で終わりました。最終順位表：
tournament-winner = 優勝：{ $name }さん！

## start の拒否

tournament-start-not-yours = { $tournament } を開始できるのは主催者か、このチャンネルを管理する人だけです。
# $count: いまの参加者数。
tournament-start-too-few = { $tournament } の開始には2人以上の参加者が必要です。いまの参加者は{ $count }人です。
tournament-button-old = このボタンは、このチャンネルで参加登録を受け付けていない大会のものです。

## 主催者の drop と extend

# $name: 除外された人、$by: 除外した人。
tournament-dropped = { $by }さんが { $name }さんを { $tournament } から除外しました。以後の回戦には出ず、まだ続いている対局ではコンピューターが代わりに打ちます。
tournament-drop-not-yours = 参加者を除外できるのは { $tournament } の主催者か、このチャンネルを管理する人だけです。
# $player: 入力されたとおり。
tournament-drop-unknown = { $tournament } に { $player } という参加者はいません。
tournament-drop-already = { $name }さんはすでに { $tournament } から除外されています。
# $deadline: 回戦の新しい締め切り。
tournament-extended = { $name }さんが { $tournament } の第{ $round }回戦を延長しました。締め切りは{ $deadline }です。
tournament-extend-not-yours = 回戦を延長できるのは { $tournament } の主催者か、このチャンネルを管理する人だけです。
tournament-extend-no-round = { $tournament } には延長できる進行中の回戦がありません。
tournament-extend-once = { $tournament } の第{ $round }回戦はすでに延長されています。延長は1回戦に1度までです。

## 参加登録の自動締め切り (new の closes、players)

tournament-bad-closes = 参加登録の自動締め切りは大会を開いてから 1h～60d (例：2d) の間で指定してください。{ $closes } は指定できません。
tournament-bad-players = 参加登録の自動締め切りの人数は 2～{ $most } 人で指定してください。{ $players } は指定できません。
tournament-closes-at = 参加登録は { $at } に自動で締め切られます (2人以上のとき)。
tournament-closes-players = 参加登録は { $players } 人に達すると自動で締め切られます。
tournament-closes-at-or-players = 参加登録は { $at } に自動で締め切られます (2人以上のとき)。{ $players } 人に達すればそれより早く締め切られます。
