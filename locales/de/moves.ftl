# Warum ein Zug nicht regelgemäß ist, auf Deutsch: der Grund, den "move-error-illegal"
# (mails.ftl) nach dem Text des Spielers nennt. Figuren ($piece, $royal, $castler, $meant)
# stehen ohne Artikel in Klammern oder nach "Figur", damit kein Fall und kein Genus nötig ist.

reason-text = { $text }
reason-list = { $reasons }
reason-read-as-latin = { $reason } („{ $letter }“ wurde als lateinischer Buchstabe { $latin } gelesen: { $piece })
reason-castling-none = in dieser Variante gibt es keine Rochade
reason-castling-moved = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist nicht mehr möglich: { $who ->
        [one] der König
       *[many] die Figur ({ $castler })
    } oder der Turm dieser Seite hat bereits gezogen (oder der Turm wurde geschlagen)
reason-castling-in-check = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist nicht möglich, solange { $who ->
        [one] der König
       *[many] die Figur ({ $castler })
    } im Schach steht
reason-castling-cannot = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist nicht möglich
reason-castling-blocked = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist nicht möglich: die Felder, die { $who ->
        [one] der König
       *[many] die Figur ({ $castler })
    } und der Turm benutzen, müssen frei sein, und { $count ->
        [one] { $last } ist es nicht
       *[other] { $others } und { $last } sind es nicht
    }
reason-castling-through-attack = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist nicht möglich: { $who ->
        [one] der König
       *[many] die Figur ({ $castler })
    } würde über { $square } ziehen, das angegriffen ist
reason-castling-into-check = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist nicht möglich: { $who ->
        [one] der König
       *[many] die Figur ({ $castler })
    } stünde auf { $square } im Schach
reason-castling-leaves-check = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist nicht möglich: danach stünde Ihre Figur ({ $royal }) im Schach
reason-castling-not-now = { $side ->
        [long] die lange Rochade
       *[short] die kurze Rochade
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } ist jetzt nicht möglich
reason-piece-named = { $piece }
reason-piece-any = Figur
reason-the-file = der { $file }-Linie
reason-no-piece-on = auf { $square } steht keine Figur
reason-not-yours = die Figur auf { $square } ({ $piece }) gehört nicht Ihnen
reason-other-piece = die Figur auf { $square } ist { $piece }, nicht { $meant }
reason-promote-not-to-that-here = ein Bauer kann sich hier nicht in diese Figur umwandeln; möglich sind: { $moves }
reason-promote-to-what = der Bauer wandelt sich dort um; geben Sie an, in welche Figur: { $moves }
reason-not-a-promotion = dieser Zug ist keine Umwandlung; nur ein Bauer, der die letzte Reihe erreicht, wandelt sich um
reason-capture-own-piece = Sie können Ihre eigene Figur ({ $piece }) auf { $square } nicht schlagen
reason-own-piece-there = { $square } ist von Ihrer eigenen Figur ({ $piece }) besetzt
reason-nothing-to-capture = auf { $square } gibt es nichts zu schlagen
reason-royal-into-check = Ihre Figur ({ $royal }) stünde auf { $square } im Schach
reason-check-not-ended = Sie stehen im Schach, und dieser Zug hebt das Schach nicht auf
reason-leaves-royal-in-check = danach stünde Ihre Figur ({ $royal }) im Schach
reason-no-such-piece = Sie haben keine solche Figur ({ $meant }){ $place ->
        [file] {" "}auf der { $file }-Linie
        [rank] {" "}auf der { $rank }. Reihe
       *[anywhere] {""}
    }
reason-piece-has-no-move = die Figur auf { $square } ({ $piece }) hat keinen regelgemäßen Zug
reason-piece-cannot-go = die Figur auf { $square } ({ $piece }) kann nicht { $how ->
        [capture] auf { $target } schlagen
       *[reach] nach { $target } ziehen
    }; ihre regelgemäßen Züge sind { $moves }
reason-no-piece-has-a-move = keine Ihrer Figuren dieser Art ({ $meant }) hat einen regelgemäßen Zug
reason-no-piece-can-go = keine Ihrer Figuren dieser Art ({ $meant }) kann { $how ->
        [capture] auf { $target } schlagen
       *[reach] nach { $target } ziehen
    }; die regelgemäßen Züge dieser Art sind { $moves }

