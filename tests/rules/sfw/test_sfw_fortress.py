"""Starfortresses (Starfleet Wars supplement, Star Fortress; Fortresses in MAATAC): the book's worked
examples and every rule of referee/starfleet_wars/fortress.py, then random walks of hits, repairs,
loans and turns that must keep the fortress within the rules.

``make test`` walks a few seeds; REFEREE_LONG=1 walks many more.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.starfleet_wars import fortress as sf
from referee.starfleet_wars.power import Allocation, cost, most_factors, why_not

SFW = tables.load(prefix="sfw")
EXAMPLE = ["LSS", "LSS", "LSS", "WP", "WP", "SAWS"]  # "We have 3 LSS, 2 WP and a SAWS in our fortress"


def example(**kw: Any) -> sf.Fortress:
    return sf.build("Bastion", "Terran", EXAMPLE, SFW, **kw)


def damaged(f: sf.Fortress, **damage: int) -> sf.Fortress:
    """The fortress with damage set on modules named like LSS_1 (peak too)."""
    changed = [f.module(n.replace("_", " "))._replace(damage=d, peak=d) for n, d in damage.items()]
    return f.with_modules(changed)


def refused(match: str, call: Callable[..., object], *args: object, **kw: object) -> str:
    with pytest.raises(RefereeError, match=match) as caught:
        call(*args, **kw)
    return str(caught.value)


# -- building ------------------------------------------------------------------------------------


def test_modules_are_numbered_per_kind_with_the_tables_figures() -> None:
    f = sf.build("Bastion", "Terran", ["lss", "Life Support System", "WP", "weapons pod", "SAWS", "cm", "MAWS"], SFW)
    assert [m.name for m in f.modules] == ["LSS 1", "LSS 2", "WP 1", "WP 2", "SAWS 1", "CM 1", "MAWS 1"]
    figures = {m.kind: (m.power_units, m.max_off, m.cids, m.attack_craft) for m in f.modules}
    assert figures == {"LSS": (100, 0, 0, 2), "WP": (60, 6, 100, 4), "SAWS": (20, 2, 10, 0), "CM": (50, 0, 0, 2), "MAWS": (30, 2, 20, 0)}
    assert f.allocation == Allocation() and f.game == "starfleet-wars" and not f.destroyed


def test_an_unknown_module_is_refused_with_the_modules_allowed() -> None:
    message = refused("no module 'LAS'", sf.build, "B", "T", ["LSS", "LAS"], SFW)
    for kind in sf.MODULE_KINDS:
        assert kind in message
    assert "Life Support System" in message


def test_the_mad_is_a_ship_of_its_own_not_a_module() -> None:
    message = refused("the MAD is a ship of its own", sf.build, "B", "T", ["LSS", "Mobile Armed Destroyer"], SFW)
    assert "30 PU" in message and "cannot power the fortress" in message


def test_a_fortress_without_an_lss_has_no_power_and_is_refused() -> None:
    refused("has no LSS: power units may be developed by the fortress only by the LSS", sf.build, "B", "T", ["WP", "CM"], SFW)
    refused("no modules", sf.build, "B", "T", [], SFW)


def test_adjacent_pairs_name_two_different_modules_of_the_fortress() -> None:
    f = example(adjacent=[("wp1", "LSS 1"), ("LSS 1", "WP 1"), ("WP 2", "LSS 1")])
    assert f.adjacent == (("WP 1", "LSS 1"), ("WP 2", "LSS 1"))  # the same pair either way round, once
    assert "its modules: LSS 1, LSS 2, LSS 3, WP 1, WP 2, SAWS 1" in refused("no module 'WP 3'", example, adjacent=[("WP 3", "LSS 1")])
    refused("LSS 1 paired with itself", example, adjacent=[("LSS 1", "lss 1")])


def test_behind_belongs_to_maatac_and_a_maws_or_saws_blocks_nothing() -> None:
    refused("belong to Fortresses in MAATAC", example, behind=[("LSS 1", "WP 1")])
    refused("too small for a module to be hull-down behind them", example, game="maatac", behind=[("LSS 1", "SAWS 1")])
    refused("no module could be fired at", example, game="maatac", behind=[("LSS 1", "WP 1"), ("WP 1", "LSS 1")])
    refused("the game is", example, game="maatak")


# -- power and factors: the supplement's worked examples ------------------------------------------


def test_three_lss_two_wp_and_a_saws_give_300_pu_and_14_of() -> None:
    """'The total OF available are 6+6+2=14). Your 300 PU on your LSS could generate enough power
    for 17 factors but only 14 are available from your weapon modules.'"""
    f = example()
    assert sf.power(f) == 300
    assert sf.max_offensive(f) == 14
    assert most_factors(sf.power(f)) == 17
    assert "OF 15 is above the maximum offensive factor, 14" in refused("OF 15", sf.allocate, f, 15, 0)


