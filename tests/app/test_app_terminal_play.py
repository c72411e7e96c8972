"""Set-up and day 1 of the Second Sathar War played in a real terminal (tmux, 80x24) through the
lists only: no ship's or place's name is typed. Arrows, space, Tab, Enter, Ctrl+A and the screens'
keys are all that is pressed, as a referee at the table would press them.

The new war is the bundled start. The Place form lists the ships that may be placed in the order
of battle: Sathar Frigates 1-8, Destroyers 1-15, Light Cruisers 1-7, ...; the first fifteen go to
the Prenglar start circle and the next fifteen to Fromeltar's (no more than half in one circle).
The retreat condition is the list's first. Day 1: each circle's fifteen move into their red boxes,
toward their system (the nearest place the Move form offers, first in its list); then the day is
advanced to its end, which asks first, and day 2 begins.
"""

from __future__ import annotations

import shlex
import time
from pathlib import Path

import pytest

from referee import tables
from referee.sathar_war import campaign_file
from tests.helpers.terminal import REFEREE, TMUX, Terminal, with_home

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the app cannot be run in a real terminal")

FIFTEEN = ("Space",) * 15  # (tmux's name for the key: "space" would be typed as five letters)


def seen(terminal: Terminal, shown: str, what: str) -> None:
    """Wait until ``shown`` is on the screen, then a second more: a form or list is given its focus
    just after it is drawn (a form shown the first time is built first), and nothing on the screen
    says where the focus is; a person never types faster than that."""
    terminal.wait_for(lambda s: shown in s, what)
    time.sleep(1.0)


def test_set_up_and_day_one_played_from_the_lists_alone(terminal: Terminal, tmp_path: Path) -> None:
    if not REFEREE.is_file():
        pytest.fail(f"{REFEREE} is missing: run `make test` (or `make run`) to build the venv")
    home = tmp_path / "home"
    terminal.start(with_home(home, shlex.quote(str(REFEREE))))
    terminal.wait_for(lambda s: "Campaign · day 0 · setup" in s, "the Campaign screen of a new war")

    def place(skip: int, circle_downs: int) -> None:
        terminal.press("2")
        seen(terminal, "Forces ·", "the Forces screen")
        terminal.press("Home")  # the cursor on the first row, a station: no ship comes marked with the form
        terminal.press("p")
        seen(terminal, "Place:", "the Place form")
        terminal.press(*(("Down",) * skip), *FIFTEEN)  # (the form gives its list of ships the keys)
        terminal.wait_for(lambda s: "marked (15)" in s, "fifteen ships marked")
        terminal.press("Tab", "Enter")
        seen(terminal, "type to narrow the list", "the list of start circles")
        terminal.press(*(("Down",) * circle_downs), "Enter")
        terminal.wait_for(lambda s: "type to narrow the list" not in s and "Start Circle" in s, "the circle chosen")
        terminal.press("C-a")
        terminal.wait_for(lambda s: "Place:" not in s and "placed in the" in s, "the ships placed")

    place(skip=0, circle_downs=0)  # Sathar Frigates 1-8 and Destroyers 1-7: the Prenglar Start Circle
    place(skip=15, circle_downs=1)  # Destroyers 8-15 and Light Cruisers 1-7: Fromeltar's (the first fifteen are still listed)

    terminal.press("1")
    seen(terminal, "Campaign ·", "the Campaign screen")
    terminal.press("t")
    seen(terminal, "Retreat:", "the Retreat form")
    terminal.press("Enter")
    seen(terminal, "type to narrow the list", "the five retreat conditions")
    terminal.press("Enter")  # the first: two assault carriers lost
    terminal.wait_for(lambda s: "1: The Sathar have lost two assault" in s, "condition 1 chosen")  # (cut at the field's width)
    terminal.press("C-a")
    terminal.wait_for(lambda s: "Retreat:" not in s and "has written down a retreat condition" in s, "the condition written down")
    terminal.press("a")
    terminal.wait_for(lambda s: "go on to day 1?" in s, "the question before day 1")
    terminal.press("y")
    terminal.wait_for(lambda s: "day 1 · sathar-move" in s, "day 1")

    def move(what: str) -> None:
        terminal.press("2")
        seen(terminal, "Forces ·", "the Forces screen")
        terminal.press("Home")
        terminal.press("m")
        seen(terminal, "Move:", "the Move form")
        terminal.press(*FIFTEEN)
        terminal.wait_for(lambda s: "marked (15)" in s, "fifteen ships marked")
        terminal.press("Tab", "Enter")
        seen(terminal, "type to narrow the list", "the places they can head for")
        terminal.press("Enter")  # the nearest: their own system, down the red path
        terminal.wait_for(lambda s: "type to narrow the list" not in s and f"{what}:" in s, f"{what} chosen")
        terminal.press("C-a")
        terminal.wait_for(lambda s: "Move:" not in s, "the ships moved")

    move("Prenglar")
    move("Fromeltar")

    terminal.press("1")
    seen(terminal, "Campaign ·", "the Campaign screen")
    for step in ("upf-move", "sathar-attacks", "upf-attacks"):
        terminal.press("a", "y")  # (each advance asks first)
        terminal.wait_for(lambda s, step=step: f"day 1 · {step}" in s, f"day 1, {step}")
    terminal.press("a")
    seen(terminal, "End day 1?", "the question before the end of the day")
    terminal.press("y")
    terminal.wait_for(lambda s: "day 2 · sathar-move" in s, "day 2")
    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()

    war = campaign_file.read(home / "war-1.toml", tables.load())
    sathar = [u for u in war.side("Sathar") if u.active]
    assert len(sathar) == 30 and war.retreat_condition == 1 and (war.day, war.step) == (2, "sathar-move")
    assert sorted({u.place.where for u in sathar if u.place is not None}) == ["Fromeltar Start Circle - Fromeltar", "Prenglar Start Circle - Prenglar"]
    assert all(u.place is not None and u.place.box == 1 for u in sathar)  # one red box in on day 1
