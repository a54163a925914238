# Ce que dit l'aide de chaque variante, en français : son but, comment ses coups s'écrivent et
# pourquoi elle n'offre pas de coups conditionnels. L'e-mail montre tels quels les retours à la
# ligne de `notation-help-*`.

## chess

aim-chess = Le but : mater le roi adverse. Le pat (aucun coup légal, sans être en échec) est une partie nulle.
notation-help-chess =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=D, O-O), en notation
    algébrique complète (e2-e4, Cg1-f3) ou en chiffres ICCF (5254).

## capablanca

aim-capablanca = { aim-chess }
notation-help-capablanca =
    Les coups peuvent s'écrire en SAN (Nc3, exd5, e8=Q, O-O), avec A pour
    l'archevêque et C pour le chancelier (Ci3), ou en notation algébrique
    complète (e2-e4, Nb1-c3). Les colonnes vont de a à j.

## crown

aim-crown = Le but : prendre le monarque couronné adverse. Tant que la couronne d'un camp est inconnue, il n'y a pas d'échec ; une fois connue, le mat gagne aussi. Le pat fait perdre le camp qui ne peut pas jouer.
notation-help-crown =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Cg1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : R0-0 et R0-0-0 pour le roi, D0-0 (ou Q0-0) et
    D0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
no-conditions-crown = Crown et ses extensions n'offrent pas de coups conditionnels : qu'un coup termine la partie, ou même qu'il puisse être joué, peut dépendre d'une couronne encore scellée (prendre le monarque couronné gagne ; une fois une couronne connue, son monarque ne peut pas être laissé en échec), donc la réponse de herald à une ligne, acceptée ou refusée, pourrait vous révéler le secret de votre adversaire.

## crown-2

aim-crown-2 = Le but : prendre le monarque couronné adverse. Tant que la couronne d'un camp est inconnue, il n'y a pas d'échec ; une fois connue, le mat gagne aussi. Un monarque emmuré par ses propres pierres donne la nulle ; tout autre pat fait perdre le camp qui ne peut pas jouer.
notation-help-crown-2 =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Cg1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : R0-0 et R0-0-0 pour le roi, D0-0 (ou Q0-0) et
    D0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
    Une fois votre monarque non couronné tombé, vous pouvez, comme coup, poser
    une à trois de vos pierres sur des cases vides : S@e4, ou S@e4,f5,g6. Les
    pierres ne bougent jamais et bloquent toutes les pièces. L'une de vos trois
    pierres est minée : marquez-la d'un astérisque en la posant (S@e4*,f5) ;
    votre adversaire ne voit jamais l'astérisque. Ce qui prend la pierre minée
    saute avec elle. On prend une pierre comme une pièce : Cxe4.
no-conditions-crown-2 = { no-conditions-crown }

## crown-3

aim-crown-3 = Le but : prendre le monarque couronné adverse ; une fois la couronne d'un monarque seul cachée sur une case, arrêter une de vos pièces sur cette case ou prendre toute l'armée. Le joueur qui y arrête une de ses propres pièces perd. Le pat fait perdre le camp qui ne peut pas jouer.
notation-help-crown-3 =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Cg1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : R0-0 et R0-0-0 pour le roi, D0-0 (ou Q0-0) et
    D0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
    Une fois votre monarque non couronné tombé, vous pouvez, comme coup, cacher
    votre couronne sur n'importe quelle case vide : "hide d5" (ou "couronne
    d5"). Votre monarque devient alors une pièce ordinaire, jamais en échec.
    Votre adversaire ne voit que "hide", et gagne en arrêtant une pièce sur
    cette case (la traverser ne suffit pas) ou en prenant toutes vos pièces ; si
    une de vos pièces s'y arrête, vous perdez. Chaque e-mail montre les cases
    déjà exclues.
no-conditions-crown-3 = { no-conditions-crown }

## crown-4