def test_14_of_leave_104_pu_for_a_df_of_10() -> None:
    """'we have 300 PU and 14 OF. This leaves 104 PU to be devoted to the shields. A defensive factor
    of 10 could be used with the 104 PU.'"""
    f = example()
    assert sf.power(f) - cost(14) == 104
    allocated = sf.allocate(f, 14, 10)
    assert allocated.allocation == Allocation(0, 14, 10)
    message = refused("is more than the 300 PU available", sf.allocate, f, 14, 11)
    assert "the 104 PU left allow DF up to 10" in message


def test_there_is_no_maximum_to_the_shields() -> None:
    """'There is no maximum limit to the number of factors that can be generated for the shields.'"""
    assert sf.allocate(example(), 0, 17).allocation.defensive == 17  # all 300 PU to the shields: 289
    refused("is more than the 300 PU available", sf.allocate, example(), 0, 18)


def test_the_mads_30_pu_allow_df_5_and_of_2_but_not_of_3() -> None:
    """'A MAD could have a DF of 5 and an OF of 2 costing 29 power units but could not have a DF of 5
    and an OF of 3 because they would cost 34 power units and only 30 PU are available.'"""
    pu, most_of, most_df = sf.mad_figures(SFW)
    assert (pu, most_of, most_df) == (30, 3, 5)
    assert why_not(Allocation(0, 2, 5), pu, most_of, most_df) == ""
    assert "34 PU is more than the 30 PU available" in why_not(Allocation(0, 3, 5), pu, most_of, most_df)
    assert "DF 6 is above the maximum defensive factor, 5" in why_not(Allocation(0, 0, 6), pu, most_of, most_df)


def test_an_lss_hit_for_29_generates_71_the_next_turn() -> None:
    """'On turn 1 an LSS takes 29 power units damage. On turn 2 it may only generate 71 power units.'"""
    f, lines = sf.hit(example(), [("LSS 1", 29)])
    assert f.module("LSS 1").left == 71
    assert sf.power(f) == 271
    assert lines == ["LSS 1 takes 29 PU (29 of 100): it loses the ability to generate 29 PU; from next turn Bastion generates 271 PU"]
    refused("is more than the 271 PU available", sf.allocate, sf.new_turn(f), 14, 10)  # 296 PU no longer fit


def test_a_destroyed_weapons_module_takes_its_of_away() -> None:
    f = sf.allocate(example(), 14, 10)
    f, _ = sf.hit(f, [("SAWS 1", 20)])
    assert sf.max_offensive(f) == 12
    assert sf.firing_offensive(f) == 12


# -- hits ----------------------------------------------------------------------------------------


