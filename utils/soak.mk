# `make soak`: a bounded mixed load (searches and AI summaries) against fake engines and
# the fake LLM on loopback; fails on any error or on RSS growth (include from the Makefile).
# SOAK_ARGS=--quick runs one minute; SOAK_ARGS="--minutes 3" any other length.
SOAK_ARGS ?=

.PHONY: soak
soak: $(STAMP)
	$(BIN)/python -m utils.soak $(SOAK_ARGS)
