"""A Stellar Inferno scenario's planets in the app, driven by keys through Textual's pilot as a
referee drives it: Invasion of Portborough with a Bhalaeth carrier over Portborough, its ground
units entered from their counters (u), the carrier landed (d) and its units put down (y), ground
supply given from the stockpile (p), a ground attack with the die typed as rolled (k) and each
side's losses taken (b); on Fleets, frigates taken aboard (w), unloaded (u), and the cargo a step
loss costs eliminated (x). Each outcome is read back from the file."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from referee import storage, tables
from referee.resources import si_scenario_files
from referee.stellar_inferno import scenario_file, setup, ship_phase, turn
from referee.tui.app import RefereeApp
from referee.tui.dialogs import FormDialog
from referee.tui.rows import Rows
from tests.helpers.app import drive
from tests.helpers.app_sfw import keys, preview
from tests.helpers.app_si import form, panel, read, roll
from tests.helpers.snapshots import compare, settled

SI = tables.load()


def portborough(path: Path, phase: str = "landing") -> Path:
    """Scenario 3 with a Bhalaeth carrier and two Terran ships over Portborough (5/K5, 2 from the
    core) and Terran militia on the surface, at the invader's part of ``phase``."""
    s = setup.start(scenario_file.from_dict(storage.read(si_scenario_files()["invasion-of-portborough"], "scenario"))).state
    s = setup.enter_ship(s, SI, "Hornet", ["A4 D5 M3 R3", "A2 D3 M2 R2"], arrives=0).state
    s = setup.enter_ship(s, SI, "Belami", ["A1 D2 M3 R1"], arrives=0, supply=1).state
    s = setup.enter_ship(s, SI, "Hive-1", ["A3 D6 M2 R3", "A1 D3 M1 R2"], code="CV", side="invader", arrives=0, supply=1).state
    s = setup.place(s, ["Hornet", "Belami", "Hive-1"], "5/K5", 2).state
    s = setup.enter_unit(s, "Militia", ["2-3-1", "1-1-1"], side="defender", planet="Portborough").state
    while s.phase != phase:
        s = turn.next_phase(s).state
    storage.write_text(path, scenario_file.text(s))
    return path


def card(app: RefereeApp, page: str = "planets") -> str:
    return str(app.screen.query_one(f"#{page} #card", Static).render())


def test_the_planets_screen_puts_troops_down_supplies_them_and_fights_a_ground_attack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = portborough(tmp_path / "p3.toml")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2")
        assert "Planets · turn 1 of 12 · Landing Actions (5), invader" in str(app.query_one("#bar", Static).render())
        assert "land d, lift f, deploy y, stockpile s" in panel(app)
        assert app.screen.query_one("#worlds", Rows).keys == ["Portborough", "Militia"]
        assert "Terran (defender): 20 industrial, 147 settled" in card(app) and "in orbit: Hornet (Def), Belami (Def), Hive-1 (Inv)" in card(app)
        # two units entered from their counters, aboard the carrier
        await form(pilot, "u", ("type", "Drones"), ("pick", "invader"), ("type", "6-2-2"), ("type", "3-1-1"), ("keep",), ("keep",), ("pick", "aboard Hive"))
        await keys(pilot, "ctrl+a")
        await form(pilot, "u", ("type", "Scouts"), ("pick", "invader"), ("type", "1-5-5"), ("keep",), ("keep",), ("keep",), ("pick", "aboard Hive"))
        await keys(pilot, "ctrl+a")
        hive = read(path).ship("Hive-1")
        assert [u.name for u in hive.cargo.units] == ["Drones", "Scouts"] and hive.cargo.units[0].steps[1].attack == 3
        # the carrier lands: only the invader's ship in a planet hex is offered
        await keys(pilot, "d")
        assert isinstance(app.screen, FormDialog)
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert found.ship("Hive-1").atmosphere and "enters Portborough's atmosphere" in found.log[-1].text
        assert "in the atmosphere: Hive-1 (Inv)" in card(app)
        # the units put down from the atmosphere
        await form(pilot, "y", ("keep",), ("mark", "Drones", "Scouts"))
        assert "landed from the atmosphere" in preview(app)
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert [(t.unit.name, t.planet) for t in found.troops] == [("Militia", "Portborough"), ("Drones", "Portborough"), ("Scouts", "Portborough")]
        # the defender's part: Belami lands (its planetary gear 1 from the scenario's line) and stockpiles its supply point
        await keys(pilot, "n")
        await form(pilot, "d", ("pick", "Belami"))
        await keys(pilot, "ctrl+a")
        await form(pilot, "s", ("pick", "Belami"), ("keep",), ("type", "1"))
        await keys(pilot, "ctrl+a")
        assert read(path).world("Portborough").stockpile("defender") == 1
        # ground supply: two units, the carrier's one point: the last in the order goes without and loses a step
        await keys(pilot, "n")
        assert "ground supply p" in panel(app)
        await form(pilot, "p", ("keep",))
        assert "2 units to supply: terrain 0, stockpile 0, ships' supply 1" in preview(app)
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert found.troop("Drones").unit.lost == 0 and found.troop("Scouts").unit.destroyed
        assert found.ship("Hive-1").cargo.supply == 0
        # a second supply of the same planet this phase is refused: nothing offered
        await keys(pilot, "p")
        assert isinstance(app.screen, FormDialog)
        await keys(pilot, "ctrl+a")
        assert "planet" in str(app.screen.query_one("#error-planet", Static).render()).lower()
        await keys(pilot, "escape")
        # the ground attack: Drones 6 against Militia 3, odds 2-1; the die typed as rolled
        await keys(pilot, "n", "n")
        assert (read(path).phase, read(path).phasing) == ("ground-combat", "invader")
        await form(pilot, "k", ("keep",), ("keep",), ("mark", "Drones"), ("mark", "Militia"))
        assert "attack 6 against defense 3: odds 2-1" in preview(app) and "-1 on the die" in preview(app)
        await keys(pilot, "ctrl+a")
        await roll(app, pilot, "3")
        found = read(path)
        owed = found.ground_losses
        assert owed is not None and (owed.defender_losses, owed.attacker_losses) == (1, 0) and owed.attacker_done is not None  # 1/0
        assert "column '3': 1/0" in found.log[-1].text
        assert "the defender's 1 ground loss on Portborough (Militia) (b on Planets)" in panel(app)

    drive(path, play)


