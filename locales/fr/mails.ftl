# Les mots des e-mails de herald aux joueurs, en français. Les modèles (templates/*.txt)
# mettent les e-mails en page et nomment ces messages ; un paragraphe est un message, que
# l'e-mail coupe à 78 colonnes. Les noms ($opponent, $name) sont ceux des joueurs.

## Every mail

hello = Bonjour { $name },
hello-nobody = Bonjour,
signature = herald, arbitre de parties par e-mail

## Subjects of a game's mails (after "[herald #N] variant: ")

subject-reminder = rappel
subject-time-up = temps écoulé
subject-opponent-unreachable = { $opponent } injoignable
subject-vacation = vos vacances
subject-back = retour de vacances
subject-opponent-vacation = { $opponent } en vacances
subject-opponent-back = { $opponent } de retour de vacances
subject-conditions-left = coups conditionnels enregistrés
subject-conditions-cancelled = coups conditionnels annulés
subject-games = vos parties
subject-zone = votre fuseau horaire
subject-notation = votre notation
subject-format = le format de vos e-mails
subject-language = votre langue
subject-setup = votre choix secret, s'il vous plaît
subject-waiting-for-setup = en attente du choix de { $opponent }
subject-your-move = à vous de jouer ({ $label })
subject-to-move = { $opponent } a le trait ({ $label })
subject-rejected = non accepté
subject-no-command = votre e-mail ne contenait aucune commande que je puisse lire
subject-help = comment jouer par e-mail
subject-confirm = veuillez confirmer la demande { $asked }

## What a game's mail is about

invite = On vous invite à une partie de { $variant } contre { $opponent }, arbitrée par herald. { $you-play }
invite-tournament = Cette partie compte pour le tournoi { $tournament }.
moved = Votre coup { $move } est enregistré.
opponent-moved = { $opponent } a joué { $move }.
conditions-left = Vos coups conditionnels sont enregistrés ; { $opponent } ne les voit pas.
conditions-cancelled = Vos coups conditionnels sont annulés ; { $opponent } ne les a jamais vus.
board-asked = Voici la position, comme demandé.
games-going-on = Vos parties en cours :
games-board-hint = Répondez "{ command-board } N" à n'importe lequel de mes e-mails pour recevoir la position et les coups de la partie N. Ci-dessous, la partie #{ $game }, celle où vous avez écrit.
games-none = Vous n'avez aucune partie en cours. Ci-dessous, la partie #{ $game }, celle où vous avez écrit.
zone-own = Votre fuseau horaire est désormais { $zone } : les heures des e-mails de toutes vos parties y sont indiquées. Les jours restent comptés selon le calendrier du club ({ $club }). Répondez "{ command-zone } club" pour revoir les heures du club.
zone-club = Les e-mails de toutes vos parties indiquent de nouveau les heures du club ({ $club }).
notation-set = Vos coups sont désormais écrits en { $notation }, dans les e-mails de toutes vos parties dont la variante le permet : échecs et Capablanca (numérotation ICCF : échecs seulement). Les autres variantes, les archives et le PGN gardent la notation propre à chaque variante, et vous pouvez écrire vos coups dans n'importe quelle notation que je lis.
notation-not-here = La variante de cette partie garde la sienne.
format-text = Désormais, mes e-mails, dans toutes vos parties, sont en texte brut seul, sans l'échiquier dessiné en image. Répondez "{ command-format } html" pour retrouver l'image.
format-html = Désormais, mes e-mails, dans toutes vos parties, contiennent l'échiquier dessiné en image (une version HTML du même texte). Répondez "{ command-format } text" pour le texte brut seul.
language-set = Désormais, je vous écris en français, dans toutes vos parties. Répondez "{ command-language } club" pour la langue du club, ou "{ command-language } CODE" pour une autre de mes langues : { $codes }.
setup-recorded = Votre choix secret est enregistré et scellé par un engagement.
game-begins = Les deux choix secrets sont faits et scellés par leur engagement : la partie commence.
draw-offered-with-move = { $opponent } a joué { $move } et propose la nulle.
draw-offered = { $opponent } propose la nulle.
draw-offer-how = Répondez "{ command-accept }" ou "{ command-decline }" (ou jouez simplement votre coup, ce qui la refuse).
draw-offer-sent = Votre proposition de nulle a été envoyée à { $opponent }.
draw-declined-by-you = Vous avez refusé la proposition de nulle.
draw-declined = { $opponent } a refusé votre proposition de nulle.
finished-after-sequel = Après { $move }, des coups conditionnels ont été joués aussitôt ; la partie est terminée.
finished-after = La partie est terminée après { $move }.
finished-on-time = La partie est terminée : le temps pour un coup est écoulé.
finished = La partie est terminée.
reminder-move = Rappel : votre coup est attendu au plus tard le { $deadline }.
reminder-setup = Rappel : votre choix secret est attendu au plus tard le { $deadline }.
reminder-forfeit = Si aucun coup n'arrive d'ici là, vous perdrez la partie au temps.
opponent-unreachable = Les e-mails de herald à { $opponent } reviennent sans cesse non distribués, donc { $opponent } ne sait peut-être pas où en est la partie. L'organisateur du club a été prévenu.
opponent-unreachable-paused = La pendule de la partie est arrêtée jusqu'à ce que { $opponent } écrive de nouveau ; aucun délai ne court entre-temps.
opponent-unreachable-runs = La pendule de la partie continue de tourner normalement.
vacation-recorded = Vos vacances sont enregistrées : du { $first } au { $last }, { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}. Ces jours-là, votre pendule est arrêtée dans chacune de vos parties en cours ; celles de vos adversaires tournent normalement, et ils en sont informés. Répondez "{ command-back }" pour les terminer plus tôt : les jours non pris vous sont rendus.
your-games = Vos parties :
vacation-cancelled = Vos vacances du { $first } au { $last } sont annulées ; aucun de leurs jours n'est compté.
welcome-back = Bon retour parmi nous. Vos vacances se terminent aujourd'hui, le { $last }, après { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} (aujourd'hui est le dernier) : votre pendule tourne de nouveau dès demain.
opponent-vacation = { $opponent } est en vacances du { $first } au { $last } : ces jours-là, la pendule de { $opponent } est arrêtée, dans cette partie et toutes les autres. La vôtre tourne normalement.
opponent-vacation-cancelled = { $opponent } a annulé ses vacances du { $first } au { $last }.
opponent-back = { $opponent } est de retour de vacances : elles se terminent aujourd'hui, le { $last }, et la pendule de { $opponent } tourne de nouveau dès demain.
time-up-move = Le temps pour votre coup s'est écoulé le { $deadline }. La partie vous attend : merci de répondre dès que possible.
time-up-setup = Le temps pour votre choix secret s'est écoulé le { $deadline }. La partie vous attend : merci de répondre dès que possible.
sequel-then = Puis des coups conditionnels ont été joués aussitôt :

