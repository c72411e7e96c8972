"""The bundled scenarios' special rules and victory conditions, played through: Surprise Attack!'s
evacuation of Doliin Bay, Close Escort's Megasaurus, The Stand and Fortress Kdikit's last fleet, and
a campaign battle that ends when one side has no ship left on the map."""

from __future__ import annotations

import random

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.knight_hawks import battle_file, scenarios
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, DockedTurns, advance
from referee.knight_hawks.combat_phase import Report, hit_in_battle, shoot
from referee.knight_hawks.movement import dock, leave_map, move
from referee.knight_hawks.scenarios import Verdict, standing, verdict
from referee.knight_hawks.side_a import roll_for_side_a
from tests.helpers.kh import scenario

KH = tables.load(prefix="kh")
RNG = random.Random(0)


def destroyed(battle: Battle, *names: str) -> Battle:
    return battle.with_ships([battle.ship(n)._replace(hull=0) for n in names])


def torpedo(battle: Battle, name: str) -> Battle:
    """A torpedo hit decided at the table, 40 hull points (the Damage Table roll 40 - 20: a hull hit)."""
    return hit_in_battle(battle, KH, RNG, name, "torpedo", "4d10", Rolled(None, "40", "40")).battle


def over(battle: Battle) -> list[str]:
    return [e.text for e in battle.log if e.text.startswith("the battle is over")]


@pytest.mark.parametrize(
    ("name", "found"),
    [("surprise-attack", "surprise-attack"), ("close-escort", "close-escort"), ("the-stand", "the-stand"), ("fortress-kdikit", "fortress-kdikit")],
)
def test_each_bundled_scenario_is_known_by_its_source_and_name(name: str, found: str) -> None:
    battle = scenario(name)
    assert scenarios.scenario(battle) == found
    assert scenarios.scenario(battle._replace(source="")) == found  # by its name alone
    assert verdict(battle) is None


# -- Surprise Attack! ----------------------------------------------------------------------------------


def test_surprise_attack_the_zgata_docked_three_complete_turns_with_a_turn_away_then_off_the_map_upf_victory() -> None:
    """Evacuating Doliin Bay: 'three complete game turns docked ... These three turns need not be
    consecutive; the ship can leave the station after one turn and return later for two more turns';
    Victory Conditions: 'If the UPF player evacuates Doliin Bay and flies the Z'Gata off the map, the UPF
    has won this battle.'"""
    battle = scenario("surprise-attack")  # the Sathar move first; the Z'Gata starts docked
    assert standing(battle).startswith("Z'Gata docked 0 of 3 complete turns at Doliin Bay (docked now)")
    battle = advance(advance(battle))  # turn 1 over, docked from its start to its end; turn 2, the Sathar half
    assert battle.docked_turns_at("Z'Gata", "Doliin Bay") == 1
    assert "end of turn 1: complete game turns docked (docked since the turn began): the Z'Gata at the Doliin Bay 1" in battle.log[-2].text
    battle = advance(battle)  # turn 2, the UPF half: the Z'Gata leaves and flies off a little way
    battle = dock(battle, "Z'Gata", "").battle
    battle = move(battle, RNG, "Z'Gata", 1, 1, 0).battle
    battle = advance(advance(battle))  # turn 2 over (away: not counted); turn 3, the UPF half
    assert battle.docked_turns_at("Z'Gata", "Doliin Bay") == 1
    battle = move(battle, RNG, "Z'Gata", 0, 1, 0).battle  # it stops in the station's hex and docks
    battle = dock(battle, "Z'Gata", "Doliin Bay").battle
    battle = advance(advance(battle))  # turn 3 over: docked during the turn, not a complete turn docked
    assert battle.docked_turns_at("Z'Gata", "Doliin Bay") == 1
    for done in (2, 3):
        battle = advance(advance(battle))  # turns 4 and 5 over, docked from start to end
        assert battle.docked_turns_at("Z'Gata", "Doliin Bay") == done
    assert (battle.turn, battle.moving) == (6, "UPF")
    assert any(e.text.startswith("Doliin Bay is evacuated: the Z'Gata has spent 3 complete game turns docked there") for e in battle.log)
    assert "Evacuating Doliin Bay" in next(e.rule for e in battle.log if e.text.startswith("Doliin Bay is evacuated"))
    assert standing(battle).startswith("Z'Gata docked 3 complete turns at Doliin Bay (3 needed): evacuated")
    assert verdict(battle) is None  # evacuated, but still on the map
    with pytest.raises(RefereeError, match="'After Doliin Bay has been evacuated, the station's weapons cannot be used' .*Evacuating Doliin Bay"):
        shoot(battle, KH, RNG, "Doliin Bay", "LB", "Venomous", Report(range=2))
    with pytest.raises(RefereeError, match="the station's weapons cannot be used"):
        shoot(advance(battle), KH, RNG, "Doliin Bay", "LB", "Venomous", Report(range=2))  # nor in defensive fire
    battle = dock(battle, "Z'Gata", "").battle
    battle = move(battle, RNG, "Z'Gata", 3, 3, 1).battle
    done = leave_map(battle, "Z'Gata")
    assert done.entries[0].text.endswith("Doliin Bay evacuated (3 of 3 complete game turns docked)")
    found = verdict(done.battle)
    assert found == Verdict(
        "UPF",
        "Doliin Bay is evacuated (3 of 3 complete game turns docked) and the Z'Gata flew off the map in turn 6",
        "Knight Hawks Tactical Operations Manual, Basic Game Scenarios, Scenario 1: Surprise Attack!, Victory Conditions",
    )
    assert done.entries[-1].text == f"the battle is over: UPF victory: {found.reason}"
    assert battle_file.from_dict(battle_file.to_dict(done.battle), KH) == done.battle


