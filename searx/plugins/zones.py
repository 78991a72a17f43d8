"""Place names to time zones: the city of every IANA ``Area/City`` zone name, and a small table of others.

``Asia/Tokyo`` answers "tokyo", ``America/Buenos_Aires`` "buenos aires". Deeper names
(``America/Indiana/Knox``, ``America/North_Dakota/Center``) name small towns or plain
words and are left out (their main cities have ``Area/City`` links), as are
Antarctica's stations and a few cities that are ordinary words ("christmas",
"reunion"). A city shared by zones that keep different time answers nothing, and so
does a country spanning several zones (the United States, Russia, Brazil ...): an
unknown or ambiguous place gets no answer, never a wrong zone. The tables add big
cities that name no zone, a few names whose best-known place is elsewhere ("san
juan": Puerto Rico) and countries that keep one time (their main zone; outlying
islands aside). Names are matched in lower case, without accents or dots.
"""

from __future__ import annotations

import datetime
import unicodedata
import zoneinfo

# the zone areas whose names are places (not Etc/GMT+5, US/Pacific or other legacy names)
AREAS = frozenset({"Africa", "America", "Arctic", "Asia", "Atlantic", "Australia", "Europe", "Indian", "Pacific"})
# zone cities that are more often words of a query than the place
WORDS = frozenset({"christmas", "easter", "reunion", "norfolk", "midway", "wake", "chatham", "truk", "yap"})

_CITIES = {
    "America/Los_Angeles": "san francisco|seattle|las vegas|san diego|san jose|sacramento",
    "America/New_York": "washington dc|washington d c|boston|miami|atlanta|philadelphia|pittsburgh|orlando|"
                        "baltimore|nyc",
    "America/Chicago": "houston|dallas|austin|san antonio|new orleans|minneapolis|st louis|kansas city",
    "America/Toronto": "montreal|ottawa|quebec city",
    "America/Puerto_Rico": "san juan|puerto rico",
    "America/Edmonton": "calgary",
    "America/Sao_Paulo": "rio de janeiro|brasilia|belo horizonte",
    "Europe/Berlin": "munich|frankfurt|hamburg|cologne|stuttgart|dusseldorf|dresden|leipzig",
    "Europe/Paris": "lyon|marseille|toulouse|nice|bordeaux|lille",
    "Europe/Rome": "milan|florence|venice|naples|turin|bologna",
    "Europe/Madrid": "barcelona|valencia|seville|bilbao",
    "Europe/London": "manchester|edinburgh|glasgow|liverpool|leeds|bristol",
    "Europe/Zurich": "geneva|basel|bern",
    "Europe/Amsterdam": "rotterdam|the hague|utrecht",
    "Europe/Moscow": "saint petersburg",
    "Asia/Shanghai": "beijing|shenzhen|guangzhou|chengdu|wuhan|hangzhou",
    "Asia/Kolkata": "mumbai|bombay|delhi|new delhi|bangalore|bengaluru|chennai|pune|ahmedabad",
    "Asia/Tokyo": "osaka|kyoto|yokohama|nagoya|sapporo",
    "Asia/Seoul": "busan",
    "Asia/Jerusalem": "tel aviv",
    "Asia/Ho_Chi_Minh": "ho chi minh city|saigon|hanoi",
    "Asia/Dubai": "abu dhabi",
    "Asia/Qatar": "doha",
    "Asia/Riyadh": "jeddah|mecca",
    "Africa/Johannesburg": "cape town|pretoria|durban",
    "Australia/Sydney": "canberra",
    "Pacific/Auckland": "wellington|christchurch",
}
_COUNTRIES = {
    "Europe/Berlin": "germany", "Europe/Paris": "france", "Europe/Rome": "italy", "Europe/Madrid": "spain",
    "Europe/London": "united kingdom|uk|great britain|britain|england|scotland|wales",
    "Europe/Dublin": "ireland", "Europe/Amsterdam": "netherlands|holland", "Europe/Brussels": "belgium",
    "Europe/Zurich": "switzerland", "Europe/Vienna": "austria", "Europe/Warsaw": "poland",
    "Europe/Prague": "czechia|czech republic", "Europe/Bratislava": "slovakia", "Europe/Budapest": "hungary",
    "Europe/Stockholm": "sweden", "Europe/Oslo": "norway", "Europe/Copenhagen": "denmark",
    "Europe/Helsinki": "finland", "Atlantic/Reykjavik": "iceland", "Europe/Athens": "greece",
    "Europe/Istanbul": "turkey|turkiye", "Europe/Kyiv": "ukraine", "Europe/Bucharest": "romania",
    "Europe/Sofia": "bulgaria", "Europe/Belgrade": "serbia", "Europe/Zagreb": "croatia",
    "Europe/Ljubljana": "slovenia", "Europe/Lisbon": "portugal", "Asia/Jerusalem": "israel",
    "Africa/Cairo": "egypt", "Africa/Johannesburg": "south africa", "Africa/Lagos": "nigeria",
    "Africa/Nairobi": "kenya", "Africa/Casablanca": "morocco", "Asia/Riyadh": "saudi arabia",
    "Asia/Dubai": "united arab emirates|uae", "Asia/Qatar": "qatar", "Asia/Tehran": "iran",
    "Asia/Baghdad": "iraq", "Asia/Karachi": "pakistan", "Asia/Kolkata": "india", "Asia/Kathmandu": "nepal",
    "Asia/Dhaka": "bangladesh", "Asia/Colombo": "sri lanka", "Asia/Bangkok": "thailand",
    "Asia/Ho_Chi_Minh": "vietnam|viet nam", "Asia/Singapore": "singapore", "Asia/Kuala_Lumpur": "malaysia",
    "Asia/Manila": "philippines", "Asia/Tokyo": "japan", "Asia/Seoul": "south korea|korea",
    "Asia/Pyongyang": "north korea", "Asia/Taipei": "taiwan", "Asia/Shanghai": "china",
    "Pacific/Auckland": "new zealand", "America/Argentina/Buenos_Aires": "argentina",
    "America/Bogota": "colombia", "America/Lima": "peru", "America/Caracas": "venezuela",
    "America/Santiago": "chile", "America/Havana": "cuba", "America/Jamaica": "jamaica",
    "UTC": "utc|gmt|coordinated universal time|universal time",
}