## Where the game stands (every game mail)

status-game = Partie #{ $game } : { $variant }, { $white } (Blancs) contre { $black } (Noirs).
status-tournament = Tournoi : { $tournament }.
status-moves = Coups : { $moves }
status-no-moves = Aucun coup pour l'instant.
status-last-move = Dernier coup : { $move }
status-legal-moves = Vos coups légaux :
status-result = Résultat : { $score }, { $reason }.
status-points = Points : { $points }.
status-setup = Avant le premier coup, répondez avec votre choix secret sur la première ligne : { $prompt }.
status-reply-by = Merci de répondre au plus tard le { $deadline }.
status-setup-secret = Seul l'arbitre le connaît. Les deux joueurs en reçoivent l'engagement (un hachage salé) avant le premier coup, et il est révélé quand les règles le prévoient : il ne peut donc pas être changé.
status-waiting-for-setup = La partie commence quand { $opponent } aura fait son choix secret ; vous recevrez alors un e-mail.
status-waiting-for-setup-due = La partie commence quand { $opponent } aura fait son choix secret, attendu au plus tard le { $deadline } ; vous recevrez alors un e-mail.
status-your-move = C'est à vous de jouer ({ $label }).
status-paused = La pendule est arrêtée.
status-to-move = { $opponent } a le trait ({ $label }), au plus tard le { $deadline }.
status-to-move-paused = { $opponent } a le trait ({ $label }) ; la pendule est arrêtée.
status-conditions = Vos coups conditionnels, que { $opponent } ne voit pas ("{ command-cancel }" les supprime) :
status-opened-url = Révélé maintenant. Chaque commande ci-dessous, lancée dans un terminal, affiche le hachage de l'engagement ; voir { $url } pour savoir comment le vérifier.
status-opened = Révélé maintenant. Chaque commande ci-dessous, lancée dans un terminal, affiche le hachage de l'engagement ; c'est celui que vous avez reçu quand le secret a été choisi.
status-new-commitment = Le coup { $move } a décidé un secret, engagé par son hachage salé ci-dessous ; il est révélé quand les règles le prévoient, et à la fin.
status-new-commitments = Le coup { $move } a décidé des secrets, chacun engagé par son hachage salé ci-dessous ; chacun est révélé quand les règles le prévoient, et à la fin.
status-commitments = Engagements :
status-commitments-url = Engagements (de quoi il s'agit : { $url }) :
status-made-with = pris au coup { $move }
status-opened-value = révélé, { $value }
status-sealed = scellé
status-move-log = { $plies ->
    [one] { $plies } coup enregistré
   *[other] { $plies } coups enregistrés
} dans le journal des coups, dernier maillon :
status-your-draw-offer = Votre proposition de nulle tient toujours.
status-draw-offer = { $opponent } propose la nulle : répondez "{ command-accept }" ou "{ command-decline }".

## The commands (every mail of a game going on)

commands-to-play = Pour jouer, répondez à cet e-mail avec votre coup sur la première ligne, par exemple
commands-number = Le numéro est facultatif ; il évite qu'un ancien e-mail soit pris pour un nouveau coup. Sans lui, répondez au dernier e-mail de la partie : un coup qui répond à un e-mail plus ancien est refusé, au cas où ce serait un ancien e-mail renvoyé.
commands-wait = Vous recevrez un e-mail quand { $opponent } aura joué.
commands-other = Autres commandes, chacune sur sa propre ligne :
# Each command's line: the command as the mails write it, then what it does (at most 60
# characters, so that the line stays within 78 columns).
commands-draw = proposer la nulle (aussi à la suite du coup) ou la réclamer
commands-accept = accepter la proposition de nulle de l'adversaire
commands-decline = la refuser
commands-resign = abandonner la partie
commands-board = me renvoyer la position
commands-if = coups conditionnels, après votre coup ou seuls (voir "{ command-help }")
commands-cancel = supprimer vos coups conditionnels
commands-help = expliquer les commandes
commands-games = lister vos parties : qui a le trait, et jusqu'à quand
commands-board-n = position et coups de la partie N (depuis tout e-mail reçu)
commands-zone = heures de vos e-mails dans un fuseau ({ command-zone } Europe/Berlin)
commands-notation = comment vos e-mails écrivent les coups : san, long ou iccf
commands-format = text : texte brut seul ; html : avec l'image de l'échiquier
commands-language = la langue de mes e-mails : { $codes }, ou club
commands-vacation = arrêter votre pendule partout pendant N jours dès demain
commands-back = finir vos vacances aujourd'hui (ou annuler celles à venir)

## The help

help-nothing-changed = Rien n'a été modifié.
help-intro = Voici comment jouer une partie de { $variant } par e-mail.
help-first-line = Écrivez votre coup, ou l'une des commandes ci-dessous, sur la première ligne de votre réponse : le texte cité et votre signature sont ignorés. Si votre réponse ne contient aucun texte propre, c'est son objet qui est lu.

## A refusal

rejected-read = Votre e-mail a été lu, mais rien n'a été modifié :
rejected-how-moves = Comment les coups s'écrivent dans cette partie :

## A confirmation

confirm-asked = herald a reçu un e-mail de votre adresse demandant { $asked }.
confirm-club = Le club demande à chaque joueur de confirmer la fin d'une partie.
confirm-unauthenticated = Cela mettrait fin à la partie, et l'e-mail n'a pas pu être authentifié comme envoyé par votre fournisseur de messagerie.
confirm-not-yet = Rien n'a encore été modifié, et rien n'a été dit à { $opponent }.
confirm-how = Pour confirmer, répondez à cet e-mail (sans changer l'objet) avec cette première ligne :
confirm-ignore = Si vous n'avez pas envoyé cet e-mail, ignorez celui-ci : rien ne changera, et vous pouvez continuer à jouer. La demande de confirmation expire au prochain coup.

## Mails herald could not take

too-large-subject = herald : votre e-mail était trop volumineux pour être lu
too-large = herald a reçu de cette adresse un e-mail dépassant la taille permise (la limite est de { GROUPED($limit) } octets) ; il n'a donc pas été lu et rien n'a été modifié. Merci de répondre avec votre coup en texte brut, sans pièces jointes.
unverified-subject = herald : votre e-mail n'a pas pu être vérifié
unverified = herald a reçu de cette adresse un e-mail qu'il n'a pu rattacher à aucune de vos parties : soit l'adresse de réponse ou l'objet a été modifié, soit l'e-mail n'a pas été envoyé depuis l'adresse que herald connaît pour ce joueur. Rien n'a été modifié.
unverified-how = Merci de répondre directement au dernier e-mail que herald vous a envoyé, depuis l'adresse avec laquelle vous jouez.

## Tournaments

tournament-subject-confirm = veuillez confirmer votre inscription
tournament-subject-entered = inscription confirmée
tournament-subject-removed = votre inscription est retirée
tournament-subject-withdrawn = retrait enregistré
tournament-subject-confirm-withdrawal = veuillez confirmer votre retrait
tournament-subject-begins = le tournoi commence
tournament-subject-round = appariements de la ronde { $round }
tournament-subject-final = grille américaine finale
tournament-subject-digest = classement du jour
tournament-confirm = Quelqu'un (vous, nous l'espérons) a demandé votre inscription au tournoi { $tournament } ({ $variant }, { $system }), arbitré par herald.
tournament-confirm-how = Pour confirmer l'inscription, répondez à cet e-mail (n'importe quel texte convient, par exemple "oui").
tournament-confirm-ignore = Si vous ne l'avez pas demandé, ignorez cet e-mail : rien ne se passe sans votre réponse.
tournament-entered = Votre inscription au tournoi { $tournament } ({ $variant }, { $system }) est confirmée. Vous recevrez un e-mail pour chacune de vos parties au début du tournoi.
tournament-withdraw-how = Pour vous retirer, répondez "{ command-withdraw }" à cet e-mail.
tournament-removed = Votre inscription au tournoi { $tournament } est retirée, comme vous l'avez demandé.
tournament-withdrawn = Votre retrait du tournoi { $tournament } est enregistré.
tournament-confirm-withdrawal = herald a reçu un e-mail de votre adresse demandant votre retrait du tournoi { $tournament }. Un retrait met fin à vos parties dans ce tournoi, donc rien n'a encore été modifié.
tournament-confirm-withdrawal-ignore = Si vous n'avez pas envoyé cet e-mail, ignorez celui-ci : rien ne changera, et vous continuez à jouer.
tournament-begins = Le tournoi { $tournament } ({ $variant }, { $system }, { $rounds ->
    [one] { $rounds } ronde
   *[other] { $rounds } rondes
}) commence avec { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}. Chacune de vos parties arrive dans son propre e-mail : c'est à celui-ci qu'il faut répondre pour jouer.
tournament-begins-withdraw = Pour vous retirer du tournoi, répondez "{ command-withdraw }" à cet e-mail.
tournament-round = La ronde { $round } du tournoi { $tournament } est appariée. Chacune de vos parties arrive dans son propre e-mail.
tournament-final = Le tournoi { $tournament } est terminé. Merci d'avoir joué.
tournament-digest = Le classement du tournoi { $tournament } après { $headline }.

