"""French: the words that turn a statement into its opposite (see lexicon.py for how they are written)."""

from __future__ import annotations

from searx.summary.opposites.lexicon import ALL, FEW, MANY, MAY, MUST, NONE, SHOULD, SOME, build

LEXICON = build(
    negations="ne n pas jamais aucun aucune rien ni non",
    bare="sans sauf excepté au_lieu_de plutôt_que",
    partners="pas plus jamais rien aucun aucune personne guère point nullement ni",
    inert="non_seulement sans_doute pas_seulement",
    boundaries="mais tandis contrairement car parce quand lorsque",
    scope_ends="et ou qui que",
    auxiliaries="est sont était étaient été être fut furent sera",
    axes={
        "amount": ("plus supérieur supérieure augment~ hausse monte montent croiss~ accru accrue maximum "
                   "au_moins", "moins pas_plus_de inférieur inférieure diminu~ baisse baissent réduit~ réduction recul~ minimum "
                   "au_plus"),
        "level": ("haut haute élevé élevée grand grande grands grandes", "bas basse faible petit petite "
                  "petits petites"),
        "time": ("après depuis ultérieur~", "avant antérieur~ auparavant"),
        "quality": ("meilleur meilleure bon bonne amélior~", "pire mauvais mauvaise dégrad~"),
        "safety": ("inoffensif", "dangereux dangereuse nocif nocive toxique"),
        "permission": ("autorisé autorisée autorisés permis légal approuvé", "interdit interdite interdits "
                       "illégal refusé rejeté"),
        "truth": ("vrai vraie exact correct confirmé", "faux fausse inexact erroné mythe démenti"),
        "open": ("ouvert ouverte ouverts ouvre", "fermé fermée fermés fermeture"),
        "start": ("début commence commencent", "fin terminé achevée"),
        "sameness": ("même identique similaire", "différent différente distinct"),
        "price": ("cher chère coûteux", "gratuit"),
    },
    comparisons="plus supérieur supérieure moins inférieur inférieure au_moins au_plus après avant antérieur ultérieur "
    "meilleur meilleure pire",
    before_number={},
    quantifiers={
        NONE: "aucun aucune rien jamais",
        FEW: "peu rarement minorité",
        SOME: "quelques certains certaines parfois plusieurs",
        MANY: "beaucoup souvent majorité généralement la_plupart",
        ALL: "tous toutes chaque toujours",
    },
    modals={
        MAY: "peut peuvent pourrait pourraient possible possiblement présumé présumée supposé soupçon "
        "soupçonné facultatif",
        SHOULD: "devrait devraient recommandé conseillé probable probablement",
        MUST: "doit doivent obligatoire obligé confirmé confirmée prouvé",
    },
    duties="peut peuvent facultatif devrait devraient recommandé conseillé doit doivent obligatoire obligé",
    approx="presque quasi",
    endings="e es s ent ee ees er ant ait aient ion ions",
    prefixes="in im il ir dés",
    symmetric="marié épous fusion partenai frontière relié associ similaire compar",
    percent="cent",
    participles="é ée és ées i ie is ies u ue us ues it ite",
)
