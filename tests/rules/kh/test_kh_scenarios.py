"""The four scenarios of the Tactical Operations Manual as battle files, and battle files read
strictly and saved atomically."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee import storage, tables
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.combat_phase import hit_in_battle
from tests.helpers.hostile import battle_in_play
from tests.helpers.kh import scenario
from tests.helpers.tables import TABLES

KH = tables.load(prefix="kh")


@pytest.mark.parametrize("name", ["surprise-attack", "fortress-kdikit", "close-escort", "the-stand"])
def test_each_scenario_loads_with_its_setup_and_victory_text_and_round_trips(name: str) -> None:
    battle = scenario(name)
    assert battle.turn == 1 and battle.moving == battle.sides[0]
    assert battle.setup.startswith("Setting Up") and battle.victory.startswith("Victory Conditions")
    assert battle.source.startswith("Knight Hawks Tactical Operations Manual")
    assert battle_file.from_dict(battle_file.to_dict(battle), KH, start=True) == battle


def test_surprise_attack_forces() -> None:
    battle = scenario("surprise-attack")
    assert battle.game == "basic" and battle.sides == ("Sathar", "UPF")
    zgata = battle.ship("Z'Gata")
    assert (zgata.hull_start, zgata.adf, zgata.mr, zgata.docked_at) == (40, 3, 3, "Doliin Bay")
    assert battle.ship("Doliin Bay").hull_start == 25
    assert [s.notation() for s in battle.ship("Venomous").weapons] == ["LC", "LB", "T x2"]
    assert "Evacuating Doliin Bay" in battle.special_rules[0]


def test_fortress_kdikit_forces() -> None:
    battle = scenario("fortress-kdikit")
    fortress = battle.ship("Fortress Kdikit")
    assert fortress.hull_start == 100 and fortress.system("RB").count == 12  # type: ignore[union-attr]
    assert sorted(s.name for s in battle.docked_at("Fortress Kdikit")) == ["UPF Fighter A", "UPF Fighter B"]
    assert len([s for s in battle.ships if s.carried_by == "Infamous"]) == 5


def test_close_escort_and_the_stand_forces() -> None:
    escort = scenario("close-escort")
    assert escort.game == "advanced" and escort.ship("Megasaurus").weapons == () and escort.ship("Megasaurus").dcr == 40
    # printed "LC RB (x4) LB (x2) EB": read "LB T (x2)", as every destroyer line reads
    assert [s.notation() for s in escort.ship("Nemesis").weapons] == ["LC", "RB x4", "LB", "T x2", "EB"]
    stand = scenario("the-stand")
    station = stand.ship("Ken'Zah Station")
    assert (station.hull_start, station.dcr_start) == (140, 100)
    assert len(stand.docked_at("Ken'Zah Station")) == 5 and len([s for s in stand.ships if s.carried_by == "Maelstrom"]) == 6
    assert stand.ship("Z'Rak't Zoz").system("M").count == 20  # type: ignore[union-attr]


# -- battle files ---------------------------------------------------------------------------------


def test_a_damaged_battle_round_trips_through_its_file(tmp_path: Path) -> None:
    """Random hits on The Stand's ships (every kind of damage), saved and read back unchanged."""
    battle = scenario("the-stand")
    rng = random.Random(4)
    for _ in range(60):
        ship = rng.choice([s for s in battle.ships if not s.destroyed])
        battle = hit_in_battle(battle, KH, rng, ship.name, rng.choice(["laser battery", "disruptor cannon", "torpedo"]), "1d10").battle
    assert any(s.damaged for s in battle.ships) and any(s.destroyed for s in battle.ships)
    path = tmp_path / "b.toml"
    storage.write_text(path, battle_file.text(battle, KH))
    assert battle_file.from_dict(storage.read(path, "battle"), KH) == battle


