"""Keys typed in one burst, as a quick typist or a paste sends them, in a real terminal (tmux,
80x24): each reaches the screen or form on view once the key before it is done with, never the
screen being left, and every character arrives.

The war is the generated war at day 60 (benchmarks/fixtures), at the Sathar move: five Sathar
groups have not moved (Sathar Fleet 5, Sathar Destroyer 4 ...).
"""

from __future__ import annotations

import shlex
import shutil
from pathlib import Path

import pytest

from referee import tables
from referee.sathar_war import campaign_file
from tests.helpers.terminal import REFEREE, TMUX, Terminal, with_home

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the app cannot be run in a real terminal")

WAR = Path(__file__).resolve().parents[2] / "tests" / "data" / "war-day60.toml"  # a war at day 60 as the generator of issue 21 played it, kept whatever it plays now


def war(tmp_path: Path) -> Path:
    for suffix in ("", ".log"):
        shutil.copy(f"{WAR}{suffix}", tmp_path / f"war.toml{suffix}")
    return tmp_path / "war.toml"


def step_of(path: Path) -> tuple[int, str]:
    campaign = campaign_file.read(path, tables.load())
    return campaign.day, campaign.step


def start(terminal: Terminal, tmp_path: Path, path: Path) -> None:
    if not REFEREE.is_file():
        pytest.fail(f"{REFEREE} is missing: run `make test` (or `make run`) to build the venv")
    terminal.start(with_home(tmp_path / "home", f"{shlex.quote(str(REFEREE))} play {shlex.quote(str(path))}"))
    terminal.wait_for(lambda s: "Campaign · day 60 · sathar-move" in s, "the Campaign screen at the Sathar move")


def test_keys_typed_in_a_burst_go_to_the_form_they_open_not_the_screen_left(terminal: Terminal, tmp_path: Path) -> None:
    """2 (the Forces screen), m (its Move form) and a ship's name typed in one burst: the name is in
    the Move form's box; the a's of "Sathar" did not advance the war, its t did not open Retreat."""
    path = war(tmp_path)
    start(terminal, tmp_path, path)

    terminal.type("2mSathar Destroyer 4")
    screen = terminal.wait_for(lambda s: "Move:" in s and "none marked: the names typed, Sathar Destroyer 4" in s, "the Move form with the name typed")
    assert "Retreat" not in screen, screen
    assert step_of(path) == (60, "sathar-move")


def test_a_burst_typed_or_pasted_on_a_list_reaches_its_search_box_whole(terminal: Terminal, tmp_path: Path) -> None:
    """On the Move form's list of ships, a letter begins a search in the box above: the rest of a
    burst follows it there, spaces and all; text pasted on the list goes there too."""
    path = war(tmp_path)
    start(terminal, tmp_path, path)
    terminal.press("2")
    terminal.wait_for(lambda s: "Forces ·" in s, "the Forces screen")
    terminal.press("m")
    terminal.wait_for(lambda s: "Move:" in s and "space marks, typing narrows" in s, "the Move form with its list")

    terminal.type("Sathar Fleet 5")
    screen = terminal.wait_for(lambda s: "none marked: the names typed, Sathar Fleet 5" in s, "the whole name in the search box")
    assert "Sathar Fleet 5 (fleet of 3)" in screen and "Sathar Destroyer 4" not in screen, screen  # the list narrowed by it

    terminal.press("Escape")
    terminal.wait_for(lambda s: "Move:" not in s, "the form closed")
    terminal.press("m")
    terminal.wait_for(lambda s: "Move:" in s and "space marks, typing narrows" in s, "the Move form again, emptied")
    terminal.paste("Sathar Destroyer 4")
    screen = terminal.wait_for(lambda s: "none marked: the names typed, Sathar Destroyer 4" in s, "the text pasted in the search box")
    assert step_of(path) == (60, "sathar-move")


def test_one_stray_a_does_not_advance_the_war(terminal: Terminal, tmp_path: Path) -> None:
    """a asks first, saying what is still open; the letters typed after it do not answer it."""
    path = war(tmp_path)
    start(terminal, tmp_path, path)

    terminal.type("athar")
    screen = terminal.wait_for(lambda s: "Advance: go on to the UPF move?" in s, "the question")
    assert "move ships (4 have" in screen, screen
    terminal.press("Escape")
    terminal.wait_for(lambda s: "Advance:" not in s, "the question closed")
    assert step_of(path) == (60, "sathar-move")


def test_roll_for_me_typed_after_a_roll_keeps_the_roll_typed(terminal: Terminal, tmp_path: Path) -> None:
    """The end of day 60, a twentieth day: the replacements' d100s, one for each Sathar ship destroyed
    in combat in the last 20 days. The whole day's advance typed in one burst (a, y for each step),
    then the first roll, 35, and Ctrl+R: the 35 stands, the others are rolled."""
    path = war(tmp_path)
    start(terminal, tmp_path, path)

    terminal.type("ayayayay35")
    terminal.wait_for(lambda s: "Advance: " in s and "roll(s)" in s, "the replacements' rolls asked")
    terminal.press("C-r")
    terminal.wait_for(lambda s: "the outcome" in s, "the outcome")
    terminal.press("Enter")
    terminal.wait_for(lambda s: "day 61 · sathar-move" in s, "day 61")
    rolls = [roll for entry in campaign_file.read(path, tables.load()).log if entry.day == 60 for roll in entry.rolls if "replacement" in roll]
    assert len(rolls) > 2 and "entered at the table = 35" in rolls[0], rolls
    assert not any("entered at the table" in roll for roll in rolls[1:]), rolls


def test_keys_typed_after_ctrl_q_do_not_hold_the_app_open(terminal: Terminal, tmp_path: Path) -> None:
    """Ctrl+Q, then twenty keys in the same burst: the app ends at once (each key held for a screen
    that never comes kept it open two seconds a key)."""
    path = war(tmp_path)
    start(terminal, tmp_path, path)

    terminal.tmux("send-keys", "-t", terminal.session, "C-q", ";", "send-keys", "-t", terminal.session, "-l", "x" * 20)
    assert terminal.wait_for_exit(seconds=5) == 0, terminal.everything()
