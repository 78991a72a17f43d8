"""What engine modules share: HTML and JSON parsing, URL templates, time ranges, locales, and which
settings entries this instance can run. Engines live in ``searx/engines/``, one module per upstream."""
