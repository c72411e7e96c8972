"""Stellar Inferno's ship combat: cargo in combat and damage recovery ([7.4]-[7.5]) as the
independent reader worked them from the book (docs/readings/stellar-inferno-cases.md, I049-I055).
Each test names its case and quotes the book's sentence; the outcome asserted is the reader's."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import recovery, setup, ship_phase, ships, turn
from tests.helpers.si import SI, at, phoenix
from tests.helpers.si_counters import f, ship, unit

RNG = random.Random(7)


def test_i049_a_ship_carried_as_cargo_neither_attacks_nor_defends():
    """I049 [7.4.1]: "Ships being transported as cargo can not be used for attack or defense until
    they are unloaded." The fighter Gnat (D2) aboard Leyf in 6/J7: the stack attacked is Phalth
    (D7) and Leyf (D5) alone - one hex from the core, one ship below, Leyf's 5 defends; with Gnat it
    would be 2 + 5 - and Gnat cannot attack."""
    s = setup.enter_ship(phoenix(), SI, "Gnat", ["A1 D2 M4 R1"], code="F", side="invader", cost=10).state
    s = setup.place(s, ["Gnat"], "6/J7").state
    s = ship_phase.load_ship(at(s, "maneuver"), "Leyf", ["Gnat"]).state
    attacked = ship_phase.attack(at(s, "ship-combat", "defender"), SI, [("Dublin", 2)], "6/J7", RNG, 6)
    assert "2 ships 1 hex from the core: 1 must be below the stack, 1 combines: Leyf 5 = 5" in attacked.entries[0].text
    with pytest.raises(RefereeError, match="Gnat is aboard Leyf as cargo"):
        ship_phase.attack(at(s, "ship-combat"), SI, [("Gnat", 2)], "6/J9", RNG, 6)


def test_i050_a_transport_losing_a_step_eliminates_the_capacity_lost():
    """I050 [7.4.2]: "the owning player must eliminate cargo points at least equal to the reduction
    in capacity." HF Mef (cargo 10, reduced 5), full, loses a step: 5 points owed; 5 supply will do,
    4 will not."""
    mef = ship("Mef", f(0, 4, 2, 0, cargo=10), f(0, 2, 2, 0, cargo=5), side="Khaldarii", code="HF")
    mef = ships.load(mef, units=[unit(n, 2, 2, 2, side="Khaldarii") for n in ("7th", "409th", "BSDF")], supply=7)
    hit = ships.take_steps(mef, 1)
    assert hit.cargo_owed == 5
    with pytest.raises(RefereeError, match="at least 5 cargo points"):
        ships.eliminate_cargo(hit, supply=4)
    after = ships.eliminate_cargo(hit, supply=5)
    assert after.cargo.points() == 5 and after.cargo.supply == 2 and not after.cargo_owed


def test_i051_carried_ships_reduced_a_step_instead():
    """I051 [7.4.3]: "the owning player can elect to reduce the stored ship by a step in order to
    satisfy the lower cargo requirements." A CV (20, reduced 10) carrying five 40-point ships (4
    points each, 2 reduced) loses a step: the five reduced free the 10 points."""
    carried = [ship(f"FF {n}", f(4, 4, 4, 2), f(2, 2, 4, 2), side="Bhalaeth", code="FF", cost=40) for n in range(5)]
    cv = ships.load(ship("Hive", f(2, 6, 3, 2, cargo=20), f(1, 3, 3, 2, cargo=10), side="Bhalaeth", code="CV"), ships=carried)
    hit = ships.take_steps(cv, 1)
    assert hit.cargo_owed == 10
    after = ships.eliminate_cargo(hit, reduce=[x.name for x in carried])
    assert after.cargo.points() == 10 and all(x.lost == 1 for x in after.cargo.ships)


def reduced(defense: int) -> ships.Ship:
    """A ship that lost one step this turn, its reduced step's defense ``defense``."""
    return ship("Gibraltar", f(8, 9, 2, 4), f(4, defense, 2, 4), code="B")._replace(lost=1, lost_this_round=1)


def test_i052_repaired_at_or_below_the_current_defense():
    """I052 [7.5.2]: "If the total of two six-sided dice are rolled at or below the current defense
    rating, one step loss suffered during the current round is repaired." D 5 reduced, 2 + 3 = 5."""
    done = recovery.recover(reduced(5), RNG, [(2, 3)])
    assert done.ship.lost == 0 and not done.ship.crippled


def test_i053_a_failed_repair_without_a_six_is_not_crippling():
    """I053 [7.5.2]: 4 + 3 = 7 above D 5: not repaired, not crippled; the loss is not this round's
    any more in the next turn, so no attempt then."""
    done = recovery.recover(reduced(5), RNG, [(4, 3)])
    assert done.ship.lost == 1 and not done.ship.crippled
    with pytest.raises(RefereeError, match="no step losses this round"):
        recovery.recover(done.ship, RNG, [(1, 1)])


def test_i054_a_six_on_either_die_cripples_for_the_scenario():
    """I054 [7.5.3]: "On a roll of six from either dice, the repair automatically fails and the ship
    is crippled for the duration of the scenario. No further repair attempts can be made on this
    ship." D 8, dice 6 and 1 (7 <= 8): crippled, and later losses are not repaired either."""
    done = recovery.recover(reduced(8), RNG, [(6, 1)])
    assert done.ship.crippled and done.ship.lost == 1
    later = done.ship._replace(lost_this_round=1)
    with pytest.raises(RefereeError, match="crippled: no further repair attempts"):
        recovery.recover(later, RNG, [(1, 1)])


def test_i055_a_destroyed_ship_and_an_older_loss_are_not_repaired():
    """I055 [7.5.1]: "If a ship suffered step losses during the current round, but was not destroyed,
    then an attempt can be made". Tigris destroyed this turn, and a ship reduced two turns ago: both
    refused; the turn's end makes this round's losses old."""
    with pytest.raises(RefereeError, match="destroyed"):
        recovery.recover(reduced(5)._replace(lost=2, lost_this_round=2), RNG, [(1, 1)])
    s = at(phoenix(), "victory", "defender")._replace(ships=tuple(x._replace(lost=1, lost_this_round=1) if x.name == "Tigris" else x for x in phoenix().ships))
    s = at(turn.next_phase(s).state, "recovery", "defender")
    assert s.ship("Tigris").lost == 1
    with pytest.raises(RefereeError, match="no step losses this round"):
        ship_phase.recover(s, "Tigris", RNG, [(1, 1)])


def test_an_attack_whose_losses_are_taken_at_once_keeps_its_own_line_and_die_in_the_log():
    """[7.3.7]-[7.3.9]: the attack's die and reading are the log's as much as the losses: with the
    losses taken at once (--losses-to) the log held only "Tigris takes 2 steps"."""
    s = at(phoenix(), "ship-combat")
    done = ship_phase.attack(s, SI, [("Phalth", 2)], "6/J9", RNG, 1, losses_to=["Tigris"])
    texts = [e.text for e in done.state.log[-2:]]
    assert texts[0].startswith("Khaldarii attack 6/J9: Phalth") and done.state.log[-2].rolls and texts[1].startswith("Tigris takes 2 steps")
