"""The query shape of the translation engines (SearXNG's dictionary syntax): a language pair,
then the text, as in ``en-fr hello`` or ``english-french good morning``; other words may come
first (``translate de-en Haus``). Pure parsing, no I/O.

A language is an ISO 639-1 code or its name in English or in itself (``deutsch-english
Haus``), among the languages of SearXNG's locale list (``LANGUAGES``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# code: (name in English, name in itself)
LANGUAGES: dict[str, tuple[str, str]] = {
    "af": ("Afrikaans", "Afrikaans"), "ar": ("Arabic", "العربية"), "bg": ("Bulgarian", "Български"),
    "ca": ("Catalan", "Català"), "cs": ("Czech", "Čeština"), "cy": ("Welsh", "Cymraeg"), "da": ("Danish", "Dansk"),
    "de": ("German", "Deutsch"), "el": ("Greek", "Ελληνικά"), "en": ("English", "English"),
    "es": ("Spanish", "Español"), "et": ("Estonian", "Eesti"), "fa": ("Persian", "فارسی"),
    "fi": ("Finnish", "Suomi"), "fr": ("French", "Français"), "gl": ("Galician", "Galego"),
    "hi": ("Hindi", "हिन्दी"), "hr": ("Croatian", "Hrvatski"), "hu": ("Hungarian", "Magyar"),
    "id": ("Indonesian", "Indonesia"), "it": ("Italian", "Italiano"), "ja": ("Japanese", "日本語"),
    "ko": ("Korean", "한국어"), "lt": ("Lithuanian", "Lietuvių"), "lv": ("Latvian", "Latviešu"),
    "mi": ("Maori", "Māori"), "nb": ("Norwegian", "Norsk"), "nl": ("Dutch", "Nederlands"),
    "pl": ("Polish", "Polski"), "pt": ("Portuguese", "Português"), "ro": ("Romanian", "Română"),
    "ru": ("Russian", "Русский"), "sk": ("Slovak", "Slovenčina"), "sl": ("Slovenian", "Slovenščina"),
    "sq": ("Albanian", "Shqip"), "sv": ("Swedish", "Svenska"), "th": ("Thai", "ไทย"),
    "tr": ("Turkish", "Türkçe"), "uk": ("Ukrainian", "Українська"), "vi": ("Vietnamese", "Tiếng Việt"),
    "zh": ("Chinese", "中文"),
}
_BY_NAME = {name.casefold(): code for code, names in LANGUAGES.items() for name in names}
# two words of letters joined by "-", then the text (at the start or after a space)
_PAIR = re.compile(r"(?:^|\s)([^\W\d_]+)-([^\W\d_]+)\s+(\S.*?)\s*$")


@dataclass(frozen=True)
class Language:
    code: str  # ISO 639-1, as the translation APIs take it ("de")
    name: str  # in English, as dictzone's URLs spell it ("German")


@dataclass(frozen=True)
class LanguagePair:
    source: Language
    target: Language
    text: str  # what is to be translated


def language(word: str) -> Language | None:
    """The language a code or a name stands for (``fr``, ``French``, ``français``), or None."""
    key = word.casefold()
    code = key if len(key) == 2 and key in LANGUAGES else _BY_NAME.get(key)
    return Language(code, LANGUAGES[code][0]) if code else None


def parse(query: str) -> LanguagePair | None:
    """The language pair and text of a translation query, or None when the query is not one."""
    match = _PAIR.search(query)
    if not match:
        return None
    source, target = language(match.group(1)), language(match.group(2))
    if source is None or target is None or source == target:
        return None
    return LanguagePair(source, target, match.group(3))
