"""The Arch Linux wiki (and its German, Japanese and Chinese sister wikis): MediaWiki's
search page ``index.php?search=…&title=Special:Search`` (HTML; the wiki refuses its API).

Language-aware as SearXNG's engine: German, Japanese and Chinese searches go to
wiki.archlinux.de, wiki.archlinux.jp and wiki.archlinuxcn.org (``WIKIS``); on
wiki.archlinux.org a search in another of its languages asks for that language's pages
(``Page (Français)``, ``LANGUAGES``). The wiki sits behind Anubis, which lets clients that
say what they are through: the engine names itself in its User-Agent; an Anubis page is
reported as ``challenged``. Always a full-text search (``fulltext=1``: no jump to a page
of the same title). Supports paging. Not supported: time range, safe search, the wiki's
namespaces other than articles.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode, urljoin

from searx import __version__
from searx.enginelib.html_parse import has_class, locale, parse_html, text_of, unparsable

main_wiki = "wiki.archlinux.org"
categories = ["it", "software wikis"]
paging = True
language_support = True
timeout = 4.0
about = {"website": "https://wiki.archlinux.org/", "results": "HTML", "use_official_api": False}

# language: (host, path of index.php, the search page's title there)
WIKIS = {
    "de": ("wiki.archlinux.de", "/index.php", "Spezial:Suche"),
    "ja": ("wiki.archlinux.jp", "/index.php", "特別:検索"),
    "zh": ("wiki.archlinuxcn.org", "/wzh/index.php", "Special:搜索"),
}
# the languages of wiki.archlinux.org's translated pages, as their titles name them
LANGUAGES = {
    "ar": "العربية", "bg": "Български", "bs": "Bosanski", "ca": "Català", "cs": "Čeština", "da": "Dansk",
    "el": "Ελληνικά", "es": "Español", "fi": "Suomi", "fr": "Français", "he": "עברית", "hr": "Hrvatski",
    "hu": "Magyar", "id": "Bahasa Indonesia", "it": "Italiano", "ko": "한국어", "lt": "Lietuvių",
    "lv": "Latviešu", "nl": "Nederlands", "pl": "Polski", "pt": "Português", "ru": "Русский",
    "sk": "Slovenčina", "sr": "Српски / srpski", "sv": "Svenska", "th": "ไทย", "tr": "Türkçe", "uk": "Українська",
}
_PAGE_SIZE = 20


def _wiki(params: dict[str, Any]) -> tuple[str, str, str]:
    lang = locale(params.get("language"))[0]
    host, path, title = WIKIS.get(lang, (str(params["engine"].settings.get("main_wiki") or main_wiki),
                                         "/index.php", "Special:Search"))
    return f"https://{host}{path}", title, lang


def request(query: str, params: dict[str, Any]) -> None:
    index, title, lang = _wiki(params)
    if lang in LANGUAGES and lang not in WIKIS:
        query = f"{query} ({LANGUAGES[lang]})"
    args = {"search": query, "title": title, "fulltext": "1", "limit": _PAGE_SIZE,
            "offset": (params["pageno"] - 1) * _PAGE_SIZE, "profile": "default"}
    params["url"] = f"{index}?{urlencode(args)}"
    params["headers"]["User-Agent"] = f"searx-ai/{__version__} (metasearch engine)"


def response(resp: Any) -> list[dict[str, Any]]:
    tree = parse_html(resp)
    lists = tree.xpath(f"//ul[{has_class('mw-search-results')}]")
    if not lists:
        if tree.xpath(f"//*[{has_class('mw-search-nonefound')}]"):
            return []
        raise unparsable(resp, "archlinux: no search result list (ul.mw-search-results)")
    index = _wiki(resp.search_params)[0]
    results = []
    for li in lists[0].xpath("./li"):
        link = li.xpath(f".//div[{has_class('mw-search-result-heading')}]/a[@href]")
        if not link:
            continue
        results.append({"url": urljoin(index, link[0].get("href")), "title": text_of(link[0]),
                        "content": text_of(li.xpath(f".//div[{has_class('searchresult')}]"))})
    return results
