"""Which language an answer is written in (py3langid, whose model ships in the wheel).

The model loads once per process (about 1.5 s; ``warm()`` does it in the
background at start-up) and is restricted to widely written languages, so
short answers are not taken for a close minority language (Spanish for
Aragonese, Chinese for Wu). Detection takes well under a millisecond.
"""

from __future__ import annotations

import re
import threading
from typing import Any

from searx.results.search import no_language

# the languages an answer is recognised as; anything else is reported as the nearest of these
LANGUAGES = (
    "af ar bg bn ca cs cy da de el en eo es et eu fa fi fr ga gl he hi hr hu hy id is it ja ka kk ko lt lv mk ml "
    "mr ms nl no pl pt ro ru sk sl sq sr sv sw ta te th tl tr uk ur vi zh"
).split()
SAMPLE = 1500  # characters looked at: plenty to tell a language, and bounded time
MIN_LETTERS = 20  # below this a guess is noise: report no language
MIN_PROBABILITY = 0.5  # an unsure guess (a list of names) is no language: never a wrong "Answered in …"

_LETTERS = re.compile(r"[^\W\d_]")
_lock = threading.Lock()
_identifier: Any = None
_MARKUP = re.compile(r"\[\d{1,3}(?:\s*[,;\u2013-]\s*\d{1,3})*\]|`[^`]*`|https?://\S+|[*_#>`~|-]+")


def _get() -> Any:
    global _identifier
    with _lock:
        if _identifier is None:
            from py3langid.langid import MODEL_FILE, LanguageIdentifier

            identifier = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
            identifier.set_languages(LANGUAGES)
            _identifier = identifier
        return _identifier


def warm() -> None:
    """Load the model in a background thread so the first answer does not wait for it."""
    threading.Thread(target=_get, name="langid-load", daemon=True).start()


def detect(text: str) -> str:
    """The ISO 639-1 code of ``text``'s language, or "" when it is too short to tell."""
    plain = _MARKUP.sub(" ", text[:SAMPLE])
    if len(_LETTERS.findall(plain, 0, 200)) < MIN_LETTERS and len(_LETTERS.findall(plain)) < MIN_LETTERS:
        return ""
    code, probability = _get().classify(plain)
    return str(code) if probability >= MIN_PROBABILITY else ""


def base(lang: str) -> str:
    """The language part of a search or interface language ("de-CH" -> "de"); "" for auto/all."""
    code = lang.strip().replace("_", "-").split("-")[0].lower()
    return "" if no_language(code) else code
