"""``make bench`` (media tabs): CPU per HTML search on the images and music tabs against the web tab.

Three wikicommons engines on the fake engine's Commons answers (pictures from
their hosts, then through the image proxy: every picture link signed), and
three music engines (two Mixcloud sites, one Radio Browser server), each
against three web engines; CPU as in ``utils.bench``.
"""

from __future__ import annotations

import argparse

from utils.bench_kit import Instance, fake_engine, load


def image_engines(engine_url: str, n: int) -> list[dict]:
    """``n`` wikicommons engines on the fake engine's Commons answers (6 images each, shared URLs)."""
    return [{"name": f"img{i}", "engine": "wikicommons", "shortcut": f"i{i}", "base_url": f"{engine_url}/commons{i}",
             "enable_http": True, "categories": ["images"], "timeout": 5.0} for i in range(n)]


def music_engines(engine_url: str) -> list[dict]:
    """Three music engines on the fake engine's answers: two Mixcloud sites (6 shows each, with players)
    and a Radio Browser server (6 stations with streams)."""
    return [*({"name": f"mix{i}", "engine": "mixcloud", "shortcut": f"m{i}", "base_url": f"{engine_url}/mixcloud{i}",
               "enable_http": True, "categories": ["music"], "timeout": 5.0} for i in range(2)),
            {"name": "radio", "engine": "radio_browser", "shortcut": "rb", "base_url": f"{engine_url}/radiobrowser",
             "enable_http": True, "categories": ["music"], "timeout": 5.0}]


def tab_vs_web(engine_url: str, searches: int, rows: tuple[tuple[str, list[dict] | None, dict, dict | None], ...]
               ) -> dict[str, float]:
    """CPU ms per HTML search (4 clients) of each (label, engines, query extras, settings) row."""
    cpu_ms = {}
    for label, entries, extra, conf in rows:
        inst = Instance(engine_url, 3, 0.0, conf, entries=entries)
        try:
            load(inst.url, "html", 4, 20, "warm up", extra)
            cpu0 = inst.cpu()
            _, errors = load(inst.url, "html", 4, searches, "bench query", extra)
            cpu_ms[label] = (inst.cpu() - cpu0) / searches * 1000
        finally:
            inst.stop()
        print(f"3-engine {label} search, html, 4 clients: CPU {cpu_ms[label]:.2f} ms/search  errors {errors}",
              flush=True)
    return cpu_ms


def images_vs_web(engine_url: str, searches: int) -> None:
    images, tab, proxy = image_engines(engine_url, 3), {"categories": "images"}, {"server": {"image_proxy": True}}
    cpu_ms = tab_vs_web(engine_url, searches, (("web", None, {}, None), ("images", images, tab, None),
                                               ("images with image_proxy", images, tab, proxy)))
    print(f"images / web CPU per search: {cpu_ms['images'] / cpu_ms['web']:.2f}; with image_proxy: "
          f"{cpu_ms['images with image_proxy'] / cpu_ms['web']:.2f}", flush=True)


def music_vs_web(engine_url: str, searches: int) -> None:
    cpu_ms = tab_vs_web(engine_url, searches, (("web", None, {}, None),
                                               ("music", music_engines(engine_url), {"categories": "music"}, None)))
    print(f"music / web CPU per search: {cpu_ms['music'] / cpu_ms['web']:.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--searches", type=int, default=200, help="searches per row")
    parser.add_argument("--images-only", action="store_true", help="only the images-vs-web CPU figure")
    parser.add_argument("--music-only", action="store_true", help="only the music-vs-web CPU figure")
    args = parser.parse_args()
    with fake_engine() as engine_url:
        if not args.music_only:
            images_vs_web(engine_url, args.searches)
        if not args.images_only:
            music_vs_web(engine_url, args.searches)


if __name__ == "__main__":
    main()
