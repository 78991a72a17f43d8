"""The ai_summary plugin: adds the empty, signed summary placeholder; never calls the LLM.

The browser then POSTs the placeholder's evidence to /ai_summary
(searx.summary.service). No placeholder on later pages, other categories, API
formats, pages that already have an answer or infobox, empty queries, without
a configured LLM, or for users who chose "never".
"""

from __future__ import annotations

import time

from searx.plugins import DEFAULT_SETTINGS, N_, Plugin, PluginConfig, SearchContext
from searx.results.types import Answer
from searx.settings import Settings
from searx.summary import evidence


class AISummaryPlugin(Plugin):
    id = "ai_summary"
    name = N_("AI summary")
    description = N_("A short answer written by a language model from the results, with citations.")

    def __init__(self, settings: Settings = DEFAULT_SETTINGS, config: PluginConfig | None = None) -> None:
        super().__init__(settings, config)
        self.clock = time.time

    def mode(self, ctx: SearchContext) -> str:
        return self.settings.ai_summary.mode_for(ctx.preferences.get("ai_summary_mode"))

    def configured(self, ctx: SearchContext) -> bool:
        conf = self.settings.ai_summary
        return bool(conf.base_url) or (conf.allow_user_server and bool(ctx.preferences.get("ai_summary_server")))

    def post_search(self, ctx: SearchContext) -> None:
        results = ctx.results
        if ctx.pageno > 1 or ctx.category != "general" or ctx.format != "html" or not ctx.query.strip():
            return
        if results.infoboxes or results.answers or not self.configured(ctx):
            return
        mode = self.mode(ctx)
        if mode == "never":
            return
        conf = self.settings.ai_summary
        found = evidence.build(results, ctx.query, ctx.language, conf.max_sources,
                               exp=int(self.clock()) + conf.signature_ttl, related=conf.related in ("engines", "both"))  # fmt: skip
        if conf.grounding and not found.sources:
            return  # nothing to ground an answer on
        secret = ctx.secret_key or self.settings.server.secret_key.encode("utf-8")
        data = {"evidence": evidence.to_dict(found), "signature": evidence.sign(found, secret), "mode": mode,
                "follow_ups": conf.max_turns > 1}
        results.answers.append(Answer(kind="ai_summary", answer="", data=data))