## La pendule, avec une cadence comptée en jours

# A deadline in a control counted in days: the end of the club's day.
due-end-of-day = { $date } en fin de journée ({ $zone })
# ... and the moment it is where the player chose to read times.
due-your-time = { $club }, soit { $minute } à votre heure
control-per-move = { $days } par coup
control-moves = { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
} en { $days }
control-bank-even = { $increment } par coup, au plus { $max } en réserve
control-bank = { $start } + { $increment } par coup, au plus { $max } en réserve
clock-control = Cadence : { $control }.
clock-control-moves = Cadence : { $control } ; les jours non utilisés sont reportés sur la tranche suivante de { $moves ->
    [one] { $moves } coup
   *[other] { $moves } coups
}.
clock-control-bank = Cadence : { $control } : chaque coup ajoute { $increment } à la réserve de celui qui le joue, qui ne dépasse jamais { $max }.
# $whose is `yours` or `theirs` ($player's).
clock-left = { $whose ->
    [yours] Votre pendule
   *[theirs] Pendule de { $player }
} : il reste { $days } pour les coups jusqu'au coup { $move }.
clock-bank = { $whose ->
    [yours] Votre réserve
   *[theirs] Réserve de { $player }
} : { $days }.
vacation-yours = Vos vacances : du { $first } au { $last } ; votre pendule est arrêtée ces jours-là.
vacation-theirs = Vacances de { $player } : du { $first } au { $last } ; sa pendule est arrêtée ces jours-là.

