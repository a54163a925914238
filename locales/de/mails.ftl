# Die Wörter der Mails von herald an die Spieler, auf Deutsch. Die Vorlagen (templates/*.txt)
# legen die Mails an und nennen diese Nachrichten; ein Absatz ist eine Nachricht, die die Mail
# bei 78 Spalten umbricht. Namen ($opponent, $name) sind die der Spieler.

## Every mail

hello = Hallo { $name },
hello-nobody = Hallo,
signature = herald, Schiedsrichter für Partien per E-Mail

## Subjects of a game's mails (after "[herald #N] variant: ")

subject-reminder = Erinnerung
subject-time-up = Zeit abgelaufen
subject-opponent-unreachable = { $opponent } nicht erreichbar
subject-vacation = Ihr Urlaub
subject-back = zurück aus dem Urlaub
subject-opponent-vacation = { $opponent } im Urlaub
subject-opponent-back = { $opponent } zurück aus dem Urlaub
subject-conditions-left = bedingte Züge gespeichert
subject-conditions-cancelled = bedingte Züge gestrichen
subject-games = Ihre Partien
subject-zone = Ihre Zeitzone
subject-notation = Ihre Notation
subject-format = Ihr Mailformat
subject-language = Ihre Sprache
subject-setup = bitte Ihre geheime Wahl
subject-waiting-for-setup = warten auf die Wahl von { $opponent }
subject-your-move = Sie sind am Zug ({ $label })
subject-to-move = { $opponent } ist am Zug ({ $label })
subject-rejected = nicht angenommen
subject-no-command = in Ihrer Mail stand kein Befehl, den ich lesen konnte
subject-help = so spielen Sie per E-Mail
subject-confirm = bitte bestätigen Sie den Wunsch, { $asked }

## What a game's mail is about

invite = Sie sind zu einer Partie { $variant } gegen { $opponent } eingeladen; Schiedsrichter ist herald. { $you-play }
invite-tournament = Diese Partie gehört zum Turnier { $tournament }.
moved = Ihr Zug { $move } ist notiert.
opponent-moved = { $opponent } hat { $move } gespielt.
conditions-left = Ihre bedingten Züge sind gespeichert; { $opponent } sieht sie nicht.
conditions-cancelled = Ihre bedingten Züge sind gestrichen; { $opponent } hat sie nie gesehen.
board-asked = Hier ist die Stellung, wie gewünscht.
games-going-on = Ihre laufenden Partien:
games-board-hint = Antworten Sie auf eine beliebige Mail von mir mit "{ command-board } N", um Stellung und Züge von Partie N zu erhalten. Unten steht Partie #{ $game }, in der Sie geschrieben haben.
games-none = Sie haben keine laufende Partie. Unten steht Partie #{ $game }, in der Sie geschrieben haben.
zone-own = Ihre Zeitzone ist jetzt { $zone }: Die Zeiten in den Mails all Ihrer Partien werden darin angegeben. Die Tage zählen weiterhin nach dem Kalender des Clubs ({ $club }). Antworten Sie "{ command-zone } club", um wieder die Zeiten des Clubs zu sehen.
zone-club = Die Mails all Ihrer Partien zeigen wieder die Zeiten des Clubs ({ $club }).
notation-set = Ihre Züge werden jetzt so geschrieben: { $notation }. Das gilt in den Mails all Ihrer Partien, deren Variante sie so schreiben kann: Schach und Capablanca (ICCF-Ziffern: nur Schach). Die anderen Varianten, die Archive und die PGN behalten die eigene Notation jeder Variante, und Sie können Ihre Züge in jeder Notation schreiben, die ich lese.
notation-not-here = Die Variante dieser Partie behält ihre eigene.
format-text = Ab jetzt sind meine Mails an Sie in all Ihren Partien reiner Text, ohne das Brett als Bild. Antworten Sie "{ command-format } html", um das Bild wieder zu erhalten.
format-html = Ab jetzt enthalten meine Mails an Sie in all Ihren Partien das Brett als Bild (eine HTML-Fassung desselben Textes). Antworten Sie "{ command-format } text" für reinen Text.
language-set = Ab jetzt schreibe ich Ihnen in all Ihren Partien auf Deutsch. Antworten Sie "{ command-language } club" für die Sprache des Clubs oder "{ command-language } CODE" für eine andere meiner Sprachen: { $codes }.
setup-recorded = Ihre geheime Wahl ist gespeichert und festgelegt.
game-begins = Beide geheimen Wahlen liegen vor und sind festgelegt: Die Partie beginnt.
draw-offered-with-move = { $opponent } hat { $move } gespielt und bietet Remis an.
draw-offered = { $opponent } bietet Remis an.
draw-offer-how = Antworten Sie "{ command-accept }" oder "{ command-decline }" (oder ziehen Sie einfach, damit ist es abgelehnt).
draw-offer-sent = Ihr Remisangebot wurde an { $opponent } geschickt.
draw-declined-by-you = Sie haben das Remisangebot abgelehnt.
draw-declined = { $opponent } hat Ihr Remisangebot abgelehnt.
finished-after-sequel = Nach { $move } wurden sofort bedingte Züge gespielt; die Partie ist beendet.
finished-after = Die Partie ist nach { $move } beendet.
finished-on-time = Die Partie ist beendet: Die Zeit für einen Zug ist abgelaufen.
finished = Die Partie ist beendet.
reminder-move = Zur Erinnerung: Ihr Zug ist bis { $deadline } fällig.
reminder-setup = Zur Erinnerung: Ihre geheime Wahl ist bis { $deadline } fällig.
reminder-forfeit = Trifft bis dahin kein Zug ein, verlieren Sie die Partie durch Zeitüberschreitung.
opponent-unreachable = Die Mails von herald an { $opponent } kommen immer wieder unzustellbar zurück, daher weiß { $opponent } womöglich nicht, wie die Partie steht. Der Organisator des Clubs ist informiert.
opponent-unreachable-paused = Die Uhr der Partie ist angehalten, bis { $opponent } wieder schreibt; so lange läuft keine Frist.
opponent-unreachable-runs = Die Uhr der Partie läuft wie gewohnt weiter.
vacation-recorded = Ihr Urlaub ist eingetragen: vom { $first } bis zum { $last }, { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
}. An diesen Tagen steht Ihre Uhr in jeder Ihrer laufenden Partien still; die Uhren Ihrer Gegner laufen wie gewohnt, und sie werden benachrichtigt. Antworten Sie "{ command-back }", um ihn vorzeitig zu beenden: Die nicht genommenen Tage erhalten Sie zurück.
your-games = Ihre Partien:
vacation-cancelled = Ihr Urlaub vom { $first } bis zum { $last } ist storniert; keiner seiner Tage wird angerechnet.
welcome-back = Willkommen zurück. Ihr Urlaub endet heute, am { $last }, nach { $days ->
    [one] { $days } Tag
   *[other] { $days } Tagen
} (heute ist der letzte davon): Ab morgen läuft Ihre Uhr wieder.
opponent-vacation = { $opponent } ist vom { $first } bis zum { $last } im Urlaub: An diesen Tagen steht die Uhr von { $opponent } still, in dieser Partie und allen anderen. Ihre läuft wie gewohnt.
opponent-vacation-cancelled = { $opponent } hat den Urlaub vom { $first } bis zum { $last } storniert.
opponent-back = { $opponent } ist aus dem Urlaub zurück: Der Urlaub endet heute, am { $last }, und die Uhr von { $opponent } läuft ab morgen wieder.
time-up-move = Ihre Zeit für Ihren Zug ist am { $deadline } abgelaufen. Die Partie wartet auf Sie: Bitte antworten Sie so bald wie möglich.
time-up-setup = Ihre Zeit für Ihre geheime Wahl ist am { $deadline } abgelaufen. Die Partie wartet auf Sie: Bitte antworten Sie so bald wie möglich.
sequel-then = Dann wurden sofort bedingte Züge gespielt:

