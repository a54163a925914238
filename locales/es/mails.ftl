# Las palabras de los correos de herald a los jugadores, en español. Las plantillas
# (templates/*.txt) componen los correos y nombran estos mensajes; un párrafo es un mensaje,
# que el correo corta a 78 columnas. Los nombres ($opponent, $name) son los de los jugadores.

## Every mail

hello = Hola, { $name }:
hello-nobody = Hola:
signature = herald, árbitro de partidas por correo electrónico

## Subjects of a game's mails (after "[herald #N] variant: ")

subject-reminder = recordatorio
subject-time-up = se acabó el tiempo
subject-opponent-unreachable = no se puede contactar con { $opponent }
subject-vacation = sus vacaciones
subject-back = vuelta de vacaciones
subject-opponent-vacation = { $opponent } de vacaciones
subject-opponent-back = { $opponent } vuelve de vacaciones
subject-conditions-left = jugadas condicionales registradas
subject-conditions-cancelled = jugadas condicionales anuladas
subject-games = sus partidas
subject-zone = su zona horaria
subject-notation = su notación
subject-format = el formato de sus correos
subject-language = su idioma
subject-setup = su elección secreta, por favor
subject-waiting-for-setup = esperando la elección de { $opponent }
subject-your-move = le toca jugar ({ $label })
subject-to-move = le toca a { $opponent } ({ $label })
subject-rejected = no aceptado
subject-no-command = su correo no contenía ningún comando que yo pudiera leer
subject-help = cómo jugar por correo
subject-confirm = confirme, por favor, que desea { $asked }

## What a game's mail is about

invite = Le invitamos a una partida de { $variant } contra { $opponent }, arbitrada por herald. { $you-play }
invite-tournament = Esta partida forma parte del torneo { $tournament }.
moved = Su jugada { $move } ha quedado registrada.
opponent-moved = { $opponent } ha jugado { $move }.
conditions-left = Sus jugadas condicionales han quedado registradas; { $opponent } no las ve.
conditions-cancelled = Sus jugadas condicionales han sido anuladas; { $opponent } nunca las vio.
board-asked = Aquí tiene la posición, como pidió.
games-going-on = Sus partidas en curso:
games-board-hint = Responda «{ command-board } N» a cualquier correo mío para recibir la posición y las jugadas de la partida N. Abajo está la partida #{ $game }, en la que usted escribió.
games-none = No tiene ninguna partida en curso. Abajo está la partida #{ $game }, en la que usted escribió.
zone-own = Su zona horaria es ahora { $zone }: las horas de los correos de todas sus partidas se muestran en ella. Los días se siguen contando según el calendario del club ({ $club }). Responda «{ command-zone } club» para volver a ver las horas del club.
zone-club = Los correos de todas sus partidas vuelven a mostrar las horas del club ({ $club }).
notation-set = Sus jugadas se muestran ahora en { $notation }, en los correos de todas sus partidas cuya variante pueda escribirlas así: ajedrez y Capablanca (números ICCF: solo ajedrez). Las demás variantes, los archivos y el PGN conservan la notación propia de cada variante, y usted puede escribir sus jugadas en cualquier notación que yo lea.
notation-not-here = La variante de esta partida conserva la suya.
format-text = A partir de ahora, mis correos, en todas sus partidas, serán solo texto plano, sin el tablero dibujado como imagen. Responda «{ command-format } html» para volver a recibir la imagen.
format-html = A partir de ahora, mis correos, en todas sus partidas, incluirán el tablero dibujado como imagen (una versión HTML del mismo texto). Responda «{ command-format } text» para recibir solo texto plano.
language-set = A partir de ahora le escribo en español, en todas sus partidas. Responda «{ command-language } club» para el idioma del club, o «{ command-language } CODE» para otro de mis idiomas: { $codes }.
setup-recorded = Su elección secreta ha quedado registrada y sellada con un compromiso.
game-begins = Las dos elecciones secretas están hechas y selladas con su compromiso: la partida comienza.
draw-offered-with-move = { $opponent } ha jugado { $move } y ofrece tablas.
draw-offered = { $opponent } ofrece tablas.
draw-offer-how = Responda «{ command-accept }» o «{ command-decline }» (o simplemente haga su jugada, lo que equivale a rechazarlas).
draw-offer-sent = Su oferta de tablas se ha enviado a { $opponent }.
draw-declined-by-you = Usted rechazó la oferta de tablas.
draw-declined = { $opponent } rechazó su oferta de tablas.
finished-after-sequel = Tras { $move } se jugaron de inmediato jugadas condicionales; la partida ha terminado.
finished-after = La partida ha terminado tras { $move }.
finished-on-time = La partida ha terminado: se agotó el tiempo para una jugada.
finished = La partida ha terminado.
reminder-move = Recordatorio: su jugada debe llegar a más tardar el { $deadline }.
reminder-setup = Recordatorio: su elección secreta debe llegar a más tardar el { $deadline }.
reminder-forfeit = Si para entonces no llega ninguna jugada, perderá la partida por tiempo.
opponent-unreachable = Los correos de herald a { $opponent } vuelven una y otra vez sin entregar, así que { $opponent } quizá no sepa cómo está la partida. Se ha avisado al organizador del club.
opponent-unreachable-paused = El reloj de la partida está detenido hasta que { $opponent } vuelva a escribir; mientras tanto no corre ningún plazo.
opponent-unreachable-runs = El reloj de la partida sigue corriendo como de costumbre.
vacation-recorded = Sus vacaciones han quedado registradas: del { $first } al { $last }, { $days ->
    [one] { $days } día
   *[other] { $days } días
}. Esos días su reloj se detiene en todas sus partidas en curso; los relojes de sus rivales corren como siempre, y se les avisa. Responda «{ command-back }» para terminarlas antes: los días que no use se le devuelven.
your-games = Sus partidas:
vacation-cancelled = Sus vacaciones del { $first } al { $last } quedan anuladas; no se cuenta ninguno de sus días.
welcome-back = Le damos de nuevo la bienvenida. Sus vacaciones terminan hoy, { $last }, tras { $days ->
    [one] { $days } día
   *[other] { $days } días
} (hoy es el último): su reloj vuelve a correr a partir de mañana.
opponent-vacation = { $opponent } está de vacaciones del { $first } al { $last }: esos días el reloj de { $opponent } está detenido, en esta partida y en todas las demás. El suyo corre como siempre.
opponent-vacation-cancelled = { $opponent } anuló sus vacaciones del { $first } al { $last }.
opponent-back = { $opponent } ha vuelto de vacaciones: terminan hoy, { $last }, y el reloj de { $opponent } vuelve a correr a partir de mañana.
time-up-move = Su tiempo para la jugada se agotó el { $deadline }. La partida le espera: por favor, responda lo antes posible.
time-up-setup = Su tiempo para la elección secreta se agotó el { $deadline }. La partida le espera: por favor, responda lo antes posible.
sequel-then = Después se jugaron de inmediato jugadas condicionales:

