"""Response headers and cookie options that harden every page and API answer.

Plain dicts: the app adds ``security_headers`` in an ``after_request`` hook and
spreads ``cookie_options`` into ``response.set_cookie``.
"""

from __future__ import annotations

from typing import Any

# No inline script or style and no third-party origin: model output and result
# snippets can never run code, and nothing leaks the query to another site.
_CSP = (
    ("default-src", "'self'"),
    ("script-src", "'self'"),
    ("style-src", "'self'"),
    ("img-src", "'self' data:"),
    ("font-src", "'self'"),
    ("connect-src", "'self'"),
    ("media-src", "'self'"),
    ("manifest-src", "'self'"),
    ("worker-src", "'self'"),
    ("object-src", "'none'"),
    ("frame-src", "'none'"),
    ("frame-ancestors", "'none'"),
    ("base-uri", "'self'"),
    ("form-action", "'self'"),
)

# Features a search page never needs; interest-cohort/browsing-topics opt out
# of ad-tech cohorts.
_DENIED_FEATURES = (
    "accelerometer",
    "autoplay",
    "browsing-topics",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "hid",
    "interest-cohort",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "publickey-credentials-get",
    "serial",
    "usb",
    "xr-spatial-tracking",
)


def content_security_policy(*, https: bool, img_origins: tuple[str, ...] | list[str] = (),
                            frame_origins: tuple[str, ...] | list[str] = ()) -> str:
    """The CSP header value; an images, news or videos page adds the origins of the
    pictures it shows and of the players it may embed (after a click)."""
    extra = {"img-src": " ".join(img_origins), "frame-src": " ".join(frame_origins)}
    directives = []
    for name, value in _CSP:
        if extra.get(name):
            value = extra[name] if value == "'none'" else f"{value} {extra[name]}"
        directives.append(f"{name} {value}")
    if https:
        directives.append("upgrade-insecure-requests")
    return "; ".join(directives)


def security_headers(*, https: bool) -> dict[str, str]:
    """Headers for every response; HSTS only when the request came over https."""
    headers = {
        "Content-Security-Policy": content_security_policy(https=https),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Permissions-Policy": ", ".join(f"{feature}=()" for feature in _DENIED_FEATURES),
        "X-Frame-Options": "DENY",
        "Cross-Origin-Opener-Policy": "same-origin",
    }
    if https:
        headers["Strict-Transport-Security"] = "max-age=31536000"
    return headers


def cookie_options(*, https: bool, http_only: bool, max_age: int | None = None) -> dict[str, Any]:
    """Keyword arguments for ``Response.set_cookie``.

    ``http_only=False`` only for cookies the client script must read (none of
    the preferences need it today). Secure whenever the site is served over https.
    """
    options: dict[str, Any] = {"path": "/", "secure": https, "httponly": http_only, "samesite": "Lax"}
    if max_age is not None:
        options["max_age"] = max_age
    return options
