"""Security headers and cookie options."""

from __future__ import annotations

import pytest

from searx.webapp.security import cookie_options, security_headers


def _csp(headers: dict[str, str]) -> dict[str, str]:
    directives = [part.strip().split(" ", 1) for part in headers["Content-Security-Policy"].split(";")]
    return {d[0]: (d[1] if len(d) > 1 else "") for d in directives}


@pytest.mark.parametrize("https", [True, False])
def test_csp_allows_only_the_own_origin_and_no_inline_code(https: bool) -> None:
    csp = _csp(security_headers(https=https))
    assert csp["default-src"] == "'self'"
    assert csp["script-src"] == "'self'"
    assert csp["style-src"] == "'self'"
    assert csp["img-src"] == "'self' data:"
    assert csp["connect-src"] == "'self'"
    assert csp["frame-ancestors"] == "'none'"
    assert csp["object-src"] == "'none'"
    assert csp["base-uri"] == "'self'"
    assert csp["form-action"] == "'self'"
    for value in csp.values():
        assert "unsafe" not in value
        assert "*" not in value
        assert "http" not in value  # no third-party origin anywhere


def test_the_other_hardening_headers() -> None:
    headers = security_headers(https=False)
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Frame-Options"] == "DENY"
    policy = dict(item.strip().split("=", 1) for item in headers["Permissions-Policy"].split(","))
    for feature in ("camera", "microphone", "geolocation", "interest-cohort", "browsing-topics"):
        assert policy[feature] == "()"


def test_https_only_headers() -> None:
    assert "Strict-Transport-Security" not in security_headers(https=False)
    assert "upgrade-insecure-requests" not in _csp(security_headers(https=False))
    secure = security_headers(https=True)
    assert secure["Strict-Transport-Security"].startswith("max-age=")
    assert "upgrade-insecure-requests" in _csp(secure)


def test_cookie_options_follow_the_scheme_and_work_with_werkzeug() -> None:
    from werkzeug.wrappers import Response

    assert cookie_options(https=True, http_only=True) == {
        "path": "/",
        "secure": True,
        "httponly": True,
        "samesite": "Lax",
    }
    assert cookie_options(https=False, http_only=False)["secure"] is False
    response = Response()
    response.set_cookie("theme", "simple", **cookie_options(https=True, http_only=True, max_age=3600))
    header = response.headers["Set-Cookie"]
    for part in ("Secure", "HttpOnly", "SameSite=Lax", "Max-Age=3600", "Path=/"):
        assert part in header


def test_every_answer_gets_the_headers_once_and_keeps_its_own(app_factory) -> None:
    from tests.conftest import make_settings

    app = app_factory(make_settings([], server={"default_http_headers": {
        "X-Robots-Tag": "noindex", "x-frame-options": "SAMEORIGIN"}}))  # an operator's, one a security one
    client = app.test_client()
    for path in ("/", "/healthz", "/search?q=x&format=json", "/nowhere"):
        resp = client.get(path)
        names = [key.lower() for key, _ in resp.headers.items()]
        assert len(names) == len(set(names)), f"{path}: a header twice"
        assert resp.headers["X-Frame-Options"] == "DENY", "the security header is not replaced"
        assert resp.headers["X-Robots-Tag"] == "noindex"
        assert resp.headers["Content-Security-Policy"].startswith("default-src 'self'")
        assert "Strict-Transport-Security" not in resp.headers
    https = client.get("/", headers={"X-Forwarded-Proto": "https"})  # not from a trusted proxy: plain
    assert "Strict-Transport-Security" not in https.headers
    assert client.get("/", base_url="https://localhost").headers["Strict-Transport-Security"].startswith("max-age=")
