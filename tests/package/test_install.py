"""The installed console script, and a wheel that carries the tables and campaigns with it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
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


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel of the checkout, built as a release would build it."""
    pytest.importorskip("hatchling", reason="the test extra installs hatchling to build the wheel")
    dist = tmp_path_factory.mktemp("dist")
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(dist), str(ROOT)], capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    return next(dist.glob("referee-*.whl"))


def test_a_wheel_installed_outside_the_checkout_finds_its_tables(wheel: Path, tmp_path: Path) -> None:
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


def test_a_wheel_installed_as_a_tool_runs_from_an_empty_folder(wheel: Path, tmp_path: Path) -> None:
    """``uv tool install referee-*.whl`` - as the README tells a referee without make - gives a
    ``referee`` of its own environment, with the tables and the campaigns: from an empty folder it
    shows its help, looks up a table, makes the bundled war and reads it. uv comes from PyPI into
    the test's folder unless it is on the PATH (about 3 s with pip's cache, 10 s without); the
    dependencies come from PyPI too, into uv's cache (2 s)."""
    uv = shutil.which("uv") or _fetched_uv(tmp_path / "uv")
    tool = {**_clean_environment(), "UV_TOOL_DIR": str(tmp_path / "tools"), "UV_TOOL_BIN_DIR": str(tmp_path / "bin"), "UV_PYTHON_DOWNLOADS": "never"}
    installed = subprocess.run([uv, "tool", "install", "--python", sys.executable, str(wheel)], capture_output=True, text=True, env=tool, cwd=tmp_path, timeout=300)
    if installed.returncode != 0 and any(said in installed.stderr.lower() for said in ("network", "failed to fetch", "error sending request", "dns error", "connect")):
        _no_network(f"uv could not fetch referee's dependencies: {installed.stderr.strip().splitlines()[-1]}")
    assert installed.returncode == 0, installed.stderr
    referee = tmp_path / "bin" / "referee"
    empty = tmp_path / "empty"
    empty.mkdir()
    where = {**_clean_environment(), "REFEREE_HOME": str(tmp_path / "home"), "REFEREE_CACHE_DIR": str(tmp_path / "cache")}
    run = lambda *args: subprocess.run([str(referee), *args], capture_output=True, text=True, cwd=empty, env=where, timeout=120)  # noqa: E731
    helped = run("-h")
    assert helped.returncode == 0 and helped.stdout.startswith("Usage: referee ") and "campaign" in helped.stdout, helped.stderr
    found = run("table", "lookup", "kh.damage", "83")
    assert found.returncode == 0 and "Defense hit" in found.stdout, found.stderr
    told = run("--version")
    assert told.returncode == 0 and told.stdout == f"referee {wheel.name.split('-')[1]}\n", (told.stdout, told.stderr)
    made = run("campaign", "new", "war.toml")
    assert made.returncode == 0 and "the war is set up on Frontier Deployment Map" in made.stdout, made.stderr
    status = run("campaign", "status", "-c", "war.toml")
    assert status.returncode == 0 and status.stdout.startswith("track   before the first day: Setting up"), status.stderr
    assert sorted(p.name for p in empty.iterdir()) == ["war.toml"]
    tool_python = next((tmp_path / "tools" / "referee").glob("bin/python*"))
    home = subprocess.run([str(tool_python), "-c", "import referee; print(referee.__file__)"], capture_output=True, text=True, cwd=empty, env=where)
    assert home.stdout.startswith(str(tmp_path / "tools" / "referee")), (home.stdout, home.stderr)  # its own copy, not the checkout


def _clean_environment() -> dict[str, str]:
    """The environment without what points at the checkout or the test's virtual environment."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}


def _fetched_uv(folder: Path) -> str:
    fetched = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", str(folder), "uv"], capture_output=True, text=True, timeout=300)
    if fetched.returncode != 0:
        _no_network(f"pip could not fetch uv: {(fetched.stderr.strip().splitlines() or ['?'])[-1]}")
    return str(folder / "bin" / "uv")


def _no_network(why: str) -> None:
    message = f"NOT TESTED: installing referee as a tool (uv tool install) needs PyPI, and {why}"
    warnings.warn(message, stacklevel=2)
    pytest.skip(message)