## Where the game stands (every game mail)

status-game = Partie #{ $game }: { $variant }, { $white } (Weiß) gegen { $black } (Schwarz).
status-tournament = Turnier: { $tournament }.
status-moves = Züge: { $moves }
status-no-moves = Noch keine Züge.
status-last-move = Letzter Zug: { $move }
status-legal-moves = Ihre legalen Züge:
status-result = Ergebnis: { $score }, { $reason }.
status-points = Punkte: { $points }.
status-setup = Antworten Sie vor dem ersten Zug mit Ihrer geheimen Wahl in der ersten Zeile: { $prompt }.
status-reply-by = Bitte antworten Sie bis { $deadline }.
status-setup-secret = Nur der Schiedsrichter erfährt sie. Beide Spieler erhalten vor dem ersten Zug ihre Festlegung (einen gesalzenen Hash), und sie wird aufgedeckt, wenn die Regeln es vorsehen, sodass sie nicht geändert werden kann.
status-waiting-for-setup = Die Partie beginnt, sobald { $opponent } die geheime Wahl getroffen hat; Sie erhalten dann eine Mail.
status-waiting-for-setup-due = Die Partie beginnt, sobald { $opponent } die geheime Wahl getroffen hat (fällig bis { $deadline }); Sie erhalten dann eine Mail.
status-your-move = Sie sind am Zug ({ $label }).
status-paused = Die Uhr ist angehalten.
status-to-move = { $opponent } ist am Zug ({ $label }), bis { $deadline }.
status-to-move-paused = { $opponent } ist am Zug ({ $label }); die Uhr ist angehalten.
status-conditions = Ihre bedingten Züge, die { $opponent } nicht sieht ("{ command-cancel }" entfernt sie):
status-opened-url = Jetzt aufgedeckt. Jeder Befehl unten gibt, in einer Shell ausgeführt, den Hash der Festlegung aus; wie man ihn prüft, steht unter { $url }.
status-opened = Jetzt aufgedeckt. Jeder Befehl unten gibt, in einer Shell ausgeführt, den Hash der Festlegung aus; es ist der Hash, den Sie erhalten haben, als das Geheimnis gewählt wurde.
status-new-commitment = Der Zug { $move } hat ein Geheimnis bestimmt, festgelegt durch seinen gesalzenen Hash unten; es wird aufgedeckt, wenn die Regeln es vorsehen, und am Ende.
status-new-commitments = Der Zug { $move } hat Geheimnisse bestimmt, jedes festgelegt durch seinen gesalzenen Hash unten; jedes wird aufgedeckt, wenn die Regeln es vorsehen, und am Ende.
status-commitments = Festlegungen:
status-commitments-url = Festlegungen (was sie sind: { $url }):
status-made-with = festgelegt mit { $move }
status-opened-value = aufgedeckt, { $value }
status-sealed = versiegelt
status-move-log = Zugprotokoll: { $plies ->
    [one] { $plies } Zug
   *[other] { $plies } Züge
} gespeichert, letztes Glied:
status-your-draw-offer = Ihr Remisangebot gilt weiterhin.
status-draw-offer = { $opponent } bietet Remis an: Antworten Sie "{ command-accept }" oder "{ command-decline }".

## The commands (every mail of a game going on)

