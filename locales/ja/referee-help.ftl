# /aq help：コマンドの一覧。はじめての人に最初に必要なことから。コマンド名、
# オプション名、<> の中はどの言語でもそのまま (コマンドの言葉)。
# 「参加」「開始」はロビーのボタンの日本語のラベルと同じ言葉にすること。

# Discord のヘルプ：各コマンドを Discord での形で (/aq game new)。
help-discord =
    はじめ方：/aq game new でこのチャンネルにゲームを開きます。ほかの人は「参加」を押し (または /aq game join)、ゲームを開いた人が「開始」を押します。
    自分のターンには、盤面の下のボタンを押してください。ボタンには、いまできる手だけが並びます。/aq draw、/aq take、/aq place… と入力することもできます。
    /aq moves でできる手の一覧、/aq hint でおすすめの手、/aq rules でルールの説明が見られます。

    手 (手番のプレーヤーが行う)：
    /aq draw truck:<n> - 山の一番上のタイルをトラックにのせる (A)
    /aq take truck:<n> - トラックを取る (B)。そのあとタイルを置く
    /aq place at:<cell|depot> [tile:<n>] - 置くのを待っているタイルか子どもを置く
    /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - 得たばかりの従業員を置く
    /aq move from:depot to:<cell> - 倉庫の一番上のタイルを水族館へ、1コイン
    /aq move from:<cell|role> to:<cell|role> - 従業員を移動する、1コイン
    /aq buy from:<player> at:<cell> - その人の倉庫の一番上のタイルを購入、2コイン
    /aq discard - 自分の倉庫の一番上のタイルを廃棄、2コイン
    /aq expand size:<small|large> cells:"<cells>" - 拡張ボードを加える、1または2コイン
    /aq undo - 自分の最後の手を取り消す (ほかのプレーヤーが動くか、タイルが引かれるまで。1ターンに1度)
    見る：/aq board [text] (text: スクリーンリーダー向けに文章で) - /aq zoo [player] - /aq score - /aq moves - /aq hint - /aq history [move:<n>] [game:<id>] - /aq rules [topic] - /aq help
    待つ：/aq mygames - 自分のターンが来ているゲーム。/aq nudge - 手番のプレーヤーに知らせる。/aq notify dm|before:<on|off> - DM。/aq away until:<3d|off> - 不在
    卓：/aq game new [removed:"penguin hippo"] [first:<player>] [seed:<n>] [deck:<tiles>] - /aq game join - /aq game leave - /aq game start - /aq game abandon (レーティングの付くゲームはプレーヤー全員の賛成で)
    /aq game addbot [level:<easy|normal|strong>] - /aq game removebot - コンピューターのプレーヤー (ロビーを開いた人だけ)
    /aq game rematch - ゲームのあとに、同じプレーヤーと設定で席を一つずらして再戦 (最後の盤面の「再戦」ボタンでも)
    /aq game settings [reminders:<12h|off>] [turn_limit:<2d|off>] [clock:<fast|normal|slow|off>] [weekend_pause:<true|false>] [vacations:<true|false>] [hints:<true|false>] [language:<code>] (ゲーム中の変更は次のターンから) - /aq game kick - 持ち時間を過ぎたプレーヤーを投票で外す
    過去：/aq past games [page:<n>] - /aq past replay [game:<id>] [speed:<slow|normal|fast>] - /aq past export [game:<id>] - /aq past stats [player] - /aq past review
    ウェブ: /aq web reset [what:server] - このゲーム (またはサーバーのページ) へのリンクを無効にする。/aq web table - 「テーブルを開く」と同じく、Discord の中でテーブルを開く (開けないときはリンク)
    大会 (別のコマンド)：/tournament new [name] [format] [size] [rounds] [clock] [deadline] [rated] [vacations] [closes] [players] - 大会を開く (指定しなければスイス式、4人卓、3回戦、対局時計 normal、各回戦 14d、レーティング対象、不在で時計は止まらない) - /tournament join - /tournament leave - /tournament start (主催者。卓ごとにスレッドができ、回戦は自動で進みます) - /tournament standings - /tournament drop player - /tournament extend (1回戦に1度) - /tournament end
    シーズン (別のコマンド)：/season - このサーバーの今季のランキング (管理者が1か月を選ばなければ四半期ごと)；/season which:last (または 2026-11、2026-Q4) - ほかの季；/season length:<month|quarter|off> - サーバー管理者。レーティングは季をまたいで引き継がれます。
    言語：/aq language [set:<code>] - あなたが読む言語。ゲームの言語はゲームの設定にあります。コマンドとオプションの名前は、どの言語でも同じ (英語) です。
    ターミナル、スクリプト、ゲームの記録では、グループ名を付けずに同じ言葉を使います：new、join、replay。

