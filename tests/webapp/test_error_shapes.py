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


def test_every_route_says_how_it_answers_errors(three_engine_app):
    undeclared = sorted(rule.rule for rule in three_engine_app.url_map.iter_rules()
                        if rule.endpoint != "static" and not hasattr(three_engine_app.view_functions[rule.endpoint],
                                                                    "error_shape"))
    assert not undeclared, f"routes without @answers(...): {undeclared}"


def test_api_routes_answer_the_one_error_body_whatever_refused_them(client):
    # the route's own refusal, a method it does not take, and a Host refused before any view ran
    for response in (client.get("/metrics"), client.delete("/fetch"), client.get("/mcp"),
                     client.get("/admin/engines/check", headers={"Host": "evil.example"})):
        error = response.get_json()["error"]
        assert 400 <= response.status_code < 500 and error["code"] and error["message"], response.status_code
        assert response.headers["Cache-Control"] == "no-store"
    assert client.delete("/fetch").get_json()["error"]["code"] == "bad_request"
    assert client.get("/metrics").get_json()["error"]["code"] == "not_found"


def test_searxng_endpoints_keep_the_flat_shape_and_pages_stay_pages(client):
    assert isinstance(client.get("/search?format=json").get_json()["error"], str)
    assert isinstance(client.get("/config", headers={"Host": "evil.example"}).get_json()["error"], str)
    page = client.delete("/search")
    assert page.status_code == 405 and page.mimetype == "text/html"
