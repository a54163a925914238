# Pourquoi un coup n'est pas légal, en français : le motif que "move-error-illegal"
# (mails.ftl) donne après le texte du joueur. Les pièces ($piece, $royal, $castler, $meant)
# suivent "votre" ou vont entre parenthèses, sans article ni accord.

reason-text = { $text }
reason-list = { $reasons }
reason-read-as-latin = { $reason } (« { $letter } » a été lu comme la lettre latine { $latin } : { $piece })
reason-castling-none = il n'y a pas de roque dans cette variante
reason-castling-moved = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } n'est plus possible : { $who ->
        [one] le roi
       *[many] la pièce ({ $castler })
    } ou la tour de ce côté a déjà bougé (ou la tour a été prise)
reason-castling-in-check = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } est impossible tant que { $who ->
        [one] le roi
       *[many] la pièce ({ $castler })
    } est en échec
reason-castling-cannot = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } est impossible
reason-castling-blocked = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } est impossible : les cases qu'utilisent { $who ->
        [one] le roi
       *[many] la pièce ({ $castler })
    } et la tour doivent être libres, et { $count ->
        [one] { $last } ne l'est pas
       *[other] { $others } et { $last } ne le sont pas
    }
reason-castling-through-attack = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } est impossible : { $who ->
        [one] le roi
       *[many] la pièce ({ $castler })
    } passerait par { $square }, qui est attaquée
reason-castling-into-check = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } est impossible : { $who ->
        [one] le roi
       *[many] la pièce ({ $castler })
    } serait en échec en { $square }
reason-castling-leaves-check = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } est impossible : il laisserait votre { $royal } en échec
reason-castling-not-now = { $side ->
        [long] le grand roque
       *[short] le petit roque
    }{ $who ->
        [one] {""}
       *[many] {" "}({ $castler })
    } est impossible pour l'instant
reason-piece-named = { $piece }
reason-piece-any = pièce
reason-the-file = la colonne { $file }
reason-no-piece-on = il n'y a pas de pièce en { $square }
reason-not-yours = la pièce en { $square } ({ $piece }) n'est pas à vous
reason-other-piece = la pièce en { $square } est de type { $piece }, pas { $meant }
reason-promote-not-to-that-here = un pion ne peut pas devenir cette pièce ici ; il peut devenir : { $moves }
reason-promote-to-what = le pion est promu ici ; précisez en quoi : { $moves }
reason-not-a-promotion = ce coup n'est pas une promotion ; seul un pion qui atteint la dernière rangée est promu
reason-capture-own-piece = vous ne pouvez pas prendre votre propre pièce ({ $piece }) en { $square }
reason-own-piece-there = { $square } est occupée par votre propre pièce ({ $piece })
reason-nothing-to-capture = il n'y a rien à prendre en { $square }
reason-royal-into-check = votre { $royal } serait en échec en { $square }
reason-check-not-ended = vous êtes en échec, et ce coup ne pare pas l'échec
reason-leaves-royal-in-check = il laisserait votre { $royal } en échec
reason-no-such-piece = vous n'avez aucune pièce de ce type ({ $meant }){ $place ->
        [file] {" "}sur la colonne { $file }
        [rank] {" "}sur la rangée { $rank }
       *[anywhere] {""}
    }
reason-piece-has-no-move = la pièce en { $square } ({ $piece }) n'a aucun coup légal
reason-piece-cannot-go = la pièce en { $square } ({ $piece }) ne peut pas { $how ->
        [capture] prendre sur
       *[reach] aller en
    } { $target } ; ses coups légaux sont { $moves }
reason-no-piece-has-a-move = aucune de vos pièces de ce type ({ $meant }) n'a de coup légal
reason-no-piece-can-go = aucune de vos pièces de ce type ({ $meant }) ne peut { $how ->
        [capture] prendre sur
       *[reach] aller en
    } { $target } ; les coups légaux de ce type sont { $moves }

## Les motifs des variantes

