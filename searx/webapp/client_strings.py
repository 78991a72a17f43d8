"""The summary box's UI strings, for translation (keys and English as in client/src/lib/i18n.ts).

The page sends their translations in the client settings; English pages send none.
"""

from __future__ import annotations


def N_(text: str) -> str:  # noqa: N802 - the marker Babel extracts (make translations)
    return text


STRINGS: dict[str, str] = {
    "title": N_("AI summary"),
    "basis_one": N_("Based on {n} search snippet"),
    "basis_other": N_("Based on {n} search snippets"),
    "loading": N_("Generating a summary…"),
    "reading_one": N_("Reading {n} page…"),
    "reading_other": N_("Reading {n} pages…"),
    "basis_pages_one": N_("Based on {n} page"),
    "basis_pages_other": N_("Based on {n} pages"),
    "basis_mixed": N_("{pages} and {snippets}"),
    "snippets_one": N_("{n} snippet"),
    "snippets_other": N_("{n} snippets"),
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
    "may_not_answer": N_("The results may not answer this question; check the sources."),
    "no_answer": N_("No answer in the results"),
    "answered_in": N_("Answered in {lang}"),
    "used": N_("Cited:"),
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
    "error.network": N_("The connection to the server failed."),
    "error.unknown": N_("Something went wrong while summarizing."),
}
