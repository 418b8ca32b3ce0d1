# Two commands are all a newcomer needs: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint setup bench soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("Python 3.11 or newer is needed" if sys.version_info < (3, 11) else 0)'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(BIN)/old-maid-tutor $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check tutor tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/python -m pytest -n auto --cov --cov-report=term:skip-covered $(PYTEST_ARGS)
	$(BIN)/python -m coverage report --include='tutor/engine/*' --fail-under=95

# The long runs: every soak-marked test with many more seeds and events (OLD_MAID_TUTOR_SOAK times).
soak: $(STAMP)
	OLD_MAID_TUTOR_SOAK=$${OLD_MAID_TUTOR_SOAK:-100} $(BIN)/python -m pytest -n auto -m soak -p no:cacheprovider -s

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_speed.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .coverage