## A tournament game

tournament-place = { $tournament }, ronde { $round }, échiquier { $board }
tournament-ratings = classements : Blancs { $white }, Noirs { $black }
unrated = non classé

## Conditional moves played at once

sequel-yours = votre coup conditionnel
sequel-theirs = coup conditionnel de { $player }

## Refusals

refused-language = Je n'écris dans aucune langue "{ $word }" : écrivez "{ command-language }" suivi de l'un des codes { $codes }, ou "{ command-language } club" pour la langue du club.

## What the variants say

prompt-crown = { word-crown } { word-king } ou { word-crown } { word-queen }
prompt-seed = { word-seed } MOT (un mot de votre choix, mêlé au tirage au sort des armées et de la position) ou { word-seed } seul
notice-check = Vous êtes en échec.
notice-your-crown = Votre couronne : { $monarch ->
    [dame] la dame
   *[other] le roi
}.
notice-crown-attacked = { $monarch ->
    [dame] Votre dame couronnée est attaquée
   *[other] Votre roi couronné est attaqué
}.
# $side is `white` or `black`.
notice-crown-opened = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : { $monarch ->
    [dame] la dame
   *[other] le roi
} (révélée).
notice-crown-sealed = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : { $monarch ->
    [dame] la dame
   *[other] le roi
} (encore scellée pour les joueurs).
# Why a mail held no command (the help follows).
no-command-empty = Votre e-mail ne contenait aucune commande : il était vide.
no-command-quoted = Votre e-mail ne contenait aucune commande : tout y était cité d'un e-mail précédent.
no-command-signature = Votre e-mail ne contenait aucune commande, seulement une signature.
no-command-attachments = Votre e-mail ne contenait aucun texte que je puisse lire, seulement des pièces jointes.
no-command-undecodable = Je n'ai pas pu décoder le texte de votre e-mail ({ $encoding } invalide).
no-command-broken = Je n'ai pas pu lire votre e-mail : { $why }.
no-command-html = Je n'ai pas pu lire le texte de votre e-mail : son HTML est trop profondément imbriqué. Merci d'envoyer du texte brut.
no-command-number-only = Votre e-mail donne un numéro de coup ({ $number }), mais aucun coup.
unreadable-line = La première ligne de votre e-mail, "{ $text }", n'est ni un coup ni une commande.
unreadable-subject = Votre e-mail ne contenait aucune commande, et son objet, "{ $text }", n'est ni un coup ni une commande.
# Why a command was refused.
refused-game-over = La partie est terminée ; plus aucun coup ni aucune proposition n'est accepté.
refused-not-begun = La partie n'a pas commencé : elle commence quand les deux joueurs auront répondu ({ $waiting }).
refused-no-offer-to-accept = Votre adversaire n'a fait aucune proposition de nulle à accepter.
refused-no-offer-to-decline = Votre adversaire n'a fait aucune proposition de nulle à refuser.
refused-nothing-to-cancel = Vous n'avez aucun coup conditionnel à annuler.
# $side is `white` or `black`, the side to move.
refused-not-your-move = Ce n'est pas à vous de jouer : les { $side ->
    [white] Blancs
   *[black] Noirs
} ont le trait ({ $label }).
refused-wrong-number = Votre e-mail donne le coup comme { $number } { $move }, mais la partie en est à { $current } : c'est peut-être un ancien e-mail, ou arrivé dans le désordre. Rien n'a été joué ; si { $move } est toujours votre coup, renvoyez-le.
refused-stale-move = Votre e-mail répond à l'un de mes e-mails antérieurs au dernier coup ; il peut donc s'agir d'un ancien e-mail, renvoyé ou arrivé dans le désordre. Rien n'a été joué ; si { $move } est toujours votre coup, renvoyez-le avec son numéro ({ $current } { $move }), ou en réponse à mon dernier e-mail.
refused-offer-already-open = Votre proposition de nulle est déjà en cours.
refused-conditions-on-your-move = C'est à vous de jouer : les coups conditionnels accompagnent votre coup, sur sa ligne ou les lignes suivantes ("{ $yours } votre coup { command-if } { $theirs } coup adverse { $answer } votre réponse").
refused-no-conditions = Votre e-mail ne contient aucun coup conditionnel.
refused-stale-conditions = Votre e-mail répond à l'un de mes e-mails antérieurs au dernier coup ; il peut donc s'agir d'un ancien e-mail, renvoyé ou arrivé dans le désordre. Rien n'a été modifié ; renvoyez vos coups conditionnels avec leurs numéros, ou en réponse à mon dernier e-mail.
# What became of conditional moves.
conditions-dropped = Vos coups conditionnels deviennent caducs : { $player } a joué { $move }, qu'aucun d'eux n'attendait.
conditions-offer-open = Votre coup conditionnel { $move } n'a pas été joué : la proposition de nulle de { $player } est en cours, et un coup la refuserait. C'est à vous de décider ; vos coups conditionnels sont annulés.
conditions-unplayable = Votre coup conditionnel { $move } n'a pas pu être joué ({ $why }) ; vos coups conditionnels deviennent caducs.
refused-zone = Je ne connais aucun fuseau horaire "{ $word }" : écrivez son nom comme dans la base de données des fuseaux horaires, par exemple "{ command-zone } Europe/Berlin" ou "{ command-zone } America/New_York", ou "{ command-zone } club" pour celui du club.
refused-format = Je ne connais aucun format d'e-mail "{ $word }" : écrivez "{ command-format } text" pour des e-mails en texte brut seul, ou "{ command-format } html" pour des e-mails avec l'échiquier dessiné en image.
refused-notation = Je ne connais aucune notation "{ $word }" : écrivez "{ command-notation } san" (Cf3), "{ command-notation } long" (Cg1-f3) ou "{ command-notation } iccf" (7163).
refused-vacation-days = Écrivez le nombre de jours de vacances après le mot, par exemple "{ command-vacation } 7" pour sept jours à partir de demain ({ $most } au plus).
refused-vacation-allowance = Des vacances du { $first } au { $last } prendraient { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} de vacances en { $year }, mais il vous en reste { $left } cette année-là ({ $allowed } en { $year }, dont { $taken ->
    [one] { $taken } pris ou réservé
   *[other] { $taken } pris ou réservés
}). Rien n'a été modifié.
refused-not-on-vacation = Vous n'êtes pas en vacances et n'en avez pas de prévues : il n'y a rien à terminer.
refused-vacation-ends-today = Vos vacances se terminent déjà aujourd'hui, le { $today } : il n'y a rien à terminer.
refused-no-such-game = Vous ne jouez aucune partie #{ $game } avec cette adresse ; "{ command-games }" liste celles que vous jouez.

