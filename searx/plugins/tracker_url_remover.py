"""The tracker_url_remover plugin: strips tracking parameters from result URLs (offline rules)."""

from __future__ import annotations

import re
from urllib.parse import SplitResult, parse_qsl, urlencode, urlsplit, urlunsplit

from searx.plugins import Plugin, SearchContext
from searx.results.types import MainResult

# parameters that only identify a campaign, a click or a visitor, never the page
TRACKERS = re.compile(
    r"^(utm_\w+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|ysclid|twclid|ttclid|li_fat_id|"
    r"mc_cid|mc_eid|_hsenc|_hsmi|__hssc|__hstc|__hsfp|hsctatracking|mkt_tok|igshid|igsh|si|"
    r"oly_anon_id|oly_enc_id|rb_clickid|s_cid|vero_conv|vero_id|wickedid|_openstat|spm|scm|"
    r"ref_src|ref_url|srsltid|sc_campaign|sc_channel|sc_content|sc_medium|sc_outcome|sc_geo|sc_country)$",
    re.IGNORECASE,
)
# "si" is a tracker on these hosts only; elsewhere it may be a real parameter
_SI_HOSTS = ("youtube.com", "youtu.be", "spotify.com")


def _is_tracker(name: str, host: str) -> bool:
    if name.lower() == "si":
        return any(host == h or host.endswith("." + h) for h in _SI_HOSTS)
    return bool(TRACKERS.match(name))


def clean_url(url: str, parts: SplitResult | None = None) -> str:
    """``url`` without tracking parameters; unchanged when it has none. ``parts``: ``url`` already split."""
    if "?" not in url:
        return url
    try:
        parts = parts or urlsplit(url)
    except ValueError:
        return url
    if not parts.query:
        return url
    host = (parts.hostname or "").lower()
    pairs = parse_qsl(parts.query, keep_blank_values=True)
    kept = [(k, v) for k, v in pairs if not _is_tracker(k, host)]
    if len(kept) == len(pairs):
        return url
    return urlunsplit(parts._replace(query=urlencode(kept)))


class TrackerURLRemoverPlugin(Plugin):
    id = "tracker_url_remover"
    name = "Tracker URL remover"
    description = "Remove tracking parameters (utm_*, fbclid, gclid, ...) from result links."

    def on_result(self, ctx: SearchContext, result: MainResult) -> bool:
        if "?" in result.url:  # no query, nothing to strip (most results): no parse
            result.url = clean_url(result.url, result.parts)
        return True
