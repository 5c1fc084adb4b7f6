# ゲームの用語：ひとつの物にひとつの言葉（locales/GLOSSARY.md、日本語版
# ルールブックの用語）。ラベルや画像の見出しはこれで物の名前を示し、
# 文はこれを埋め込みます。
#
# 日本語の名詞は数で形を変えないので、$count は使いません（数は文の中で
# 助数詞とともに言います：3枚、2頭、1人、2台、5点）。

## 8種類の動物

# 動物の名前（ラベル、画像、文で使う）。
animal-dolphin = イルカ

# 動物の名前。
animal-orca = シャチ

# 動物の名前。ルールブックの「アシカ」（アザラシではない）。
animal-sealion = アシカ

# 動物の名前。ルールブックの「亀」を、ほかの動物名と同じくカタカナで。
animal-turtle = カメ

# 動物の名前。
animal-penguin = ペンギン

# 動物の名前。ルールブックの表記のまま。
animal-polarbear = 北極熊

# 動物の名前。
animal-crocodile = ワニ

# 動物の名前（英語の hippo、hippopotamus）。
animal-hippo = カバ

## 従業員

# 入場券売り場に置く従業員（コインが得点になる）。
role-cashier = 売り場係

# えさやり場に置く従業員（魚マークが得点になる）。
role-keeper = 飼育係

# 倉庫に置く従業員（マイナス点を半分にする）。
role-manager = マネージャー

# 水族館の空いた場所に置く従業員。
role-trainer = 調教師

## 用具と用語

# 置ききれないタイルを積む場所。
term-depot = 倉庫

# コイン（コインタイルも同じ）。
term-coin = コイン

# 動物タイルの魚マーク。
term-fish = 魚

# 受精できるオスとメスから生まれる子どもタイル。
term-offspring = 子ども

# 運搬トラック（文の中では「トラック」とも）。
term-truck = トラック

# 小さい拡張ボード・大きい拡張ボード。
term-expansion = 拡張ボード

# プレーヤーの水族館（英語の water zoo）。
term-water-zoo = 水族館

# 受精できるオス（♂）。
term-male = オス

# 受精できるメス（♀）。
term-female = メス
