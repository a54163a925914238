# The words of herald's mails to players, in English. The templates (templates/*.txt) lay
# the mails out and name these messages; a paragraph is one message, which the mail wraps
# at 78 columns. Names ($opponent, $name) are the players' own, already made safe.

## Every mail

hello = Hello { $name },
hello-nobody = Hello,
signature = herald, play-by-email referee

## Subjects of a game's mails (after "[herald #N] variant: ")

subject-reminder = reminder
subject-time-up = time is up
subject-opponent-unreachable = { $opponent } unreachable
subject-vacation = your vacation
subject-back = back from vacation
subject-opponent-vacation = { $opponent } on vacation
subject-opponent-back = { $opponent } back from vacation
subject-conditions-left = conditional moves recorded
subject-conditions-cancelled = conditional moves cancelled
subject-games = your games
subject-zone = your time zone
subject-notation = your notation
subject-format = your mail format
subject-language = your language
subject-setup = your secret choice, please
subject-waiting-for-setup = waiting for { $opponent }'s choice
subject-your-move = your move ({ $label })
subject-to-move = { $opponent } to move ({ $label })
subject-rejected = not accepted
subject-no-command = your mail held no command I could read
subject-help = how to play by mail
subject-confirm = please confirm { $asked }

## What a game's mail is about

invite = You are invited to a game of { $variant } against { $opponent }, refereed by herald. { $you-play }
invite-tournament = This game is part of the tournament { $tournament }.
moved = Your move { $move } is recorded.
opponent-moved = { $opponent } played { $move }.
conditions-left = Your conditional moves are recorded; { $opponent } does not see them.
conditions-cancelled = Your conditional moves are cancelled; { $opponent } never saw them.
board-asked = Here is the position, as you asked.
games-going-on = Your games going on:
games-board-hint = Reply "{ command-board } N" to any mail of mine for game N's position and moves. Below is game #{ $game }, the one you wrote in.
games-none = You have no game going on. Below is game #{ $game }, the one you wrote in.
zone-own = Your time zone is now { $zone }: the times in the mails of all your games are shown in it. Days are still counted in the club's calendar ({ $club }). Reply "{ command-zone } club" to see the club's times again.
zone-club = The mails of all your games show the club's times again ({ $club }).
notation-set = Your moves are now shown in { $notation }, in the mails of all your games whose variant can write them so: chess and Capablanca (ICCF numbers: chess only). The other variants, the archives and the PGN keep each variant's own notation, and you may write your moves in any notation I read.
notation-not-here = This game's variant keeps its own.
format-text = From now on my mails to you, in all your games, are plain text alone, without the board drawn as a picture. Reply "{ command-format } html" to have the picture again.
format-html = From now on my mails to you, in all your games, carry the board drawn as a picture (an HTML version of the same text). Reply "{ command-format } text" for plain text alone.
language-set = From now on I write to you in English, in all your games. Reply "{ command-language } club" for the club's language, or "{ command-language } CODE" for another of mine: { $codes }.
setup-recorded = Your secret choice is recorded and committed.
game-begins = Both secret choices are in and committed: the game begins.
draw-offered-with-move = { $opponent } played { $move } and offers a draw.
draw-offered = { $opponent } offers a draw.
draw-offer-how = Reply "{ command-accept }" or "{ command-decline }" (or simply make your move, which declines it).
draw-offer-sent = Your draw offer has been sent to { $opponent }.
draw-declined-by-you = You declined the draw offer.
draw-declined = { $opponent } declined your draw offer.
finished-after-sequel = After { $move }, conditional moves were played at once; the game is over.
finished-after = The game is over after { $move }.
finished-on-time = The game is over: the time for a move ran out.
finished = The game is over.
reminder-move = A reminder: your move is due by { $deadline }.
reminder-setup = A reminder: your secret choice is due by { $deadline }.
reminder-forfeit = If no move arrives by then, you lose the game on time.
opponent-unreachable = herald's mails to { $opponent } keep coming back undelivered, so { $opponent } may not know where the game stands. The club's organiser has been told.
opponent-unreachable-paused = The game's clock is paused until { $opponent } writes again; no deadline runs meanwhile.
opponent-unreachable-runs = The game's clock runs on as usual.
vacation-recorded = Your vacation is recorded: from { $first } to { $last }, { $days ->
    [one] 1 day
   *[other] { $days } days
}. On those days your clock stands still in every game of yours still going on; your opponents' clocks run as usual, and they are told. Reply "{ command-back }" to end it early: the days you do not take are given back.
your-games = Your games:
vacation-cancelled = Your vacation from { $first } to { $last } is cancelled; none of its days is counted.
welcome-back = Welcome back. Your vacation ends today, { $last }, after { $days ->
    [one] 1 day
   *[other] { $days } days
} (today is the last of them): your clock runs again from tomorrow.
opponent-vacation = { $opponent } is on vacation from { $first } to { $last }: on those days { $opponent }'s clock stands still, in this game and all others. Yours runs as usual.
opponent-vacation-cancelled = { $opponent } cancelled the vacation from { $first } to { $last }.
opponent-back = { $opponent } is back from vacation: it ends today, { $last }, and { $opponent }'s clock runs again from tomorrow.
time-up-move = Your time for your move ran out at { $deadline }. The game waits for you: please reply as soon as you can.
time-up-setup = Your time for your secret choice ran out at { $deadline }. The game waits for you: please reply as soon as you can.
sequel-then = Then conditional moves were played at once:

