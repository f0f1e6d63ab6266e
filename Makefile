# casino-records: `make run` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CLI := $(VENV)/bin/casino-records
STAMP := $(VENV)/.installed
PORT ?= 8501

.PHONY: install run test lint bench schema clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -e '.[viewer,dev,browser]'
	touch $(STAMP)

install: $(STAMP)

# The main job: validate and re-score the bundled sample games, then open the viewer.
# Some samples are disputed or invalid on purpose, so their exit code 1 is expected.
run: $(STAMP)
	-$(CLI) validate sample_games
	-$(CLI) rescore sample_games
	$(CLI) view --port $(PORT)

test: $(STAMP)
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(CLI) schema --check

bench: $(STAMP)
	$(PY) bench/run_all.py

schema: $(STAMP)
	$(CLI) schema

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis test-artifacts