## Where the game stands (every game mail)

status-game = Partida #{ $game }: { $variant }, { $white } (blancas) contra { $black } (negras).
status-tournament = Torneo: { $tournament }.
status-moves = Jugadas: { $moves }
status-no-moves = Aún no hay jugadas.
status-last-move = Última jugada: { $move }
status-legal-moves = Sus jugadas legales:
status-result = Resultado: { $score }, { $reason }.
status-points = Puntos: { $points }.
status-setup = Antes de la primera jugada, responda con su elección secreta en la primera línea: { $prompt }.
status-reply-by = Por favor, responda a más tardar el { $deadline }.
status-setup-secret = Solo el árbitro la conoce. Ambos jugadores reciben su compromiso (un hash con sal) antes de la primera jugada, y se revela cuando lo dicen las reglas, así que no se puede cambiar.
status-waiting-for-setup = La partida comienza cuando { $opponent } haya hecho su elección secreta; entonces recibirá un correo.
status-waiting-for-setup-due = La partida comienza cuando { $opponent } haya hecho su elección secreta, a más tardar el { $deadline }; entonces recibirá un correo.
status-your-move = Le toca jugar ({ $label }).
status-paused = El reloj está detenido.
status-to-move = Le toca jugar a { $opponent } ({ $label }), a más tardar el { $deadline }.
status-to-move-paused = Le toca jugar a { $opponent } ({ $label }); el reloj está detenido.
status-conditions = Sus jugadas condicionales, que { $opponent } no ve («{ command-cancel }» las elimina):
status-opened-url = Se revela ahora. Cada comando de abajo, ejecutado en una terminal, muestra el hash del compromiso; en { $url } se explica cómo comprobarlo.
status-opened = Se revela ahora. Cada comando de abajo, ejecutado en una terminal, muestra el hash del compromiso; es el hash que usted recibió cuando se eligió el secreto.
status-new-commitment = La jugada { $move } decidió un secreto, comprometido con su hash con sal de abajo; se revela cuando lo dicen las reglas, y al final.
status-new-commitments = La jugada { $move } decidió secretos, cada uno comprometido con su hash con sal de abajo; cada uno se revela cuando lo dicen las reglas, y al final.
status-commitments = Compromisos:
status-commitments-url = Compromisos (qué son: { $url }):
status-made-with = hecho con { $move }
status-opened-value = revelado, { $value }
status-sealed = sellado
status-move-log = Hay { $plies ->
    [one] { $plies } jugada
   *[other] { $plies } jugadas
} en el registro de jugadas; último eslabón:
status-your-draw-offer = Su oferta de tablas sigue en pie.
status-draw-offer = { $opponent } ofrece tablas: responda «{ command-accept }» o «{ command-decline }».

## The commands (every mail of a game going on)

