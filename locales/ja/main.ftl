# The full stop a refusal gets when its message has none of its own.
sentence-end = 。

# The decimal separator of numbers with a fraction (averages).
decimal-separator = .

# コンピューターのプレーヤーの名前 (強さから作る)。$level: コマンドの言葉の強さ
# (easy、normal、strong)。$n: 同じ強さのコンピューターの中での番号 (1 は番号なし)。
seat-computer = { $level ->
        [easy] コンピューター（やさしい）
        [strong] コンピューター（強い）
       *[normal] コンピューター（ふつう）
    }{ $n ->
        [1] {""}
       *[other] { $n }
    }
