# Слова писем herald игрокам, по-русски. Шаблоны (templates/*.txt) располагают письмо и
# называют эти сообщения; абзац — одно сообщение, письмо переносит его по 78 колонкам.
# Имена ($opponent, $name) — собственные имена игроков, не склоняются.

## Every mail

hello = Здравствуйте, { $name }!
hello-nobody = Здравствуйте!
signature = herald, судья партий по электронной почте

## Subjects of a game's mails (after "[herald #N] variant: ")

subject-reminder = напоминание
subject-time-up = время истекло
subject-opponent-unreachable = { $opponent }: письма не доходят
subject-vacation = Ваш отпуск
subject-back = возвращение из отпуска
subject-opponent-vacation = { $opponent } в отпуске
subject-opponent-back = { $opponent }: возвращение из отпуска
subject-conditions-left = условные ходы записаны
subject-conditions-cancelled = условные ходы отменены
subject-games = Ваши партии
subject-zone = Ваш часовой пояс
subject-notation = Ваша нотация
subject-format = формат Ваших писем
subject-language = Ваш язык
subject-setup = сделайте, пожалуйста, секретный выбор
subject-waiting-for-setup = ждём выбора соперника { $opponent }
subject-your-move = Ваш ход ({ $label })
subject-to-move = ходит { $opponent } ({ $label })
subject-rejected = не принято
subject-no-command = в Вашем письме нет понятной мне команды
subject-help = как играть по электронной почте
subject-confirm = подтвердите, пожалуйста, намерение { $asked }

## What a game's mail is about

invite = Вы приглашены сыграть партию «{ $variant }» против соперника { $opponent }; судья — herald. { $you-play }
invite-tournament = Эта партия входит в турнир { $tournament }.
moved = Ваш ход { $move } записан.
opponent-moved = Ваш соперник { $opponent } сыграл { $move }.
conditions-left = Ваши условные ходы записаны; соперник { $opponent } их не видит.
conditions-cancelled = Ваши условные ходы отменены; соперник { $opponent } их так и не увидел.
board-asked = Вот позиция, как Вы просили.
games-going-on = Ваши текущие партии:
games-board-hint = Ответьте «{ command-board } N» на любое моё письмо, чтобы получить позицию и ходы партии N. Ниже — партия #{ $game }, на письмо которой Вы ответили.
games-none = У Вас нет текущих партий. Ниже — партия #{ $game }, на письмо которой Вы ответили.
zone-own = Теперь Ваш часовой пояс — { $zone }: время в письмах всех Ваших партий указывается по нему. Дни по-прежнему считаются по календарю клуба ({ $club }). Ответьте «{ command-zone } club», чтобы снова видеть время клуба.
zone-club = В письмах всех Ваших партий снова указывается время клуба ({ $club }).
notation-set = Теперь ходы в Ваших письмах записываются так: { $notation }. Это действует во всех Ваших партиях, вариант которых допускает такую запись: классические шахматы и шахматы Капабланки (цифровая нотация ICCF — только классические). Остальные варианты, архивы и PGN сохраняют собственную нотацию варианта, а свои ходы Вы можете писать в любой нотации, которую я понимаю.
notation-not-here = Вариант этой партии сохраняет собственную нотацию.
format-text = Отныне мои письма Вам во всех Ваших партиях — только простой текст, без рисунка доски. Ответьте «{ command-format } html», чтобы снова получать рисунок.
format-html = Отныне мои письма Вам во всех Ваших партиях содержат рисунок доски (HTML-версию того же текста). Ответьте «{ command-format } text», чтобы получать только простой текст.
language-set = Отныне я пишу Вам по-русски во всех Ваших партиях. Ответьте «{ command-language } club», чтобы вернуться к языку клуба, или «{ command-language } CODE», чтобы выбрать другой мой язык: { $codes }.
setup-recorded = Ваш секретный выбор записан и зафиксирован.
game-begins = Оба секретных выбора сделаны и зафиксированы: партия начинается.
draw-offered-with-move = Ваш соперник { $opponent } сыграл { $move } и предлагает ничью.
draw-offered = Ваш соперник { $opponent } предлагает ничью.
draw-offer-how = Ответьте «{ command-accept }» или «{ command-decline }» (или просто сделайте ход — это тоже отказ).
draw-offer-sent = Ваше предложение ничьей отправлено сопернику { $opponent }.
draw-declined-by-you = Вы отклонили предложение ничьей.
draw-declined = Ваш соперник { $opponent } отклонил Ваше предложение ничьей.
finished-after-sequel = После { $move } сразу были сыграны условные ходы; партия окончена.
finished-after = Партия окончена после { $move }.
finished-on-time = Партия окончена: время на ход истекло.
finished = Партия окончена.
reminder-move = Напоминание: срок Вашего хода — { $deadline }.
reminder-setup = Напоминание: срок Вашего секретного выбора — { $deadline }.
reminder-forfeit = Если к этому сроку ход не поступит, Вам будет засчитано поражение по времени.
opponent-unreachable = Письма herald Вашему сопернику { $opponent } возвращаются недоставленными, поэтому { $opponent } может не знать, как обстоят дела в партии. Организатор клуба извещён.
opponent-unreachable-paused = Часы партии остановлены, пока { $opponent } снова не напишет; до тех пор никакие сроки не идут.
opponent-unreachable-runs = Часы партии идут как обычно.
vacation-recorded = Ваш отпуск записан: с { $first } по { $last }, { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
}. В эти дни Ваши часы стоят во всех Ваших текущих партиях; часы соперников идут как обычно, и соперники об этом извещены. Ответьте «{ command-back }», чтобы закончить отпуск досрочно: неиспользованные дни к Вам вернутся.
your-games = Ваши партии:
vacation-cancelled = Ваш отпуск с { $first } по { $last } отменён; ни один его день не засчитан.
welcome-back = С возвращением! Ваш отпуск длиной { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} заканчивается сегодня, { $last } (это его последний день): с завтрашнего дня Ваши часы снова идут.
opponent-vacation = { $opponent } в отпуске с { $first } по { $last }: в эти дни часы соперника стоят — в этой партии и во всех остальных. Ваши часы идут как обычно.
opponent-vacation-cancelled = Ваш соперник { $opponent } отменил отпуск с { $first } по { $last }.
opponent-back = Ваш соперник { $opponent } вернулся из отпуска: отпуск заканчивается сегодня, { $last }, и с завтрашнего дня часы соперника снова идут.
time-up-move = Срок Вашего хода истёк: { $deadline }. Партия ждёт Вас: пожалуйста, ответьте как можно скорее.
time-up-setup = Срок Вашего секретного выбора истёк: { $deadline }. Партия ждёт Вас: пожалуйста, ответьте как можно скорее.
sequel-then = Затем сразу были сыграны условные ходы:

