"""Stellar Inferno's ground deployment and ground combat ([10]-[11]) as the independent reader
worked them from the book (docs/readings/stellar-inferno-cases.md, I071-I089). Each test names its
case and quotes the book's sentence; the outcome asserted is the reader's, or the program's recorded
reading (11.1.4, A1)."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import deployment, ground_phase, optional, turn
from referee.stellar_inferno import ground_combat as gc
from referee.stellar_inferno.planets import Planet, Terrain
from tests.helpers.si_counters import SI, f, ship, unit
from tests.rules.si.test_si_matchups import deployed

RNG = random.Random(13)
PRINTED = optional.in_play(["printed-maneuver-bonus"])
APII = "Alpha Phoenicis II"


def units(*specs: tuple[str, int, int, int]) -> list[gc.Fighter]:
    return [gc.unit_fighter(unit(*spec)) for spec in specs]


def test_i071_ground_units_deployed_alternately_from_the_defender_s_first():
    """I071 [10.1.2]-[10.1.4]: "The defender first deploys a ground unit, which the invader must match
    ... Next, the invader player deploys an uncommitted ground unit, which the defender must match ...
    the other player has the option to add any of the remaining units ... Any uncommitted units are
    then placed in the player's reserve pool." TDF T1-T3 against the 7th and 409th."""
    d = deployment.start(["7th", "409th"], ["T1", "T2", "T3"])
    with pytest.raises(RefereeError, match="not the invader's move"):
        deployment.deploy(d, "invader", "7th")
    d = deployment.deploy(deployment.deploy(d, "defender", "T1"), "invader", "7th")
    d = deployment.deploy(deployment.deploy(d, "invader", "409th"), "defender", "T2")
    assert [m.shown() for m in d.matchups] == ["invader 7th | defender T1", "invader 409th | defender T2"]
    assert (d.stage, d.to_act) == ("adding", "defender")
    assert deployment.deploy(d, "defender", "T3", 1).matchups[0].defender.units == ("T1", "T3")
    assert deployment.decline(d, "defender").defender_reserve == ("T3",)


def test_i072_surface_ships_join_the_matchups_the_invader_first():
    """I072 [10.2.1]-[10.2.3]: "each player has the option to add surface ships (located under the
    planet marker) ... the invader must deploy the first ship, followed by the defender ... Once a
    player declines to add a ship to a combat matchup, the remaining ships for that player are placed
    in the reserve pool." Mindor, on top of the marker, is no surface ship."""
    d = deployment.deploy(deployment.deploy(deployment.start(["7th"], ["T1"], ["Hop Nierd", "Mef"], ["Finest Hour"]), "defender", "T1"), "invader", "7th")
    assert (d.stage, d.to_act) == ("ships", "invader")
    with pytest.raises(RefereeError, match="not the defender's move"):
        deployment.deploy(d, "defender", "Finest Hour", 1)
    d = deployment.deploy(deployment.deploy(d, "invader", "Hop Nierd", 1), "defender", "Finest Hour", 1)
    d = deployment.decline(d, "invader")
    assert d.stage == "done" and d.invader_reserve == ("Mef",) and d.matchups[0].invader.ships == ("Hop Nierd",)
    with pytest.raises(RefereeError, match="Mindor is not a surface ship"):
        gc.ship_fighter(ship("Mindor", f(3, 2, 3, 2, gear=2), side="Khaldarii", code="CO"))


def test_i075_a_ship_in_a_matchup_fights_with_its_planetary_gear():
    """I075 [11.1.3]: "If any ships have been added to the combat, use their Planetary Gear rating for
    the attack or defense points". 7 against 4, die 2: 3:2 "1/0"; with Hop Nierd (A 6, P 1): 8 against
    4, 2:1 "2/1"."""
    attackers, defenders = units(("7th", 7, 3, 2)), units(("Militia", 1, 4, 2))
    assert gc.attack(SI, attackers, defenders, RNG, 2).reading.cell == "1/0"
    hop = gc.ship_fighter(ship("Hop Nierd", f(6, 3, 3, 3, gear=1), side="Khaldarii", atmosphere=True))
    with_ship = gc.attack(SI, [*attackers, hop], defenders, RNG, 2)
    assert (with_ship.attack, with_ship.reading.odds, with_ship.reading.cell) == (8, "2:1", "2/1")


