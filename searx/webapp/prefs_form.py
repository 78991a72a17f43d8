"""Apply the preferences form and write preferences into cookies."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from flask import Response
from werkzeug.wrappers import Response as BaseResponse

from searx.errors import BadRequest
from searx.preferences import Preferences
from searx.services import Services
from searx.webapp.media import tab_categories
from searx.webapp.security import cookie_options

MAX_AGE = 5 * 365 * 24 * 3600
KEY = "ai_summary_api_key"


@dataclass
class Saved:
    """What a submitted form did: preferences it set and cookies it removes."""

    changed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def _key_change(prefs: Preferences, form: Mapping[str, str], values: dict[str, str]) -> list[str]:
    """Handle the API key fields; the names of cookies to remove.

    An empty key field keeps the stored key, unless the user asked to remove it
    or changed the server (a key must never follow the user to another server).
    """
    new_key = values.pop(KEY, "")
    if new_key:
        if prefs.defs[KEY].check(new_key) is None:
            raise BadRequest("The API key may only hold printable ASCII characters (at most 500).")
        values[KEY] = new_key
        return []
    server = values.get("ai_summary_server")
    moved = server is not None and "ai_summary_server" not in prefs.locked and server.strip() != prefs.get(
        "ai_summary_server"
    )
    if form.get("ai_summary_api_key_remove") == "1" or moved:
        prefs.values.pop(KEY, None)
        return [KEY]
    return []


def apply_form(prefs: Preferences, form: Mapping[str, str], svc: Services) -> Saved:
    """Update ``prefs`` from the submitted form."""
    values = {k: v for k, v in form.items() if k in prefs.defs}
    removed = [] if KEY in prefs.locked else _key_change(prefs, form, values)
    if "engines_form" in form:  # unchecked boxes are not sent
        for name in ("results_on_new_tab", "load_images", "image_proxy", "center_alignment", "query_in_title"):
            if name not in form:
                values[name] = "0"
    if "categories_form" in form:
        known = tab_categories(svc.settings.categories_as_tabs, svc.engines)
        chosen = [c for c in known if form.get(f"category_{c}") == "on"]
        values["categories"] = ",".join(chosen) or "general"
    if "engines_form" in form:
        off = [n for n, e in svc.engines.items() if form.get(f"engine_{n}") != "on" and not e.disabled]
        on = [n for n, e in svc.engines.items() if form.get(f"engine_{n}") == "on" and e.disabled]
        values["disabled_engines"] = ",".join(off)
        values["enabled_engines"] = ",".join(on)
        p_off = [p.id for p in svc.plugins.plugins.values() if form.get(f"plugin_{p.id}") != "on" and p.default_on]
        p_on = [p.id for p in svc.plugins.plugins.values() if form.get(f"plugin_{p.id}") == "on" and not p.default_on]
        values["disabled_plugins"] = ",".join(p_off)
        values["enabled_plugins"] = ",".join(p_on)
    return Saved(changed=prefs.update(values), removed=removed)


def save_cookies(response: Response, prefs: Preferences, saved: Saved, *, https: bool) -> None:
    """One cookie per preference; secret ones are HttpOnly and never echoed."""
    for name, pref in prefs.defs.items():
        if name in saved.removed:
            options = cookie_options(https=https, http_only=True)
            response.delete_cookie(name, path=options["path"], secure=options["secure"], httponly=True,
                                   samesite=options["samesite"])  # fmt: skip
            continue
        if name not in prefs.values or (pref.secret and name not in saved.changed):
            continue
        response.set_cookie(name, prefs.values[name], **cookie_options(https=https, http_only=True, max_age=MAX_AGE))


def clear_cookies(response: BaseResponse, defs: Mapping[str, object], cookies: Mapping[str, str], *, https: bool) -> list[str]:
    """Remove every preference cookie the browser sent (``/clear_cookies``); the names removed."""
    options = cookie_options(https=https, http_only=True)
    names = [name for name in defs if name in cookies]
    for name in names:
        response.delete_cookie(name, path=options["path"], secure=options["secure"], httponly=True,
                               samesite=options["samesite"])  # fmt: skip
    return names