commands-to-play = Para jugar, responda a este correo con su jugada en la primera línea, por ejemplo:
commands-number = El número es opcional; evita que un correo antiguo se tome por una jugada nueva. Sin él, responda al último correo de la partida: una jugada que responde a uno anterior se rechaza, por si fuera un correo antiguo enviado de nuevo.
commands-wait = Recibirá un correo cuando { $opponent } haya jugado.
commands-other = Otros comandos, cada uno en su propia línea:
# Each command's line: the command as the mails write it, then what it does (at most 60
# characters, so that the line stays within 78 columns).
commands-draw = ofrecer tablas (también detrás de su jugada) o reclamarlas
commands-accept = aceptar la oferta de tablas del rival
commands-decline = rechazarla
commands-resign = abandonar la partida
commands-board = enviarme de nuevo la posición
commands-if = jugadas condicionales, tras su jugada o solas (vea «{ command-help }»)
commands-cancel = anular sus jugadas condicionales
commands-help = explicar los comandos
commands-games = listar sus partidas: a quién le toca y hasta cuándo
commands-board-n = posición y jugadas de la partida N (en cualquier correo mío)
commands-zone = horas de sus correos en otro huso ({ command-zone } Europe/Berlin)
commands-notation = cómo escriben las jugadas sus correos: san, long o iccf
commands-format = text: correos de solo texto; html: con la imagen del tablero
commands-language = el idioma de mis correos: { $codes }, o club
commands-vacation = detener su reloj en todas sus partidas N días desde mañana
commands-back = terminar hoy sus vacaciones (o anular unas no empezadas)

## The help

help-nothing-changed = No se ha cambiado nada.
help-intro = Así se juega una partida de { $variant } por correo.
help-first-line = Escriba su jugada, o uno de los comandos de abajo, en la primera línea de su respuesta: el texto citado y su firma se ignoran. Si su respuesta no contiene texto propio, se lee el asunto.

## A refusal

rejected-read = Su correo se leyó, pero no se cambió nada:
rejected-how-moves = Cómo se escriben las jugadas en esta partida:

## A confirmation

confirm-asked = herald recibió un correo desde su dirección que pedía { $asked }.
confirm-club = El club pide a cada jugador que confirme el final de una partida.
confirm-unauthenticated = Eso terminaría la partida, y no se pudo autenticar que el correo lo enviara su proveedor de correo.
confirm-not-yet = Todavía no se ha cambiado nada, y no se ha avisado a { $opponent }.
confirm-how = Para confirmar, responda a este correo (sin cambiar el asunto) con esta primera línea:
confirm-ignore = Si usted no envió ese correo, ignore este: no cambiará nada, y puede seguir jugando. La confirmación caduca con la siguiente jugada.

## Mails herald could not take

too-large-subject = herald: su correo era demasiado grande para leerlo
too-large = herald recibió desde esta dirección un correo mayor de lo permitido (el límite es de { GROUPED($limit) } bytes), así que no se leyó y no se cambió nada. Por favor, responda con su jugada en texto plano, sin adjuntos.
unverified-subject = herald: no se pudo verificar su correo
unverified = herald recibió desde esta dirección un correo que no pudo asociar a ninguna partida suya: o se cambió la dirección de respuesta o el asunto, o el correo no se envió desde la dirección que herald conoce para el jugador. No se cambió nada.
unverified-how = Por favor, responda directamente al último correo que herald le envió, desde la dirección con la que juega.

## Tournaments

tournament-subject-confirm = confirme su inscripción, por favor
tournament-subject-entered = inscripción confirmada
tournament-subject-removed = su inscripción queda retirada
tournament-subject-withdrawn = se ha retirado del torneo
tournament-subject-confirm-withdrawal = confirme su retirada, por favor
tournament-subject-begins = comienza el torneo
tournament-subject-round = ronda { $round } emparejada
tournament-subject-final = tabla cruzada final
tournament-subject-digest = clasificación del día
tournament-confirm = Alguien, esperamos que usted, ha pedido inscribirle en el torneo { $tournament } ({ $variant }, { $system }), arbitrado por herald.
tournament-confirm-how = Para confirmar la inscripción, responda a este correo (sirve cualquier texto, por ejemplo «sí»).
tournament-confirm-ignore = Si no lo pidió, ignore este correo: sin su respuesta no ocurre nada.
tournament-entered = Su inscripción en el torneo { $tournament } ({ $variant }, { $system }) está confirmada. Recibirá un correo por cada una de sus partidas cuando empiece el torneo.
tournament-withdraw-how = Para retirarse, responda «{ command-withdraw }» a este correo.
tournament-removed = Su inscripción en el torneo { $tournament } queda retirada, como pidió.
tournament-withdrawn = Se ha retirado del torneo { $tournament }.
tournament-confirm-withdrawal = herald recibió un correo desde su dirección que pedía retirarle del torneo { $tournament }. Una retirada termina sus partidas en él, así que aún no se ha cambiado nada.
tournament-confirm-withdrawal-ignore = Si usted no envió ese correo, ignore este: no cambiará nada, y sigue jugando.
tournament-begins = El torneo { $tournament } ({ $variant }, { $system }, { $rounds ->
    [one] { $rounds } ronda
   *[other] { $rounds } rondas
}) comienza con { $players ->
    [one] { $players } jugador
   *[other] { $players } jugadores
}. Cada una de sus partidas llega en su propio correo: responda a ese correo para jugar.
tournament-begins-withdraw = Para retirarse del torneo, responda «{ command-withdraw }» a este correo.
tournament-round = La ronda { $round } del torneo { $tournament } está emparejada. Cada una de sus partidas llega en su propio correo.
tournament-final = El torneo { $tournament } ha terminado. Gracias por jugar.
tournament-digest = La clasificación del torneo { $tournament } tras { $headline }.