def test_a_module_is_destroyed_at_exactly_its_power_units() -> None:
    """'A module is considered destroyed when it has taken damage equal to its power unit rating.'"""
    f, lines = sf.hit(example(), [("SAWS 1", 19)])
    assert not f.module("SAWS 1").destroyed and len(lines) == 1
    f, lines = sf.hit(f, [("SAWS 1", 1)])
    assert f.module("SAWS 1").destroyed
    assert lines[1] == "SAWS 1 is destroyed: its weapons (OF, CIDS and particle weapons) may not be fired"
    f, lines = sf.hit(f, [("WP 1", 60)])
    assert lines[1] == "WP 1 is destroyed: its weapons (OF, CIDS and particle weapons) may not be fired; its attack craft may not be launched"


def test_damage_beyond_a_module_must_go_to_another_module() -> None:
    """'Once a module is destroyed the defending player must immediately allocate any remaining damage
    to another module and not apply the damage to the destroyed module.'"""
    f = example()
    message = refused("SAWS 1 can take only 20 more PU before it is destroyed, not 30", sf.hit, f, [("SAWS 1", 30)])
    assert "the other 10 PU must be allocated to another module" in message
    after, _ = sf.hit(f, [("SAWS 1", 20), ("WP 1", 10)])
    assert (after.module("SAWS 1").damage, after.module("WP 1").damage) == (20, 10)
    refused("SAWS 1 is destroyed and takes no damage", sf.hit, after, [("SAWS 1", 5)])
    twice, _ = sf.hit(f, [("WP 1", 5), ("wp 1", 5)])
    assert twice.module("WP 1").damage == 10


def test_damage_beyond_every_module_is_lost() -> None:
    f = sf.build("Outpost", "Terran", ["LSS", "SAWS"], SFW)
    refused("LSS 1 can take only 100", sf.hit, f, [("LSS 1", 110)])  # the SAWS can still take 20
    f, lines = sf.hit(f, [("LSS 1", 110), ("SAWS 1", 20)])
    assert all(m.destroyed and m.damage == m.power_units for m in f.modules)
    assert "10 PU are lost: every module of Outpost is destroyed" in lines


def test_aimed_damage_stays_on_the_aimed_type_while_any_stands() -> None:
    """'You must add 10 to your firing die rolls ... the defending player allocates damage among
    those type modules that the attacker specified.'"""
    f = example()
    message = refused("aimed at the LSS modules: damage goes to them while any stands", sf.hit, f, [("WP 1", 10)], aimed="lss")
    assert "LSS 1 can take 100, LSS 2 can take 100, LSS 3 can take 100" in message
    f, lines = sf.hit(f, [("LSS 2", 10)], aimed="LSS")
    assert lines[0] == "aimed at the LSS modules: the attacker added 10 to his firing die rolls; the defender allocates the damage among them"
    refused("aimed at the LSS", sf.hit, f, [("LSS 1", 100), ("LSS 2", 90), ("WP 1", 10)], aimed="LSS")  # LSS 3 still stands
    f, _ = sf.hit(f, [("LSS 1", 100), ("LSS 2", 90), ("LSS 3", 100), ("WP 1", 10)], aimed="LSS")  # every LSS destroyed: the rest goes on
    assert f.module("WP 1").damage == 10
    no_cm = sf.hit(sf.build("Bastion", "Terran", ["LSS", "CM", "WP"], SFW), [("CM 1", 50)])[0]
    refused("every CM of Bastion is destroyed; aim at WP, LSS or at no type", sf.hit, no_cm, [("WP 1", 1)], aimed="cm")
    refused("Bastion has no CM", sf.hit, example(), [("WP 1", 1)], aimed="CM")
    refused("the MAD is fired at as a ship", sf.hit, example(), [("WP 1", 1)], aimed="MAD")


def test_with_no_cm_left_the_fortress_adds_10_to_its_firing_rolls() -> None:
    """'If a starfortress has no remaining CM, the player with the starfortress must add 10 to his
    die rolls.'"""
    f = sf.build("Bastion", "Terran", ["LSS", "CM", "CM", "WP"], SFW)
    f, lines = sf.hit(f, [("CM 1", 50)])
    assert not sf.no_cm(f) and not any("adds 10" in line for line in lines)
    f, lines = sf.hit(f, [("CM 2", 50)])
    assert sf.no_cm(f)
    assert lines[-1] == "Bastion has no CM left: it adds 10 to its firing die rolls"
    assert sf.no_cm(example())  # built without one: no remaining CM (a reading)


