"""``make bench`` (images part): the CPU of an images search with the images group's engines, against a web search.

The ten engines of ``utils/fakes/fixtures.py`` (openverse, artic, unsplash, pexels,
flickr, pinterest, devicons, lucide, startpage images, brave.images) run their real
parsers on their fixtures, served by the fake engine on loopback; the web search is
``utils/bench.py``'s json_engine engines on the same fake, with as many engines and
with three. CPU is the app's process tree (as in ``utils/bench.py``). A second table
times each parser alone, in this process, on its fixture.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from typing import Any

import httpx

from searx.enginelib.params import EngineParams, SearchResponse, engine_params
from searx.engines import Engine
from searx.results.search import SearchQuery
from utils.bench_kit import ROOT, Instance, free_port, load, wait_http
from utils.fakes import fixtures


def search_cpu(engine_url: str, searches: int, entries: list[dict[str, Any]] | None, engines: int,
               extra: dict[str, str], conf: dict | None = None) -> tuple[float, int, int]:
    """CPU ms per HTML search (4 clients), the errors, and the results one search shows."""
    inst = Instance(engine_url, engines, 0.0, conf, entries=entries)
    try:
        load(inst.url, "html", 4, 20, "warm up", extra)  # the icon sets keep their index from here on
        cpu0 = inst.cpu()
        _, errors = load(inst.url, "html", 4, searches, "cat", extra)
        cpu = (inst.cpu() - cpu0) / searches * 1000
        shown = httpx.get(f"{inst.url}/search", params={"q": "cat", "format": "json", **extra}, timeout=30).json()
        return cpu, errors, len(shown["results"])
    finally:
        inst.stop()


def make_params(engine: Engine, token: str | None = None) -> EngineParams:
    """The params the runner hands request() (``engine_params``), for one page-1 search of the images tab."""
    params = engine_params(engine, SearchQuery(query="cat", engines=(engine.name,), categories=("images",)))
    params["token"] = token
    return params


def _answer(resp: httpx.Response, params: EngineParams) -> SearchResponse:
    """The answer as the runner hands it to response(): its body decoded, so without the headers that described
    the encoded one."""
    headers = [(k, v) for k, v in resp.headers.items() if k.lower() not in ("content-encoding", "content-length")]
    out = SearchResponse(resp.status_code, headers=headers, content=resp.content, request=resp.request)
    out.search_params = params
    return out


def parser_ms(engine_url: str, rounds: int) -> list[tuple[str, float]]:
    """Each engine's response() on its fixture (the icon sets: their kept index after a 304)."""
    from searx.engines import build_engine

    out = []
    for entry in fixtures.entries(engine_url):
        engine = build_engine(entry, "bench", 5.0)
        params = make_params(engine)
        engine.request("cat", params)
        first = _answer(httpx.request(params["method"], params["url"], data=params["data"], headers=params["headers"]),
                        params)
        kept = next((i["token"] for i in engine.response(first) if "token" in i), None)
        if kept:
            params = make_params(engine, token=kept)
            engine.request("cat", params)
            first = _answer(httpx.get(params["url"], headers=params["headers"]), params)
        start = time.process_time()
        for _ in range(rounds):
            engine.response(first)
        out.append((entry["name"], (time.process_time() - start) / rounds * 1000))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--searches", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=200, help="parser rounds per engine")
    args = parser.parse_args()
    fake = subprocess.Popen([sys.executable, "-m", "utils.fakes.engine", "--port", str(port := free_port())],
                            cwd=ROOT, stdout=subprocess.DEVNULL)
    engine_url = f"http://127.0.0.1:{port}"
    try:
        wait_http(engine_url + "/json?q=x")
        group = fixtures.entries(engine_url)
        tab = {"categories": "images"}
        rows = [("web, 3 json_engine engines", None, 3, {}, None),
                (f"web, {len(group)} json_engine engines", None, len(group), {}, None),
                (f"images, the {len(group)} engines of the images group", group, 0, tab, None),
                ("images, the same with image_proxy", group, 0, tab, {"server": {"image_proxy": True}})]
        cpu, shown = {}, {}
        for label, entries, engines, extra, conf in rows:
            cpu[label], errors, shown[label] = search_cpu(engine_url, args.searches, entries, engines, extra, conf)
            print(f"{label}: CPU {cpu[label]:.2f} ms/search (html, 4 clients), {shown[label]} results  errors {errors}",
                  flush=True)
        web3, web_n, images, proxied = (cpu[r[0]] for r in rows)
        per = [cpu[r[0]] / max(1, shown[r[0]]) for r in rows]
        print(f"images group / web with as many engines: {images / web_n:.2f} (with image_proxy {proxied / web_n:.2f}); "
              f"/ 3-engine web search: {images / web3:.2f}; per result shown: {per[2] / per[1]:.2f}", flush=True)
        print("\n| engine | parse ms (its fixture) |\n|---|---|")
        for name, ms in parser_ms(engine_url, args.rounds):
            print(f"| {name} | {ms:.3f} |")
    finally:
        fake.terminate()
        fake.wait(10)


if __name__ == "__main__":
    main()
