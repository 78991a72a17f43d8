"""``make bench`` (images part): CPU per HTML search on the images tab against the web tab.

Three wikicommons engines on the fake engine's Commons answers (pictures from
their hosts, then through the image proxy: every picture link signed) against
three web engines; CPU as in ``utils.bench``.
"""

from __future__ import annotations

import argparse

from utils.bench import Instance, fake_engine, load


def image_engines(engine_url: str, n: int) -> list[dict]:
    """``n`` wikicommons engines on the fake engine's Commons answers (6 images each, shared URLs)."""
    return [{"name": f"img{i}", "engine": "wikicommons", "shortcut": f"i{i}", "base_url": f"{engine_url}/commons{i}",
             "enable_http": True, "categories": ["images"], "timeout": 5.0} for i in range(n)]


def images_vs_web(engine_url: str, searches: int) -> None:
    """CPU per HTML search: 3 image engines on the images tab (pictures from their hosts, then through
    the image proxy: every picture link signed) vs 3 web engines on the general tab."""
    cpu_ms = {}
    images, tab, proxy = image_engines(engine_url, 3), {"categories": "images"}, {"server": {"image_proxy": True}}
    for label, entries, extra, conf in (("web", None, {}, None), ("images", images, tab, None),
                                        ("images with image_proxy", images, tab, proxy)):
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
    print(f"images / web CPU per search: {cpu_ms['images'] / cpu_ms['web']:.2f}; with image_proxy: "
          f"{cpu_ms['images with image_proxy'] / cpu_ms['web']:.2f}", flush=True)



def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--searches", type=int, default=200, help="searches per row")
    args = parser.parse_args()
    with fake_engine() as engine_url:
        images_vs_web(engine_url, args.searches)


if __name__ == "__main__":
    main()