def test_i076_the_manoeuvre_bonus_helps_the_faster_attacker_and_the_printed_reading_may_be_chosen():
    """I076 [11.1.4] (A1): "Ground units with a superior Maneuver rating perform better against slower
    units ... a +1 is added to the dice roll when those units are attacking." M 3 and 3 (A 5) against
    M 1 and 2 (D 5), 1:1, die 1. The program's reading (-1): column 0, "2/1". A scenario playing
    printed-maneuver-bonus: +1, column 2, "1/1". Each result says which reading produced it."""
    attackers, defenders = units(("a1", 3, 1, 3), ("a2", 2, 1, 3)), units(("d1", 1, 2, 1), ("d2", 1, 3, 2))
    read = gc.attack(SI, attackers, defenders, RNG, 1)
    assert (read.reading.die, read.reading.cell) == (0, "2/1") and "so the faster side's bonus is read as -1" in "\n".join(read.lines())
    printed = gc.attack(SI, attackers, defenders, RNG, 1, rules=PRINTED)
    assert (printed.reading.die, printed.reading.cell) == (2, "1/1") and "11.1.4 as printed, '+1 is added to the dice roll', the reading chosen for this scenario" in "\n".join(printed.lines())


@pytest.mark.parametrize(("attack", "defense", "die", "ours", "printed"), [(1, 3, 6, "0/3", "0/5"), (9, 1, 1, "8/1", "6/1")])
def test_i077_the_manoeuvre_bonus_at_the_edges_of_table_5(attack, defense, die, ours, printed):
    """I077 [11.1.4]: a faster attacker at 1:3 die 6 ("0/4" unmodified): -1 reads "0/3", the printed
    +1 "0/5" (the 7-or-more column); at 9:1 die 1 ("7/0"): -1 reads the 0-or-less column "8/1", +1
    "6/1"."""
    attackers, defenders = units(("a", attack, 1, 3)), units(("d", 1, defense, 1))
    assert gc.attack(SI, attackers, defenders, RNG, die).reading.cell == ours
    assert gc.attack(SI, attackers, defenders, RNG, die, rules=PRINTED).reading.cell == printed


def test_i078_no_bonus_unless_every_unit_outmanoeuvres_every_opponent():
    """I078 [11.1.4]: "If all a player's units in a matchup have a higher maneuver rating than any of
    the opponent's units". M 3 and 1 against 2 and 2: none; 2 against 2 (equal): none."""
    assert gc.maneuver_modifier(units(("a1", 3, 1, 3), ("a2", 3, 1, 1)), units(("d1", 1, 2, 2), ("d2", 1, 2, 2))) == ()
    assert gc.maneuver_modifier(units(("a1", 3, 1, 2)), units(("d1", 1, 2, 2))) == ()


def test_i079_no_modifier_when_the_faster_side_defends():
    """I079 [11.1.4]: "when those units are attacking". The Khaldarii (M 1, A 6) attack faster TDF
    units (M 3, D 3): 2:1, die 3, no modifier: "1/0"."""
    done = gc.attack(SI, units(("slow", 6, 1, 1)), units(("fast", 1, 3, 3)), RNG, 3)
    assert (done.reading.die, done.reading.cell) == (3, "1/0")