commands-to-play = Zum Ziehen antworten Sie auf diese Mail mit Ihrem Zug in der ersten Zeile, zum Beispiel
commands-number = Die Zugnummer ist optional; sie verhindert, dass eine alte Mail für einen neuen Zug gehalten wird. Ohne sie antworten Sie auf die neueste Mail der Partie: Ein Zug, der auf eine ältere antwortet, wird abgelehnt, falls es eine erneut gesendete alte Mail war.
commands-wait = Sie erhalten eine Mail, sobald { $opponent } gezogen hat.
commands-other = Weitere Befehle, jeder in einer eigenen Zeile:
# Each command's line: the command as the mails write it, then what it does (at most 60
# characters, so that the line stays within 78 columns).
commands-draw = Remis anbieten (auch hinter Ihrem Zug) oder reklamieren
commands-accept = das Remisangebot des Gegners annehmen
commands-decline = es ablehnen
commands-resign = die Partie aufgeben
commands-board = mir die Stellung noch einmal schicken
commands-if = bedingte Züge, nach Ihrem Zug oder allein (siehe "{ command-help }")
commands-cancel = Ihre bedingten Züge streichen
commands-help = die Befehle erklären
commands-games = Ihre Partien auflisten: wer am Zug ist und bis wann
commands-board-n = Stellung und Züge von Partie N (aus jeder meiner Mails)
commands-zone = Zeiten in den Mails nach Zeitzone ({ command-zone } Europe/Berlin)
commands-notation = wie Ihre Mails Züge schreiben: san, long oder iccf
commands-format = text: Mails nur als Text; html: mit dem Brett als Bild
commands-language = die Sprache meiner Mails: { $codes } oder club
commands-vacation = Ihre Uhr in allen Partien ab morgen für N Tage anhalten
commands-back = den Urlaub heute beenden (oder einen künftigen streichen)

## The help

help-nothing-changed = Es wurde nichts geändert.
help-intro = So spielen Sie { $variant } per E-Mail.
help-first-line = Schreiben Sie Ihren Zug oder einen der Befehle unten in die erste Zeile Ihrer Antwort: Zitierter Text und Ihre Signatur werden ignoriert. Enthält Ihre Antwort keinen eigenen Text, wird stattdessen der Betreff gelesen.

## A refusal

rejected-read = Ihre Mail wurde gelesen, aber nichts wurde geändert:
rejected-how-moves = So werden Züge in dieser Partie geschrieben:

## A confirmation

confirm-asked = herald hat von Ihrer Adresse eine Mail mit der Bitte erhalten, { $asked }.
confirm-club = Der Club bittet jeden Spieler, das Ende einer Partie zu bestätigen.
confirm-unauthenticated = Das würde die Partie beenden, und es ließ sich nicht bestätigen, dass die Mail von Ihrem Mail-Anbieter versandt wurde.
confirm-not-yet = Noch wurde nichts geändert, und { $opponent } wurde nicht benachrichtigt.
confirm-how = Zum Bestätigen antworten Sie auf diese Mail (den Betreff unverändert lassen) mit dieser ersten Zeile:
confirm-ignore = Wenn Sie jene Mail nicht geschickt haben, ignorieren Sie diese hier: Es ändert sich nichts, und Sie können weiterspielen. Die Bestätigung verfällt mit dem nächsten Zug.

## Mails herald could not take

too-large-subject = herald: Ihre Mail war zu groß zum Lesen
too-large = herald hat von dieser Adresse eine Mail erhalten, die größer war als erlaubt (die Grenze liegt bei { GROUPED($limit) } Bytes); sie wurde daher nicht gelesen, und nichts wurde geändert. Bitte antworten Sie mit Ihrem Zug als reinem Text, ohne Anhänge.
unverified-subject = herald: Ihre Mail konnte nicht überprüft werden
unverified = herald hat von dieser Adresse eine Mail erhalten, die es keiner Ihrer Partien zuordnen konnte: Entweder wurde die Antwortadresse oder der Betreff geändert, oder die Mail wurde nicht von der Adresse gesendet, die herald für den Spieler kennt. Es wurde nichts geändert.
unverified-how = Bitte antworten Sie direkt auf die neueste Mail, die herald Ihnen geschickt hat, und zwar von der Adresse, mit der Sie spielen.

## Tournaments

tournament-subject-confirm = bitte bestätigen Sie Ihre Anmeldung
tournament-subject-entered = Sie sind angemeldet
tournament-subject-removed = Ihre Anmeldung ist zurückgezogen
tournament-subject-withdrawn = Sie haben sich zurückgezogen
tournament-subject-confirm-withdrawal = bitte bestätigen Sie Ihren Rückzug
tournament-subject-begins = das Turnier beginnt
tournament-subject-round = Runde { $round } ist ausgelost
tournament-subject-final = Kreuztabelle, Endstand
tournament-subject-digest = Tabellenstand des Tages
tournament-confirm = Jemand, hoffentlich Sie, möchte Sie für das Turnier { $tournament } ({ $variant }, { $system }) anmelden; Schiedsrichter ist herald.
tournament-confirm-how = Um die Anmeldung zu bestätigen, antworten Sie auf diese Mail (jeder Text genügt, zum Beispiel "ja").
tournament-confirm-ignore = Wenn Sie das nicht wollten, ignorieren Sie diese Mail: Ohne Ihre Antwort geschieht nichts.
tournament-entered = Ihre Anmeldung zum Turnier { $tournament } ({ $variant }, { $system }) ist bestätigt. Wenn das Turnier beginnt, erhalten Sie für jede Ihrer Partien eine Mail.
tournament-withdraw-how = Um sich zurückzuziehen, antworten Sie auf diese Mail mit "{ command-withdraw }".
tournament-removed = Ihre Anmeldung zum Turnier { $tournament } ist zurückgezogen, wie gewünscht.
tournament-withdrawn = Sie haben sich vom Turnier { $tournament } zurückgezogen.
tournament-confirm-withdrawal = herald hat von Ihrer Adresse eine Mail mit der Bitte erhalten, Sie vom Turnier { $tournament } zurückzuziehen. Ein Rückzug beendet Ihre Partien darin, daher wurde noch nichts geändert.
tournament-confirm-withdrawal-ignore = Wenn Sie jene Mail nicht geschickt haben, ignorieren Sie diese hier: Es ändert sich nichts, und Sie spielen weiter.
tournament-begins = Das Turnier { $tournament } ({ $variant }, { $system }, { $rounds ->
    [one] { $rounds } Runde
   *[other] { $rounds } Runden
}) beginnt mit { $players ->
    [one] { $players } Spieler
   *[other] { $players } Spielern
}. Jede Ihrer Partien kommt in einer eigenen Mail: Um zu ziehen, antworten Sie auf die Mail der jeweiligen Partie.
tournament-begins-withdraw = Um sich vom Turnier zurückzuziehen, antworten Sie auf diese Mail mit "{ command-withdraw }".
tournament-round = Runde { $round } des Turniers { $tournament } ist ausgelost. Jede Ihrer Partien kommt in einer eigenen Mail.
tournament-final = Das Turnier { $tournament } ist beendet. Danke fürs Mitspielen.
tournament-digest = Der Stand des Turniers { $tournament } nach { $headline }.

