"""Answerers: plugins that answer a query starting with one of their keywords, instead of the engines.

SearXNG's ``random`` and ``statistics``. An answerer's answer is stamped
``answerer: <keyword>`` (SearXNG's engine name for it), and the engines are not
asked: they have nothing to add to ``random uuid``. On later pages it stays quiet.
"""

from __future__ import annotations

from searx.plugins import Plugin, SearchContext
from searx.results.types import Answer


class Answerer(Plugin):
    """A plugin with ``keywords`` and ``answer(ctx, words)``; ``words[0]`` is the keyword, lower-cased."""

    keywords: tuple[str, ...] = ()

    def answer(self, ctx: SearchContext, words: list[str]) -> str | None:
        raise NotImplementedError

    def pre_search(self, ctx: SearchContext) -> bool:
        words = ctx.query.split(maxsplit=64)
        if ctx.pageno > 1 or not words or words[0].lower() not in self.keywords:
            return True
        words[0] = words[0].lower()
        text = self.answer(ctx, words)
        if text is None:
            return True
        ctx.results.answers.append(Answer(answer=text, engine=f"answerer: {words[0]}"))
        return False
