"""A battle's refusals in the app name the app's fields and keys, not the command line's options and
commands; the command line keeps naming its own (tests/cli/test_cli_kh_moves.py: "give --adf 2, not 1")."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Static

from referee import storage
from referee.cli.kh_words import COMMAND_LINE
from referee.knight_hawks import battle_file
from referee.knight_hawks.inputs import Refusal
from referee.tui.app import RefereeApp
from referee.tui.battle.actions import APP
from referee.tui.dialogs import FormDialog
from tests.helpers.app import drive
from tests.helpers.app_kh import TABLES, announce, read, scenario


def test_a_refusal_is_said_in_the_rules_words_the_command_lines_and_the_apps() -> None:
    """From speed 5 to 6 a ship uses 1 ADF point: the rules say "ADF points used: 1", the command
    line "give --adf 1", the app "ADF points used: give 1"; a step to take first is the command
    line's command and the app's key."""
    refusal = Refusal("from speed 5 to 6 ...; {adf}, not 2; first ({leave_dock})", "adf", wanted=1, ship="Fighter A")
    assert str(refusal) == "from speed 5 to 6 ...; ADF points used: 1, not 2; first (it leaves its station or carrier)"
    assert refusal.said(COMMAND_LINE) == "from speed 5 to 6 ...; give --adf 1, not 2; first (kh dock 'Fighter A' --leave)"
    assert refusal.said(APP) == "from speed 5 to 6 ...; ADF points used: give 1, not 2; first (k: Dock, leave)"


def test_the_gunnery_skill_refused_in_a_basic_battle_is_said_beside_its_field(tmp_path: Path) -> None:
    """Gunnery skill belongs to the Advanced Game: in Surprise Attack! (Basic) the Announce form says
    so beside the Gunnery field ("Gunnery skill: n"), not "drop --basic"."""
    path = scenario(tmp_path / "surprise.toml", "surprise-attack")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await announce(app, pilot, "Venomous", "LC", "Z'Gata", "5", gunnery="y")
        form = app.screen
        assert isinstance(form, FormDialog)
        said = str(form.query_one("#error-gunnery", Static).content)
        assert "belong to the Advanced Game; Gunnery skill: n" in said, said
        assert "--" not in " ".join(str(s.content) for s in form.query(".error"))
        assert app.kind_of("battle").volley == []

    drive(path, play)


def test_next_refused_while_a_fire_burns_names_the_key_that_rolls_it(tmp_path: Path) -> None:
    """The Stand, the Sathar half: the UPF's Shimmer burns (an electrical fire). n is refused until its
    fire damage is rolled, and the message line names r, not kh fires."""
    path = scenario(tmp_path / "stand.toml", "the-stand")
    battle = read(path)
    burning = battle.with_ships([battle.ship("Shimmer")._replace(damaged=frozenset({"electrical-fire"}))])
    storage.write_text(path, battle_file.text(burning, TABLES))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await pilot.pause()
        if isinstance(app.screen, FormDialog):
            said = " ".join(str(s.content) for s in app.screen.query(".error"))
        else:
            said = str(app.query_one("#said", Static).content)
        assert "roll the fire damage of Shimmer first (r: Fires)" in said, said
        assert "kh fires" not in said
        assert app.journal.state.moving == "Sathar"

    drive(path, play)