## Vacations and the list of games

vacation-days-left = Jours de vacances restants en { $year } : { $left } sur { $allowed }.
vacation-game-yours = #{ $game } { $variant } contre { $opponent } : votre pendule tourne, au plus tard le { $deadline }
vacation-game-theirs = #{ $game } { $variant } contre { $opponent } : la pendule de { $opponent } tourne
overview-line = #{ $game } { $variant } contre { $opponent } : { $what }
overview-your-choice = votre choix secret est attendu
overview-their-choice = en attente du choix secret de { $opponent }
overview-your-move = à vous de jouer ({ $label })
overview-their-move = { $opponent } a le trait ({ $label })
overview-due = { $what }, au plus tard le { $deadline }

## What a confirmation asks

asked-resign = d'abandonner cette partie
asked-accept-draw = d'accepter la proposition de nulle
asked-claim-draw = de réclamer la nulle

## Notations, as `notation` answers name them

notation-san = notation algébrique abrégée (Cf3, exd5, O-O)
notation-long = notation algébrique complète (Cg1-f3, e4xd5, O-O)
notation-iccf = notation numérique ICCF (7163, 5445, 5171)

## Conditional moves that cannot be taken ($line: the line as the player wrote it)

conditions-too-many-lines = Votre e-mail laisse { $lines ->
    [one] { $lines } ligne
   *[other] { $lines } lignes
} de coups conditionnels ; { $most } au plus sont acceptées.
conditions-no-if = Les conditions "{ $line }" ne commencent pas par "{ command-if }".
conditions-too-many-steps = La ligne "{ $line }" a { $steps ->
    [one] { $steps } étape
   *[other] { $steps } étapes
} ; une ligne peut en avoir { $most } au plus.
conditions-two-numbers = Dans "{ $line }", deux numéros de coup se suivent.
conditions-number-alone = Dans "{ $line }", un numéro de coup se trouve sans son coup.
conditions-no-move = Dans "{ $line }", un "{ command-if }" n'est suivi d'aucun coup.
conditions-no-answer = Dans "{ $line }", "{ command-if } { $expect }" n'a pas de réponse : écrivez votre coup après celui de votre adversaire.
conditions-third-move = Dans "{ $line }", "{ command-if } { $expect } { $answer }" est suivi de { $third } : chaque "{ command-if }" prend le coup de votre adversaire et votre réponse ; commencez l'étape suivante par un autre "{ command-if }".
conditions-after-the-end = Dans vos conditions "{ $line }", { $move } viendrait alors que la partie serait déjà terminée.
conditions-wrong-number = Dans vos conditions "{ $line }", { $move } est mal numéroté : ce serait { $number }.
# $whose is `yours` or `theirs` (the opponent's move).
conditions-unplayable-move = Dans vos conditions "{ $line }", { $whose ->
    [yours] votre coup
   *[theirs] le coup de votre adversaire
} { $move } ne peut pas être joué : { $why }.
conditions-two-answers = Vos conditions répondent deux fois à { $expect }, par { $first } et par { $second } (dans "{ $line }") : une condition doit indiquer un seul coup.

