"""/image_proxy: signed links only, pictures only, the address guard on every hop, nothing of the user forwarded."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from searx.proxy.images import DAY, expiry, proxied_url, signature, verify
from tests.conftest import SECRET
from tests.proxy.conftest import BASE, make_fetcher
from tests.proxy.picture_site import MB, PNG


def link(url: str, *, secret: str = SECRET, now: float | None = None) -> str:
    return proxied_url(secret, url, now)


def site_url(path: str) -> str:
    return BASE + path


# --- signatures ---------------------------------------------------------------


def test_a_signed_link_serves_the_picture_with_safe_headers(proxy_app, pictures):
    resp = proxy_app.test_client().get(link(site_url("/cat.png")))
    assert resp.status_code == 200
    assert resp.data == PNG
    assert resp.headers["Content-Type"] == "image/png"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    csp = resp.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "sandbox" in csp and "script-src" not in csp
    assert "max-age=" in resp.headers["Cache-Control"] and "no-" not in resp.headers["Cache-Control"]
    assert "Set-Cookie" not in resp.headers  # the host's cookie is not passed on


@pytest.mark.parametrize("tamper", ["url", "h", "e", "secret", "expired", "missing_h"])
def test_a_tampered_expired_or_foreign_link_is_refused_before_any_fetch(proxy_app, pictures, tamper):
    url = site_url("/cat.png")
    expires = expiry(time.time())
    args = {"url": url, "e": str(expires), "h": signature(SECRET, url, expires)}
    if tamper == "url":
        args["url"] = site_url("/cat.jpg")
    elif tamper == "h":
        args["h"] = ("0" if args["h"][0] != "0" else "1") + args["h"][1:]
    elif tamper == "e":
        args["e"] = str(expires + DAY)  # a longer life than the one signed
    elif tamper == "secret":
        args["h"] = signature("another-instance-secret", url, expires)
    elif tamper == "expired":
        past = int(time.time()) - 10
        args.update(e=str(past), h=signature(SECRET, url, past))
    else:
        del args["h"]
    resp = proxy_app.test_client().get("/image_proxy?" + urlencode(args))
    assert resp.status_code == (400 if tamper == "missing_h" else 403)
    assert pictures.requests == []


def test_signature_helpers():
    now = 1_700_000_000.0
    url = "https://img.example.org/a.png"
    parts = parse_qs(urlsplit(proxied_url("s", url, now)).query)
    assert parts["url"] == [url]
    e, h = parts["e"][0], parts["h"][0]
    assert DAY <= int(e) - now <= 2 * DAY  # one link all day long: browsers cache it
    assert verify("s", url, e, h, now)
    assert not verify("s", url, e, h, int(e) + 1)
    assert not verify("s", url, "x" + e, h, now) and not verify("s", url, e, h[:-1], now)
    assert not verify("other", url, e, h, now)
    assert proxied_url("s", "data:image/png;base64,AAAA", now) == "data:image/png;base64,AAAA"
    assert proxied_url("s", "//img.example.org/a.png", now).startswith("/image_proxy?url=https://img.example.org/a.png&e=")
    tricky = "https://img.example.org/a b.png?x=1&h=2#frag+%41"
    parts = parse_qs(urlsplit(proxied_url("s", tricky, now)).query)
    assert parts["url"] == [tricky] and len(parts["h"]) == 1 and verify("s", tricky, parts["e"][0], parts["h"][0], now)


# --- what is served -----------------------------------------------------------


@pytest.mark.parametrize(("path", "status", "ctype"), [
    ("/cat.jpg", 200, "image/jpeg"),
    ("/cat.gif", 200, "image/gif"),
    ("/octet.png", 200, "image/png"),  # untyped bytes that are a PNG are served as one
    ("/cat.svg", 415, None),  # scriptable: never
    ("/page.html", 415, None),
    ("/fake.png", 415, None),  # HTML labelled image/png: the bytes decide
    ("/status/404", 502, None),
    ("/nothing", 502, None),
])  # fmt: skip
def test_only_pictures_are_served_typed_by_their_bytes(proxy_app, pictures, path, status, ctype):
    resp = proxy_app.test_client().get(link(site_url(path)))
    assert resp.status_code == status
    if ctype:
        assert resp.headers["Content-Type"] == ctype
    else:
        assert b"alert(1)" not in resp.data and not resp.headers["Content-Type"].startswith("image/")


def test_a_picture_over_the_size_cap_stops_the_stream(proxy_app, pictures):
    resp = proxy_app.test_client().get(link(site_url("/big")))
    assert resp.status_code == 502
    # 1 MiB cap, 64 KiB chunks: reading stopped at the chunk that went over, of 1024
    assert pictures.chunks_pulled == 16


def test_a_declared_size_over_the_cap_is_refused_without_reading(proxy_app, pictures):
    assert proxy_app.test_client().get(link(site_url("/declared-big"))).status_code == 502
    assert pictures.chunks_pulled == 0


# --- the address guard ----------------------------------------------------------


@pytest.mark.parametrize("url", [
    "http://127.0.0.1/cat.png",
    "http://localhost/cat.png",
    "http://10.0.0.1/cat.png",
    "http://169.254.169.254/latest/meta-data",
    "http://[::1]/cat.png",
    "http://192.168.1.1/cat.png",
    "http://[::ffff:127.0.0.1]/cat.png",
    "http://2130706433/cat.png",
    "http://pictures.test:8080/cat.png",  # a port that is not 80 or 443
    "file:///etc/passwd",
])  # fmt: skip
def test_private_and_loopback_addresses_are_refused(proxy_app, pictures, url):
    expires = expiry(time.time())
    signed = {"url": url, "e": expires, "h": signature(SECRET, url, expires)}  # even when signed
    resp = proxy_app.test_client().get("/image_proxy?" + urlencode(signed))
    assert resp.status_code == 403
    assert pictures.requests == []


def test_a_non_http_url_is_never_proxied():
    # the page never links a file: URL through the proxy, so a signed one cannot exist
    assert proxied_url(SECRET, "file:///etc/passwd") == "file:///etc/passwd"


@pytest.mark.parametrize("target", ["http://127.0.0.1/cat.png", "http://10.1.2.3/cat.png", "file:///etc/passwd"])
def test_each_redirect_is_checked_again(proxy_app, pictures, target):
    client = proxy_app.test_client()
    assert client.get(link(site_url("/to?" + urlencode({"u": target})))).status_code == 403
    assert [r.url.path for r in pictures.requests] == ["/to"]  # the target was never asked


def test_redirects_to_public_hosts_are_followed_a_few_times(proxy_app, pictures):
    client = proxy_app.test_client()
    resp = client.get(link(site_url("/to?" + urlencode({"u": "/cat.png"}))))
    assert resp.status_code == 200 and resp.data == PNG
    hops = "/cat.png"
    for _ in range(4):
        hops = "/to?" + urlencode({"u": hops})
    assert client.get(link(site_url(hops))).status_code == 502  # more than 3 redirects


def test_no_cookie_referrer_or_language_of_the_user_reaches_the_host(proxy_app, pictures):
    client = proxy_app.test_client()
    client.set_cookie("session", "secret-session")
    resp = client.get(link(site_url("/cat.png")), headers={
        "Referer": "https://search.example/search?q=private+query", "Accept-Language": "de-DE"})  # fmt: skip
    assert resp.status_code == 200
    (request,) = pictures.requests
    headers = {k.lower(): v for k, v in request.headers.items()}
    assert not {"cookie", "referer", "accept-language", "x-forwarded-for"} & headers.keys()
    assert headers["user-agent"] == "test-agent" and headers["host"] == "pictures.test"
    assert "private" not in str(headers)


def test_a_compressed_transfer_is_refused(proxy_app, pictures):
    assert proxy_app.test_client().get(link(site_url("/gzip.png"))).status_code == 415


def test_fetcher_refuses_after_the_timeout(pictures):
    from searx.proxy.errors import ImageError

    with pytest.raises(ImageError) as caught:
        make_fetcher(pictures, timeout=0.0).fetch(site_url("/cat.png"))
    assert caught.value.status == 504
    assert pictures.requests == []


def test_the_cap_is_the_fetchers(pictures):
    assert make_fetcher(pictures, max_bytes=2 * MB).fetch(site_url("/cat.png")).body == PNG


def test_the_limiter_counts_pictures_per_client(app_factory, fake_engine, pictures):
    from tests.conftest import json_engine_entry, make_settings

    app = app_factory(make_settings([json_engine_entry(fake_engine.url, "a")], server={"limiter": True},
                                    limiter={"image_proxy": {"limit": 2, "window": 60}}))
    app.extensions["searx"].images = make_fetcher(pictures)
    client = app.test_client()
    answers = [client.get(link(site_url("/cat.png"))).status_code for _ in range(3)]
    assert answers == [200, 200, 429]
    assert len(pictures.requests) == 2  # the refused one fetched nothing
