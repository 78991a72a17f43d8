"""Pictures through the instance: the image proxy, favicons and map tiles (fetched through searx.network)."""
