"""Input no referee means, refused on the command line in one line, the file left as it was: a file
name too long for the file system, "²" in numbers, entered rolls out of their dice's range where the
step does not need them, and control characters (a terminal escape) in names.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tomli_w
from click.testing import CliRunner
from typer.main import get_command

from referee import dice
from referee.cli import app
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.sathar_war import campaign_file
from tests.helpers.hostile import battle_in_play, small_war, unit
from tests.helpers.tables import TABLES

RUNNER, ROOT = CliRunner(), get_command(app)  # the click command, built once


def run(*args: str) -> tuple[int, str, str]:
    result = RUNNER.invoke(ROOT, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def refused(result: tuple[int, str, str], says: str) -> None:
    code, _, err = result
    assert code == 2 and err.startswith("referee: error: ") and err.count("\n") == 1, result
    assert says in err, err


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