# ターミナルのヘルプ：はじめ方と番号での遊び方、そのあとターミナルで入力する
# 形のコマンド。「4-43. expand small: 40通りの置き方」は、できる手の一覧の
# 日本語の行と同じ言葉にすること。
help-terminal =
    はじめ方：名前をたずねられたら、プレーヤーの名前を1行に1人ずつ、またはコンマで区切って入力します (cpu:easy、cpu:normal、cpu:strong でコンピューターのプレーヤーが座ります)。そのあと Enter で開始します。途中のゲームは、次に起動したときに続きから遊べます。
    番号で遊ぶ：moves と入力すると、手番のプレーヤーができる手が番号付きで表示されます。番号を入力すると、その手を打ちます。「4-43. expand small: 40通りの置き方」のような行は似た手をまとめたもので、moves expand small と入力すると番号付きで一覧できます。undo で自分の手を取り消せます。
    コマンドの前の /aq は省略でき、オプションが1つのときは値だけでかまいません：draw 2、take 1、place K11、hire cashier、zoo ana、rules money。「ben: take 1」と入力すると ben として手を打ちます。

    手 (手番のプレーヤーが行う)：
    /aq draw truck:<n> - 山の一番上のタイルをトラックにのせる (A)
    /aq take truck:<n> - トラックを取る (B)。そのあとタイルを置く
    /aq place at:<cell|depot> [tile:<n>] - 置くのを待っているタイルか子どもを置く
    /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - 得たばかりの従業員を置く
    /aq move from:depot to:<cell> - 倉庫の一番上のタイルを水族館へ、1コイン
    /aq move from:<cell|role> to:<cell|role> - 従業員を移動する、1コイン
    /aq buy from:<player> at:<cell> - その人の倉庫の一番上のタイルを購入、2コイン
    /aq discard - 自分の倉庫の一番上のタイルを廃棄、2コイン
    /aq expand size:<small|large> cells:"<cells>" - 拡張ボードを加える、1または2コイン
    /aq undo - 自分の最後の手を取り消す (もう一度でその前の手も)。ほかのプレーヤーが動くか、タイルが引かれるまで。1ターンに1度
    /aq moves [of:<family>] - できる手を番号付きで - /aq hint - おすすめの手
    見る：/aq board [text] (text: スクリーンリーダー向けに文章で) - /aq zoo [player] - /aq score - /aq rules [topic] - /aq settings
    過去：/aq history [move:<n>] [game:<id>] - /aq games [page:<n>] - /aq stats [player] - /aq review [game:<id>] [player]
    ファイル：/aq replay [game:<id>] [speed:<slow|normal|fast>] --out game.gif - /aq export [game:<id>] --out game.json
    卓：/aq new [removed:"penguin hippo"] [first:<player>] [seed:<n>] - /aq join - /aq leave - /aq start - /aq abandon (レーティングの付くゲームはプレーヤー全員の賛成で)
    /aq addbot [level:<easy|normal|strong>] - /aq removebot - コンピューターのプレーヤーを座らせる・外す
    /aq rematch - ゲームのあとに、同じプレーヤーで席を一つずらして再戦 (すぐに始まります)
    /aq settings [clock:<fast|normal|slow|off>] [weekend_pause:<on|off>] [vacations:<on|off>] [reminders:<12h|off>] [hints:<on|off>] - ゲームの設定 (ゲーム中の変更は次のターンから)
    コンピューターのプレーヤーは、読む人の言語で強さの名前になります (コンピューター（強い）、Strong bot、Computer (stark))。プレーヤーを指定するコマンド (zoo、buy from:、stats、first:) は、どの言語の名前でも受け付けます。removebot は最後に座ったコンピューターを外します。kick は手番を放置している人を外す投票です (コンピューターが待たせることはありません)。
    大会：/aq tournament new [name:<text>] [format:<swiss|round_robin|elimination>] [size:<2-5>] [rounds:<n>] [clock:<fast|normal|slow|off>] [deadline:<14d>] [rated:<on|off>] [vacations:<on|off>] [closes:<2d>] [players:<n>] - 大会を開く (指定しなければスイス式、4人卓、3回戦、対局時計 normal、各回戦 14d、レーティング対象、不在で時計は止まらない) - /aq tournament join - /aq tournament leave - 参加登録と取り消し - /aq tournament start - 登録を締め切り第1回戦を始める (主催者。回戦は自動で進みます) - /aq tournament standings - /aq tournament drop player:<name> - /aq tournament extend (1回戦に1度) - /aq tournament end (主催者)
    シーズン：/aq season [which:<this|last|2026-11|2026-Q4>] - その季のランキング (レーティングは引き継ぎ) - /aq season length:<month|quarter|off> - ここでのシーズンの長さ
    go <場所> - 大会の卓へ移る (回戦の告知にある場所、t1-r1-2 など)；go だけで戻る
    quit で終了します。ゲームは保存され、次回に続きから遊べます。
