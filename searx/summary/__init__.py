"""The AI summary: signed evidence, the grounded prompt, the LLM stream and its NDJSON relay.

No Flask here; ``searx.webapp.views.summary`` is the thin web front of ``service``.
"""
