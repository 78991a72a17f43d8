"""How many pictures are fetched at once (``/image_proxy``, ``/map_tile``, ``/favicon_proxy`` together);
one that cannot start now is refused at once.

A picture's fetch holds its request thread until the picture's server answers
(at most ``outgoing.request_timeout``), so pictures that answer late, asked for
in parallel, could take every thread of the server. A fetch therefore takes,
without waiting, one of the slots of its server process and one of its
client's, as a page read does (``searx.reader.admission``); when one is taken
the caller hears so at once: ``busy`` (503) or ``rate_limited`` (429), with a
Retry-After of a second. Pictures served from the store (tiles, favicons) need no slot.
"""

from __future__ import annotations

from searx.errors import SearxError
from searx.proxy.errors import ImageError
from searx.reader.admission import RETRY, Admission

# a browser asks one host for at most 6 things at once over HTTP/1.1: one client's page of pictures stays whole
MAX_PER_CLIENT = 8


def limits(threads: int) -> tuple[int, int]:
    """Pictures fetched at once in one server process (half of ``server.threads``) and for one client
    (half of that, at most ``MAX_PER_CLIENT``): 16 and 8 of the default 32 threads."""
    everyone = max(2, threads // 2)
    return everyone, max(1, min(MAX_PER_CLIENT, everyone // 2))


class PictureAdmission(Admission):
    """Picture fetches in flight: at most ``max_concurrent`` in this process, ``max_per_client`` for one client."""

    def refusal(self, *, everyone: bool, limit: int = 0) -> SearxError:
        if everyone:
            return ImageError("busy", "the instance is fetching all the pictures it may at once; try again in a "
                              "moment", retry_after=RETRY)  # fmt: skip
        return ImageError("rate_limited", f"at most {limit} pictures are fetched at once for one "
                          "client; try again when one has arrived", retry_after=RETRY)  # fmt: skip
