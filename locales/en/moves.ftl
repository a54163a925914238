# Why a move is not legal, in English: the reason "move-error-illegal" (mails.ftl) gives after
# the player's text. Each message is one reason herald or a variant finds; squares ($square),
# what the player wrote and labels are said as they are, pieces ($piece, $royal, $castler) in
# the language's piece names, moves ($moves) in its piece letters. A reason may hold another
# ($reason, $meant, $target), already said in the language.

## Any reason

# A variant's own words, for a variant herald does not ship.
reason-text = { $text }
# Several reasons, one after another.
reason-list = { $reasons }
# What the player wrote, and which Latin letter a Cyrillic look-alike piece letter was read as.
reason-read-as-latin = { $reason } ("{ $letter }" was read as the Latin letter { $latin }, the { $piece })

## Castling
# $side: short or long. $who: one where only the king castles (the reason speaks to the
# player), many where several pieces castle (Crown: it names $castler).

reason-castling-none = there is no castling in this variant
reason-castling-moved = { $who ->
        [one] you
       *[many] your { $castler }
    } can no longer castle { $side ->
        [long] long
       *[short] short
    }: { $who ->
        [one] your king
       *[many] your { $castler }
    } or the rook on that side has already moved (or the rook was captured)
reason-castling-in-check = { $who ->
        [one] you
       *[many] your { $castler }
    } cannot castle { $side ->
        [long] long
       *[short] short
    } while { $who ->
        [one] your king
       *[many] your { $castler }
    } is in check
reason-castling-cannot = { $who ->
        [one] you
       *[many] your { $castler }
    } cannot castle { $side ->
        [long] long
       *[short] short
    }
# $count squares stand between: $last alone, or $others and $last.
reason-castling-blocked = { $who ->
        [one] you
       *[many] your { $castler }
    } cannot castle { $side ->
        [long] long
       *[short] short
    }: the squares the { $who ->
        [one] king
       *[many] { $castler }
    } and rook use must be empty, and { $count ->
        [one] { $last } is
       *[other] { $others } and { $last } are
    } not
reason-castling-through-attack = { $who ->
        [one] you
       *[many] your { $castler }
    } cannot castle { $side ->
        [long] long
       *[short] short
    }: { $who ->
        [one] your king
       *[many] your { $castler }
    } would pass through { $square }, which is attacked
reason-castling-into-check = { $who ->
        [one] you
       *[many] your { $castler }
    } cannot castle { $side ->
        [long] long
       *[short] short
    }: { $who ->
        [one] your king
       *[many] your { $castler }
    } would be in check on { $square }
reason-castling-leaves-check = { $who ->
        [one] you
       *[many] your { $castler }
    } cannot castle { $side ->
        [long] long
       *[short] short
    }: it would leave your { $royal } in check
reason-castling-not-now = { $who ->
        [one] you
       *[many] your { $castler }
    } cannot castle { $side ->
        [long] long
       *[short] short
    } now

## The pieces and squares of a move

# The kind of piece the player's text means, inside other reasons ($meant).
reason-piece-named = { $piece }
reason-piece-any = piece
# A destination given only by its file, in the pawn shorthand "gf" ($target).
reason-the-file = the { $file }-file
reason-no-piece-on = there is no piece on { $square }
reason-not-yours = the { $piece } on { $square } is not yours
reason-other-piece = the piece on { $square } is { $piece ->
        [archbishop] an
       *[other] a
    } { $piece }, not { $meant ->
        [archbishop] an
       *[other] a
    } { $meant }
reason-promote-not-to-that-here = a pawn cannot become that piece here; it may become: { $moves }
reason-promote-to-what = the pawn promotes there; say to what: { $moves }
reason-not-a-promotion = that move is not a promotion; only a pawn reaching the last rank promotes
reason-capture-own-piece = you cannot capture your own { $piece } on { $square }
reason-own-piece-there = { $square } is occupied by your own { $piece }
reason-nothing-to-capture = there is nothing to capture on { $square }
reason-royal-into-check = your { $royal } would be in check on { $square }
reason-check-not-ended = you are in check, and that move does not end the check
reason-leaves-royal-in-check = it would leave your { $royal } in check
# $place: file (on the file $file), rank (on rank $rank), anywhere.
reason-no-such-piece = you have no { $meant }{ $place ->
        [file] {" "}on the { $file }-file
        [rank] {" "}on rank { $rank }
       *[anywhere] {""}
    }
reason-piece-has-no-move = the { $piece } on { $square } has no legal move
# $how: reach ($target is a square) or capture ($target is a file).
reason-piece-cannot-go = the { $piece } on { $square } cannot { $how ->
        [capture] capture on
       *[reach] reach
    } { $target }; its legal moves are { $moves }