## Where the game stands (every game mail)

status-game = Партия #{ $game }: { $variant }, { $white } (белые) — { $black } (чёрные).
status-tournament = Турнир: { $tournament }.
status-moves = Ходы: { $moves }
status-no-moves = Ходов пока нет.
status-last-move = Последний ход: { $move }
status-legal-moves = Ваши допустимые ходы:
status-result = Результат: { $score }, { $reason }.
status-points = Очки: { $points }.
status-setup = Перед первым ходом пришлите свой секретный выбор в первой строке ответа: { $prompt }.
status-reply-by = Пожалуйста, ответьте в срок: { $deadline }.
status-setup-secret = Его узнаёт только судья. Оба игрока ещё до первого хода получают его фиксацию (хеш с солью), а раскрывается он, когда того требуют правила, поэтому изменить его нельзя.
status-waiting-for-setup = Партия начнётся, когда соперник { $opponent } сделает свой секретный выбор; тогда Вы получите письмо.
status-waiting-for-setup-due = Партия начнётся, когда соперник { $opponent } сделает свой секретный выбор (срок — { $deadline }); тогда Вы получите письмо.
status-your-move = Ваш ход ({ $label }).
status-paused = Часы остановлены.
status-to-move = Ходит { $opponent } ({ $label }), срок — { $deadline }.
status-to-move-paused = Ходит { $opponent } ({ $label }); часы остановлены.
status-conditions = Ваши условные ходы, которых соперник { $opponent } не видит («{ command-cancel }» отменяет их):
status-opened-url = Сейчас раскрыто следующее. Каждая команда ниже, выполненная в терминале, выводит хеш фиксации; как его проверить, см. { $url }.
status-opened = Сейчас раскрыто следующее. Каждая команда ниже, выполненная в терминале, выводит хеш фиксации; это тот самый хеш, который Вы получили, когда секрет был выбран.
status-new-commitment = Ход { $move } определил секрет; его фиксация — хеш с солью — приведена ниже. Секрет раскрывается, когда того требуют правила, и в конце партии.
status-new-commitments = Ход { $move } определил секреты; фиксация каждого — хеш с солью — приведена ниже. Каждый раскрывается, когда того требуют правила, и в конце партии.
status-commitments = Фиксация секретов:
status-commitments-url = Фиксация секретов (что это такое: { $url }):
status-made-with = при ходе { $move }
status-opened-value = раскрыто, { $value }
status-sealed = запечатано
status-move-log = Записано в журнал ходов: { $plies ->
    [one] { $plies } ход
    [few] { $plies } хода
    [many] { $plies } ходов
   *[other] { $plies } хода
}, последнее звено:
status-your-draw-offer = Ваше предложение ничьей остаётся в силе.
status-draw-offer = Ваш соперник { $opponent } предлагает ничью: ответьте «{ command-accept }» или «{ command-decline }».

## The commands (every mail of a game going on)

