# Lo que dice la ayuda de cada variante, en español: su objetivo, cómo se escriben sus jugadas
# y por qué no ofrece jugadas condicionales. El correo muestra tal cual los saltos de línea de
# `notation-help-*`.

## chess

aim-chess = El objetivo: dar jaque mate al rey rival. El ahogado (ninguna jugada legal sin estar en jaque) es tablas.
notation-help-chess =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=D, O-O), en notación
    algebraica completa (e2-e4, Cg1-f3) o en números ICCF (5254).

## capablanca

aim-capablanca = { aim-chess }
notation-help-capablanca =
    Las jugadas pueden escribirse en SAN (Nc3, exd5, e8=Q, O-O), con A para el
    arzobispo y C para el canciller (Ci3), o en notación algebraica completa
    (e2-e4, Nb1-c3). Las columnas van de la a a la j.

## crown

aim-crown = El objetivo: capturar al monarca coronado del rival. Mientras la corona de un bando es desconocida no hay jaque; una vez conocida, el jaque mate también gana. El ahogado pierde para el bando que no puede mover.
notation-help-crown =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
no-conditions-crown = Crown y sus extensiones no ofrecen jugadas condicionales: que una jugada termine la partida, o que pueda jugarse siquiera, puede depender de una corona aún sellada (capturar al monarca coronado gana; una vez conocida una corona, su monarca no puede quedar en jaque), así que la respuesta de herald a una línea, aceptada o rechazada, podría revelarle el secreto de su rival.

## crown-2

aim-crown-2 = El objetivo: capturar al monarca coronado del rival. Mientras la corona de un bando es desconocida no hay jaque; una vez conocida, el jaque mate también gana. Un monarca emparedado por sus propias piedras da tablas; cualquier otro ahogado pierde para el bando que no puede mover.
notation-help-crown-2 =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
    Una vez caído su monarca no coronado, puede, como jugada, colocar de una a
    tres de sus piedras en casillas vacías: S@e4, o S@e4,f5,g6. Las piedras
    nunca se mueven y bloquean a todas las piezas. Una de sus tres está minada:
    márquela con * al colocarla (S@e4*,f5); su rival nunca ve el *. Lo que
    capture la piedra minada salta por los aires con ella. Una piedra se captura
    como una pieza: Cxe4.
no-conditions-crown-2 = { no-conditions-crown }

## crown-3

aim-crown-3 = El objetivo: capturar al monarca coronado del rival; una vez escondida en una casilla la corona de un monarca solitario, detener una pieza propia en esa casilla o capturar todo el ejército. Quien detenga allí una pieza propia pierde. El ahogado pierde para el bando que no puede mover.
notation-help-crown-3 =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
    Una vez caído su monarca no coronado, puede, como jugada, esconder su corona
    en cualquier casilla vacía: «hide d5» (o «corona d5»). Su monarca pasa a ser
    una pieza corriente, nunca en jaque. Su rival solo ve «hide», y gana
    deteniendo una pieza en esa casilla (pasar por encima no basta) o capturando
    todas sus piezas; si una pieza suya se detiene allí, usted pierde. Cada
    correo muestra las casillas ya descartadas.
no-conditions-crown-3 = { no-conditions-crown }

## crown-4

aim-crown-4 = El objetivo: capturar al monarca coronado del rival y, una vez dividido el último monarca, su mitad coronada. Mientras una corona es desconocida no hay jaque; una vez conocida, el jaque mate también gana. El ahogado pierde para el bando que no puede mover.
notation-help-crown-4 =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
    Una vez caído su monarca no coronado, su siguiente jugada divide a su último
    monarca en dos mitades: la mitad W avanza una casilla por columnas y filas,
    la mitad F una casilla en diagonal. Una mitad se queda en la casilla del
    monarca y la otra va a una casilla vecina vacía; marque la mitad coronada
    con *: W@e1,F@e2* (o split We1 Fe2*). Su rival ve W@e1,F@e2. Las mitades se
    mueven en SAN (We2, Fxd3); capturar la mitad coronada gana, capturar la otra
    hace real a la coronada. Sin casilla vecina vacía, el monarca nunca se
    divide.
