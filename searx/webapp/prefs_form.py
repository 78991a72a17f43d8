"""Apply the preferences form and write preferences into cookies."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Response

from searx.preferences import Preferences
from searx.webapp.security import cookie_options
from searx.webapp.services import Services

MAX_AGE = 5 * 365 * 24 * 3600


def apply_form(prefs: Preferences, form: Mapping[str, str], svc: Services) -> list[str]:
    """Update ``prefs`` from the submitted form; return the names that changed."""
    values = {k: v for k, v in form.items() if k in prefs.defs}
    if "ai_summary_api_key" in values and not values["ai_summary_api_key"]:
        del values["ai_summary_api_key"]  # empty field = keep the stored key
    if "results_on_new_tab" not in form and "engines_form" in form:
        values["results_on_new_tab"] = "0"
    if "engines_form" in form:
        off = [n for n, e in svc.engines.items() if form.get(f"engine_{n}") != "on" and not e.disabled]
        on = [n for n, e in svc.engines.items() if form.get(f"engine_{n}") == "on" and e.disabled]
        values["disabled_engines"] = ",".join(off)
        values["enabled_engines"] = ",".join(on)
        p_off = [p.id for p in svc.plugins.plugins.values() if form.get(f"plugin_{p.id}") != "on" and p.default_on]
        p_on = [p.id for p in svc.plugins.plugins.values() if form.get(f"plugin_{p.id}") == "on" and not p.default_on]
        values["disabled_plugins"] = ",".join(p_off)
        values["enabled_plugins"] = ",".join(p_on)
    return prefs.update(values)


def save_cookies(response: Response, prefs: Preferences, changed: list[str], *, https: bool) -> None:
    """One cookie per preference; secret ones are HttpOnly and never echoed."""
    for name, pref in prefs.defs.items():
        if name not in prefs.values or (pref.secret and name not in changed):
            continue
        response.set_cookie(name, prefs.values[name], **cookie_options(https=https, http_only=True, max_age=MAX_AGE))
