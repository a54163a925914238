# Was die Hilfe jeder Variante sagt, auf Deutsch: ihr Ziel, wie ihre Züge geschrieben werden
# und warum sie keine bedingten Züge anbietet. Die Zeilenumbrüche von `notation-help-*` zeigt
# die Mail, wie sie sind.

## chess

aim-chess = Das Ziel: den gegnerischen König mattsetzen. Ein Patt (kein legaler Zug, kein Schach) ist remis.
notation-help-chess =
    Züge können in SAN (Sf3, exd5, e8=D, O-O), in langer algebraischer Notation
    (e2-e4, Sg1-f3) oder in ICCF-Ziffern (5254) geschrieben werden.

## capablanca

aim-capablanca = { aim-chess }
notation-help-capablanca =
    Züge können in SAN (Sc3, exd5, e8=D, O-O) geschrieben werden, mit A für den
    Erzbischof und C für den Kanzler (Ci3), oder in langer algebraischer
    Notation (e2-e4, Sb1-c3). Die Linien reichen von a bis j.

## crown

aim-crown = Das Ziel: den gekrönten Monarchen des Gegners schlagen. Solange die Krone einer Seite unbekannt ist, gibt es kein Schach; sobald sie bekannt ist, gewinnt auch ein Matt. Ein Patt verliert die Seite, die nicht ziehen kann.
notation-help-crown =
    Züge können in SAN (Sf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Sg1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, D0-0 (oder Q0-0)
    und D0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
no-conditions-crown = Bedingte Züge gibt es in Crown und seinen Erweiterungen nicht: Ob ein Zug die Partie beendet oder überhaupt gespielt werden darf, kann von einer noch versiegelten Krone abhängen (das Schlagen des gekrönten Monarchen gewinnt; sobald eine Krone bekannt ist, darf ihr Monarch nicht im Schach stehen bleiben), daher könnte die Antwort von herald auf eine Zeile, angenommen oder abgelehnt, Ihnen das Geheimnis Ihres Gegners verraten.

## crown-2

aim-crown-2 = Das Ziel: den gekrönten Monarchen des Gegners schlagen. Solange die Krone einer Seite unbekannt ist, gibt es kein Schach; sobald sie bekannt ist, gewinnt auch ein Matt. Ein von den eigenen Steinen eingemauerter Monarch ergibt Remis; jedes andere Patt verliert die Seite, die nicht ziehen kann.
notation-help-crown-2 =
    Züge können in SAN (Nf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Ng1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, Q0-0 (oder D0-0)
    und Q0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
    Sobald Ihr ungekrönter Monarch gefallen ist, dürfen Sie als Zug einen bis
    drei Ihrer Steine auf leere Felder setzen: S@e4 oder S@e4,f5,g6. Steine
    ziehen nie und versperren jeder Figur den Weg. Einer Ihrer drei ist vermint:
    Markieren Sie ihn beim Einsetzen mit * (S@e4*,f5); Ihr Gegner sieht das *
    nie. Was den verminten Stein schlägt, wird mit ihm gesprengt. Einen Stein
    schlägt man wie eine Figur: Nxe4.
no-conditions-crown-2 = { no-conditions-crown }

## crown-3

aim-crown-3 = Das Ziel: den gekrönten Monarchen des Gegners schlagen; ist die Krone eines einzelnen Monarchen auf einem Feld versteckt, eine eigene Figur auf diesem Feld anhalten oder die ganze Armee schlagen. Wer dort eine eigene Figur anhält, verliert. Ein Patt verliert die Seite, die nicht ziehen kann.
notation-help-crown-3 =
    Züge können in SAN (Sf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Sg1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, D0-0 (oder Q0-0)
    und D0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
    Sobald Ihr ungekrönter Monarch gefallen ist, dürfen Sie als Zug Ihre Krone
    auf einem beliebigen leeren Feld verstecken: "hide d5" (oder "krone d5").
    Ihr Monarch ist dann eine gewöhnliche Figur, nie im Schach. Ihr Gegner sieht
    nur "hide" und gewinnt, indem er eine Figur auf diesem Feld anhält (darüber
    hinwegziehen genügt nicht) oder alle Ihre Figuren schlägt; hält eine Ihrer
    Figuren dort an, verlieren Sie. Jede Mail zeigt die bereits ausgeschlossenen
    Felder.
no-conditions-crown-3 = { no-conditions-crown }

## crown-4

aim-crown-4 = Das Ziel: den gekrönten Monarchen des Gegners schlagen und, sobald sich der letzte Monarch geteilt hat, dessen gekrönte Hälfte. Solange eine Krone unbekannt ist, gibt es kein Schach; sobald sie bekannt ist, gewinnt auch ein Matt. Ein Patt verliert die Seite, die nicht ziehen kann.
notation-help-crown-4 =
    Züge können in SAN (Sf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Sg1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, D0-0 (oder Q0-0)
    und D0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
    Sobald Ihr ungekrönter Monarch gefallen ist, teilt Ihr nächster Zug Ihren
    letzten Monarchen in zwei Hälften: Die Hälfte W zieht ein Feld entlang
    Linien und Reihen, die Hälfte F ein Feld diagonal. Eine Hälfte bleibt auf
    dem Feld des Monarchen, die andere geht auf ein leeres Nachbarfeld;
    markieren Sie die gekrönte Hälfte mit *: W@e1,F@e2* (oder split We1 Fe2*).
    Ihr Gegner sieht W@e1,F@e2. Die Hälften ziehen in SAN (We2, Fxd3); das
    Schlagen der gekrönten Hälfte gewinnt, das Schlagen der anderen macht die
    gekrönte königlich. Ohne leeres Nachbarfeld teilt sich der Monarch nie.
no-conditions-crown-4 = { no-conditions-crown }

## secret-intelligence

aim-secret-intelligence = Das Ziel: den gegnerischen König mattsetzen, dessen Feld Sie womöglich nicht sehen. Ein Patt ist remis.
notation-help-secret-intelligence =
    Züge werden vollständig geschrieben: der Buchstabe der Figur, das Feld, das
    sie verlässt, und das Feld, auf das sie zieht (Nb1-c3, Pe2-e4, Pd5xe6), eine
    Umwandlung als Zug der Figur, zu der sie wird (Qe7-e8), ein Tausch zweier
    Ihrer Figuren als Nb1<>Bc3. Kürzere Formen (Nc3, e4, b1<>c3, swap b1 c3)
    werden gelesen, wenn sie einen Ihrer legalen Züge bezeichnen; jede Mail
    listet diese auf, wenn Sie am Zug sind. Bevor die Aufstellung ausgelost
    wird, senden Sie "startwert" (oder "seed") und ein Wort Ihrer Wahl oder nur "startwert".
no-conditions-secret-intelligence = Bedingte Züge gibt es in Secret Intelligence Chess nicht: Sie sehen die Züge Ihres Gegners nicht, nur wohin eine Figur ging, könnten also den Zug, auf den eine Bedingung wartet, nicht benennen, und die Antwort von herald auf eine Zeile (angenommen oder abgelehnt) würde Ihnen verraten, was die Züge verbergen.

## royal

aim-royal = Das Ziel: den gegnerischen König mattsetzen. Ihn zu entblößen (ihn allein zu lassen, während Sie mehr haben), ihn pattzusetzen und ein ewiges Schach gewinnen ebenfalls, jeweils mit eigener Punktzahl.
notation-help-royal =
    Züge werden in der Ziffernnotation der Regeln geschrieben: Linien 1 bis 9
    und 0 von der linken Seite von Weiß aus, Reihen 1 bis 8, also ist 54 die
    fünfte Linie, vierte Reihe. Ein Bauernzug ist das Feld, auf dem er landet
    (54; 6x55 schlägt von Linie 6 aus), ein Figurenzug ihr Buchstabe und Feld
    (S-76, Lx75; G' ist der Wächter des Königs, G der Wächter der Dame), die
    Rochade C und die Linie des Königs (C8; mit vorherigem Wächterzug C3-G4),
    eine Umwandlung 18=G (18=G(w) verzichtet auf die Damenkräfte eines
    umgewandelten Wächters). Schwarze Figuren dürfen klein geschrieben werden
    (n-76). Algebraische Züge auf den Linien a bis j (Sf3, e2-e4) werden
    ebenfalls gelesen.

## safety-in-numbers

aim-safety-in-numbers = Das Ziel: den gegnerischen König mattsetzen, wie im Schach; einem König in einer Menge kann kein Schach gegeben werden. Ein Patt ist remis.
notation-help-safety-in-numbers =
    Züge können in SAN (Sf3, exd5, e8=D, O-O) oder in langer algebraischer
    Notation (e2-e4) geschrieben werden. Ein Zug aus einer Menge heraus oder in
    eine Menge hinein (ein Feld mit mehreren Figuren) wird von Feld zu Feld
    geschrieben: e5-e4, Sc3-e4.

## chess+ninja

aim-chess-with-ninja = { aim-chess }
notation-help-chess-with-ninja =
    Züge können in SAN (Sf3, exd5, e8=D, O-O), in langer algebraischer Notation
    (e2-e4, Sg1-f3) oder in ICCF-Ziffern (5254) geschrieben werden. Der Ninja
    (J) wird mit J@e4 eingesetzt; sein Zug wird mit seinem Feld, einem etwaigen
    Schlagen im ersten Schritt und seinem Zielfeld geschrieben: Je4-f6, Je4xf6,
    Je4xe5-f6, Je4xe5xf6, Je4-e4 (hin und zurück), Jb2-off (über den Rand,
    zurück in die Reserve).

## capablanca+ninja

aim-capablanca-with-ninja = { aim-chess }
notation-help-capablanca-with-ninja =
    Züge können in SAN (Sc3, exd5, e8=D, O-O) geschrieben werden, mit A für den
    Erzbischof und C für den Kanzler (Ci3), oder in langer algebraischer
    Notation (e2-e4, Sb1-c3). Die Linien reichen von a bis j. Der Ninja (J,
    immer groß geschrieben) wird mit J@e4 eingesetzt; sein Zug wird mit seinem
    Feld, einem etwaigen Schlagen im ersten Schritt und seinem Zielfeld
    geschrieben: Je4-f6, Je4xf6, Je4xe5-f6, Je4xe5xf6, Je4-e4 (hin und zurück),
    Jb2-off (über den Rand, zurück in die Reserve).

## crown+ninja

aim-crown-with-ninja = { aim-crown }
notation-help-crown-with-ninja =
    Züge können in SAN (Sf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Sg1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, D0-0 (oder Q0-0)
    und D0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
    Ihr Ninja (J) beginnt in der Reserve: Setzen Sie ihn als Zug auf ein
    beliebiges leeres Feld (J@e4). Er macht genau zwei Königsschritte,
    überspringt, was dazwischen steht, und darf bei jedem Schritt schlagen:
    Je4-f6, Je4xf6, Je4xe5-f6 (mit Schlagen auf e5 unterwegs), Je4xe5xf6, Je4-e4
    (hin und zurück), Jb2-off (über den Rand, zurück in die Reserve, um erneut
    eingesetzt zu werden). Geschlagen ist er endgültig weg.
no-conditions-crown-with-ninja = { no-conditions-crown }

## crown-2+ninja

aim-crown-2-with-ninja = { aim-crown-2 }
notation-help-crown-2-with-ninja =
    Züge können in SAN (Nf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Ng1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, Q0-0 (oder D0-0)
    und Q0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
    Sobald Ihr ungekrönter Monarch gefallen ist, dürfen Sie als Zug einen bis
    drei Ihrer Steine auf leere Felder setzen: S@e4 oder S@e4,f5,g6. Steine
    ziehen nie und versperren jeder Figur den Weg. Einer Ihrer drei ist vermint:
    Markieren Sie ihn beim Einsetzen mit * (S@e4*,f5); Ihr Gegner sieht das *
    nie. Was den verminten Stein schlägt, wird mit ihm gesprengt. Einen Stein
    schlägt man wie eine Figur: Nxe4.
    Ihr Ninja (J) beginnt in der Reserve: Setzen Sie ihn als Zug auf ein
    beliebiges leeres Feld (J@e4). Er macht genau zwei Königsschritte,
    überspringt, was dazwischen steht, und darf bei jedem Schritt schlagen:
    Je4-f6, Je4xf6, Je4xe5-f6 (mit Schlagen auf e5 unterwegs), Je4xe5xf6, Je4-e4
    (hin und zurück), Jb2-off (über den Rand, zurück in die Reserve, um erneut
    eingesetzt zu werden). Geschlagen ist er endgültig weg.
no-conditions-crown-2-with-ninja = { no-conditions-crown }

## crown-3+ninja

aim-crown-3-with-ninja = { aim-crown-3 }
notation-help-crown-3-with-ninja =
    Züge können in SAN (Sf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Sg1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, D0-0 (oder Q0-0)
    und D0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
    Sobald Ihr ungekrönter Monarch gefallen ist, dürfen Sie als Zug Ihre Krone
    auf einem beliebigen leeren Feld verstecken: "hide d5" (oder "krone d5").
    Ihr Monarch ist dann eine gewöhnliche Figur, nie im Schach. Ihr Gegner sieht
    nur "hide" und gewinnt, indem er eine Figur auf diesem Feld anhält (darüber
    hinwegziehen genügt nicht) oder alle Ihre Figuren schlägt; hält eine Ihrer
    Figuren dort an, verlieren Sie. Jede Mail zeigt die bereits ausgeschlossenen
    Felder.
    Ihr Ninja (J) beginnt in der Reserve: Setzen Sie ihn als Zug auf ein
    beliebiges leeres Feld (J@e4). Er macht genau zwei Königsschritte,
    überspringt, was dazwischen steht, und darf bei jedem Schritt schlagen:
    Je4-f6, Je4xf6, Je4xe5-f6 (mit Schlagen auf e5 unterwegs), Je4xe5xf6, Je4-e4
    (hin und zurück), Jb2-off (über den Rand, zurück in die Reserve, um erneut
    eingesetzt zu werden). Geschlagen ist er endgültig weg.
no-conditions-crown-3-with-ninja = { no-conditions-crown }

## crown-4+ninja

aim-crown-4-with-ninja = { aim-crown-4 }
notation-help-crown-4-with-ninja =
    Züge können in SAN (Sf3, exd5, e8=G für einen Generalissimus, der wie eine
    Dame zieht), in langer algebraischer Notation (e2-e4, Sg1-f3) oder in
    ICCF-Ziffern (5254) geschrieben werden. Die Dame zieht wie ein König, und
    beide Monarchen rochieren: K0-0 und K0-0-0 für den König, D0-0 (oder Q0-0)
    und D0-0-0 für die Dame. Wählen Sie vor dem ersten Zug geheim Ihren
    gekrönten Monarchen: "krone könig" oder "krone dame".
    Sobald Ihr ungekrönter Monarch gefallen ist, teilt Ihr nächster Zug Ihren
    letzten Monarchen in zwei Hälften: Die Hälfte W zieht ein Feld entlang
    Linien und Reihen, die Hälfte F ein Feld diagonal. Eine Hälfte bleibt auf
    dem Feld des Monarchen, die andere geht auf ein leeres Nachbarfeld;
    markieren Sie die gekrönte Hälfte mit *: W@e1,F@e2* (oder split We1 Fe2*).
    Ihr Gegner sieht W@e1,F@e2. Die Hälften ziehen in SAN (We2, Fxd3); das
    Schlagen der gekrönten Hälfte gewinnt, das Schlagen der anderen macht die
    gekrönte königlich. Ohne leeres Nachbarfeld teilt sich der Monarch nie.
    Ihr Ninja (J) beginnt in der Reserve: Setzen Sie ihn als Zug auf ein
    beliebiges leeres Feld (J@e4). Er macht genau zwei Königsschritte,
    überspringt, was dazwischen steht, und darf bei jedem Schritt schlagen:
    Je4-f6, Je4xf6, Je4xe5-f6 (mit Schlagen auf e5 unterwegs), Je4xe5xf6, Je4-e4
    (hin und zurück), Jb2-off (über den Rand, zurück in die Reserve, um erneut
    eingesetzt zu werden). Geschlagen ist er endgültig weg.
no-conditions-crown-4-with-ninja = { no-conditions-crown }

## krithala

aim-krithala = Das Ziel: die Krone des Gegners schlagen, auf der Figur, die sie trägt, oder allein liegend. Es gibt weder Schach noch Matt; ein Patt ist remis.
notation-help-krithala =
    Züge können in SAN (Sf3, exd5, e8=D, O-O), in langer algebraischer Notation
    (e2-e4, Sg1-f3) oder in ICCF-Ziffern (5254) geschrieben werden.
    Die Krone: K>d1 übergibt sie von ihrem Träger an Ihre Figur auf d1 (mit
    einem Zug der Gangart des Trägers); Sf3@g1 zieht den Träger und lässt die
    Krone auf g1 liegen, wo der Zug beginnt (auch Sf3@), oder auf einem Feld,
    das er überquert; De5^c3 nimmt sie unterwegs auf c3 auf, Lc4^ dort, wo die
    Figur anhält.

## krithala+capablanca

aim-krithala-with-capablanca = { aim-krithala }
notation-help-krithala-with-capablanca =
    Züge können in SAN (Sc3, exd5, e8=D, O-O) geschrieben werden, mit A für den
    Erzbischof und C für den Kanzler (Ci3), oder in langer algebraischer
    Notation (e2-e4, Sb1-c3). Die Linien reichen von a bis j.
    Die Krone: K>e1 übergibt sie von ihrem Träger an Ihre Figur auf e1 (mit
    einem Zug der Gangart des Trägers); Sc3@b1 zieht den Träger und lässt die
    Krone auf b1 liegen, wo der Zug beginnt (auch Sc3@), oder auf einem Feld,
    das er überquert; De5^c3 nimmt sie unterwegs auf c3 auf, Lc4^ dort, wo die
    Figur anhält.

## krithala+royal

aim-krithala-with-royal = Das Ziel: die Krone des Gegners schlagen, auf der Figur, die sie trägt, oder allein liegend. Es gibt weder Schach noch Matt; ein Patt gewinnt für die Seite, die pattsetzt.
notation-help-krithala-with-royal =
    Züge werden in der Ziffernnotation der Regeln geschrieben: Linien 1 bis 9
    und 0 von der linken Seite von Weiß aus, Reihen 1 bis 8, also ist 54 die
    fünfte Linie, vierte Reihe. Ein Bauernzug ist das Feld, auf dem er landet
    (54; 6x55 schlägt von Linie 6 aus), ein Figurenzug ihr Buchstabe und Feld
    (S-76, Lx75; G' ist der Wächter des Königs, G der Wächter der Dame), die
    Rochade C und die Linie des Königs (C8; mit vorherigem Wächterzug C3-G4),
    eine Umwandlung 18=G (18=G(w) verzichtet auf die Damenkräfte eines
    umgewandelten Wächters). Schwarze Figuren dürfen klein geschrieben werden
    (n-76). Algebraische Züge auf den Linien a bis j (Sf3, e2-e4) werden
    ebenfalls gelesen.
    Die Krone: K>52 übergibt sie von ihrem Träger an Ihre Figur auf 52 (mit
    einem Zug der Gangart des Trägers); S-73@81 zieht den Träger und lässt die
    Krone auf 81 liegen, wo der Zug beginnt (auch S-73@), oder auf einem Feld,
    das er überquert; D-55^33 nimmt sie unterwegs auf 33 auf, L-33^ dort, wo die
    Figur anhält.