def test_with_no_lss_left_the_fortress_is_knocked_out_and_one_more_hit_destroys_it() -> None:
    """'If a starfortress has no LSS remaining ... it is considered to be knocked out of action and
    may be boarded and captured or destroyed by one additional hit.'"""
    f = damaged(example(), LSS_1=100, LSS_2=100)
    f, lines = sf.hit(f, [("LSS 3", 100)])
    assert sf.knocked_out(f) and sf.power(f) == 0 and not f.destroyed
    assert "LSS 3 is destroyed: it generates no power; its attack craft may not be launched" in lines
    assert lines[-1].startswith("Bastion has no LSS left and generates no power: it is knocked out of action and may be boarded and captured or destroyed by one additional hit")
    refused("knocked out of action", sf.allocate, f, 0, 0)
    f, lines = sf.hit(f, [])
    assert f.destroyed
    assert lines == ["Bastion had no LSS left and was knocked out of action: one additional hit destroys it; Bastion is destroyed"]
    refused("Bastion is destroyed", sf.hit, f, [("WP 1", 1)])


# -- special damage and damage control ------------------------------------------------------------


def test_special_damage_is_owed_past_20_percent_of_the_lss_power_units_only() -> None:
    """'Starfortresses do not have to roll the special damage die until they have lost 20% of their
    LSS's power units. Losses of other modules power units do not affect the starfortress.'"""
    f = example()
    assert sf.lss_total(f) == 300
    at_20 = damaged(f, LSS_1=60)
    assert sf.lss_lost(at_20) == 60 and not sf.owes_special_damage(at_20)
    f, lines = sf.hit(at_20, [("LSS 2", 1)])
    assert sf.owes_special_damage(f)
    assert lines[-1].startswith("Bastion has lost 61 of its LSS's 300 PU, more than 20%: it rolls for special damage each turn")
    other = damaged(example(), WP_1=60, WP_2=60, SAWS_1=20, LSS_1=60)
    assert sf.lss_lost(other) == 60 and not sf.owes_special_damage(other)
    assert not sf.owes_special_damage(sf.repair(f, "LSS 2", 1))


def test_a_damage_control_team_is_lost_at_70_pu_on_its_lss_and_never_regained() -> None:
    """Damage Control Table #1: Starfortress, 1 DCT per LSS, '70 PU on an LSS' disables one."""
    f = example()
    assert sf.teams(f) == 3
    f, lines = sf.hit(f, [("LSS 1", 69), ("WP 1", 60)])
    assert sf.teams(f) == 3 and not any("team" in line for line in lines)
    f, lines = sf.hit(f, [("LSS 1", 1)])
    assert sf.teams(f) == 2
    assert "LSS 1 has had 70 PU of damage: its damage control team is lost" in lines[-1]
    f = sf.repair(f, "LSS 1", 70)
    assert f.module("LSS 1").damage == 0 and sf.teams(f) == 2


def test_repairs_take_damage_off_a_module_with_no_maximum() -> None:
    f = damaged(example(), LSS_1=50, WP_1=5, SAWS_1=20)
    f = sf.repair(f, "LSS 1", 4)
    assert f.module("LSS 1").damage == 46 and sf.power(f) == 254 and f.repaired == 4
    f = sf.repair(f, "wp 1", 6)  # not below 0: only the 5 PU of damage are repaired
    assert f.module("WP 1").damage == 0 and f.repaired == 9
    f = sf.repair(f, "LSS 1", 46)  # a starfortress has no maximum
    assert f.repaired == 55
    refused("SAWS 1 is destroyed and stays destroyed", sf.repair, f, "SAWS 1", 5)
    refused("WP 1 has no damage to repair", sf.repair, f, "WP 1", 1)
    refused("repair at least 1 PU", sf.repair, damaged(f, WP_1=5), "WP 1", 0)