## Where the game stands (every game mail)

status-game = Game #{ $game }: { $variant }, { $white } (White) vs { $black } (Black).
status-tournament = Tournament: { $tournament }.
status-moves = Moves: { $moves }
status-no-moves = No moves yet.
status-last-move = Last move: { $move }
status-legal-moves = Your legal moves:
status-result = Result: { $score }, { $reason }.
status-points = Points: { $points }.
status-setup = Before the first move, reply with your secret choice on the first line: { $prompt }.
status-reply-by = Please reply by { $deadline }.
status-setup-secret = Only the referee learns it. Both players get its commitment (a salted hash) before the first move, and it is opened when the rules say, so it cannot be changed.
status-waiting-for-setup = The game begins when { $opponent } has made their secret choice; you will get a mail then.
status-waiting-for-setup-due = The game begins when { $opponent } has made their secret choice, due by { $deadline }; you will get a mail then.
status-your-move = It is your move ({ $label }).
status-paused = The clock is paused.
status-to-move = { $opponent } is to move ({ $label }), by { $deadline }.
status-to-move-paused = { $opponent } is to move ({ $label }); the clock is paused.
status-conditions = Your conditional moves, which { $opponent } does not see ("{ command-cancel }" drops them):
status-opened-url = Opened now. Each command below, run in a shell, prints the commitment's hash; see { $url } for how to check it.
status-opened = Opened now. Each command below, run in a shell, prints the commitment's hash; it is the hash you were sent when the secret was chosen.
status-new-commitment = The move { $move } decided a secret, committed by its salted hash below; it is opened when the rules say, and at the end.
status-new-commitments = The move { $move } decided secrets, each committed by its salted hash below; each is opened when the rules say, and at the end.
status-commitments = Commitments:
status-commitments-url = Commitments (what they are: { $url }):
status-made-with = made with { $move }
status-opened-value = opened, { $value }
status-sealed = sealed
status-move-log = Move log: { $plies ->
    [one] 1 move
   *[other] { $plies } moves
} recorded, head:
status-your-draw-offer = Your draw offer is open.
status-draw-offer = { $opponent } offers a draw: reply "{ command-accept }" or "{ command-decline }".

## The commands (every mail of a game going on)

