# MemDesk: `make run` opens the demo workspace, `make test` runs every test. Both set up what they need.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SYSDEPS_STAMP := $(VENV)/.sysdeps
DIST_STAMP := $(VENV)/.installed-dist

.PHONY: run test test-fast check lint bench bench-scale demo clean sysdeps screenshots docs translations dist dist-smoke

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

$(DIST_STAMP): pyproject.toml | $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,dist]'
	touch $@

$(SYSDEPS_STAMP): packaging/sysdeps.sh | $(BIN)/python
	bash packaging/sysdeps.sh
	touch $@

sysdeps: $(SYSDEPS_STAMP)

# The window in Simplified Chinese: the committed .ts built into the .qm it loads (not committed),
# with PySide6's lrelease, as a wheel's build does (packaging/memdesk_build.py).
QM := resources/i18n/memdesk_zh_CN.qm
$(QM): resources/i18n/memdesk_zh_CN.ts | $(STAMP)
	$(BIN)/python packaging/memdesk_build.py

# The .ts refreshed from the sources (translations kept, new strings unfinished; part files merged).
translations: $(STAMP)
	$(BIN)/python packaging/translations.py

# The window on the demo workspace (written on first run to ~/.local/share/memdesk/).
# Without a display it says how to get one and stops there: nothing failed.
run: $(STAMP) $(SYSDEPS_STAMP) $(QM)
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY$$QT_QPA_PLATFORM" ]; then \
	  echo "No display here, so no window: run it from a desktop session, or under a virtual display with: xvfb-run -a make run"; \
	else $(BIN)/memdesk open --demo; fi

# One test process per CPU (pytest-xdist), each test taken by whichever is free.
PARALLEL := -n auto --dist worksteal

test: $(STAMP) $(SYSDEPS_STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PARALLEL)

# Every page of every agent's demo in light and dark (build/screenshots/), and the pictures the
# README and the guide show (resources/screenshots/), under a virtual X server at 1440x900.
screenshots: $(STAMP) $(SYSDEPS_STAMP) $(QM)
	xvfb-run -a -s "-screen 0 1440x900x24" $(BIN)/python packaging/screenshot.py build/screenshots --readme resources/screenshots

# The user guide (MkDocs, Material theme) into build/site/: the command reference written anew
# from the parser, then a strict build (a warning fails it). Open build/site/index.html.
docs: $(STAMP)
	$(BIN)/python packaging/cli_reference.py
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# The one-folder bundle dist/memdesk/ (PyInstaller, packaging/memdesk.spec), and its size.
dist: $(DIST_STAMP) $(SYSDEPS_STAMP) $(QM)
	$(BIN)/python -m PyInstaller packaging/memdesk.spec --noconfirm --clean --log-level WARN \
	  --distpath dist --workpath build/pyinstaller
	@echo "bundle: dist/memdesk/ $$(du -sm dist/memdesk | cut -f1) MB in $$(find dist/memdesk -type f | wc -l) files; run dist/memdesk/memdesk"

# The bundle just built, started offscreen on an EverBot and a Hermes demo: shown with its
# memories, one edited and saved (backup made), closed with exit 0 (packaging/smoke.py).
dist-smoke: dist
	$(BIN)/python packaging/smoke.py dist/memdesk/memdesk

# The suite without the tests marked slow (real processes, 100 MB files): for quick iteration.
test-fast: $(STAMP) $(SYSDEPS_STAMP) $(QM)
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest $(PARALLEL) -m "not slow" -q

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports

check: lint test

bench: $(STAMP)
	$(BIN)/memdesk bench --entries 100000
	QT_QPA_PLATFORM=offscreen $(BIN)/python tests/benchmarks/gui_bench.py --entries 100000
	QT_QPA_PLATFORM=offscreen $(BIN)/python tests/benchmarks/desk_bench.py --entries 10000
	$(BIN)/python tests/benchmarks/open_bench.py --entries 100000
	$(BIN)/python tests/benchmarks/openclaw_bench.py --entries 100000

# 1,000 to 1,000,000 memories, the commands at a million, and the chart in docs/ (minutes).
bench-scale: $(STAMP)
	$(BIN)/python tests/benchmarks/scale_bench.py --plot docs/scaling.svg

clean:
	rm -rf $(VENV) build dist *.egg-info .mypy_cache .ruff_cache .hypothesis