commands-to-play = Чтобы сделать ход, ответьте на это письмо, написав ход в первой строке, например:
commands-number = Номер хода можно не писать; он защищает от того, чтобы старое письмо приняли за новый ход. Без номера отвечайте на последнее письмо партии: ход в ответ на более раннее письмо отклоняется — вдруг это старое письмо, отправленное повторно.
commands-wait = Вы получите письмо, когда соперник { $opponent } сделает ход.
commands-other = Другие команды, каждая в отдельной строке:
# Each command's line: the command as the mails write it, then what it does (at most 60
# characters, so that the line stays within 78 columns).
commands-draw = предложить ничью (и в строке с ходом) или потребовать её
commands-accept = принять предложение ничьей
commands-decline = отклонить его
commands-resign = сдать партию
commands-board = прислать позицию ещё раз
commands-if = условные ходы, с Вашим ходом или отдельно (см. «{ command-help }»)
commands-cancel = отменить Ваши условные ходы
commands-help = объяснить команды
commands-games = список Ваших партий: чей ход и до какого срока
commands-board-n = прислать позицию и ходы партии N (из любого моего письма)
commands-zone = время в письмах по часовому поясу ({ command-zone } Europe/Berlin)
commands-notation = как записывать ходы в письмах: san, long или iccf
commands-format = text — только простой текст; html — с рисунком доски
commands-language = язык моих писем: { $codes } или club
commands-vacation = остановить часы во всех партиях на N дней со следующего дня
commands-back = закончить отпуск сегодня (или отменить ещё не начатый)

## The help

help-nothing-changed = Ничего не изменено.
help-intro = Вот как играть в «{ $variant }» по электронной почте.
help-first-line = Напишите ход или одну из команд ниже в первой строке ответа: цитаты и Ваша подпись не учитываются. Если в ответе нет Вашего собственного текста, читается его тема.

## A refusal

rejected-read = Ваше письмо прочитано, но ничего не изменено:
rejected-how-moves = Как записываются ходы в этой партии:

## A confirmation

confirm-asked = herald получил с Вашего адреса письмо с просьбой { $asked }.
confirm-club = Клуб просит каждого игрока подтверждать окончание партии.
confirm-unauthenticated = Это завершило бы партию, а подтвердить, что письмо отправлено через Вашего почтового провайдера, не удалось.
confirm-not-yet = Пока ничего не изменено, и соперник { $opponent } ни о чём не извещён.
confirm-how = Чтобы подтвердить, ответьте на это письмо (не меняя тему), написав в первой строке:
confirm-ignore = Если Вы не отправляли того письма, просто не обращайте внимания на это: ничего не изменится, и Вы можете продолжать игру. Запрос на подтверждение теряет силу со следующим ходом.

## Mails herald could not take

too-large-subject = herald: Ваше письмо слишком велико, чтобы его прочитать
too-large = herald получил с этого адреса письмо, превышающее допустимый размер (предел — { $limit ->
    [one] { GROUPED($limit) } байт
    [few] { GROUPED($limit) } байта
   *[many] { GROUPED($limit) } байт
}), поэтому оно не прочитано и ничего не изменено. Пожалуйста, пришлите ход простым текстом, без вложений.
unverified-subject = herald: не удалось проверить Ваше письмо
unverified = herald получил с этого адреса письмо, которое не удалось сопоставить ни с одной Вашей партией: либо был изменён адрес для ответа или тема, либо письмо отправлено не с того адреса, который herald знает для этого игрока. Ничего не изменено.
unverified-how = Пожалуйста, отвечайте прямо на последнее письмо herald, с того адреса, с которого Вы играете.

## Tournaments

tournament-subject-confirm = подтвердите, пожалуйста, участие
tournament-subject-entered = Ваше участие подтверждено
tournament-subject-removed = Ваша заявка отозвана
tournament-subject-withdrawn = Вы вышли из турнира
tournament-subject-confirm-withdrawal = подтвердите, пожалуйста, выход из турнира
tournament-subject-begins = турнир начинается
tournament-subject-round = жеребьёвка { $round }-го тура
tournament-subject-final = итоговая турнирная таблица
tournament-subject-digest = положение за день
tournament-confirm = Кто-то — надеемся, что Вы, — попросил записать Вас в турнир { $tournament } ({ $variant }, { $system }); судья — herald.
tournament-confirm-how = Чтобы подтвердить участие, ответьте на это письмо (подойдёт любой текст, например «да»).
tournament-confirm-ignore = Если Вы об этом не просили, не обращайте внимания на это письмо: без Вашего ответа ничего не произойдёт.
tournament-entered = Ваше участие в турнире { $tournament } ({ $variant }, { $system }) подтверждено. Когда турнир начнётся, Вы получите письмо по каждой своей партии.
tournament-withdraw-how = Чтобы выйти из турнира, ответьте на это письмо «{ command-withdraw }».
tournament-removed = Ваша заявка на турнир { $tournament } отозвана, как Вы и просили.
tournament-withdrawn = Вы вышли из турнира { $tournament }.
tournament-confirm-withdrawal = herald получил с Вашего адреса письмо с просьбой о выходе из турнира { $tournament }. Выход завершает Ваши партии в нём, поэтому пока ничего не изменено.
tournament-confirm-withdrawal-ignore = Если Вы не отправляли того письма, просто не обращайте внимания на это: ничего не изменится, и Вы продолжаете играть.
tournament-begins = Турнир { $tournament } ({ $variant }, { $system }, { $rounds ->
    [one] { $rounds } тур
    [few] { $rounds } тура
    [many] { $rounds } туров
   *[other] { $rounds } тура
}) начинается; в нём { $players ->
    [one] { $players } участник
    [few] { $players } участника
    [many] { $players } участников
   *[other] { $players } участника
}. Каждая Ваша партия придёт отдельным письмом: чтобы сделать ход, отвечайте на него.
tournament-begins-withdraw = Чтобы выйти из турнира, ответьте на это письмо «{ command-withdraw }».
tournament-round = Проведена жеребьёвка { $round }-го тура турнира { $tournament }. Каждая Ваша партия придёт отдельным письмом.
tournament-final = Турнир { $tournament } завершён. Спасибо за игру!
tournament-digest = Положение в турнире { $tournament } после { $headline }.

