"""A Stellar Inferno scenario in the app, driven by keys through Textual's pilot at 80x24 as a
referee drives it: Phoenix Command opened, ships' factors entered from their counters, placed in
hexes, the phases stepped with n and a, an attack (attackers marked, the target hex picked, the
range asked, the d6 typed as rolled at the table), the step loss assigned by the defender,
recovery's two dice typed, the next turn, undo. Each step's outcome is read back from the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from referee import saves, storage, tables
from referee.stellar_inferno import scenario_file, setup
from referee.tui.app import RefereeApp
from referee.tui.dialogs import DiceDialog, FormDialog
from referee.tui.rows import Rows
from tests.helpers.app import card, drive
from tests.helpers.app_sfw import keys, pick, preview
from tests.helpers.app_si import phoenix, read, roll
from tests.helpers.snapshots import compare, settled


def panel(app: RefereeApp) -> str:
    return str(app.screen.query_one("#next", Static).render())


async def enter(pilot: Pilot[None], name: str, *steps: str) -> None:
    await keys(pilot, "e")
    await pick(pilot, name)
    for step in steps:
        await keys(pilot, f'"{step}"', "tab")
    await keys(pilot, "ctrl+a")


async def place(pilot: Pilot[None], names: list[str], where: str, core: str) -> None:
    await keys(pilot, "l")
    for name in names:
        await keys(pilot, f'"{name}"', "down", "space", "up", *["backspace"] * len(name))
    await keys(pilot, "tab", f'"{where}"', "tab", f'"{core}"', "ctrl+a")


def test_a_scenario_opens_on_the_fleets_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = phoenix(tmp_path / "p.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert app.journal.kind == "scenario" and app.kind.name == "scenario"
        assert "Fleets · turn 1 of 16 · Fleet Movement (1), invader" in str(app.query_one("#bar", Static).render())
        roster = app.screen.query_one("#roster", Rows)
        assert roster.keys[:2] == ["Phalth", "Mier Rhanken"] and len(roster.keys) == 38  # every ship counter, none entered
        assert "factors not entered: e enters them" in card(app) and "Alpha Phoenicis II 6/J9 Air/1g: Terran control" in card(app)
        assert "victory Alpha Phoenicis II: Terran 11, Khaldarii 0" in panel(app)
        await keys(pilot, "2", "3", "1")

    drive(path, play)
    assert [(r.kind, r.path.name) for r in saves.recent()] == [("scenario", "p.toml")]


def test_two_turns_of_phoenix_command_by_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = phoenix(tmp_path / "p.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        # the counters' factors, from lists; a wrong step is refused beside its field
        await keys(pilot, "e")
        await pick(pilot, "Phalth")
        assert "BB 3" in preview(app)
        await keys(pilot, '"A8 D6 M3"', "ctrl+a")
        assert isinstance(app.screen, FormDialog) and "R missing" in str(app.screen.query_one("#error-form", Static).render())
        await keys(pilot, '" R4"', "tab", '"A4 D3 M3 R4"', "ctrl+a")
        assert read(path).ships[0].steps[1].attack == 4
        await enter(pilot, "Dublin", "A5 D5 M3 R3", "A3 D3 M3 R3")
        await enter(pilot, "Gibraltar", "A4 D4 M3 R3")
        assert [(s.name, len(s.steps)) for s in read(path).ships] == [("Phalth", 2), ("Dublin", 2), ("Gibraltar", 1)]
        # placed in hexes, the core distance once a hex
        await place(pilot, ["Dublin", "Gibraltar"], "6/J9", "0")
        await place(pilot, ["Phalth"], "6/H9", "0")
        found = read(path)
        assert [(s.name, s.hex, s.core_distance) for s in found.ships] == [("Phalth", "6/H9", 0), ("Dublin", "6/J9", 0), ("Gibraltar", "6/J9", 0)]
        assert app.screen.query_one("#roster", Rows).keys[:3] == ["Phalth", "Dublin", "Gibraltar"]  # by hex, nearest the core first
        # the phases: n, and a from any screen
        await keys(pilot, "n", "n", "n", "2", "a", "1", "n", "n")
        assert (read(path).phase, read(path).phasing) == ("ship-combat", "invader")
        assert "attack a hex (t)" in panel(app)
        # the attack: the hex picked, the attacker marked, its range asked, the die typed
        await keys(pilot, "t")
        await pick(pilot, "6/J9")
        await keys(pilot, "down", "space")
        assert "Dublin D5" in preview(app) and "Phalth A8 R4" in preview(app)
        await keys(pilot, "ctrl+a")
        assert isinstance(app.screen, FormDialog) and [f.name for f in app.screen.fields] == ["range1"]
        await keys(pilot, '"1"', "ctrl+a")
        await roll(app, pilot, "7")
        assert isinstance(app.screen, DiceDialog) and "1 to 6" in str(app.screen.query_one("#error-0", Static).render())
        assert read(path).combat is None
        app.screen.query_one("#roll-0", Input).value = ""
        await roll(app, pilot, "1")
        found = read(path)
        assert found.ship_losses is not None and found.ship_losses.steps == 1
        assert "row 1:2; die 1" in found.log[-2].text
        assert "assigns 1 step loss in 6/J9 (g)" in panel(app)
        # the defender's assignment: Dublin takes it
        await keys(pilot, "g")
        await pick(pilot, "Dublin")
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert found.ship_losses is None and found.ship("Dublin").lost == 1 and found.ship("Dublin").lost_this_round == 1
        # on to the defender's recovery: two dice typed, 1 + 2 <= defense 3 repairs the step
        await keys(pilot, *["n"] * 9)
        assert (read(path).phase, read(path).phasing) == ("recovery", "defender")
        assert "recovery rolls owed (r): Dublin" in panel(app)
        await keys(pilot, "r", "ctrl+a")
        await roll(app, pilot, "1", "2")
        found = read(path)
        assert found.ship("Dublin").lost == 0 and found.ship("Dublin").lost_this_round == 0
        assert found.log[-1].rolls[0].endswith("for damage recovery of Dublin, attempt 1")
        # turn 2; undo takes back a step, redo puts it again
        await keys(pilot, "n", "n", "n")
        assert read(path).turn == 2 and "Fleets · turn 2 of 16" in str(app.query_one("#bar", Static).render())
        await keys(pilot, "ctrl+z")
        assert read(path).turn == 1
        await keys(pilot, "ctrl+y")
        assert read(path).turn == 2
        await keys(pilot, "n", "n", "n", "n", "n", "n")
        assert (read(path).turn, read(path).phase) == (2, "ship-combat")

    drive(path, play)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_snapshot_of_the_fleets_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = phoenix(tmp_path / "p.toml")
    state = read(path)
    tables_ = tables.load(prefix="si")
    for name, steps in (("Phalth", ["A8 D6 M3 R4", "A4 D3 M3 R4"]), ("Dublin", ["A5 D5 M3 R3", "A3 D3 M3 R3"]), ("Gibraltar", ["A4 D4 M3 R3"])):
        state = setup.enter_ship(state, tables_, name, steps).state
    state = setup.place(state, ["Dublin", "Gibraltar"], "6/J9", 0).state
    state = setup.place(state, ["Phalth"], "6/H9", 1).state
    storage.write_text(path, scenario_file.text(state))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        compare(f"si_fleets_{size[0]}x{size[1]}", await settled(app, pilot))

    drive(path, play, size)


def test_the_log_names_a_phase_as_the_book_does() -> None:
    from types import SimpleNamespace

    from referee import kinds

    assert kinds.rules("scenario").when(SimpleNamespace(turn=3, phase="ship-combat")) == ("3", "Ship Combat")
