"""The app in a real terminal: `make run` in an 80x24 tmux pane shows the Campaign screen, its
keys switch screens and Ctrl+Q quits with the new war saved; a second start offers that war back.

Each test runs its own tmux server on a private socket (``-L``) with its own configuration (not
the user's), so it never touches the user's sessions, and kills that server when it ends. The
panes stay after their command ends, so a crash's output and the exit status can be read. The
campaigns folder (REFEREE_HOME) is the test's temporary folder, given inside the pane's command
because a tmux pane does not reliably inherit the environment of the test.
"""

from __future__ import annotations

import shlex
import subprocess
import tomllib
from pathlib import Path

import pytest

from tests.helpers.terminal import REFEREE, ROOT, TMUX, Terminal, with_home

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the app cannot be run in a real terminal")


def make_run() -> str:
    """`make run`. When the venv's stamp is older than pyproject.toml or constraints.txt (the
    project was edited since the last `make`), make would first reinstall into the venv the tests
    are running from; then the stamp is taken as up to date (`-o`) and make only launches the app,
    as it does in CI after `make test` has built the venv."""
    stale = subprocess.run(["make", "-q", ".venv/.installed"], cwd=ROOT, capture_output=True).returncode != 0
    return "make -o .venv/.installed run" if stale else "make run"


def campaign_screen(screen: str) -> bool:
    return "Time Record Track" in screen and "day 0 · setup" in screen


def test_make_run_shows_the_campaign_screen_switches_screens_and_quits(terminal: Terminal, tmp_path: Path) -> None:
    home = tmp_path / "home"
    terminal.start(with_home(home, make_run()))

    screen = terminal.wait_for(campaign_screen, "the Campaign screen")
    assert "1 Campaign" in screen and "2 Forces" in screen and "3 Map" in screen, screen
    assert "Campaign · day 0 · setup · war-1.toml" in screen, screen
    assert "Next:" in screen and "Alerts" in screen and "Victory tally" in screen, screen

    terminal.press("2")
    screen = terminal.wait_for(lambda s: "Forces ·" in s, "the Forces screen after 2", seconds=10)
    assert "Forces · day 0 · setup · war-1.toml" in screen, screen

    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    assert (home / "war-1.toml").is_file(), sorted(p.name for p in home.iterdir())
    recent = tomllib.loads((home / "recent.toml").read_text(encoding="utf-8"))["files"]  # the files opened, newest first
    assert [(f["path"], f["kind"]) for f in recent] == [(str((home / "war-1.toml").resolve()), "campaign")]


def test_a_second_start_offers_the_campaign_played_last(terminal: Terminal, tmp_path: Path) -> None:
    if not REFEREE.is_file():
        pytest.fail(f"{REFEREE} is missing: run `make test` (or `make run`) to build the venv")
    home = tmp_path / "home"
    command = with_home(home, shlex.quote(str(REFEREE)))

    terminal.start(command)  # the first start: a new war from the bundled start
    terminal.wait_for(campaign_screen, "the Campaign screen on the first start")
    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    assert (home / "war-1.toml").is_file()

    terminal.start(command)  # the second start: the war played last is offered
    screen = terminal.wait_for(lambda s: "Welcome back" in s, "the offer of the campaign played last")
    assert "c: continue the campaign played last" in screen, screen
    assert "n: start a new war" in screen, screen  # (the path offered is too long for 80 columns)

    terminal.press("c")
    screen = terminal.wait_for(lambda s: "Welcome back" not in s and campaign_screen(s), "the Campaign screen after c", seconds=10)
    assert "Campaign · day 0 · setup · war-1.toml" in screen, screen
    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    assert sorted(p.name for p in home.glob("war-*.toml")) == ["war-1.toml"]  # continued, no new war
