"""searx-ai: a privacy-respecting metasearch engine with a grounded AI summary."""

__version__ = "0.1.0"
