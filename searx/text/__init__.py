"""Text tools shared by the collections and the summary: the passage splitter, rank fusion, what an
embedder is. Pure (no I/O)."""
