"""HTTP statuses of engine answers mapped to engine errors."""

import time

import httpx
import pytest

from searx.errors import EngineAccessDenied, EngineCaptcha, EngineHTTPError, EngineTooManyRequests
from searx.upstream.status import check_status, retry_after


def resp(status, **headers):
    return httpx.Response(status, headers=headers, request=httpx.Request("GET", "https://e.example/s"))


def test_2xx_passes():
    for status in (200, 202, 204):
        check_status(resp(status))


@pytest.mark.parametrize("status, headers, error, reason", [
    (429, {}, EngineTooManyRequests, "too many requests"),
    (403, {}, EngineAccessDenied, "access denied"),
    (500, {}, EngineHTTPError, "HTTP error"),
    (404, {}, EngineHTTPError, "HTTP error"),
    (302, {"location": "https://e.example/next"}, EngineHTTPError, "HTTP error"),
    (302, {"location": "https://e.example/sorry/index?continue=x"}, EngineCaptcha, "CAPTCHA"),
    (303, {"location": "/captcha?q=x"}, EngineCaptcha, "CAPTCHA"),
])
def test_status_to_error(status, headers, error, reason):
    with pytest.raises(error) as exc:
        check_status(resp(status, **headers))
    assert exc.value.reason == reason


def test_retry_after_seconds_and_date():
    assert retry_after("120") == 120.0
    assert retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now=1445412480 - 60) == pytest.approx(60.0)
    assert retry_after("soon") is None and retry_after(None) is None
    with pytest.raises(EngineTooManyRequests) as exc:
        check_status(resp(429, **{"retry-after": "30"}))
    assert exc.value.retry_after == 30.0


def test_spent_api_quota_403_is_too_many_requests():
    reset = str(int(time.time()) + 600)
    with pytest.raises(EngineTooManyRequests) as exc:
        check_status(resp(403, **{"x-ratelimit-remaining": "0", "x-ratelimit-reset": reset}))
    assert 590 <= exc.value.retry_after <= 600


def test_a_cloudflare_check_served_with_403_is_a_captcha():
    page = b"<!DOCTYPE html><html><head><title>Just a moment...</title></head><body></body></html>"
    check = httpx.Response(403, content=page, headers={"content-type": "text/html"},
                           request=httpx.Request("GET", "https://e.example/s"))
    with pytest.raises(EngineCaptcha, match="cloudflare"):
        check_status(check)
    with pytest.raises(EngineCaptcha):  # the header alone, on a JSON API
        check_status(resp(403, **{"cf-mitigated": "challenge", "content-type": "application/json"}))
    with pytest.raises(EngineAccessDenied):  # a plain refusal stays a block
        check_status(httpx.Response(403, content=b"<title>403 Forbidden</title>", headers={"content-type": "text/html"},
                                    request=httpx.Request("GET", "https://e.example/s")))
