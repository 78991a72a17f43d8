"""The built-in engines through the real runner, network layer and engine health,
against the fake upstream on 127.0.0.1: each scenario ends in the right outcome."""

from __future__ import annotations

from searx.engines import load_engines
from searx.network.client import EngineNetwork
from searx.plugins import PluginManager
from searx.results.search import SearchQuery
from searx.search.health import EngineHealth
from searx.search.runner import SearchRunner
from searx.store import MemoryStore
from searx.upstream.challenge import page_error

# engine name -> (engine module, upstream scenario, expected outcome, expected reason)
CASES = {
    "ddg-ok": ("duckduckgo", "ddg-results", "ok", ""),
    "ddg-202": ("duckduckgo", "ddg-challenge", "challenged", "CAPTCHA"),
    "sp-anubis": ("startpage", "sp-anubis", "challenged", "CAPTCHA"),
    "bing-anubis": ("bing", "anubis", "challenged", "CAPTCHA"),
    "brave-cf": ("brave", "cloudflare", "challenged", "CAPTCHA"),
    "mojeek-geo": ("mojeek", "geo-block", "blocked", "access denied"),
    "ddg-403": ("duckduckgo", "forbidden", "blocked", "access denied"),
    "ddg-429": ("duckduckgo", "too-many", "blocked", "too many requests"),
    "ddg-429-retry": ("duckduckgo", "too-many-retry", "blocked", "too many requests"),
    "sp-redirect": ("startpage", "captcha-redirect", "challenged", "CAPTCHA"),
    "ddg-500": ("duckduckgo", "server-error", "error", "HTTP error"),
    "ddg-hang": ("duckduckgo", "hang", "timeout", "timeout"),
    # the images, news and videos engines share the same taxonomy
    "bii-anubis": ("bing_images", "anubis", "challenged", "CAPTCHA"),
    "bin-429": ("bing_news", "too-many-retry", "blocked", "too many requests"),
    "wc-403": ("wikicommons", "forbidden", "blocked", "access denied"),
    "yt-cf": ("youtube_noapi", "cloudflare", "challenged", "CAPTCHA"),
    "dm-500": ("dailymotion", "server-error", "error", "HTTP error"),
    "sep-garbage": ("sepiasearch", "ddg-results", "error", "parsing error"),
    "sep-hang": ("sepiasearch", "hang", "timeout", "timeout"),
}


def test_outcomes_through_the_runner(upstream, network: EngineNetwork) -> None:  # noqa: ANN001
    entries = [{"name": name, "engine": module, "base_url": upstream.base(scenario), "enable_http": True,
                "timeout": 0.5 if scenario == "hang" else 5.0, "shortcut": f"t{i}"}
               for i, (name, (module, scenario, _, _)) in enumerate(CASES.items())]
    now = [5000.0]
    health = EngineHealth(MemoryStore(clock=lambda: now[0]), clock=lambda: now[0])
    runner = SearchRunner(load_engines(entries), network, PluginManager([], raise_errors=True),
                          health=health, bot_check=page_error)
    _, reports = runner.fetch(SearchQuery(query="q", engines=tuple(CASES)))
    got = {r.name: (r.outcome, r.reason) for r in reports}
    assert got == {name: (outcome, reason) for name, (_, _, outcome, reason) in CASES.items()}
    stats = health.stats()
    assert stats["ddg-429-retry"]["cooldown"]["seconds_left"] == 120
    assert stats["ddg-202"]["cooldown"]["seconds_left"] == 300
    assert stats["ddg-ok"]["cooldown"]["active"] is False
    # the next search skips the cooling engines and says why
    _, again = runner.fetch(SearchQuery(query="q", engines=("ddg-202", "ddg-ok")))
    assert {r.name: (r.outcome, r.reason) for r in again} == {
        "ddg-202": ("suspended", "Suspended: CAPTCHA"), "ddg-ok": ("ok", "")}