## El reloj, con un ritmo de juego contado en días

# A deadline in a control counted in days: the end of the club's day.
due-end-of-day = { $date } al final del día ({ $zone })
# ... and the moment it is where the player chose to read times.
due-your-time = { $club }, es decir, { $minute } en su hora
control-per-move = { $days } por jugada
control-moves = { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
} en { $days }
control-bank-even = { $increment } por jugada, como máximo { $max } acumulados
control-bank = { $start } + { $increment } por jugada, como máximo { $max } acumulados
clock-control = Ritmo de juego: { $control }.
clock-control-moves = Ritmo de juego: { $control }; los días no usados pasan a { $moves ->
    [one] la { $moves } jugada siguiente
   *[other] las { $moves } jugadas siguientes
}.
clock-control-bank = Ritmo de juego: { $control }: cada jugada añade { $increment } a la reserva de quien juega, que nunca supera { $max }.
# $whose is `yours` or `theirs` ($player's).
clock-left = { $whose ->
    [yours] Su reloj
   *[theirs] Reloj de { $player }
}: tiempo restante { $days } para las jugadas hasta la jugada { $move }.
clock-bank = { $whose ->
    [yours] Su reserva
   *[theirs] Reserva de { $player }
}: { $days }.
vacation-yours = Sus vacaciones: del { $first } al { $last }; esos días su reloj está detenido.
vacation-theirs = Vacaciones de { $player }: del { $first } al { $last }; esos días su reloj está detenido.

## A tournament game

tournament-place = { $tournament }, ronda { $round }, tablero { $board }
tournament-ratings = rating: blancas { $white }, negras { $black }
unrated = sin rating

## Conditional moves played at once

sequel-yours = su jugada condicional
sequel-theirs = jugada condicional de { $player }

## Refusals

refused-language = No escribo en ningún idioma «{ $word }»: escriba «{ command-language }» y uno de { $codes }, o «{ command-language } club» para el idioma del club.

## What the variants say