## Die Gründe der Varianten

reason-game-over = die Partie ist beendet: { $outcome }
reason-not-a-move = das ist kein Zug
reason-not-a-square-of-the-board = „{ $text }“ ist kein Feld des Bretts
reason-promote-not-to-that = ein Bauer kann sich nicht in diese Figur umwandeln; möglich sind: { $moves }
reason-crowd-castling = diese Rochade ist jetzt nicht möglich: König und Turm dürfen nicht gezogen haben, die Felder zwischen ihnen müssen frei sein, und der König darf nicht im Schach stehen, kein angegriffenes Feld überqueren und auf keinem landen
reason-no-piece-of-yours-on = auf { $square } steht keine Figur von Ihnen
reason-no-such-piece-of-yours-on = auf { $square } steht keine Figur dieser Art ({ $piece }) von Ihnen
reason-crowd-not-captured = auf { $square } steht eine Menge, und auf einem Feld mit einer Menge kann nichts geschlagen werden; um sich der Menge anzuschließen, schreiben Sie den Zug mit „-“
reason-crowd-of-your-own = auf { $square } steht eine Menge nur aus Ihren eigenen Figuren, der sich keine weitere Ihrer Figuren anschließen darf
reason-crowd-must-capture = dieser Zug schlägt auf { $square } (schreiben Sie { $moves }): eine Figur, die eine einzelne gegnerische Figur schlagen kann, darf sich nicht stattdessen zu ihr stellen
reason-no-fitting-piece-has-a-move = keine passende Figur dieser Art ({ $meant }) von Ihnen hat einen regelgemäßen Zug
reason-no-piece-goes-that-way = keine Ihrer Figuren dieser Art ({ $meant }) kann so nach { $square } ziehen; die regelgemäßen Züge dieser Art sind { $moves }
reason-royal-unreadable = das ist weder ein Zug in der Zahlennotation des Königlichen Schachs (etwa N-76, 6x55, C3-G4) noch in algebraischer Notation auf den Linien a bis j
reason-royal-no-castling-now = Sie können jetzt nicht rochieren
reason-royal-castlings-now = jetzt möglich sind die Rochaden { $moves }
reason-royal-no-piece-can = keine Ihrer Figuren kann diesen Zug jetzt machen
reason-secret-intelligence-not-begun = die Partie hat noch nicht begonnen: Armeen und Aufstellung werden ausgelost, wenn beide Spieler ihren Startwert geschickt haben
reason-si-piece-on = Figur auf { $square }
reason-si-none-could = Sie haben keine Figur, die ihn machen könnte ({ $what })
reason-si-piece-has-no-move = Ihre Figur auf { $square } ({ $piece }) hat keinen regelgemäßen Zug
reason-si-piece-may-play = Ihre Figur auf { $square } ({ $piece }) kann { $moves } spielen
reason-si-not-legal = das ist keiner Ihrer regelgemäßen Züge ({ $pieces })
reason-crown-not-begun = die Partie beginnt, wenn beide Spieler ihren gekrönten Monarchen gewählt haben
reason-drop-star-alone = ein * markiert das Feld davor, wie in S@e4*
reason-drop-not-a-square = „{ $text }“ ist kein Feld: schreiben Sie einen Einsatz als S@e4 oder S@e4,f5 für zwei Steine
reason-drop-named-twice = { $square } ist zweimal genannt: jeder Stein kommt auf ein eigenes Feld
reason-drop-marked-twice = { $square } ist zweimal markiert
reason-drop-where = sagen Sie, wohin: schreiben Sie S@ und die Felder, wie in S@e4 oder S@e4,f5
reason-drop-how-many = ein Einsatz umfasst einen bis drei Steine
reason-drop-not-yet = Ihre Steine kommen ins Spiel, nachdem Ihr ungekrönter Monarch gefallen ist
reason-drop-none-left = Sie haben keine Steine mehr in Reserve
reason-drop-in-reserve = Sie haben { $count ->
        [one] { $count } Stein
       *[other] { $count } Steine
    } in Reserve