def normal(name: str) -> str:
    """A place name as it is matched: lower case, no accents, no dots, one space between words."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))
    return " ".join(plain.lower().replace(".", " ").replace(",", " ").replace("-", " ").split())


def _offsets(key: str, year: int) -> tuple[datetime.timedelta | None, ...]:
    zone = zoneinfo.ZoneInfo(key)
    return tuple(datetime.datetime(year, month, 1, 12, tzinfo=zone).utcoffset() for month in (1, 4, 7, 10))


def build(keys: set[str] | None = None, year: int | None = None) -> dict[str, str]:
    """Place name -> zone key; ambiguous city parts left out. Reads the zone database (~30 ms)."""
    keys = zoneinfo.available_timezones() if keys is None else keys
    year = year or datetime.date.today().year
    by_city: dict[str, set[str]] = {}
    for key in keys:
        area, _, city = key.partition("/")
        name = normal(city.replace("_", " "))
        if area in AREAS and city and "/" not in city and name not in WORDS:
            by_city.setdefault(name, set()).add(key)
    places = {}
    for city, found in by_city.items():
        if len(found) == 1 or len({_offsets(key, year) for key in found}) == 1:  # links, twins keeping one time
            places[city] = min(found, key=lambda k: (len(k), k))
    for table in (_CITIES, _COUNTRIES):
        for key, names in table.items():
            for name in filter(None, names.split("|")):
                places[name] = key
    return places
