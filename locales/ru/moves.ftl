# Почему ход недопустим, по-русски: причина, которую "move-error-illegal" (mails.ftl) даёт
# после текста игрока. Фразы построены так, чтобы фигуры ($piece, $royal, $castler, $meant)
# стояли в именительном падеже: «на e4 стоит не Ваша фигура (конь)».

reason-text = { $text }
reason-list = { $reasons }
reason-read-as-latin = { $reason } («{ $letter }» прочитана как латинская буква { $latin }: { $piece })
reason-castling-none = в этом варианте нет рокировки
reason-castling-moved = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } больше невозможна: { $who ->
        [one] король
       *[many] { $castler }
    } или ладья на этом фланге уже ходили (или ладья взята)
reason-castling-in-check = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } невозможна, пока { $who ->
        [one] король
       *[many] { $castler }
    } под шахом
reason-castling-cannot = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } невозможна
reason-castling-blocked = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } невозможна: поля, через которые проходят { $who ->
        [one] король
       *[many] { $castler }
    } и ладья, должны быть свободны, а { $count ->
        [one] поле { $last } занято
       *[other] поля { $others } и { $last } заняты
    }
reason-castling-through-attack = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } невозможна: поле { $square }, через которое проходит { $who ->
        [one] король
       *[many] { $castler }
    }, атаковано
reason-castling-into-check = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } невозможна: на поле { $square } { $who ->
        [one] король
       *[many] { $castler }
    } оказался бы под шахом
reason-castling-leaves-check = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } невозможна: после неё под шахом окажется Ваша фигура ({ $royal })
reason-castling-not-now = { $side ->
        [long] длинная рокировка
       *[short] короткая рокировка
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } сейчас невозможна
reason-piece-named = { $piece }
reason-piece-any = фигура
reason-the-file = вертикали { $file }
reason-no-piece-on = на { $square } нет фигуры
reason-not-yours = на { $square } стоит не Ваша фигура ({ $piece })
reason-other-piece = на { $square } стоит { $piece }, а не { $meant }
reason-promote-not-to-that-here = пешка не может превратиться здесь в эту фигуру; возможные превращения: { $moves }
reason-promote-to-what = здесь пешка превращается; укажите, в какую фигуру: { $moves }
reason-not-a-promotion = этот ход не превращение; превращается только пешка, дошедшая до последней горизонтали
reason-capture-own-piece = нельзя брать свою фигуру ({ $piece } на { $square })
reason-own-piece-there = поле { $square } занято Вашей фигурой ({ $piece })
reason-nothing-to-capture = на { $square } нечего брать
reason-royal-into-check = Ваша фигура ({ $royal }) оказалась бы под шахом на { $square }
reason-check-not-ended = Вам шах, а этот ход не защищает от шаха
reason-leaves-royal-in-check = после этого хода Ваша фигура ({ $royal }) окажется под шахом
reason-no-such-piece = у Вас нет такой фигуры ({ $meant }){ $place ->
        [file] {" "}на вертикали { $file }
        [rank] {" "}на { $rank }-й горизонтали
       *[anywhere] {""}
    }
reason-piece-has-no-move = у фигуры на { $square } ({ $piece }) нет допустимых ходов
reason-piece-cannot-go = фигура на { $square } ({ $piece }) не может { $how ->
        [capture] бить на
       *[reach] пойти на
    } { $target }; её допустимые ходы: { $moves }
reason-no-piece-has-a-move = ни у одной Вашей фигуры этого вида ({ $meant }) нет допустимых ходов
reason-no-piece-can-go = ни одна Ваша фигура этого вида ({ $meant }) не может { $how ->
        [capture] бить на
       *[reach] пойти на
    } { $target }; допустимые ходы таких фигур: { $moves }

## Причины самих вариантов