aim-crown-4 = Le but : prendre le monarque couronné adverse et, une fois le dernier monarque divisé, sa moitié couronnée. Tant qu'une couronne est inconnue, il n'y a pas d'échec ; une fois connue, le mat gagne aussi. Le pat fait perdre le camp qui ne peut pas jouer.
notation-help-crown-4 =
    Les coups peuvent s'écrire en SAN (Nf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Ng1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : K0-0 et K0-0-0 pour le roi, Q0-0 (ou D0-0) et
    Q0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
    Une fois votre monarque non couronné tombé, votre coup suivant divise votre
    dernier monarque en deux moitiés : la moitié W avance d'une case le long des
    colonnes et des rangées, la moitié F d'une case en diagonale. Une moitié
    reste sur la case du monarque, l'autre va sur une case voisine vide ;
    marquez la moitié couronnée d'un astérisque : W@e1,F@e2* (ou split We1
    Fe2*). Votre adversaire voit W@e1,F@e2. Les moitiés se jouent en SAN (We2,
    Fxd3) ; prendre la moitié couronnée gagne, prendre l'autre rend la couronnée
    royale. Sans case voisine vide, le monarque ne se divise jamais.
no-conditions-crown-4 = { no-conditions-crown }

## secret-intelligence

aim-secret-intelligence = Le but : mater le roi adverse, dont vous ne voyez peut-être pas la case. Le pat est une partie nulle.
notation-help-secret-intelligence =
    Les coups s'écrivent en entier : la lettre de la pièce, la case qu'elle
    quitte et la case où elle va (Nb1-c3, Pe2-e4, Pd5xe6), une promotion comme
    un coup de la pièce qu'elle devient (Qe7-e8), un échange de deux de vos
    pièces comme Nb1<>Bc3. Les formes plus courtes (Nc3, e4, b1<>c3, swap b1 c3)
    sont lues quand elles désignent l'un de vos coups légaux, que chaque e-mail
    énumère quand c'est à vous de jouer. Avant le tirage de la position de
    départ, envoyez "graine" (ou "seed") suivi d'un mot de votre choix, ou "graine" seul.
no-conditions-secret-intelligence = Secret Intelligence Chess n'offre pas de coups conditionnels : vous ne voyez pas les coups de votre adversaire, seulement où une pièce est allée, donc vous ne pourriez pas nommer le coup qu'attend une condition, et la réponse de herald à une ligne (acceptée ou refusée) vous révélerait ce que cachent les coups.

## royal

aim-royal = Le but : mater le roi adverse. Le dépouiller (le laisser seul alors que vous avez davantage), le pater et l'échec perpétuel gagnent aussi, chacun pour un nombre de points qui lui est propre.
notation-help-royal =
    Les coups s'écrivent dans la notation numérique des règles : colonnes 1 à 9
    et 0 depuis la gauche des Blancs, rangées 1 à 8, donc 54 est la cinquième
    colonne, quatrième rangée. Un coup de pion est la case où il arrive (54 ;
    6x55 en prenant depuis la colonne 6), un coup de pièce sa lettre et sa case
    (C-76, Fx75 ; G' est la garde du roi, G la garde de la dame), le roque C et
    la colonne du roi (C8 ; avec d'abord un coup de garde, C3-G4), une promotion
    18=G (18=G(w) renonce aux pouvoirs de dame d'une garde promue). Les pièces
    noires peuvent s'écrire en minuscules (n-76). Les coups algébriques sur les
    colonnes a à j (Cf3, e2-e4) sont lus aussi.

## safety-in-numbers

aim-safety-in-numbers = Le but : mater le roi adverse, comme aux échecs ; un roi dans une foule ne peut pas être mis en échec. Le pat est une partie nulle.
notation-help-safety-in-numbers =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=D, O-O) ou en notation
    algébrique complète (e2-e4). Un coup qui sort d'une foule ou y entre (une
    case portant plusieurs pièces) s'écrit de case à case : e5-e4, Cc3-e4.

## chess+ninja

aim-chess-with-ninja = { aim-chess }
notation-help-chess-with-ninja =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=D, O-O), en notation
    algébrique complète (e2-e4, Cg1-f3) ou en chiffres ICCF (5254). Le ninja (J)
    se pose avec J@e4 ; son coup s'écrit avec sa case, la prise du premier pas
    s'il y en a une, et sa case d'arrivée : Je4-f6, Je4xf6, Je4xe5-f6,
    Je4xe5xf6, Je4-e4 (aller-retour), Jb2-off (par le bord, retour en réserve).

## capablanca+ninja