## Die Uhr, bei einer Bedenkzeit in Tagen

# A deadline in a control counted in days: the end of the club's day.
due-end-of-day = Ende des { $date } ({ $zone })
# ... and the moment it is where the player chose to read times.
due-your-time = { $club }, bei Ihnen { $minute }
control-per-move = { $days } pro Zug
control-moves = { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
} in { $days }
control-bank-even = { $increment } pro Zug, höchstens { $max } auf dem Zeitkonto
control-bank = { $start } + { $increment } pro Zug, höchstens { $max } auf dem Zeitkonto
clock-control = Bedenkzeit: { $control }.
clock-control-moves = Bedenkzeit: { $control }; nicht verbrauchte Tage werden auf die nächsten { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
} übertragen.
clock-control-bank = Bedenkzeit: { $control }: Jeder Zug schreibt dem Zeitkonto des Ziehenden { $increment } gut, das nie mehr als { $max } enthält.
# $whose is `yours` or `theirs` ($player's).
clock-left = { $whose ->
    [yours] Ihre Uhr
   *[theirs] Uhr von { $player }
}: noch { $days } für die Züge bis Zug { $move }.
clock-bank = { $whose ->
    [yours] Ihr Zeitkonto
   *[theirs] Zeitkonto von { $player }
}: { $days }.
vacation-yours = Ihr Urlaub: { $first } bis { $last }; an diesen Tagen steht Ihre Uhr still.
vacation-theirs = Urlaub von { $player }: { $first } bis { $last }; an diesen Tagen steht die Uhr von { $player } still.

## A tournament game

tournament-place = { $tournament }, Runde { $round }, Brett { $board }
tournament-ratings = Wertungszahlen: Weiß { $white }, Schwarz { $black }
unrated = ohne Wertung

## Conditional moves played at once

sequel-yours = Ihr bedingter Zug
sequel-theirs = bedingter Zug von { $player }

## Refusals

refused-language = Ich schreibe in keiner Sprache "{ $word }": Schreiben Sie "{ command-language }" und einen der Codes { $codes } oder "{ command-language } club" für die Sprache des Clubs.

## What the variants say

