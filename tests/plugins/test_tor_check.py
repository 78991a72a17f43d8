"""The tor_check plugin against a local copy of the exit list, served on 127.0.0.1."""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from searx.plugins.tor_check import parse
from tests.conftest import make_settings

EXIT_LIST = b"""ExitNode 0011BD2485AD45D984EC4159C88FC066E5E3300E
Published 2026-11-30 08:11:51
LastStatus 2026-11-30 09:00:00
ExitAddress 203.0.113.7 2026-11-30 09:03:14
ExitNode 0091174DE56EADE21EAA42DBFEA9A0D4C1F3E4F8
ExitAddress 2001:db8:0:0::9 2026-11-30 09:04:00
ExitAddress not-an-address 2026-11-30 09:04:00
"""


class ListServer:
    """Serves ``body`` at /exit-addresses with ``status``; counts the downloads."""

    def __init__(self) -> None:
        self.body, self.status, self.requests, self.location = EXIT_LIST, 200, 0, ""
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the http.server name
                outer.requests += 1
                self.send_response(outer.status)
                if outer.location:
                    self.send_header("Location", outer.location)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", str(len(outer.body)))
                self.end_headers()
                self.wfile.write(outer.body)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/exit-addresses"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def exit_list() -> Iterator[ListServer]:
    server = ListServer()
    yield server
    server.close()


def _app(engine_app: Any, url: str, **sections: Any) -> Any:
    return engine_app("alpha", plugins={"tor_check": {"active": True}}, tor_check={"exit_list_url": url},
                      server={"trusted_proxies": ["127.0.0.1"]}, **sections)  # fmt: skip


def _ask(app: Any, address: str, q: str = "tor-check", **args: str) -> list[str]:
    got = app.test_client().get("/search", query_string={"q": q, "format": "json", **args},
                                headers={"X-Forwarded-For": address})  # fmt: skip
    assert got.status_code == 200
    return [a["answer"] for a in got.get_json()["answers"]]


def test_an_exit_address_is_told_so_and_the_list_is_downloaded_once(engine_app, exit_list) -> None:
    app = _app(engine_app, exit_list.url)
    assert _ask(app, "203.0.113.7") == ["You are using Tor: 203.0.113.7 is a Tor exit node."]
    assert _ask(app, "2001:db8::9", q="Tor Check") == ["You are using Tor: 2001:db8::9 is a Tor exit node."]
    assert _ask(app, "198.51.100.9", q="tor") == ["You are not using Tor: 198.51.100.9 is not a Tor exit node."]
    assert _ask(app, "203.0.113.7", q="tor browser") == []
    assert exit_list.requests == 1  # kept in the store for tor_check.cache_ttl


def test_a_failed_download_is_said_and_not_tried_again_at_once(engine_app, exit_list) -> None:
    exit_list.status = 500
    app = _app(engine_app, exit_list.url)
    unknown = [f"The list of Tor exit nodes could not be read from {exit_list.url}; try again later."]
    assert _ask(app, "203.0.113.7") == unknown
    exit_list.status = 200
    assert _ask(app, "203.0.113.7") == unknown
    assert exit_list.requests == 1


def test_a_list_without_exit_addresses_counts_as_failed(engine_app, exit_list) -> None:
    exit_list.body = b"<html>maintenance</html>"
    app = _app(engine_app, exit_list.url)
    assert _ask(app, "203.0.113.7")[0].startswith("The list of Tor exit nodes could not be read")


def test_the_download_goes_through_the_engine_network_and_its_proxy(engine_app, exit_list) -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        proxy = f"http://127.0.0.1:{closed.getsockname()[1]}"
    app = _app(engine_app, exit_list.url, outgoing={"proxies": {"all://": proxy}})
    assert _ask(app, "203.0.113.7")[0].startswith("The list of Tor exit nodes could not be read")
    assert exit_list.requests == 0  # it went to the (dead) proxy, not straight to the list


