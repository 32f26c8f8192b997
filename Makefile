# MemDesk: `make run` opens the demo workspace, `make test` runs every test. Both set up what they need.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SYSDEPS_STAMP := $(VENV)/.sysdeps
DEMO_DIR ?= $(HOME)/.local/share/memdesk/demo-everbot
export QT_QPA_PLATFORM ?= offscreen

.PHONY: run test check lint bench demo clean sysdeps

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

$(SYSDEPS_STAMP): packaging/sysdeps.sh | $(BIN)/python
	bash packaging/sysdeps.sh
	touch $@

sysdeps: $(SYSDEPS_STAMP)

# For now MemDesk runs on its demo workspace from the command line (the window comes next).
run: $(STAMP) $(SYSDEPS_STAMP)
	@test -f "$(DEMO_DIR)/MEMORY.md" || $(BIN)/memdesk demo "$(DEMO_DIR)"
	$(BIN)/memdesk check "$(DEMO_DIR)"
	$(BIN)/memdesk list "$(DEMO_DIR)" --section all
	$(BIN)/memdesk decay "$(DEMO_DIR)"

test: $(STAMP) $(SYSDEPS_STAMP)
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

check: lint test

bench: $(STAMP)
	$(BIN)/memdesk bench --entries 100000

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .hypothesis