def test_surprise_attack_the_station_fires_until_it_is_evacuated() -> None:
    battle = scenario("surprise-attack")
    fired = shoot(battle, KH, RNG, "Doliin Bay", "LB", "Venomous", Report(range=2), Rolled("99"))
    assert "always misses" in fired.entries[0].text and fired.battle.ship("Doliin Bay").shots == ("LB",)


def test_surprise_attack_any_other_result_is_a_sathar_victory() -> None:
    """'Any other result is a Sathar victory': off the map unevacuated, destroyed, or the station lost first."""
    battle = advance(scenario("surprise-attack"))
    battle = dock(battle, "Z'Gata", "").battle
    battle = move(battle, RNG, "Z'Gata", 3, 3, 0).battle
    fled = leave_map(battle, "Z'Gata").battle
    assert verdict(fled) == Verdict(
        "Sathar",
        "the Z'Gata flew off the map in turn 1 without evacuating Doliin Bay (0 of 3 complete game turns docked): any other result is a Sathar victory",
        scenarios.VICTORY_RULES["surprise-attack"],
    )
    sunk = torpedo(battle, "Z'Gata")
    assert verdict(sunk) is not None and verdict(sunk).winner == "Sathar"  # type: ignore[union-attr]
    assert over(sunk) == ["the battle is over: Sathar victory: the Z'Gata is destroyed (0 of 3 complete game turns docked): it cannot fly off the map; any other result is a Sathar victory"]
    station = destroyed(scenario("surprise-attack"), "Doliin Bay")
    assert verdict(station).winner == "Sathar" and "can no longer be evacuated (a reading)" in verdict(station).reason  # type: ignore[union-attr]
    both_sathar_gone = destroyed(scenario("surprise-attack"), "Venomous", "Perdition")
    assert verdict(both_sathar_gone) is None  # the UPF still has to evacuate and fly off


# -- Close Escort ----------------------------------------------------------------------------------------


def escort() -> Battle:
    """Close Escort with the UPF as side A (UPF 7, Sathar 3)."""
    return roll_for_side_a(scenario("close-escort"), RNG, {"UPF": "7", "Sathar": "3"}).battle


def test_close_escort_the_megasaurus_flies_straight_at_speed_5() -> None:
    """Special Rule: 'The Megasaurus must travel in a straight line at a speed of 5 hexes per turn until
    it has crossed the map.'"""
    battle = escort()
    with pytest.raises(RefereeError, match="'must travel in a straight line at a speed of 5 hexes per turn until it has crossed the map' .*Special Rule\\): speed: 5, not 6"):
        move(battle, RNG, "Megasaurus", 6, 1, 0)
    with pytest.raises(RefereeError, match=r"it makes no turns; MR points used \(turns\): 0, not 1"):
        move(battle, RNG, "Megasaurus", 5, 0, 1)
    done = move(battle, RNG, "Megasaurus", 5, 0, 0)
    assert "straight on at speed 5, as the special rule requires" in done.entries[0].text
    assert done.entries[0].rule.endswith("Scenario 1: Close Escort, Special Rule")
    assert move(battle, RNG, "Courageous", 6, 1, 1).battle.ship("Courageous").speed == 6  # the warships fly as they please