reason-no-piece-has-a-move = no { $meant } of yours has a legal move
reason-no-piece-can-go = no { $meant } of yours can { $how ->
        [capture] capture on
       *[reach] reach
    } { $target }; the legal { $meant } moves are { $moves }

## The variants' own reasons

reason-game-over = the game is over: { $outcome }
reason-not-a-move = that is not a move
reason-not-a-square-of-the-board = "{ $text }" is not a square of the board
reason-promote-not-to-that = a pawn cannot become that piece; it may become: { $moves }
reason-crowd-castling = you cannot castle that way now: the king and rook must not have moved, the squares between them must be empty, and the king may not be in check, pass through an attacked square or land on one
reason-no-piece-of-yours-on = there is no piece of yours on { $square }
reason-no-such-piece-of-yours-on = there is no { $piece } of yours on { $square }
reason-crowd-not-captured = { $square } holds a crowd, and nothing on a crowded square can be captured; to join the crowd write the move with "-"
reason-crowd-of-your-own = { $square } holds a crowd of your own pieces only, which no more of your pieces may join
reason-crowd-must-capture = that move captures on { $square } (write { $moves }): a piece that can capture a lone enemy piece may not stand with it instead
reason-no-fitting-piece-has-a-move = no { $meant } of yours that fits has a legal move
reason-no-piece-goes-that-way = no { $meant } of yours can go to { $square } that way; the legal { $meant } moves are { $moves }
reason-royal-unreadable = it is not a move in Royal Chess's numeric notation (like N-76, 6x55, C3-G4) nor in algebraic notation on files a to j
reason-royal-no-castling-now = you cannot castle now
reason-royal-castlings-now = the castlings you may make now are { $moves }
reason-royal-no-piece-can = no piece of yours can make that move now
reason-secret-intelligence-not-begun = the game has not begun: the armies and the setup are drawn when both players have sent their seed
reason-si-piece-on = piece on { $square }
reason-si-none-could = you have no { $what } that could make it
reason-si-piece-has-no-move = your { $piece } on { $square } has no legal move
reason-si-piece-may-play = your { $piece } on { $square } may play { $moves }
reason-si-not-legal = it is not one of your legal moves ({ $pieces })
reason-crown-not-begun = the game begins when both players have chosen their crowned monarch
reason-drop-star-alone = a * marks the square before it, as in S@e4*
reason-drop-not-a-square = "{ $text }" is not a square: write a drop as S@e4, or S@e4,f5 for two stones
reason-drop-named-twice = { $square } is named twice: each stone goes to a square of its own
reason-drop-marked-twice = { $square } is marked twice
reason-drop-where = say where: write S@ and the squares, as in S@e4 or S@e4,f5
reason-drop-how-many = a drop is one to three stones
reason-drop-not-yet = your stones enter after your uncrowned monarch falls
reason-drop-none-left = you have no stones left in reserve
reason-drop-in-reserve = you have { $count ->
        [one] { $count } stone
       *[other] { $count } stones
    } in reserve
reason-drop-not-empty = { $square } is not empty: stones are dropped on empty squares
reason-drop-opened-plain = { $label } was opened as plain, but { $square } is marked *
reason-drop-one-mined = only one of your three stones is mined: mark one square with *
reason-drop-mine-entered = your mined stone has already entered: write the drop without *
reason-drop-mark-mine = one of your stones must be mined: mark it with *, as in S@e4*
reason-drop-leaves-check = it leaves your crowned monarch in check
reason-hide-not-yet = you may hide your crown only once your uncrowned monarch has fallen
reason-hide-already = your crown is already hidden; it cannot move again
reason-hide-not-a-square = "{ $text }" is not a square: write hide and a square, as in hide d5
reason-hide-where = say where: write hide and a square, as in hide d5
reason-hide-not-free = { $square } is not free: you may hide your crown only on an empty square
reason-split-grammar = a split names both halves and their squares, the crowned one starred: W@e1,F@e2* (or split We1 Fe2*)
reason-split-one-of-each = a split has one W half and one F half
reason-split-one-crowned = only one half wears the crown: star one of them
reason-split-due = your uncrowned monarch fell, so this move must split your { $monarch } into its two halves, the crowned one starred: { $example }
reason-split-not-yet = a monarch splits only once your uncrowned monarch has fallen
reason-split-never = your monarch had no empty neighbouring square when its split was due: it never splits
reason-split-already = your monarch has already split
reason-split-no-monarch = you have no monarch to split
reason-split-no-room = your { $monarch } on { $square } has no empty neighbouring square, so it cannot split: make another move
reason-split-one-stays = one half stays where your { $monarch } stands, on { $square }
reason-split-next-to = the other half goes to a square next to your { $monarch } on { $square }; { $to } is not
reason-split-not-empty = { $square } is not empty: the other half goes to an empty neighbouring square
reason-split-mark-crowned = mark the crowned half with *: W@{ $w }*,F@{ $f } or W@{ $w },F@{ $f }*
reason-piece-on = the { $piece } on { $square }
reason-any-piece-on = the piece on { $square }
reason-crown-sign-first = write the move before the crown sign, as in Nf3@g1 or Qe5^c3
reason-crown-act-written = { $why }; with the crown, this move may be written { $moves }
reason-crown-carried = your crown is carried by { $carrier }{ $count ->
        [0] {""}
        [1] , which has made your last move with it
       *[other] , which has made your last two moves with it
    }