def test_i081_the_non_phasing_player_takes_his_losses_first():
    """I081 [11.3.1]: "The non-phasing player must decide first which of his defending units will
    absorb the step losses, before the phasing player decides". The 7th and Muhr Muhr, landed on
    Alpha Phoenicis II, attack the Colonists with the Khaldarii phasing; a die of 2 is a "2/1":
    their 1 loss before the TDF's 2 is refused, and taken after (the Colonists' step and 1 point)."""
    s = ground_phase.ground_attack(deployed(), SI, APII, (), (), RNG, 2, matchup=1).state
    assert s.ground_losses is not None and (s.ground_losses.attacker_losses, s.ground_losses.defender_losses) == (1, 2)
    with pytest.raises(RefereeError, match=r"the defender \(non-phasing\) decides first"):
        ground_phase.absorb(s, "invader", {"7th": 1})
    s = ground_phase.absorb(s, "defender", {"Colonists": 1}, 1).state
    assert ground_phase.absorb(s, "invader", {"7th": 1}).state.ground_losses is None


def test_i082_ships_may_absorb_losses_but_one_falls_on_a_ground_unit():
    """I082 [11.3.2][11.3.3]: "At least one point from the total step losses must be absorbed by a
    ground unit. If ships are involved in the combat, they can be used to absorb step losses".
    Fighter and militia one each: allowed; both on ships: refused."""
    fighter = gc.ship_fighter(ship("Finest Hour", f(1, 1, 4, 1, gear=1), code="F", atmosphere=True))
    other = gc.ship_fighter(ship("Real Thing", f(1, 1, 4, 1, gear=1), code="F", atmosphere=True))
    militia = gc.unit_fighter(unit("Militia", 1, 2, 1, steps=2))
    assert gc.absorb(2, [fighter, other, militia], {"Finest Hour": 1, "Militia": 1}).left_over == 0
    with pytest.raises(RefereeError, match="at least one point of the step losses must be absorbed by a ground unit"):
        gc.absorb(2, [fighter, other, militia], {"Finest Hour": 1, "Real Thing": 1})


def test_i083_terrain_surrendered_up_to_the_lowest_maneuver_industrial_first():
    """I083 [11.4.3][11.4.4]: "The maximum number of terrain points that can be surrendered by a player
    is equal to the lowest maneuver rating of the player's ground units in a matchup. Any surrendered
    terrain must first be taken from the remaining Industrial total." TDF (3 I, 8 S), 3 losses, units
    M 2 and 3: 2 industrial and a step; 3 points refused."""
    side = units(("T1", 1, 2, 2), ("T2", 1, 2, 3))
    taken = gc.absorb(3, side, {"T1": 1}, Terrain(3, 8), 2)
    assert taken.surrendered == Terrain(2, 0)
    with pytest.raises(RefereeError, match="at most 2 terrain points can be surrendered"):
        gc.absorb(3, side, {}, Terrain(3, 8), 3)


def test_i084_industrial_runs_out_part_way():
    """I084 [11.4.4]: "When no Industrial points remain, terrain losses must then be taken from the
    Settled point total." 1 I + 8 S, 2 surrendered: 1 industrial, 1 settled."""
    assert gc.surrendered(Terrain(1, 8), 2) == Terrain(1, 1)


def test_i085_no_terrain_left_the_units_take_the_rest():
    """I085 [11.4.5]: "If no Settled points remain, any remaining step losses must be absorbed by
    reducing or eliminating units." 0 I + 1 S, 3 losses, M 3: 1 point and 2 steps; 2 points refused."""
    side = units(("T1", 1, 2, 3), ("T2", 1, 2, 3))
    assert gc.absorb(3, side, {"T1": 1, "T2": 1}, Terrain(0, 1), 1).surrendered == Terrain(0, 1)
    with pytest.raises(RefereeError, match="2 terrain points cannot be surrendered: 0 industrial, 1 settled held"):
        gc.absorb(3, side, {"T1": 1}, Terrain(0, 1), 2)