## Tournament entries refused

entry-subject-no-such-tournament = tournoi inconnu
entry-subject-not-open = inscriptions fermées
entry-subject-not-entered = aucune inscription à votre nom
entry-subject-nothing-to-withdraw = rien à retirer
entry-no-such-tournament = Il n'y a pas de tournoi "{ $wanted }" ici. Écrivez "{ command-join }" suivi du numéro ou du nom du tournoi, tel que le club l'a annoncé.
entry-not-open = Le tournoi { $tournament } ne prend pas d'inscriptions par e-mail en ce moment ({ $stage }).
entry-not-entered = Aucune inscription à votre nom.
entry-nothing-to-withdraw = Il ne vous reste aucune partie dont vous retirer.
entry-withdrawn-games = Vos parties sont réglées selon la règle du club pour les retraits ; le tournoi continue sans vous.

## Mails to the club's director (in the club's language)

unreachable-subject = herald : { $player } est injoignable
unreachable = Les e-mails de herald à { $player } <{ $email }> sont revenus non distribués { $failures } fois de suite (échecs permanents, à des coups différents), donc herald considère désormais ce joueur comme injoignable. Le dernier retour concernait l'e-mail de herald dans la partie #{ $game }.
unreachable-server = Ce qu'a répondu le serveur de messagerie :
unreachable-none-given = (non précisé)
unreachable-reported-by = Signalé par
unreachable-games = Les parties en cours du joueur (chaque adversaire a été prévenu) :
unreachable-against = contre { $opponent }
unreachable-paused = pendule arrêtée
unreachable-runs = la pendule continue de tourner
unreachable-no-games = Le joueur n'a aucune partie en cours.
unreachable-what-now = herald continue d'envoyer les e-mails du joueur. Le joueur redevient joignable, et chaque pendule arrêtée repart, dès qu'un e-mail de sa part arrive dans l'une de ses parties. Une pendule reste arrêtée { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} au plus : ensuite elle repart et on vous prévient, pour que vous décidiez.
pause-over-subject = herald : la partie #{ $game } reprend après { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} de pause pour { $player }
pause-over = La pendule de la partie #{ $game } ({ $variant }, { $player } <{ $email }> contre { $opponent }) est restée arrêtée { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}, le maximum pendant lequel herald arrête une pendule pour des e-mails qui reviennent (bounces.max_pause_days). Elle repart maintenant là où elle s'était arrêtée.
pause-over-decide = Les e-mails de herald à { $player } comptent toujours comme non distribués. Merci de statuer sur la partie : la pendule tourne comme pour toute partie, donc le joueur peut perdre au temps ; en tant que directeur, vous pouvez aussi l'adjuger ou déclarer un forfait.
pairing-failed-subject = herald : la ronde { $round } du tournoi { $tournament } ne peut pas être appariée
pairing-failed = herald n'a pas pu apparier la ronde { $round } du tournoi { $tournament } (tournoi #{ $id }, { $variant }, { $system }) :
pairing-failed-decide = Les règles d'appariement laissent cela au directeur, pas au programme : aucune ronde ne commence tant que vous n'avez pas décidé (un retrait, par exemple, ou la fin du tournoi), puis appariez-la avec

## A move not accepted ($input: what the player wrote; $reason: the variant's own words)

move-error-empty = aucun coup n'a été donné
move-error-unreadable = "{ $input }" n'est pas un coup que herald sait lire ; écrivez-le comme Cf3, exd5, e8=D, O-O ou e2-e4
move-error-illegal = "{ $input }" n'est pas un coup légal : { $reason }
move-error-unclear-letter = dans "{ $input }", la lettre de pièce "{ $letter }" est cyrillique : en notation russe, elle désigne une autre pièce que la lettre latine à laquelle elle ressemble ; écrivez la pièce en lettres anglaises (K roi, Q dame, R tour, B fou, N cavalier)
move-error-ambiguous = "{ $input }" pourrait être l'un quelconque de { $candidates } ; précisez lequel

