# Las palabras de herald en español: el idioma, sus términos de ajedrez, fechas, números y
# los comandos que escriben los jugadores. Los mismos identificadores que en inglés
# (locales/en); términos según docs/languages.md.

## The language

# Its name in itself, as `language` answers name it.
language-name = español

# Las letras de las piezas, cinco palabras: rey (R), dama (D), torre (T), alfil (A), caballo (C); el peón no lleva letra.
piece-letters = R D T A C

# A date: $year, $month and $day are written with their leading zeros.
date = { $day }/{ $month }/{ $year }

# What separates a number's whole part from its fraction.
decimal-point = ,
# Between each three digits of a number from 1,000 on (GROUPED): 262.144.
thousands-separator = .

## Chess words

color-white = Blancas
color-black = Negras
# The side, in "You play { $color }": as the sentence needs it.
you-play-white = Usted juega con blancas.
you-play-black = Usted juega con negras.
days = { $days ->
    [one] { $days } día
   *[other] { $days } días
}
moves-count = { $moves ->
    [one] { $moves } jugada
   *[other] { $moves } jugadas
}

## Commands, as players write them: the first word is the one the mails show; `.also`
## lists other ways to say it, separated by commas. Commands are read in every language
## at once, so no word may be another command's, in any language, nor read as a move.

command-resign = abandono
    .also = abandonar, me rindo
command-draw = tablas
    .also = ofrezco tablas, reclamo tablas
command-accept = acepto
    .also = acepto tablas
command-decline = rechazo
    .also = rechazo tablas
command-board = tablero
    .also = posición, posicion, jugadas
command-help = ayuda
command-cancel = anular
    .also = cancelar, anular condicionales
command-games = partidas
    .also = mis partidas
command-back = regreso
    .also = he vuelto, volví, volvi
command-vacation = vacaciones
command-zone = zona
command-notation = notación
    .also = notacion
command-format = formato
command-language = idioma
command-if = cuando
command-withdraw = retirarse
    .also = me retiro
command-join = inscribirme
    .also = participar
# Words that follow a command: "zone club", "vacation 7 days", and the Crown's secret choice,
# "crown king" or "crown queen".
word-club = club
word-days = días
    .also = día, dias, dia
word-crown = corona
word-king = rey
word-queen = dama
    .also = reina
word-seed = semilla

## Results: each reason the rules give. $winner and $loser are `white` or `black`.

result-win = { $winner ->
    [white] ganan las blancas
   *[black] ganan las negras
} { $how }
result-draw = tablas { $how }
how-checkmate = por jaque mate
how-stalemate = por rey ahogado
how-royal-captured = por captura de la pieza real
how-resignation = por abandono
how-perpetual-check = por jaque perpetuo
how-bare-king = por dejar al rey desnudo
how-timeout = por tiempo
how-crown-found = por hallar la corona oculta
how-army-destroyed = por destruir todo el ejército
how-crown-captured = por captura de la corona
how-insufficient-material = por material insuficiente
how-fifty-moves = por la regla de los cincuenta movimientos
how-seventy-five-moves = por la regla de los setenta y cinco movimientos
how-threefold-repetition = por triple repetición
how-fivefold-repetition = por quíntuple repetición
how-agreement = por acuerdo mutuo
how-walled-in = por un monarca emparedado por sus propias piedras
how-forfeit = por incomparecencia
how-directors-decision = por decisión del director del torneo
result-own-hidden-crown = { $winner ->
    [white] ganan las blancas: las negras se detuvieron
   *[black] ganan las negras: las blancas se detuvieron
} sobre su propia corona oculta
result-crown-blown-up = { $winner ->
    [white] ganan las blancas: el monarca coronado de las negras
   *[black] ganan las negras: el monarca coronado de las blancas
} saltó por los aires por una piedra minada
# The points of a variant that scores otherwise than 1, ½ and 0 (Royal Chess).
result-points = blancas { $white }, negras { $black }

## Pieces, by the names the variants give them

piece-king = rey
piece-queen = dama
piece-rook = torre
piece-bishop = alfil
piece-knight = caballo
piece-pawn = peón
piece-archbishop = arzobispo
piece-chancellor = canciller
piece-centaur = centauro
piece-decoy = señuelo
piece-dragon-horse = caballo dragón
piece-dragon-king = rey dragón
piece-generalissimo = generalísimo
piece-guard = guardia
piece-kings-guard = guardia del rey
piece-queens-guard = guardia de la dama
piece-marshall = mariscal
piece-ninja = ninja
piece-slanting-half = mitad diagonal
piece-spy = espía
piece-stone = piedra
piece-straight-half = mitad recta
