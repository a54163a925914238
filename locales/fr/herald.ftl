# Les mots de herald en français : la langue elle-même, ses termes d'échecs, les dates, les
# nombres et les commandes qu'écrivent les joueurs. Les mêmes identifiants qu'en anglais
# (locales/en) ; termes selon docs/languages.md.

## The language

# Its name in itself, as `language` answers name it.
language-name = français

# Les lettres des pièces, cinq mots : roi (R), dame (D), tour (T), fou (F), cavalier (C) ; le pion n'en a pas.
piece-letters = R D T F C

# A date: $year, $month and $day are written with their leading zeros.
date = { $day }/{ $month }/{ $year }

# What separates a number's whole part from its fraction.
decimal-point = ,
# Between each three digits of a number from 1,000 on (GROUPED): a narrow no-break space, 262 144.
thousands-separator = { "\u202F" }

## Chess words

color-white = Blancs
color-black = Noirs
# The side, in "You play { $color }": as the sentence needs it.
you-play-white = Vous jouez avec les Blancs.
you-play-black = Vous jouez avec les Noirs.
days = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}
moves-count = { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}

## Commands, as players write them: the first word is the one the mails show; `.also`
## lists other ways to say it, separated by commas. Commands are read in every language
## at once, so no word may be another command's, in any language, nor read as a move.

command-resign = abandon
    .also = abandonner
command-draw = nulle
    .also = proposer nulle, offre de nulle, réclamer nulle, reclamer nulle
command-accept = accepter
    .also = accepte, accepter nulle
command-decline = refuser
    .also = refuse, refuser nulle
command-board = échiquier
    .also = echiquier, coups
command-help = aide
command-cancel = annuler
    .also = annuler conditions, annuler les coups conditionnels
command-games = parties
    .also = mes parties
command-back = retour
    .also = de retour, je suis de retour
command-vacation = vacances
    .also = congé, conge
command-zone = fuseau
command-notation = notation
command-format = format
command-language = langue
command-if = quand
command-withdraw = retrait
    .also = me retirer, je me retire
command-join = inscription
    .also = participer
# Words that follow a command: "zone club", "vacation 7 days", and the Crown's secret choice,
# "crown king" or "crown queen".
word-club = club
word-days = jours
    .also = jour
word-crown = couronne
word-king = roi
word-queen = dame
    .also = reine
word-seed = graine

## Results: each reason the rules give. $winner and $loser are `white` or `black`.

result-win = { $winner ->
    [white] les Blancs gagnent
   *[black] les Noirs gagnent
} { $how }
result-draw = partie nulle { $how }
how-checkmate = par mat
how-stalemate = par pat
how-royal-captured = par la prise de la pièce royale
how-resignation = par abandon
how-perpetual-check = par échec perpétuel
how-bare-king = par roi dépouillé
how-timeout = au temps
how-crown-found = en trouvant la couronne cachée
how-army-destroyed = en détruisant toute l'armée
how-crown-captured = par la prise de la couronne
how-insufficient-material = par manque de matériel
how-fifty-moves = par la règle des cinquante coups
how-seventy-five-moves = par la règle des soixante-quinze coups
how-threefold-repetition = par triple répétition
how-fivefold-repetition = par quintuple répétition
how-agreement = par accord mutuel
how-walled-in = par un monarque emmuré par ses propres pierres
how-forfeit = par forfait
how-directors-decision = par décision du directeur du tournoi
result-own-hidden-crown = { $winner ->
    [white] les Blancs gagnent : les Noirs se sont arrêtés
   *[black] les Noirs gagnent : les Blancs se sont arrêtés
} sur leur propre couronne cachée
result-crown-blown-up = { $winner ->
    [white] les Blancs gagnent : le monarque couronné des Noirs
   *[black] les Noirs gagnent : le monarque couronné des Blancs
} a sauté sur une pierre minée
# The points of a variant that scores otherwise than 1, ½ and 0 (Royal Chess).
result-points = Blancs { $white }, Noirs { $black }

## Pieces, by the names the variants give them

piece-king = roi
piece-queen = dame
piece-rook = tour
piece-bishop = fou
piece-knight = cavalier
piece-pawn = pion
piece-archbishop = archevêque
piece-chancellor = chancelier
piece-centaur = centaure
piece-decoy = leurre
piece-dragon-horse = cheval-dragon
piece-dragon-king = roi-dragon
piece-generalissimo = généralissime
piece-guard = garde
piece-kings-guard = garde du roi
piece-queens-guard = garde de la dame
piece-marshall = maréchal
piece-ninja = ninja
piece-slanting-half = moitié diagonale
piece-spy = espion
piece-stone = pierre
piece-straight-half = moitié orthogonale