no-conditions-crown-4 = { no-conditions-crown }

## secret-intelligence

aim-secret-intelligence = El objetivo: dar jaque mate al rey rival, cuya casilla quizá no vea. El ahogado es tablas.
notation-help-secret-intelligence =
    Las jugadas se escriben completas: la letra de la pieza, la casilla que deja
    y la casilla a la que va (Nb1-c3, Pe2-e4, Pd5xe6); una coronación, como
    jugada de la pieza en que se convierte (Qe7-e8); un intercambio de dos
    piezas suyas, como Nb1<>Bc3. Las formas abreviadas (Nc3, e4, b1<>c3, swap b1
    c3) se leen cuando designan una de sus jugadas legales, que cada correo
    enumera cuando le toca jugar. Antes de que se sortee la posición inicial,
    envíe «semilla» (o «seed») y una palabra suya, o «semilla» sola.
no-conditions-secret-intelligence = Secret Intelligence Chess no ofrece jugadas condicionales: usted no ve las jugadas de su rival, solo adónde fue una pieza, así que no podría nombrar la jugada que espera una condición, y la respuesta de herald a una línea (aceptada o rechazada) le revelaría lo que ocultan las jugadas.

## royal

aim-royal = El objetivo: dar jaque mate al rey rival. Dejarlo desnudo (solo, mientras usted tiene más), ahogarlo y el jaque perpetuo también ganan, cada uno con su propia puntuación.
notation-help-royal =
    Las jugadas se escriben en la notación numérica de las reglas: columnas 1 a
    9 y 0 desde la izquierda de las blancas, filas 1 a 8, así que 54 es la
    quinta columna, cuarta fila. Una jugada de peón es la casilla a la que llega
    (54; 6x55 capturando desde la columna 6); una de pieza, su letra y su
    casilla (C-76, Ax75; G' es la guardia del rey, G la guardia de la dama); el
    enroque, C y la columna del rey (C8; con una jugada previa de la guardia,
    C3-G4); una coronación, 18=G (18=G(w) renuncia a los poderes de dama de una
    guardia coronada). Las piezas negras pueden escribirse en minúscula (n-76).
    También se leen jugadas algebraicas en las columnas de la a a la j (Cf3,
    e2-e4).

## safety-in-numbers

aim-safety-in-numbers = El objetivo: dar jaque mate al rey rival, como en el ajedrez; a un rey en medio de una multitud no se le puede dar jaque. El ahogado es tablas.
notation-help-safety-in-numbers =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=D, O-O) o en notación
    algebraica completa (e2-e4). Una jugada que sale de una multitud o entra en
    ella (una casilla con varias piezas) se escribe de casilla a casilla: e5-e4,
    Cc3-e4.

## chess+ninja

aim-chess-with-ninja = { aim-chess }
notation-help-chess-with-ninja =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=D, O-O), en notación
    algebraica completa (e2-e4, Cg1-f3) o en números ICCF (5254). El ninja (J)
    se coloca con J@e4; su jugada se escribe con su casilla, la captura del
    primer paso si la hay, y su destino: Je4-f6, Je4xf6, Je4xe5-f6, Je4xe5xf6,
    Je4-e4 (ida y vuelta), Jb2-off (por el borde, de vuelta a la reserva).

## capablanca+ninja

aim-capablanca-with-ninja = { aim-chess }
notation-help-capablanca-with-ninja =
    Las jugadas pueden escribirse en SAN (Nc3, exd5, e8=Q, O-O), con A para el
    arzobispo y C para el canciller (Ci3), o en notación algebraica completa
    (e2-e4, Nb1-c3). Las columnas van de la a a la j. El ninja (J, siempre en
    mayúscula) se coloca con J@e4; su jugada se escribe con su casilla, la
    captura del primer paso si la hay, y su destino: Je4-f6, Je4xf6, Je4xe5-f6,
    Je4xe5xf6, Je4-e4 (ida y vuelta), Jb2-off (por el borde, de vuelta a la
    reserva).