commands-to-play = To play, reply to this mail with your move on the first line, e.g.
commands-number = The number is optional; it guards against an old mail being taken for a new move. Without it, answer the latest mail of the game: a move that answers an older one is refused, in case it was an old mail sent again.
commands-wait = You will get a mail when { $opponent } has moved.
commands-other = Other commands, each on a line of its own:
# Each command's line: the command as the mails write it, then what it does (at most 60
# characters, so that the line stays within 78 columns).
commands-draw = offer a draw (also after your move, on its line), or claim one
commands-accept = accept your opponent's draw offer
commands-decline = decline it
commands-resign = resign the game
commands-board = send me the position again
commands-if = conditional moves, after your move or alone (see "{ command-help }")
commands-cancel = drop your conditional moves
commands-help = explain the commands
commands-games = list your games, with whose move it is and by when
commands-board-n = send me game N's position and moves (from any of my mails)
commands-zone = show times in your mails in a time zone ({ command-zone } Europe/Berlin)
commands-notation = how your mails write moves: san, long or iccf
commands-format = text: mails of plain text alone; html: with the board picture
commands-language = the language of my mails: { $codes }, or club
commands-vacation = stop your clock in all your games for N days from tomorrow
commands-back = end your vacation today (or cancel one not begun)

## The help

help-nothing-changed = Nothing was changed.
help-intro = Here is how to play { $variant } by mail.
help-first-line = Write your move, or one of the commands below, on the first line of your reply: quoted text and your signature are ignored. When your reply holds no text of its own, its subject is read instead.

## A refusal

rejected-read = Your mail was read, but nothing was changed:
rejected-how-moves = How moves are written in this game:

## A confirmation

confirm-asked = herald received a mail from your address asking { $asked }.
confirm-club = The club asks every player to confirm the end of a game.
confirm-unauthenticated = That would end the game, and the mail could not be authenticated as sent by your mail provider.
confirm-not-yet = Nothing was changed yet, and { $opponent } has not been told.
confirm-how = To confirm, reply to this mail (keep the Subject as it is) with this first line:
confirm-ignore = If you did not send that mail, ignore this one: nothing will change, and you can go on playing. The confirmation lapses with the next move.

## Mails herald could not take

too-large-subject = herald: your mail was too large to read
too-large = herald received a mail from this address that was larger than it reads (the limit is { GROUPED($limit) } bytes), so it was not read and nothing was changed. Please reply with your move as plain text, without attachments.
unverified-subject = herald: your mail could not be verified
unverified = herald received a mail from this address that it could not match to a game you play: either the reply address or subject was changed, or the mail was not sent from the address herald knows for the player. Nothing was changed.
unverified-how = Please reply directly to the latest mail herald sent you, from the address you play with.

## Tournaments

tournament-subject-confirm = please confirm your entry
tournament-subject-entered = you are entered
tournament-subject-removed = your entry is withdrawn
tournament-subject-withdrawn = you have withdrawn
tournament-subject-confirm-withdrawal = please confirm your withdrawal
tournament-subject-begins = the tournament begins
tournament-subject-round = round { $round } is paired
tournament-subject-final = final crosstable
tournament-subject-digest = standings of the day
tournament-confirm = Someone, we hope you, asked to enter you in the tournament { $tournament } ({ $variant }, { $system }), refereed by herald.
tournament-confirm-how = To confirm the entry, reply to this mail (any text will do, e.g. "yes").
tournament-confirm-ignore = If you did not ask for it, ignore this mail: nothing happens without your reply.
tournament-entered = Your entry to { $tournament } ({ $variant }, { $system }) is confirmed. You will get a mail for each of your games when the tournament starts.
tournament-withdraw-how = To withdraw, reply "{ command-withdraw }" to this mail.
tournament-removed = Your entry to { $tournament } is withdrawn, as you asked.
tournament-withdrawn = You have withdrawn from { $tournament }.
tournament-confirm-withdrawal = herald received a mail from your address asking to withdraw you from { $tournament }. A withdrawal ends your games in it, so nothing was changed yet.
tournament-confirm-withdrawal-ignore = If you did not send that mail, ignore this one: nothing will change, and you play on.
tournament-begins = The tournament { $tournament } ({ $variant }, { $system }, { $rounds } rounds) begins with { $players } players. Each of your games comes in a mail of its own: reply to that mail to move.
tournament-begins-withdraw = To withdraw from the tournament, reply "{ command-withdraw }" to this mail.
tournament-round = Round { $round } of { $tournament } is paired. Each of your games comes in a mail of its own.
tournament-final = { $tournament } is over. Thank you for playing.
tournament-digest = The standings of { $tournament } after { $headline }.

