"""An Arabic page in Chromium: right to left, mirrored, the summary box whole, nothing past the edges."""

from __future__ import annotations

import pytest

from tests.browser.conftest import OUTPUT
from tests.browser.test_summary_box import assert_clean
from utils.fakes.llm import Reply

pytestmark = pytest.mark.browser

QUESTION = "ما هو ألفا؟"
ANSWER = ["ألفا ", "هو **الحرف الأول** ", "في الأبجدية اليونانية [1]. ", "انظر أيضًا [2].", "\n\n",
          "- نقطة أولى\n", "- نقطة ثانية [3]"]  # fmt: skip


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 360, "height": 760}],
                         ids=["desktop", "phone"])  # fmt: skip
def test_arabic_results_page_is_right_to_left_with_the_summary_box(serve, browser, llm, viewport) -> None:
    llm.script(Reply.tokens(ANSWER, delay=0.02))
    app = serve()
    shot = OUTPUT / f"rtl-arabic-{viewport['width']}.png"
    r = browser("rtl", app.search(QUESTION), screenshots=[str(shot)], locale="ar-EG", viewport=viewport)
    assert_clean(r)
    assert r["state"] == "done"
    assert r["answer"].startswith("ألفا هو الحرف الأول")
    assert r["basis"].startswith("استنادًا إلى")  # the summary box speaks Arabic too
    rtl = r["rtl"]
    assert (rtl["lang"], rtl["dir"], rtl["direction"], rtl["boxDirection"]) == ("ar", "rtl", "rtl", "rtl")
    assert rtl["answerDirection"] == "rtl" and rtl["title_text"] == "ملخص بالذكاء الاصطناعي"
    assert rtl["modelDirection"] == "ltr"  # a Latin model name, cut (if at all) at its own end
    assert rtl["skip"] == "انتقل إلى المحتوى"
    # Nothing overflows the viewport (no sideways scrolling), and the layout is mirrored:
    # the site's name on the right, the navigation on the left, the box's title at its right edge.
    assert rtl["scrollWidth"] <= rtl["viewport"], rtl
    assert rtl["overflowing"] == []
    assert 0 <= rtl["box"]["left"] and rtl["box"]["right"] <= rtl["viewport"]
    assert rtl["brand"]["left"] > rtl["nav"]["left"]
    assert rtl["box"]["right"] - rtl["title"]["right"] < rtl["title"]["left"] - rtl["box"]["left"]
    assert rtl["firstResult"]["right"] > rtl["viewport"] / 2
    assert shot.stat().st_size > 10_000


@pytest.mark.parametrize("path", ["/", "/preferences"])
def test_other_arabic_pages_are_right_to_left_within_the_viewport(serve, browser, path) -> None:
    app = serve()
    shot = OUTPUT / f"rtl-arabic-{path.strip('/') or 'index'}.png"
    r = browser("direction", app.url + path, screenshots=[str(shot)], locale="ar",
                viewport={"width": 360, "height": 760})  # fmt: skip
    assert_clean(r)
    rtl = r["rtl"]
    assert (rtl["lang"], rtl["dir"], rtl["direction"]) == ("ar", "rtl", "rtl")
    assert rtl["scrollWidth"] <= rtl["viewport"] and rtl["overflowing"] == [], rtl