## Часы: контроль времени, считаемый в днях

# A deadline in a control counted in days: the end of the club's day.
due-end-of-day = конец дня { $date } ({ $zone })
# ... and the moment it is where the player chose to read times.
due-your-time = { $club }, по Вашему времени — { $minute }
control-per-move = { $days } на ход
control-moves = { $moves ->
    [one] { $moves } ход
    [few] { $moves } хода
    [many] { $moves } ходов
   *[other] { $moves } хода
} за { $days }
control-bank-even = { $increment } за ход, в запасе не более { $max }
control-bank = { $start } + { $increment } за ход, в запасе не более { $max }
clock-control = Контроль времени: { $control }.
clock-control-moves = Контроль времени: { $control }; неиспользованные дни переносятся на { $moves ->
    [one] следующий { $moves } ход
    [few] следующие { $moves } хода
    [many] следующие { $moves } ходов
   *[other] следующие { $moves } хода
}.
clock-control-bank = Контроль времени: { $control }: каждый ход добавляет { $increment } к запасу времени сделавшего его игрока, но запас никогда не превышает { $max }.
# $whose is `yours` or `theirs` ($player's).
clock-left = { $whose ->
    [yours] Ваши часы
   *[theirs] Часы игрока { $player }
}: в запасе { $days } на ходы до { $move }-го.
clock-bank = { $whose ->
    [yours] Ваш запас времени
   *[theirs] Запас времени игрока { $player }
}: { $days }.
vacation-yours = Ваш отпуск: с { $first } по { $last }; в эти дни Ваши часы стоят.
vacation-theirs = Отпуск игрока { $player }: с { $first } по { $last }; в эти дни часы игрока стоят.

## A tournament game

tournament-place = { $tournament }, тур { $round }, доска { $board }
tournament-ratings = рейтинги: белые { $white }, чёрные { $black }
unrated = без рейтинга

## Conditional moves played at once

sequel-yours = Ваш условный ход
sequel-theirs = условный ход игрока { $player }

## Refusals

refused-language = Я не пишу на языке «{ $word }»: напишите «{ command-language }» и один из кодов { $codes } или «{ command-language } club», чтобы выбрать язык клуба.

## What the variants say

