"""English: the words that turn a statement into its opposite (see lexicon.py for how they are written)."""

from __future__ import annotations

from searx.summary.opposites.lexicon import ALL, FEW, MANY, MAY, MUST, NONE, SHOULD, SOME, build

LEXICON = build(
    negations="not no never none nobody nothing neither nor cannot nowhere non lack lacks lacking lacked no_longer",
    bare="without except rather_than instead_of apart_from excluding",
    partners="nor",
    inert="not_only not_just not_least no_doubt not_until no_matter whether_or_not if_not nothing_but "
    "not_to_mention",
    boundaries="but while whereas although though unlike because since when whenever",
    scope_ends="and or which who that",
    auxiliaries="is are was were be been being get gets got",
    axes={
        "amount": ("more greater higher highest larger largest bigger biggest the_most increas~ rise rises "
                   "rising rose risen rais~ grow grows growing grew grown growth exceed~ boost~ doubl~ tripl~ "
                   "soar~ surg~ jump~ climb~ expand~ maximum at_least no_less_than",
                   "less fewer lower~ lowest smaller smallest least the_least decreas~ declin~ fall falls falling "
                   "fell fallen drop~ reduc~ shrink~ shrank shrunk cut cuts cutting halv~ plung~ plummet~ slump~ "
                   "minimum at_most up_to no_more_than"),
        "level": ("high large big huge above", "low small tiny below"),
        "length": ("longer longest long tall taller tallest", "shorter shortest short"),
        "width": ("wide wider widest broad", "narrow narrower narrowest"),
        "depth": ("deep deeper deepest", "shallow shallower"),
        "weight": ("heavy heavier heaviest", "lighter lightest"),
        "distance": ("far farther further_away distant remote", "near nearer nearest nearby"),
        "speed": ("faster fastest fast quick quicker quickly rapid~ accelerat~ hasten~", "slower slowest "
                  "slow slowly slowed slowing delay~ decelerat~"),
        "age": ("older oldest old", "younger youngest young newer newest"),
        "time": ("after later afterwards subsequent~ late", "before earlier prior previous~ preceded "
                 "preceding until early"),
        "quality": ("better best good improv~", "worse worst bad poor worsen~ deteriorat~"),
        "severity": ("severe serious grave major critical", "mild milder minor slight"),
        "safety": ("safe safer safest safely harmless", "dangerous unsafe hazardous harmful toxic risky"),
        "permission": ("allow~ permit~ legal lawful approv~ authoriz~ authoris~ accept~ licensed "
                       "legalized legalised", "ban bans banned banning prohibit~ forbid~ forbidden illegal "
                       "unlawful outlaw~ reject~ refus~ unauthorized unauthorised"),
        "truth": ("true correct accurate confirm~", "false incorrect inaccurate wrong myth myths debunk~ "
                  "deny denies denied"),
        "guilt": ("guilty convicted", "innocent acquitted"),
        "success": ("succeed~ success successful victory", "fail~ failure defeat~"),
        "gain": ("gain gains gained win wins winning won profit~", "lose loses losing lost loss losses"),
        "balance": ("surplus", "deficit"),
        "enable": ("enabl~", "disabl~"),
        "intent": ("deliberate deliberately intentional intentionally", "accidental accidentally "
                   "unintentional unintentionally"),
        "open": ("open opens opened", "closed closes shut"),
        "start": ("start~ begin~ began begun launch~", "end ends ended ending stop stops stopped finish~ "
                  "ceas~"),
        "presence": ("includ~", "exclud~"),
        "place": ("inside indoors internal", "outside outdoors external"),
        "strength": ("strong stronger strongest strengthen~", "weak weaker weakest weaken~"),
        "effect": ("benefit~ beneficial helpful", "harm harms harmed detrimental"),
        "cause": ("cause causes caused causing trigger~ promot~", "prevent~ protect~ inhibit~ suppress~"),
        "advice": ("recommend~ encourag~", "warn~ discourag~"),
        "outlook": ("optimistic", "pessimistic"),
        "sign": ("positive", "negative"),
        "temperature": ("hot hotter warm warmer", "cold colder cool cooler"),
        "moisture": ("wet wetter humid", "dry drier dryer"),
        "price": ("expensive costly", "cheap cheaper cheapest inexpensive"),
        "difficulty": ("difficult hard harder complex complicated", "easy easier simple"),
        "sameness": ("same similar identical", "different differs differ distinct"),
        "frequency": ("common frequent widespread", "rare scarce"),
        "life": ("alive living", "dead"),
        "access": ("public", "private"),
        "permanence": ("permanent permanently", "temporary temporarily"),
        "support": ("support supports supported", "oppose opposes opposed"),
        "fullness": ("full", "empty"),
        "rank": ("ahead", "behind"),
    },
    comparisons="more greater higher highest larger largest bigger biggest the_most less fewer lower lowest smaller "
    "smallest least the_least at_least at_most no_less_than no_more_than up_to longer longest taller tallest "
    "shorter shortest wider widest narrower narrowest deeper shallower heavier heaviest lighter lightest "
    "farther nearer nearest faster fastest slower slowest older oldest younger youngest newer newest after "
    "later afterwards before earlier prior better best worse worst ahead behind hotter colder warmer cooler "
    "wetter drier dryer cheaper cheapest harder easier milder stronger strongest weaker weakest",
    before_number={"amount": ("over", "under")},
    quantifiers={
        NONE: "no none nobody nothing never",
        FEW: "few rarely seldom hardly_ever almost_never minority",
        SOME: "some several sometimes occasionally a_few partly partially part_of",
        MANY: "many often frequently most mostly usually generally typically majority mainly",
        ALL: "all every everyone everybody everything always invariably entire entirely whole completely "
        "exclusively solely wholly at_any_time",
    },
    modals={
        MAY: "may might could can possibly perhaps maybe possible suspected alleged allegedly optional voluntary "
        "unconfirmed presumably reportedly",
        SHOULD: "should recommended advised likely probably expected",
        MUST: "must required require requires mandatory compulsory obligatory need_to needs_to have_to has_to had_to "
        "confirmed proven definitely certainly will",
    },
    duties="may can optional voluntary should recommended advised must required require requires mandatory "
    "compulsory obligatory need_to needs_to have_to has_to had_to",
    approx="almost nearly virtually practically",
    endings="s es d ed ing est ly ment ments ion ions ation ations al e y ies ied ped ping ted ting ned ning red "
    "ring ged ging able ive",
    prefixes="un in im il ir dis non",
    symmetric="marri marry meet met border neighbo compet merg partner collabor link relat associat connect correl "
    "similar equal compar differ resembl play tie tied draw drew fought fight negotiat agree",
    participles="ed en wn built made held sold led won bought found paid hit set put run begun brought taught "
    "caught",
    than="than",
    percent="percent cent",
)