def test_close_escort_the_megasaurus_escapes_and_the_other_upf_ships_are_destroyed_a_draw() -> None:
    """Victory Conditions: 'If the Megasaurus escapes and all of the other UPF ships are destroyed,
    however, the game is a draw.'"""
    battle = move(escort(), RNG, "Megasaurus", 5, 0, 0).battle
    left = leave_map(battle, "Megasaurus")
    assert "it has crossed the map and is assumed to have reached the safety of the fortified station" in left.entries[0].text
    battle = left.battle
    assert verdict(battle) is None and standing(battle).startswith("Megasaurus escaped in turn 1; on the map: UPF 3 ships, Sathar 2 ships")
    battle = advance(battle)  # the Sathar half: their fire
    battle = destroyed(battle, "Courageous", "Scimitar")
    battle = torpedo(battle, "Dagger")
    assert verdict(battle) == Verdict("draw", "the Megasaurus escaped and all of the other UPF ships are destroyed", scenarios.VICTORY_RULES["close-escort"])
    assert over(battle) == ["the battle is over: a draw: the Megasaurus escaped and all of the other UPF ships are destroyed"]
    assert "the battle is over: a draw" in standing(battle)


def test_close_escort_whoever_destroys_all_the_others_ships_wins() -> None:
    battle = escort()
    assert verdict(destroyed(battle, "Courageous", "Scimitar", "Dagger", "Megasaurus")).winner == "Sathar"  # type: ignore[union-attr]
    assert verdict(destroyed(battle, "Faminewind", "Nemesis")).winner == "UPF"  # type: ignore[union-attr]
    fled = leave_map(advance(battle), "Faminewind").battle
    upf = verdict(destroyed(fled, "Nemesis"))
    assert upf is not None and upf.winner == "UPF" and "or gone off the map (Faminewind; a reading" in upf.reason


# -- The Stand and Fortress Kdikit ------------------------------------------------------------------------


def test_the_stand_the_station_counts_as_a_ship_and_only_fighters_left_is_a_draw() -> None:
    """'The station is considered a ship for this purpose. If all of the ships on one side have been
    destroyed and the other side has only fighters remaining, however, the game is a draw.'"""
    battle = scenario("the-stand")
    upf = [s.name for s in battle.ships if s.side == "UPF"]
    sathar = [s.name for s in battle.ships if s.side == "Sathar"]
    assert verdict(destroyed(battle, *(n for n in upf if n != "Ken'Zah Station"))) is None
    won = verdict(destroyed(battle, *upf))
    assert won is not None and won.winner == "Sathar" and won.reason == "all of the UPF ships are destroyed; Sathar has 11 ships (6 fighters) left"
    fighters_only = destroyed(battle, *upf, *(n for n in sathar if not n.startswith("Sathar Fighter")))
    assert verdict(fighters_only) == Verdict("draw", "all of the UPF ships are destroyed, and Sathar has only fighters remaining", scenarios.VICTORY_RULES["the-stand"])


def test_fortress_kdikit_whichever_fleet_survives() -> None:
    battle = scenario("fortress-kdikit")
    sathar = [s.name for s in battle.ships if s.side == "Sathar"]
    found = verdict(destroyed(battle, *sathar))
    assert found is not None and found.winner == "UPF" and found.rule.endswith("Scenario 2: The Battle of Fortress Kdikit, Victory Conditions")
    assert standing(battle) == "on the map: Sathar 11 ships (5 fighters), UPF 8 ships (2 fighters)"


# -- a campaign battle and others ---------------------------------------------------------------------------


def test_a_campaign_battle_is_over_when_one_side_has_no_ship_on_the_map_and_names_no_winner() -> None:
    battle = scenario("the-stand")
    battle = battle._replace(name="Day 5: Sathar attack at Gran Quivera", source="Knight Hawks Campaign Book: The Second Sathar War, Special Combat Rules: Declaring Combat")
    assert scenarios.scenario(battle) == "campaign" and verdict(battle) is None
    upf = [s.name for s in battle.ships if s.side == "UPF"]
    found = verdict(destroyed(battle, *upf))
    assert found is not None and found.winner == "" and found.rule.endswith("Breaking Off Combat")
    assert "UPF has no ship left on the map (destroyed or escaped)" in found.shown() and found.shown().startswith("no winner named here")


def test_a_battle_of_no_bundled_scenario_is_left_to_the_referee() -> None:
    battle = scenario("the-stand")._replace(name="My own battle", source="")
    assert scenarios.scenario(battle) == "" and verdict(destroyed(battle, *(s.name for s in battle.ships if s.side == "UPF"))) is None
    assert standing(battle).endswith("victory as the battle's victory text says (the referee judges)")


def test_a_surprise_attack_without_the_zgata_is_not_taken_for_the_scenario() -> None:
    battle = scenario("surprise-attack")
    renamed = battle._replace(ships=tuple(s._replace(name="Zed") if s.name == "Z'Gata" else s for s in battle.ships))
    assert scenarios.scenario(renamed) == ""


def test_docked_turns_are_checked_against_the_turns_over() -> None:
    battle = scenario("surprise-attack")._replace(turn=4, docked_turns=(DockedTurns("Z'Gata", "Doliin Bay", 3),))
    assert battle_file.from_dict(battle_file.to_dict(battle), KH) == battle
    assert scenarios.evacuated(battle)
