"""The words that turn a statement into its opposite, one module per language (en, de, es, fr).

A language without a module here is never checked for contradictions: its
answers keep the word-overlap support check alone.
"""

from __future__ import annotations

from searx.summary.opposites import de, en, es, fr
from searx.summary.opposites.lexicon import ALL, FEW, MANY, MAY, MUST, NONE, SHOULD, SOME, Cue, Lexicon

LEXICONS: dict[str, Lexicon] = {"en": en.LEXICON, "de": de.LEXICON, "es": es.LEXICON, "fr": fr.LEXICON}

__all__ = ["ALL", "FEW", "LEXICONS", "MANY", "MAY", "MUST", "NONE", "SHOULD", "SOME", "Cue", "Lexicon"]
