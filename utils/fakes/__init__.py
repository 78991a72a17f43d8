"""Fake upstream servers on 127.0.0.1 for tests and development (real HTTP, no internet)."""
