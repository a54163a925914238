# Die Wörter von herald auf Deutsch: die Sprache selbst, ihre Schachbegriffe, Daten, Zahlen
# und die Befehle der Spieler. Dieselben IDs wie im Englischen (locales/en); Begriffe nach
# docs/languages.md.

## The language

# Its name in itself, as `language` answers name it.
language-name = Deutsch

# Die Figurenbuchstaben, fünf Wörter: König (K), Dame (D), Turm (T), Läufer (L), Springer (S); der Bauer hat keinen.
piece-letters = K D T L S

# A date: $year, $month and $day are written with their leading zeros.
date = { $day }.{ $month }.{ $year }

# What separates a number's whole part from its fraction.
decimal-point = ,
# Between each three digits of a number from 1,000 on (GROUPED): 262.144.
thousands-separator = .

## Chess words

color-white = Weiß
color-black = Schwarz
# The side, in "You play { $color }": as the sentence needs it.
you-play-white = Sie spielen mit Weiß.
you-play-black = Sie spielen mit Schwarz.
days = { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
}
moves-count = { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
}

## Commands, as players write them: the first word is the one the mails show; `.also`
## lists other ways to say it, separated by commas. Commands are read in every language
## at once, so no word may be another command's, in any language, nor read as a move.

command-resign = aufgeben
    .also = ich gebe auf
command-draw = remis
    .also = remis anbieten, remisangebot, remis reklamieren
command-accept = annehmen
    .also = remis annehmen
command-decline = ablehnen
    .also = remis ablehnen
command-board = brett
    .also = stellung, züge, zuege
command-help = hilfe
command-cancel = streichen
    .also = bedingte züge streichen, bedingte zuege streichen
command-games = partien
    .also = meine partien
command-back = zurück
    .also = zurueck, wieder da
command-vacation = urlaub
    .also = ferien
command-zone = zeitzone
command-notation = notation
command-format = format
command-language = sprache
command-if = wenn
command-withdraw = zurückziehen
    .also = zurueckziehen, rückzug, rueckzug
command-join = anmelden
    .also = teilnehmen
# Words that follow a command: "zone club", "vacation 7 days", and the Crown's secret choice,
# "crown king" or "crown queen".
word-club = club
    .also = klub, verein
word-days = tage
    .also = tag
word-crown = krone
word-king = könig
    .also = koenig
word-queen = dame
word-seed = startwert

## Results: each reason the rules give. $winner and $loser are `white` or `black`.

result-win = { $winner ->
    [white] Weiß
   *[black] Schwarz
} gewinnt { $how }
result-draw = Remis { $how }
how-checkmate = durch Matt
how-stalemate = durch Patt
how-royal-captured = durch Schlagen der königlichen Figur
how-resignation = durch Aufgabe
how-perpetual-check = durch ewiges Schach
how-bare-king = durch Entblößen des Königs
how-timeout = durch Zeitüberschreitung
how-crown-found = durch Finden der verborgenen Krone
how-army-destroyed = durch Vernichten der ganzen Armee
how-crown-captured = durch Schlagen der Krone
how-insufficient-material = wegen ungenügenden Materials
how-fifty-moves = nach der Fünfzig-Züge-Regel
how-seventy-five-moves = nach der Fünfundsiebzig-Züge-Regel
how-threefold-repetition = durch dreimalige Stellungswiederholung
how-fivefold-repetition = durch fünfmalige Stellungswiederholung
how-agreement = durch Vereinbarung
how-walled-in = durch einen von den eigenen Steinen eingemauerten Monarchen
how-forfeit = kampflos
how-directors-decision = durch Entscheidung des Turnierleiters
result-own-hidden-crown = { $winner ->
    [white] Weiß gewinnt: Schwarz blieb
   *[black] Schwarz gewinnt: Weiß blieb
} auf der eigenen verborgenen Krone stehen
result-crown-blown-up = { $winner ->
    [white] Weiß gewinnt: Der gekrönte Monarch von Schwarz
   *[black] Schwarz gewinnt: Der gekrönte Monarch von Weiß
} wurde von einem verminten Stein gesprengt
# The points of a variant that scores otherwise than 1, ½ and 0 (Royal Chess).
result-points = Weiß { $white }, Schwarz { $black }

## Pieces, by the names the variants give them

piece-king = König
piece-queen = Dame
piece-rook = Turm
piece-bishop = Läufer
piece-knight = Springer
piece-pawn = Bauer
piece-archbishop = Erzbischof
piece-chancellor = Kanzler
piece-centaur = Zentaur
piece-decoy = Attrappe
piece-dragon-horse = Drachenpferd
piece-dragon-king = Drachenkönig
piece-generalissimo = Generalissimus
piece-guard = Wächter
piece-kings-guard = Königswächter
piece-queens-guard = Damenwächter
piece-marshall = Marschall
piece-ninja = Ninja
piece-slanting-half = schräge Hälfte
piece-spy = Spion
piece-stone = Stein
piece-straight-half = gerade Hälfte
