"""A campaign battle under the Basic Rules (damage_table = false): The Second Sathar War, Orders of
Battle - "If the Basic Rules are used, all weapons and ships introduced in the Advanced Game are still
used, as is the Advanced Game Combat Table ... The Advanced Game Damage Table and the repair rule are
ignored, however." Every hit is a hull hit on the weapon's HDR; no repair turn, no repairs, no fires,
no navigation rolls, no breaking apart."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from referee import storage
from referee.cli import app
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat_phase import Report, fire_damage, hit_in_battle, shoot
from referee.knight_hawks.movement import breakup, navigation
from referee.knight_hawks.ordnance import lay_mines, mines_attack, shatter_drone
from referee.knight_hawks.repair import Repair, repair_in_battle
from tests.helpers.kh import KH, fleet

RNG = random.Random(0)


def basic_rules(**battle: Any) -> Battle:
    return fleet(damage_table=False, **battle)


def test_a_hit_is_a_hull_hit_on_the_weapons_hdr_with_the_advanced_combat_table() -> None:
    done = shoot(basic_rules(), KH, RNG, "Perdition", "DC", "Z'Gata", Report(range=2), Rolled("40", None, "17"))
    assert done.attack is not None and done.attack.chance.total == 50  # Advanced Combat Table: DC vs RH 60, RD -10
    hit = done.attack.hit
    assert hit is not None and hit.damage_roll is None and hit.found is None and hit.hull is not None and hit.hull.points == 17
    assert done.battle.ship("Z'Gata").hull == 40 - 17
    entry = done.entries[0]
    assert "the campaign's Basic Rules ignore the Advanced Game Damage Table: every hit is a hull hit" in entry.text
    assert "Advanced Game Combat Table" in entry.rule and "The Second Sathar War, Orders of Battle" in entry.rule
    assert len(entry.rolls) == 2  # to hit and the 3d10: no Damage Table roll


def test_a_hit_decided_at_the_table_mines_and_drones_are_hull_hits_too() -> None:
    done = hit_in_battle(basic_rules(), KH, RNG, "Z'Gata", "torpedo", "4d10", Rolled(hull="22"))
    assert done.battle.ship("Z'Gata").hull == 18 and "The Second Sathar War" in done.entries[0].rule
    mined = lay_mines(basic_rules(), "1207", side="UPF").battle
    blast = mines_attack(mined, KH, RNG, "1207", ["Venomous"], rolled={"Venomous": Rolled("10", None, "20")})
    assert blast.battle.ship("Venomous").hull == 30 and "every hit is a hull hit" in blast.entries[0].text
    drone = shatter_drone(basic_rules(moving="UPF"), KH, RNG, "Z'Gata", ["Venomous"], {"Venomous": Rolled(hull="27")})
    assert drone.battle.ship("Venomous").hull == 23 and "The Second Sathar War, Orders of Battle" in drone.entries[1].rule


def test_no_repair_turn_after_the_third_turn_and_no_repairs() -> None:
    battle = basic_rules(turn=3, moving="UPF")
    nxt = advance(battle)
    assert (nxt.turn, nxt.step, nxt.moving) == (4, "turn", "Sathar")
    assert "no repair turn after turn 3: the campaign's Basic Rules ignore the repair rule" in nxt.log[-1].text
    damaged = battle.with_ships([battle.ship("Z'Gata")._replace(hull=20)])
    with pytest.raises(RefereeError, match="no repairs in this battle: the campaign's Basic Rules ignore the repair rule"):
        repair_in_battle(damaged, RNG, "Z'Gata", [Repair("hull", 50)])


def test_no_fires_navigation_rolls_or_breaking_apart() -> None:
    battle = basic_rules()
    # a roster carried in from an earlier Advanced battle may show a fire or a navigation hit: moot here
    battle = battle.with_ships([battle.ship("Z'Gata")._replace(damaged=frozenset({"electrical-fire"})), battle.ship("Venomous")._replace(hull=10, damaged=frozenset({"navigation"}))])
    assert battle.burning == ()
    shoot(battle, KH, RNG, "Venomous", "LB", "Z'Gata", Report(range=1), Rolled("99"))  # no fire roll holds up the shots
    advance(battle)
    with pytest.raises(RefereeError, match="no fire damage in this battle"):
        fire_damage(battle, KH, RNG)
    with pytest.raises(RefereeError, match="no navigation rolls in this battle"):
        navigation(battle, KH, RNG, "Venomous", "3")
    with pytest.raises(RefereeError, match="no breaking apart in this battle: .* a ship is destroyed when all of its hull points are gone"):
        breakup(battle, RNG, "Venomous", 4, "1")


def test_the_file_says_damage_table_false_only_when_false_and_reads_it_strictly() -> None:
    assert "damage_table" not in battle_file.to_dict(fleet())
    data = battle_file.to_dict(basic_rules())
    assert data["damage_table"] is False and list(data).index("damage_table") == list(data).index("game") + 1
    assert battle_file.from_dict(data, KH) == basic_rules()
    with pytest.raises(RefereeError, match="damage_table must be bool"):
        battle_file.from_dict({**data, "damage_table": "no"}, KH)
    with pytest.raises(RefereeError, match="game must be advanced"):
        fleet("basic", damage_table=False)


def test_the_commands_in_a_basic_rules_battle(tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    storage.write_text(path, battle_file.text(basic_rules(), KH))
    runner = CliRunner()

    def run(*args: str) -> tuple[int, str, str]:
        result = runner.invoke(app, [*args, "-b", str(path)], catch_exceptions=False)
        return result.exit_code, result.stdout, result.stderr

    code, out, err = run("kh", "attack", "LB", "--from", "Venomous", "--at", "Z'Gata", "-r", "1", "--roll", "10", "--hull-roll", "6")
    assert code == 0, err
    assert "Read as a hull hit: the campaign's Basic Rules ignore the Advanced Game Damage Table" in out and "Target: hull 40 -> 34" in out
    code, out, _ = run("kh", "ships")
    assert "(the campaign's Basic Rules: no Damage Table, every hit a hull hit; no repairs)" in out.splitlines()[0]
    assert json.loads(run("kh", "ships", "--json")[1])["damage_table"] is False
    before = path.read_bytes()
    for args, says in [
        (("kh", "breakup", "--ship", "Venomous", "--points", "2"), "no breaking apart"),
        (("kh", "repair", "Z'Gata", "--allot", "hull=10"), "no repairs in this battle"),
        (
            (
                "kh",
                "fires",
            ),
            "no fire damage in this battle",
        ),
    ]:
        code, out, err = run(*args)
        assert code == 2 and says in err and err.count("\n") == 1
    assert path.read_bytes() == before
