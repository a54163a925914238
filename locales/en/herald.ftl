# herald's words in English: the language itself, its chess terms, dates, numbers and the
# commands players write. Every other language says the same ids (docs/languages.md).

## The language

# Its name in itself, as `language` answers name it.
language-name = English

# The piece letters, king, queen, rook, bishop, knight: five words.
piece-letters = K Q R B N

# A date: $year, $month and $day are written with their leading zeros.
date = { $year }-{ $month }-{ $day }

# What separates a number's whole part from its fraction.
decimal-point = .
# Between each three digits of a number from 1,000 on (GROUPED): 262,144.
thousands-separator = ,

## Chess words

color-white = White
color-black = Black
# The side, in "You play { $color }": as the sentence needs it.
you-play-white = You play White.
you-play-black = You play Black.
days = { $days ->
    [one] 1 day
   *[other] { $days } days
}
moves-count = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}

## Commands, as players write them: the first word is the one the mails show; `.also`
## lists other ways to say it, separated by commas. Commands are read in every language
## at once, so no word may be another command's, in any language, nor read as a move.

command-resign = resign
    .also = i resign
command-draw = draw
    .also = offer draw, draw offer, claim draw
command-accept = accept
    .also = accept draw
command-decline = decline
    .also = decline draw
command-board = board
    .also = position, moves
command-help = help
command-cancel = cancel
    .also = cancel conditions, cancel conditional moves
command-games = games
    .also = my games
command-back = back
command-vacation = vacation
    .also = holiday, leave
command-zone = zone
    .also = timezone, tz
command-notation = notation
command-format = format
command-language = language
command-if = if
command-withdraw = withdraw
command-join = join
# Words that follow a command: "zone club", "vacation 7 days", and the secret choices a game
# asks for before its first move: the Crown's "crown king" or "crown queen", Secret
# Intelligence's "seed WORD" (where the WORD after it is the player's own, read as written).
word-club = club
word-days = days
    .also = day
word-crown = crown
word-king = king
word-queen = queen
word-seed = seed

## Results, as the records keep them in English: each reason the rules give, in a whole
## sentence. $winner and $loser are `white` or `black`.

result-win = { $winner ->
    [white] White
   *[black] Black
} wins { $how }
result-draw = Draw { $how }
how-checkmate = by checkmate
how-stalemate = by stalemate
how-royal-captured = by capturing the royal piece
how-resignation = by resignation
how-perpetual-check = by perpetual check
how-bare-king = by baring the king
how-timeout = on time
how-crown-found = by finding the hidden crown
how-army-destroyed = by destroying the whole army
how-crown-captured = by capturing the crown
how-insufficient-material = by insufficient material
how-fifty-moves = by the fifty-move rule
how-seventy-five-moves = by the seventy-five-move rule
how-threefold-repetition = by threefold repetition
how-fivefold-repetition = by fivefold repetition
how-agreement = by agreement
how-walled-in = by a monarch walled in by its own stones
how-forfeit = by forfeit
how-directors-decision = by the director's decision
result-own-hidden-crown = { $winner ->
    [white] White wins: Black stopped
   *[black] Black wins: White stopped
} on its own hidden crown
result-crown-blown-up = { $winner ->
    [white] White wins: Black's
   *[black] Black wins: White's
} crowned monarch was blown up by a mined stone
# The points of a variant that scores otherwise than 1, ½ and 0 (Royal Chess).
result-points = White { $white }, Black { $black }

## Pieces, by the names the variants give them

piece-king = King
piece-queen = Queen
piece-rook = Rook
piece-bishop = Bishop
piece-knight = Knight
piece-pawn = Pawn
piece-archbishop = Archbishop
piece-chancellor = Chancellor
piece-centaur = Centaur
piece-decoy = Decoy
piece-dragon-horse = Dragon Horse
piece-dragon-king = Dragon King
piece-generalissimo = Generalissimo
piece-guard = Guard
piece-kings-guard = King's Guard
piece-queens-guard = Queen's Guard
piece-marshall = Marshall
piece-ninja = Ninja
piece-slanting-half = Slanting half
piece-spy = Spy
piece-stone = Stone
piece-straight-half = Straight half
