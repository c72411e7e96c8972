"""Fighters and assault scouts rearm after one complete game turn on board their base (Fighters;
Assault Scout): not in the turn they came on board, not in a turn their base was attacked, and an
assault scout never at a carrier; the ships attacked in the game turn, kept in the battle file."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat_phase import Report, hit_in_battle, shoot
from referee.knight_hawks.movement import dock, move
from referee.knight_hawks.ordnance import lay_mines, mines_attack, seeker_attack, shatter_drone
from referee.knight_hawks.rearm import FIGHTERS_RULE, SCOUTS_RULE
from tests.helpers.kh import make, scenario

KH = tables.load(prefix="kh")
RNG = random.Random(0)
MISS = Rolled("99")


def fleet(fighter: str = "AR x3", scout: str = "AR x4", carried: str = "AR x3", **battle: Any) -> Battle:
    """Sathar: a destroyer, an assault carrier with a fighter aboard, a fighter flying; UPF: a frigate,
    a station with a fighter and an assault scout docked. The small craft's rockets as given."""
    return make(
        "advanced",
        {"name": "Venomous", "class": "destroyer", "side": "Sathar"},
        {"name": "Maelstrom", "class": "assault carrier", "side": "Sathar"},
        {"name": "Sathar Fighter A", "class": "fighter", "side": "Sathar", "carried_by": "Maelstrom", "weapons": [carried], "defenses": ["RH"]},
        {"name": "Sathar Fighter B", "class": "fighter", "side": "Sathar", "speed": 2, "weapons": ["AR x0 of 3"], "defenses": ["RH"]},
        {"name": "Z'Gata", "class": "frigate", "side": "UPF", "docked_at": "Station", "weapons": ["LC", "LB", "T x0 of 2"]},
        {"name": "Station", "class": "space station", "side": "UPF", "hull_points": 60, "adf": 0, "mr": 0, "dcr": 30, "weapons": ["LB", "RB x2"], "defenses": ["RH", "MS", "ICM x4"]},
        {"name": "Fighter A", "class": "fighter", "side": "UPF", "docked_at": "Station", "weapons": [fighter], "defenses": ["RH"]},
        {"name": "Stiletto", "class": "assault scout", "side": "UPF", "docked_at": "Station", "weapons": [scout, "LB"], "defenses": ["RH"]},
        **battle,
    )


def rockets(battle: Battle, name: str) -> str:
    line = battle.ship(name).system("AR")
    assert line is not None
    return line.notation()


def lines(before: Battle, after: Battle) -> list[str]:
    return [e.text for e in after.log[len(before.log) :]]


def turn_over(battle: Battle) -> Battle:
    """Both halves of the turn (from side A's half): the game turn ends."""
    return advance(advance(battle))


# -- a complete game turn on board -------------------------------------------------------------------


def test_a_fighter_on_board_a_station_a_whole_turn_is_rearmed_as_the_turn_ends() -> None:
    battle = fleet(fighter="AR x0 of 3")
    half = advance(battle)
    assert rockets(half, "Fighter A") == "AR x0 of 3"  # not at the end of a half
    after = advance(half)
    assert after.turn == 2 and rockets(after, "Fighter A") == "AR x3"
    entry = next(e for e in after.log if "Fighter A is rearmed" in e.text)
    assert entry.text == "end of turn 1: the Fighter A is rearmed on board the Station after a complete game turn there: AR 0 -> 3"
    assert entry.rule == FIGHTERS_RULE and "Fighters (rearming" in entry.rule
    again = turn_over(after)  # staying on board longer changes nothing, and says nothing
    assert rockets(again, "Fighter A") == "AR x3" and not any("rearm" in text for text in lines(after, again))


def test_a_full_load_gets_no_line_and_a_fighter_flying_is_not_rearmed() -> None:
    after = turn_over(fleet())
    assert not any("rearm" in e.text for e in after.log)
    assert rockets(after, "Sathar Fighter B") == "AR x0 of 3"  # flying, not on board