prompt-crown = { word-crown } { word-king } oder { word-crown } { word-queen }
prompt-seed = { word-seed } WORT (ein Wort Ihrer Wahl, das in die zufällige Auslosung der Armeen und der Aufstellung eingeht) oder nur { word-seed }
notice-check = Sie stehen im Schach.
notice-your-crown = Ihre Krone: { $monarch ->
    [dame] Dame
   *[other] König
}.
notice-crown-attacked = { $monarch ->
    [dame] Ihre gekrönte Dame
   *[other] Ihr gekrönter König
} wird angegriffen.
# $side is `white` or `black`.
notice-crown-opened = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: { $monarch ->
    [dame] Dame
   *[other] König
} (aufgedeckt).
notice-crown-sealed = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: { $monarch ->
    [dame] Dame
   *[other] König
} (für die Spieler noch versiegelt).
# Why a mail held no command (the help follows).
no-command-empty = Ihre Mail enthielt keinen Befehl: Sie war leer.
no-command-quoted = Ihre Mail enthielt keinen Befehl: Alles darin war aus einer früheren Mail zitiert.
no-command-signature = Ihre Mail enthielt keinen Befehl, nur eine Signatur.
no-command-attachments = Ihre Mail enthielt keinen Text, den ich lesen kann, nur Anhänge.
no-command-undecodable = Ich konnte den Text Ihrer Mail nicht dekodieren (ungültiges { $encoding }).
no-command-broken = Ich konnte Ihre Mail nicht lesen: { $why }.
no-command-html = Ich konnte den Text Ihrer Mail nicht lesen: Ihr HTML ist zu tief verschachtelt. Bitte senden Sie reinen Text.
no-command-number-only = Ihre Mail nennt eine Zugnummer ({ $number }), aber keinen Zug.
unreadable-line = Die erste Zeile Ihrer Mail, "{ $text }", ist weder ein Zug noch ein Befehl.
unreadable-subject = Ihre Mail enthielt keinen Befehl, und ihr Betreff, "{ $text }", ist weder ein Zug noch ein Befehl.
# Why a command was refused.
refused-game-over = Die Partie ist beendet; Züge und Angebote werden nicht mehr angenommen.
refused-not-begun = Die Partie hat noch nicht begonnen: Sie beginnt, wenn beide Spieler geantwortet haben ({ $waiting }).
refused-no-offer-to-accept = Es gibt kein Remisangebot Ihres Gegners, das Sie annehmen könnten.
refused-no-offer-to-decline = Es gibt kein Remisangebot Ihres Gegners, das Sie ablehnen könnten.
refused-nothing-to-cancel = Sie haben keine bedingten Züge, die sich streichen ließen.
# $side is `white` or `black`, the side to move.
refused-not-your-move = Sie sind nicht am Zug: { $side ->
    [white] Weiß
   *[black] Schwarz
} ist am Zug ({ $label }).
refused-wrong-number = Ihre Mail nennt den Zug als { $number } { $move }, aber die Partie steht bei { $current } – vielleicht ist es eine alte oder in falscher Reihenfolge eingetroffene Mail. Es wurde nichts gespielt; wenn { $move } noch Ihr Zug ist, senden Sie ihn erneut.
refused-stale-move = Ihre Mail antwortet auf eine meiner Mails von vor dem letzten Zug; es kann also eine alte, erneut gesendete oder in falscher Reihenfolge eingetroffene Mail sein. Es wurde nichts gespielt; wenn { $move } noch Ihr Zug ist, senden Sie ihn erneut mit seiner Nummer ({ $current } { $move }) oder als Antwort auf meine neueste Mail.
refused-offer-already-open = Ihr Remisangebot steht bereits.
refused-conditions-on-your-move = Sie sind am Zug: Bedingte Züge gehören zu Ihrem Zug, in seine Zeile oder die Zeilen danach ("{ $yours } Ihr Zug { command-if } { $theirs } Zug des Gegners { $answer } Ihre Antwort").
refused-no-conditions = Ihre Mail enthält keine bedingten Züge.
refused-stale-conditions = Ihre Mail antwortet auf eine meiner Mails von vor dem letzten Zug; es kann also eine alte, erneut gesendete oder in falscher Reihenfolge eingetroffene Mail sein. Es wurde nichts geändert; senden Sie Ihre bedingten Züge erneut mit ihren Nummern oder als Antwort auf meine neueste Mail.
# What became of conditional moves.
conditions-dropped = Ihre bedingten Züge sind hinfällig: { $player } hat { $move } gespielt, worauf keiner von ihnen gewartet hat.
conditions-offer-open = Ihr bedingter Zug { $move } wurde nicht gespielt: Das Remisangebot von { $player } steht, und ein Zug würde es ablehnen. Die Entscheidung liegt bei Ihnen; Ihre bedingten Züge sind gestrichen.
conditions-unplayable = Ihr bedingter Zug { $move } konnte nicht gespielt werden ({ $why }); Ihre bedingten Züge sind hinfällig.
refused-zone = Ich kenne keine Zeitzone "{ $word }": Schreiben Sie ihren Namen wie in der Zeitzonendatenbank, zum Beispiel "{ command-zone } Europe/Berlin" oder "{ command-zone } America/New_York", oder "{ command-zone } club" für die Zeitzone des Clubs.
refused-format = Ich kenne kein Mailformat "{ $word }": Schreiben Sie "{ command-format } text" für Mails nur als reinen Text oder "{ command-format } html" für Mails mit dem Brett als Bild.
refused-notation = Ich kenne keine Notation "{ $word }": Schreiben Sie "{ command-notation } san" (Sf3), "{ command-notation } long" (Sg1-f3) oder "{ command-notation } iccf" (7163).
refused-vacation-days = Schreiben Sie die Zahl der Urlaubstage hinter das Wort, zum Beispiel "{ command-vacation } 7" für sieben Tage ab morgen (höchstens { $most }).
refused-vacation-allowance = Ein Urlaub vom { $first } bis zum { $last } würde { $days ->
    [one] { $days } Urlaubstag
   *[other] { $days } Urlaubstage
} im Jahr { $year } beanspruchen, aber Ihnen bleiben dort { $left } ({ $allowed } im Jahr { $year }, davon { $taken } genommen oder gebucht). Es wurde nichts geändert.
refused-not-on-vacation = Sie sind nicht im Urlaub, und es ist keiner gebucht: Es gibt nichts zu beenden.
refused-vacation-ends-today = Ihr Urlaub endet bereits heute, am { $today }: Es gibt nichts zu beenden.
refused-no-such-game = Mit dieser Adresse spielen Sie keine Partie #{ $game }; "{ command-games }" listet die Partien auf, die Sie spielen.

## Vacations and the list of games

vacation-days-left = Verbleibende Urlaubstage im Jahr { $year }: { $left } von { $allowed }.
vacation-game-yours = #{ $game } { $variant } gegen { $opponent }: Ihre Uhr läuft, fällig bis { $deadline }
vacation-game-theirs = #{ $game } { $variant } gegen { $opponent }: Die Uhr von { $opponent } läuft
overview-line = #{ $game } { $variant } gegen { $opponent }: { $what }
overview-your-choice = Ihre geheime Wahl steht aus
overview-their-choice = warten auf die geheime Wahl von { $opponent }
overview-your-move = Sie sind am Zug ({ $label })
overview-their-move = { $opponent } ist am Zug ({ $label })
overview-due = { $what }, fällig bis { $deadline }

## What a confirmation asks

asked-resign = diese Partie aufzugeben
asked-accept-draw = das Remisangebot anzunehmen
asked-claim-draw = Remis zu reklamieren

## Notations, as `notation` answers name them

notation-san = kurze algebraische Notation (Sf3, exd5, O-O)
notation-long = lange algebraische Notation (Sg1-f3, e4xd5, O-O)
notation-iccf = ICCF-Ziffernnotation (7163, 5445, 5171)

## Conditional moves that cannot be taken ($line: the line as the player wrote it)

