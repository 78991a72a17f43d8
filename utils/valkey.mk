# Throw-away Valkey for development and the multi-instance tests (include from the Makefile).
# make valkey.start / valkey.stop, then point instances at store: {url: valkey://127.0.0.1:$(VALKEY_PORT)/0}
VALKEY_PORT ?= 6390
VALKEY_DIR ?= $(CURDIR)/.cache/valkey

.PHONY: valkey.install valkey.start valkey.stop
valkey.install:  ## install Debian's valkey-server, or redis-server where valkey is not packaged
	command -v valkey-server >/dev/null || command -v redis-server >/dev/null || \
	  apt-get install -y valkey-server || apt-get install -y redis-server

valkey.start:
	utils/valkey.sh start $(VALKEY_PORT) $(VALKEY_DIR)

valkey.stop:
	utils/valkey.sh stop $(VALKEY_PORT) $(VALKEY_DIR)
