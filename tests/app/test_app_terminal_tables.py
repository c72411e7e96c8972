"""The tables of the app typed in a real terminal (tmux, 80x24), keys sent in one burst as a quick
typist sends them: a battle's results (the campaign's Battles screen, o), a battle's starting
speeds (t) and a side's moves (m). Every value lands in the cell it was typed in."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from referee import storage
from referee.knight_hawks import battle_file
from referee.sathar_war import campaign_file
from tests.helpers.app import TABLES, declared
from tests.helpers.campaign import saved
from tests.helpers.terminal import REFEREE, TMUX, Terminal, with_home

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the app cannot be run in a real terminal")


def play(terminal: Terminal, home: Path, what: str) -> None:
    if not REFEREE.is_file():
        pytest.fail(f"{REFEREE} is missing: run `make test` (or `make run`) to build the venv")
    terminal.start(with_home(home, f"{shlex.quote(str(REFEREE))} play {shlex.quote(what)}"))


def test_results_typed_in_a_burst_land_in_their_cells(terminal: Terminal, tmp_path: Path) -> None:
    """T=2 typed on the TF Prenglar Destroyer 1's Spent and T=1 on the Destroyer 2's, Enter after
    each, then Ctrl+A, all in one burst: each destroyer spends what was typed on its own row."""
    war = saved(tmp_path / "war.toml", declared())
    play(terminal, tmp_path / "home", str(war))
    terminal.wait_for(lambda s: "Campaign ·" in s, "the Campaign screen")
    terminal.press("5")
    terminal.wait_for(lambda s: "Battles ·" in s, "the Battles screen")
    terminal.press("o")
    terminal.wait_for(lambda s: "Results: the Sathar attack" in s, "the results table")
    terminal.press(*["Right"] * 6, *["Down"] * 11)
    terminal.wait_for(lambda s: "Spent of the TF Prenglar Destroyer 1" in s, "the cursor on the Destroyer 1's Spent")
    terminal.press("T=2", "Enter", "T=1", "Enter", "C-a")
    terminal.wait_for(lambda s: "Results: the Sathar attack" not in s, "the table entered")
    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    campaign = campaign_file.read(war, TABLES)
    torpedoes = [campaign.unit(f"TF Prenglar Destroyer {n}").roster.system("T").count for n in (1, 2)]  # type: ignore[union-attr]
    assert torpedoes == [0, 1], torpedoes  # two of two spent, one of two
    assert campaign.unit("TF Prenglar Light Cruiser 1").roster == declared().unit("TF Prenglar Light Cruiser 1").roster


def test_starting_speeds_and_moves_typed_in_a_burst(terminal: Terminal, tmp_path: Path) -> None:
    """The Stand: t, the Sathar speeds typed down the column (2, 3, 3, 3, 2) and Ctrl+A in one burst;
    then m, the Maelstrom to 3 with a turn (Tab), the Bludgeon to 5 with 2 turns, the rest blank
    (Delete: they move later), Ctrl+A, in one burst."""
    home = tmp_path / "home"
    play(terminal, home, "the-stand")
    terminal.wait_for(lambda s: "Ships ·" in s and "starting speeds (t)" in s, "the Ships screen")
    terminal.press("t")
    terminal.wait_for(lambda s: "Speed of the Maelstrom" in s, "the starting speeds")
    terminal.press("2", "Enter", "3", "Enter", "3", "Enter", "3", "Enter", "2", "Enter", "C-a")
    terminal.wait_for(lambda s: "starting speeds, Sathar" in s, "the speeds set")
    terminal.press("m")
    terminal.wait_for(lambda s: "Speed of the Maelstrom" in s and "Moves" in s, "the moves")
    terminal.press("3", "Tab", "1", "Enter", "5", "Tab", "2", "Enter", "Delete", "Down", "Delete", "Down", "Delete", "C-a")
    terminal.wait_for(lambda s: "Moves" not in s and "the Bludgeon moves 5 hexes" in s, "the moves recorded")
    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    battle = battle_file.from_dict(storage.read(home / "the-stand-1.toml", "battle"), TABLES)
    assert [battle.ship(n).speed for n in ("Maelstrom", "Bludgeon", "Viper", "Deathstroke", "Carrion")] == [3, 5, 3, 3, 2]
    assert battle.moved == {"Maelstrom", "Bludgeon"}
