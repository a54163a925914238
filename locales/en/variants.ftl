# What each variant's help says, in English: its aim, how its moves are written, and why it
# offers no conditional moves where it offers none. The same words are the variant's own
# (`Variant::aim`, `notation_help`, `conditional_moves`); the tests hold the two equal.
# Keep the line breaks of `notation-help-*`: the mail shows them as they are.

## chess

aim-chess = The aim: checkmate the opponent's king. A stalemate (no legal move, not in check) is a draw.
notation-help-chess =
    Moves may be written in SAN (Nf3, exd5, e8=Q, O-O), long algebraic (e2-e4,
    Ng1-f3) or ICCF numbers (5254).

## capablanca

aim-capablanca = { aim-chess }
notation-help-capablanca =
    Moves may be written in SAN (Nc3, exd5, e8=Q, O-O), with A for the Archbishop
    and C for the Chancellor (Ci3), or in long algebraic (e2-e4, Nb1-c3). Files
    run from a to j.

## crown

aim-crown = The aim: capture the opponent's crowned monarch. While a side's crown is unknown there is no check; once it is known, checkmate wins too. Stalemate loses for the side that cannot move.
notation-help-crown =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
no-conditions-crown = Conditional moves are not offered in Crown and its extensions: whether a move ends the game, or may be played at all, can depend on a crown still sealed (capturing the crowned monarch wins; once a crown is known, its monarch may not be left in check), so herald's answer to a line, accepted or refused, could tell you your opponent's secret.

## crown-2

aim-crown-2 = The aim: capture the opponent's crowned monarch. While a side's crown is unknown there is no check; once it is known, checkmate wins too. A monarch walled in by its own stones draws; any other stalemate loses for the side that cannot move.
notation-help-crown-2 =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
    Once your uncrowned monarch has fallen you may, as a move, drop one to three
    of your stones on empty squares: S@e4, or S@e4,f5,g6. Stones never move and
    block every piece. One of your three is mined: mark it with * as it enters
    (S@e4*,f5); your opponent never sees the *. Whatever takes the mined stone is
    blown up with it. Take a stone as you take a piece: Nxe4.
no-conditions-crown-2 = { no-conditions-crown }

## crown-3

aim-crown-3 = The aim: capture the opponent's crowned monarch; once a lone monarch's crown is hidden on a square, stop a piece of yours on that square or capture the whole army. A player who stops a piece of their own there loses. Stalemate loses for the side that cannot move.
notation-help-crown-3 =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
    Once your uncrowned monarch has fallen you may, as a move, hide your crown on
    any empty square: "hide d5" (or "crown d5"). Your monarch is then an ordinary
    piece, never in check. Your opponent sees only "hide", and wins by stopping a
    piece on that square (passing over it is not enough) or by capturing all your
    pieces; if a piece of yours stops there, you lose. Every mail shows the
    squares already ruled out.
no-conditions-crown-3 = { no-conditions-crown }

## crown-4

aim-crown-4 = The aim: capture the opponent's crowned monarch, and once the last monarch has split, its crowned half. While a crown is unknown there is no check; once it is known, checkmate wins too. Stalemate loses for the side that cannot move.
notation-help-crown-4 =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
    Once your uncrowned monarch has fallen, your next move splits your last
    monarch into two halves: the W half steps one square along ranks and files,
    the F half one square diagonally. One half stays on the monarch's square, the
    other goes to an empty neighbouring square; mark the crowned half with *:
    W@e1,F@e2* (or split We1 Fe2*). Your opponent sees W@e1,F@e2. The halves move
    in SAN (We2, Fxd3); capturing the crowned half wins, capturing the other makes
    the crowned one royal. With no empty neighbouring square the monarch never
    splits.
no-conditions-crown-4 = { no-conditions-crown }

## secret-intelligence

aim-secret-intelligence = The aim: checkmate the opponent's King, whose square you may not see. A stalemate is a draw.
notation-help-secret-intelligence =
    Moves are written in full: the piece's letter, the square it leaves and the
    square it goes to (Nb1-c3, Pe2-e4, Pd5xe6), a promotion as a move of the piece
    it becomes (Qe7-e8), a swap of two of your pieces as Nb1<>Bc3. Shorter forms
    (Nc3, e4, b1<>c3, swap b1 c3) are read when they name one of your legal moves,
    which each mail lists when it is your move. Before the setup is drawn, send
    "seed" and a word of your own, or "seed" alone.
