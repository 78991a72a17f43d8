"""The hash_plugin answer plugin: "sha256 some text" answers with the text's digest."""

from __future__ import annotations

import hashlib
import re

from searx.plugins import N_, Plugin, SearchContext
from searx.results.types import Answer

ALGORITHMS = ("md5", "sha1", "sha224", "sha256", "sha384", "sha512", "sha3_256", "sha3_512", "blake2b", "blake2s")
_QUERY = re.compile(r"^\s*(" + "|".join(ALGORITHMS) + r"|sha3-256|sha3-512)\s+(.+?)\s*$", re.IGNORECASE | re.DOTALL)


def digest(query: str) -> tuple[str, str] | None:
    """(algorithm, hex digest) when ``query`` asks for one."""
    match = _QUERY.match(query)
    if not match:
        return None
    algorithm = match.group(1).lower().replace("-", "_")
    return algorithm, hashlib.new(algorithm, match.group(2).encode("utf-8")).hexdigest()


class HashPlugin(Plugin):
    id = "hash_plugin"
    name = N_("Hash")
    description = N_('Answer "sha256 text" (md5, sha1, sha512, ...) with the digest of the text.')

    def post_search(self, ctx: SearchContext) -> None:
        if ctx.pageno > 1:
            return
        found = digest(ctx.query)
        if found:
            algorithm, value = found
            ctx.results.answers.append(Answer(answer=f"{algorithm}: {value}"))