# -- CIDS ----------------------------------------------------------------------------------------


def cids_fortress() -> sf.Fortress:
    kinds = ["LSS", "WP", "WP", "SAWS", "MAWS"]
    adjacent = [("WP 1", "LSS 1"), ("WP 2", "LSS 1"), ("SAWS 1", "LSS 1"), ("MAWS 1", "LSS 1"), ("SAWS 1", "WP 1")]
    return sf.build("Bastion", "Terran", kinds, SFW, adjacent=adjacent)


def test_a_wp_loaning_6_cids_rolls_to_an_adjacent_lss_keeps_4() -> None:
    """'A WP loans 6 CIDS die rolls to an adjacent LSS. If the WP is attacked by attack craft it may
    roll only 4 CIDS die rolls against them.'"""
    f = cids_fortress()
    assert sf.cids_rolls(f, "LSS 1") == 0 and sf.cids_rolls(f, "WP 1") == 10
    f, lines = sf.loan(f, "WP 1", "LSS 1", 6)
    assert sf.cids_rolls(f, "WP 1") == 4 and sf.cids_rolls(f, "LSS 1") == 6
    assert lines == ["WP 1 loans 6 CIDS die rolls to LSS 1: WP 1 may roll only 4 of its own against attack craft attacking it", "LSS 1 has 6 CIDS die rolls this turn"]
    refused("WP 1 has 4 CIDS die rolls not loaned this turn, not 5", sf.loan, f, "WP 1", "LSS 1", 5)
    f, _ = sf.loan(f, "WP 1", "LSS 1", 4)
    assert f.loans == (sf.Loan("WP 1", "LSS 1", 10),) and sf.cids_rolls(f, "WP 1") == 0


def test_only_an_undestroyed_weapons_module_loans_and_only_to_an_adjacent_module() -> None:
    f = cids_fortress()
    assert "modules adjacent to WP 2: LSS 1" in refused("WP 1 is not adjacent to WP 2", sf.loan, f, "WP 2", "WP 1", 2)
    refused("LSS 1 has no CIDS to loan", sf.loan, f, "LSS 1", "WP 1", 2)
    refused("cannot loan CIDS die rolls to itself", sf.loan, f, "WP 1", "WP 1", 2)
    refused("loan at least 1", sf.loan, f, "WP 1", "LSS 1", 0)
    hit, _ = sf.hit(f, [("WP 1", 60)])
    refused("WP 1 is destroyed: its CIDS may not be fired or loaned", sf.loan, hit, "WP 1", "LSS 1", 2)
    refused("WP 1 is destroyed: there is nothing left to support", sf.loan, hit, "SAWS 1", "WP 1", 2)


def test_weapons_modules_may_support_each_other() -> None:
    """'Weapons systems may support other weapon systems with CIDS die rolls.'"""
    f, _ = sf.loan(cids_fortress(), "WP 1", "LSS 1", 8)
    f, _ = sf.loan(f, "SAWS 1", "WP 1", 3)
    assert sf.cids_rolls(f, "WP 1") == 5  # 2 of its own, 3 of the SAWS's
    assert sf.cids_rolls(f, "SAWS 1") == 7
    full, lines = sf.loan(cids_fortress(), "SAWS 1", "WP 1", 3)  # a WP with its own 10 has no room
    assert sf.cids_rolls(full, "WP 1") == 10 and "the attacker eliminates 3" in lines[1]