## The help of a variant that offers conditional moves

conditional-help = Coups conditionnels : avec votre coup, vous pouvez laisser des réponses aux prochains coups de votre adversaire, qu'il ne voit pas, par exemple "14. Cf3 { command-if } 14... Fg4 15. h3 { command-if } 15... Fh5 16. g4", et d'autres lignes ensuite, chacune commençant par "{ command-if }". Chaque coup est vérifié à l'envoi. Quand votre adversaire joue un coup qu'une ligne attend, la réponse de cette ligne est jouée aussitôt, et vous en êtes informés tous les deux ; s'il en joue un autre, les lignes deviennent caduques. Tant que votre adversaire a le trait, un e-mail composé uniquement de lignes "{ command-if }" les remplace ; "{ command-cancel }" les supprime.

## The legend under a board of pieces beyond chess's

legend = Pièces : { $entries }.
legend-piece = { $letter } { $name }
legend-as-king = { $letter } { $name } (se déplace comme un roi)
legend-carries-crown = * porte la couronne
legend-crown-alone = O la couronne, posée seule
notes-unknown-pieces = Pièces inconnues, avec la case de départ de chacune :

## Les tableaux d'un tournoi et ses résultats (chaque en-tête au plus aussi large que sa
## colonne : le rang 3 caractères, le numéro 2, les points 3)

table-rank = Rg
table-name = Nom
table-points = Pts
table-number = N°
table-round = Ronde
table-bye = exempt
table-annulled = annulée
table-forfeit = forfait
table-time = temps
table-pts = pts
tournament-result-headline = Ronde { $round }, échiquier { $board }: { $white } - { $black } { $score } ({ $reason })
tournament-digest-results = { $results ->
    [one] 1 résultat
   *[other] { $results } résultats
}

