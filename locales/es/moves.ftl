# Por qué una jugada no es legal, en español: el motivo que "move-error-illegal" (mails.ftl)
# da tras el texto del jugador. Las piezas ($piece, $royal, $castler, $meant) van entre
# paréntesis o tras "su", para no necesitar artículo ni género.

reason-text = { $text }
reason-list = { $reasons }
reason-read-as-latin = { $reason } («{ $letter }» se leyó como la letra latina { $latin }: { $piece })
reason-castling-none = en esta variante no hay enroque
reason-castling-moved = ya no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    }: { $who ->
        [one] el rey
       *[many] la pieza ({ $castler })
    } o la torre de ese lado ya se ha movido (o la torre fue capturada)
reason-castling-in-check = no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } mientras { $who ->
        [one] el rey
       *[many] la pieza ({ $castler })
    } esté en jaque
reason-castling-cannot = no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    }
reason-castling-blocked = no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    }: las casillas que usan { $who ->
        [one] el rey
       *[many] la pieza ({ $castler })
    } y la torre deben estar vacías, y { $count ->
        [one] { $last } no lo está
       *[other] { $others } y { $last } no lo están
    }
reason-castling-through-attack = no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    }: { $who ->
        [one] el rey
       *[many] la pieza ({ $castler })
    } pasaría por { $square }, que está atacada
reason-castling-into-check = no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    }: { $who ->
        [one] el rey
       *[many] la pieza ({ $castler })
    } quedaría en jaque en { $square }
reason-castling-leaves-check = no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    }: dejaría a su { $royal } en jaque
reason-castling-not-now = ahora no es posible { $side ->
        [long] el enroque largo
       *[short] el enroque corto
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    }
reason-piece-named = { $piece }
reason-piece-any = pieza
reason-the-file = la columna { $file }
reason-no-piece-on = no hay ninguna pieza en { $square }
reason-not-yours = la pieza de { $square } ({ $piece }) no es suya
reason-other-piece = la pieza de { $square } es de tipo { $piece }, no { $meant }
reason-promote-not-to-that-here = aquí un peón no puede convertirse en esa pieza; puede convertirse en: { $moves }
reason-promote-to-what = el peón corona ahí; indique en qué pieza: { $moves }
reason-not-a-promotion = esa jugada no es una coronación; solo corona un peón que llega a la última fila
reason-capture-own-piece = no puede capturar su propia pieza ({ $piece }) en { $square }
reason-own-piece-there = { $square } está ocupada por su propia pieza ({ $piece })
reason-nothing-to-capture = no hay nada que capturar en { $square }
reason-royal-into-check = su { $royal } quedaría en jaque en { $square }
reason-check-not-ended = está en jaque, y esa jugada no evita el jaque
reason-leaves-royal-in-check = dejaría a su { $royal } en jaque
reason-no-such-piece = no tiene ninguna pieza de ese tipo ({ $meant }){ $place ->
        [file] {" "}en la columna { $file }
        [rank] {" "}en la fila { $rank }
       *[anywhere] {""}
    }
reason-piece-has-no-move = la pieza de { $square } ({ $piece }) no tiene ninguna jugada legal
reason-piece-cannot-go = la pieza de { $square } ({ $piece }) no puede { $how ->
        [capture] capturar en
       *[reach] llegar a
    } { $target }; sus jugadas legales son { $moves }
reason-no-piece-has-a-move = ninguna pieza suya de ese tipo ({ $meant }) tiene jugadas legales
reason-no-piece-can-go = ninguna pieza suya de ese tipo ({ $meant }) puede { $how ->
        [capture] capturar en
       *[reach] llegar a
    } { $target }; las jugadas legales de ese tipo son { $moves }

## Los motivos de las variantes

