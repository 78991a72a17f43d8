"""``python -m searx.webapp.serve``: check the settings, then run granian with them.

Bind address, port, workers and threads come from ``server:`` in the
settings (``SEARX_SETTINGS_PATH``); bad settings stop here with the key named.
"""

from __future__ import annotations

import os
import shutil
import sys

from searx import settings as settings_mod
from searx.errors import SettingsError


def granian_argv(settings: settings_mod.Settings) -> list[str]:
    s = settings.server
    return [
        "granian", "--interface", "wsgi", "--factory", "searx.webapp:create_app",
        "--host", s.bind_address, "--port", str(s.port),
        "--workers", str(s.workers), "--blocking-threads", str(s.threads),
        "--no-ws", "--log-level", "debug" if settings.general.debug else "warning",
    ]


def main() -> int:
    try:
        settings = settings_mod.load()
        from searx.services import check

        check(settings)  # a short secret, bad engines, limits or proxies stop here, before granian starts
    except SettingsError as exc:
        print(f"searx-ai: bad settings: {exc}", file=sys.stderr)
        return 2
    argv = granian_argv(settings)
    granian = shutil.which("granian", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if granian is None:
        print("searx-ai: granian is not installed (run make run)", file=sys.stderr)
        return 2
    print(f"searx-ai: serving on http://{settings.server.bind_address}:{settings.server.port}", flush=True)
    os.execv(granian, [granian, *argv[1:]])
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
