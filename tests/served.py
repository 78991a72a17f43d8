"""The app on a real werkzeug server in a thread, 127.0.0.1 on an OS-chosen port (tests only)."""

from __future__ import annotations

import threading
from typing import Any

from werkzeug.serving import make_server


class ServedApp:
    """Serves ``app`` until ``close``; each streamed line is flushed, as in production."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
