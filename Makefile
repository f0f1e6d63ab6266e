# casino-records: `make run` and `make test` do all the set-up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CLI := $(VENV)/bin/casino-records
STAMP := $(VENV)/.installed
PORT ?= 8501
# pytest's worker processes (pytest-xdist): two per core, as many tests wait on a
# browser, a server or a command (6 min 42 s against 7 min 34 s for one per core,
# on 2 cores). PYTEST_JOBS=0 runs everything in one process.
PYTEST_JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))

COMPILED := casino_records/_compiled.crc32

.PHONY: install compile run test test-fast test-wheel lint bench schema docs clean \
	i18n-extract i18n-update i18n-compile i18n-init i18n-check

# An editable install, pure Python: the compiled modules are built in place below.
# uv (from PyPI, into the venv) installs the ~80 packages in about 10 s where pip
# takes over two minutes; where uv cannot do it (an index only pip is configured
# for, no network to PyPI), pip does. Neither writes bytecode for the ~5,500 modules
# of the dependencies ahead: Python writes that of the modules it imports.
EXTRAS := .[viewer,dev,browser,scale]
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	{ $(PY) -m pip install -q uv && CASINO_RECORDS_COMPILE=0 UV_NATIVE_TLS=1 \
	    $(VENV)/bin/uv pip install -q --python $(PY) -e '$(EXTRAS)'; } \
	  || CASINO_RECORDS_COMPILE=0 $(PY) -m pip install -q --no-compile -e '$(EXTRAS)'
	touch $(STAMP)

# The engine's hot path compiled with mypyc beside its sources (2-3x faster), by the
# same setup.py that builds the wheels; rebuilt when a source changes. Without a C
# compiler it says so and the package stays pure Python (CASINO_RECORDS_COMPILE=0 skips it).
$(COMPILED): $(STAMP) setup.py $(wildcard casino_records/*.py casino_records/engine/*.py casino_records/record/*.py casino_records/record/*/*.py casino_records/check/*.py casino_records/analysis/*.py)
	$(PY) setup.py -q build_ext --inplace

install: $(STAMP) $(COMPILED)

compile: $(COMPILED)

# The main job: a short summary of the bundled sample games, then the viewer, opened in
# the default browser on a desktop (not in CI; CASINO_RECORDS_NO_BROWSER=1 stops that).
# Some samples are disputed or invalid on purpose: the check's exit code 1 is expected,
# and only 2 (unreadable input, a usage error) stops here.
run: install
	@echo "Checking the sample games (some are disputed or invalid on purpose):"
	@$(CLI) validate --summary sample_games || [ $$? -eq 1 ]
	@echo
	@$(CLI) view --port $(PORT)

# Everything but the wheels' build (test-wheel); the last line counts the browser tests.
test: install
	$(PY) -m pytest -n $(PYTEST_JOBS) -m "not wheel"

# The inner loop: everything but the slow property runs, the builds' comparison,
# the examples of the README and docs/cli.md, the live servers and the browser tests.
test-fast: install
	$(PY) -m pytest -q -n $(PYTEST_JOBS) -m "not slow and not browser"

# The wheels and the sdist built from scratch and installed into fresh virtual
# environments (tests/native/test_wheel.py, minutes); CI runs it after make test.
test-wheel: install
	$(PY) -m pytest -m wheel

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports
	$(CLI) schema --check
	$(PY) -m tools.catalogues check

# The translation catalogues (docs/i18n.md), kept with Babel: the template extracted
# from the sources (babel.cfg), each catalogue updated from it (and the pseudo-language
# made from it), then compiled. The .mo files are committed; `make lint` and
# tests/i18n fail when one is incomplete, fuzzy, loses a placeholder or is stale.
LOCALES := casino_records/locale
POT := $(LOCALES)/casino_records.pot
TRANSLATED = $(shell $(PY) -c "from casino_records.i18n import LANGUAGES as L; print(*(x.code for x in L if x.code != 'en' and not x.pseudo))")

i18n-extract: $(STAMP)
	$(VENV)/bin/pybabel extract -F babel.cfg -o $(POT) --sort-by-file --width 88 \
	  --project casino-records --copyright-holder "casino-records developers" \
	  -c "Translators:" casino_records viewer

i18n-update: i18n-extract
	for lang in $(TRANSLATED); do \
	  $(VENV)/bin/pybabel update -i $(POT) -d $(LOCALES) -D casino_records -l $$lang \
	    --width 88 --ignore-obsolete --no-fuzzy-matching || exit 1; done
	$(PY) -m tools.catalogues pseudo

i18n-compile: $(STAMP)
	$(PY) -m tools.catalogues compile

# A new language: make i18n-init LANG_CODE=xx (and its line in casino_records/i18n/languages.py)
i18n-init: $(STAMP)
	$(VENV)/bin/pybabel init -i $(POT) -d $(LOCALES) -D casino_records -l $(LANG_CODE) --width 88

i18n-check: $(STAMP)
	$(PY) -m tools.catalogues check

bench: install
	$(PY) bench/run_all.py

schema: $(STAMP)
	$(CLI) schema

# docs/rules.md is generated from casino_records/engine/rulebook.md and the options
# catalogue (casino_records/engine/options.py), docs/rules.<code>.md from each
# translation rulebook.<code>.md and the catalogues; tests/docs/test_rules_reference.py
# and test_rulebook_translations.py fail when one is stale.
RULEBOOKS := $(wildcard casino_records/engine/rulebook.*.md)
docs: $(STAMP)
	$(CLI) rules --format markdown > docs/rules.md.tmp && mv docs/rules.md.tmp docs/rules.md
	for code in $(patsubst casino_records/engine/rulebook.%.md,%,$(RULEBOOKS)); do \
	  $(CLI) --lang $$code rules --format markdown > docs/rules.$$code.md.tmp \
	    && mv docs/rules.$$code.md.tmp docs/rules.$$code.md || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis test-artifacts
	rm -rf build casino_records.egg-info dist
	rm -f $(COMPILED)
	find casino_records -name '*.so' -delete