def test_more_than_10_rolls_on_one_module_lose_the_strongest_excess() -> None:
    """'at no time may a module have more than 10 CIDS die rolls. If more than 10 rolls have been
    allocated to one module the attacker has the choice of which ones are eliminated (he should
    choose the strongest die rolls to be eliminated). Eliminated die rolls may not be allocated to
    other modules.'"""
    f = cids_fortress()
    f, _ = sf.loan(f, "SAWS 1", "LSS 1", 4)  # 10%
    f, _ = sf.loan(f, "MAWS 1", "LSS 1", 4)  # 20%
    f, lines = sf.loan(f, "WP 1", "LSS 1", 5)  # 100%: 13 in all
    assert sf.cids_rolls(f, "LSS 1") == 10
    assert f.eliminated == (sf.Loan("WP 1", "LSS 1", 3),)
    assert lines[1] == (
        "LSS 1 would have 13 CIDS die rolls; no module may have more than 10: the attacker eliminates 3, the strongest "
        "(3 of WP 1's at 100%); eliminated die rolls may not be allocated to other modules"
    )
    assert sf.cids_rolls(f, "WP 1") == 5  # eliminated rolls do not come back to the lender
    f, lines = sf.loan(f, "WP 2", "LSS 1", 4)  # the latest loan first among lenders of equal CIDS %
    assert "the strongest (4 of WP 2's at 100%)" in lines[1]
    f, _ = sf.loan(f, "WP 2", "LSS 1", 4)
    assert f.eliminated == (sf.Loan("WP 1", "LSS 1", 3), sf.Loan("WP 2", "LSS 1", 8))


def test_the_strongest_excess_may_span_several_lenders() -> None:
    f = cids_fortress()
    f, _ = sf.loan(f, "WP 1", "LSS 1", 5)
    f, _ = sf.loan(f, "WP 2", "LSS 1", 5)
    f, lines = sf.loan(f, "SAWS 1", "LSS 1", 3)
    assert "the strongest (3 of WP 2's at 100%)" in lines[1]
    f, lines = sf.loan(f, "MAWS 1", "LSS 1", 4)
    assert "the strongest (2 of WP 2's at 100%, 2 of WP 1's at 100%)" in lines[1]
    assert sf.cids_rolls(f, "LSS 1") == 10  # WP 1's 3, the SAWS's 3, the MAWS's 4


def test_rolls_loaned_by_a_module_destroyed_since_are_not_fired() -> None:
    f, _ = sf.loan(cids_fortress(), "WP 1", "LSS 1", 6)
    f, _ = sf.hit(f, [("WP 1", 60)])
    assert sf.cids_rolls(f, "LSS 1") == 0 and sf.cids_rolls(f, "WP 1") == 0


def test_a_new_turn_clears_the_allocation_loans_and_eliminations() -> None:
    f = sf.allocate(cids_fortress(), 2, 2)
    f, _ = sf.loan(f, "WP 1", "SAWS 1", 6)
    f = sf.repair(sf.hit(f, [("LSS 1", 10)])[0], "LSS 1", 2)
    assert f.eliminated
    turned = sf.new_turn(f)
    assert (turned.allocation, turned.loans, turned.eliminated) == (Allocation(), (), ())
    assert turned.modules == f.modules and turned.repaired == 2
    assert sf.cids_rolls(turned, "WP 1") == 10 and sf.cids_rolls(turned, "SAWS 1") == 10


# -- Fortresses in MAATAC ------------------------------------------------------------------------


def maatac() -> sf.Fortress:
    return sf.build("Redoubt", "Terran", ["LSS", "CM", "WP", "WP", "MAWS"], SFW, game="maatac", behind=[("LSS 1", "WP 1"), ("CM 1", "WP 2"), ("LSS 1", "WP 2")])


