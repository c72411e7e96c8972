"""The installed console script, and a wheel that carries the tables and campaigns with it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def script() -> str:
    beside = Path(sys.executable).parent / "referee"
    found = str(beside) if beside.exists() else shutil.which("referee")
    if found is None:
        pytest.fail("the console script 'referee' is not installed: run 'make test'")
    return found


def test_installed_console_script_rolls_looks_up_and_refuses(tmp_path: Path) -> None:
    run = lambda *args: subprocess.run([script(), *args], capture_output=True, text=True, cwd=tmp_path)  # noqa: E731
    rolled = run("roll", "2d10+4", "--seed", "1", "--json")
    assert rolled.returncode == 0, rolled.stderr
    assert 6 <= json.loads(rolled.stdout)["total"] <= 24
    found = run("table", "lookup", "kh.damage", "83")
    assert found.returncode == 0 and "Defense hit" in found.stdout
    bad = run("roll", "2d")
    assert bad.returncode == 2
    assert bad.stderr.startswith("referee: error:") and "Traceback" not in bad.stderr
    module = subprocess.run([sys.executable, "-m", "referee", "table", "lookup", "si.open-order", "3:2", "4"], capture_output=True, text=True, cwd=tmp_path)
    assert module.returncode == 0 and module.stdout.startswith("result: 1")


def test_a_wheel_installed_outside_the_checkout_finds_its_tables(tmp_path: Path) -> None:
    pytest.importorskip("hatchling", reason="the test extra installs hatchling to build the wheel")
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp_path / "dist"), str(ROOT)],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0, built.stderr
    wheel = next((tmp_path / "dist").glob("referee-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for toml in sorted(p.name for p in (ROOT / "tables").glob("*.toml")):
        assert f"referee/data/tables/{toml}" in names
    for toml in sorted(p.name for p in (ROOT / "campaigns").glob("si-*.toml")):
        assert f"referee/data/campaigns/{toml}" in names
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    env = {**os.environ, "PYTHONPATH": str(target)}
    probe = "import referee, referee.tables as t; print(referee.__file__); print(len(t.load().names()))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    where, count = done.stdout.split()
    assert where.startswith(str(target))
    assert int(count) == len(__import__("referee.tables").tables.load().names())
