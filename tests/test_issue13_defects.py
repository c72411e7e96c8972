"""Issue 13: one test for each defect measured on the code before it (each failed there).

Hostile input: a file name too long for the file system, "²" in numbers, entered rolls out of
their dice's range where the step does not need them, states no rule makes accepted on load, and
control characters (a terminal escape) in names.
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from click.testing import CliRunner
from typer.main import get_command

from referee import dice
from referee.cli import app
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.sathar_war import campaign_file, frontier
from tests.helpers.hostile import battle_in_play, small_war
from tests.rules.campaign.test_campaign_rules import TABLES

RUNNER, ROOT = CliRunner(), get_command(app)  # the click command, built once
Change = Callable[[dict[str, Any]], object]


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(ROOT, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def refused(result: tuple[int, str, str], says: str) -> None:
    code, _, err = result
    assert code == 2 and err.startswith("referee: error: ") and err.count("\n") == 1, result
    assert says in err, err


def unit(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(u for u in data["units"] if u["name"] == name)


def ship(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(s for s in data["ships"] if s["name"] == name)


@pytest.fixture()
def war(tmp_path: Path) -> Path:
    path = tmp_path / "war.toml"
    path.write_text(campaign_file.text(campaign_file.from_dict(small_war(), TABLES), TABLES), encoding="utf-8")
    return path


@pytest.fixture()
def battle(tmp_path: Path) -> Path:
    path = tmp_path / "battle.toml"
    path.write_text(battle_file.text(battle_file.from_dict(battle_in_play(), TABLES), TABLES), encoding="utf-8")
    return path


# -- a file name too long: a one-line refusal, not an OSError traceback ------------------------------


def test_a_300_character_file_name_is_refused_in_one_line(war: Path, tmp_path: Path) -> None:
    long = str(tmp_path / ("x" * 300))
    refused(run("campaign", "battle", "export", "Prenglar", long, "-c", str(war)), "File name too long")
    refused(run("campaign", "new", long), "File name too long")
    refused(run("kh", "start", "the-stand", long), "File name too long")
    refused(run("kh", "start", long, str(tmp_path / "b.toml")), "File name too long")


# -- "²" passes str.isdigit, and int() refuses it ----------------------------------------------------


def test_a_superscript_digit_in_a_number_is_refused_in_one_line(war: Path, battle: Path) -> None:
    before = (war.read_bytes(), battle.read_bytes())
    refused(run("roll", "d10+²"), "cannot read '²'")
    refused(run("roll", "²d10"), "cannot read")
    refused(run("kh", "repair", "--allot", "hull=²"), "must be a whole number")
    refused(run("campaign", "battle", "result", "Sathar Frigate 2", "--spent", "T=²", "-c", str(war)), "must be a whole number")
    refused(run("campaign", "repairs", "space", "Sathar Frigate 2", "--repair", "hull=²", "-c", str(war)), "must be a whole number")
    refused(run("kh", "seeker", "attack", "1512", "--at", "Maelstrom", "--icm", "Maelstrom=²", "-b", str(battle)), "must be a whole number")
    with pytest.raises(RefereeError, match="not a die result"):
        dice.entered("d10", "²")
    assert (war.read_bytes(), battle.read_bytes()) == before


# -- entered rolls checked against their dice, needed or not -------------------------------------------


def test_an_entered_roll_out_of_range_is_refused_on_a_miss_too() -> None:
    # to hit rolled 100: a miss, and the Damage Table roll and the hull dice are not needed
    refused(run("kh", "attack", "LB", "-r", "1", "--roll", "100", "--damage-roll", "9999"), "9999 cannot be rolled on d100")
    refused(run("kh", "attack", "LB", "-r", "1", "--roll", "100", "--hull-roll", "-1"), "-1 cannot be rolled on 1d10")
    refused(run("kh", "damage", "LB", "--basic", "--damage-roll", "0"), "0 cannot be rolled on d100")  # no Damage Table in the Basic Game
    assert run("kh", "attack", "LB", "-r", "1", "--roll", "100", "--damage-roll", "50", "--hull-roll", "5")[0] == 0  # in range: ignored


def test_a_battle_is_not_saved_with_an_entered_roll_out_of_range(battle: Path) -> None:
    data = tomllib.loads(battle.read_text(encoding="utf-8"))
    sides = data["sides"]
    firer = next(s["name"] for s in data["ships"] if s["side"] == sides[1] and "LB" in s.get("weapons", []) and not s.get("docked_at"))
    target = next(s["name"] for s in data["ships"] if s["side"] == sides[0] and s["class"] not in ("fighter",) and s.get("hull", 1))
    before = battle.read_bytes()
    shot = ["kh", "attack", "LB", "--from", firer, "--at", target, "-r", "1", "-b", str(battle), "--roll", "100"]
    refused(run(*shot, "--hull-roll", "-1"), "-1 cannot be rolled on 1d10")
    refused(run(*shot, "--damage-roll", "9999"), "9999 cannot be rolled on d100")
    assert battle.read_bytes() == before
    assert run(*shot)[0] == 0 and battle.read_bytes() != before  # the same miss without the bad rolls is taken


def test_unneeded_rolls_out_of_range_are_refused_in_the_other_steps(tmp_path: Path) -> None:
    data = small_war()
    data.update(day=9, step="sathar-move", fights=[])
    for name in ("Sathar Frigate 1", "Sathar Frigate 2", "TF Prenglar Frigate 1"):
        unit(data, name).update(moved=False, fought=False, attacked="")
    war = tmp_path / "war.toml"
    war.write_text(campaign_file.text(campaign_file.from_dict(data, TABLES), TABLES), encoding="utf-8")
    before = war.read_bytes()
    # a ship moving one box a day does not risk-jump: no misjump roll is made, and 9999 is still refused
    move = ["campaign", "move", "Sathar Frigate 1", "--toward", "Prenglar", "-c", str(war)]
    refused(run(*move, "--roll", "9999"), "9999 cannot be rolled on d100")
    refused(run(*move, "--roll", "Sathar Frigate 1=0"), "0 cannot be rolled on d100")
    assert war.read_bytes() == before
    assert run(*move, "--roll", "50")[0] == 0  # in range: not needed, ignored
    refused(run("kh", "breakup", "--points", "0", "--hull", "40", "--damage", "5", "--roll", "101"), "101 cannot be rolled on d100")  # no chance: no roll


def test_a_hull_roll_for_a_hull_repair_that_fails_is_still_checked() -> None:
    from referee.knight_hawks.repair import Repair, repair_turn
    from referee.knight_hawks.roster import build

    hurt = build(TABLES.get("kh.ships-advanced").row("frigate"), "F", "UPF", "advanced")._replace(hull=20)

    with pytest.raises(RefereeError, match="11 cannot be rolled on 1d10"):
        repair_turn(hurt, [Repair("hull", 10)], random.Random(1), ["95"], ["11"])  # 95 fails: the hull roll is not needed


# -- states no rule makes, refused on load with the unit and key named ---------------------------------


CAMPAIGN_CASES: list[tuple[str, Change, str]] = [
    ("a ship in two places: at Prenglar, docked at a station of another system",
     lambda d: unit(d, "TF Prenglar Frigate 1").update(docked_at="Fortress Pale"), "a ship docks at the station of its own planet"),
    ("docked at a station of the same system but another planet",
     lambda d: unit(d, "TF Prenglar Frigate 1").update(docked_at="Gran Quivera Station"), "a ship docks at the station of its own planet"),
    ("hull_points 0", lambda d: unit(d, "TF Prenglar Frigate 1").update(hull_points=0), "hull_points must be 1 or more, not 0"),
    ("negative rearms", lambda d: unit(d, "TF Prenglar Assault Carrier").update(rearms=-1), "rearms must be 0 or more, not -1"),
    ("negative returns", lambda d: unit(d, "Sathar Destroyer 1").update(returns=-3), "returns must be 0 or more, not -3"),
    ("returns today (the Void is left at the start of the day)", lambda d: unit(d, "Sathar Destroyer 1").update(returns=8), "returns day 8"),
    ("negative lost", lambda d: unit(d, "Sathar Frigate 3").update(lost=-1), "lost must be 0 or more, not -1"),
    ("negative docked_since", lambda d: unit(d, "Pale Militia Frigate").update(docked_since=-2), "docked_since must be 0 or more, not -2"),
    ("docked_since after today", lambda d: unit(d, "Pale Militia Frigate").update(docked_since=9), "docked_since day 9 is after today"),
    ("placed before -1", lambda d: unit(d, "Sathar Frigate 1").update(placed=-5), "placed must be -1 or more, not -5"),
    ("negative repair_turns", lambda d: unit(d, "Sathar Frigate 2").update(repair_turns=-1), "repair_turns must be 0 or more"),
    ("allowance count negative", lambda d: d["allowances"][0].update(count=-4), "count must be from 1 to 2, not -4"),
    ("route light-years negative", lambda d: d["map"]["routes"][0].update(light_years=-7), "light_years must be 0 or more, not -7"),
    ("a loss on day 0", lambda d: d["losses"][0].update(day=0), "day must be 1 or more, not 0"),
    ("a loss after today", lambda d: d["losses"][2].update(day=9), "day 9 is after today (day 8)"),
    ("a loss of a Sathar ship still active, placed before it", lambda d: d["losses"].append({**d["losses"][2], "name": "Sathar Frigate 2"}),
     "the Sathar Frigate 2 is active, but lost (combat) on day 7"),
    ("a loss of a militia ship still active (militia are never replaced)",
     lambda d: d["losses"].append({**d["losses"][0], "name": "Pale Militia Frigate", "kind": "frigate"}), "the Pale Militia Frigate is active, but lost"),
    ("a loss today of a UPF ship still active", lambda d: d["losses"].append({**d["losses"][1], "day": 8, "name": "TF Prenglar Frigate 1", "kind": "frigate"}),
     "the TF Prenglar Frigate 1 is active, but lost (combat) on day 8"),
    ("a loss of another kind than the unit", lambda d: d["losses"][1].update(kind="battleship"), "must be the unit's"),
    ("a destroyed unit with no loss", lambda d: d["losses"].pop(2), "losses has no combat or stranded loss of it"),
    ("a log line on day -9", lambda d: d["log"][0].update(day=-9), "day must be 0 or more, not -9"),
    ("a log line after today", lambda d: d["log"][1].update(day=30), "day 30 is after today"),
    ("a fighter carried by a frigate", lambda d: unit(d, "UPF Fighter 1").update(carried_by="TF Prenglar Frigate 1"), "is not a carrier or station"),
    ("a frigate carried by a carrier", lambda d: unit(d, "TF Prenglar Frigate 1").update(carried_by="TF Prenglar Assault Carrier"), "only fighters are carried"),
    ("docked at a ship, not a station", lambda d: unit(d, "TF Prenglar Frigate 1").update(docked_at="TF Prenglar Assault Carrier"), "is not a station"),
    ("a destroyed ship docked", lambda d: unit(d, "TF Prenglar Destroyer 1").update(docked_at="Fortress Gollwin"), "a ship docks only on the map"),
    ("home not a planet", lambda d: unit(d, "Fortress Pale").update(home="Nowhere"), "home 'Nowhere' is not a planet of the map"),
    ("a circle not of the map", lambda d: unit(d, "Sathar Frigate 1").update(circle="Zebulon Circle"), "not a start circle of the map"),
    ("a drone that is no frigate", lambda d: unit(d, "TF Prenglar Assault Carrier").update(drone=True), "only frigates"),
    ("a station out of orbit", lambda d: unit(d, "Fortress Gollwin").update(place={"where": "Prenglar", "planet": "Gran Quivera"}), "a station stays in orbit"),
    ("a declared battle at a planet of another system", lambda d: d["fights"][0].update(planet="Pale"), "'Pale' is not a planet of Prenglar"),
    ("an allowance at a carrier", lambda d: d["allowances"][0].update(station="TF Prenglar Assault Carrier"), "not a fortress or fortified station"),
    ("a fleet named as a ship", lambda d: [unit(d, n).update(fleet="Fortress Pale") for n in ("TF Prenglar Frigate 1", "TF Prenglar Assault Carrier")],
     "must be a name of its own"),
    ("an allowance lasting past tomorrow", lambda d: d["allowances"][0].update(until=20), "lasts until day 20"),
    ("a Sathar ship in a UPF force", lambda d: unit(d, "Sathar Frigate 2").update(force="Militia"), "do not go together"),
    ("a unit's name with a terminal escape", lambda d: unit(d, "Sathar Frigate 1").update(name="Sathar\x1b[2J Frigate"), "control character '\\x1b'"),
    ("a fleet's name with a bell", lambda d: unit(d, "TF Prenglar Frigate 1").update(fleet="Task\x07Force"), "control character '\\x07'"),
    ("a C1 control in a note", lambda d: unit(d, "Fortress Pale").update(note="Pale\x9b2J"), "control character '\\x9b'"),
    ("a log line's text with an escape", lambda d: d["log"][1].update(text="x\x1b]0;t\x07"), "control character"),
]


@pytest.mark.parametrize(("what", "change", "says"), CAMPAIGN_CASES, ids=[c[0] for c in CAMPAIGN_CASES])
def test_a_state_no_rule_makes_is_refused_on_load(what: str, change: Change, says: str) -> None:
    data = small_war()
    change(data)
    with pytest.raises(RefereeError) as refusal:
        campaign_file.from_dict(data, TABLES)
    assert says in str(refusal.value) and "\n" not in str(refusal.value), str(refusal.value)


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


def test_a_map_with_negative_light_years_is_refused() -> None:
    data = small_war()["map"]
    data["routes"][0]["light_years"] = -1
    with pytest.raises(RefereeError, match="light_years must be 0 or more, not -1"):
        frontier.from_dict(data)


# -- control characters: a name holding ESC is not printed raw --------------------------------------


def test_a_name_holding_a_terminal_escape_is_refused_not_printed(tmp_path: Path) -> None:
    data = small_war()
    unit(data, "Sathar Frigate 2")["name"] = "Sathar\x1b]0;owned\x07 Frigate"
    for fight in data["fights"]:
        fight["ships"] = [n for n in fight["ships"] if n != "Sathar Frigate 2"]
    path = tmp_path / "war.toml"
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    code, out, err = run("campaign", "forces", "-c", str(path))
    assert code == 2 and "\x1b" not in out + err and "control character '\\x1b'" in err


def test_a_new_fleet_named_with_a_control_character_is_refused(war: Path) -> None:
    before = war.read_bytes()
    refused(run("campaign", "fleet", "join", "Bad\x07Fleet", "TF Prenglar Frigate 1", "-c", str(war)), "control character '\\x07'")
    assert war.read_bytes() == before


def test_markup_in_names_is_kept(tmp_path: Path) -> None:
    data = small_war()
    unit(data, "TF Prenglar Frigate 1")["fleet"] = "[red]Task Force[/]"
    unit(data, "TF Prenglar Assault Carrier")["fleet"] = "[red]Task Force[/]"
    loaded = campaign_file.from_dict(data, TABLES)
    assert "[red]Task Force[/]" in loaded.fleets()
    assert campaign_file.from_dict(tomllib.loads(campaign_file.text(loaded, TABLES)), TABLES) == loaded