reason-drop-not-empty = { $square } ist nicht frei: Steine werden auf freie Felder gesetzt
reason-drop-opened-plain = { $label } wurde als einfach geöffnet, aber { $square } ist mit * markiert
reason-drop-one-mined = nur einer Ihrer drei Steine ist vermint: markieren Sie ein Feld mit *
reason-drop-mine-entered = Ihr verminter Stein ist bereits im Spiel: schreiben Sie den Einsatz ohne *
reason-drop-mark-mine = einer Ihrer Steine muss vermint sein: markieren Sie ihn mit *, wie in S@e4*
reason-drop-leaves-check = danach steht Ihr gekrönter Monarch weiter im Schach
reason-hide-not-yet = Sie dürfen Ihre Krone erst verstecken, wenn Ihr ungekrönter Monarch gefallen ist
reason-hide-already = Ihre Krone ist bereits versteckt; sie kann nicht mehr ziehen
reason-hide-not-a-square = „{ $text }“ ist kein Feld: schreiben Sie hide und ein Feld, wie in hide d5
reason-hide-where = sagen Sie, wo: schreiben Sie hide und ein Feld, wie in hide d5
reason-hide-not-free = { $square } ist nicht frei: Sie dürfen Ihre Krone nur auf einem freien Feld verstecken
reason-split-grammar = eine Teilung nennt beide Hälften und ihre Felder, die gekrönte mit Stern: W@e1,F@e2* (oder split We1 Fe2*)
reason-split-one-of-each = eine Teilung hat eine W-Hälfte und eine F-Hälfte
reason-split-one-crowned = nur eine Hälfte trägt die Krone: versehen Sie eine davon mit Stern
reason-split-due = Ihr ungekrönter Monarch ist gefallen, daher muss dieser Zug Ihre Figur ({ $monarch }) in ihre zwei Hälften teilen, die gekrönte mit Stern: { $example }
reason-split-not-yet = ein Monarch teilt sich erst, wenn Ihr ungekrönter Monarch gefallen ist
reason-split-never = Ihr Monarch hatte kein freies Nachbarfeld, als seine Teilung fällig war: er teilt sich nie
reason-split-already = Ihr Monarch hat sich bereits geteilt
reason-split-no-monarch = Sie haben keinen Monarchen, der sich teilen könnte
reason-split-no-room = Ihre Figur auf { $square } ({ $monarch }) hat kein freies Nachbarfeld und kann sich daher nicht teilen: machen Sie einen anderen Zug
reason-split-one-stays = eine Hälfte bleibt, wo Ihre Figur ({ $monarch }) steht: auf { $square }
reason-split-next-to = die andere Hälfte kommt auf ein Feld neben Ihrer Figur auf { $square } ({ $monarch }); { $to } ist keines
reason-split-not-empty = { $square } ist nicht frei: die andere Hälfte kommt auf ein freies Nachbarfeld
reason-split-mark-crowned = markieren Sie die gekrönte Hälfte mit *: W@{ $w }*,F@{ $f } oder W@{ $w },F@{ $f }*
reason-piece-on = die Figur auf { $square } ({ $piece })
reason-any-piece-on = die Figur auf { $square }
reason-crown-sign-first = schreiben Sie den Zug vor das Kronenzeichen, wie in Nf3@g1 oder Qe5^c3
reason-crown-act-written = { $why }; mit der Krone kann dieser Zug so geschrieben werden: { $moves }
reason-crown-carried = Ihre Krone trägt { $carrier }{ $count ->
        [0] {""}
        [1] , mit ihr Ihr letzter Zug
       *[other] , mit ihr Ihre letzten zwei Züge
    }
