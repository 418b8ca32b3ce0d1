# Two commands are all a newcomer needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test suite lint engine-coverage setup bench soak clean messages

# Python keeps compiled modules (and pytest its rewritten test modules) in __pycache__ even where
# the environment says not to (PYTHONDONTWRITEBYTECODE): without them every test process compiles
# the whole suite and the tutor again, about 5 s of CPU each, and the app starts slower.
unexport PYTHONDONTWRITEBYTECODE

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("Python 3.11 or newer is needed" if sys.version_info < (3, 11) else 0)'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Each language's catalogue, compiled for gettext whenever its .po changes (tutor/language.py).
CATALOGUES := $(wildcard tutor/locale/*/LC_MESSAGES/tutor.po)
COMPILED := $(CATALOGUES:.po=.mo)

%.mo: %.po $(STAMP)
	$(BIN)/pybabel compile --statistics -i $< -o $@.new
	mv $@.new $@

setup: $(STAMP) $(COMPILED)

play: setup
	$(BIN)/old-maid-tutor $(ARGS)

# After changing words in the code or the course: gather every message again (tutor/locale/tutor.pot)
# and bring each language's catalogue up to date (new messages empty, changed ones marked fuzzy).
messages: $(STAMP)
	$(BIN)/pybabel --quiet extract -F babel.cfg -k tr -k ntr:1,2 -k ptr:1c,2 -k mark --no-wrap --add-location=file \
		--sort-by-file --project "Old Maid Tutor" --copyright-holder "Old Maid Tutor" -o tutor/locale/tutor.pot .
	$(BIN)/pybabel --quiet update --no-wrap -D tutor -d tutor/locale -i tutor/locale/tutor.pot

lint: setup
	$(BIN)/ruff check tutor tests benchmarks
	$(BIN)/ruff format --check tutor tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

# The suite on every core, with the engine's own tests run once, apart, under coverage: the engine
# must stay at 95% or more (tracing every test would double the suite's time). Lint, the engine's
# run and the suite go side by side (each one's output kept together): the suite's workers spend
# part of their time waiting (timers, servers, browsers), which lint and the engine's one process
# fill; run one after the other they took 15 s more.
WORKERS ?= 4
ENGINE_TESTS := $(wildcard tests/test_engine_*.py) tests/test_cards_and_rules.py tests/test_decks_engine.py tests/test_simulate.py

test: setup
	$(MAKE) --no-print-directory -j3 --output-sync=target lint engine-coverage suite

suite: setup
	$(BIN)/python -m pytest -n $(WORKERS) --dist worksteal $(addprefix --ignore=,$(ENGINE_TESTS)) $(PYTEST_ARGS)

engine-coverage: $(STAMP)
	$(BIN)/python -m pytest -q --cov=tutor.engine --cov-report=term:skip-covered --cov-fail-under=95 $(ENGINE_TESTS)

# The long runs: every soak-marked test with many more seeds and events (OLD_MAID_TUTOR_SOAK times).
soak: $(STAMP)
	OLD_MAID_TUTOR_SOAK=$${OLD_MAID_TUTOR_SOAK:-100} $(BIN)/python -m pytest -n auto -m soak -p no:cacheprovider -s

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .coverage