prompt-crown = { word-crown } { word-king } o { word-crown } { word-queen }
prompt-seed = { word-seed } PALABRA (una palabra suya, que se mezcla en el sorteo al azar de los ejércitos y la disposición) o { word-seed } sola
notice-check = Está en jaque.
notice-your-crown = Su corona: { $monarch ->
    [dama] la dama
   *[other] el rey
}.
notice-crown-attacked = { $monarch ->
    [dama] Su dama coronada está atacada
   *[other] Su rey coronado está atacado
}.
# $side is `white` or `black`.
notice-crown-opened = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: { $monarch ->
    [dama] la dama
   *[other] el rey
} (revelada).
notice-crown-sealed = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: { $monarch ->
    [dama] la dama
   *[other] el rey
} (aún sellada para los jugadores).
# Why a mail held no command (the help follows).
no-command-empty = Su correo no contenía ningún comando: estaba vacío.
no-command-quoted = Su correo no contenía ningún comando: todo era una cita de un correo anterior.
no-command-signature = Su correo no contenía ningún comando, solo una firma.
no-command-attachments = Su correo no contenía ningún texto que yo pueda leer, solo adjuntos.
no-command-undecodable = No pude descodificar el texto de su correo ({ $encoding } no válido).
no-command-broken = No pude leer su correo: { $why }.
no-command-html = No pude leer el texto de su correo: su HTML está anidado a demasiada profundidad. Por favor, envíe texto plano.
no-command-number-only = Su correo indica un número de jugada ({ $number }), pero ninguna jugada.
unreadable-line = La primera línea de su correo, «{ $text }», no es ni una jugada ni un comando.
unreadable-subject = Su correo no contenía ningún comando, y su asunto, «{ $text }», no es ni una jugada ni un comando.
# Why a command was refused.
refused-game-over = La partida ha terminado; ya no se aceptan jugadas ni ofertas.
refused-not-begun = La partida no ha comenzado: comienza cuando ambos jugadores hayan respondido ({ $waiting }).
refused-no-offer-to-accept = No hay ninguna oferta de tablas de su rival que aceptar.
refused-no-offer-to-decline = No hay ninguna oferta de tablas de su rival que rechazar.
refused-nothing-to-cancel = No tiene jugadas condicionales que anular.
# $side is `white` or `black`, the side to move.
refused-not-your-move = No le toca jugar: juegan las { $side ->
    [white] blancas
   *[black] negras
} ({ $label }).
refused-wrong-number = Su correo indica la jugada como { $number } { $move }, pero la partida va por { $current }; puede ser un correo antiguo o recibido fuera de orden. No se ha jugado nada; si { $move } sigue siendo su jugada, envíela de nuevo.
refused-stale-move = Su correo responde a uno de mis correos anteriores a la última jugada, así que puede ser un correo antiguo, reenviado o recibido fuera de orden. No se ha jugado nada; si { $move } sigue siendo su jugada, envíela de nuevo con su número ({ $current } { $move }), o como respuesta a mi último correo.
refused-offer-already-open = Su oferta de tablas ya está en pie.
refused-conditions-on-your-move = Le toca jugar: las jugadas condicionales van con su jugada, en su misma línea o en las siguientes («{ $yours } su jugada { command-if } { $theirs } jugada del rival { $answer } su respuesta»).
refused-no-conditions = Su correo no contiene jugadas condicionales.
refused-stale-conditions = Su correo responde a uno de mis correos anteriores a la última jugada, así que puede ser un correo antiguo, reenviado o recibido fuera de orden. No se ha cambiado nada; envíe de nuevo sus jugadas condicionales con sus números, o como respuesta a mi último correo.
# What became of conditional moves.
conditions-dropped = Sus jugadas condicionales se descartan: { $player } jugó { $move }, que ninguna de ellas esperaba.
conditions-offer-open = Su jugada condicional { $move } no se jugó: la oferta de tablas de { $player } sigue en pie, y una jugada la rechazaría. La decisión es suya; sus jugadas condicionales quedan anuladas.
conditions-unplayable = Su jugada condicional { $move } no se pudo jugar ({ $why }); sus jugadas condicionales se descartan.
refused-zone = No conozco ninguna zona horaria «{ $word }»: escriba su nombre como en la base de datos de zonas horarias, por ejemplo «{ command-zone } Europe/Berlin» o «{ command-zone } America/New_York», o «{ command-zone } club» para la del club.
refused-format = No conozco ningún formato de correo «{ $word }»: escriba «{ command-format } text» para correos de solo texto plano, o «{ command-format } html» para correos con el tablero dibujado como imagen.
refused-notation = No conozco ninguna notación «{ $word }»: escriba «{ command-notation } san» (Cf3), «{ command-notation } long» (Cg1-f3) o «{ command-notation } iccf» (7163).
refused-vacation-days = Escriba los días de sus vacaciones después de la palabra, por ejemplo «{ command-vacation } 7» para siete días a partir de mañana (como máximo { $most }).
refused-vacation-allowance = Unas vacaciones del { $first } al { $last } ocuparían { $days ->
    [one] { $days } día
   *[other] { $days } días
} de vacaciones en { $year }, pero en ese año { $left ->
    [one] le queda { $left }
   *[other] le quedan { $left }
} ({ $allowed } en { $year }, { $taken ->
    [one] { $taken } ya tomado o reservado
   *[other] { $taken } ya tomados o reservados
}). No se ha cambiado nada.
refused-not-on-vacation = No está de vacaciones ni tiene vacaciones reservadas: no hay nada que terminar.
refused-vacation-ends-today = Sus vacaciones ya terminan hoy, { $today }: no hay nada que terminar.
refused-no-such-game = Con esta dirección no juega ninguna partida #{ $game }; «{ command-games }» muestra las partidas que juega.

## Vacations and the list of games

vacation-days-left = Días de vacaciones que le quedan en { $year }: { $left } de { $allowed }.
vacation-game-yours = #{ $game } { $variant } contra { $opponent }: corre su reloj, a más tardar el { $deadline }
vacation-game-theirs = #{ $game } { $variant } contra { $opponent }: corre el reloj de { $opponent }
overview-line = #{ $game } { $variant } contra { $opponent }: { $what }
overview-your-choice = se espera su elección secreta
overview-their-choice = esperando la elección secreta de { $opponent }
overview-your-move = le toca jugar ({ $label })
overview-their-move = le toca a { $opponent } ({ $label })
overview-due = { $what }, a más tardar el { $deadline }

## What a confirmation asks

asked-resign = abandonar esta partida
asked-accept-draw = aceptar la oferta de tablas
asked-claim-draw = reclamar tablas

## Notations, as `notation` answers name them

notation-san = notación algebraica abreviada (Cf3, exd5, O-O)
notation-long = notación algebraica completa (Cg1-f3, e4xd5, O-O)
notation-iccf = notación numérica ICCF (7163, 5445, 5171)

## Conditional moves that cannot be taken ($line: the line as the player wrote it)

