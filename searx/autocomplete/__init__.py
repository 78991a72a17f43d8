"""Suggestions as you type: one small module per backend (or a table where they are alike), the
registry of their names, and the suggester that asks one from the server (no Flask here)."""
