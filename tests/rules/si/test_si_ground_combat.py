"""Stellar Inferno ground deployment (10) and ground combat (11): Table 5, the manoeuvre modifier,
step losses and surrendered terrain."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import deployment as dp
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno import ground_units as gu
from referee.stellar_inferno.optional import NONE
from referee.stellar_inferno.planets import Planet, Terrain
from tests.helpers.si_counters import ALL, SI, f, ship, unit

RNG = random.Random(11)


# ---------------------------------------------------------------- deployment (10)


def test_deployment_alternates_matched_units_then_adds_then_ships_invader_first():
    d = dp.start(["i1", "i2"], ["d1", "d2", "d3"], ["s1"], ["t1", "t2"])
    assert d.to_act == "defender" and "deploy a ground unit" in d.waiting_for()
    d = dp.deploy(d, "defender", "d1")  # the Defender deploys first (10.1.2)
    assert d.to_act == "invader" and d.matching
    d = dp.deploy(d, "invader", "i1")  # ... which the Invader must match
    assert d.to_act == "invader" and not d.matching  # then the Invader deploys
    d = dp.deploy(d, "invader", "i2")
    d = dp.deploy(d, "defender", "d2")
    assert d.stage == "adding" and d.to_act == "defender"  # the Invader ran out (10.1.3)
    d = dp.deploy(d, "defender", "d3", matchup=1)
    assert d.stage == "ships" and d.to_act == "invader"  # the Invader deploys the first ship (10.2.2)
    d = dp.deploy(d, "invader", "s1", matchup=2)
    assert d.to_act == "defender"
    d = dp.deploy(d, "defender", "t1", matchup=1)
    assert d.to_act == "defender"  # the Invader has no ship left: the Defender goes on alone
    d = dp.decline(d, "defender")  # the rest to the reserve (10.2.3)
    assert d.stage == "done" and d.defender_reserve == ("t2",)
    assert d.matchups[0].shown() == "invader i1 | defender d1, d3, t1 (ship)"
    assert d.matchups[1].shown() == "invader i2, s1 (ship) | defender d2"


def test_deployment_refuses_out_of_turn_a_wrong_match_and_declining_a_match():
    d = dp.deploy(dp.start(["i1", "i2"], ["d1", "d2"]), "defender", "d1")
    with pytest.raises(RefereeError, match="not the defender's move: the invader must match matchup 1"):
        dp.deploy(d, "defender", "d2")
    with pytest.raises(RefereeError, match="must match a ground unit: deployment alternates"):
        dp.decline(d, "invader")
    with pytest.raises(RefereeError, match="i9 is not one of the invader's ground units"):
        dp.deploy(d, "invader", "i9")


def test_units_left_over_go_to_the_reserve_when_declined():
    d = dp.start(["i1"], ["d1", "d2", "d3"])
    d = dp.deploy(dp.deploy(d, "defender", "d1"), "invader", "i1")
    assert d.stage == "adding" and d.to_act == "defender"
    d = dp.decline(d, "defender")
    assert d.stage == "done" and d.defender_reserve == ("d2", "d3")


# ---------------------------------------------------------------- odds and Table 5 (11.1-11.2)


def fighters(*units):
    return [gc.unit_fighter(u) for u in units]


def test_total_attack_over_total_defense_7_against_4_reads_3_to_2_non_phasing_before_the_slash():
    result = gc.attack(SI, fighters(unit("a1", 4, 1, 2), unit("a2", 3, 1, 2)), fighters(unit("d1", 1, 4, 2)), RNG, rolled=2)
    assert (result.attack, result.defense, result.reading.odds) == (7, 4, "3:2")
    assert result.reading.cell == "1/0" and (result.defender_losses, result.attacker_losses) == (1, 0)  # 3:2, die 2
    assert "defender (non-phasing) loses 1 step, attacker (phasing) loses 0" in "\n".join(result.lines())


def test_ships_in_a_matchup_fight_with_their_planetary_gear():
    lander = ship("Wilson", f(6, 5, 2, 2, gear=2), hex="J9", atmosphere=True)
    result = gc.attack(SI, [gc.unit_fighter(unit("a1", 4, 1, 2)), gc.ship_fighter(lander)], fighters(unit("d1", 1, 3, 2)), RNG, rolled=2)
    assert (result.attack, result.reading.odds, result.reading.cell) == (6, "2:1", "2/1")
    with pytest.raises(RefereeError, match="only ships under the planet marker"):
        gc.ship_fighter(ship("Orbiting", f(6, 5, 2, 2, gear=2)))


def test_the_faster_attackers_die_is_moved_down_one_the_reading_of_11_1_4():
    quick = fighters(unit("a1", 3, 1, 3), unit("a2", 3, 1, 4))
    slow = fighters(unit("d1", 1, 4, 2))
    result = gc.attack(SI, quick, slow, RNG, rolled=5)
    assert result.reading.die == 4 and result.reading.cell == "0/0"  # 3:2: die 5 would be 0/1
    modifier = result.reading.modifiers[0]
    assert modifier.value == -1 and modifier.rule == "Stellar Inferno 11.1.4" and "11.1.4 says '+1 is added to the dice roll'" in modifier.why


def test_no_manoeuvre_modifier_unless_every_attacker_outmanoeuvres_every_defender():
    assert gc.maneuver_modifier(fighters(unit("a1", 3, 1, 3), unit("a2", 3, 1, 2)), fighters(unit("d1", 1, 4, 2))) == ()
    assert gc.maneuver_modifier(fighters(unit("a1", 3, 1, 2)), fighters(unit("d1", 1, 4, 3))) == ()  # the faster defender is not attacking
    lander = gc.ship_fighter(ship("Wilson", f(6, 5, 1, 2, gear=2), atmosphere=True))  # ships are not in the comparison
    assert gc.maneuver_modifier([*fighters(unit("a1", 3, 1, 3)), lander], fighters(unit("d1", 1, 4, 2)))[0].value == -1


def test_technology_and_manoeuvre_together():
    result = gc.attack(SI, fighters(unit("a1", 3, 1, 3), unit("a2", 3, 1, 4)), fighters(unit("d1", 1, 4, 2)), RNG, rolled=2, technology=1, rules=ALL)
    assert result.reading.die == 0 and result.reading.cell == "2/0"  # 2 - 1 - 1


def test_no_attack_points_read_1_to_3_and_beyond_9_to_1_reads_9_to_1():
    none = gc.attack(SI, fighters(unit("a1", 0, 3, 2)), fighters(unit("d1", 1, 4, 2)), RNG, rolled=1)
    assert none.reading.odds == "1:3" and "0:4 is below 1:3" in none.reading.how and none.reading.cell == "0/0"
    crushing = gc.attack(SI, fighters(unit("a1", 20, 3, 2)), fighters(unit("d1", 1, 2, 2)), RNG, rolled=6)
    assert crushing.reading.odds == "9:1" and crushing.reading.cell == "3/0"
    # a total defense of 0 (factors may be 0, 5.1.1) is above every row (the reader's A32); 0 against 0 is no attack
    bare = gc.attack(SI, fighters(unit("a1", 3, 3, 2)), fighters(unit("d1", 1, 0, 2)), RNG, rolled=1)
    assert bare.reading.odds == "9:1" and "defense of 0" in bare.reading.how
    with pytest.raises(RefereeError, match="not both 0"):
        gc.attack(SI, fighters(unit("a1", 0, 3, 2)), fighters(unit("d1", 1, 0, 2)), RNG, rolled=1)


# ---------------------------------------------------------------- step losses and terrain (11.3-11.4)

SIDE = [
    gc.unit_fighter(unit("u1", 4, 4, 2, steps=2)),
    gc.unit_fighter(unit("u2", 3, 3, 3)),
    gc.ship_fighter(ship("Wilson", f(6, 5, 2, 2, gear=2), f(3, 2, 2, 2, gear=2), atmosphere=True)),
]


def test_terrain_surrendered_up_to_the_lowest_maneuver_rating_industrial_first():
    done = gc.absorb(3, SIDE, {"u1": 1}, Terrain(3, 8), surrender=2)
    assert done.surrendered == Terrain(2, 0) and done.left_over == 0
    with pytest.raises(RefereeError, match="at most 2 terrain points can be surrendered: the lowest maneuver rating"):
        gc.absorb(4, SIDE, {"u1": 1}, Terrain(3, 8), surrender=3)
    assert gc.absorb(3, SIDE, {"u2": 1}, Terrain(1, 8), surrender=2).surrendered == Terrain(1, 1)  # 11.4.4


def test_at_least_one_loss_on_a_ground_unit_ships_may_take_the_rest():
    assert gc.absorb(3, SIDE, {"u2": 1, "Wilson": 2}).steps == (("u2", 1), ("Wilson", 2))
    with pytest.raises(RefereeError, match="at least one point of the step losses must be absorbed by a ground unit"):
        gc.absorb(3, SIDE, {"Wilson": 2}, Terrain(3, 8), surrender=1)


def test_every_loss_is_taken_unless_everything_is_eliminated():
    with pytest.raises(RefereeError, match=r"3 losses: 1 step\(s\) and 0 terrain point\(s\) leave 2 to take"):
        gc.absorb(3, SIDE, {"u1": 1})
    everything = gc.absorb(9, SIDE, {"u1": 2, "u2": 1, "Wilson": 2})
    assert everything.left_over == 4


def test_surrenders_are_exchanged_equal_ones_change_nothing():
    planet = Planet("Portborough", 1, defender=Terrain(20, 147), invader=Terrain(2, 0))
    assert gc.exchange(planet, "invader", Terrain(1, 0), Terrain(1, 0)) == planet  # 11.4.6's note
    moved = gc.exchange(planet, "invader", Terrain(1, 0), Terrain(0, 2))
    assert (moved.defender, moved.invader) == (Terrain(21, 145), Terrain(1, 2))
    with pytest.raises(RefereeError, match="the invader holds 2 industrial, 0 settled on Portborough: it cannot surrender"):
        gc.exchange(planet, "invader", Terrain(0, 1), Terrain())


def test_bombardment_packs_keep_the_defenders_from_withdrawing():
    pack = gc.unit_fighter(gu.bombardment_pack("Pack 1", "Terran", 3))
    assert (pack.attack, pack.defense, pack.maneuver) == (3, 3, None)
    result = gc.attack(SI, [pack], fighters(unit("d1", 1, 3, 2)), RNG, rolled=3, rules=ALL)
    assert result.no_withdrawal == ("d1 (a bombardment pack is in the combat, Stellar Inferno 12.11.4)",)
    with pytest.raises(RefereeError, match="12.11 Tactical Bombardment, not in play"):
        gc.attack(SI, [pack], fighters(unit("d1", 1, 3, 2)), RNG, rolled=3, rules=NONE)