def test_a_module_hull_down_may_not_be_fired_at_until_its_blocker_is_destroyed() -> None:
    """'You may not fire at a module that is behind another module (hull-down) until the blocking
    module is destroyed. This enables a player to protect LSS and CM with WPs.'"""
    f = maatac()
    assert sf.targets(f) == ["WP 1", "WP 2", "MAWS 1"]
    message = refused("LSS 1 is hull-down behind WP 1, WP 2: it may not be fired at until the blocking module is destroyed", sf.penetrate, f, "LSS 1")
    assert "modules that may be fired at: WP 1, WP 2, MAWS 1" in message
    f, lines = sf.penetrate(f, "WP 1")
    assert f.module("WP 1").destroyed and lines == ["WP 1 is penetrated and destroyed; any MAD located on it is destroyed too"]
    refused("LSS 1 is hull-down behind WP 2", sf.penetrate, f, "LSS 1")
    f, lines = sf.penetrate(f, "WP 2")
    assert lines[1] == "no longer hull-down, may now be fired at: LSS 1, CM 1"
    refused("WP 2 is already destroyed", sf.penetrate, f, "WP 2")


def test_penetration_destroys_a_module_and_the_lost_lss_and_cm_stop_the_guns() -> None:
    """'A fortress must have at least one LSS in order to fire its weapons. If all the LSS are
    destroyed, none of the fortresses weapons may fire. Fortresses without CMs must subtract one
    from their firing die rolls.' 'Modules are destroyed when penetration occurs by any weapon.'"""
    f = sf.build("Redoubt", "Terran", ["LSS", "CM", "WP"], SFW, game="maatac")
    assert sf.maatac_status(f) == []
    f, lines = sf.penetrate(f, "CM 1")
    assert lines[-1] == "Redoubt has no CM: it subtracts 1 from its firing die rolls"
    f, lines = sf.penetrate(f, "LSS 1")
    assert lines[-1] == "Redoubt has no LSS left: none of its weapons may fire"
    assert sf.maatac_status(f) == ["Redoubt has no LSS left: none of its weapons may fire", "Redoubt has no CM: it subtracts 1 from its firing die rolls"]


def test_at_most_5_units_in_any_one_module() -> None:
    """'Infantry units and RAATACS may be placed in any module with a maximum of 5 units (IUs,
    RAATACs and/or both) in any one module.'"""
    f = sf.garrison(maatac(), "LSS 1", 5)
    assert f.module("LSS 1").units == 5
    refused("LSS 1 may hold 0 to 5 units", sf.garrison, f, "LSS 1", 6)
    refused("may hold 0 to 5 units", sf.garrison, f, "CM 1", -1)
    f, lines = sf.penetrate(sf.garrison(maatac(), "WP 1", 3), "WP 1")
    assert "WP 1 held 3 units (IUs and/or RAATACs): the book does not say what becomes of them" in lines


def test_each_game_refuses_the_others_rules() -> None:
    refused("belong to Fortresses in MAATAC", sf.penetrate, example(), "WP 1")
    refused("belong to Fortresses in MAATAC", sf.garrison, example(), "WP 1", 1)
    refused("belong to Fortresses in MAATAC", sf.maatac_status, example())
    for call, args in ((sf.hit, ([("WP 1", 1)],)), (sf.allocate, (1, 1)), (sf.loan, ("WP 1", "LSS 1", 1)), (sf.repair, ("WP 1", 1))):
        refused("belong to Starfleet Wars; Redoubt is a MAATAC fortress", call, maatac(), *args)


# -- random walks --------------------------------------------------------------------------------

LONG = bool(os.environ.get("REFEREE_LONG"))
SEEDS = range(200) if LONG else range(12)
STEPS = 120 if LONG else 60


def random_fortress(rng: random.Random) -> sf.Fortress:
    kinds = ["LSS"] + [rng.choice(sf.MODULE_KINDS) for _ in range(rng.randint(0, 7))]
    rng.shuffle(kinds)
    f = sf.build("Walk", "Terran", kinds, SFW)
    names = [m.name for m in f.modules]
    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1 :] if rng.random() < 0.5]
    return sf.build("Walk", "Terran", kinds, SFW, adjacent=pairs)