conditions-too-many-lines = Ihre Mail enthält { $lines ->
    [one] { $lines } Zeile
   *[other] { $lines } Zeilen
} mit bedingten Zügen; höchstens { $most } werden angenommen.
conditions-no-if = Die Bedingungen "{ $line }" beginnen nicht mit "{ command-if }".
conditions-too-many-steps = Die Zeile "{ $line }" hat { $steps ->
    [one] { $steps } Schritt
   *[other] { $steps } Schritte
}; eine Zeile darf höchstens { $most } haben.
conditions-two-numbers = In "{ $line }" stehen zwei Zugnummern hintereinander.
conditions-number-alone = In "{ $line }" steht eine Zugnummer ohne ihren Zug.
conditions-no-move = In "{ $line }" folgt auf ein "{ command-if }" kein Zug.
conditions-no-answer = In "{ $line }" hat "{ command-if } { $expect }" keine Antwort: Schreiben Sie Ihren Zug hinter den des Gegners.
conditions-third-move = In "{ $line }" folgt auf "{ command-if } { $expect } { $answer }" noch { $third }: Jedes "{ command-if }" nimmt den Zug des Gegners und Ihre Antwort; beginnen Sie den nächsten Schritt mit einem weiteren "{ command-if }".
conditions-after-the-end = In Ihren Bedingungen "{ $line }" käme { $move } erst, wenn die Partie schon beendet wäre.
conditions-wrong-number = In Ihren Bedingungen "{ $line }" ist { $move } falsch nummeriert: Richtig wäre { $number }.
# $whose is `yours` or `theirs` (the opponent's move).
conditions-unplayable-move = In Ihren Bedingungen "{ $line }" kann { $whose ->
    [yours] Ihr Zug
   *[theirs] der Zug Ihres Gegners
} { $move } nicht gespielt werden: { $why }.
conditions-two-answers = Ihre Bedingungen beantworten { $expect } zweimal, mit { $first } und mit { $second } (in "{ $line }"): Eine Bedingung muss einen einzigen Zug nennen.

## Tournament entries refused

entry-subject-no-such-tournament = kein solches Turnier
entry-subject-not-open = keine Anmeldung möglich
entry-subject-not-entered = Sie sind nicht angemeldet
entry-subject-nothing-to-withdraw = nichts zurückzuziehen
entry-no-such-tournament = Hier gibt es kein Turnier "{ $wanted }". Schreiben Sie "{ command-join }" und die Nummer oder den Namen des Turniers, wie der Club es angekündigt hat.
entry-not-open = Das Turnier { $tournament } nimmt derzeit keine Anmeldungen per Mail an ({ $stage }).
entry-not-entered = Sie sind nicht angemeldet.
entry-nothing-to-withdraw = Sie haben keine Partien mehr, aus denen Sie sich zurückziehen könnten.
entry-withdrawn-games = Ihre Partien werden nach der Regel des Clubs für Rückzüge gewertet; das Turnier geht ohne Sie weiter.

## Mails to the club's director (in the club's language)