prompt-crown = { word-crown } { word-king } или { word-crown } { word-queen }
prompt-seed = { word-seed } СЛОВО (любое своё слово: оно примешивается к случайной жеребьёвке армий и расстановки) или просто { word-seed }
notice-check = Вам шах.
notice-your-crown = Ваша корона: { $monarch }.
notice-crown-attacked = Ваш коронованный { $monarch } атакован.
# $side is `white` or `black`.
notice-crown-opened = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: { $monarch } (раскрыта).
notice-crown-sealed = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: { $monarch } (для игроков пока запечатана).
# Why a mail held no command (the help follows).
no-command-empty = В Вашем письме нет команды: оно пустое.
no-command-quoted = В Вашем письме нет команды: всё в нём — цитата из предыдущего письма.
no-command-signature = В Вашем письме нет команды: только подпись.
no-command-attachments = В Вашем письме нет текста, который я могу прочитать, — только вложения.
no-command-undecodable = Не удалось декодировать текст Вашего письма (недопустимая кодировка { $encoding }).
no-command-broken = Не удалось прочитать Ваше письмо: { $why }.
no-command-html = Не удалось прочитать текст Вашего письма: его HTML слишком глубоко вложен. Пожалуйста, пришлите простой текст.
no-command-number-only = В Вашем письме указан номер хода ({ $number }), но нет самого хода.
unreadable-line = Первая строка Вашего письма, «{ $text }», — не ход и не команда.
unreadable-subject = В Вашем письме нет команды, а его тема, «{ $text }», — не ход и не команда.
# Why a command was refused.
refused-game-over = Партия окончена; ходы и предложения больше не принимаются.
refused-not-begun = Партия ещё не началась: она начнётся, когда ответят оба игрока ({ $waiting }).
refused-no-offer-to-accept = Нет предложения ничьей от соперника, которое можно было бы принять.
refused-no-offer-to-decline = Нет предложения ничьей от соперника, которое можно было бы отклонить.
refused-nothing-to-cancel = У Вас нет условных ходов, которые можно было бы отменить.
# $side is `white` or `black`, the side to move.
refused-not-your-move = Сейчас не Ваш ход: ходят { $side ->
    [white] белые
   *[black] чёрные
} ({ $label }).
refused-wrong-number = В Вашем письме ход указан как { $number } { $move }, но в партии сейчас { $current } — возможно, это старое письмо или письма пришли не по порядку. Ничего не сыграно; если { $move } — всё ещё Ваш ход, пришлите его снова.
refused-stale-move = Ваше письмо отвечает на одно из моих писем, отправленных до последнего хода, поэтому оно может быть старым, отправленным повторно или пришедшим не по порядку. Ничего не сыграно; если { $move } — всё ещё Ваш ход, пришлите его снова с номером ({ $current } { $move }) или ответом на моё последнее письмо.
refused-offer-already-open = Ваше предложение ничьей уже в силе.
refused-conditions-on-your-move = Сейчас Ваш ход: условные ходы пишутся вместе с ним, в той же строке или в строках после неё («{ $yours } Ваш ход { command-if } { $theirs } ход соперника { $answer } Ваш ответ»).
refused-no-conditions = В Вашем письме нет условных ходов.
refused-stale-conditions = Ваше письмо отвечает на одно из моих писем, отправленных до последнего хода, поэтому оно может быть старым, отправленным повторно или пришедшим не по порядку. Ничего не изменено; пришлите условные ходы снова с номерами или ответом на моё последнее письмо.
# What became of conditional moves.
conditions-dropped = Ваши условные ходы сняты: соперник { $player } сыграл { $move }, а такого хода ни один из них не ждал.
conditions-offer-open = Ваш условный ход { $move } не сыгран: в силе предложение ничьей от соперника { $player }, а ход означал бы отказ от него. Решение за Вами; Ваши условные ходы отменены.
conditions-unplayable = Ваш условный ход { $move } сыграть не удалось ({ $why }); Ваши условные ходы сняты.
refused-zone = Я не знаю часового пояса «{ $word }»: напишите его название так, как в базе часовых поясов, например «{ command-zone } Europe/Berlin» или «{ command-zone } America/New_York», либо «{ command-zone } club» для пояса клуба.
refused-format = Я не знаю формата писем «{ $word }»: напишите «{ command-format } text», чтобы получать только простой текст, или «{ command-format } html», чтобы получать письма с рисунком доски.
refused-notation = Я не знаю нотации «{ $word }»: напишите «{ command-notation } san» (Кf3), «{ command-notation } long» (Кg1-f3) или «{ command-notation } iccf» (7163).
refused-vacation-days = Напишите после слова число дней отпуска, например «{ command-vacation } 7» — семь дней начиная с завтрашнего (не более { $most }).
refused-vacation-allowance = Отпуск с { $first } по { $last } занял бы { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} отпуска в { $year } году, а у Вас на этот год в запасе { $left } (всего { $allowed } на { $year } год, из них использовано или забронировано: { $taken }). Ничего не изменено.
refused-not-on-vacation = Вы не в отпуске, и отпуск не запланирован: заканчивать нечего.
refused-vacation-ends-today = Ваш отпуск и так заканчивается сегодня, { $today }: заканчивать нечего.
refused-no-such-game = С этого адреса Вы не играете партию #{ $game }; «{ command-games }» покажет партии, которые Вы играете.

## Vacations and the list of games

vacation-days-left = Осталось дней отпуска на { $year } год: { $left } из { $allowed }.
vacation-game-yours = #{ $game } { $variant } против соперника { $opponent }: идут Ваши часы, срок — { $deadline }
vacation-game-theirs = #{ $game } { $variant } против соперника { $opponent }: идут часы соперника
overview-line = #{ $game } { $variant } против соперника { $opponent }: { $what }
overview-your-choice = ждём Вашего секретного выбора
overview-their-choice = ждём секретного выбора соперника { $opponent }
overview-your-move = Ваш ход ({ $label })
overview-their-move = ходит { $opponent } ({ $label })
overview-due = { $what }, срок — { $deadline }

## What a confirmation asks

asked-resign = сдать эту партию
asked-accept-draw = принять предложение ничьей
asked-claim-draw = потребовать ничью

## Notations, as `notation` answers name them

notation-san = краткая алгебраическая нотация (Кf3, exd5, O-O)
notation-long = полная алгебраическая нотация (Кg1-f3, e4xd5, O-O)
notation-iccf = цифровая нотация ICCF (7163, 5445, 5171)

## Conditional moves that cannot be taken ($line: the line as the player wrote it)