def test_the_losses_of_a_ground_attack_are_taken_side_by_side(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = portborough(tmp_path / "p3.toml", "ground-combat")
    s = read(path)
    s = setup.enter_unit(s, "Drones", ["6-2-2", "3-1-1"], side="invader", planet="Portborough").state
    storage.write_text(path, scenario_file.text(s))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2")
        await form(pilot, "k", ("keep",), ("keep",), ("mark", "Drones"), ("mark", "Militia"))
        await keys(pilot, "ctrl+a")
        await roll(app, pilot, "4")  # 6:3 reads 2:1; 4 -1 +1 = 4 reads 1/1: each side loses a step
        found = read(path)
        assert found.ground_losses is not None and (found.ground_losses.defender_losses, found.ground_losses.attacker_losses) == (1, 1)
        assert "the defender's 1 ground loss on Portborough (Militia) (b on Planets)" in panel(app)
        # the defender first: its one unit is offered, its step prefilled
        await form(pilot, "b", ("pick", "defender"))
        assert "1 to take; terrain held 20 industrial, 147 settled: up to 1 surrendered instead" in preview(app)
        await keys(pilot, "ctrl+a")
        assert isinstance(app.screen, FormDialog) and [f.name for f in app.screen.fields] == ["steps1"]
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert found.troop("Militia").unit.lost == 1 and found.ground_losses is not None
        # the invader surrenders no terrain (it holds none): a step of Drones
        await form(pilot, "b", ("pick", "invader"))
        await keys(pilot, "ctrl+a", "ctrl+a")
        found = read(path)
        assert found.troop("Drones").unit.lost == 1 and found.ground_losses is None
        assert "attack a hex" not in panel(app)

    drive(path, play)


def test_frigates_are_loaded_unloaded_and_cargo_lost_from_the_fleets_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = portborough(tmp_path / "p3.toml", "maneuver")
    s = read(path)
    s = setup.enter_ship(s, SI, "Sting", ["A2 D2 M5 R2"], code="FF", side="invader", aboard="Hive-1").state  # Portborough's FFs enter aboard the CVs
    s = ship_phase.unload_ship(s, "Hive-1", ["Sting"]).state
    storage.write_text(path, scenario_file.text(s))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert "load w, unload u" in panel(app, "fleets")
        await form(pilot, "w", ("pick", "Hive-1"), ("mark", "Sting"))
        await keys(pilot, "ctrl+a")
        found = read(path)
        carried = found.entered("Sting")
        assert [x.name for x in found.ship("Hive-1").cargo.ships] == ["Sting"] and carried is not None and carried[1] == "Hive-1"
        await form(pilot, "u", ("pick", "Hive-1"), ("mark", "Sting"))
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert not found.ship("Hive-1").cargo.ships and found.ship("Sting").hex == "5/K5"
        # a carrier owing cargo after a step loss eliminates its supply point
        s = read(path)
        s = s._replace(ships=tuple(x._replace(cargo_owed=1) if x.name == "Hive-1" else x for x in s.ships))
        storage.write_text(path, scenario_file.text(s))
        await keys(pilot, "ctrl+l")
        assert "Hive-1 must eliminate 1 cargo point" in panel(app, "fleets") and "(x on Fleets)" in panel(app, "fleets")
        await form(pilot, "x", ("pick", "Hive-1"), ("type", "1"))
        assert "Hive-1 owes 1 cargo point" in preview(app)
        await keys(pilot, "ctrl+a")
        found = read(path)
        assert found.ship("Hive-1").cargo.supply == 0 and found.ship("Hive-1").cargo_owed == 0

    drive(path, play)


def test_the_planets_screen_shows_units_by_planet_and_aboard(tmp_path: Path) -> None:
    from referee.tui.si import planet_cards

    s = read(portborough(tmp_path / "p3.toml"))
    s = setup.enter_unit(s, "Drones", ["6-2-2", "3-1-1"], side="invader", aboard="Hive-1").state
    found = {key: cells for key, cells, _ in planet_cards.rows(s)}
    assert list(found) == ["Portborough", "Militia", "Drones"]
    assert found["Portborough"][:3] == ("Portborough", "Def", "5/K5")
    assert found["Drones"][1:] == ("Inv", "aboard Hive-1", "6-2-2", "2/2")
    assert "surface bombardment" not in "\n".join(map(str, planet_cards.card(s, "Portborough")))
    assert "▶ 1: 6-2-2" in "\n".join(map(str, planet_cards.card(s, "Drones")))


def test_an_attack_asks_about_rings_and_asteroids_where_the_scenario_plays_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = portborough(tmp_path / "p3.toml", "ship-combat")  # scenario 3 plays Asteroids (12.1), not Overloading (12.5)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await form(pilot, "t", ("pick", "5/K5"), ("mark", "Hive-1"))
        await keys(pilot, "ctrl+a")
        assert isinstance(app.screen, FormDialog) and [f.name for f in app.screen.fields] == ["range1", "asteroids", "rings"]
        await keys(pilot, '"0"', "tab", "tab", '"yes"', "enter", "ctrl+a")  # (rings: the third field, yes)
        await roll(app, pilot, "6")
        line = read(path).log[-1].text if "attack 5/K5" in read(path).log[-1].text else read(path).log[-2].text
        assert "into a ringed planet's hex" in line and "into an asteroid hex" not in line

    drive(path, play)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_snapshot_of_the_planets_screen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = portborough(tmp_path / "p3.toml", "ground-combat")
    s = read(path)
    s = setup.enter_unit(s, "Drones", ["6-2-2", "3-1-1"], side="invader", planet="Portborough").state
    s = setup.enter_unit(s, "Scouts", ["1-5-5"], side="invader", aboard="Hive-1").state
    storage.write_text(path, scenario_file.text(s))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2")
        compare(f"si_planets_{size[0]}x{size[1]}", await settled(app, pilot))

    drive(path, play, size)


def test_the_units_are_deployed_in_matchups_and_attacked_by_matchup_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = portborough(tmp_path / "p3.toml", "ground-combat")
    s = read(path)
    s = setup.enter_unit(s, "Drones", ["6-2-2", "3-1-1"], side="invader", planet="Portborough").state
    s = setup.enter_unit(s, "Scouts", ["1-5-5"], side="invader", planet="Portborough").state
    storage.write_text(path, scenario_file.text(s))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2")
        assert "deployment j, match m" in panel(app)
        await form(pilot, "j", ("keep",))
        await keys(pilot, "ctrl+a")
        assert "the defender must deploy a ground unit" in read(path).log[-1].text
        # the defender opens matchup 1 with its only unit; the invader must match it
        await form(pilot, "m", ("keep",), ("pick", "Militia"))
        await keys(pilot, "ctrl+a")
        await form(pilot, "m", ("keep",), ("pick", "Drones"))
        assert "1. invader - | defender Militia" in preview(app) and "the invader must match matchup 1" in preview(app)
        await keys(pilot, "ctrl+a")
        # the defender has run out: the invader may add Scouts to a matchup, or nothing more
        await form(pilot, "m", ("keep",), ("pick", "nothing more"))
        await keys(pilot, "ctrl+a")
        deployed = read(path).deployed("Portborough")
        assert deployed is not None and deployed.deployment.matchups[0].invader.units == ("Drones",)
        assert deployed.deployment.reserve("invader") == ("Scouts",)
        # the attack is by matchup: Drones 6 against Militia 3
        await form(pilot, "k", ("keep",), ("pick", "1"))
        assert "attack 6 against defense 3: odds 2-1" in preview(app)
        await keys(pilot, "ctrl+a")
        await roll(app, pilot, "5")  # 2:1, 5 -1 +1 = 5 reads 0/0
        found = read(path)
        assert "in matchup 1: Drones against Militia" in found.log[-1].text and found.ground_losses is None
        # once a phase: matchup 1 is no longer offered
        await keys(pilot, "k")
        assert isinstance(app.screen, FormDialog)
        await keys(pilot, "ctrl+a")
        assert "matchup" in str(app.screen.query_one("#error-matchup", Static).render())

    drive(path, play)