conditions-too-many-lines = Su correo deja { $lines ->
    [one] { $lines } línea
   *[other] { $lines } líneas
} de jugadas condicionales; se aceptan como máximo { $most }.
conditions-no-if = Las condiciones «{ $line }» no empiezan por «{ command-if }».
conditions-too-many-steps = La línea «{ $line }» tiene { $steps ->
    [one] { $steps } paso
   *[other] { $steps } pasos
}; una línea puede tener como máximo { $most }.
conditions-two-numbers = En «{ $line }» hay dos números de jugada seguidos.
conditions-number-alone = En «{ $line }» hay un número de jugada sin su jugada.
conditions-no-move = En «{ $line }», un «{ command-if }» no va seguido de ninguna jugada.
conditions-no-answer = En «{ $line }», «{ command-if } { $expect }» no tiene respuesta: escriba su jugada después de la de su rival.
conditions-third-move = En «{ $line }», a «{ command-if } { $expect } { $answer }» le sigue { $third }: cada «{ command-if }» lleva la jugada de su rival y su respuesta; empiece el siguiente paso con otro «{ command-if }».
conditions-after-the-end = En sus condiciones «{ $line }», { $move } llega cuando la partida ya habría terminado.
conditions-wrong-number = En sus condiciones «{ $line }», { $move } está mal numerada: sería { $number }.
# $whose is `yours` or `theirs` (the opponent's move).
conditions-unplayable-move = En sus condiciones «{ $line }», { $whose ->
    [yours] su jugada
   *[theirs] la jugada de su rival
} { $move } no se puede jugar: { $why }.
conditions-two-answers = Sus condiciones responden dos veces a { $expect }, con { $first } y con { $second } (en «{ $line }»): una condición debe indicar una sola jugada.

## Tournament entries refused

entry-subject-no-such-tournament = no existe ese torneo
entry-subject-not-open = inscripciones cerradas
entry-subject-not-entered = no consta su inscripción
entry-subject-nothing-to-withdraw = nada de lo que retirarse
entry-no-such-tournament = Aquí no hay ningún torneo «{ $wanted }». Escriba «{ command-join }» y el número o el nombre del torneo, tal como lo anunció el club.
entry-not-open = El torneo { $tournament } no admite inscripciones por correo en este momento ({ $stage }).
entry-not-entered = No consta su inscripción.
entry-nothing-to-withdraw = No le quedan partidas de las que retirarse.
entry-withdrawn-games = Sus partidas se resuelven según la norma del club para las retiradas; el torneo sigue sin usted.

## Mails to the club's director (in the club's language)