def test_a_fighter_short_of_some_rockets_gets_back_the_load_its_roster_started_with() -> None:
    """Back to its own start (two of a class maximum of three, as a scenario may give), not the class's."""
    after = turn_over(fleet(fighter="AR x1 of 2"))
    assert rockets(after, "Fighter A") == "AR x2"
    assert any(text.endswith("AR 1 -> 2") for text in lines(fleet(), after))


def test_a_destroyed_rocket_launcher_is_repaired_not_rearmed() -> None:
    battle = fleet(fighter="AR x0 of 3 destroyed")
    after = turn_over(battle)
    assert rockets(after, "Fighter A") == "AR x0 of 3 destroyed" and not any("rearm" in text for text in lines(battle, after))


def test_a_fighter_aboard_its_carrier_a_whole_turn_is_rearmed() -> None:
    after = turn_over(fleet(carried="AR x1 of 3"))
    assert rockets(after, "Sathar Fighter A") == "AR x3"
    assert "end of turn 1: the Sathar Fighter A is rearmed on board the Maelstrom after a complete game turn there: AR 1 -> 3" in lines(fleet(), after)


def test_a_fighter_that_lands_on_its_carrier_mid_turn_is_rearmed_at_the_end_of_the_next() -> None:
    battle = fleet()
    battle = move(battle, RNG, "Sathar Fighter B", 0, 2, 0).battle  # it stops in the carrier's hex
    battle = dock(battle, "Sathar Fighter B", "Maelstrom").battle
    assert battle.docked_this_turn == {"Sathar Fighter B"}
    first = turn_over(battle)
    assert rockets(first, "Sathar Fighter B") == "AR x0 of 3"
    assert ("end of turn 1: the Sathar Fighter B came on board the Maelstrom in this game turn, not a complete game turn on board: it is not rearmed yet (AR 0 of 3)") in lines(battle, first)
    assert first.docked_this_turn == frozenset()
    second = turn_over(first)
    assert rockets(second, "Sathar Fighter B") == "AR x3"


def test_a_ship_that_leaves_its_base_before_the_turn_ends_is_not_rearmed() -> None:
    battle = advance(fleet(fighter="AR x0 of 3"))  # UPF's half
    battle = dock(battle, "Fighter A", "").battle
    after = advance(battle)
    assert rockets(after, "Fighter A") == "AR x0 of 3" and not any("rearm" in text for text in lines(battle, after))


# -- the base attacked ---------------------------------------------------------------------------------


def test_a_fighter_whose_base_was_fired_at_is_not_rearmed_that_turn_but_is_the_next() -> None:
    battle = fleet(fighter="AR x0 of 3")
    battle = shoot(battle, KH, RNG, "Venomous", "LB", "Station", Report(range=2), MISS).battle  # a miss is an attack too
    assert battle.attacked == {"Station"}
    half = advance(battle)
    assert half.attacked == {"Station"}  # kept for the whole game turn
    after = advance(half)
    assert rockets(after, "Fighter A") == "AR x0 of 3" and after.attacked == frozenset()
    entry = next(e for e in after.log if "rearm" in e.text)
    assert entry.text == "end of turn 1: the Fighter A is not rearmed this turn: its base, the Station, was attacked in turn 1 (AR 0 of 3)"
    assert "If the fighter's base is attacked, the fighter cannot be rearmed that turn" in entry.rule
    later = turn_over(after)
    assert rockets(later, "Fighter A") == "AR x3"


def test_an_attack_on_another_ship_keeps_no_fighter_from_rearming() -> None:
    battle = advance(fleet(carried="AR x0 of 3"))
    battle = shoot(battle, KH, RNG, "Z'Gata", "LB", "Venomous", Report(range=2), MISS).battle
    after = advance(battle)
    assert rockets(after, "Sathar Fighter A") == "AR x3"