reason-game-over = la partie est terminée : { $outcome }
reason-not-a-move = ce n'est pas un coup
reason-not-a-square-of-the-board = « { $text } » n'est pas une case de l'échiquier
reason-promote-not-to-that = un pion ne peut pas devenir cette pièce ; il peut devenir : { $moves }
reason-crowd-castling = ce roque est impossible pour l'instant : le roi et la tour ne doivent pas avoir bougé, les cases entre eux doivent être libres, et le roi ne peut être en échec, ni passer par une case attaquée, ni s'y arrêter
reason-no-piece-of-yours-on = vous n'avez pas de pièce en { $square }
reason-no-such-piece-of-yours-on = vous n'avez pas de pièce de ce type ({ $piece }) en { $square }
reason-crowd-not-captured = { $square } porte une foule, et rien ne peut être pris sur une case à foule ; pour rejoindre la foule, écrivez le coup avec « - »
reason-crowd-of-your-own = { $square } porte une foule de vos seules pièces, qu'aucune autre de vos pièces ne peut rejoindre
reason-crowd-must-capture = ce coup prend en { $square } (écrivez { $moves }) : une pièce qui peut prendre une pièce adverse seule ne peut pas se placer avec elle à la place
reason-no-fitting-piece-has-a-move = aucune de vos pièces de ce type ({ $meant }) qui convienne n'a de coup légal
reason-no-piece-goes-that-way = aucune de vos pièces de ce type ({ $meant }) ne peut aller ainsi en { $square } ; les coups légaux de ce type sont { $moves }
reason-royal-unreadable = ce n'est un coup ni dans la notation numérique des Échecs royaux (comme N-76, 6x55, C3-G4) ni en notation algébrique sur les colonnes a à j
reason-royal-no-castling-now = vous ne pouvez pas roquer pour l'instant
reason-royal-castlings-now = les roques possibles maintenant sont { $moves }
reason-royal-no-piece-can = aucune de vos pièces ne peut jouer ce coup maintenant
reason-secret-intelligence-not-begun = la partie n'a pas commencé : les armées et la position sont tirées quand les deux joueurs ont envoyé leur graine
reason-si-piece-on = pièce en { $square }
reason-si-none-could = vous n'avez aucune pièce qui pourrait le jouer ({ $what })
reason-si-piece-has-no-move = votre pièce en { $square } ({ $piece }) n'a aucun coup légal
reason-si-piece-may-play = votre pièce en { $square } ({ $piece }) peut jouer { $moves }
reason-si-not-legal = ce n'est pas l'un de vos coups légaux ({ $pieces })
reason-crown-not-begun = la partie commence quand les deux joueurs ont choisi leur monarque couronné
reason-drop-star-alone = un * marque la case qui le précède, comme dans S@e4*
reason-drop-not-a-square = « { $text } » n'est pas une case : écrivez un parachutage comme S@e4, ou S@e4,f5 pour deux pierres
reason-drop-named-twice = { $square } est nommée deux fois : chaque pierre va sur sa propre case
reason-drop-marked-twice = { $square } est marquée deux fois
reason-drop-where = dites où : écrivez S@ et les cases, comme dans S@e4 ou S@e4,f5
reason-drop-how-many = un parachutage compte une à trois pierres
reason-drop-not-yet = vos pierres entrent en jeu après la chute de votre monarque non couronné
reason-drop-none-left = il ne vous reste aucune pierre en réserve
reason-drop-in-reserve = vous avez { $count ->
        [one] { $count } pierre
       *[other] { $count } pierres
    } en réserve
reason-drop-not-empty = { $square } n'est pas libre : les pierres se posent sur des cases libres
reason-drop-opened-plain = { $label } a été ouverte comme simple, mais { $square } est marquée *
reason-drop-one-mined = une seule de vos trois pierres est minée : marquez une case avec *
reason-drop-mine-entered = votre pierre minée est déjà entrée : écrivez le parachutage sans *
reason-drop-mark-mine = l'une de vos pierres doit être minée : marquez-la avec *, comme dans S@e4*
reason-drop-leaves-check = il laisse votre monarque couronné en échec
reason-hide-not-yet = vous ne pouvez cacher votre couronne qu'après la chute de votre monarque non couronné
reason-hide-already = votre couronne est déjà cachée ; elle ne peut plus bouger
reason-hide-not-a-square = « { $text } » n'est pas une case : écrivez hide et une case, comme dans hide d5
reason-hide-where = dites où : écrivez hide et une case, comme dans hide d5
reason-hide-not-free = { $square } n'est pas libre : vous ne pouvez cacher votre couronne que sur une case libre
reason-split-grammar = une division nomme les deux moitiés et leurs cases, la couronnée étoilée : W@e1,F@e2* (ou split We1 Fe2*)
reason-split-one-of-each = une division a une moitié W et une moitié F
reason-split-one-crowned = une seule moitié porte la couronne : étoilez l'une d'elles
reason-split-due = votre monarque non couronné est tombé : ce coup doit donc diviser votre { $monarch } en ses deux moitiés, la couronnée étoilée : { $example }
reason-split-not-yet = un monarque ne se divise qu'après la chute de votre monarque non couronné
reason-split-never = votre monarque n'avait aucune case voisine libre quand sa division était due : il ne se divise jamais
reason-split-already = votre monarque s'est déjà divisé
reason-split-no-monarch = vous n'avez aucun monarque à diviser
reason-split-no-room = votre { $monarch } en { $square } n'a aucune case voisine libre, il ne peut donc pas se diviser : jouez un autre coup
reason-split-one-stays = une moitié reste où se trouve votre { $monarch }, en { $square }
reason-split-next-to = l'autre moitié va sur une case voisine de votre { $monarch } en { $square } ; { $to } ne l'est pas
reason-split-not-empty = { $square } n'est pas libre : l'autre moitié va sur une case voisine libre
reason-split-mark-crowned = marquez la moitié couronnée avec * : W@{ $w }*,F@{ $f } ou W@{ $w },F@{ $f }*
reason-piece-on = la pièce en { $square } ({ $piece })
reason-any-piece-on = la pièce en { $square }
reason-crown-sign-first = écrivez le coup avant le signe de la couronne, comme dans Nf3@g1 ou Qe5^c3
reason-crown-act-written = { $why } ; avec la couronne, ce coup peut s'écrire { $moves }
reason-crown-carried = votre couronne est portée par { $carrier }{ $count ->
        [0] {""}
        [1] , qui a joué avec elle votre dernier coup
       *[other] , qui a joué avec elle vos deux derniers coups
    }
