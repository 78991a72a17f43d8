"""The infinite_scroll plugin (off by default): the results page loads the next page as you scroll.

It has no hook: the page tells the browser (client settings ``infinite_scroll``) and
``client/src/features/infinite_scroll.ts`` fetches the next page's results when its
link comes into view. The page links stay, so pages work as before without JavaScript.
"""

from __future__ import annotations

from searx.plugins import N_, Plugin


class InfiniteScrollPlugin(Plugin):
    id = "infinite_scroll"
    name = N_("Infinite scroll")
    description = N_("Load the next page of results when you reach the end of the page.")
    default_on = False
