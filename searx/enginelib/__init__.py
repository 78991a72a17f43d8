"""What engine modules share: HTML and JSON parsing, URL templates, time ranges, a search language in
each upstream's spelling. Engines live in ``searx/engines/``, one module per upstream."""