reason-game-over = партия окончена: { $outcome }
reason-not-a-move = это не ход
reason-not-a-square-of-the-board = «{ $text }» — не поле доски
reason-promote-not-to-that = пешка не может превратиться в эту фигуру; возможные превращения: { $moves }
reason-crowd-castling = такая рокировка сейчас невозможна: король и ладья не должны были ходить, поля между ними должны быть свободны, а король не может быть под шахом, проходить через атакованное поле или вставать на него
reason-no-piece-of-yours-on = на { $square } нет Вашей фигуры
reason-no-such-piece-of-yours-on = на { $square } нет Вашей фигуры такого вида ({ $piece })
reason-crowd-not-captured = на { $square } стоит толпа, а на поле с толпой ничего нельзя взять; чтобы присоединиться к толпе, напишите ход через «-»
reason-crowd-of-your-own = на { $square } стоит толпа только из Ваших фигур, и к ней больше нельзя присоединить Ваши фигуры
reason-crowd-must-capture = этот ход берёт на { $square } (напишите { $moves }): фигура, которая может взять одинокую фигуру соперника, не может вместо этого встать рядом с ней
reason-no-fitting-piece-has-a-move = ни у одной подходящей Вашей фигуры этого вида ({ $meant }) нет допустимых ходов
reason-no-piece-goes-that-way = ни одна Ваша фигура этого вида ({ $meant }) не может так пойти на { $square }; допустимые ходы таких фигур: { $moves }
reason-royal-unreadable = это не ход ни в цифровой нотации Королевских шахмат (например, N-76, 6x55, C3-G4), ни в алгебраической нотации на вертикалях от a до j
reason-royal-no-castling-now = рокировка сейчас невозможна
reason-royal-castlings-now = сейчас возможны рокировки: { $moves }
reason-royal-no-piece-can = сейчас ни одна Ваша фигура не может сделать этот ход
reason-secret-intelligence-not-begun = партия ещё не началась: армии и расстановка разыгрываются, когда оба игрока пришлют своё зерно
reason-si-piece-on = фигура на { $square }
reason-si-none-could = у Вас нет фигуры, которая могла бы сделать этот ход ({ $what })
reason-si-piece-has-no-move = у Вашей фигуры на { $square } ({ $piece }) нет допустимых ходов
reason-si-piece-may-play = Ваша фигура на { $square } ({ $piece }) может сыграть { $moves }
reason-si-not-legal = это не один из Ваших допустимых ходов ({ $pieces })
reason-crown-not-begun = партия начнётся, когда оба игрока выберут своего коронованного монарха
reason-drop-star-alone = * отмечает поле перед ним, как в S@e4*
reason-drop-not-a-square = «{ $text }» — не поле: пишите ввод камня как S@e4 или S@e4,f5 для двух камней
reason-drop-named-twice = поле { $square } названо дважды: каждый камень ставится на своё поле
reason-drop-marked-twice = поле { $square } отмечено дважды
reason-drop-where = укажите куда: напишите S@ и поля, как в S@e4 или S@e4,f5
reason-drop-how-many = за один ход вводится от одного до трёх камней
reason-drop-not-yet = Ваши камни вступают в игру после падения Вашего некоронованного монарха
reason-drop-none-left = в резерве у Вас не осталось камней
reason-drop-in-reserve = в резерве у Вас камней: { $count }
reason-drop-not-empty = поле { $square } занято: камни ставятся на свободные поля
reason-drop-opened-plain = { $label } раскрыт как простой, но поле { $square } отмечено *
reason-drop-one-mined = заминирован только один из трёх Ваших камней: отметьте * одно поле
reason-drop-mine-entered = Ваш заминированный камень уже в игре: напишите ввод без *
reason-drop-mark-mine = один из Ваших камней должен быть заминирован: отметьте его *, как в S@e4*
reason-drop-leaves-check = после него Ваш коронованный монарх остаётся под шахом
reason-hide-not-yet = спрятать корону можно только после падения Вашего некоронованного монарха
reason-hide-already = Ваша корона уже спрятана; больше она не ходит
reason-hide-not-a-square = «{ $text }» — не поле: напишите hide и поле, как в hide d5
reason-hide-where = укажите где: напишите hide и поле, как в hide d5
reason-hide-not-free = поле { $square } занято: корону можно спрятать только на свободном поле
reason-split-grammar = разделение называет обе половины и их поля, коронованную — со звёздочкой: W@e1,F@e2* (или split We1 Fe2*)
reason-split-one-of-each = при разделении одна половина W и одна F
reason-split-one-crowned = корону носит только одна половина: отметьте звёздочкой одну из них
reason-split-due = Ваш некоронованный монарх пал, поэтому этим ходом нужно разделить Вашу фигуру ({ $monarch }) на две половины, коронованную — со звёздочкой: { $example }
reason-split-not-yet = монарх разделяется только после падения Вашего некоронованного монарха
reason-split-never = когда подошло время разделения, рядом с Вашим монархом не было свободного поля: он больше не разделяется
reason-split-already = Ваш монарх уже разделился
reason-split-no-monarch = у Вас нет монарха, который мог бы разделиться
reason-split-no-room = рядом с Вашей фигурой на { $square } ({ $monarch }) нет свободного поля, поэтому разделиться она не может: сделайте другой ход
reason-split-one-stays = одна половина остаётся там, где стоит Ваша фигура ({ $monarch }): на { $square }
reason-split-next-to = вторая половина встаёт на поле рядом с Вашей фигурой на { $square } ({ $monarch }); поле { $to } не рядом
reason-split-not-empty = поле { $square } занято: вторая половина встаёт на свободное соседнее поле
reason-split-mark-crowned = отметьте коронованную половину звёздочкой: W@{ $w }*,F@{ $f } или W@{ $w },F@{ $f }*
reason-piece-on = фигура на { $square } ({ $piece })
reason-any-piece-on = фигура на { $square }
reason-crown-sign-first = напишите ход перед знаком короны, как в Nf3@g1 или Qe5^c3
reason-crown-act-written = { $why }; с короной этот ход можно записать так: { $moves }
reason-crown-carried = Вашу корону несёт { $carrier }{ $count ->
        [0] {""}
        [1] ; с ней сделан Ваш последний ход
       *[other] ; с ней сделаны два Ваших последних хода
    }
