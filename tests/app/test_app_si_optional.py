"""A Stellar Inferno scenario's optional rules in the app, driven by keys through Textual's pilot as a
referee drives them: Phoenix Command with sensors, ramming, boarding, stealth mines, psi agents,
tactical bombardment, grazing orbits, asteroids and overloaded engines in play. A maneuver with
its radiation and asteroid dice typed (m), a ram and its ram back typed (k), a sensor sweep (s),
mines stowed (c), laid (i), striking (h) and moved (j), a psi agent entered (p) and transferred
(f), packs deployed on Planets (t). Each outcome is read back from the file."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.pilot import Pilot

from referee import storage, touched
from referee.stellar_inferno import boarding_phase, maneuver_phase, mines_phase, optional_phase, scenario_file, setup
from referee.stellar_inferno.scenario import Scenario
from referee.tui.app import RefereeApp
from referee.tui.dialogs import FormDialog
from referee.tui.si import optional
from tests.helpers.app import drive
from tests.helpers.app_sfw import keys, pick, preview
from tests.helpers.app_si import form, panel, read, roll
from tests.helpers.si import SI, at, phoenix

APII = "Alpha Phoenicis II"


def saved(path: Path, s: Scenario) -> Path:
    storage.write_text(path, scenario_file.text(s))
    return path


async def until(app: RefereeApp, pilot: Pilot[None], path: Path, phase: str, role: str = "invader") -> None:
    """n pressed until the file is at the phase and side."""
    for _ in range(30):
        found = read(path)
        if (found.phase, found.phasing) == (phase, role):
            return
        await keys(pilot, "n")
    raise AssertionError(f"never reached {phase}, {role}")


def test_a_maneuver_types_its_radiation_and_asteroid_dice(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = saved(tmp_path / "p.toml", at(phoenix(), "maneuver"))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "maneuver m (or move and place, l); load w, unload u; sweep s, ram k, board b" in panel(app, "fleets")
        await form(pilot, "m", ("pick", "Leyf"), ("type", "2"), ("type", "6/J9"))
        assert "Leyf in 6/J7: up to 3 hexes (maneuver 3 (Stellar Inferno 6.4.1))" in preview(app)
        await keys(pilot, "ctrl+a")
        assert isinstance(app.screen, FormDialog) and [f.name for f in app.screen.fields] == ["overload", "star", "asteroids"]
        await keys(pilot, "tab")  # (engines not overloaded)
        await pick(pilot, "Alpha")
        await keys(pilot, '"1"', "ctrl+a")
        await roll(app, pilot, "2", "1")  # radiation 2 > +1: no damage; asteroid 1 < 2 hexes moved: a step loss
        found = read(path)
        leyf = found.ship("Leyf")
        assert (leyf.hex, leyf.lost, found.did("Leyf")) == ("6/J9", 1, ("maneuver",))
        said = found.log[-1].text
        assert "radiation 2 > 1: no damage" in said and "asteroid hex 1: 1 < 2 hexes moved: a step loss" in said
        assert [r.split(" (entered)")[0] for r in found.log[-1].rolls] == ["1d6: entered at the table = 2", "1d6: entered at the table = 1"]
        assert [name for _, name in optional.maneuvering(found, {})] == ["Phalth"]  # a ship maneuvers once a turn

    drive(path, play)


def test_a_ram_and_its_ram_back_each_type_their_die(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = saved(tmp_path / "p.toml", setup.place(at(phoenix(), "maneuver"), ["Leyf"], "6/J9").state)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await form(pilot, "k", ("pick", "Leyf"), ("pick", "Tigris"))
        assert "Leyf D5 against Tigris D5: 5:5 reads row 1:1 (Table 4); step losses by die 1: 1," in preview(app)
        await keys(pilot, "ctrl+a")
        await roll(app, pilot, "1", "6")  # the ram: 1 reads 1 step; the ram back at D2 against D5, 6 reads 0
        found = read(path)
        assert (found.ship("Tigris").lost, found.ship("Leyf").lost) == (1, 0)
        assert "Leyf rams Tigris" in found.log[-2].text and "die 1, column '1': 1" in found.log[-2].text
        assert "Tigris rams back Leyf" in found.log[-1].text and "die 6, column '6': 0" in found.log[-1].text

    drive(path, play)


def test_a_sensor_sweep_keeps_what_it_revealed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    start = at(phoenix(), "maneuver")
    path = saved(tmp_path / "p.toml", start)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await form(pilot, "s", ("pick", "6/J9"), ("mark", "Phalth"))
        await keys(pilot, "ctrl+a")
        assert isinstance(app.screen, FormDialog) and [f.name for f in app.screen.fields] == ["range1", "reveal"]
        await keys(pilot, '"2"', "tab", "ctrl+a")
        await roll(app, pilot, "1")
        found = read(path)
        expected = maneuver_phase.sweep(start, SI, [("Phalth", 2)], "6/J9", random.Random(), "1").state
        assert found.sightings == expected.sightings and found.sightings[-1].sweepers == ("Phalth",)
        assert found.did("Phalth") == ("sweep",) and "sensor sweep of 6/J9" in found.log[-1].text

    drive(path, play)


def test_mines_are_stowed_laid_strike_and_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = saved(tmp_path / "p.toml", phoenix())

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "mines aboard c" in panel(app, "fleets")
        await form(pilot, "c", ("pick", "Leyf"), ("type", "3"))
        await keys(pilot, "ctrl+a")
        assert read(path).ship("Leyf").cargo.mines == 3
        await until(app, pilot, path, "landing")
        assert "on Fleets: lay mines i" in panel(app, "fleets")
        await form(pilot, "i", ("pick", "Leyf"), ("type", "2"))
        assert "Leyf carries 3 mine points; laid in 6/J7" in preview(app)
        await keys(pilot, "ctrl+a")
        found = read(path)
        side = found.side("invader")
        field = found.minefield(side, "6/J7")
        assert field is not None and field.points == 2 and found.ship("Leyf").cargo.mines == 1
        # the next turn's fleet movement: the mines strike 6/J9 on their way, then move there
        await keys(pilot, "n")
        await until(app, pilot, path, "fleet-movement")
        assert read(path).turn == 2 and "mines: strike h, move j" in panel(app, "fleets")
        await form(pilot, "h", ("pick", "6/J7"), ("pick", "6/J9"))
        assert "2 mine points: a d6 each" in preview(app)
        await keys(pilot, "ctrl+a")
        await roll(app, pilot, "1", "4")  # the first point strikes the fastest ship, Dublin (M3); the second misses
        found = read(path)
        assert (found.ship("Dublin").lost, found.ship("Tigris").lost) == (1, 0)
        field = found.minefield(side, "6/J7")
        assert field is not None and field.points == 1 and "mine point 1" in found.log[-1].rolls[0]
        await form(pilot, "j", ("pick", "6/J7"), ("type", "6/J9"))
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert found.minefield(side, "6/J7") is None and (found.minefield(side, "6/J9") or field).points == 1

    drive(path, play)


def test_a_psi_agent_is_entered_and_transferred(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = saved(tmp_path / "p.toml", phoenix())

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await form(pilot, "p", ("type", "Zor"), ("pick", "Phalth"), ("type", "3"))  # at the set-up (12.7; 12.3.1)
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert [(a.name, a.ship, a.rating) for a in found.agents] == [("Zor", "Phalth", 3)] and found.ship("Phalth").psi == 3
        await until(app, pilot, path, "landing")
        assert "psi transfer f" in panel(app, "fleets")
        await form(pilot, "f", ("pick", "Zor"), ("pick", "Leyf"))
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert found.agent("Zor").ship == "Leyf" and (found.ship("Leyf").psi, found.ship("Phalth").psi) == (3, 0)
        assert "Zor (psi 3) transfers from Phalth to Leyf in 6/J7" in found.log[-1].text

    drive(path, play)


def test_packs_are_deployed_from_the_planets_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    s = optional_phase.stow(phoenix(), "Leyf", packs=2).state
    path = saved(tmp_path / "p.toml", at(setup.place(s, ["Leyf"], "6/J9").state, "landing"))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2")
        assert "packs t" in panel(app)
        await form(pilot, "t", ("pick", "Leyf"), ("pick", "Alpha"), ("type", "2"))
        await keys(pilot, "ctrl+a")
        found = read(path)
        troop = found.troop("Leyf pack")
        assert troop.planet == APII and (troop.unit.factors.attack, troop.unit.factors.defense) == (2, 2) and found.ship("Leyf").cargo.packs == 0

    drive(path, play)


def test_undo_names_the_optional_rules_state_a_step_touched() -> None:
    s = at(optional_phase.stow(phoenix(), "Leyf", mines=2).state, "landing")
    agent = optional_phase.assign_agent(s, "Zor", "Phalth", 3, correction=True).state  # (the record corrected: an agent the set-up missed)
    assert "psi agents" in touched.between(s, agent)
    moved = optional_phase.transfer_agent(agent, "Zor", "Leyf").state
    assert "what ships did this turn" in touched.between(agent, moved)
    laid = mines_phase.lay(s, "Leyf", 1).state
    assert "minefields" in touched.between(s, laid)
    s = at(phoenix(), "maneuver")
    swept = maneuver_phase.sweep(s, SI, [("Phalth", 2)], "6/J9", random.Random(0)).state
    assert "sensor sightings" in touched.between(s, swept)
    boarded = boarding_phase.declare(setup.place(s, ["Leyf"], "6/J9").state, "Leyf", "Tigris").state
    assert "boardings" in touched.between(s, boarded)
