"""Tracking parameters: the one list, for merging results and for the tracker_url_remover plugin (pure).

A parameter here only identifies a campaign, a click or a visitor, never the
page, so two URLs that differ only in these are the same page.
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode

TRACKERS = frozenset({
    "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "msclkid", "yclid", "ysclid", "twclid", "ttclid",
    "li_fat_id", "mc_cid", "mc_eid", "_hsenc", "_hsmi", "__hssc", "__hstc", "__hsfp", "hsctatracking", "mkt_tok",
    "igshid", "igsh", "oly_anon_id", "oly_enc_id", "rb_clickid", "s_cid", "vero_conv", "vero_id", "wickedid",
    "_openstat", "spm", "scm", "ref_src", "ref_url", "srsltid", "sc_campaign", "sc_channel", "sc_content",
    "sc_medium", "sc_outcome", "sc_geo", "sc_country", "_ga", "_gl", "trk", "trkcampaign",
})  # fmt: skip
PREFIXES = ("utm_",)
# trackers on these hosts (and their subdomains) only; elsewhere the name may be a real parameter
HOST_TRACKERS = {"si": ("youtube.com", "youtu.be", "spotify.com")}


def is_tracker(name: str, host: str) -> bool:
    """Whether the query parameter ``name`` of a URL on ``host`` (lower-case) only tracks."""
    name = name.lower()
    hosts = HOST_TRACKERS.get(name)
    if hosts is not None:
        return any(host == h or host.endswith("." + h) for h in hosts)
    return name in TRACKERS or name.startswith(PREFIXES)


def strip_trackers(query: str, host: str) -> str:
    """The query string without tracking parameters (order kept; unchanged when it has none)."""
    if not query:
        return query
    pairs = parse_qsl(query, keep_blank_values=True)
    kept = [(k, v) for k, v in pairs if not is_tracker(k, host)]
    return query if len(kept) == len(pairs) else urlencode(kept)