def defender(f: sf.Fortress, rng: random.Random, total: int) -> list[tuple[str, int]]:
    """A hit's PU allocated as the rule allows: filling modules in a random order."""
    standing = f.standing()
    rng.shuffle(standing)
    given = []
    for module in standing:
        if total <= 0:
            break
        pu = min(total, module.left)
        given.append((module.name, pu))
        total -= pu
    if total > 0 and given:
        given.append((given[-1][0], total))  # beyond every module: lost
    return given


def step(f: sf.Fortress, rng: random.Random) -> tuple[str, sf.Fortress]:
    names = [m.name for m in f.modules]
    kind = rng.choice(["hit", "hit", "wild hit", "repair", "loan", "loan", "loan", "allocate", "new turn"])
    if kind == "hit":
        total = rng.choice([5, 10, 20, 29, 40, 75])
        after = sf.hit(f, defender(f, rng, total))[0]
        room = sum(m.left for m in f.standing()) if not sf.knocked_out(f) else 0
        assert sum(m.damage for m in after.modules) - sum(m.damage for m in f.modules) == min(total, room)
        return kind, after
    if kind == "wild hit":
        given = [(rng.choice(names), rng.randint(-1, 120)) for _ in range(rng.randint(0, 3))]
        return kind, sf.hit(f, given, aimed=rng.choice([None, *sf.MODULE_KINDS]))[0]
    if kind == "repair":
        return kind, sf.repair(f, rng.choice(names), rng.randint(0, 8))
    if kind == "loan":
        lender = rng.choice([m.name for m in f.modules if m.kind in sf.WEAPONS] or names)
        near = [b if a == lender else a for a, b in f.adjacent if lender in (a, b)]
        to = rng.choice(near) if near and rng.random() < 0.8 else rng.choice(names)
        return kind, sf.loan(f, lender, to, rng.randint(0, 10))[0]
    if kind == "allocate":
        return kind, sf.allocate(f, rng.randint(0, 16), rng.randint(0, 18))
    return kind, sf.new_turn(f)


def check(before: sf.Fortress, after: sf.Fortress, kind: str) -> None:
    for old, new in zip(before.modules, after.modules, strict=True):
        assert 0 <= new.damage <= new.power_units, new
        assert new.peak >= max(new.damage, old.peak), new
        assert not old.destroyed or new.destroyed, f"{new.name} came back"
    assert sf.power(after) == sum(m.power_units - m.damage for m in after.modules if m.kind == "LSS" and not m.destroyed)
    for module in after.modules:
        assert 0 <= sf.cids_rolls(after, module.name) <= sf.CIDS_ROLLS, (module.name, after.loans, after.eliminated)
    lent = Counter[str]()
    for loan in after.loans:
        lent[loan.lender] += loan.rolls
        assert (loan.lender, loan.to) in after.adjacent or (loan.to, loan.lender) in after.adjacent
    assert all(rolls <= sf.CIDS_ROLLS for rolls in lent.values())
    assert sf.teams(after) <= sf.teams(before)
    assert after.repaired - before.repaired == sum(old.damage - new.damage for old, new in zip(before.modules, after.modules) if new.damage < old.damage)
    assert after.allocation.cost <= max(sf.power(before), 0) or after.allocation == before.allocation or after.allocation == Allocation()
    assert sf.owes_special_damage(after) == (5 * sf.lss_lost(after) > sf.lss_total(after))


def test_random_walks_keep_the_fortress_within_the_rules() -> None:
    done = Counter[str]()
    for seed in SEEDS:
        rng = random.Random(seed)
        f = random_fortress(rng)
        for _ in range(STEPS):
            try:
                kind, after = step(f, rng)
            except RefereeError:
                continue
            check(f, after, kind)
            done[kind] += 1
            if kind == "loan" and after.eliminated != f.eliminated:
                done["elimination"] += 1
            f = after
            if f.destroyed:
                break
    if LONG:
        print(dict(done))
    assert set(done) == {"hit", "wild hit", "repair", "loan", "allocate", "new turn", "elimination"}, done  # the walk takes every kind of step
