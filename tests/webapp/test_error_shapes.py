"""Errors raised by Flask itself keep the documented shapes (found by the fuzz tests)."""

from __future__ import annotations

BIG = "x" * 300_000  # past MAX_CONTENT_LENGTH (256 KiB)


def test_an_oversized_form_is_413_json_for_api_callers_and_a_page_for_people(client):
    api = client.post("/search?format=json", data={"q": "x", "pad": BIG})
    assert api.status_code == 413 and api.get_json()["error"]
    page = client.post("/search", data={"q": "x", "pad": BIG})
    assert page.status_code == 413 and page.mimetype == "text/html"
    assert client.post("/autocompleter", data={"q": BIG}).get_json()["error"]


def test_ai_summary_errors_from_flask_have_the_protocol_shape(client):
    bad_host = client.post("/ai_summary", json={}, headers={"Host": "x" * 300})
    assert bad_host.status_code == 400
    assert bad_host.get_json()["error"]["code"] == "bad_request"
    assert bad_host.headers["Cache-Control"] == "no-store"
    wrong_method = client.get("/ai_summary")
    assert wrong_method.status_code == 405
    assert wrong_method.get_json()["error"]["code"] == "bad_request"
    assert "POST" in wrong_method.headers["Allow"]