conditions-too-many-lines = В Вашем письме { $lines ->
    [one] { $lines } строка
    [few] { $lines } строки
    [many] { $lines } строк
   *[other] { $lines } строки
} условных ходов; принимается не более { $most }.
conditions-no-if = Условия «{ $line }» не начинаются с «{ command-if }».
conditions-too-many-steps = В строке «{ $line }» { $steps ->
    [one] { $steps } шаг
    [few] { $steps } шага
    [many] { $steps } шагов
   *[other] { $steps } шага
}; в строке может быть не более { $most }.
conditions-two-numbers = В «{ $line }» два номера хода стоят подряд.
conditions-number-alone = В «{ $line }» номер хода стоит без хода.
conditions-no-move = В «{ $line }» после «{ command-if }» нет хода.
conditions-no-answer = В «{ $line }» на «{ command-if } { $expect }» нет ответа: напишите свой ход после хода соперника.
conditions-third-move = В «{ $line }» за «{ command-if } { $expect } { $answer }» следует ещё { $third }: каждое «{ command-if }» содержит ход соперника и Ваш ответ; начинайте следующий шаг с нового «{ command-if }».
conditions-after-the-end = В Ваших условиях «{ $line }» ход { $move } идёт уже после того, как партия была бы окончена.
conditions-wrong-number = В Ваших условиях «{ $line }» у хода { $move } неверный номер: должен быть { $number }.
# $whose is `yours` or `theirs` (the opponent's move).
conditions-unplayable-move = В Ваших условиях «{ $line }» { $whose ->
    [yours] Ваш ход
   *[theirs] ход соперника
} { $move } сделать нельзя: { $why }.
conditions-two-answers = Ваши условия дважды отвечают на { $expect }: ходом { $first } и ходом { $second } (в «{ $line }»); условие должно называть один ход.

## Tournament entries refused

entry-subject-no-such-tournament = такого турнира нет
entry-subject-not-open = приём заявок закрыт
entry-subject-not-entered = Вы не записаны в турнир
entry-subject-nothing-to-withdraw = выходить не из чего
entry-no-such-tournament = Турнира «{ $wanted }» здесь нет. Напишите «{ command-join }» и номер или название турнира так, как их объявил клуб.
entry-not-open = Турнир { $tournament } сейчас не принимает заявки по почте ({ $stage }).
entry-not-entered = Вы не записаны в турнир.
entry-nothing-to-withdraw = У Вас не осталось партий, из которых можно было бы выйти.
entry-withdrawn-games = Ваши партии засчитываются по правилу клуба о выбывших участниках; турнир продолжается без Вас.

## Mails to the club's director (in the club's language)