reason-crown-lies = Ваша корона лежит на { $square }
reason-crown-captured = Ваша корона взята
reason-crown-third-move-drops = { $state }; третий ход подряд с короной оставляет её там, где ход начинается, и ни на каком другом поле
reason-crown-drop-where = { $state }; несущая фигура оставляет её только там, где начинается её ход, или на поле, через которое проходит
reason-crown-only-carrier-drops = оставить корону может только несущая её фигура, а { $state }
reason-crown-dropper-passes = { $state }; фигура, оставившая её, может пройти через неё, но не поднять
reason-crown-none-to-pick-up = на пути этого хода на { $square } нет Вашей короны, которую можно поднять: { $state }
reason-crown-in-castling = на { $square } лежит корона: при рокировке корона не может лежать ни между королём и ладьёй, ни там, куда они встают
reason-crown-dropper-barred = Вашу корону на { $square } оставила { $dropper }, и она не может поднять её снова, пока корону не оставит другая фигура (пройти через неё можно)
reason-crown-not-picked-up-castling = Ваша корона лежит на { $square }, а при рокировке её никто не поднимает
reason-transfer-which-piece = укажите, какая фигура передаёт корону: её букву или поле перед >, как в K>d1
reason-transfer-names-no-piece = «{ $text }» не называет фигуру: напишите букву или поле несущей фигуры перед >, как в K>d1
reason-transfer-crown-lies = Ваша корона лежит на { $square }: передать можно только несомую корону; фигура поднимает её, проходя через неё или вставая на неё
reason-transfer-locked = Ваше последнее действие с короной было передачей: прежде чем передать корону снова, с ней должна сходить { $carrier }
reason-transfer-cannot = { $carrier } не может передать корону на { $square }: передача идёт по одному из ходов несущей фигуры, по свободному пути, к Вашей фигуре (сейчас: { $count ->
        [0] передача невозможна
       *[other] { $moves }
    })
reason-ninja-grammar = ход ниндзя записывается J@e4 (ввод), Je4-f6, Je4xf6 (со взятием на f6), Je4xe5-f6 (со взятием на e5 по пути), Je4xe5xf6, Je4-e4 (туда и обратно) или Jb2-off (за край доски)
reason-ninja-gone = Ваш ниндзя взят: он выбыл навсегда
reason-ninja-not-in-reserve = Ваш ниндзя стоит на { $square }, а не в резерве
reason-ninja-drop-occupied = поле { $square } занято ({ $piece })
reason-ninja-in-reserve = Ваш ниндзя в резерве: сначала введите его на свободное поле, как J@e4
reason-ninja-elsewhere = Ваш ниндзя стоит на { $square }, а не на { $origin }
reason-ninja-first-step = { $step } не в одном шаге от { $square }: первый шаг идёт на соседнее поле
reason-ninja-no-enemy = на { $square } нет фигуры соперника, которую можно взять
reason-ninja-far-from-edge = ниндзя на { $square } дальше двух шагов от края доски
reason-ninja-no-step-off = с { $square } ни один шаг не выводит за край доски
reason-ninja-too-far = { $to } дальше двух шагов короля от { $square }: ниндзя ходит ровно на два шага короля
reason-ninja-second-step = { $to } не в одном шаге от { $step }, где заканчивается первый шаг
reason-ninja-cannot = ниндзя на { $square } так ходить не может
piece-monarch = монарх

## A setup answer refused (the Crown's choice, Secret Intelligence's seed)
reason-crown-choose = напишите «{ word-crown } { word-king }» или «{ word-crown } { word-queen }», чтобы выбрать, какой монарх носит Вашу корону
reason-crown-already-on = Ваша корона уже на { $monarch ->
    [king] Вашем короле
   *[queen] Вашем ферзе
}: запись сделана и не может быть изменена
reason-crown-no-monarch = у Вас нет ни короля, ни ферзя, чтобы их короновать: Ваша корона покинула их до этой позиции
reason-seed-already-in = Ваше зерно уже получено: его нельзя изменить
reason-seed-too-long = зерно может содержать не более { $most ->
    [one] { $most } символа
   *[other] { $most } символов
}
reason-seed-not-one-word = зерно — это одно слово из букв, цифр и знаков препинания, кроме «:» (не { $bad })