## What the variants say
notice-ninjas = Ninjas : celui des Blancs { $white } ; celui des Noirs { $black }.
notice-ninja-on = sur { $square }
notice-ninja-in-reserve = en réserve
notice-ninja-captured = pris
notice-may-hide = Vous pouvez cacher votre couronne sur n'importe quelle case vide en guise de coup : écrivez hide et la case (hide d5).
notice-hidden-yours = Votre couronne est cachée en { $square }.
notice-hidden-on = { $side ->
    [white] La couronne des Blancs
   *[black] La couronne des Noirs
} est cachée en { $square }.
notice-hidden = { $side ->
    [white] La couronne des Blancs
   *[black] La couronne des Noirs
} est cachée.
notice-hidden-grid = { $side ->
    [white] Couronne cachée des Blancs
   *[black] Couronne cachée des Noirs
} : { $ruled } cases sur { $squares } écartées (x), { $left } non fouillées (.)
notice-crown-found = { $side ->
    [white] Les Blancs ont trouvé la couronne des Noirs
   *[black] Les Noirs ont trouvé la couronne des Blancs
} en { $square }.
notice-army-captured = { $side ->
    [white] Les Blancs ont pris toute l'armée des Noirs.
   *[black] Les Noirs ont pris toute l'armée des Blancs.
}
notice-stopped = { $side ->
    [white] Les Blancs se sont arrêtés
   *[black] Les Noirs se sont arrêtés
} sur leur propre couronne cachée en { $square }.
notice-stopped-piece = { $side ->
    [white] Les Blancs ont arrêté une pièce ({ $piece })
   *[black] Les Noirs ont arrêté une pièce ({ $piece })
} sur leur propre couronne cachée en { $square }.
notice-split-blocked = { $side ->
    [you] Votre monarque
    [white] Le monarque des Blancs
   *[black] Le monarque des Noirs
} ({ $monarch ->
    [dame] la dame
   *[other] le roi
}) n'a aucune case voisine vide : il ne peut pas se scinder et reste entier et royal.
notice-split-yours = Votre monarque non couronné est tombé : votre prochain coup scinde votre monarque ({ $monarch ->
    [dame] la dame
   *[other] le roi
}) en ses deux moitiés, la couronnée marquée d'un astérisque ({ $example }).
notice-split-due = { $side ->
    [white] Le monarque des Blancs
   *[black] Le monarque des Noirs
} ({ $monarch ->
    [dame] la dame
   *[other] le roi
}) doit se scinder au prochain coup des { $side ->
    [white] Blancs
   *[black] Noirs
}.
notice-split-never = { $side ->
    [you] Votre monarque
    [white] Le monarque des Blancs
   *[black] Le monarque des Noirs
} ({ $monarch ->
    [dame] la dame
   *[other] le roi
}) n'a pas pu se scinder : il reste entier et royal.
notice-half-unknown = { $side ->
    [you] Votre couronne
    [white] La couronne des Blancs
   *[black] La couronne des Noirs
} est sur l'une de ses moitiés.
notice-half-lost = { $side ->
    [you] Vous avez perdu
    [white] Les Blancs ont perdu
   *[black] Les Noirs ont perdu
} la moitié couronnée { $half }.
notice-half-opened = { $side ->
    [you] Votre couronne
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : la moitié { $half } en { $square } (révélée).
notice-half-sealed = { $side ->
    [you] Votre couronne
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : la moitié { $half } en { $square } (encore scellée pour les joueurs).
notice-half-yours = Votre couronne est sur la moitié { $half } en { $square }.
notice-half-attacked = Votre moitié couronnée { $half } est attaquée.
notice-stones-in-reserve-both = En réserve : Blancs { $white } { $white ->
    [one] pierre
   *[other] pierres
}, Noirs { $black } { $black ->
    [one] pierre
   *[other] pierres
} (utilisables : { $usable ->
    [neither] aucun
    [white] Blancs
    [black] Noirs
   *[both] les deux
}).
notice-stones-yours = Vos pierres : { $stones }.
notice-stones = { $side ->
    [white] Pierres des Blancs
   *[black] Pierres des Noirs
} : { $stones }.
notice-stone-mined = { $square } minée
notice-stone-plain = { $square } simple
notice-stones-in-reserve = { $count } en réserve ({ $which ->
    [plain] simples
    [mined] la minée : marquez-la d'un * en l'entrant
   *[one-mined] l'une d'elles minée : marquez-la d'un * en l'entrant, comme dans S@e4*
})
notice-stone-blast = { $side ->
    [white] La pierre des Blancs en { $square } était minée : { $crowned ->
        [yes] une pièce couronnée des Noirs
       *[no] une pièce des Noirs
    }
   *[black] La pierre des Noirs en { $square } était minée : { $crowned ->
        [yes] une pièce couronnée des Blancs
       *[no] une pièce des Blancs
    }
} ({ $piece }) a sauté.
notice-kcrown-on = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : sur la pièce { $piece } { $square }.
notice-kcrown-once = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : sur la pièce { $piece } { $square } (déplacée avec elle une fois).
notice-kcrown-twice = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : sur la pièce { $piece } { $square } (déplacée avec elle deux fois de suite : son prochain coup laisse la couronne en { $square }).
notice-kcrown-dropped = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : posée en { $square }, laissée par la pièce { $piece } { $from }, qui ne peut pas la reprendre.
notice-kcrown-lying = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : posée en { $square }.
notice-kcrown-captured = { $side ->
    [white] Couronne des Blancs
   *[black] Couronne des Noirs
} : prise.
notice-kcrown-transferred = La dernière action { $side ->
    [white] des Blancs
   *[black] des Noirs
} sur leur couronne a été un transfert : ils doivent jouer la pièce { $piece } { $square } avant un autre transfert.
notice-your-crown-attacked = Votre couronne est attaquée.
notice-krithala-legend = * : la pièce porte sa couronne. O, o : la couronne des Blancs, des Noirs, posée seule.
notice-royal-notation = Notation numérique : les colonnes a à j sont 1 à 10, donc e4 est 54 et j6 est 106. Sur l'échiquier, H est la garde du roi (G') et G la garde de la dame.
notice-guard-powered = { $side ->
    [white] La garde promue des Blancs
   *[black] La garde promue des Noirs
} en { $square } a les pouvoirs de la dame pour son premier coup depuis cette case.
notice-recapture = { $side ->
    [white] Les Blancs peuvent
   *[black] Les Noirs peuvent
} reprendre en { $square } avec une tour par-dessus leurs gardes, à ce coup seulement.
notice-position-record = Relevé de la position : { $record }
notice-crowds = Foules, où rien ne peut être pris et où un roi n'est jamais en échec : { $crowds }.
notice-crowd-side = { $side ->
    [white] Blancs :
   *[black] Noirs :
} { $pieces }
notice-pair = { $side ->
    [white] Paire des Blancs
   *[black] Paire des Noirs
} : { $first } et { $second }.
notice-your-pair = Votre paire : { $first } et { $second }.
notice-decoy-check = Échec : l'échec porte sur votre leurre (votre roi n'est pas en échec).
notice-check-given = Échec : votre coup attaque le roi ou le leurre adverse.
notice-pieces-captured = { $side ->
    [white] Pièces prises aux Blancs
   *[black] Pièces prises aux Noirs
} : { $pieces }.

## The board picture's alt text (what a screen reader reads, or a client shows without
## pictures). $side is `white` or `black`.
alt-seen-from = L'échiquier vu du côté { $side ->
    [white] des Blancs
   *[black] des Noirs
}.
alt-side = { $side ->
    [white] Blancs
   *[black] Noirs
} : { $pieces }.
alt-side-empty = { $side ->
    [white] Blancs
   *[black] Noirs
} : rien sur l'échiquier.
# A piece's name stays in the singular: several of one kind say how many.
alt-group = { $count ->
    [one] { $piece } { $squares }
   *[other] { $piece } ({ $count }) : { $squares }
}
alt-crowned = { $square } (portant la couronne)
alt-unknown = une pièce de nature inconnue en { $square } (suivie comme { $label })
alt-crown-alone = la couronne, seule en { $square }
alt-crowds = Foules, du bas vers le haut : { $crowds }.
alt-crowd-piece = { $piece } ({ $side ->
    [white] blancs
   *[black] noirs
})