## The clock, in a control counted in days

# A deadline in a control counted in days: the end of the club's day.
due-end-of-day = the end of { $date } ({ $zone })
# ... and the moment it is where the player chose to read times.
due-your-time = { $club }, { $minute } your time
control-per-move = { $days } per move
control-moves = { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} in { $days }
control-bank-even = { $increment } per move, at most { $max } banked
control-bank = { $start } + { $increment } per move, at most { $max } banked
clock-control = Time control: { $control }.
clock-control-moves = Time control: { $control }; the days not used are carried over to the next { $moves } moves.
clock-control-bank = Time control: { $control }: each move adds { $increment } to the mover's bank, which never holds more than { $max }.
# $whose is `yours` or `theirs` ($player's).
clock-left = { $whose ->
    [yours] Your
   *[theirs] { $player }'s
} clock: { $days } left for the moves up to move { $move }.
clock-bank = { $whose ->
    [yours] Your
   *[theirs] { $player }'s
} bank: { $days }.
vacation-yours = Your vacation: { $first } to { $last }; your clock stands still on those days.
vacation-theirs = { $player }'s vacation: { $first } to { $last }; their clock stands still on those days.

## A tournament game

tournament-place = { $tournament }, round { $round }, board { $board }
tournament-ratings = ratings: White { $white }, Black { $black }
unrated = unrated

## Conditional moves played at once

sequel-yours = your conditional move
sequel-theirs = { $player }'s conditional move

## Refusals

refused-language = I write in no language "{ $word }": write "{ command-language }" and one of { $codes }, or "{ command-language } club" for the club's.

## What the variants say

prompt-crown = { word-crown } { word-king } or { word-crown } { word-queen }
prompt-seed = { word-seed } WORD (a word of your own, mixed into the random draw of the armies and the setup), or { word-seed } alone
notice-check = You are in check.
notice-your-crown = Your crown: { $monarch }.
notice-crown-attacked = Your crowned { $monarch } is attacked.
# $side is `white` or `black`.
notice-crown-opened = { $side ->
    [white] White's
   *[black] Black's
} crown: { $monarch } (opened).
notice-crown-sealed = { $side ->
    [white] White's
   *[black] Black's
} crown: { $monarch } (still sealed for the players).
# Why a mail held no command (the help follows).
no-command-empty = Your mail held no command: it was empty.
no-command-quoted = Your mail held no command: everything in it was quoted from an earlier mail.
no-command-signature = Your mail held no command: only a signature.
no-command-attachments = Your mail held no text that I can read, only attachments.
no-command-undecodable = I could not decode your mail's text (invalid { $encoding }).
no-command-broken = I could not read your mail: { $why }.
no-command-html = I could not read your mail's text: its HTML is nested too deeply. Please send plain text.
no-command-number-only = Your mail gives a move number ({ $number }) but no move.
unreadable-line = The first line of your mail, "{ $text }", is neither a move nor a command.
unreadable-subject = Your mail held no command, and its subject, "{ $text }", is neither a move nor a command.
# Why a command was refused.
refused-game-over = The game is over; no more moves or offers are accepted.
refused-not-begun = The game has not begun: it begins when both players have answered ({ $waiting }).
refused-no-offer-to-accept = There is no draw offer from your opponent to accept.
refused-no-offer-to-decline = There is no draw offer from your opponent to decline.
refused-nothing-to-cancel = You have no conditional moves to cancel.
# $side is `white` or `black`, the side to move.
refused-not-your-move = It is not your move: { $side ->
    [white] White
   *[black] Black
} is to move ({ $label }).
refused-wrong-number = Your mail gives the move as { $number } { $move }, but the game is at { $current } — it may be an old or reordered mail. Nothing was played; if { $move } is still your move, send it again.
refused-stale-move = Your mail answers one of my mails from before the latest move, so it may be an old, resent or reordered mail. Nothing was played; if { $move } is still your move, send it again with its number ({ $current } { $move }), or as an answer to my latest mail.
refused-offer-already-open = Your draw offer is already open.
refused-conditions-on-your-move = It is your move: conditional moves go with it, on its line or the lines after it ("{ $yours } your move { command-if } { $theirs } their move { $answer } your answer").
refused-no-conditions = Your mail holds no conditional moves.
refused-stale-conditions = Your mail answers one of my mails from before the latest move, so it may be an old, resent or reordered mail. Nothing was changed; send your conditional moves again with their numbers, or as an answer to my latest mail.
# What became of conditional moves.
conditions-dropped = Your conditional moves are dropped: { $player } played { $move }, which none of them waited for.
conditions-offer-open = Your conditional move { $move } was not played: { $player }'s draw offer is open, and a move would decline it. It is your decision; your conditional moves are cancelled.
conditions-unplayable = Your conditional move { $move } could not be played ({ $why }); your conditional moves are dropped.
refused-zone = I know no time zone "{ $word }": write its name as the time zone database does, e.g. "{ command-zone } Europe/Berlin" or "{ command-zone } America/New_York", or "{ command-zone } club" for the club's.
refused-format = I know no mail format "{ $word }": write "{ command-format } text" for mails of plain text alone, or "{ command-format } html" for mails with the board drawn as a picture.
refused-notation = I know no notation "{ $word }": write "{ command-notation } san" (Nf3), "{ command-notation } long" (Ng1-f3) or "{ command-notation } iccf" (7163).
refused-vacation-days = Write the days of your vacation after the word, e.g. "{ command-vacation } 7" for seven days from tomorrow (at most { $most }).
refused-vacation-allowance = A vacation from { $first } to { $last } would take { $days } vacation days in { $year }, but you have { $left } left there ({ $allowed } in { $year }, { $taken } of them taken or booked). Nothing was changed.
refused-not-on-vacation = You are not on vacation, and none is booked: nothing to end.
refused-vacation-ends-today = Your vacation already ends today, { $today }: nothing to end.
refused-no-such-game = You play in no game #{ $game } with this address; "{ command-games }" lists the games you do.

