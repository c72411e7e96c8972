# Two commands on a fresh machine with Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/referee

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/cold_start.py
	$(BIN)/python benchmarks/app_speed.py
	$(BIN)/python benchmarks/odds_speed.py
	$(BIN)/python benchmarks/battle_speed.py
	$(BIN)/python benchmarks/engagement_speed.py
	$(BIN)/python benchmarks/scenario_speed.py
	$(BIN)/python benchmarks/undo_speed.py
	$(BIN)/python benchmarks/view_speed.py

clean:
	rm -rf $(VENV) build dist *.egg-info