unreachable-subject = herald: { $player } ist nicht erreichbar
unreachable = Die Mails von herald an { $player } <{ $email }> sind { $failures }-mal in Folge unzustellbar zurückgekommen (dauerhafte Fehler, bei verschiedenen Zügen), daher gilt dieser Spieler für herald nun als unerreichbar. Der letzte Rückläufer betraf die Mail von herald in Partie #{ $game }.
unreachable-server = Was der Mailserver meldete:
unreachable-none-given = (keine Angabe)
unreachable-reported-by = Gemeldet von
unreachable-games = Die noch laufenden Partien des Spielers (jeder Gegner wurde benachrichtigt):
unreachable-against = gegen { $opponent }
unreachable-paused = Uhr angehalten
unreachable-runs = Uhr läuft weiter
unreachable-no-games = Der Spieler hat keine laufende Partie.
unreachable-what-now = herald schickt die Mails des Spielers weiterhin. Der Spieler gilt wieder als erreichbar, und jede angehaltene Uhr läuft wieder, sobald in einer seiner Partien eine Mail von ihm eintrifft. Eine Uhr bleibt höchstens { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} angehalten: Dann läuft sie wieder, und Sie werden benachrichtigt, um zu entscheiden.
pause-over-subject = herald: Partie #{ $game } läuft nach { $days ->
    [one] { $days } Tag
   *[other] { $days } Tagen
} Pause für { $player } wieder
pause-over = Die Uhr von Partie #{ $game } ({ $variant }, { $player } <{ $email }> gegen { $opponent }) stand { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} still, so lange, wie herald eine Uhr wegen zurückkommender Mails höchstens anhält (bounces.max_pause_days). Sie läuft jetzt dort weiter, wo sie stehen geblieben ist.
pause-over-decide = Die Mails von herald an { $player } gelten weiterhin als unzustellbar. Bitte entscheiden Sie über die Partie: Die Uhr läuft wie bei jeder Partie, der Spieler kann also auf Zeit verlieren; als Turnierleiter können Sie die Partie auch abschätzen oder kampflos werten.
pairing-failed-subject = herald: Runde { $round } des Turniers { $tournament } kann nicht ausgelost werden
pairing-failed = herald konnte Runde { $round } des Turniers { $tournament } nicht auslosen (Turnier #{ $id }, { $variant }, { $system }):
pairing-failed-decide = Die Paarungsregeln überlassen dies dem Turnierleiter, nicht dem Programm: Keine Runde beginnt, bevor Sie entschieden haben (etwa über einen Rückzug oder ein Ende des Turniers); dann losen Sie sie aus mit

## A move not accepted ($input: what the player wrote; $reason: the variant's own words)

move-error-empty = es wurde kein Zug angegeben
move-error-unreadable = "{ $input }" ist kein Zug, den herald lesen kann; schreiben Sie ihn wie Sf3, exd5, e8=D, O-O oder e2-e4
move-error-illegal = "{ $input }" ist kein regelgemäßer Zug: { $reason }
move-error-unclear-letter = in "{ $input }" ist der Figurenbuchstabe "{ $letter }" kyrillisch: In russischer Notation bezeichnet er eine andere Figur als der lateinische Buchstabe, dem er gleicht; schreiben Sie die Figur mit englischen Buchstaben (K König, Q Dame, R Turm, B Läufer, N Springer)
move-error-ambiguous = "{ $input }" könnte jeder dieser Züge sein: { $candidates }; geben Sie an, welcher

## The help of a variant that offers conditional moves

conditional-help = Bedingte Züge: Mit Ihrem Zug können Sie Antworten auf die nächsten Züge Ihres Gegners hinterlassen, die Ihr Gegner nicht sieht, zum Beispiel "14. Sf3 { command-if } 14... Lg4 15. h3 { command-if } 15... Lh5 16. g4", und weitere Zeilen danach, jede beginnend mit "{ command-if }". Jeder Zug wird beim Absenden geprüft. Spielt Ihr Gegner einen Zug, auf den eine Zeile wartet, wird ihre Antwort sofort gespielt, und Sie beide werden benachrichtigt; spielt er einen anderen, werden die Zeilen hinfällig. Solange Ihr Gegner am Zug ist, ersetzt eine Mail nur aus "{ command-if }"-Zeilen die bisherigen; "{ command-cancel }" entfernt sie.

## The legend under a board of pieces beyond chess's

legend = Figuren: { $entries }.
legend-piece = { $letter } { $name }
legend-as-king = { $letter } { $name } (zieht wie ein König)
legend-carries-crown = * trägt die Krone
legend-crown-alone = O die Krone, allein liegend
notes-unknown-pieces = Unbekannte Figuren, jeweils mit ihrem Ausgangsfeld:

## Die Tabellen eines Turniers und seine Ergebnisse (jede Überschrift höchstens so breit wie
## ihre Spalte: der Rang 3 Zeichen, die Nummer 2, die Punkte 3)

table-rank = Rg
table-name = Name
table-points = Pkt
table-number = Nr
table-round = Runde
table-bye = spielfrei
table-annulled = annulliert
table-forfeit = kampflos
table-time = Zeit
table-pts = Pkt.
tournament-result-headline = Runde { $round }, Brett { $board }: { $white } - { $black } { $score } ({ $reason })
tournament-digest-results = { $results ->
    [one] 1 Ergebnis
   *[other] { $results } Ergebnissen
}

## What the variants say
notice-ninjas = Ninjas: der von Weiß { $white }; der von Schwarz { $black }.
notice-ninja-on = auf { $square }
notice-ninja-in-reserve = in Reserve
notice-ninja-captured = geschlagen
notice-may-hide = Sie können Ihre Krone als Ihren Zug auf einem beliebigen leeren Feld verstecken: schreiben Sie hide und das Feld (hide d5).
notice-hidden-yours = Ihre Krone ist auf { $square } versteckt.
notice-hidden-on = { $side ->
    [white] Die Krone von Weiß
   *[black] Die Krone von Schwarz
} ist auf { $square } versteckt.
notice-hidden = { $side ->
    [white] Die Krone von Weiß
   *[black] Die Krone von Schwarz
} ist versteckt.
notice-hidden-grid = { $side ->
    [white] Versteckte Krone von Weiß
   *[black] Versteckte Krone von Schwarz
}: { $ruled } von { $squares } Feldern ausgeschlossen (x), { $left } nicht durchsucht (.)
notice-crown-found = { $side ->
    [white] Weiß hat die Krone von Schwarz
   *[black] Schwarz hat die Krone von Weiß
} auf { $square } gefunden.
notice-army-captured = { $side ->
    [white] Weiß hat die ganze Armee von Schwarz geschlagen.
   *[black] Schwarz hat die ganze Armee von Weiß geschlagen.
}
notice-stopped = { $side ->
    [white] Weiß hat
   *[black] Schwarz hat
} auf der eigenen versteckten Krone auf { $square } angehalten.
notice-stopped-piece = { $side ->
    [white] Weiß hat eine Figur ({ $piece })
   *[black] Schwarz hat eine Figur ({ $piece })
} auf der eigenen versteckten Krone auf { $square } angehalten.
notice-split-blocked = { $side ->
    [you] Ihr Monarch
    [white] Der Monarch von Weiß
   *[black] Der Monarch von Schwarz
} ({ $monarch ->
    [dame] Dame
   *[other] König
}) hat kein leeres Nachbarfeld: er kann sich nicht teilen und bleibt ganz und königlich.
notice-split-yours = Ihr ungekrönter Monarch ist gefallen: Ihr nächster Zug teilt Ihren Monarchen ({ $monarch ->
    [dame] Dame
   *[other] König
}) in seine zwei Hälften, die gekrönte mit Stern ({ $example }).
notice-split-due = { $side ->
    [white] Der Monarch von Weiß
   *[black] Der Monarch von Schwarz
} ({ $monarch ->
    [dame] Dame
   *[other] König
}) muss sich im nächsten Zug von { $side ->
    [white] Weiß
   *[black] Schwarz
} teilen.
notice-split-never = { $side ->
    [you] Ihr Monarch
    [white] Der Monarch von Weiß
   *[black] Der Monarch von Schwarz
} ({ $monarch ->
    [dame] Dame
   *[other] König
}) konnte sich nicht teilen: er bleibt ganz und königlich.
notice-half-unknown = { $side ->
    [you] Ihre Krone
    [white] Die Krone von Weiß
   *[black] Die Krone von Schwarz
} liegt auf einer der beiden Hälften.
notice-half-lost = { $side ->
    [you] Sie haben
    [white] Weiß hat
   *[black] Schwarz hat
} die gekrönte Hälfte { $half } verloren.
notice-half-opened = { $side ->
    [you] Ihre Krone
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: die Hälfte { $half } auf { $square } (aufgedeckt).
notice-half-sealed = { $side ->
    [you] Ihre Krone
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: die Hälfte { $half } auf { $square } (für die Spieler noch versiegelt).
notice-half-yours = Ihre Krone liegt auf der Hälfte { $half } auf { $square }.
notice-half-attacked = Ihre gekrönte Hälfte { $half } wird angegriffen.
notice-stones-in-reserve-both = In Reserve: Weiß { $white } { $white ->
    [one] Stein
   *[other] Steine
}, Schwarz { $black } { $black ->
    [one] Stein
   *[other] Steine
} (einsetzbar: { $usable ->
    [neither] keiner
    [white] Weiß
    [black] Schwarz
   *[both] beide
}).
notice-stones-yours = Ihre Steine: { $stones }.
notice-stones = { $side ->
    [white] Steine von Weiß
   *[black] Steine von Schwarz
}: { $stones }.
notice-stone-mined = { $square } vermint
notice-stone-plain = { $square } einfach
notice-stones-in-reserve = { $count } in Reserve ({ $which ->
    [plain] einfach
    [mined] der verminte: markieren Sie ihn beim Einsetzen mit *
   *[one-mined] einer davon vermint: markieren Sie ihn beim Einsetzen mit *, wie in S@e4*
})
notice-stone-blast = { $side ->
    [white] Der Stein von Weiß auf { $square } war vermint: { $crowned ->
        [yes] eine gekrönte Figur von Schwarz
       *[no] eine Figur von Schwarz
    }
   *[black] Der Stein von Schwarz auf { $square } war vermint: { $crowned ->
        [yes] eine gekrönte Figur von Weiß
       *[no] eine Figur von Weiß
    }
} ({ $piece }) wurde in die Luft gesprengt.
notice-kcrown-on = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: auf der Figur { $piece } { $square }.
notice-kcrown-once = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: auf der Figur { $piece } { $square } (einmal mit ihr gezogen).
notice-kcrown-twice = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: auf der Figur { $piece } { $square } (zweimal hintereinander mit ihr gezogen: ihr nächster Zug lässt die Krone auf { $square } zurück).
notice-kcrown-dropped = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: liegt auf { $square }, abgelegt von der Figur { $piece } { $from }, die sie nicht wieder aufnehmen darf.
notice-kcrown-lying = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: liegt auf { $square }.
notice-kcrown-captured = { $side ->
    [white] Krone von Weiß
   *[black] Krone von Schwarz
}: geschlagen.
notice-kcrown-transferred = { $side ->
    [white] Weiß
   *[black] Schwarz
} hat die Krone zuletzt übertragen: vor der nächsten Übertragung muss mit der Figur { $piece } { $square } gezogen werden.
notice-your-crown-attacked = Ihre Krone wird angegriffen.
notice-krithala-legend = *: die Figur trägt ihre Krone. O, o: die Krone von Weiß, von Schwarz, die allein liegt.
notice-royal-notation = Numerische Notation: die Linien a bis j sind 1 bis 10, also ist e4 gleich 54 und j6 gleich 106. Auf dem Brett ist H der Wächter des Königs (G') und G der Wächter der Dame.
notice-guard-powered = { $side ->
    [white] Der umgewandelte Wächter von Weiß
   *[black] Der umgewandelte Wächter von Schwarz
} auf { $square } hat für seinen ersten Zug von dort die Kräfte der Dame.
notice-recapture = { $side ->
    [white] Weiß
   *[black] Schwarz
} darf auf { $square } mit einem Turm über seine Wächter hinweg zurückschlagen, nur in diesem Zug.
notice-position-record = Stellungsprotokoll: { $record }
notice-crowds = Menschenmengen, in denen nichts geschlagen werden kann und ein König nie im Schach steht: { $crowds }.
notice-crowd-side = { $side ->
    [white] Weiß:
   *[black] Schwarz:
} { $pieces }
notice-pair = { $side ->
    [white] Paar von Weiß
   *[black] Paar von Schwarz
}: { $first } und { $second }.
notice-your-pair = Ihr Paar: { $first } und { $second }.
notice-decoy-check = Schach: das Schach gilt Ihrer Attrappe (Ihr König steht nicht im Schach).
notice-check-given = Schach: Ihr Zug greift den gegnerischen König oder die Attrappe an.
notice-pieces-captured = { $side ->
    [white] Geschlagene Figuren von Weiß
   *[black] Geschlagene Figuren von Schwarz
}: { $pieces }.

## The board picture's alt text (what a screen reader reads, or a client shows without
## pictures). $side is `white` or `black`.
alt-seen-from = Das Brett aus der Sicht von { $side ->
    [white] Weiß
   *[black] Schwarz
}.
alt-side = { $side ->
    [white] Weiß
   *[black] Schwarz
}: { $pieces }.
alt-side-empty = { $side ->
    [white] Weiß
   *[black] Schwarz
}: nichts auf dem Brett.
# A piece's name stays in the singular: several of one kind say how many.
alt-group = { $count ->
    [one] { $piece } { $squares }
   *[other] { $piece } ({ $count }): { $squares }
}
alt-crowned = { $square } (mit der Krone)
alt-unknown = eine Figur unbekannter Art auf { $square } (verfolgt als { $label })
alt-crown-alone = die Krone, allein auf { $square }
alt-crowds = Ansammlungen, von unten nach oben: { $crowds }.
alt-crowd-piece = { $piece } ({ $side ->
    [white] Weiß
   *[black] Schwarz
})