## Vacations and the list of games

vacation-days-left = Vacation days left in { $year }: { $left } of { $allowed }.
vacation-game-yours = #{ $game } { $variant } against { $opponent }: on your clock, due by { $deadline }
vacation-game-theirs = #{ $game } { $variant } against { $opponent }: on { $opponent }'s clock
overview-line = #{ $game } { $variant } against { $opponent }: { $what }
overview-your-choice = your secret choice is awaited
overview-their-choice = waiting for { $opponent }'s secret choice
overview-your-move = your move ({ $label })
overview-their-move = { $opponent } to move ({ $label })
overview-due = { $what }, due by { $deadline }

## What a confirmation asks

asked-resign = to resign this game
asked-accept-draw = to accept the draw offer
asked-claim-draw = to claim a draw

## Notations, as `notation` answers name them

notation-san = standard algebraic notation (Nf3, exd5, O-O)
notation-long = long algebraic notation (Ng1-f3, e4xd5, O-O)
notation-iccf = ICCF numeric notation (7163, 5445, 5171)

## Conditional moves that cannot be taken ($line: the line as the player wrote it)

conditions-too-many-lines = Your mail leaves { $lines } lines of conditional moves; at most { $most } are taken.
conditions-no-if = The conditions "{ $line }" do not begin with "{ command-if }".
conditions-too-many-steps = The line "{ $line }" has { $steps } steps; a line may have at most { $most }.
conditions-two-numbers = In "{ $line }", two move numbers stand together.
conditions-number-alone = In "{ $line }", a move number stands without its move.
conditions-no-move = In "{ $line }", an "{ command-if }" is followed by no move.
conditions-no-answer = In "{ $line }", "{ command-if } { $expect }" has no answer: write your move after your opponent's.
conditions-third-move = In "{ $line }", "{ command-if } { $expect } { $answer }" is followed by { $third }: each "{ command-if }" takes your opponent's move and your answer; begin the next step with another "{ command-if }".
conditions-after-the-end = In your conditions "{ $line }", { $move } comes after the game would be over.
conditions-wrong-number = In your conditions "{ $line }", { $move } is numbered wrongly: it would be { $number }.
# $whose is `yours` or `theirs` (the opponent's move).
conditions-unplayable-move = In your conditions "{ $line }", { $whose ->
    [yours] your
   *[theirs] your opponent's
} move { $move } cannot be played: { $why }.
conditions-two-answers = Your conditions answer { $expect } twice, with { $first } and with { $second } (in "{ $line }"): a condition must say one move.