unreachable-subject = herald: игрок { $player } недоступен
unreachable = Письма herald игроку { $player } <{ $email }> { $failures ->
    [one] { $failures } раз
    [few] { $failures } раза
    [many] { $failures } раз
   *[other] { $failures } раза
} подряд вернулись недоставленными (постоянные ошибки доставки, при разных ходах), поэтому herald теперь считает этого игрока недоступным. Последний возврат касался письма herald в партии #{ $game }.
unreachable-server = Ответ почтового сервера:
unreachable-none-given = (не указано)
unreachable-reported-by = Отчёт прислал
unreachable-games = Текущие партии игрока (каждый соперник извещён):
unreachable-against = против { $opponent }
unreachable-paused = часы остановлены
unreachable-runs = часы идут
unreachable-no-games = У игрока нет текущих партий.
unreachable-what-now = herald продолжает отправлять игроку письма. Игрок снова считается доступным, а все остановленные часы снова идут, как только в одной из его партий придёт письмо от этого игрока. Часы стоят не более { $days ->
    [one] { $days } дня
    [few] { $days } дней
    [many] { $days } дней
   *[other] { $days } дня
}: затем они снова идут, и Вам сообщат, чтобы Вы приняли решение.
pause-over-subject = herald: часы партии #{ $game } снова идут после { $days ->
    [one] { $days } дня
    [few] { $days } дней
    [many] { $days } дней
   *[other] { $days } дня
} остановки из-за игрока { $player }
pause-over = Часы партии #{ $game } ({ $variant }, { $player } <{ $email }> против { $opponent }) стояли { $days ->
    [one] { $days } день
    [few] { $days } дня
    [many] { $days } дней
   *[other] { $days } дня
} — это наибольший срок, на который herald останавливает часы из-за возвращающихся писем (bounces.max_pause_days). Теперь они снова идут с того места, где остановились.
pause-over-decide = Письма herald игроку { $player } по-прежнему считаются недоставленными. Пожалуйста, примите решение по партии: часы идут, как в любой партии, так что игрок может проиграть по времени; как директор Вы также можете присудить результат или засчитать техническое поражение.
pairing-failed-subject = herald: не удаётся провести жеребьёвку { $round }-го тура турнира { $tournament }
pairing-failed = herald не смог провести жеребьёвку { $round }-го тура турнира { $tournament } (турнир #{ $id }, { $variant }, { $system }):
pairing-failed-decide = Правила жеребьёвки оставляют это решение директору, а не программе: ни один тур не начнётся, пока Вы не примете решение (например, о выбывании участника или о завершении турнира), а затем проведите жеребьёвку командой

## A move not accepted ($input: what the player wrote; $reason: the variant's own words)

move-error-empty = ход не указан
move-error-unreadable = «{ $input }» — не ход, который herald может прочитать; пишите так: Кf3, exd5, e8=Ф, O-O или e2-e4
move-error-illegal = «{ $input }» — недопустимый ход: { $reason }
move-error-unclear-letter = в «{ $input }» буква фигуры «{ $letter }» — кириллическая: в русской нотации она обозначает другую фигуру, чем похожая на неё латинская буква; напишите фигуру английской буквой (K — король, Q — ферзь, R — ладья, B — слон, N — конь)
move-error-ambiguous = «{ $input }» может означать любой из ходов { $candidates }; уточните, какой

## The help of a variant that offers conditional moves

conditional-help = Условные ходы: вместе со своим ходом Вы можете оставить ответы на следующие ходы соперника, которых соперник не видит, например «14. Кf3 { command-if } 14... Сg4 15. h3 { command-if } 15... Сh5 16. g4», а также дальнейшие строки, каждая из которых начинается с «{ command-if }». Каждый ход проверяется при отправке. Когда соперник делает ход, которого ждёт одна из строк, ответ из неё играется сразу, и об этом сообщается обоим игрокам; если соперник делает другой ход, строки снимаются. Пока ход за соперником, письмо из одних строк «{ command-if }» заменяет прежние; «{ command-cancel }» их отменяет.

## The legend under a board of pieces beyond chess's

legend = Фигуры: { $entries }.
legend-piece = { $letter } { $name }
legend-as-king = { $letter } { $name } (ходит как король)
legend-carries-crown = * несёт корону
legend-crown-alone = O корона, лежащая отдельно
notes-unknown-pieces = Неизвестные фигуры и поле, с которого каждая начинала:

## Таблицы турнира и результаты (заголовок не шире своего столбца: место — 3 знака,
## номер — 2, очки — 3)

table-rank = М
table-name = Имя
table-points = Очк
table-number = №
table-round = Тур
table-bye = без пары
table-annulled = аннулирована
table-forfeit = неявка
table-time = время
table-pts = очк.
tournament-result-headline = Тур { $round }, доска { $board }: { $white } - { $black } { $score } ({ $reason })
# После «после»: родительный падеж.
tournament-digest-results = { $results ->
    [one] { $results } результата
   *[other] { $results } результатов
}

## What the variants say
notice-ninjas = Ниндзя: белых — { $white }; чёрных — { $black }.
notice-ninja-on = на { $square }
notice-ninja-in-reserve = в резерве
notice-ninja-captured = взят
notice-may-hide = Своим ходом Вы можете спрятать корону на любом пустом поле: напишите hide и поле (hide d5).
notice-hidden-yours = Ваша корона спрятана на { $square }.
notice-hidden-on = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
} спрятана на { $square }.
notice-hidden = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
} спрятана.
notice-hidden-grid = { $side ->
    [white] Спрятанная корона белых
   *[black] Спрятанная корона чёрных
}: исключено полей — { $ruled } из { $squares } (x), не проверено — { $left } (.)
notice-crown-found = { $side ->
    [white] Белые нашли корону чёрных
   *[black] Чёрные нашли корону белых
} на { $square }.
notice-army-captured = { $side ->
    [white] Белые взяли всю армию чёрных.
   *[black] Чёрные взяли всю армию белых.
}
notice-stopped = { $side ->
    [white] Белые
   *[black] Чёрные
} остановились на своей же спрятанной короне на { $square }.
notice-stopped-piece = { $side ->
    [white] Белые
   *[black] Чёрные
} остановили фигуру ({ $piece }) на своей же спрятанной короне на { $square }.
notice-split-blocked = { $side ->
    [you] Ваш { $monarch }
    [white] Белые: { $monarch }
   *[black] Чёрные: { $monarch }
} не имеет пустых соседних полей — он не может разделиться и остаётся целым и королевским.
notice-split-yours = Ваш некоронованный монарх пал: следующим ходом Ваш { $monarch } разделится на две половины, коронованную отметьте звёздочкой ({ $example }).
notice-split-due = { $side ->
    [white] Белые: { $monarch } должен разделиться следующим ходом белых.
   *[black] Чёрные: { $monarch } должен разделиться следующим ходом чёрных.
}
notice-split-never = { $side ->
    [you] Ваш { $monarch }
    [white] Белые: { $monarch }
   *[black] Чёрные: { $monarch }
} не смог разделиться — он остаётся целым и королевским.
notice-half-unknown = { $side ->
    [you] Ваша корона
    [white] Корона белых
   *[black] Корона чёрных
} — на одной из половин.
notice-half-lost = { $side ->
    [you] Вы потеряли
    [white] Белые потеряли
   *[black] Чёрные потеряли
} коронованную половину { $half }.
notice-half-opened = { $side ->
    [you] Ваша корона
    [white] Корона белых
   *[black] Корона чёрных
}: половина { $half } на { $square } (раскрыта).
notice-half-sealed = { $side ->
    [you] Ваша корона
    [white] Корона белых
   *[black] Корона чёрных
}: половина { $half } на { $square } (для игроков пока запечатана).
notice-half-yours = Ваша корона — на половине { $half } на { $square }.
notice-half-attacked = Ваша коронованная половина { $half } атакована.
notice-stones-in-reserve-both = В резерве: у белых { $white } { $white ->
    [one] камень
    [few] камня
   *[many] камней
}, у чёрных { $black } { $black ->
    [one] камень
    [few] камня
   *[many] камней
} (использовать могут: { $usable ->
    [neither] никто
    [white] белые
    [black] чёрные
   *[both] обе стороны
}).
notice-stones-yours = Ваши камни: { $stones }.
notice-stones = { $side ->
    [white] Камни белых
   *[black] Камни чёрных
}: { $stones }.
notice-stone-mined = { $square } заминирован
notice-stone-plain = { $square } обычный
notice-stones-in-reserve = в резерве: { $count } ({ $which ->
    [plain] обычные
    [mined] заминированный: отметьте его * при вводе
   *[one-mined] один из них заминирован: отметьте его * при вводе, например S@e4*
})
notice-stone-blast = { $side ->
    [white] Камень белых на { $square } был заминирован: { $crowned ->
        [yes] коронованная фигура чёрных
       *[no] фигура чёрных
    }
   *[black] Камень чёрных на { $square } был заминирован: { $crowned ->
        [yes] коронованная фигура белых
       *[no] фигура белых
    }
} ({ $piece }) взорвана.
notice-kcrown-on = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: на фигуре ({ $piece } { $square }).
notice-kcrown-once = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: на фигуре ({ $piece } { $square }), которая уже сделала с ней один ход.
notice-kcrown-twice = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: на фигуре ({ $piece } { $square }), которая сделала с ней два хода подряд: следующим ходом она оставит корону на { $square }.
notice-kcrown-dropped = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: лежит на { $square }; её оставила фигура ({ $piece } { $from }), которая не может её поднять.
notice-kcrown-lying = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: лежит на { $square }.
notice-kcrown-captured = { $side ->
    [white] Корона белых
   *[black] Корона чёрных
}: взята.
notice-kcrown-transferred = { $side ->
    [white] Белые
   *[black] Чёрные
} последними передали корону: прежде чем передать её снова, они должны сходить фигурой ({ $piece } { $square }).
notice-your-crown-attacked = Ваша корона атакована.
notice-krithala-legend = *: фигура несёт свою корону. O, o: корона белых, чёрных, лежащая отдельно.
notice-royal-notation = Цифровая нотация: вертикали от a до j — это 1–10, так что e4 — это 54, а j6 — 106. На доске H — королевский страж (G'), а G — ферзевый страж.
notice-guard-powered = { $side ->
    [white] Превращённый страж белых
   *[black] Превращённый страж чёрных
} на { $square } на первый ход с этого поля получает силу ферзя.
notice-recapture = { $side ->
    [white] Белые
   *[black] Чёрные
} могут взять обратно на { $square } ладьёй через своих стражей — только этим ходом.
notice-position-record = Запись позиции: { $record }
notice-crowds = Толпы, где ничего нельзя взять и король никогда не под шахом: { $crowds }.
notice-crowd-side = { $side ->
    [white] белые:
   *[black] чёрные:
} { $pieces }
notice-pair = { $side ->
    [white] Пара белых
   *[black] Пара чёрных
}: { $first } и { $second }.
notice-your-pair = Ваша пара: { $first } и { $second }.
notice-decoy-check = Шах: под шахом Ваша обманка (Ваш король не под шахом).
notice-check-given = Шах: Ваш ход атакует короля или обманку соперника.
notice-pieces-captured = { $side ->
    [white] Взятые фигуры белых
   *[black] Взятые фигуры чёрных
}: { $pieces }.

## The board picture's alt text (what a screen reader reads, or a client shows without
## pictures). $side is `white` or `black`.
alt-seen-from = Доска со стороны { $side ->
    [white] белых
   *[black] чёрных
}.
alt-side = { $side ->
    [white] Белые
   *[black] Чёрные
}: { $pieces }.
alt-side-empty = { $side ->
    [white] Белые
   *[black] Чёрные
}: на доске ничего нет.
# A piece's name stays in the nominative: several of one kind say how many.
alt-group = { $count ->
    [one] { $piece } { $squares }
   *[other] { $piece } ({ $count }): { $squares }
}
alt-crowned = { $square } (с короной)
alt-unknown = фигура неизвестного вида на { $square } (отслеживается как { $label })
alt-crown-alone = корона, лежащая отдельно на { $square }
alt-crowds = Скопления, снизу вверх: { $crowds }.
alt-crowd-piece = { $piece } ({ $side ->
    [white] белые
   *[black] чёрные
})