## crown+ninja

aim-crown-with-ninja = { aim-crown }
notation-help-crown-with-ninja =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
    Su ninja (J) empieza en la reserva: colóquelo como jugada en cualquier
    casilla vacía (J@e4). Se mueve exactamente dos pasos de rey, saltando lo que
    haya en medio, y puede capturar en cada paso: Je4-f6, Je4xf6, Je4xe5-f6
    (capturando en e5 por el camino), Je4xe5xf6, Je4-e4 (ida y vuelta), Jb2-off
    (por el borde, de vuelta a la reserva, para colocarlo de nuevo). Si lo
    capturan, desaparece para siempre.
no-conditions-crown-with-ninja = { no-conditions-crown }

## crown-2+ninja

aim-crown-2-with-ninja = { aim-crown-2 }
notation-help-crown-2-with-ninja =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
    Una vez caído su monarca no coronado, puede, como jugada, colocar de una a
    tres de sus piedras en casillas vacías: S@e4, o S@e4,f5,g6. Las piedras
    nunca se mueven y bloquean a todas las piezas. Una de sus tres está minada:
    márquela con * al colocarla (S@e4*,f5); su rival nunca ve el *. Lo que
    capture la piedra minada salta por los aires con ella. Una piedra se captura
    como una pieza: Cxe4.
    Su ninja (J) empieza en la reserva: colóquelo como jugada en cualquier
    casilla vacía (J@e4). Se mueve exactamente dos pasos de rey, saltando lo que
    haya en medio, y puede capturar en cada paso: Je4-f6, Je4xf6, Je4xe5-f6
    (capturando en e5 por el camino), Je4xe5xf6, Je4-e4 (ida y vuelta), Jb2-off
    (por el borde, de vuelta a la reserva, para colocarlo de nuevo). Si lo
    capturan, desaparece para siempre.
no-conditions-crown-2-with-ninja = { no-conditions-crown }

## crown-3+ninja

aim-crown-3-with-ninja = { aim-crown-3 }
notation-help-crown-3-with-ninja =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
    Una vez caído su monarca no coronado, puede, como jugada, esconder su corona
    en cualquier casilla vacía: «hide d5» (o «corona d5»). Su monarca pasa a ser
    una pieza corriente, nunca en jaque. Su rival solo ve «hide», y gana
    deteniendo una pieza en esa casilla (pasar por encima no basta) o capturando
    todas sus piezas; si una pieza suya se detiene allí, usted pierde. Cada
    correo muestra las casillas ya descartadas.
    Su ninja (J) empieza en la reserva: colóquelo como jugada en cualquier
    casilla vacía (J@e4). Se mueve exactamente dos pasos de rey, saltando lo que
    haya en medio, y puede capturar en cada paso: Je4-f6, Je4xf6, Je4xe5-f6
    (capturando en e5 por el camino), Je4xe5xf6, Je4-e4 (ida y vuelta), Jb2-off
    (por el borde, de vuelta a la reserva, para colocarlo de nuevo). Si lo
    capturan, desaparece para siempre.
no-conditions-crown-3-with-ninja = { no-conditions-crown }

## crown-4+ninja