BASE: dict[str, Any] = {"format": battle_file.FORMAT, "version": 1, "name": "t", "game": "advanced", "sides": ["Sathar", "UPF"], "ships": [{"name": "A", "class": "frigate", "side": "UPF"}]}


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"format": "something else"}, "format must be"),
        ({"version": 2}, "version 2 is not one this program reads"),
        ({"game": "expert"}, "game must be basic or advanced"),
        ({"sides": ["UPF"]}, "sides must name two sides"),
        ({"moving": "Pirates"}, "moving must be one of the sides"),
        ({"turn": 0}, "turn must be 1 or more"),
        ({"turn": "one"}, "turn must be int"),
        ({"colour": "red"}, "unknown key colour"),
        ({"ships": []}, "no ships"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "hull": 41}]}, "hull 41 must be between 0 and the start figure 40"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "hull": -1}]}, "between 0"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "Pirates"}]}, "not one of"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF"}, {"name": "a", "class": "frigate", "side": "UPF"}]}, "listed twice: a"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "weapons": ["LC x"]}]}, "cannot read 'LC x'"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "weapons": ["T x3 of 2"]}]}, "more than it started with"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "damaged": ["warp core"]}]}, "warp core unknown"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "docked_at": "Nowhere"}]}, "not a ship in this battle"),
        ({"ships": [{"name": "A", "class": "space station", "side": "UPF"}]}, "give this ship's own figures"),
        ({"ships": [{"name": "A", "class": "ore carrier", "side": "UPF"}]}, "not a ship class of the advanced game"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "active_screen": "PS"}]}, "active_screen must be one of its screens"),
        ({"game": "basic", "ships": [{"name": "A", "class": "frigate", "side": "UPF", "dcr": 5}]}, "the Basic Game has no DCR"),
        ({"seekers": [{"hex": "0101", "side": "UPF", "moved": 3}]}, "moved must be 0, 2, 4, 6"),
        ({"new_fires": ["A"]}, "new_fires lists 'A', which is not a burning UPF ship"),
        ({"losses": [{"ship": "A", "turn": 1, "half": "UPF", "shooting": True}]}, "losses lists 'A', which is not a destroyed ship"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "hull": 0}], "losses": [{"ship": "A", "turn": 1, "half": "UPF"}]}, "shooting is missing"),
        ({"ships": [{"name": "A", "class": "frigate", "side": "UPF", "hull": 0}], "losses": [{"ship": "A", "turn": 2, "half": "UPF", "shooting": False}]}, "give a turn up to 1"),
    ],
)
def test_malformed_battle_files_are_refused_saying_what_and_where(change: dict[str, Any], says: str) -> None:
    with pytest.raises(RefereeError, match=says):
        battle_file.from_dict({**BASE, **change}, KH)