reason-crown-lies = votre couronne est posée en { $square }
reason-crown-captured = votre couronne est prise
reason-crown-third-move-drops = { $state } ; son troisième coup d'affilée dépose la couronne là où le coup commence, sur aucune autre case
reason-crown-drop-where = { $state } ; un porteur ne la dépose que là où son coup commence ou sur une case qu'il traverse
reason-crown-only-carrier-drops = seule la pièce qui porte votre couronne peut la déposer, et { $state }
reason-crown-dropper-passes = { $state } ; la pièce qui l'a déposée peut passer dessus mais pas la ramasser
reason-crown-none-to-pick-up = il n'y a pas de couronne à vous à ramasser en { $square } sur ce coup : { $state }
reason-crown-in-castling = une couronne est posée en { $square } : lors du roque, aucune couronne ne peut se trouver entre le roi et la tour, ni là où ils arrivent
reason-crown-dropper-barred = { $dropper } a déposé votre couronne en { $square } et ne peut la reprendre avant qu'une autre pièce l'ait déposée (elle peut passer dessus)
reason-crown-not-picked-up-castling = votre couronne est posée en { $square }, et rien ne la ramasse lors d'un roque
reason-transfer-which-piece = dites quelle pièce transmet la couronne : sa lettre ou sa case avant le >, comme dans K>d1
reason-transfer-names-no-piece = « { $text } » ne nomme aucune pièce : écrivez la lettre ou la case du porteur avant le >, comme dans K>d1
reason-transfer-crown-lies = votre couronne est posée en { $square } : seule une couronne portée se transmet ; une pièce la ramasse en passant dessus ou en s'y arrêtant
reason-transfer-locked = votre dernier acte de couronne était une transmission : { $carrier } doit jouer avec la couronne avant qu'elle soit transmise de nouveau
reason-transfer-cannot = { $carrier } ne peut pas transmettre la couronne en { $square } : une transmission suit l'un des coups du porteur, le chemin libre, jusqu'à l'une de vos pièces (maintenant : { $count ->
        [0] aucune transmission possible
       *[other] { $moves }
    })
reason-ninja-grammar = un coup du ninja s'écrit J@e4 (un parachutage), Je4-f6, Je4xf6 (prise en f6), Je4xe5-f6 (prise en e5 au passage), Je4xe5xf6, Je4-e4 (aller-retour) ou Jb2-off (hors de l'échiquier)
reason-ninja-gone = votre ninja a été pris : il est parti pour de bon
reason-ninja-not-in-reserve = votre ninja est en { $square }, pas en réserve
reason-ninja-drop-occupied = { $square } est occupée ({ $piece })
reason-ninja-in-reserve = votre ninja est en réserve : parachutez-le d'abord sur une case libre, comme J@e4
reason-ninja-elsewhere = votre ninja est en { $square }, pas en { $origin }
reason-ninja-first-step = { $step } n'est pas à un pas de { $square } : le premier pas va sur une case voisine
reason-ninja-no-enemy = il n'y a pas de pièce adverse à prendre en { $square }
reason-ninja-far-from-edge = le ninja en { $square } est à plus de deux pas du bord
reason-ninja-no-step-off = depuis { $square }, aucun pas ne quitte l'échiquier
reason-ninja-too-far = { $to } est à plus de deux pas de roi de { $square } : le ninja fait exactement deux pas de roi
reason-ninja-second-step = { $to } n'est pas à un pas de { $step }, où finit le premier pas
reason-ninja-cannot = le ninja en { $square } ne peut pas faire cela
piece-monarch = monarque

## A setup answer refused (the Crown's choice, Secret Intelligence's seed)
reason-crown-choose = écrivez « { word-crown } { word-king } » ou « { word-crown } { word-queen } » pour choisir quel monarque porte votre couronne
reason-crown-already-on = votre couronne est déjà sur { $monarch ->
    [king] votre roi
   *[queen] votre dame
} : la note est écrite et ne peut plus être changée
reason-crown-no-monarch = vous n'avez ni roi ni dame à couronner : votre couronne les a quittés avant cette position
reason-seed-already-in = votre graine a déjà été reçue : elle ne peut plus être changée
reason-seed-too-long = une graine a au plus { $most ->
    [one] { $most } caractère
   *[other] { $most } caractères
}
reason-seed-not-one-word = une graine est un seul mot de lettres, chiffres et signes de ponctuation autres que « : » (pas { $bad })