reason-crown-lies = your crown lies on { $square }
reason-crown-captured = your crown is captured
reason-crown-third-move-drops = { $state }; its third move in a row drops the crown where the move starts, on no other square
reason-crown-drop-where = { $state }; a carrier drops it only where its move starts or on a square it passes over
reason-crown-only-carrier-drops = only the piece that carries your crown can drop it, and { $state }
reason-crown-dropper-passes = { $state }; the piece that dropped it may pass over it but not pick it up
reason-crown-none-to-pick-up = there is no crown of yours to pick up on { $square } along this move: { $state }
reason-crown-in-castling = a crown lies on { $square }: no crown may lie between the King and the Rook, nor where they land, when they castle
reason-crown-dropper-barred = { $dropper } dropped your crown on { $square } and may not pick it up again until another piece has dropped it (it may pass over it)
reason-crown-not-picked-up-castling = your crown lies on { $square }, and nothing picks it up in a castling
reason-transfer-which-piece = say which piece hands the crown on: its letter or square before the >, as in K>d1
reason-transfer-names-no-piece = "{ $text }" names no piece: write the carrier's letter or square before the >, as in K>d1
reason-transfer-crown-lies = your crown lies on { $square }: only a carried crown is handed on; a piece picks it up by moving over or onto it
reason-transfer-locked = your last crown act was a transfer: { $carrier } must move with the crown before it is handed on again
reason-transfer-cannot = { $carrier } cannot hand the crown to { $square }: a transfer follows one of the carrier's moves, the way clear, to a piece of yours (now: { $count ->
        [0] no transfer is possible now
       *[other] { $moves }
    })
reason-ninja-grammar = a ninja's move is written J@e4 (a drop), Je4-f6, Je4xf6 (capturing on f6), Je4xe5-f6 (capturing on e5 on the way), Je4xe5xf6, Je4-e4 (out and back) or Jb2-off (over the edge)
reason-ninja-gone = your ninja was captured: it is gone for good
reason-ninja-not-in-reserve = your ninja is on { $square }, not in reserve
reason-ninja-drop-occupied = { $square } is occupied by { $piece ->
        [archbishop] an
       *[other] a
    } { $piece }
reason-ninja-in-reserve = your ninja is in reserve: drop it on an empty square first, as J@e4
reason-ninja-elsewhere = your ninja is on { $square }, not on { $origin }
reason-ninja-first-step = { $step } is not a step from { $square }: the first step goes to a neighbouring square
reason-ninja-no-enemy = there is no enemy piece on { $square } to capture
reason-ninja-far-from-edge = the ninja on { $square } is more than two steps from the edge
reason-ninja-no-step-off = from { $square } no step leaves the board
reason-ninja-too-far = { $to } is more than two king steps from { $square }: the ninja moves exactly two king steps
reason-ninja-second-step = { $to } is not a step from { $step }, where the first step ends
reason-ninja-cannot = the ninja on { $square } cannot do that
# A Crown monarch, where the reason does not know which it is ($monarch).
piece-monarch = monarch

## A setup answer refused (the Crown's choice, Secret Intelligence's seed)
reason-crown-choose = write "{ word-crown } { word-king }" or "{ word-crown } { word-queen }" to choose which monarch wears your crown
# $monarch is `king` or `queen`.
reason-crown-already-on = your crown is already on your { $monarch }: the note is written and cannot be changed
reason-crown-no-monarch = you have no king or queen to crown: your crown left them before this position
reason-seed-already-in = your seed is already in: it cannot be changed
reason-seed-too-long = a seed may have at most { $most } characters
# $bad is the character refused, quoted: 'é'.
reason-seed-not-one-word = a seed is one word of letters, digits and punctuation other than ':' (not { $bad })
