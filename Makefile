# Two commands on a fresh machine with Python 3.11+: `make run` and `make test`.
# The Python the venv is made with: the operating system's own (/usr/bin/python3) where it is 3.11 or
# later and can make a venv (its ensurepip is there), else the python3 on the path. Linux
# distributions build their Python with profile-guided and link-time optimisation; pyenv's build on
# the development machine (a shared libpython, neither) took 1.41 times the CPU and the time for the
# same tests (paired runs: docs/speed.md, The test suite).
# `make PYTHON=python3.12 test` chooses another (after `make clean`, as the venv is made once).
SYSTEM_PYTHON := /usr/bin/python3
PYTHON ?= $(shell $(SYSTEM_PYTHON) -c "import sys, ensurepip; sys.exit(sys.version_info < (3, 11))" 2>/dev/null && echo $(SYSTEM_PYTHON) || echo python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench war clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# (the pip the venv comes with installs the project: upgrading it first took 3 s a set-up)
$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/referee

# The suite runs in PYTEST_WORKERS processes (pytest-xdist), 6 on the 2 cores: a pilot test spends
# most of its time with Textual waiting for the app to go idle (40 ms a key at the least), so one
# process keeps a core less than half busy. --dist worksteal hands a worker that is done the tests
# of one still busy; the longest modules start the workers' shares (tests/conftest.py: LONG), so
# none is left running alone at the end. Python writes its bytecode here whatever
# PYTHONDONTWRITEBYTECODE says, and a first run collects the tests once before the workers start
# (in two processes, each half the test modules: 9 s where one took 15): else each worker rewrites
# the asserts of every test module again (12 s of CPU a worker, every run) and each referee process
# a test starts compiles the program again.
# `make test PYTEST_WORKERS=0` runs the suite in one process. A run that collects no test still
# fails (pytest's exit code 5, with xdist or without).
PYTEST_WORKERS ?= 6
WRITE_PYC := PYTHONDONTWRITEBYTECODE=
COLLECT := $(BIN)/python -m pytest --collect-only -q -p no:cacheprovider
HALF := tests/app tests/cli tests/files

test: $(STAMP)
	@ls tests/__pycache__/conftest.*-pytest-*.pyc >/dev/null 2>&1 || { \
	  $(WRITE_PYC) $(COLLECT) $(HALF) >/dev/null 2>&1 & \
	  $(WRITE_PYC) $(COLLECT) tests $(addprefix --ignore=,$(HALF)) >/dev/null 2>&1; \
	  wait; } || true
	$(WRITE_PYC) $(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist worksteal

# command_speed.py: the reading command of each game (kh ships, sfw ships, si status) beside campaign
# status, each against the one-command typer app (issue 36: at most 1.3 times it).
# war_speed.py (last, 2 to 3 minutes): issue 21's four targets on the generated war's files
# (benchmarks/fixtures/, `make war`) beside a fresh war; its day 2 is generated with WAR_SEED.
bench: $(STAMP)
	$(BIN)/python benchmarks/cold_start.py
	$(BIN)/python benchmarks/app_speed.py
	$(BIN)/python benchmarks/odds_speed.py
	$(BIN)/python benchmarks/battle_speed.py
	$(BIN)/python benchmarks/engagement_speed.py
	$(BIN)/python benchmarks/scenario_speed.py
	$(BIN)/python benchmarks/undo_speed.py
	$(BIN)/python benchmarks/view_speed.py
	$(BIN)/python benchmarks/paper_speed.py
	$(BIN)/python benchmarks/game_day.py
	$(BIN)/python benchmarks/command_speed.py
	$(BIN)/python benchmarks/war_speed.py --seed $(WAR_SEED)

# The generated war of issue 21 (benchmarks/war.py): its files at day 60 and at the war's end, as
# benchmark fixtures. The same seed gives the same files.
WAR_SEED ?= 5
war: $(STAMP)
	rm -f benchmarks/fixtures/war-*.toml*
	$(BIN)/python benchmarks/war.py --seed $(WAR_SEED) --until 150 --also 60=benchmarks/fixtures/war-day60.toml --last-day benchmarks/fixtures/war-last-day.toml

clean:
	rm -rf $(VENV) build dist *.egg-info
