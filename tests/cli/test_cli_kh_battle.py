"""The battle commands as a referee types them: start a scenario, fire, look at the rosters, step
the turn, repair; every mistake one line, exit 2, and the battle file unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers.cli import run


@pytest.fixture
def battle(tmp_path: Path) -> Path:
    path = tmp_path / "stand.toml"
    code, out, err = run("kh", "start", "the-stand", str(path))
    assert code == 0, err
    assert "The Stand: 22 ships, advanced game" in out and "Victory Conditions" in out
    return path


def test_scenarios_are_listed() -> None:
    code, out, _ = run("kh", "scenarios")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == ["close-escort", "fortress-kdikit", "surprise-attack", "the-stand"]


def test_a_shot_in_a_battle_changes_the_rosters_and_is_logged(battle: Path) -> None:
    code, out, err = run("kh", "attack", "LB", "--from", "Viper", "--at", "Shimmer", "-r", "3", "--roll", "20", "--damage-roll", "25", "--hull-roll", "7", "-b", str(battle))
    assert code == 0, err
    assert "Chance to hit: 35%" in out and "Target: hull 40 -> 33" in out
    code, out, _ = run("kh", "ships", "Shimmer", "-b", str(battle))
    assert "Shimmer (frigate, UPF): hull 33/40" in out
    code, out, _ = run("kh", "log", "--last", "1", "-b", str(battle))
    assert "[turn 1, Sathar] Viper fires its laser battery at the Shimmer: 35% to hit, 20 <= 35: hit" in out
    assert "dice: d100: entered at the table = 20 (entered) for laser battery to hit" in out


def test_the_battle_file_can_come_from_the_environment(battle: Path) -> None:
    code, out, _ = run("kh", "ships", "--json", env={"REFEREE_BATTLE": str(battle)})
    assert code == 0 and json.loads(out)["moving"] == "Sathar"


def test_torpedo_json_and_ammunition(battle: Path) -> None:
    code, out, _ = run("kh", "attack", "T", "--from", "Viper", "--at", "Shimmer", "-r", "2", "--icms", "2", "--roll", "96", "--json", "-b", str(battle))
    data = json.loads(out)
    assert code == 0 and data["attack"]["chance"] == 30 and data["attack"]["hit"] is False
    assert "2 ICMs from the Shimmer" in data["log"][0]["text"]
    ships = {s["name"]: s for s in json.loads(run("kh", "ships", "--json", "-b", str(battle))[1])["ships"]}
    assert "T x1 of 2" in ships["Viper"]["weapons"] and "ICM x2 of 4" in ships["Shimmer"]["defenses"]
    assert ships["Viper"]["fired"] == ["T"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("kh", "attack", "LB", "--from", "Vipr", "--at", "Shimmer", "-r", "2"), "did you mean Viper"),
        (("kh", "attack", "T", "--from", "Shimmer", "--at", "Viper", "-r", "2"), "Moving Player Only"),
        (("kh", "attack", "LB", "--from", "Viper", "--at", "UPF Fighter A", "-r", "2"), "cannot be attacked"),
        (("kh", "attack", "LB", "--from", "Viper", "--at", "Shimmer", "-r", "2", "--hull", "5"), "--hull come from the rosters"),
        (("kh", "attack", "LB", "--from", "Viper", "-r", "2"), "name both ships"),
        (("kh", "attack", "LB", "--from", "Viper", "--at", "Shimmer", "-r", "2", "--icm", "Lancet"), "NAME=VALUE"),
        (("kh", "attack", "LB", "--from", "Viper", "--at", "Shimmer", "-r", "2", "--roll", "0"), "enter a result from 1 to 100"),
        (("kh", "repair", "Viper", "--allot", "hull=10"), "repair turn"),
        (("kh", "fires", "--damage-roll", "Viper=10"), "not burning"),
        (("kh", "seeker", "move", "0101", "--to", "0102"), "no seeker missile in hex 0101"),
        (("kh", "dock", "Viper"), "or give --leave"),
    ],
)
def test_refused_steps_exit_2_with_one_line_and_leave_the_file_unchanged(battle: Path, args: tuple[str, ...], says: str) -> None:
    before = battle.read_bytes()
    code, out, err = run(*args, "-b", str(battle))
    assert code == 2 and out == ""
    assert err.startswith("referee: error: ") and err.count("\n") == 1 and says in err
    assert battle.read_bytes() == before


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("not toml [", "is not valid TOML"),
        (
            'format = "referee knight-hawks battle"\nversion = 1\nname = "x"\ngame = "advanced"\nsides = ["A", "B"]\n[[ships]]\nname = "s"\nclass = "frigate"\nside = "A"\nhull = 99\n',
            "hull 99 must be between 0 and the start figure 40",
        ),
    ],
)
def test_a_corrupt_or_hand_edited_file_is_refused_and_left_alone(tmp_path: Path, text: str, says: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, out, err = run("kh", "ships", "-b", str(path))
    assert code == 2 and out == "" and says in err and err.count("\n") == 1
    assert path.read_text() == text


def test_start_refuses_to_overwrite_and_unknown_scenarios(battle: Path) -> None:
    code, _, err = run("kh", "start", "the-stand", str(battle))
    assert code == 2 and "exists" in err
    code, _, err = run("kh", "start", "the-sit", str(battle.with_name("x.toml")))
    assert code == 2 and "the scenarios are close-escort" in err
    code, _, err = run("kh", "ships")
    assert code == 2 and "name the battle file with --battle FILE" in err


def test_turns_repair_turn_and_repairs(battle: Path) -> None:
    b = str(battle)
    run("kh", "attack", "LB", "--from", "Viper", "--at", "Shimmer", "-r", "3", "--roll", "20", "--damage-roll", "25", "--hull-roll", "7", "-b", b)
    for _ in range(6):
        assert run("kh", "next", "-b", b)[0] == 0
    code, out, _ = run("kh", "ships", "-b", b)
    assert "turn 3, repair turn" in out
    code, out, err = run("kh", "repair", "Shimmer", "--allot", "hull=40", "--roll", "12", "--hull-roll", "4", "-b", b)
    assert code == 0, err
    assert "the Shimmer repairs hull with 40 DCR points: 12 <= 40: hull 33 -> 37" in out


def test_mines_from_the_command_line(battle: Path) -> None:
    b = str(battle)
    assert run("kh", "mine", "lay", "1207", "--side", "UPF", "-b", b)[0] == 0
    code, out, _ = run("kh", "ships", "--secrets", "-b", b)
    assert "Mined hexes: 1207 (UPF)" in out
    code, out, err = run("kh", "mine", "attack", "1207", "--ship", "Viper", "--roll", "Viper=61", "-b", b)
    assert code == 0, err
    assert "60% to hit, 61 > 60: miss" in out and "no longer mined" in out


def test_quick_damage_navigation_and_repair_without_a_battle() -> None:
    code, out, _ = run("kh", "damage", "PB", "--damage-roll", "73", "--target", "destroyer")
    assert code == 0 and "= 73 (entered) for proton beam battery Damage Table roll; +10 DTM = 83 -> Defense hit: ICM; SS; PS; ES; MS" in out
    code, out, _ = run("kh", "damage", "fire", "--damage-roll", "5", "--hull-roll", "7")
    assert "+20 DTM = 25" in out and "7 hull points" in out
    code, out, _ = run("kh", "damage", "drone", "--basic", "--hull-roll", "27")
    assert "5d10" in out and "27 hull points" in out
    code, out, _ = run("kh", "navigation", "--roll", "0")
    assert code == 0 and "= 10 (entered)" in out and "-> turns right" in out
    code, out, _ = run("kh", "repair", "--allot", "fire=50", "--allot", "T=50", "--allot", "adf=50", "--allot", "adf=50", "--roll", "89", "--roll", "24", "--roll", "62", "--roll", "30")
    assert code == 0
    assert [line.split(" -> ")[1] for line in out.splitlines()] == ["89 > 50: still damaged", "24 <= 50", "62 > 50: still damaged", "30 <= 50"]


def test_close_escort_starts_with_the_die_roll_for_side_a(tmp_path: Path) -> None:
    path = tmp_path / "escort.toml"
    code, out, err = run("kh", "start", "close-escort", str(path), "--roll", "UPF=7", "--roll", "Sathar=3")
    assert code == 0, err
    assert "Sathar 3, UPF 7: UPF rolled higher, is side A and moves first" in out and "Player A: UPF (moves first)" in out
    data = json.loads(run("kh", "ships", "--json", "-b", str(path))[1])
    assert data["moving"] == "UPF"
    code, out, _ = run("kh", "log", "-b", str(path))
    assert "[turn 1, UPF] each player rolls a die for side A" in out and "dice: 1d10: entered at the table = 7 (entered) for UPF's die for side A" in out
    code, out, err = run("kh", "start", "the-stand", str(tmp_path / "x.toml"), "--roll", "UPF=7")
    assert code == 2 and "The Stand does not roll for side A (Sathar moves first): leave out --roll" in err
    assert not (tmp_path / "x.toml").exists()
