# Слова herald по-русски: сам язык, шахматные термины, даты, числа и команды, которые пишут
# игроки. Идентификаторы те же, что в английском (locales/en), термины — по docs/languages.md.

## The language

# Its name in itself, as `language` answers name it.
language-name = русский

# Буквы фигур, пять слов: король (Кр), ферзь (Ф), ладья (Л), слон (С), конь (К); у пешки буквы нет.
piece-letters = Кр Ф Л С К

# A date: $year, $month and $day are written with their leading zeros.
date = { $day }.{ $month }.{ $year }

# What separates a number's whole part from its fraction.
decimal-point = ,
# Between each three digits of a number from 1,000 on (GROUPED): a no-break space, 262 144.
thousands-separator = { "\u00A0" }

## Chess words

color-white = Белые
color-black = Чёрные
# The side, in "You play { $color }": as the sentence needs it.
you-play-white = Вы играете белыми.
you-play-black = Вы играете чёрными.
days = { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
}
moves-count = { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
    [many] { $moves } ходов
   *[other] { $moves } хода
}

## Commands, as players write them: the first word is the one the mails show; `.also`
## lists other ways to say it, separated by commas. Commands are read in every language
## at once, so no word may be another command's, in any language, nor read as a move.

command-resign = сдаюсь
    .also = сдаться, сдаю партию
command-draw = ничья
    .also = предлагаю ничью, требую ничью
command-accept = принимаю
    .also = принимаю ничью, согласен на ничью
command-decline = отклоняю
    .also = отклоняю ничью
command-board = доска
    .also = позиция, ходы
command-help = помощь
    .also = справка
command-cancel = отмена
    .also = отменить, отменить условные ходы
command-games = партии
    .also = мои партии
command-back = конец отпуска
    .also = вернулся, вернулась
command-vacation = отпуск
command-zone = пояс
command-notation = нотация
command-format = формат
command-language = язык
command-if = если
command-withdraw = выход
    .also = выйти из турнира, выхожу из турнира
command-join = участвую
    .also = записаться
# Words that follow a command: "zone club", "vacation 7 days", and the Crown's secret choice,
# "crown king" or "crown queen".
word-club = клуб
word-days = дней
    .also = день, дня
word-crown = корона
word-king = король
word-queen = ферзь
    .also = королева
word-seed = зерно

## Results: each reason the rules give. $winner and $loser are `white` or `black`.

result-win = { $winner ->
    [white] победа белых
   *[black] победа чёрных
} ({ $how })
result-draw = ничья ({ $how })
how-checkmate = мат
how-stalemate = пат
how-royal-captured = взятие королевской фигуры
how-resignation = сдача партии
how-perpetual-check = вечный шах
how-bare-king = голый король
how-timeout = просрочка времени
how-crown-found = найдена скрытая корона
how-army-destroyed = уничтожена вся армия
how-crown-captured = взятие короны
how-insufficient-material = недостаточно материала
how-fifty-moves = правило пятидесяти ходов
how-seventy-five-moves = правило семидесяти пяти ходов
how-threefold-repetition = троекратное повторение позиции
how-fivefold-repetition = пятикратное повторение позиции
how-agreement = по соглашению
how-walled-in = монарх замурован собственными камнями
how-forfeit = техническое поражение соперника
how-directors-decision = решение директора турнира
result-own-hidden-crown = { $winner ->
    [white] победа белых (чёрные остановились
   *[black] победа чёрных (белые остановились
} на собственной скрытой короне)
result-crown-blown-up = { $winner ->
    [white] победа белых (коронованный монарх чёрных
   *[black] победа чёрных (коронованный монарх белых
} подорван заминированным камнем)
# The points of a variant that scores otherwise than 1, ½ and 0 (Royal Chess).
result-points = белые { $white }, чёрные { $black }

## Pieces, by the names the variants give them

piece-king = король
piece-queen = ферзь
piece-rook = ладья
piece-bishop = слон
piece-knight = конь
piece-pawn = пешка
piece-archbishop = архиепископ
piece-chancellor = канцлер
piece-centaur = кентавр
piece-decoy = обманка
piece-dragon-horse = дракон-конь
piece-dragon-king = дракон-король
piece-generalissimo = генералиссимус
piece-guard = страж
piece-kings-guard = королевский страж
piece-queens-guard = ферзевый страж
piece-marshall = маршал
piece-ninja = ниндзя
piece-slanting-half = косая половина
piece-spy = шпион
piece-stone = камень
piece-straight-half = прямая половина
