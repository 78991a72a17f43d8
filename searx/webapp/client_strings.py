"""The client's UI strings (the summary box, the search box's suggestions), for translation (keys and
English as in client/src/lib/i18n.ts).

The page sends their translations in the client settings; English pages send none. A string
that counts ("Based on N search snippets") is one gettext plural message (``PLURALS``): the page
sends its form for each plural category of the language (``basis_one``, ``basis_few``,
``basis_many``, ``basis_other``…), the categories the client's ``Intl.PluralRules`` selects.
"""

from __future__ import annotations

from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.support import NullTranslations


def N_(text: str) -> str:  # noqa: N802 - the marker Babel extracts (make translations)
    return text


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - plural marker (make translations)
    return singular, plural


# The strings that count something: the client has "<base>_one" and "<base>_other".
PLURALS: dict[str, tuple[str, str]] = {
    "basis": NP_("Based on {n} search snippet", "Based on {n} search snippets"),
    "reading": NP_("Reading {n} page…", "Reading {n} pages…"),
    "basis_pages": NP_("Based on {n} page", "Based on {n} pages"),
    "snippets": NP_("{n} snippet", "{n} snippets"),  # the second half of "{pages} and {snippets}"
    "suggest_count": NP_("{n} suggestion", "{n} suggestions"),  # the search box announces its list
}

STRINGS: dict[str, str] = {
    **{f"{base}_{form}": pair[i] for base, pair in PLURALS.items() for i, form in enumerate(("one", "other"))},
    "title": N_("AI summary"),
    "loading": N_("Generating a summary…"),
    "basis_mixed": N_("{pages} and {snippets}"),
    "pages_read": N_("Pages read:"),
    "cached": N_("cached"),
    "not_grounded": N_("Not based on the search results."),
    "stopped": N_("Stopped."),
    "interrupted_note": N_("The answer was cut off before it was complete."),
    "announce_started": N_("Answer started"),
    "announce_ready": N_("Answer ready"),
    "stop": N_("Stop"),
    "retry": N_("Retry"),
    "regenerate": N_("Regenerate"),
    "copy": N_("Copy"),
    "copied": N_("Copied"),
    "show_more": N_("Show more"),
    "show_less": N_("Show less"),
    "ask": N_("Summarize the results with AI"),
    "sources": N_("Sources"),
    "flag_weak": N_("No cited result supports this sentence"),
    "flag_uncited": N_("This sentence cites no result"),
    "flag_opposite": N_("The cited source says the opposite"),
    "may_not_answer": N_("The results may not answer this question; check the sources."),
    "no_answer": N_("No answer in the results"),
    "answered_in": N_("Answered in {lang}"),
    "used": N_("Cited:"),
    "follow_up": N_("Ask a follow-up"),
    "send": N_("Ask"),
    "related": N_("Related questions"),
    "searched_for": N_("Searched for:"),
    "turns_used": N_("This conversation has no questions left. Search again to ask more."),
    "share": N_("Share"),
    "share_link": N_("Link to this answer:"),
    "share_ready": N_("Share link ready"),
    "link_copied": N_("Share link copied"),
    "suggestions": N_("Suggestions"),
    "error.not_configured": N_("The AI summary is not set up on this server."),
    "error.bad_request": N_("The summary request was not understood."),
    "error.forbidden": N_("The AI summary is not allowed from here."),
    "error.bad_signature": N_("These results could not be verified. Reload the page."),
    "error.expired": N_("These results are too old to summarize. Reload the page."),
    "error.busy": N_("The AI is busy with other requests. Try again in a moment."),
    "error.rate_limited": N_("Too many summaries requested. Wait a little and try again."),
    "error.llm_unreachable": N_("The AI server cannot be reached."),
    "error.llm_rejected": N_("The AI server refused the request."),
    "error.llm_failed": N_("The AI server failed to answer."),
    "error.first_token_timeout": N_("The AI took too long to start answering."),
    "error.idle_timeout": N_("The AI stopped answering midway."),
    "error.deadline": N_("The answer took too long and was stopped."),
    "error.interrupted": N_("The answer was interrupted before it was complete."),
    "error.no_answer": N_("The AI gave no answer for these results."),
    "error.bad_conversation": N_("This conversation has expired. Search again to ask more."),
    "error.disabled": N_("This is turned off on this server."),
    "error.store_unavailable": N_("The answer could not be saved for sharing. Try again later."),
    "error.no_results": N_("The search for this question found no results to answer from."),
    "error.network": N_("The connection to the server failed."),
    "error.unknown": N_("Something went wrong while summarizing."),
}

_PLURAL_KEYS = {f"{base}_{form}" for base in PLURALS for form in ("one", "other")}


@lru_cache(maxsize=64)
def plural_samples(locale: str) -> dict[str, int]:
    """A whole number for each CLDR plural category of ``locale`` ({"one": 1, "few": 2, "many": 5, …})."""
    try:
        rule = Locale.parse(locale).plural_form
    except (ValueError, UnknownLocaleError):
        return {"one": 1, "other": 2}
    samples: dict[str, int] = {}
    for n in (*range(200), 1000, 1_000_000):  # French and Spanish say "many" of millions
        samples.setdefault(rule(n), n)
    return samples


def translated(catalog: NullTranslations, locale: str) -> dict[str, str]:
    """The strings that differ from English, with ``<base>_<category>`` for every plural category."""
    out = {key: catalog.gettext(text) for key, text in STRINGS.items() if key not in _PLURAL_KEYS}
    samples = plural_samples(locale)
    for base, pair in PLURALS.items():
        for category, n in samples.items():
            out[f"{base}_{category}"] = catalog.ngettext(*pair, n)
        # Whole numbers never select "other" in some languages (Russian); fractions would: the last form.
        out.setdefault(f"{base}_other", catalog.ngettext(*pair, max(samples.values())))
    return {key: text for key, text in out.items() if text != STRINGS.get(key)}
