"""Result kinds with fields of their own (map, torrent, paper, package, file): built from engine
items with SearXNG's field names, checked like every link, rendered in JSON, kept by the cache."""

from __future__ import annotations

from typing import Any

import pytest

from searx.formats.json import result_dict
from searx.results.merge import merge
from searx.results.search import EngineReport, SearchQuery
from searx.results.types import (
    FileResult,
    MainResult,
    MapResult,
    PackageResult,
    PaperResult,
    ResultSet,
    TorrentResult,
    from_engine_item,
)
from searx.search.cache import SearchCache
from searx.store.memory import MemoryStore

PLACE: dict[str, Any] = {
    "template": "map.html", "url": "https://www.openstreetmap.org/relation/62422", "title": "Berlin",
    "latitude": "52.5170365", "longitude": 13.3888599, "boundingbox": ["52.3382448", "52.6755087", "13.088345", "13.7611609"],
    "address": {"name": "Berlin", "country": "Deutschland", "postcode": "10117"}, "osm": {"type": "relation", "id": "62422"},
    "links": [{"label": "Website", "url": "https://berlin.de"}, {"label": "bad", "url": "javascript:alert(1)"}],
    "geojson": {"type": "Point", "coordinates": [13.38, 52.51]},
}


def test_a_place_keeps_its_coordinates_address_and_safe_links():
    place = from_engine_item(PLACE, "openstreetmap", "map")
    assert isinstance(place, MapResult) and place.kind == "map.html"
    assert place.latitude == pytest.approx(52.5170365) and place.longitude == pytest.approx(13.3888599)
    assert place.boundingbox[0] == pytest.approx(52.3382448)
    assert place.address["country"] == "Deutschland" and place.osm == {"type": "relation", "id": "62422"}
    assert place.links == [{"label": "Website", "url": "https://berlin.de"}]
    out = result_dict(place)
    assert out["template"] == "map.html" and out["latitude"] == place.latitude and out["geojson"]["type"] == "Point"


def test_a_value_that_does_not_fit_its_field_is_left_out_not_the_result():
    place = from_engine_item({**PLACE, "latitude": "north", "boundingbox": "everywhere"}, "photon", "map")
    assert isinstance(place, MapResult) and place.latitude is None and place.boundingbox == []
    assert place.longitude == pytest.approx(13.3888599)


@pytest.mark.parametrize(("magnet", "kept"), [
    ("magnet:?xt=urn:btih:0123456789abcdef&dn=debian", True),
    ("javascript:alert(1)//magnet:?xt=x", False),
    ("magnet:?xt=urn:btih:x\nSet-Cookie: a", False),
    ("https://example.org/magnet:?xt", False),
])
def test_magnet_links_are_the_one_other_scheme_and_only_in_their_field(magnet, kept):
    item = {"template": "torrent.html", "url": "https://tpb.example/t/1", "title": "debian.iso", "magnetlink": magnet,
            "torrentfile": "javascript:x", "seed": "12", "leech": 3, "filesize": "3.7 GiB"}
    torrent = from_engine_item(item, "piratebay", "files")
    assert isinstance(torrent, TorrentResult)
    assert torrent.magnetlink == (magnet if kept else "") and torrent.torrentfile == ""
    assert torrent.seed == 12 and torrent.leech == 3 and torrent.filesize == "3.7 GiB"
    if magnet.startswith("magnet:"):  # never as the result's own link
        assert from_engine_item({**item, "url": magnet}, "piratebay", "files") is None


def test_paper_package_and_file_fields():
    paper = from_engine_item({"template": "paper.html", "url": "https://pubmed.ncbi.nlm.nih.gov/1/", "title": "T",
                              "authors": ["A. Author", "B. Author"], "doi": "10.1000/x", "issn": ["1234-5678"],
                              "pdf_url": "data:application/pdf,x", "journal": "J"}, "pubmed", "science")
    assert isinstance(paper, PaperResult) and paper.authors == ["A. Author", "B. Author"] and paper.pdf_url == ""
    package = from_engine_item({"template": "packages.html", "url": "https://pypi.org/project/flask/", "title": "flask",
                                "package_name": "flask", "version": "3.1.3", "tags": ["web"],
                                "homepage": "vbscript:x", "source_code_url": "https://github.com/pallets/flask"},
                               "pypi", "it")
    assert isinstance(package, PackageResult) and package.homepage == "" and package.version == "3.1.3"
    assert result_dict(package)["source_code_url"] == "https://github.com/pallets/flask"
    file = from_engine_item({"template": "file.html", "url": "https://commons.wikimedia.org/wiki/File:A.pdf",
                             "title": "A.pdf", "mimetype": "application/pdf", "size": "1 MB"}, "wikicommons", "files")
    assert isinstance(file, FileResult) and file.mimetype == "application/pdf"


def test_music_and_social_media_have_a_kind_of_their_own():
    song = from_engine_item({"url": "https://example.org/s", "title": "Song", "views": "1.2k", "audio_src": "javascript:x",
                             "iframe_src": "https://w.soundcloud.com/player/?url=x"}, "soundcloud", "music")
    assert isinstance(song, MainResult) and song.kind == "music" and song.audio_src == "" and song.views == "1.2k"
    post = from_engine_item({"url": "https://lemmy.example/post/1", "title": "P", "metadata": "12 ▲ · 3 comments"},
                            "lemmy", "social media")
    assert isinstance(post, MainResult) and post.kind == "social media" and post.metadata.startswith("12")


def test_the_search_cache_gives_each_kind_back_as_its_class():
    place = from_engine_item(PLACE, "openstreetmap", "map")
    web = from_engine_item({"url": "https://example.org/", "title": "w"}, "ddg", "general")
    assert isinstance(place, MainResult) and isinstance(web, MainResult)
    merged = merge([ResultSet(results=[place]), ResultSet(results=[web])], {})
    cache = SearchCache(MemoryStore(), 60)
    sq = SearchQuery("berlin", ("openstreetmap", "ddg"))
    cache.put(sq, merged, [EngineReport("openstreetmap", "ok", results=1), EngineReport("ddg", "ok", results=1)])
    got = cache.get(sq)
    assert got is not None
    kinds = {type(r).__name__: r for r in got[0].results}
    assert set(kinds) == {"MapResult", "MainResult"}
    again = kinds["MapResult"]
    assert isinstance(again, MapResult) and again.address["country"] == "Deutschland" and again.links == place.links