def test_a_save_is_atomic_and_keeps_the_last_save_as_bak(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "battle.toml"
    storage.write_text(path, "a = 1\n")
    storage.write_text(path, "a = 2\n")
    assert storage.read(path, "battle") == {"a": 2} and storage.read(path.with_name("battle.toml.bak"), "battle") == {"a": 1}

    def crash(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", crash)
    with pytest.raises(RefereeError, match="the last save is untouched"):
        storage.write_text(path, "a = 3\n")
    assert storage.read(path, "battle") == {"a": 2}
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


@pytest.mark.parametrize(("text", "says"), [(b"a = [", "not valid TOML"), (b"\xff\xfe", "not a text file")])
def test_corrupt_files_are_refused(tmp_path: Path, text: bytes, says: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_bytes(text)
    with pytest.raises(RefereeError, match=says):
        storage.read(path, "battle")
    with pytest.raises(RefereeError, match="no battle file"):
        storage.read(tmp_path / "missing.toml", "battle")


# -- Close Escort: side A by a die roll ---------------------------------------------------------------


def test_close_escort_rolls_a_die_a_side_and_the_higher_is_side_a() -> None:
    # Setting Up: "After the ships are placed, each player rolls a die. The player rolling the higher
    # number is side A, and moves first." A die: one ten-sided die (How To Use The Dice).
    from referee.knight_hawks.side_a import roll_for_side_a

    escort = scenario("close-escort")
    assert escort.roll_for_side_a
    done = roll_for_side_a(escort, random.Random(1), {"upf": "7", "Sathar": "3"})
    assert done.battle.sides == ("UPF", "Sathar") and done.battle.moving == "UPF" and not done.battle.roll_for_side_a
    entry = done.entries[0]
    assert entry.text == "each player rolls a die for side A: Sathar 3, UPF 7: UPF rolled higher, is side A and moves first; Sathar is side B"
    assert [r.split(" (entered) for ")[1] for r in entry.rolls] == ["Sathar's die for side A", "UPF's die for side A"] and all("(entered)" in r for r in entry.rolls)
    assert "Scenario 1: Close Escort, Setting Up" in entry.rule and "ten-sided" in entry.rule
    assert battle_file.from_dict(battle_file.to_dict(done.battle), KH) == done.battle
    with pytest.raises(RefereeError, match="a tie, 5 each: the players roll again"):
        roll_for_side_a(escort, random.Random(1), {"UPF": "5", "Sathar": "5"})
    with pytest.raises(RefereeError, match="enter a result from 1 to 10"):
        roll_for_side_a(escort, random.Random(1), {"UPF": "11", "Sathar": "5"})
    with pytest.raises(RefereeError, match="give both sides' rolls"):
        roll_for_side_a(escort, random.Random(1), {"UPF": "5"})
    with pytest.raises(RefereeError, match="does not roll for side A"):
        roll_for_side_a(scenario("the-stand"), random.Random(1))


def test_a_tie_for_side_a_is_rolled_again_and_logged() -> None:
    from referee.knight_hawks.side_a import roll_for_side_a

    done = roll_for_side_a(scenario("close-escort"), random.Random(0))  # the first two dice of seed 0 are 7 and 7
    entry = done.entries[0]
    assert entry.text.startswith("each player rolls a die for side A: a tie, 7 each, rolled again; ")
    assert len(entry.rolls) == 4 and "a tie rolled again (a reading" in entry.rule


def test_a_battle_in_play_must_have_side_a_decided() -> None:
    data = battle_file.to_dict(scenario("close-escort"))
    with pytest.raises(RefereeError, match="side A is still to be rolled for"):
        battle_file.from_dict(data, KH)


Change = Callable[[dict[str, Any]], object]


def ship(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in data["ships"] if s["name"] == name)


BATTLE_CASES: list[tuple[str, Change, str]] = [
    ("a ship docked at itself", lambda d: ship(d, "Ken'Zah Station").update(docked_at="Ken'Zah Station"), "is docked at"),
    ("docked at a fighter", lambda d: ship(d, "UPF Fighter B").update(docked_at="UPF Fighter A"), "(fighter, UPF): give a station"),
    ("a fighter carried by a frigate", lambda d: [s for s in d["ships"] if s.get("carried_by") == "Maelstrom"][0].update(carried_by=_frigate(d)), "carried by"),
    ("a frigate carried by a carrier", lambda d: ship(d, _frigate(d)).update(carried_by="Maelstrom"), "only fighters are carried"),
    ("docked at the other side's station", lambda d: [s for s in d["ships"] if s.get("carried_by") == "Maelstrom"][0].update(carried_by="", docked_at="Ken'Zah Station"), "of its own side"),
    ("a seeker turn below 0", lambda d: d["seekers"][0].update(turn=-1), "turn must be 0 or more, not -1"),
    ("a seeker that moved in a later turn", lambda d: d["seekers"][0].update(turn=7), "after this turn"),
    ("a seeker moved 12 (it detonated and is gone)", lambda d: d["seekers"][0].update(moved=12), "moved must be 0, 2, 4, 6"),
    ("a mine in hex nowhere", lambda d: d["mines"][0].update(hex="nowhere"), "'nowhere' is not a hex number"),
    ("a mine in a five-digit hex", lambda d: d["mines"][0].update(hex="12077"), "is not a hex number"),
    ("two mines in one hex", lambda d: d["mines"].append(dict(d["mines"][0])), "listed twice"),
    ("a log line on turn -1", lambda d: d["log"][0].update(turn=-1), "turn must be 1 or more, not -1"),
    ("a log line in a later turn", lambda d: d["log"][0].update(turn=4), "a log line is of a turn from 1 to 3"),
    ("hull_points 0", lambda d: ship(d, "Ken'Zah Station").update(hull_points=0, hull=0), "hull_points must be 1 or more, not 0"),
    ("a repair turn after turn 2", lambda d: d.update(step="repair", turn=2), "a repair turn follows every third turn"),
    ("fired a weapon it does not have", lambda d: ship(d, "Ken'Zah Station").update(fired=["T"]), "fired T: not among its weapons"),
    ("a system with no start", lambda d: ship(d, "Ken'Zah Station").update(weapons=["LB x0"]), "a system starts with 1 or more"),
    ("a ship's name with an escape", lambda d: ship(d, "Ken'Zah Station").update(note="\x1b[31m"), "control character"),
]


def _frigate(data: dict[str, Any]) -> str:
    return next(s["name"] for s in data["ships"] if s["class"] in ("frigate", "destroyer") and s["side"] == ship(data, "Maelstrom")["side"])


@pytest.mark.parametrize(("what", "change", "says"), BATTLE_CASES, ids=[c[0] for c in BATTLE_CASES])
def test_a_battle_state_no_rule_makes_is_refused_on_load(what: str, change: Change, says: str) -> None:
    data = battle_in_play()
    change(data)
    with pytest.raises(RefereeError) as refusal:
        battle_file.from_dict(data, TABLES)
    assert says in str(refusal.value) and "\n" not in str(refusal.value), str(refusal.value)
