"""German: the words that turn a statement into its opposite (see lexicon.py for how they are written)."""

from __future__ import annotations

from searx.summary.opposites.lexicon import ALL, FEW, MANY, MAY, MUST, NONE, SHOULD, SOME, build

LEXICON = build(
    negations="nicht kein keine keinen keinem keiner keines nie niemals nirgends niemand nichts weder nicht_mehr "
    "kein_mehr keine_mehr",
    bare="ohne außer anstatt anstelle abgesehen_von ausgenommen",
    partners="noch",
    inert="nicht_nur nicht_zuletzt nicht_einmal ohne_zweifel nichts_als",
    boundaries="aber während wohingegen obwohl jedoch sondern doch allerdings weil denn wenn sobald",
    scope_ends="und oder welche welcher welches",
    auxiliaries="wurde wurden worden wird werden",
    axes={
        "amount": ("mehr höher höhere höheren höchste höchsten größer größere größeren größte größten steig~ "
                   "stieg stiegen gestiegen anstieg erhöh~ zunahme wachs~ wuchs gewachsen zugenommen verdoppel~ "
                   "maximal maximum mindestens übersteig~ überschritt~ über wachstum sprang kletter~",
                   "weniger niedriger niedrigere geringer geringere niedrigste kleiner kleinere kleinste kleinsten "
                   "sink~ sank gesunken senk~ rückgang abnahme abgenommen verringer~ reduzier~ fiel minimal minimum "
                   "höchstens bis_zu nicht_mehr_als halbier~ unter stürzte brach_ein einbruch"),
        "level": ("hoch hohe hohen hoher groß große großen riesig", "niedrig niedrige niedrigen gering geringe "
                  "geringen tief klein kleine kleinen winzig"),
        "length": ("lang lange langen länger längere längste", "kurz kurze kurzen kürzer kürzere kürzeste"),
        "width": ("breit breite breiter", "schmal schmale schmaler"),
        "depth": ("tief tiefe tiefer", "flach flache flacher"),
        "thickness": ("dick dicke dicker", "dünn dünne dünner"),
        "distance": ("fern ferner entfernt weiter_entfernt", "nah nahe näher nahegelegen"),
        "speed": ("schnell schnelle schneller schnellste rasch beschleunig~", "langsam langsame langsamer "
                  "langsamste verzöger~ verlangsam~"),
        "age": ("alt alte alten älter ältere älteste", "jung junge jünger jüngere jüngste neuer neuere "
                "neueste"),
        "time": ("nach nachdem später danach anschließend seit spät", "vor bevor früher zuvor vorher bis früh"),
        "severity": ("schwer schwere schweren schwerer schwerwiegend schwerwiegende ernst ernste", "leicht leichte "
                     "leichten leichter mild milde milden geringfügig"),
        "quality": ("besser bessere beste gut gute guten verbesser~", "schlechter schlechtere schlechteste "
                    "schlecht schlechte verschlechter~"),
        "safety": ("sicher sichere sicheren ungefährlich harmlos unbedenklich", "gefährlich gefährliche "
                   "gefährlichen unsicher schädlich giftig riskant bedenklich"),
        "permission": ("erlaubt erlauben erlaubte zugelassen zulassung genehmigt genehmigung gestattet "
                       "legal zulässig", "verboten verbot verbietet verbieten untersagt illegal unzulässig "
                       "abgelehnt ablehnung verweigert lehnt lehnte lehnten"),
        "truth": ("wahr richtig korrekt zutreffend bestätigt bestätigte", "falsch falsche unwahr "
                  "unzutreffend widerlegt mythos"),
        "success": ("erfolg erfolgreich sieg bestanden", "misserfolg gescheitert scheiterte scheitert "
                    "niederlage"),
        "open": ("geöffnet offen öffnet", "geschlossen schließt"),
        "start": ("beginn begann beginnt begonnen start startete gestartet", "ende endete endet beendet "
                  "eingestellt abgeschlossen fertiggestellt vollendet"),
        "gain": ("gewinn~ gewann gewonnen", "verlier~ verlor verloren verlust verluste"),
        "balance": ("überschuss", "defizit"),
        "guilt": ("schuldig verurteilt", "unschuldig freigesprochen"),
        "cause": ("verursach~ auslös~ fördert", "verhinder~ verhütet schützt vorbeug~"),
        "place": ("innen drinnen innerhalb", "außen draußen außerhalb"),
        "moisture": ("nass nasse nasser feucht feuchter", "trocken trockene trockener"),
        "frequency": ("verbreitet üblich", "ungewöhnlich"),
        "strength": ("stark starke starken stärker stärkere", "schwach schwache schwachen schwächer"),
        "effect": ("nützlich vorteil vorteile vorteilhaft", "schaden schadet nachteil nachteile"),
        "advice": ("empfehl~ empfohlen empfiehlt", "warn~ abgeraten"),
        "sign": ("positiv positive positiven", "negativ negative negativen"),
        "temperature": ("heiß~ warm~ wärm~", "kalt~ kält~ kühl~"),
        "price": ("teuer teure teurer", "billig billiger günstig günstiger"),
        "difficulty": ("schwierig schwierige kompliziert", "einfach einfache"),
        "sameness": ("gleich gleiche gleichen identisch ähnlich", "unterschiedlich verschieden anders"),
        "life": ("lebend lebendig", "tot tote starb gestorben"),
        "access": ("öffentlich öffentliche", "privat private"),
        "permanence": ("dauerhaft ständig", "vorübergehend befristet"),
        "fullness": ("voll volle", "leer leere"),
    },
    comparisons="mehr höher höhere höheren höchste höchsten größer größere größeren größte größten weniger niedriger "
    "niedrigere geringer geringere niedrigste kleiner kleinere kleinste kleinsten mindestens höchstens bis_zu "
    "über unter länger längere längste kürzer kürzere kürzeste breiter schmaler tiefer flacher dicker dünner "
    "ferner näher schneller schnellste langsamer langsamste älter ältere älteste jünger jüngere jüngste "
    "neuere neueste nach nachdem später danach vor bevor früher zuvor vorher besser bessere beste schlechter "
    "schlechtere schlechteste stärker stärkere schwächer teurer billiger günstiger leichter schwerer nasser "
    "trockener wärmer kälter",
    before_number={},
    quantifiers={
        NONE: "kein keine keinen keinem keiner keines nie niemals niemand nichts",
        FEW: "wenige wenigen selten seltene seltenen kaum fast_nie minderheit",
        SOME: "einige einigen manche manchen mehrere manchmal gelegentlich teilweise ein_paar zum_teil ein_teil",
        MANY: "viele vielen oft häufig häufige häufigen meist meistens meisten überwiegend mehrheit größtenteils "
        "in_der_regel",
        ALL: "alle allen aller jeder jede jedes jeden jedem immer stets sämtliche jederzeit ausnahmslos "
        "ausschließlich",
    },
    modals={
        MAY: "kann können könnte könnten darf dürfen möglich möglicherweise vielleicht eventuell mutmaßlich "
        "angeblich verdacht vermutet freiwillig optional",
        SHOULD: "sollte sollten soll sollen empfohlen empfiehlt wahrscheinlich voraussichtlich",
        MUST: "muss müssen musst pflicht verpflichtend vorgeschrieben erforderlich bestätigt nachgewiesen bewiesen "
        "zwingend",
    },
    duties="kann können darf dürfen freiwillig optional sollte sollten empfohlen empfiehlt muss müssen musst pflicht "
    "verpflichtend vorgeschrieben erforderlich zwingend",
    approx="fast beinahe nahezu",
    endings="e en er es em ern t te ten tet st est ung ungen n s este esten ste sten",
    prefixes="un",
    symmetric="verhei heira trafe treff grenz fusio partn verbu ähnl gleich vergl spiel",
    participles="t en",
    object_marks="den einen",
    than="als",
    percent="prozent",
    comma_boundaries=True,
    capitalised_names=False,  # every noun is capitalised
)