aim-capablanca-with-ninja = { aim-chess }
notation-help-capablanca-with-ninja =
    Les coups peuvent s'écrire en SAN (Nc3, exd5, e8=Q, O-O), avec A pour
    l'archevêque et C pour le chancelier (Ci3), ou en notation algébrique
    complète (e2-e4, Nb1-c3). Les colonnes vont de a à j. Le ninja (J, toujours
    en majuscule) se pose avec J@e4 ; son coup s'écrit avec sa case, la prise du
    premier pas s'il y en a une, et sa case d'arrivée : Je4-f6, Je4xf6,
    Je4xe5-f6, Je4xe5xf6, Je4-e4 (aller-retour), Jb2-off (par le bord, retour en
    réserve).

## crown+ninja

aim-crown-with-ninja = { aim-crown }
notation-help-crown-with-ninja =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Cg1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : R0-0 et R0-0-0 pour le roi, D0-0 (ou Q0-0) et
    D0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
    Votre ninja (J) commence en réserve : posez-le comme coup sur n'importe
    quelle case vide (J@e4). Il fait exactement deux pas de roi, en sautant ce
    qui se trouve entre eux, et peut prendre à chaque pas : Je4-f6, Je4xf6,
    Je4xe5-f6 (en prenant en e5 au passage), Je4xe5xf6, Je4-e4 (aller-retour),
    Jb2-off (par le bord, retour en réserve, pour être reposé). Pris, il
    disparaît pour de bon.
no-conditions-crown-with-ninja = { no-conditions-crown }

## crown-2+ninja

aim-crown-2-with-ninja = { aim-crown-2 }
notation-help-crown-2-with-ninja =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Cg1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : R0-0 et R0-0-0 pour le roi, D0-0 (ou Q0-0) et
    D0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
    Une fois votre monarque non couronné tombé, vous pouvez, comme coup, poser
    une à trois de vos pierres sur des cases vides : S@e4, ou S@e4,f5,g6. Les
    pierres ne bougent jamais et bloquent toutes les pièces. L'une de vos trois
    pierres est minée : marquez-la d'un astérisque en la posant (S@e4*,f5) ;
    votre adversaire ne voit jamais l'astérisque. Ce qui prend la pierre minée
    saute avec elle. On prend une pierre comme une pièce : Cxe4.
    Votre ninja (J) commence en réserve : posez-le comme coup sur n'importe
    quelle case vide (J@e4). Il fait exactement deux pas de roi, en sautant ce
    qui se trouve entre eux, et peut prendre à chaque pas : Je4-f6, Je4xf6,
    Je4xe5-f6 (en prenant en e5 au passage), Je4xe5xf6, Je4-e4 (aller-retour),
    Jb2-off (par le bord, retour en réserve, pour être reposé). Pris, il
    disparaît pour de bon.
no-conditions-crown-2-with-ninja = { no-conditions-crown }

## crown-3+ninja

aim-crown-3-with-ninja = { aim-crown-3 }
notation-help-crown-3-with-ninja =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Cg1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : R0-0 et R0-0-0 pour le roi, D0-0 (ou Q0-0) et
    D0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
    Une fois votre monarque non couronné tombé, vous pouvez, comme coup, cacher
    votre couronne sur n'importe quelle case vide : "hide d5" (ou "couronne
    d5"). Votre monarque devient alors une pièce ordinaire, jamais en échec.
    Votre adversaire ne voit que "hide", et gagne en arrêtant une pièce sur
    cette case (la traverser ne suffit pas) ou en prenant toutes vos pièces ; si
    une de vos pièces s'y arrête, vous perdez. Chaque e-mail montre les cases
    déjà exclues.
    Votre ninja (J) commence en réserve : posez-le comme coup sur n'importe
    quelle case vide (J@e4). Il fait exactement deux pas de roi, en sautant ce
    qui se trouve entre eux, et peut prendre à chaque pas : Je4-f6, Je4xf6,
    Je4xe5-f6 (en prenant en e5 au passage), Je4xe5xf6, Je4-e4 (aller-retour),
    Jb2-off (par le bord, retour en réserve, pour être reposé). Pris, il
    disparaît pour de bon.
no-conditions-crown-3-with-ninja = { no-conditions-crown }

## crown-4+ninja