reason-game-over = la partida ha terminado: { $outcome }
reason-not-a-move = eso no es una jugada
reason-not-a-square-of-the-board = «{ $text }» no es una casilla del tablero
reason-promote-not-to-that = un peón no puede convertirse en esa pieza; puede convertirse en: { $moves }
reason-crowd-castling = ahora no es posible ese enroque: el rey y la torre no deben haberse movido, las casillas entre ellos deben estar vacías, y el rey no puede estar en jaque, pasar por una casilla atacada ni acabar en una
reason-no-piece-of-yours-on = no tiene ninguna pieza en { $square }
reason-no-such-piece-of-yours-on = no tiene ninguna pieza de ese tipo ({ $piece }) en { $square }
reason-crowd-not-captured = en { $square } hay una multitud, y en una casilla con multitud no se puede capturar nada; para unirse a la multitud escriba la jugada con «-»
reason-crowd-of-your-own = en { $square } hay una multitud solo de piezas suyas, a la que no puede unirse ninguna otra pieza suya
reason-crowd-must-capture = esa jugada captura en { $square } (escriba { $moves }): una pieza que puede capturar una pieza rival sola no puede ponerse junto a ella en su lugar
reason-no-fitting-piece-has-a-move = ninguna pieza suya de ese tipo ({ $meant }) que encaje tiene jugadas legales
reason-no-piece-goes-that-way = ninguna pieza suya de ese tipo ({ $meant }) puede ir así a { $square }; las jugadas legales de ese tipo son { $moves }
reason-royal-unreadable = no es una jugada ni en la notación numérica del Ajedrez Real (como N-76, 6x55, C3-G4) ni en notación algebraica con columnas de la a a la j
reason-royal-no-castling-now = ahora no puede enrocar
reason-royal-castlings-now = los enroques que puede hacer ahora son { $moves }
reason-royal-no-piece-can = ninguna pieza suya puede hacer ahora esa jugada
reason-secret-intelligence-not-begun = la partida no ha empezado: los ejércitos y la disposición se sortean cuando los dos jugadores han enviado su semilla
reason-si-piece-on = pieza en { $square }
reason-si-none-could = no tiene ninguna pieza que pueda hacerla ({ $what })
reason-si-piece-has-no-move = su pieza de { $square } ({ $piece }) no tiene ninguna jugada legal
reason-si-piece-may-play = su pieza de { $square } ({ $piece }) puede jugar { $moves }
reason-si-not-legal = no es una de sus jugadas legales ({ $pieces })
reason-crown-not-begun = la partida empieza cuando los dos jugadores han elegido su monarca coronado
reason-drop-star-alone = un * marca la casilla anterior, como en S@e4*
reason-drop-not-a-square = «{ $text }» no es una casilla: escriba una colocación como S@e4, o S@e4,f5 para dos piedras
reason-drop-named-twice = { $square } aparece dos veces: cada piedra va a una casilla propia
reason-drop-marked-twice = { $square } está marcada dos veces
reason-drop-where = indique dónde: escriba S@ y las casillas, como en S@e4 o S@e4,f5
reason-drop-how-many = una colocación es de una a tres piedras
reason-drop-not-yet = sus piedras entran cuando cae su monarca no coronado
reason-drop-none-left = no le quedan piedras en reserva
reason-drop-in-reserve = tiene { $count ->
        [one] { $count } piedra
       *[other] { $count } piedras
    } en reserva
reason-drop-not-empty = { $square } no está vacía: las piedras se colocan en casillas vacías
reason-drop-opened-plain = { $label } se abrió como simple, pero { $square } está marcada con *
reason-drop-one-mined = solo una de sus tres piedras está minada: marque una casilla con *
reason-drop-mine-entered = su piedra minada ya ha entrado: escriba la colocación sin *
reason-drop-mark-mine = una de sus piedras debe estar minada: márquela con *, como en S@e4*
reason-drop-leaves-check = deja a su monarca coronado en jaque
reason-hide-not-yet = solo puede esconder su corona cuando haya caído su monarca no coronado
reason-hide-already = su corona ya está escondida; no puede volver a moverse
reason-hide-not-a-square = «{ $text }» no es una casilla: escriba hide y una casilla, como en hide d5
reason-hide-where = indique dónde: escriba hide y una casilla, como en hide d5
reason-hide-not-free = { $square } no está libre: solo puede esconder su corona en una casilla vacía
reason-split-grammar = una división nombra las dos mitades y sus casillas, la coronada con asterisco: W@e1,F@e2* (o split We1 Fe2*)
reason-split-one-of-each = una división tiene una mitad W y una mitad F
reason-split-one-crowned = solo una mitad lleva la corona: marque una de ellas con asterisco
reason-split-due = su monarca no coronado ha caído, así que esta jugada debe dividir su { $monarch } en sus dos mitades, la coronada con asterisco: { $example }
reason-split-not-yet = un monarca solo se divide cuando ha caído su monarca no coronado
reason-split-never = su monarca no tenía ninguna casilla vecina vacía cuando le tocaba dividirse: ya no se divide nunca
reason-split-already = su monarca ya se ha dividido
reason-split-no-monarch = no tiene ningún monarca que dividir
reason-split-no-room = su { $monarch } de { $square } no tiene ninguna casilla vecina vacía, así que no puede dividirse: haga otra jugada
reason-split-one-stays = una mitad se queda donde está su { $monarch }, en { $square }
reason-split-next-to = la otra mitad va a una casilla junto a su { $monarch } de { $square }; { $to } no lo es
reason-split-not-empty = { $square } no está vacía: la otra mitad va a una casilla vecina vacía
reason-split-mark-crowned = marque la mitad coronada con *: W@{ $w }*,F@{ $f } o W@{ $w },F@{ $f }*
reason-piece-on = la pieza de { $square } ({ $piece })
reason-any-piece-on = la pieza de { $square }
reason-crown-sign-first = escriba la jugada antes del signo de la corona, como en Nf3@g1 o Qe5^c3
reason-crown-act-written = { $why }; con la corona, esta jugada puede escribirse { $moves }
reason-crown-carried = su corona la lleva { $carrier }{ $count ->
        [0] {""}
        [1] , que ha hecho con ella su última jugada
       *[other] , que ha hecho con ella sus dos últimas jugadas
    }
