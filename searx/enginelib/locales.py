"""A search language in each upstream's spelling: Google's ``hl``/``lr``/``cr``, Qwant's locale,
DuckDuckGo's region. Shared by the engines and the autocomplete backends of the same upstream."""

from __future__ import annotations

from typing import Any

from searx.enginelib.html_parse import locale

# Google's own codes where they differ from the locale's (Hebrew, Norwegian Bokmål, Javanese, Filipino)
_LANG = {"he": "iw", "nb": "no", "jv": "jw", "fil": "tl"}
# Qwant's region of a bare language, and the locales its news vertical has
_REGION = {"en": "US", "ca": "ES", "eu": "ES", "cs": "CZ", "da": "DK", "el": "GR", "et": "EE", "he": "IL",
           "ja": "JP", "ko": "KR", "sv": "SE", "zh": "CN", "nb": "NO"}
_NEWS = {"ca_ad", "ca_es", "ca_fr", "co_fr", "de_at", "de_ch", "de_de", "en_au", "en_ca", "en_gb", "en_ie",
         "en_my", "en_nz", "en_us", "es_ad", "es_ar", "es_cl", "es_co", "es_es", "es_mx", "es_pe", "eu_es",
         "eu_fr", "fc_ca", "fr_ad", "fr_be", "fr_ca", "fr_ch", "fr_fr", "it_ch", "it_it", "nl_be", "nl_nl",
         "pt_ad", "pt_pt"}


def language_args(params: dict[str, Any], restrict: bool = True) -> dict[str, str]:
    """``hl`` (interface language) and, with ``restrict``, ``lr`` and ``cr`` for a locale."""
    lang, region = locale(params.get("language"))
    if lang == "zh":
        code = "zh-TW" if region in ("TW", "HK", "MO") else "zh-CN"
    else:
        code = _LANG.get(lang, lang)
    args = {"hl": code or "en"}
    if restrict:
        args["lr"] = f"lang_{code}" if code else ""
        args["cr"] = f"country{region}" if region else ""
    return {**args, "ie": "utf8", "oe": "utf8"}


def locale_tag(params: dict[str, Any], vertical: str) -> str:
    """Qwant's locale (``en_US``) for the search language of ``params`` and a vertical (news has fewer)."""
    lang, region = locale(params.get("language"))
    if not lang:
        return "en_US"
    tag = f"{lang}_{region or _REGION.get(lang, lang.upper())}"
    return "en_US" if vertical == "news" and tag.lower() not in _NEWS else tag


def region_of(language: str | None) -> str:
    """DuckDuckGo's region (``kl``: ``us-en``, ``wt-wt`` for none) of a search language."""
    lang, country = locale(language)
    return f"{country.lower()}-{lang}" if lang and country else "wt-wt"