no-conditions-secret-intelligence = Conditional moves are not offered in Secret Intelligence Chess: you do not see your opponent's moves, only where a piece went, so you could not name the move a condition waits for, and herald's answer to a line (accepted or refused) would tell you what the moves hide.

## royal

aim-royal = The aim: checkmate the opponent's King. Baring it (leaving it alone while you have more), stalemating it and a perpetual check win too, each for points of its own.
notation-help-royal =
    Moves are written in the numeric notation of the rules: files 1 to 9 and 0
    from White's left, ranks 1 to 8, so 54 is the fifth file, fourth rank. A pawn
    move is the square it lands on (54; 6x55 capturing from file 6), a piece move
    its letter and square (N-76, Bx75; G' is the King's Guard, G the Queen's
    Guard), castling C and the King's file (C8; with a Guard's move first, C3-G4),
    a promotion 18=G (18=G(w) waives a promoted Guard's Queen powers). Black's
    pieces may be written in lower case (n-76). Algebraic moves on files a to j
    (Nf3, e2-e4) are read too.

## safety-in-numbers

aim-safety-in-numbers = The aim: checkmate the opponent's king, as in chess; a king in a crowd cannot be checked. A stalemate is a draw.
notation-help-safety-in-numbers =
    Moves may be written in SAN (Nf3, exd5, e8=Q, O-O) or long algebraic (e2-e4).
    A move out of or into a crowd (a square holding several pieces) is written
    from square to square: e5-e4, Nc3-e4.

## chess+ninja

aim-chess-with-ninja = { aim-chess }
notation-help-chess-with-ninja =
    Moves may be written in SAN (Nf3, exd5, e8=Q, O-O), long algebraic (e2-e4,
    Ng1-f3) or ICCF numbers (5254). The ninja (J) is dropped with J@e4 and moves
    with its square, a first-step capture if any, and its end: Je4-f6, Je4xf6,
    Je4xe5-f6, Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge, back
    to reserve).

## capablanca+ninja

aim-capablanca-with-ninja = { aim-chess }
notation-help-capablanca-with-ninja =
    Moves may be written in SAN (Nc3, exd5, e8=Q, O-O), with A for the Archbishop
    and C for the Chancellor (Ci3), or in long algebraic (e2-e4, Nb1-c3). Files
    run from a to j. The ninja (J, always upper case) is dropped with J@e4 and
    moves with its square, a first-step capture if any, and its end: Je4-f6,
    Je4xf6, Je4xe5-f6, Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge,
    back to reserve).

## crown+ninja

aim-crown-with-ninja = { aim-crown }
notation-help-crown-with-ninja =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
    Your ninja (J) starts in reserve: drop it on any empty square as your move
    (J@e4). It moves exactly two king steps, jumping whatever stands between, and
    may capture on each step: Je4-f6, Je4xf6, Je4xe5-f6 (capturing on e5 on the
    way), Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge, back to
    reserve, to be dropped again). Captured, it is gone for good.
no-conditions-crown-with-ninja = { no-conditions-crown }

## crown-2+ninja

aim-crown-2-with-ninja = { aim-crown-2 }
notation-help-crown-2-with-ninja =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
    Once your uncrowned monarch has fallen you may, as a move, drop one to three
    of your stones on empty squares: S@e4, or S@e4,f5,g6. Stones never move and
    block every piece. One of your three is mined: mark it with * as it enters
    (S@e4*,f5); your opponent never sees the *. Whatever takes the mined stone is
    blown up with it. Take a stone as you take a piece: Nxe4.
    Your ninja (J) starts in reserve: drop it on any empty square as your move
    (J@e4). It moves exactly two king steps, jumping whatever stands between, and
    may capture on each step: Je4-f6, Je4xf6, Je4xe5-f6 (capturing on e5 on the
    way), Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge, back to
    reserve, to be dropped again). Captured, it is gone for good.
no-conditions-crown-2-with-ninja = { no-conditions-crown }

## crown-3+ninja

aim-crown-3-with-ninja = { aim-crown-3 }
notation-help-crown-3-with-ninja =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
    Once your uncrowned monarch has fallen you may, as a move, hide your crown on
    any empty square: "hide d5" (or "crown d5"). Your monarch is then an ordinary
    piece, never in check. Your opponent sees only "hide", and wins by stopping a
    piece on that square (passing over it is not enough) or by capturing all your
    pieces; if a piece of yours stops there, you lose. Every mail shows the
    squares already ruled out.
    Your ninja (J) starts in reserve: drop it on any empty square as your move
    (J@e4). It moves exactly two king steps, jumping whatever stands between, and
    may capture on each step: Je4-f6, Je4xf6, Je4xe5-f6 (capturing on e5 on the
    way), Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge, back to
    reserve, to be dropped again). Captured, it is gone for good.
