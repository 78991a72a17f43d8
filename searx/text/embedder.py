"""What an embedder is: texts in, one unit-length float32 vector a text out (``collections/embed.py``
has the local ONNX and the OpenAI-compatible ones)."""

from __future__ import annotations

from typing import Protocol

import numpy as np


class Embedder(Protocol):
    model_id: str

    def embed(self, texts: list[str]) -> np.ndarray: ...