def test_off_by_default_and_a_bad_url_stops_start_up(engine_app) -> None:
    from searx.errors import SettingsError
    from searx.plugins.loader import load_plugins

    app = engine_app("alpha")
    assert _ask(app, "203.0.113.7") == []
    with pytest.raises(SettingsError, match="tor_check.exit_list_url"):
        load_plugins(make_settings([], tor_check={"exit_list_url": "file:///etc/passwd"}))


def test_the_list_parser_keeps_only_addresses() -> None:
    assert parse(EXIT_LIST) == frozenset({"203.0.113.7", "2001:db8::9"})
    assert parse(b"\xff\xfe ExitAddress \xff\n") == frozenset()


def test_the_answer_and_the_log_never_show_the_urls_user_password_or_query(engine_app, exit_list,
                                                                           caplog) -> None:  # fmt: skip
    exit_list.status = 500
    host = exit_list.url.split("//")[1].split("/")[0]
    secret_url = f"http://mirror:s3cret@{host}/exit-addresses?token=t0ken#x"
    app = _app(engine_app, secret_url)
    with caplog.at_level("WARNING", logger="searx.plugins.tor_check"):
        (answer,) = _ask(app, "203.0.113.7")
    assert answer == f"The list of Tor exit nodes could not be read from {exit_list.url}; try again later."
    assert exit_list.requests == 1 and "s3cret" not in caplog.text and "t0ken" not in caplog.text
    assert exit_list.url in caplog.text


def test_a_list_larger_than_the_network_allows_is_refused_not_read_whole(engine_app, exit_list) -> None:
    exit_list.body = EXIT_LIST * 200  # about 60 kB of valid lines
    app = _app(engine_app, exit_list.url, outgoing={"max_response_bytes": 4096})
    assert _ask(app, "203.0.113.7")[0].startswith("The list of Tor exit nodes could not be read")


@pytest.mark.parametrize("location", ["file:///etc/passwd", "gopher://127.0.0.1/x", "javascript:alert(1)"])
def test_a_redirect_away_from_http_is_a_failed_download(engine_app, exit_list, location) -> None:
    exit_list.status, exit_list.location = 302, location
    app = _app(engine_app, exit_list.url)
    assert _ask(app, "203.0.113.7")[0].startswith("The list of Tor exit nodes could not be read")


def test_another_url_never_gets_the_list_kept_for_the_first(exit_list) -> None:
    from searx.plugins import Resources, SearchContext
    from searx.plugins.tor_check import TorCheckPlugin
    from searx.settings_sections import TorCheck
    from searx.store.memory import MemoryStore

    store, asked = MemoryStore(), []

    def get(url: str, timeout: float) -> bytes:
        asked.append(url)
        if url.endswith("/other"):
            raise OSError("refused")
        return EXIT_LIST

    def plugin(url: str) -> TorCheckPlugin:
        p = TorCheckPlugin(type("S", (), {"tor_check": TorCheck(exit_list_url=url)})())
        p.start(Resources(store=store, get=get))
        return p

    ctx = SearchContext("tor-check", 1, "general", "json", "all", 0, None, {}, client_ip="203.0.113.7")
    assert plugin("https://list.example/exits").answer(ctx) == "You are using Tor: 203.0.113.7 is a Tor exit node."
    assert plugin("https://list.example/exits").answer(ctx) == "You are using Tor: 203.0.113.7 is a Tor exit node."
    assert plugin("https://list.example/other").answer(ctx).startswith("The list of Tor exit nodes could not be read")
    assert asked == ["https://list.example/exits", "https://list.example/other"]


def test_the_answer_shows_in_the_html_answer_area(engine_app, exit_list) -> None:
    app = _app(engine_app, exit_list.url)
    page = app.test_client().get("/search", query_string={"q": "tor-check"},
                                 headers={"X-Forwarded-For": "203.0.113.7"}).get_data(as_text=True)  # fmt: skip
    assert re.search(r'<section class="answer"[^>]*>\s*<p>You are using Tor: 203\.0\.113\.7 is a Tor exit node\.</p>',
                     page)  # fmt: skip
