"""What one engine call's answer means, decided in one place (the runner; the engine test kit runs the
runner): the HTTP status, the engine's parser, a bot check served in place of results, a token.

Each reading returns what the page gave or raises the ``EngineError`` whose outcome ends the call.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from searx.enginelib.params import EngineParams, SearchResponse
from searx.engines import Engine
from searx.errors import EngineError, EngineParseError
from searx.logtext import loggable
from searx.results.search import EngineReport
from searx.results.types import Answer, Infobox, MainResult, ResultSet, from_engine_item
from searx.upstream.status import check_status

log = logging.getLogger("searx.search")

T = TypeVar("T")
# a page's bot check or block page, when it is one (``searx.upstream.challenge.page_error``)
BotCheck = Callable[[SearchResponse], EngineError | None]


@dataclass(slots=True)
class Answered:
    """What an engine's page gave: the items ``response()`` returned (a token among them taken out) and
    the results they make."""

    items: list[Any]
    results: ResultSet


@dataclass(slots=True)
class Ended:
    """How one engine's part of a search ended: its report; its answer (None: nothing to merge); whether a
    request was sent (``called``: engine health records it); the error that ended it, if one did."""

    report: EngineReport
    answered: Answered | None = None
    called: bool = False
    error: EngineError | None = None


def to_result_set(items: list[Any], engine: Engine) -> ResultSet:
    """Typed results from what an engine's ``response()`` (or offline ``search()``) returned."""
    out = ResultSet()
    category = engine.categories[0] if engine.categories else "general"
    # an offline engine searches the instance's own data and may link into the instance
    local = getattr(engine.module, "engine_type", "online") == "offline"
    for item in items:
        if not isinstance(item, dict):
            continue
        typed = from_engine_item(item, engine.name, category, instance_links=local)
        if isinstance(typed, MainResult):
            out.results.append(typed)
        elif isinstance(typed, Answer):
            out.answers.append(typed)
        elif isinstance(typed, Infobox):
            out.infoboxes.append(typed)
        elif isinstance(typed, tuple):
            (out.suggestions if typed[0] == "suggestion" else out.corrections).append(typed[1])
        elif isinstance(typed, int):
            out.number_of_results = typed
    return out


def empty(rs: ResultSet) -> bool:
    return not (rs.results or rs.answers or rs.infoboxes or rs.suggestions or rs.corrections)


def answered(engine: Engine, answer: Answered, elapsed: float, called: bool = True) -> Ended:
    """A page (or an offline search) that gave ``answer``: ok, or no_results when it gave nothing."""
    rs = answer.results
    return Ended(EngineReport(engine.name, "no_results" if empty(rs) else "ok", "", len(rs.results), elapsed),
                 answer, called)


def failed(engine: Engine, exc: EngineError, elapsed: float, where: str = "") -> Ended:
    """An engine call ended by ``exc`` (``where``: on which page, "token page: ")."""
    log.info("engine %s: %s (%s%s)", engine.name, exc.reason, where, loggable(exc))  # may quote the upstream
    report = EngineReport(engine.name, exc.outcome, exc.reason, 0, elapsed, f"{where}{exc}", exc.retry_after)
    return Ended(report, called=True, error=exc)


def crashed(engine: Engine, step: str, exc: Exception) -> Ended:
    """The engine's own code failed before a request was sent (``step``: "request()")."""
    log.warning("engine %s: %s failed: %r", engine.name, step, exc)
    return Ended(EngineReport(engine.name, "error", "unexpected crash", detail=repr(exc)))


def parsed(parse: Callable[[SearchResponse], T], response: SearchResponse, bot_check: BotCheck) -> T:
    """What an engine's parser makes of a page; a page that no longer parses is often a bot check
    served with 200, so a parse failure becomes the bot check's error when there is one."""
    try:
        return parse(response)
    except EngineParseError as exc:
        raise bot_check(response) or exc from exc
    except EngineError:
        raise
    except Exception as exc:  # noqa: BLE001 - a parser that no longer fits the page
        raise bot_check(response) or EngineParseError(f"{type(exc).__name__}: {exc}") from exc


def read_token(engine: Engine, response: SearchResponse, params: EngineParams,
               bot_check: BotCheck) -> str | list[str]:  # fmt: skip
    """What a token page gives: the token, or the pages that carry it; its error raised."""
    check_status(response)
    response.search_params = params
    token = parsed(engine.token_response, response, bot_check)
    if not token and (error := bot_check(response)):
        raise error
    return token


def read_results(engine: Engine, response: SearchResponse, params: EngineParams, bot_check: BotCheck,
                 keep: Callable[[list[Any]], list[Any]] | None = None) -> Answered:  # fmt: skip
    """What a result page gives; its error raised. ``keep`` takes a fresh token out of the items (and
    caches it) before the results are read."""
    if response.status_code in params.get("no_result_for_http_status", ()):
        return Answered([], ResultSet())  # the site's way of saying "nothing found" (SearXNG's engine key)
    if params.get("raise_for_httperror", True):
        check_status(response)
    response.search_params = params  # SearXNG's contract
    items = parsed(engine.response, response, bot_check)
    if keep is not None:
        items = keep(items)
    rs = to_result_set(items, engine)
    if empty(rs) and (error := bot_check(response)):
        raise error
    return Answered(items, rs)
