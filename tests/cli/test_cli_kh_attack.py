"""``referee kh attack`` and ``referee kh breakup`` as a referee types them."""

import json

import pytest

from tests.helpers.cli import run


def test_attack_shows_the_chance_its_parts_the_roll_and_the_damage() -> None:
    code, out, _ = run("kh", "attack", "LC", "--range", "4", "--head-on", "--roll", "50", "--damage-roll", "30", "--hull-roll", "12", "--hull", "50")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == "Chance to hit: 50%"
    assert lines[1].startswith("   +60  laser cannon against Reflective Hull")
    assert "+10  head-on shot" in lines[2] and "-20  range diffusion: 4 hexes x 5%" in lines[3]
    assert "50 <= 50: hit" in lines[4]
    assert "Damage Table roll; +0 DTM = 30 -> Hull hit: roll normal damage for weapon" in out
    assert "-> 12 hull points" in out
    assert "Hull points: 50 -> 38" in out


def test_attack_json_has_stable_keys_and_names_the_table_row() -> None:
    code, out, _ = run("kh", "attack", "PB", "-r", "1", "--roll", "10", "--damage-roll", "73", "--target", "destroyer", "--json")
    assert code == 0, out
    data = json.loads(out)
    assert list(data) == [
        "game",
        "weapon",
        "defense",
        "chance",
        "parts",
        "to_hit",
        "hit",
        "reading",
        "damage_roll",
        "damage_table",
        "effect",
        "hull_damage",
        "target_change",
        "hull_before",
        "hull_after",
        "destroyed",
    ]
    assert data["chance"] == 55 and data["hit"] is True
    assert data["damage_table"]["row"]["result"] == "Defense hit: ICM; SS; PS; ES; MS"
    assert data["damage_table"]["reading"] == "83 falls in band 81 to 84"
    assert data["effect"] == {"kind": "defense", "system": "ICM", "why": None}
    assert data["target_change"] == "ICM destroyed (5 left unusable)"


def test_attack_with_the_same_seed_rolls_the_same() -> None:
    args = ("kh", "attack", "T", "-r", "2", "--icms", "1", "--seed", "9", "--json")
    assert run(*args)[1] == run(*args)[1]


def test_a_destroyed_target_stops_at_zero_hull_points() -> None:
    code, out, _ = run("kh", "attack", "LB", "--basic", "-r", "0", "--roll", "26", "--hull-roll", "6", "--hull", "4")
    assert code == 0
    assert "Hull points: 4 -> 0 - destroyed" in out


def test_breakup_example() -> None:
    code, out, _ = run("kh", "breakup", "--hull", "50", "--damage", "32", "--points", "4", "--roll", "29")
    assert code == 0
    assert "(32 - 25) x 4 ADF and MR points = 28%" in out and "holds together" in out
    data = json.loads(run("kh", "breakup", "--hull", "50", "--damage", "32", "--points", "4", "--roll", "28", "--json")[1])
    assert data["chance"] == 28 and data["destroyed"] is True


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("kh", "attack", "LC", "-r", "11"), "beyond the laser cannon's range of 10"),
        (("kh", "attack", "LB"), "give the range"),
        (("kh", "attack", "T", "-r", "2", "--roll", "101"), "enter a result from 1 to 100"),
        (("kh", "attack", "T", "--target", "dreadnought", "--roll", "5"), "no row 'dreadnought'"),
        (("kh", "attack", "ZZ"), "no row 'ZZ'"),
        (("kh", "breakup", "--hull", "0", "--damage", "1", "--points", "1"), "hull points must be above 0"),
        (("kh", "breakup", "--hull", "50", "--points", "2"), "give --hull and --damage"),
        (("kh", "breakup", "--hull", "50"), "Missing option '--points'"),
    ],
)
def test_mistakes_exit_2_with_one_line(args: tuple[str, ...], says: str) -> None:
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert err.startswith("referee: error: ") and err.count("\n") == 1 and says in err