def test_a_carrier_attacked_by_mines_or_hit_at_the_table_rearms_none_of_its_fighters_that_turn() -> None:
    battle = lay_mines(fleet(carried="AR x0 of 3"), "1207", side="UPF").battle
    mined = mines_attack(battle, KH, RNG, "1207", ["Maelstrom"], rolled={"Maelstrom": MISS}).battle
    assert mined.attacked == {"Maelstrom"}
    hit = hit_in_battle(advance(fleet(carried="AR x0 of 3")), KH, RNG, "Maelstrom", "laser battery", "1d10", Rolled(None, "10", "1")).battle
    assert hit.attacked == {"Maelstrom"}
    for battle in (turn_over(mined), advance(hit)):
        assert rockets(battle, "Sathar Fighter A") == "AR x0 of 3"
        assert any("its base, the Maelstrom, was attacked" in e.text for e in battle.log)


def test_a_seeker_attack_marks_its_target_and_no_seeker_detonates_in_a_repair_turn() -> None:
    seeker = [{"hex": "0911", "side": "UPF", "active": True, "moved": 2, "turn": 1}]
    done = seeker_attack(fleet(seekers=seeker), KH, RNG, "0911", "Maelstrom", rolled=MISS)
    assert done.battle.attacked == {"Maelstrom"} and done.battle.seekers == ()
    with pytest.raises(RefereeError, match="this is the repair turn: a seeker detonates as a ship enters its hex"):
        seeker_attack(fleet(seekers=seeker, turn=3, step="repair"), KH, RNG, "0911", "Maelstrom", rolled=MISS)


def test_a_shatter_drone_attacks_every_ship_in_its_hex_and_is_gone_from_the_attacked() -> None:
    drone = make(
        "advanced",
        {"name": "Venomous", "class": "destroyer", "side": "Sathar"},
        {"name": "Zz' Nakk'T", "class": "frigate", "side": "Sathar"},
        {"name": "Z'Gata", "class": "frigate", "side": "UPF"},
        attacked=["Zz' Nakk'T"],
    )
    done = shatter_drone(drone, KH, RNG, "Zz' Nakk'T", ["Z'Gata"], {"Z'Gata": Rolled(None, "10", "5")})
    assert done.battle.attacked == {"Z'Gata"}
    assert battle_file.from_dict(battle_file.to_dict(done.battle), KH) == done.battle


# -- assault scouts --------------------------------------------------------------------------------------


def test_an_assault_scout_rearms_at_a_station_but_a_frigate_does_not() -> None:
    after = turn_over(fleet(scout="AR x0 of 4"))
    assert rockets(after, "Stiletto") == "AR x4" and after.ship("Stiletto").system("LB") == fleet().ship("Stiletto").system("LB")
    entry = next(e for e in after.log if "Stiletto is rearmed" in e.text)
    assert entry.text.endswith("AR 0 -> 4") and entry.rule == SCOUTS_RULE
    torpedoes = after.ship("Z'Gata").system("T")
    assert torpedoes is not None and torpedoes.count == 0  # only fighters and assault scouts rearm in a battle


def test_an_assault_scout_is_never_rearmed_at_a_carrier() -> None:
    battle = make(
        "advanced",
        {"name": "Maelstrom", "class": "assault carrier", "side": "Sathar"},
        {"name": "Sathar Scout", "class": "assault scout", "side": "Sathar", "weapons": ["AR x0 of 4", "LB"]},
    )
    with pytest.raises(RefereeError, match="assault scouts cannot be rearmed at assault carriers: they rearm at a space station"):
        dock(battle, "Sathar Scout", "Maelstrom")
    data = battle_file.to_dict(battle)
    data["ships"][1]["carried_by"] = "Maelstrom"
    with pytest.raises(RefereeError, match="only fighters are carried"):
        battle_file.from_dict(data, KH)
    # and were one aboard anyway (a battle put together by hand, unchecked), the end of the turn passes it by
    aboard = battle.with_ships([battle.ship("Sathar Scout")._replace(carried_by="Maelstrom")])
    assert rockets(turn_over(aboard), "Sathar Scout") == "AR x0 of 4"