no-conditions-crown-3-with-ninja = { no-conditions-crown }

## crown-4+ninja

aim-crown-4-with-ninja = { aim-crown-4 }
notation-help-crown-4-with-ninja =
    Moves may be written in SAN (Nf3, exd5, e8=G for a Generalissimo, which moves
    as a queen), long algebraic (e2-e4, Ng1-f3) or ICCF numbers (5254). The queen
    moves like a king, and both monarchs castle: K0-0 and K0-0-0 for the king,
    Q0-0 (or D0-0) and Q0-0-0 for the queen. Before the first move, choose your
    crowned monarch privately: "crown king" or "crown queen".
    Once your uncrowned monarch has fallen, your next move splits your last
    monarch into two halves: the W half steps one square along ranks and files,
    the F half one square diagonally. One half stays on the monarch's square, the
    other goes to an empty neighbouring square; mark the crowned half with *:
    W@e1,F@e2* (or split We1 Fe2*). Your opponent sees W@e1,F@e2. The halves move
    in SAN (We2, Fxd3); capturing the crowned half wins, capturing the other makes
    the crowned one royal. With no empty neighbouring square the monarch never
    splits.
    Your ninja (J) starts in reserve: drop it on any empty square as your move
    (J@e4). It moves exactly two king steps, jumping whatever stands between, and
    may capture on each step: Je4-f6, Je4xf6, Je4xe5-f6 (capturing on e5 on the
    way), Je4xe5xf6, Je4-e4 (out and back), Jb2-off (over the edge, back to
    reserve, to be dropped again). Captured, it is gone for good.
no-conditions-crown-4-with-ninja = { no-conditions-crown }

## krithala

aim-krithala = The aim: capture the opponent's crown, on the piece that carries it or lying alone. There is no check or checkmate; a stalemate is a draw.
notation-help-krithala =
    Moves may be written in SAN (Nf3, exd5, e8=Q, O-O), long algebraic (e2-e4,
    Ng1-f3) or ICCF numbers (5254).
    The crown: K>d1 hands it from its carrier to your piece on d1 (by a move
    of the carrier's kind); Nf3@g1 moves the carrier and leaves the crown on
    g1, where the move starts (also Nf3@), or on a square it passes over;
    Qe5^c3 picks it up on c3 on the way, Bc4^ where the piece stops.

## krithala+capablanca

aim-krithala-with-capablanca = { aim-krithala }
notation-help-krithala-with-capablanca =
    Moves may be written in SAN (Nc3, exd5, e8=Q, O-O), with A for the Archbishop
    and C for the Chancellor (Ci3), or in long algebraic (e2-e4, Nb1-c3). Files
    run from a to j.
    The crown: K>e1 hands it from its carrier to your piece on e1 (by a move
    of the carrier's kind); Nc3@b1 moves the carrier and leaves the crown on
    b1, where the move starts (also Nc3@), or on a square it passes over;
    Qe5^c3 picks it up on c3 on the way, Bc4^ where the piece stops.

## krithala+royal

aim-krithala-with-royal = The aim: capture the opponent's crown, on the piece that carries it or lying alone. There is no check or checkmate; a stalemate wins for the side that stalemates.
notation-help-krithala-with-royal =
    Moves are written in the numeric notation of the rules: files 1 to 9 and 0
    from White's left, ranks 1 to 8, so 54 is the fifth file, fourth rank. A pawn
    move is the square it lands on (54; 6x55 capturing from file 6), a piece move
    its letter and square (N-76, Bx75; G' is the King's Guard, G the Queen's
    Guard), castling C and the King's file (C8; with a Guard's move first, C3-G4),
    a promotion 18=G (18=G(w) waives a promoted Guard's Queen powers). Black's
    pieces may be written in lower case (n-76). Algebraic moves on files a to j
    (Nf3, e2-e4) are read too.
    The crown: K>52 hands it from its carrier to your piece on 52 (by a move
    of the carrier's kind); N-73@81 moves the carrier and leaves the crown on
    81, where the move starts (also N-73@), or on a square it passes over;
    Q-55^33 picks it up on 33 on the way, B-33^ where the piece stops.
