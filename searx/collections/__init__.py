"""Knowledge collections: named sets of documents, split into passages, searched by words and by meaning.

``names`` validates names, ``formats`` turns uploads into text, ``searx.text.chunking``
cuts passages, ``store`` keeps them (SQLite: FTS5 + vectors), ``embed`` makes
vectors, ``searx.text.fusion`` merges rankings and ``service`` runs it all for the app.
"""
