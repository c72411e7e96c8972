"""The defender's mines and seekers laid from the app before the battle: The Stand's UPF (not the
side moving: the Sathar move first), and a campaign battle's defender from its minelayer's load.
The "Placed by" list offers only who may place them now; several hexes in one action."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot

from referee import storage
from referee.knight_hawks import battle_file
from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog
from tests.helpers.app import drive
from tests.helpers.app_kh import TABLES, fill, read, scenario
from tests.helpers.campaign import UPF
from tests.helpers.kh import campaign_battle


def offered(app: RefereeApp) -> dict[str, str]:
    form = app.screen
    assert isinstance(form, FormDialog), form
    return {str(value): label for label, value in form.query_one("#field-by", Choice).options}


def test_the_stands_upf_lays_its_mines_and_seekers_before_the_sathar_move(tmp_path: Path) -> None:
    path = scenario(tmp_path / "stand.toml", "the-stand")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "UPF mines (l) and seekers (p)" in app.screen.query_one("#next").content.plain
        await pilot.press("l")
        await pilot.pause()
        assert offered(app) == {"UPF": "the UPF, before the game"}  # not the Sathar, nor a minelayer not moving
        await fill(app, pilot, hexes="1207, 1208 0909", by="UPF")
        assert [m.hex for m in app.journal.state.mines] == ["1207", "1208", "0909"]
        await pilot.press("p")
        await pilot.pause()
        listed = offered(app)
        assert listed["UPF"] == "the UPF, before the game" and "Carrion" in listed and "Sathar" not in listed  # the Carrion may drop its own
        await fill(app, pilot, hexes="0505", by="UPF")
        said = app.query_one("#said").content.plain
        assert said == "UPF places a seeker missile in hex 0505 (secret)", said
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.seekers == () and len(app.journal.state.mines) == 3

    drive(path, play)
    assert [(m.hex, m.side) for m in read(path).mines] == [("1207", "UPF"), ("1208", "UPF"), ("0909", "UPF")]


def test_a_campaign_battles_defender_lays_them_from_its_minelayers_load(tmp_path: Path) -> None:
    path = tmp_path / "battle.toml"
    storage.write_text(path, battle_file.text(campaign_battle(UPF), TABLES))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("l")
        await pilot.pause()
        listed = offered(app)
        assert listed == {"TF Prenglar Minelayer": "the TF Prenglar Minelayer (UPF, 20 left), from its load, before the battle"}, listed
        await fill(app, pilot, hexes="1207, 1208", by="TF Prenglar Minelayer")
        battle = app.journal.state
        assert battle.ship("TF Prenglar Minelayer").system("M").count == 18 and len(battle.mines) == 2

    drive(path, play)
