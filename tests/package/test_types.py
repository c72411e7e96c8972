"""The rules layer type-checks under ``mypy --strict`` (files listed in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_rules_layer_is_strictly_typed() -> None:
    pytest.importorskip("mypy", reason="the test extra installs mypy")
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
