"""The client of a request: its address behind trusted proxies, the scheme it used, its limiter key."""

from __future__ import annotations

import pytest

from searx.client_address import client_address, client_key, forwarded_scheme, parse_trusted_proxies
from searx.errors import SettingsError

PROXIES = ["10.0.0.0/8", "192.0.2.7", "2001:db8:ffff::/48"]


# --- client_address ------------------------------------------------------------------


def test_without_trusted_proxies_the_peer_is_the_client() -> None:
    assert client_address("203.0.113.5", "198.51.100.1", []) == "203.0.113.5"


def test_spoofed_forwarded_for_from_an_untrusted_peer_is_ignored() -> None:
    assert client_address("203.0.113.5", "1.1.1.1", PROXIES) == "203.0.113.5"
    assert client_address("203.0.113.5", "10.0.0.1, 1.1.1.1", PROXIES) == "203.0.113.5"


def test_trusted_peer_forwards_the_client() -> None:
    assert client_address("10.1.2.3", "198.51.100.1", PROXIES) == "198.51.100.1"
    assert client_address("192.0.2.7", "198.51.100.1", PROXIES) == "198.51.100.1"


def test_walk_from_the_right_skips_trusted_hops_and_stops_at_the_first_untrusted() -> None:
    # the client wrote "6.6.6.6" itself; nginx appended the real peer, then a second proxy
    forwarded = "6.6.6.6, 198.51.100.1, 10.0.0.9"
    assert client_address("10.0.0.1", forwarded, PROXIES) == "198.51.100.1"


def test_all_hops_trusted_gives_the_leftmost() -> None:
    assert client_address("10.0.0.1", "10.0.0.3, 10.0.0.2", PROXIES) == "10.0.0.3"


def test_invalid_hops_are_never_the_client() -> None:
    assert client_address("10.0.0.1", "not-an-ip", PROXIES) == "10.0.0.1"
    assert client_address("10.0.0.1", "198.51.100.1, unknown, 10.0.0.2", PROXIES) == "10.0.0.2"
    assert client_address("10.0.0.1", " , ", PROXIES) == "10.0.0.1"
    assert client_address("10.0.0.1", "", PROXIES) == "10.0.0.1"


def test_ports_brackets_and_mapped_addresses_are_understood() -> None:
    assert client_address("10.0.0.1", "198.51.100.1:4711", PROXIES) == "198.51.100.1"
    assert client_address("10.0.0.1", "[2001:db8::1]:443", PROXIES) == "2001:db8::1"
    assert client_address("::ffff:10.0.0.1", "198.51.100.1", PROXIES) == "198.51.100.1"
    assert client_address("2001:db8:ffff:1::1", "2001:db8:1::5", PROXIES) == "2001:db8:1::5"


def test_an_ipv4_proxy_rule_does_not_trust_ipv6_peers() -> None:
    assert client_address("2001:db8:1::1", "198.51.100.1", ["0.0.0.0/0"]) == "2001:db8:1::1"


def test_a_peer_that_is_no_address_is_kept_as_it_is() -> None:
    assert client_address("", "198.51.100.1", PROXIES) == "unknown"
    assert client_address("unix-socket", None, PROXIES) == "unix-socket"


def test_bad_trusted_proxies_name_the_entry() -> None:
    with pytest.raises(SettingsError, match=r"server\.trusted_proxies\[1\]"):
        parse_trusted_proxies(["10.0.0.0/8", "10.0.0.0/33"])
    assert len(parse_trusted_proxies(PROXIES)) == 3


def test_forwarded_proto_counts_only_from_a_trusted_proxy() -> None:
    assert forwarded_scheme("http", "10.0.0.1", "https", PROXIES) == "https"
    assert forwarded_scheme("http", "10.0.0.1", "HTTPS, http", PROXIES) == "https"
    assert forwarded_scheme("http", "203.0.113.5", "https", PROXIES) == "http"
    assert forwarded_scheme("https", "10.0.0.1", "gopher", PROXIES) == "https"
    assert forwarded_scheme("http", "10.0.0.1", None, PROXIES) == "http"


def test_ipv6_clients_share_their_slash_64() -> None:
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("198.51.100.1") == "198.51.100.1"
