"""The summary box's strings: the server's list matches the client's, and pages translate them."""

import json
import re
from pathlib import Path

from lxml import etree

from searx.webapp.client_strings import STRINGS

CLIENT = Path(__file__).resolve().parent.parent.parent / "client" / "src" / "lib" / "i18n.ts"


def test_server_list_matches_the_client():
    source = CLIENT.read_text()
    block = source[source.index("export const STRINGS"):source.index("} as const")]
    client = dict(re.findall(r'^\s+"?([\w.]+)"?: "((?:[^"\\]|\\.)*)",', block, re.M))
    assert client == STRINGS


def test_german_page_sends_translations_english_page_none(client):
    def settings(lang):
        page = client.get("/search?q=x", headers={"Accept-Language": lang}).data
        return json.loads(etree.HTML(page).xpath("//script[@id='client-settings']/text()")[0])

    german = settings("de")
    assert german["ui_lang"] == "de" and german["translations"]["stop"] == "Anhalten"
    assert "translations" not in settings("en")