reason-crown-lies = su corona está en { $square }
reason-crown-captured = su corona ha sido capturada
reason-crown-third-move-drops = { $state }; su tercera jugada seguida deja la corona donde empieza la jugada, en ninguna otra casilla
reason-crown-drop-where = { $state }; quien la lleva solo la deja donde empieza su jugada o en una casilla por la que pasa
reason-crown-only-carrier-drops = solo la pieza que lleva su corona puede dejarla, y { $state }
reason-crown-dropper-passes = { $state }; la pieza que la dejó puede pasar por encima, pero no recogerla
reason-crown-none-to-pick-up = no hay ninguna corona suya que recoger en { $square } en esta jugada: { $state }
reason-crown-in-castling = hay una corona en { $square }: al enrocar no puede haber ninguna corona entre el rey y la torre, ni donde terminan
reason-crown-dropper-barred = { $dropper } dejó su corona en { $square } y no puede recogerla de nuevo hasta que otra pieza la haya dejado (puede pasar por encima)
reason-crown-not-picked-up-castling = su corona está en { $square }, y en un enroque nadie la recoge
reason-transfer-which-piece = indique qué pieza pasa la corona: su letra o su casilla antes del >, como en K>d1
reason-transfer-names-no-piece = «{ $text }» no nombra ninguna pieza: escriba la letra o la casilla de quien la lleva antes del >, como en K>d1
reason-transfer-crown-lies = su corona está en { $square }: solo se pasa una corona llevada; una pieza la recoge pasando por encima o yendo a su casilla
reason-transfer-locked = su último acto con la corona fue un pase: { $carrier } debe moverse con la corona antes de pasarla otra vez
reason-transfer-cannot = { $carrier } no puede pasar la corona a { $square }: un pase sigue una de las jugadas de quien la lleva, con el camino libre, hasta una pieza suya (ahora: { $count ->
        [0] no es posible ningún pase
       *[other] { $moves }
    })
reason-ninja-grammar = una jugada del ninja se escribe J@e4 (colocación), Je4-f6, Je4xf6 (capturando en f6), Je4xe5-f6 (capturando en e5 por el camino), Je4xe5xf6, Je4-e4 (ida y vuelta) o Jb2-off (fuera del tablero)
reason-ninja-gone = su ninja fue capturado: se ha ido para siempre
reason-ninja-not-in-reserve = su ninja está en { $square }, no en reserva
reason-ninja-drop-occupied = { $square } está ocupada ({ $piece })
reason-ninja-in-reserve = su ninja está en reserva: colóquelo antes en una casilla vacía, como J@e4
reason-ninja-elsewhere = su ninja está en { $square }, no en { $origin }
reason-ninja-first-step = { $step } no está a un paso de { $square }: el primer paso va a una casilla vecina
reason-ninja-no-enemy = no hay ninguna pieza rival que capturar en { $square }
reason-ninja-far-from-edge = el ninja de { $square } está a más de dos pasos del borde
reason-ninja-no-step-off = desde { $square } ningún paso sale del tablero
reason-ninja-too-far = { $to } está a más de dos pasos de rey de { $square }: el ninja mueve exactamente dos pasos de rey
reason-ninja-second-step = { $to } no está a un paso de { $step }, donde acaba el primer paso
reason-ninja-cannot = el ninja de { $square } no puede hacer eso
piece-monarch = monarca

## A setup answer refused (the Crown's choice, Secret Intelligence's seed)
reason-crown-choose = escriba «{ word-crown } { word-king }» o «{ word-crown } { word-queen }» para elegir qué monarca lleva su corona
reason-crown-already-on = su corona ya está en { $monarch ->
    [king] su rey
   *[queen] su dama
}: la nota está escrita y no puede cambiarse
reason-crown-no-monarch = no tiene rey ni dama que coronar: su corona los dejó antes de esta posición
reason-seed-already-in = su semilla ya se recibió: no puede cambiarse
reason-seed-too-long = una semilla tiene como máximo { $most ->
    [one] { $most } carácter
   *[other] { $most } caracteres
}
reason-seed-not-one-word = una semilla es una sola palabra de letras, cifras y signos de puntuación distintos de «:» (no { $bad })
