"""What engine modules share: the engine contract's data (``params``), HTML and JSON parsing, URL templates, time ranges, a search language in
each upstream's spelling. Engines live in ``searx/engines/``, one module per upstream."""