aim-crown-4-with-ninja = { aim-crown-4 }
notation-help-crown-4-with-ninja =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=G para un generalísimo,
    que se mueve como una dama), en notación algebraica completa (e2-e4, Cg1-f3)
    o en números ICCF (5254). La dama se mueve como un rey, y ambos monarcas
    enrocan: R0-0 y R0-0-0 para el rey, D0-0 (o Q0-0) y D0-0-0 para la dama.
    Antes de la primera jugada, elija en secreto su monarca coronado: «corona
    rey» o «corona dama».
    Una vez caído su monarca no coronado, su siguiente jugada divide a su último
    monarca en dos mitades: la mitad W avanza una casilla por columnas y filas,
    la mitad F una casilla en diagonal. Una mitad se queda en la casilla del
    monarca y la otra va a una casilla vecina vacía; marque la mitad coronada
    con *: W@e1,F@e2* (o split We1 Fe2*). Su rival ve W@e1,F@e2. Las mitades se
    mueven en SAN (We2, Fxd3); capturar la mitad coronada gana, capturar la otra
    hace real a la coronada. Sin casilla vecina vacía, el monarca nunca se
    divide.
    Su ninja (J) empieza en la reserva: colóquelo como jugada en cualquier
    casilla vacía (J@e4). Se mueve exactamente dos pasos de rey, saltando lo que
    haya en medio, y puede capturar en cada paso: Je4-f6, Je4xf6, Je4xe5-f6
    (capturando en e5 por el camino), Je4xe5xf6, Je4-e4 (ida y vuelta), Jb2-off
    (por el borde, de vuelta a la reserva, para colocarlo de nuevo). Si lo
    capturan, desaparece para siempre.
no-conditions-crown-4-with-ninja = { no-conditions-crown }

## krithala

aim-krithala = El objetivo: capturar la corona del rival, sobre la pieza que la lleva o suelta. No hay jaque ni jaque mate; el ahogado es tablas.
notation-help-krithala =
    Las jugadas pueden escribirse en SAN (Cf3, exd5, e8=D, O-O), en notación
    algebraica completa (e2-e4, Cg1-f3) o en números ICCF (5254).
    La corona: K>d1 la pasa de su portador a su pieza de d1 (con una jugada del
    tipo del portador); Cf3@g1 mueve el portador y deja la corona en g1, donde
    empieza la jugada (también Cf3@), o en una casilla por la que pasa; De5^c3
    la recoge en c3 por el camino, Ac4^ donde se detiene la pieza.

## krithala+capablanca

aim-krithala-with-capablanca = { aim-krithala }
notation-help-krithala-with-capablanca =
    Las jugadas pueden escribirse en SAN (Nc3, exd5, e8=Q, O-O), con A para el
    arzobispo y C para el canciller (Ci3), o en notación algebraica completa
    (e2-e4, Nb1-c3). Las columnas van de la a a la j.
    La corona: K>e1 la pasa de su portador a su pieza de e1 (con una jugada del
    tipo del portador); Nc3@b1 mueve el portador y deja la corona en b1, donde
    empieza la jugada (también Nc3@), o en una casilla por la que pasa; Qe5^c3
    la recoge en c3 por el camino, Bc4^ donde se detiene la pieza.

## krithala+royal

aim-krithala-with-royal = El objetivo: capturar la corona del rival, sobre la pieza que la lleva o suelta. No hay jaque ni jaque mate; el ahogado gana para el bando que ahoga.
notation-help-krithala-with-royal =
    Las jugadas se escriben en la notación numérica de las reglas: columnas 1 a
    9 y 0 desde la izquierda de las blancas, filas 1 a 8, así que 54 es la
    quinta columna, cuarta fila. Una jugada de peón es la casilla a la que llega
    (54; 6x55 capturando desde la columna 6); una de pieza, su letra y su
    casilla (C-76, Ax75; G' es la guardia del rey, G la guardia de la dama); el
    enroque, C y la columna del rey (C8; con una jugada previa de la guardia,
    C3-G4); una coronación, 18=G (18=G(w) renuncia a los poderes de dama de una
    guardia coronada). Las piezas negras pueden escribirse en minúscula (n-76).
    También se leen jugadas algebraicas en las columnas de la a a la j (Cf3,
    e2-e4).
    La corona: K>52 la pasa de su portador a su pieza de 52 (con una jugada del
    tipo del portador); C-73@81 mueve el portador y deja la corona en 81, donde
    empieza la jugada (también C-73@), o en una casilla por la que pasa; D-55^33
    la recoge en 33 por el camino, A-33^ donde se detiene la pieza.