def test_i086_surrender_cannot_cover_every_step():
    """I086 [11.3.2][11.4.1] (the reader's reading, A11): "At least one point from the total step
    losses must be absorbed by a ground unit." 2 losses, M 2, 3 I: 2 points and no step is refused;
    1 point and 1 step is allowed."""
    side = units(("T1", 1, 2, 2))
    with pytest.raises(RefereeError, match="at least one point of the step losses must be absorbed by a ground unit"):
        gc.absorb(2, side, {}, Terrain(3, 0), 2)
    assert gc.absorb(2, side, {"T1": 1}, Terrain(3, 0), 1).surrendered == Terrain(1, 0)


def test_i087_the_phasing_player_s_surrender_is_entered_with_his_losses_after_the_defenders():
    """I087 [11.4.2] (a reading): "The phasing player is always the first to declare how much terrain
    will be surrendered". The declaration is the players', at the table; the program enters each
    side's surrender with its losses, the non-phasing side's first (11.3.1), and the terrain moves
    only when both are in (11.4.6): the Khaldarii's 1 captured industrial point and the TDF's 2
    change hands together. The 7th and Muhr Muhr landed against the Colonists, the Khaldarii holding 2
    industrial points already; a die of 2 is a "2/1"."""
    s = deployed()
    world = s.world("Alpha Phoenicis II")
    s = s.with_world(world._replace(planet=world.planet._replace(invader=Terrain(2, 0), defender=Terrain(1, 8))))
    s = ground_phase.ground_attack(s, SI, APII, (), (), RNG, 2, matchup=1).state
    s = ground_phase.absorb(s, "defender", {"Colonists": 1}, 1).state
    assert s.world("Alpha Phoenicis II").planet.invader == Terrain(2, 0)
    after = ground_phase.absorb(s, "invader", {"7th": 1}).state
    assert after.world("Alpha Phoenicis II").planet.invader == Terrain(3, 0) and after.world("Alpha Phoenicis II").planet.defender == Terrain(0, 8)


def test_i088_equal_surrenders_exchange_and_nothing_changes_hands():
    """I088 [11.4.6]: "Note that no net terrain will change hands if both sides surrender equal types
    and amounts of terrain." Each gives 1 industrial: the Khaldarii keep 2, the TDF 1 I + 8 S."""
    planet = Planet("Alpha Phoenicis II", 1, True, defender=Terrain(1, 8), invader=Terrain(2, 0))
    assert gc.exchange(planet, "invader", Terrain(1, 0), Terrain(1, 0)) == planet


def test_i089_a_side_with_no_terrain_cannot_surrender():
    """I089 [11.4.1] (Scenario 1 Invader "Control: None"): the Khaldarii hold nothing: surrendering a
    point for their loss is refused; a unit takes it."""
    side = units(("7th", 4, 3, 2))
    with pytest.raises(RefereeError, match="1 terrain points cannot be surrendered: 0 industrial, 0 settled held"):
        gc.absorb(1, side, {}, Terrain(0, 0), 1)
    assert gc.absorb(1, side, {"7th": 1}, Terrain(0, 0)).steps == (("7th", 1),)


def test_i080_a_matchup_ends_when_one_side_is_gone_and_the_others_resolve_on_their_own():
    """I080 [11.2.4]: "each matchup being resolved separately. When, as a result of combat, all units
    on one side of a matchup are eliminated, then any victorious surviving units are placed in the
    owning player's reserve." The Colonists (1 step) lost in matchup 1: matchup 1 is over; matchup 2
    is attacked on its own, by its own units."""
    done = ground_phase.ground_attack(deployed(), SI, APII, (), (), RNG, 2, matchup=1)
    s = ground_phase.absorb(ground_phase.absorb(done.state, "defender", {"Colonists": 1}).state, "invader", {"7th": 1}).state
    s = turn.next_phase(s).state
    with pytest.raises(RefereeError, match=r"matchup 1 on Alpha Phoenicis II is over: every unit of the defender in it is eliminated, and the survivors are in the reserve"):
        ground_phase.ground_attack(s, SI, APII, (), (), RNG, 3, matchup=1)
    assert "in matchup 2: Militia against 409th" in ground_phase.ground_attack(s, SI, APII, (), (), RNG, 3, matchup=2).entries[0].text