aim-crown-4-with-ninja = { aim-crown-4 }
notation-help-crown-4-with-ninja =
    Les coups peuvent s'écrire en SAN (Nf3, exd5, e8=G pour un généralissime,
    qui se déplace comme une dame), en notation algébrique complète (e2-e4,
    Ng1-f3) ou en chiffres ICCF (5254). La dame se déplace comme un roi, et les
    deux monarques roquent : K0-0 et K0-0-0 pour le roi, Q0-0 (ou D0-0) et
    Q0-0-0 pour la dame. Avant le premier coup, choisissez en secret votre
    monarque couronné : "couronne roi" ou "couronne dame".
    Une fois votre monarque non couronné tombé, votre coup suivant divise votre
    dernier monarque en deux moitiés : la moitié W avance d'une case le long des
    colonnes et des rangées, la moitié F d'une case en diagonale. Une moitié
    reste sur la case du monarque, l'autre va sur une case voisine vide ;
    marquez la moitié couronnée d'un astérisque : W@e1,F@e2* (ou split We1
    Fe2*). Votre adversaire voit W@e1,F@e2. Les moitiés se jouent en SAN (We2,
    Fxd3) ; prendre la moitié couronnée gagne, prendre l'autre rend la couronnée
    royale. Sans case voisine vide, le monarque ne se divise jamais.
    Votre ninja (J) commence en réserve : posez-le comme coup sur n'importe
    quelle case vide (J@e4). Il fait exactement deux pas de roi, en sautant ce
    qui se trouve entre eux, et peut prendre à chaque pas : Je4-f6, Je4xf6,
    Je4xe5-f6 (en prenant en e5 au passage), Je4xe5xf6, Je4-e4 (aller-retour),
    Jb2-off (par le bord, retour en réserve, pour être reposé). Pris, il
    disparaît pour de bon.
no-conditions-crown-4-with-ninja = { no-conditions-crown }

## krithala

aim-krithala = Le but : prendre la couronne adverse, sur la pièce qui la porte ou posée seule. Il n'y a ni échec ni mat ; le pat est une partie nulle.
notation-help-krithala =
    Les coups peuvent s'écrire en SAN (Cf3, exd5, e8=D, O-O), en notation
    algébrique complète (e2-e4, Cg1-f3) ou en chiffres ICCF (5254).
    La couronne : K>d1 la passe de son porteur à votre pièce en d1 (par un coup
    du type du porteur) ; Cf3@g1 déplace le porteur et laisse la couronne en g1,
    où le coup commence (aussi Cf3@), ou sur une case qu'il traverse ; De5^c3 la
    ramasse en c3 au passage, Fc4^ là où la pièce s'arrête.

## krithala+capablanca

aim-krithala-with-capablanca = { aim-krithala }
notation-help-krithala-with-capablanca =
    Les coups peuvent s'écrire en SAN (Nc3, exd5, e8=Q, O-O), avec A pour
    l'archevêque et C pour le chancelier (Ci3), ou en notation algébrique
    complète (e2-e4, Nb1-c3). Les colonnes vont de a à j.
    La couronne : K>e1 la passe de son porteur à votre pièce en e1 (par un coup
    du type du porteur) ; Nc3@b1 déplace le porteur et laisse la couronne en b1,
    où le coup commence (aussi Nc3@), ou sur une case qu'il traverse ; Qe5^c3 la
    ramasse en c3 au passage, Bc4^ là où la pièce s'arrête.

## krithala+royal

aim-krithala-with-royal = Le but : prendre la couronne adverse, sur la pièce qui la porte ou posée seule. Il n'y a ni échec ni mat ; le pat fait gagner le camp qui pate.
notation-help-krithala-with-royal =
    Les coups s'écrivent dans la notation numérique des règles : colonnes 1 à 9
    et 0 depuis la gauche des Blancs, rangées 1 à 8, donc 54 est la cinquième
    colonne, quatrième rangée. Un coup de pion est la case où il arrive (54 ;
    6x55 en prenant depuis la colonne 6), un coup de pièce sa lettre et sa case
    (C-76, Fx75 ; G' est la garde du roi, G la garde de la dame), le roque C et
    la colonne du roi (C8 ; avec d'abord un coup de garde, C3-G4), une promotion
    18=G (18=G(w) renonce aux pouvoirs de dame d'une garde promue). Les pièces
    noires peuvent s'écrire en minuscules (n-76). Les coups algébriques sur les
    colonnes a à j (Cf3, e2-e4) sont lus aussi.
    La couronne : K>52 la passe de son porteur à votre pièce en 52 (par un coup
    du type du porteur) ; C-73@81 déplace le porteur et laisse la couronne en
    81, où le coup commence (aussi C-73@), ou sur une case qu'il traverse ;
    D-55^33 la ramasse en 33 au passage, F-33^ là où la pièce s'arrête.
