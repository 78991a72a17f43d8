"""A test host in a network namespace: ``ip netns`` + a veth pair with 10.x addresses.

The reader must reach a real server without weakening the loopback rule, so
the server runs in a namespace of its own, reachable at a private address
(with ``fetch.allow_private: true``). Names are unique; everything is removed
afterwards, also when a test fails.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


@dataclass
class SiteHost:
    namespace: str
    host_address: str  # our end of the veth pair: one of this machine's own addresses
    address: str  # the test host
    log: Path
    ca: Path  # the CA that signed the site's certificate for site.test

    def requests(self) -> list[str]:
        return [line for line in self.log.read_text().splitlines() if line.startswith("GET ")]


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


def unavailable() -> str | None:
    """Why a namespace cannot be made here, or None."""
    if os.geteuid() != 0:
        return "needs root to create a network namespace"
    probe = f"srxprobe{os.getpid()}"
    try:
        _ip("netns", "add", probe)
    except (OSError, subprocess.SubprocessError) as exc:
        return f"ip netns does not work here: {exc}"
    subprocess.run(["ip", "netns", "del", probe], capture_output=True, timeout=10)
    return None


def _tls_files(folder: Path) -> tuple[Path, Path]:
    """A test CA (``ca.pem``) and a certificate for ``site.test`` signed by it."""
    ca, ca_key, cert, key = folder / "ca.pem", folder / "ca.key", folder / "cert.pem", folder / "key.pem"
    csr, ext = folder / "site.csr", folder / "site.ext"
    ext.write_text("subjectAltName=DNS:site.test\n")
    for argv in (
        ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=searx test CA",
         "-keyout", str(ca_key), "-out", str(ca)],
        ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=site.test", "-keyout", str(key), "-out", str(csr)],
        ["x509", "-req", "-in", str(csr), "-CA", str(ca), "-CAkey", str(ca_key), "-CAcreateserial", "-days", "1",
         "-extfile", str(ext), "-out", str(cert)],
    ):  # fmt: skip
        subprocess.run(["openssl", *argv], check=True, capture_output=True, timeout=60)
    return cert, key


@contextmanager
def namespace_host(folder: Path, http_port: int = 8080, https_port: int = 8443,
                   command: Sequence[str] | None = None, also: Sequence[int] = ()) -> Iterator[SiteHost]:
    """The reader's test site in a namespace, or ``command`` (a server that prints "ready"; no TLS files);
    ``also``: more HTTP ports the site answers on (each an origin of its own)."""
    tag = f"{os.getpid() % 100000}{random.randrange(1000):03d}"
    namespace, outer, inner = f"srxr{tag}", f"srxh{tag}", f"srxn{tag}"
    net = f"10.{random.randrange(200, 250)}.{random.randrange(1, 250)}"
    host_address, address = f"{net}.1", f"{net}.2"
    log = folder / "site.log"
    server: subprocess.Popen[bytes] | None = None
    try:
        _ip("netns", "add", namespace)
        _ip("link", "add", outer, "type", "veth", "peer", "name", inner)
        _ip("link", "set", inner, "netns", namespace)
        _ip("addr", "add", f"{host_address}/30", "dev", outer)
        _ip("link", "set", outer, "up")
        _ip("netns", "exec", namespace, "ip", "addr", "add", f"{address}/30", "dev", inner)
        _ip("netns", "exec", namespace, "ip", "link", "set", inner, "up")
        _ip("netns", "exec", namespace, "ip", "link", "set", "lo", "up")
        if command is None:
            cert, key = _tls_files(folder)
            ports = ",".join(str(p) for p in (http_port, *also))
            command = [sys.executable, str(HERE / "netns_site.py"), ports, str(https_port), str(cert), str(key)]
        with log.open("wb") as out:
            server = subprocess.Popen(["ip", "netns", "exec", namespace, *command], stdout=out,
                                      stderr=subprocess.STDOUT)  # fmt: skip
        deadline = time.monotonic() + 20
        while "ready" not in log.read_text():
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the test site did not start: {log.read_text()[-2000:]}")
            time.sleep(0.05)  # polling a child's start-up, not synchronising the test itself
        yield SiteHost(namespace, host_address, address, log, folder / "ca.pem")
    finally:
        if server is not None:
            server.kill()
            server.wait(10)
        subprocess.run(["ip", "link", "del", outer], capture_output=True, timeout=10)
        subprocess.run(["ip", "netns", "del", namespace], capture_output=True, timeout=10)