reason-crown-lies = Ihre Krone liegt auf { $square }
reason-crown-captured = Ihre Krone ist geschlagen
reason-crown-third-move-drops = { $state }; ihr dritter Zug in Folge legt die Krone dort ab, wo der Zug beginnt, auf keinem anderen Feld
reason-crown-drop-where = { $state }; ein Träger legt sie nur ab, wo sein Zug beginnt, oder auf einem Feld, das er überquert
reason-crown-only-carrier-drops = nur die Figur, die Ihre Krone trägt, kann sie ablegen, und { $state }
reason-crown-dropper-passes = { $state }; die Figur, die sie abgelegt hat, darf über sie ziehen, sie aber nicht aufnehmen
reason-crown-none-to-pick-up = auf { $square } liegt entlang dieses Zugs keine Krone von Ihnen zum Aufnehmen: { $state }
reason-crown-in-castling = auf { $square } liegt eine Krone: bei der Rochade darf keine Krone zwischen König und Turm liegen, noch wo sie landen
reason-crown-dropper-barred = { $dropper } hat Ihre Krone auf { $square } abgelegt und darf sie erst wieder aufnehmen, wenn eine andere Figur sie abgelegt hat (darüber ziehen darf sie)
reason-crown-not-picked-up-castling = Ihre Krone liegt auf { $square }, und bei einer Rochade nimmt sie niemand auf
reason-transfer-which-piece = sagen Sie, welche Figur die Krone weitergibt: ihren Buchstaben oder ihr Feld vor dem >, wie in K>d1
reason-transfer-names-no-piece = „{ $text }“ nennt keine Figur: schreiben Sie den Buchstaben oder das Feld des Trägers vor das >, wie in K>d1
reason-transfer-crown-lies = Ihre Krone liegt auf { $square }: nur eine getragene Krone wird weitergegeben; eine Figur nimmt sie auf, indem sie über sie oder auf sie zieht
reason-transfer-locked = Ihre letzte Kronenhandlung war eine Weitergabe: { $carrier } muss mit der Krone ziehen, bevor sie wieder weitergegeben wird
reason-transfer-cannot = { $carrier } kann die Krone nicht nach { $square } weitergeben: eine Weitergabe folgt einem Zug des Trägers, bei freiem Weg, zu einer Ihrer Figuren (jetzt: { $count ->
        [0] keine Weitergabe möglich
       *[other] { $moves }
    })
reason-ninja-grammar = ein Ninjazug wird J@e4 (ein Einsatz), Je4-f6, Je4xf6 (schlägt auf f6), Je4xe5-f6 (schlägt unterwegs auf e5), Je4xe5xf6, Je4-e4 (hin und zurück) oder Jb2-off (über den Rand) geschrieben
reason-ninja-gone = Ihr Ninja wurde geschlagen: er ist endgültig fort
reason-ninja-not-in-reserve = Ihr Ninja steht auf { $square }, nicht in Reserve
reason-ninja-drop-occupied = { $square } ist besetzt ({ $piece })
reason-ninja-in-reserve = Ihr Ninja ist in Reserve: setzen Sie ihn zuerst auf ein freies Feld, wie J@e4
reason-ninja-elsewhere = Ihr Ninja steht auf { $square }, nicht auf { $origin }
reason-ninja-first-step = { $step } ist kein Schritt von { $square }: der erste Schritt geht auf ein Nachbarfeld
reason-ninja-no-enemy = auf { $square } steht keine gegnerische Figur zum Schlagen
reason-ninja-far-from-edge = der Ninja auf { $square } ist mehr als zwei Schritte vom Rand entfernt
reason-ninja-no-step-off = von { $square } führt kein Schritt vom Brett
reason-ninja-too-far = { $to } ist mehr als zwei Königsschritte von { $square } entfernt: der Ninja zieht genau zwei Königsschritte
reason-ninja-second-step = { $to } ist kein Schritt von { $step }, wo der erste Schritt endet
reason-ninja-cannot = der Ninja auf { $square } kann das nicht
piece-monarch = Monarch

## A setup answer refused (the Crown's choice, Secret Intelligence's seed)
reason-crown-choose = schreiben Sie „{ word-crown } { word-king }“ oder „{ word-crown } { word-queen }“, um zu wählen, welcher Monarch Ihre Krone trägt
reason-crown-already-on = Ihre Krone ist schon auf { $monarch ->
    [king] Ihrem König
   *[queen] Ihrer Dame
}: die Notiz ist geschrieben und kann nicht mehr geändert werden
reason-crown-no-monarch = Sie haben weder König noch Dame, die Sie krönen könnten: Ihre Krone hat sie vor dieser Stellung verlassen
reason-seed-already-in = Ihr Startwert ist schon eingegangen: er kann nicht mehr geändert werden
reason-seed-too-long = ein Startwert hat höchstens { $most } Zeichen
reason-seed-not-one-word = ein Startwert ist ein Wort aus Buchstaben, Ziffern und Satzzeichen außer „:“ (nicht { $bad })
