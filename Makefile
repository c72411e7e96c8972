# Two commands on a fresh machine with Python 3.11+: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench war clean

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

# The generated war of issue 21 (benchmarks/war.py): its files at day 60 and at the war's end, as
# benchmark fixtures. The same seed gives the same files.
WAR_SEED ?= 19
war: $(STAMP)
	$(BIN)/python benchmarks/war.py --seed $(WAR_SEED) --until 150 --out benchmarks/fixtures/war-day150.toml --also 60=benchmarks/fixtures/war-day60.toml

clean:
	rm -rf $(VENV) build dist *.egg-info