# -- Fortress Kdikit: rockets fired, docked, rearmed -----------------------------------------------------


def fired_and_docked() -> Battle:
    """The Battle of Fortress Kdikit: UPF Fighter A launches, fires an assault rocket at the Vicious
    in each of turns 1 to 3, and docks at Fortress Kdikit again in UPF's half of turn 4."""
    battle = advance(scenario("fortress-kdikit"))
    battle = dock(battle, "UPF Fighter A", "").battle
    battle = move(battle, RNG, "UPF Fighter A", 3, 3, 0).battle
    for turn in (1, 2, 3):
        battle = shoot(battle, KH, RNG, "UPF Fighter A", "AR", "Vicious", Report(range=1), MISS).battle
        assert rockets(battle, "UPF Fighter A") == f"AR x{3 - turn} of 3"
        battle = turn_over(battle)  # to UPF's half of the next turn
    battle = move(battle, RNG, "UPF Fighter A", 0, 3, 0).battle  # it stops in the fortress's hex
    return dock(battle, "UPF Fighter A", "Fortress Kdikit").battle


def test_a_fighter_that_fired_its_rockets_rearms_at_fortress_kdikit_a_complete_turn_after_docking() -> None:
    docked = fired_and_docked()
    fourth = advance(docked)
    assert fourth.turn == 5 and rockets(fourth, "UPF Fighter A") == "AR x0 of 3"
    assert "end of turn 4: the UPF Fighter A came on board the Fortress Kdikit in this game turn" in "\n".join(lines(docked, fourth))
    fifth = turn_over(fourth)
    assert rockets(fifth, "UPF Fighter A") == "AR x3"
    assert "end of turn 5: the UPF Fighter A is rearmed on board the Fortress Kdikit after a complete game turn there: AR 0 -> 3" in lines(fourth, fifth)


def test_fortress_kdikit_fired_at_keeps_its_fighter_unarmed_that_turn() -> None:
    fourth = advance(fired_and_docked())
    shot = shoot(fourth, KH, RNG, "Vicious", "LB", "Fortress Kdikit", Report(range=3), MISS).battle
    fifth = turn_over(shot)
    assert rockets(fifth, "UPF Fighter A") == "AR x0 of 3"
    assert "end of turn 5: the UPF Fighter A is not rearmed this turn: its base, the Fortress Kdikit, was attacked in turn 5 (AR 0 of 3)" in lines(shot, fifth)
    assert rockets(turn_over(fifth), "UPF Fighter A") == "AR x3"


# -- the battle file -------------------------------------------------------------------------------------


def test_the_ships_attacked_round_trip_through_the_battle_file_only_when_there_are_some() -> None:
    battle = shoot(fleet(), KH, RNG, "Venomous", "LB", "Station", Report(range=2), MISS).battle
    data = battle_file.to_dict(battle)
    assert data["attacked"] == ["Station"]
    assert battle_file.from_dict(data, KH) == battle
    assert "attacked = [" in battle_file.text(battle, KH)
    assert "attacked" not in battle_file.to_dict(turn_over(battle))


@pytest.mark.parametrize(
    ("attacked", "extra", "says"),
    [
        (["Nobody"], {}, "attacked lists Nobody: give the ships of this battle attacked in this game turn"),
        (["station"], {}, "exactly as named in \\[\\[ships\\]\\], and none in a repair turn; not ships of this battle: station"),
        (["Station"], {"turn": 3, "step": "repair"}, "attacked lists Station: .* none in a repair turn$"),
        ("Station", {}, "attacked must be list, not 'Station'"),
        ([1], {}, "attacked must be a list of words"),
    ],
)
def test_the_file_refuses_an_attacked_list_that_does_not_fit(attacked: object, extra: dict[str, Any], says: str) -> None:
    data = {**battle_file.to_dict(fleet(**extra)), "attacked": attacked}
    with pytest.raises(RefereeError, match=says):
        battle_file.from_dict(data, KH)