## Tournament entries refused

entry-subject-no-such-tournament = no such tournament
entry-subject-not-open = entries are not open
entry-subject-not-entered = you are not entered
entry-subject-nothing-to-withdraw = nothing to withdraw
entry-no-such-tournament = There is no tournament "{ $wanted }" here. Write "{ command-join }" and the tournament's number or name, as the club announced it.
entry-not-open = { $tournament } does not take entries by mail now ({ $stage }).
entry-not-entered = You are not entered.
entry-nothing-to-withdraw = You have no games left to withdraw from.
entry-withdrawn-games = Your games are settled by the club's rule for withdrawals; the tournament goes on without you.

## Mails to the club's director (in the club's language)

unreachable-subject = herald: { $player } is unreachable
unreachable = herald's mails to { $player } <{ $email }> came back undelivered { $failures } times in a row (permanent failures, at different moves), so herald now counts this player as unreachable. The last bounce was for herald's mail in game #{ $game }.
unreachable-server = What the mail server said:
unreachable-none-given = (none given)
unreachable-reported-by = Reported by
unreachable-games = The player's games still going on (each opponent has been told):
unreachable-against = against { $opponent }
unreachable-paused = clock paused
unreachable-runs = clock runs on
unreachable-no-games = The player has no game going on.
unreachable-what-now = herald keeps sending the player's mails. The player counts as reachable again, and every paused clock runs again, as soon as a mail from them arrives in one of their games. A clock stays paused for { $days } days at most: then it runs again and you are told, to decide.
pause-over-subject = herald: game #{ $game } runs again after { $days } days paused for { $player }
pause-over = The clock of game #{ $game } ({ $variant }, { $player } <{ $email }> against { $opponent }) stood still for { $days } days, the most herald pauses a clock for mails that bounce (bounces.max_pause_days). It runs again now from where it stood.
pause-over-decide = herald's mails to { $player } still count as undelivered. Please decide the game: the clock runs as for any game, so the player may lose on time; as the director you can also adjudicate it or declare a forfeit.
pairing-failed-subject = herald: round { $round } of { $tournament } cannot be paired
pairing-failed = herald could not pair round { $round } of { $tournament } (tournament #{ $id }, { $variant }, { $system }):
pairing-failed-decide = The pairing rules leave this to the director, not to the program: no round is started until you decide (a withdrawal, say, or an end to the tournament), then pair it with

## A move not accepted ($input: what the player wrote; $reason: the variant's own words)

move-error-empty = no move was given
move-error-unreadable = "{ $input }" is not a move herald can read; write it like Nf3, exd5, e8=Q, O-O or e2-e4
move-error-illegal = "{ $input }" is not a legal move: { $reason }
move-error-unclear-letter = in "{ $input }" the piece letter "{ $letter }" is Cyrillic: in Russian notation it names a different piece than the Latin letter it looks like; write the piece in English letters (K king, Q queen, R rook, B bishop, N knight)
move-error-ambiguous = "{ $input }" could be any of { $candidates }; say which

## The help of a variant that offers conditional moves

conditional-help = Conditional moves: with your move you may leave answers to your opponent's next moves, which your opponent does not see, e.g. "14. Nf3 { command-if } 14... Bg4 15. h3 { command-if } 15... Bh5 16. g4", and more lines after it, each beginning with "{ command-if }". Every move is checked when you send them. When your opponent plays a move a line waits for, its answer is played at once, and both of you are told; when they play another, the lines are dropped. While your opponent is to move, a mail of "{ command-if }" lines alone replaces them; "{ command-cancel }" drops them.

## The legend under a board of pieces beyond chess's

legend = Pieces: { $entries }.
legend-piece = { $letter } { $name }
legend-as-king = { $letter } { $name } (moves as a king)
legend-carries-crown = * carries the crown
legend-crown-alone = O the crown, lying alone
notes-unknown-pieces = Unknown pieces, with the square each started on:

## A tournament's tables and results (each heading at most as wide as its column: the rank 3
## characters, the number 2, the points 3)

table-rank = Rk
table-name = Name
table-points = Pts
table-number = No
table-round = Round
table-bye = bye
table-annulled = annulled
table-forfeit = forfeit
table-time = time
table-pts = pts
tournament-result-headline = Round { $round }, board { $board }: { $white } - { $black } { $score } ({ $reason })
tournament-digest-results = { $results ->
    [one] 1 result
   *[other] { $results } results
}

## What the variants say
# $side is `white` or `black` throughout (`you` too where a message's selector has it); a
# $square is as the variant writes it; $piece and $pieces are piece names (`piece-*`).
notice-ninjas = Ninjas: White's { $white }; Black's { $black }.
notice-ninja-on = on { $square }
notice-ninja-in-reserve = in reserve
notice-ninja-captured = captured
notice-may-hide = You may hide your crown on any empty square as your move: write hide and the square (hide d5).
notice-hidden-yours = Your crown is hidden on { $square }.
notice-hidden-on = { $side ->
    [white] White's
   *[black] Black's
} crown is hidden on { $square }.
notice-hidden = { $side ->
    [white] White's
   *[black] Black's
} crown is hidden.
# The heading of the grid of searches; the grid follows it as the variant draws it.
notice-hidden-grid = { $side ->
    [white] White's
   *[black] Black's
} hidden crown: { $ruled } of { $squares } squares ruled out (x), { $left } unsearched (.)
# $side is the winner.
notice-crown-found = { $side ->
    [white] White found Black's
   *[black] Black found White's
} crown on { $square }.
notice-army-captured = { $side ->
    [white] White captured Black's
   *[black] Black captured White's
} whole army.
# $side is the side whose crown it was.
notice-stopped = { $side ->
    [white] White stopped on White's
   *[black] Black stopped on Black's
} own hidden crown on { $square }.
notice-stopped-piece = { $side ->
    [white] White's { $piece } stopped on White's
   *[black] Black's { $piece } stopped on Black's
} own hidden crown on { $square }.
# Crown-4: $half is the half's letter (W or F); $side may be `you`.
notice-split-blocked = { $side ->
    [you] Your
    [white] White's
   *[black] Black's
} { $monarch } has no empty neighbouring square: it cannot split, and stays whole and royal.
notice-split-yours = Your uncrowned monarch fell: your next move splits your { $monarch } into its two halves, the crowned one starred ({ $example }).
notice-split-due = { $side ->
    [white] White's { $monarch } must split at White's
   *[black] Black's { $monarch } must split at Black's
} next move.
notice-split-never = { $side ->
    [you] Your
    [white] White's
   *[black] Black's
} { $monarch } could not split: it stays whole and royal.
notice-half-unknown = { $side ->
    [you] Your
    [white] White's
   *[black] Black's
} crown is on one of its halves.
notice-half-lost = { $side ->
    [you] You
    [white] White
   *[black] Black
} lost the crowned { $half } half.
notice-half-opened = { $side ->
    [you] Your
    [white] White's
   *[black] Black's
} crown: the { $half } half on { $square } (opened).
notice-half-sealed = { $side ->
    [you] Your
    [white] White's
   *[black] Black's
} crown: the { $half } half on { $square } (still sealed for the players).
notice-half-yours = Your crown is on the { $half } half on { $square }.
notice-half-attacked = Your crowned { $half } half is attacked.
# Crown-2: $usable is `neither`, `white`, `black` or `both`.
notice-stones-in-reserve-both = In reserve: White { $white } { $white ->
    [one] stone
   *[other] stones
}, Black { $black } { $black ->
    [one] stone
   *[other] stones
} (usable: { $usable ->
    [neither] neither
    [white] White
    [black] Black
   *[both] both
}).
notice-stones-yours = Your stones: { $stones }.
notice-stones = { $side ->
    [white] White's
   *[black] Black's
} stones: { $stones }.
notice-stone-mined = { $square } mined
notice-stone-plain = { $square } plain
# $which is `plain`, `mined` (the one in reserve is the mined one) or `one-mined`.
notice-stones-in-reserve = { $count } in reserve ({ $which ->
    [plain] plain
    [mined] the mined one: mark it with * as it enters
   *[one-mined] one of them mined: mark it with * as it enters, as in S@e4*
})
# $side is the stone's owner; $crowned is `yes` or `no`.
notice-stone-blast = { $side ->
    [white] White's stone on { $square } was mined: Black's
   *[black] Black's stone on { $square } was mined: White's
} { $crowned ->
    [yes] crowned { $piece }
   *[no] { $piece }
} was blown up.
# Krithala.
notice-kcrown-on = { $side ->
    [white] White's
   *[black] Black's
} crown: on the { $piece } { $square }.
notice-kcrown-once = { $side ->
    [white] White's
   *[black] Black's
} crown: on the { $piece } { $square } (moved with it once).
notice-kcrown-twice = { $side ->
    [white] White's
   *[black] Black's
} crown: on the { $piece } { $square } (moved with it twice in a row: its next move leaves the crown on { $square }).
notice-kcrown-dropped = { $side ->
    [white] White's
   *[black] Black's
} crown: lying on { $square }, dropped by the { $piece } { $from }, which may not pick it up.
notice-kcrown-lying = { $side ->
    [white] White's
   *[black] Black's
} crown: lying on { $square }.
notice-kcrown-captured = { $side ->
    [white] White's
   *[black] Black's
} crown: captured.
notice-kcrown-transferred = { $side ->
    [white] White
   *[black] Black
} transferred its crown last: it must move with the { $piece } { $square } before another transfer.
notice-your-crown-attacked = Your crown is attacked.
notice-krithala-legend = *: the piece carries its crown. O, o: White's, Black's crown lying alone.
# Royal.
notice-royal-notation = Numeric notation: files a to j are 1 to 10, so e4 is 54 and j6 is 106. On the board H is the King's Guard (G') and G the Queen's Guard.
notice-guard-powered = { $side ->
    [white] White's
   *[black] Black's
} promoted Guard on { $square } has the Queen's powers for its first move from there.
notice-recapture = { $side ->
    [white] White
   *[black] Black
} may recapture on { $square } with a Rook over its Guards, on this move only.
# $record is the record itself, as Royal writes it.
notice-position-record = Position record: { $record }
# Safety in Numbers: $crowds lists each crowd's square and its sides (`notice-crowd-side`).
notice-crowds = Crowds, where nothing can be captured and a king is never in check: { $crowds }.
notice-crowd-side = { $side ->
    [white] white
   *[black] black
} { $pieces }
# Secret Intelligence.
notice-pair = { $side ->
    [white] White's
   *[black] Black's
} pair: { $first } and { $second }.
notice-your-pair = Your pair: { $first } and { $second }.
notice-decoy-check = Check: the check is on your Decoy (your King is not in check).
notice-check-given = Check: your move attacks the enemy King or Decoy.
notice-pieces-captured = { $side ->
    [white] White
   *[black] Black
} pieces captured: { $pieces }.

## The board picture's alt text (what a screen reader reads, or a client shows without
## pictures). $side is `white` or `black`.
alt-seen-from = The board seen from { $side ->
    [white] White
   *[black] Black
}'s side.
# $pieces: the alt-group, alt-unknown and alt-crown-alone of one side, joined by commas.
alt-side = { $side ->
    [white] White
   *[black] Black
}: { $pieces }.
alt-side-empty = { $side ->
    [white] White
   *[black] Black
}: nothing on the board.
# One kind of piece and its squares ($squares joined by spaces, $count of them).
alt-group = { $count ->
    [one] { $piece }
   *[other] { $piece }s
} { $squares }
alt-crowned = { $square } (carrying the crown)
alt-unknown = a piece of unknown kind on { $square } (tracked as { $label })
alt-crown-alone = the crown, lying alone on { $square }
# $crowds: each crowd's square and its alt-crowd-piece list, joined by semicolons.
alt-crowds = Crowds, bottom first: { $crowds }.
alt-crowd-piece = { $side ->
    [white] white
   *[black] black
} { $piece }
