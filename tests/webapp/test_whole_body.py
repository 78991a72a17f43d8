"""A body already in memory is handed to the server whole; a streamed one keeps streaming."""

from __future__ import annotations

from typing import Any

from flask import Response


def _wsgi(app: Any, path: str, method: str = "GET") -> tuple[str, Any]:
    from werkzeug.test import EnvironBuilder

    got: list[str] = []
    body = app(EnvironBuilder(path=path, method=method).get_environ(), lambda status, headers, exc=None: got.append(status))
    return got[0], body


def test_pages_and_api_answers_go_whole_to_the_server(client) -> None:
    app = client.application
    for path in ("/healthz", "/search?q=alpha&format=json", "/search?q=alpha", "/nowhere"):
        status, body = _wsgi(app, path)
        assert isinstance(body, list) and all(isinstance(part, bytes) for part in body), path
        assert body and b"".join(body), path
    status, body = _wsgi(app, "/healthz", "HEAD")
    assert status.startswith("200") and list(body) == []  # HEAD: no body, whatever it was


def test_a_streamed_body_and_one_with_close_callbacks_keep_their_iterator(client) -> None:
    app = client.application
    closed: list[bool] = []

    @app.route("/test-stream")
    def _stream() -> Response:
        return Response((part for part in (b"a", b"b")), mimetype="text/plain")

    @app.route("/test-closing")
    def _closing() -> Response:
        response = Response(b"whole", mimetype="text/plain")
        response.call_on_close(lambda: closed.append(True))
        return response

    _, body = _wsgi(app, "/test-stream")
    assert not isinstance(body, list) and b"".join(body) == b"ab"
    _, body = _wsgi(app, "/test-closing")
    assert not isinstance(body, list) and b"".join(body) == b"whole"
    body.close()
    assert closed == [True]
