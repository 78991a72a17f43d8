# `make fuzz`: the full robustness runs (included by the Makefile with `-include utils/fuzz.mk`).
# - tests/fuzz: hypothesis profile "full", at least 10,000 generated requests to /search,
#   /preferences, /autocompleter and /ai_summary (make test runs the "ci" profile, ~1,500);
#   the count and the statuses seen are printed at the end, and fewer than 10,000 fails the run.
# - tests/chaos: 1,000 searches against hostile fake engines, checking threads, sockets and
#   memory (make test runs 200; SEARX_CHAOS_SEARCHES sets the number).
.PHONY: fuzz
fuzz: $(DEVSTAMP)
	HYPOTHESIS_PROFILE=full SEARX_CHAOS_SEARCHES=1000 $(BIN)/python -m pytest -q -s tests/fuzz tests/chaos
