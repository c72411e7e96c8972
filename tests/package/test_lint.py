"""ruff, the project's linter and formatter, passes over the code, the tests and the benchmarks
(pyproject.toml's [tool.ruff] says what it checks): `make test` fails on a lint or on a file not as
`ruff format` would write it. `ruff check --fix` and `ruff format` mend most of what this finds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ["referee", "tests", "benchmarks"]


def ruff(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "ruff", *args, *CHECKED], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_ruff_finds_nothing_to_lint() -> None:
    done = ruff("check", "--no-cache", "--output-format", "concise")
    assert done.returncode == 0, done.stdout + done.stderr


def test_every_file_is_as_ruff_formats_it() -> None:
    done = ruff("format", "--check", "--no-cache")
    assert done.returncode == 0, done.stdout + done.stderr
