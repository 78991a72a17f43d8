"""Spanish: the words that turn a statement into its opposite (see lexicon.py for how they are written)."""

from __future__ import annotations

from searx.summary.opposites.lexicon import ALL, FEW, MANY, MAY, MUST, NONE, SHOULD, SOME, build

LEXICON = build(
    negations="no nunca jamás ningún ninguno ninguna nadie nada ni tampoco",
    bare="sin excepto salvo en_lugar_de en_vez_de aparte_de a_excepción_de",
    partners="nada nunca nadie ningún ninguno ninguna jamás tampoco ni",
    inert="no_solo no_solamente sin_embargo sin_duda no_obstante nada_más ni_siquiera",
    boundaries="pero mientras aunque sino embargo obstante porque pues cuando",
    scope_ends="y e o u cual",
    auxiliaries="fue fueron es son sido ser será serán era eran",
    axes={
        "amount": ("más mayor mayores superior aument~ sub~ crec~ increment~ máximo al_menos por_lo_menos "
                   "como_mínimo duplic~ super~ alto alta altos altas elevad~",
                   "menos menor menores inferior disminu~ baj~ bajo baja bajos bajas reduc~ redujo redujeron cay~ "
                   "cae caen descen~ descens~ mínimo como_máximo no_más_de no_más_que"),
        "level": ("grande grandes enorme", "pequeño pequeña pequeños pequeñas diminut~"),
        "length": ("largo larga largos largas", "corto corta cortos cortas"),
        "width": ("ancho ancha anchos", "estrecho estrecha estrechos"),
        "depth": ("profundo profunda profundos", "superficial poco_profundo"),
        "weight": ("pesado pesada pesados", "ligero ligera ligeros"),
        "distance": ("lejos lejano lejana lejanos", "cerca cercano cercana cercanos"),
        "place": ("dentro interior", "fuera exterior"),
        "moisture": ("húmedo húmeda mojado mojada", "seco seca secos secas"),
        "severity": ("grave graves serio seria severo severa", "leve leves"),
        "frequency": ("frecuente frecuentes común comunes habitual", "raro rara raros raras escaso escasa"),
        "guilt": ("culpable condenado condenada", "inocente absuelto absuelta"),
        "balance": ("superávit", "déficit"),
        "cause": ("caus~ provoc~ favorec~", "previen~ prevenir evit~ protege protegen"),
        "speed": ("rápido rápida rápidos rápidas rápidamente", "lento lenta lentos lentas lentamente despacio"),
        "age": ("viejo vieja antiguo antigua antiguos", "joven jóvenes nuevo nueva nuevos nuevas"),
        "time": ("después tras posterior posteriormente luego desde retras~", "antes anterior anteriormente "
                 "previo previa previos previas previamente hasta adelant~"),
        "quality": ("mejor mejores bueno buena buenos buenas mejor~", "peor peores malo mala malos malas "
                    "empeor~"),
        "safety": ("seguro segura seguros seguras inocuo inocua", "peligroso peligrosa peligrosos "
                   "peligrosas inseguro insegura nocivo nociva tóxico tóxica dañino dañina"),
        "permission": ("permit~ autoriz~ legal legales aprob~ acept~", "prohib~ ilegal ilegales rechaz~ "
                       "vetad~ denegad~"),
        "truth": ("verdadero verdadera correcto correcta confirm~", "falso falsa incorrecto incorrecta mito "
                  "desmient~ desmentid~"),
        "success": ("éxito exitoso exitosa victoria", "fracaso fracasó fracasaron derrota"),
        "gain": ("gan~", "perd~ pierd~ pérdida pérdidas"),
        "open": ("abierto abierta abre abren", "cerrado cerrada cierra cierran"),
        "start": ("comenz~ empez~ inicio inici~", "termin~ finaliz~ fin acabó conclu~"),
        "enable": ("activ~", "desactiv~"),
        "strength": ("fuerte fuertes fortalec~", "débil débiles debilit~"),
        "effect": ("beneficio beneficios beneficioso beneficiosa", "perjudicial perjudica daño daños"),
        "advice": ("recomiend~ recomend~ aconsej~", "desaconsej~ advierte advierten"),
        "sign": ("positivo positiva positivos", "negativo negativa negativos"),
        "temperature": ("caliente cálido cálida", "frío fría fríos"),
        "price": ("caro cara caros caras costoso encarec~", "barato barata baratos baratas abarat~"),
        "difficulty": ("difícil difíciles", "fácil fáciles sencillo sencilla"),
        "sameness": ("igual iguales mismo misma idéntico similar", "diferente diferentes distinto distinta"),
        "life": ("vivo viva vivos", "muerto muerta muertos murió"),
        "access": ("público pública", "privado privada"),
        "permanence": ("permanente permanentemente", "temporal temporalmente"),
        "fullness": ("lleno llena", "vacío vacía"),
    },
    comparisons="más mayor mayores superior menos menor menores inferior al_menos por_lo_menos como_mínimo como_máximo "
    "después tras posterior posteriormente antes anterior anteriormente previo previa previos previas "
    "previamente mejor mejores peor peores",
    before_number={},
    quantifiers={
        NONE: "ningún ninguno ninguna nadie nada nunca jamás",
        FEW: "pocos pocas rara_vez raramente apenas casi_nunca minoría",
        SOME: "algunos algunas algún alguna varios varias a_veces ocasionalmente en_ocasiones parcialmente "
        "unos_pocos parte_de en_parte",
        MANY: "muchos muchas a_menudo frecuentemente mayoría generalmente normalmente habitualmente "
        "mayoritariamente casi_siempre suele suelen solía solían",
        ALL: "todos todas siempre cada todo_el toda_la totalmente completamente",
    },
    modals={
        MAY: "puede pueden puedes podemos podría podrían quizá quizás tal_vez posible posiblemente presunto presunta "
        "presuntamente sospecha sospechoso supuestamente opcional voluntario voluntaria",
        SHOULD: "debería deberían recomiend~ recomend~ probable probablemente aconsej~",
        MUST: "debe deben debes debemos obligatorio obligatoria obligatorios tiene_que tienen_que tienes_que "
        "necesario necesaria exig~ requier~ confirmado confirmada comprob~ demostr~",
    },
    duties="puede pueden puedes podemos opcional voluntario voluntaria debería deberían recomiend~ recomend~ "
    "aconsej~ debe deben debes debemos obligatorio obligatoria obligatorios tiene_que tienen_que "
    "tienes_que necesario necesaria exig~ requier~",
    approx="casi prácticamente",
    endings="o a os as e es aron an ar ado ada ados adas ando ion iones ir io ido ida idos idas ieron en er ia ian "
    "ye yen yo yeron cion ciones ente amiento imiento",
    prefixes="in im i des",
    symmetric="casad casó frontera limit fusion socio compit jug empat relacion asoci vincul similar igual compar",
    participles="ado ada ados adas ido ida idos idas hecho hecha escrito escrita abierto puesto visto dicho",
    percent="ciento",
)