unreachable-subject = herald: no se puede contactar con { $player }
unreachable = Los correos de herald a { $player } <{ $email }> han vuelto sin entregar { $failures ->
    [one] { $failures } vez
   *[other] { $failures } veces
} seguidas (fallos permanentes, en jugadas distintas), así que herald considera ahora a este jugador ilocalizable. La última devolución fue la del correo de herald en la partida #{ $game }.
unreachable-server = Lo que dijo el servidor de correo:
unreachable-none-given = (no se indicó)
unreachable-reported-by = Informado por
unreachable-games = Las partidas en curso del jugador (se ha avisado a cada rival):
unreachable-against = contra { $opponent }
unreachable-paused = reloj detenido
unreachable-runs = el reloj sigue corriendo
unreachable-no-games = El jugador no tiene ninguna partida en curso.
unreachable-what-now = herald sigue enviando los correos del jugador. El jugador vuelve a considerarse localizable, y todos los relojes detenidos vuelven a correr, en cuanto llegue un correo suyo en una de sus partidas. Un reloj permanece detenido como máximo { $days ->
    [one] { $days } día
   *[other] { $days } días
}: después vuelve a correr y se le avisa a usted para que decida.
pause-over-subject = herald: la partida #{ $game } vuelve a correr tras { $days ->
    [one] { $days } día
   *[other] { $days } días
} de pausa por { $player }
pause-over = El reloj de la partida #{ $game } ({ $variant }, { $player } <{ $email }> contra { $opponent }) estuvo detenido { $days ->
    [one] { $days } día
   *[other] { $days } días
}, el máximo que herald detiene un reloj por correos devueltos (bounces.max_pause_days). Ahora vuelve a correr desde donde se detuvo.
pause-over-decide = Los correos de herald a { $player } siguen contando como no entregados. Por favor, decida la partida: el reloj corre como en cualquier partida, así que el jugador puede perder por tiempo; como director también puede adjudicarla o declararla perdida por incomparecencia.
pairing-failed-subject = herald: no se puede emparejar la ronda { $round } del torneo { $tournament }
pairing-failed = herald no pudo emparejar la ronda { $round } del torneo { $tournament } (torneo #{ $id }, { $variant }, { $system }):
pairing-failed-decide = Las reglas de emparejamiento dejan esto al director, no al programa: no empieza ninguna ronda hasta que usted decida (una retirada, por ejemplo, o el final del torneo); después, empareje la ronda con

## A move not accepted ($input: what the player wrote; $reason: the variant's own words)

move-error-empty = no se indicó ninguna jugada
move-error-unreadable = «{ $input }» no es una jugada que herald pueda leer; escríbala así: Cf3, exd5, e8=D, O-O o e2-e4
move-error-illegal = «{ $input }» no es una jugada legal: { $reason }
move-error-unclear-letter = en «{ $input }» la letra de pieza «{ $letter }» es cirílica: en la notación rusa designa una pieza distinta de la letra latina a la que se parece; escriba la pieza con letras inglesas (K rey, Q dama, R torre, B alfil, N caballo)
move-error-ambiguous = «{ $input }» podría ser cualquiera de { $candidates }; indique cuál

## The help of a variant that offers conditional moves

conditional-help = Jugadas condicionales: con su jugada puede dejar respuestas a las próximas jugadas de su rival, que su rival no ve, por ejemplo «14. Cf3 { command-if } 14... Ag4 15. h3 { command-if } 15... Ah5 16. g4», y más líneas después, cada una empezando por «{ command-if }». Cada jugada se comprueba al enviarlas. Cuando su rival hace una jugada que una línea espera, la respuesta de esa línea se juega de inmediato y se les avisa a ambos; cuando hace otra, las líneas se descartan. Mientras le toca jugar a su rival, un correo solo con líneas «{ command-if }» las sustituye; «{ command-cancel }» las elimina.

## The legend under a board of pieces beyond chess's

legend = Piezas: { $entries }.
legend-piece = { $letter } { $name }
legend-as-king = { $letter } { $name } (se mueve como un rey)
legend-carries-crown = * lleva la corona
legend-crown-alone = O la corona, suelta
notes-unknown-pieces = Piezas desconocidas, con la casilla de la que partió cada una:

## Las tablas de un torneo y sus resultados (cada encabezado no más ancho que su columna: el
## puesto 3 caracteres, el número 2, los puntos 3)

table-rank = Pto
table-name = Nombre
table-points = Pts
table-number = Nº
table-round = Ronda
table-bye = descanso
table-annulled = anulada
table-forfeit = incomparecencia
table-time = tiempo
table-pts = pts
tournament-result-headline = Ronda { $round }, tablero { $board }: { $white } - { $black } { $score } ({ $reason })
tournament-digest-results = { $results ->
    [one] 1 resultado
   *[other] { $results } resultados
}

## What the variants say
notice-ninjas = Ninjas: el de las blancas { $white }; el de las negras { $black }.
notice-ninja-on = en { $square }
notice-ninja-in-reserve = en reserva
notice-ninja-captured = capturado
notice-may-hide = Puede esconder su corona en cualquier casilla vacía como su jugada: escriba hide y la casilla (hide d5).
notice-hidden-yours = Su corona está escondida en { $square }.
notice-hidden-on = { $side ->
    [white] La corona de las blancas
   *[black] La corona de las negras
} está escondida en { $square }.
notice-hidden = { $side ->
    [white] La corona de las blancas
   *[black] La corona de las negras
} está escondida.
notice-hidden-grid = { $side ->
    [white] Corona escondida de las blancas
   *[black] Corona escondida de las negras
}: { $ruled } de { $squares } casillas descartadas (x), { $left } sin registrar (.)
notice-crown-found = { $side ->
    [white] Las blancas encontraron la corona de las negras
   *[black] Las negras encontraron la corona de las blancas
} en { $square }.
notice-army-captured = { $side ->
    [white] Las blancas capturaron todo el ejército de las negras.
   *[black] Las negras capturaron todo el ejército de las blancas.
}
notice-stopped = { $side ->
    [white] Las blancas se detuvieron
   *[black] Las negras se detuvieron
} sobre su propia corona escondida en { $square }.
notice-stopped-piece = { $side ->
    [white] Las blancas detuvieron una pieza ({ $piece })
   *[black] Las negras detuvieron una pieza ({ $piece })
} sobre su propia corona escondida en { $square }.
notice-split-blocked = { $side ->
    [you] Su monarca
    [white] El monarca de las blancas
   *[black] El monarca de las negras
} ({ $monarch ->
    [dama] la dama
   *[other] el rey
}) no tiene ninguna casilla vecina vacía: no puede dividirse y sigue entero y real.
notice-split-yours = Su monarca no coronado cayó: su próxima jugada divide a su monarca ({ $monarch ->
    [dama] la dama
   *[other] el rey
}) en sus dos mitades, con la coronada marcada con asterisco ({ $example }).
notice-split-due = { $side ->
    [white] El monarca de las blancas
   *[black] El monarca de las negras
} ({ $monarch ->
    [dama] la dama
   *[other] el rey
}) debe dividirse en la próxima jugada de las { $side ->
    [white] blancas
   *[black] negras
}.
notice-split-never = { $side ->
    [you] Su monarca
    [white] El monarca de las blancas
   *[black] El monarca de las negras
} ({ $monarch ->
    [dama] la dama
   *[other] el rey
}) no pudo dividirse: sigue entero y real.
notice-half-unknown = { $side ->
    [you] Su corona
    [white] La corona de las blancas
   *[black] La corona de las negras
} está en una de sus mitades.
notice-half-lost = { $side ->
    [you] Usted perdió
    [white] Las blancas perdieron
   *[black] Las negras perdieron
} la mitad coronada { $half }.
notice-half-opened = { $side ->
    [you] Su corona
    [white] Corona de las blancas
   *[black] Corona de las negras
}: la mitad { $half } en { $square } (revelada).
notice-half-sealed = { $side ->
    [you] Su corona
    [white] Corona de las blancas
   *[black] Corona de las negras
}: la mitad { $half } en { $square } (aún sellada para los jugadores).
notice-half-yours = Su corona está en la mitad { $half } en { $square }.
notice-half-attacked = Su mitad coronada { $half } está atacada.
notice-stones-in-reserve-both = En reserva: blancas { $white } { $white ->
    [one] piedra
   *[other] piedras
}, negras { $black } { $black ->
    [one] piedra
   *[other] piedras
} (utilizables: { $usable ->
    [neither] ninguno
    [white] blancas
    [black] negras
   *[both] ambos
}).
notice-stones-yours = Sus piedras: { $stones }.
notice-stones = { $side ->
    [white] Piedras de las blancas
   *[black] Piedras de las negras
}: { $stones }.
notice-stone-mined = { $square } minada
notice-stone-plain = { $square } normal
notice-stones-in-reserve = { $count } en reserva ({ $which ->
    [plain] normales
    [mined] la minada: márquela con * al entrar
   *[one-mined] una de ellas minada: márquela con * al entrar, como en S@e4*
})
notice-stone-blast = { $side ->
    [white] La piedra de las blancas en { $square } estaba minada: { $crowned ->
        [yes] una pieza coronada de las negras
       *[no] una pieza de las negras
    }
   *[black] La piedra de las negras en { $square } estaba minada: { $crowned ->
        [yes] una pieza coronada de las blancas
       *[no] una pieza de las blancas
    }
} ({ $piece }) saltó por los aires.
notice-kcrown-on = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: sobre la pieza { $piece } { $square }.
notice-kcrown-once = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: sobre la pieza { $piece } { $square } (se movió con ella una vez).
notice-kcrown-twice = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: sobre la pieza { $piece } { $square } (se movió con ella dos veces seguidas: su próxima jugada deja la corona en { $square }).
notice-kcrown-dropped = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: en el suelo en { $square }, dejada por la pieza { $piece } { $from }, que no puede recogerla.
notice-kcrown-lying = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: en el suelo en { $square }.
notice-kcrown-captured = { $side ->
    [white] Corona de las blancas
   *[black] Corona de las negras
}: capturada.
notice-kcrown-transferred = Lo último que hicieron { $side ->
    [white] las blancas
   *[black] las negras
} con su corona fue transferirla: deben mover la pieza { $piece } { $square } antes de otra transferencia.
notice-your-crown-attacked = Su corona está atacada.
notice-krithala-legend = *: la pieza lleva su corona. O, o: la corona de las blancas, de las negras, sola en el tablero.
notice-royal-notation = Notación numérica: las columnas a a j son 1 a 10, así que e4 es 54 y j6 es 106. En el tablero H es la guardia del rey (G') y G la guardia de la dama.
notice-guard-powered = { $side ->
    [white] La guardia promocionada de las blancas
   *[black] La guardia promocionada de las negras
} en { $square } tiene los poderes de la dama en su primera jugada desde allí.
notice-recapture = { $side ->
    [white] Las blancas pueden
   *[black] Las negras pueden
} recapturar en { $square } con una torre por encima de sus guardias, solo en esta jugada.
notice-position-record = Registro de la posición: { $record }
notice-crowds = Multitudes, donde nada puede capturarse y un rey nunca está en jaque: { $crowds }.
notice-crowd-side = { $side ->
    [white] blancas:
   *[black] negras:
} { $pieces }
notice-pair = { $side ->
    [white] Pareja de las blancas
   *[black] Pareja de las negras
}: { $first } y { $second }.
notice-your-pair = Su pareja: { $first } y { $second }.
notice-decoy-check = Jaque: el jaque es a su señuelo (su rey no está en jaque).
notice-check-given = Jaque: su jugada ataca al rey o al señuelo rival.
notice-pieces-captured = { $side ->
    [white] Piezas capturadas de las blancas
   *[black] Piezas capturadas de las negras
}: { $pieces }.

## The board picture's alt text (what a screen reader reads, or a client shows without
## pictures). $side is `white` or `black`.
alt-seen-from = El tablero visto desde el lado de { $side ->
    [white] las blancas
   *[black] las negras
}.
alt-side = { $side ->
    [white] Blancas
   *[black] Negras
}: { $pieces }.
alt-side-empty = { $side ->
    [white] Blancas
   *[black] Negras
}: nada en el tablero.
# A piece's name stays in the singular: several of one kind say how many.
alt-group = { $count ->
    [one] { $piece } { $squares }
   *[other] { $piece } ({ $count }): { $squares }
}
alt-crowned = { $square } (con la corona)
alt-unknown = una pieza de tipo desconocido en { $square } (seguida como { $label })
alt-crown-alone = la corona, sola en { $square }
alt-crowds = Multitudes, de abajo arriba: { $crowds }.
alt-crowd-piece = { $piece } ({ $side ->
    [white] blancas
   *[black] negras
})
