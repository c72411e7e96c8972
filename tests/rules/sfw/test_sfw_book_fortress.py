"""Starfortresses as the independent reader worked them from the supplement's text
(docs/readings/starfleet-wars-cases.md, S001-S052 and S095; the MAATAC fortress is in
test_sfw_book_maatac.py): modules and their values, power from the LSS, OF and DF, the MAD, CIDS
loans and the MAD's CIDS, particle weapons and attack craft, the 12 attack craft on one module,
hits allocated among modules, and CapTacs held by the fortress's tractor beam. Each test names its
case and quotes the book's sentence; the outcome asserted is the reader's, or the program's reading
where docs/starfleet-wars.md § Readings, Starfortresses, says why."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee import tables
from referee.cli import app
from referee.errors import RefereeError
from referee.starfleet_wars import combat, engagement_file, fortress_phase, report, turn
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.power import Allocation, most_factors

SFW = tables.load(prefix="sfw")
EXAMPLE = ["LSS", "LSS", "LSS", "WP", "WP", "SAWS"]  # "We have 3 LSS, 2 WP and a SAWS in our fortress"


def fortress(kinds: list[str] = EXAMPLE, adjacent: list[tuple[str, str]] | None = None) -> fo.Fortress:
    return fo.build("Bastion", "Terran", kinds, SFW, adjacent or [])


def damaged(f: fo.Fortress, **damage: int) -> fo.Fortress:
    """Damage set on modules named like LSS_1."""
    return f.with_modules([f.module(n.replace("_", " "))._replace(damage=d, peak=d) for n, d in damage.items()])


def engagement(kinds: list[str] = EXAMPLE, adjacent: list[tuple[str, str]] | None = None, mads: int = 0, **rules: bool) -> Engagement:
    e = Engagement("Fight", ("Terran", "Aquarian"), **rules)
    return fortress_phase.build(e, SFW, "Bastion", "Terran", kinds, adjacent or [], mads).state


def refused(match: str, call: object, *args: object) -> str:
    with pytest.raises(RefereeError, match=match) as caught:
        call(*args)  # type: ignore[operator]
    return str(caught.value)


# -- Introduction, modules, power ---------------------------------------------------------------


def test_s001_the_optional_rules_special_damage_off_damage_control_alone():
    """S001 Introduction: "They are suggested as optional rules and may be used or modified for your
    tactical and strategical requirements." Without Special Damage no roll is owed past 20%; Damage
    Control may still be played alone."""
    e = engagement(special_damage=False)
    e = fortress_phase.hit(e, SFW, "Bastion", [("LSS 1", 70)]).state  # 70 of 300: 23%
    assert turn.owing(e) == []
    refused("without the Special Damage rule", fortress_phase.special_damage, e, SFW, "Bastion", None, 50)
    e = turn.next_turn(e).state
    repaired = fortress_phase.damage_control(e, SFW, "Bastion", "power_units", None, 99).state
    assert repaired.fortress("Bastion").module("LSS 1").damage < 70


def test_s002_any_mix_of_modules_and_one_wp_for_every_empire():
    """S002: "A Starfortress may be assembled in any number of ways with any number of different
    modules." "Each Empires' Starfortresses modules will have the same values"."""
    terran = fo.build("Bastion", "Terran", ["LSS", "WP", "WP", "WP", "WP", "CM"], SFW)
    carnivoran = fo.build("Den", "Carnivoran", ["LSS", "LSS", "WP", "MAWS", "MAWS"], SFW)
    wp_t, wp_c = terran.module("WP 1"), carnivoran.module("WP 1")
    assert wp_t._replace(name="x") == wp_c._replace(name="x")
    assert (wp_t.power_units, wp_t.max_off, wp_t.cids, wp_t.attack_craft, fo.particle_figures(SFW, "WP")) == (60, 6, 100, 4, (6, 18))
    # the MAD is built with the fortress as a ship of its own (--mad), not among its modules
    e = Engagement("Fight", ("Terran", "Carnivoran"))
    e = fortress_phase.build(e, SFW, "Den", "Carnivoran", ["LSS", "LSS", "WP", "MAWS", "MAWS"], [], 1).state
    assert e.ship("Den MAD 1").type == "MAD"


def test_s003_the_module_table():
    """S003: "Weapons Pod (WP) 60 6 * 100% 4 6 18 / Life Support System (LSS) 100 0 * 0 2 0 0 /
    Communication Module (CM) 50 0 * 0 2 0 0 / Mobile Armed Destroyer (MAD) 30 3 5 60% 0 0 0 /
    Medium Auxiliary Weapon System (MAWS) 30 2 * 20% 0 2 4 / Small Auxiliary Weapon System (SAWS)
    20 2 * 10% 0 2 2"."""
    rows = {
        str(r["aliases"][0]): tuple(r[k] for k in ("sfw_power_units", "sfw_max_off", "sfw_max_def", "sfw_cids", "sfw_attack_craft", "sfw_pw_launchers", "sfw_pw_reloads"))  # type: ignore[index]
        for r in SFW.get(fo.TABLE).rows
    }
    assert rows == {
        "WP": (60, 6, "*", 100, 4, 6, 18),
        "LSS": (100, 0, "*", 0, 2, 0, 0),
        "CM": (50, 0, "*", 0, 2, 0, 0),
        "MAD": (30, 3, 5, 60, 0, 0, 0),
        "MAWS": (30, 2, "*", 20, 0, 2, 4),
        "SAWS": (20, 2, "*", 10, 0, 2, 2),
    }
    assert fo.mad_figures(SFW) == (30, 3, 5)


def test_s004_a_module_is_destroyed_at_exactly_its_power_units():
    """S004: "A module is considered destroyed when it has taken damage equal to its power unit rating." A WP at 59 stands; at 60 it is destroyed."""
    f, _ = fo.hit(fortress(), [("WP 1", 59)])
    assert not f.module("WP 1").destroyed and fo.max_offensive(f) == 14
    f, lines = fo.hit(f, [("WP 1", 1)])
    assert f.module("WP 1").destroyed and "WP 1 is destroyed" in lines[1]


def test_s005_a_wp_produces_no_power():
    """S005: "Power units may be developed by the fortress only by the LSS. Each LSS produces 100 power units." 1 LSS and 3 WP: 100 PU, max OF 18."""
    f = fortress(["LSS", "WP", "WP", "WP"])
    assert (fo.power(f), fo.max_offensive(f)) == (100, 18)
    assert fo.allocate(f, 10, 0).allocation.cost == 100
    assert fo.allocate(f, 9, 4).allocation.cost == 97
    refused("more than the 100 PU", fo.allocate, f, 11, 0)


def test_s006_three_lss_give_300_pu():
    """S006: "If your Starfortress contains 3 LSS, it has a total of 300 PU available"."""
    assert fo.power(fortress()) == 300


# -- the MAD --------------------------------------------------------------------------------------


def mad_engagement() -> Engagement:
    return engagement(adjacent=[("WP 1", "LSS 1"), ("LSS 1", "CM 1"), ("CM 1", "WP 2")], kinds=["WP", "LSS", "CM", "WP", "LSS"], mads=1)


def mad_allocates(e: Engagement, of: int, df: int) -> Engagement:
    return turn.allocate(e, "Bastion MAD 1", Allocation(0, of, df)).state


def test_s007_the_mad_has_its_own_30_pu_of_3_at_most_df_5_at_most():
    """S007: "The MAD generates its own offensive and defensive factors with its 30 PU. The MADs
    maximum offensive factors may never exceed 3 and its defensive factors are limited to 5"."""
    e = mad_engagement()
    assert mad_allocates(e, 3, 4).ship("Bastion MAD 1").allocation == Allocation(0, 3, 4)
    assert mad_allocates(e, 1, 5).ship("Bastion MAD 1").allocation == Allocation(0, 1, 5)


def test_s008_the_mad_df_5_and_of_2_cost_29():
    """S008: "A MAD could have a DF of 5 and an OF of 2 costing 29 power units"."""
    allocation = mad_allocates(mad_engagement(), 2, 5).ship("Bastion MAD 1").allocation
    assert allocation is not None and allocation.cost == 29


def test_s009_the_mad_df_5_and_of_3_cost_34_and_are_refused():
    """S009: "but could not have a DF of 5 and an OF of 3 because they would cost 34 power units and only 30 PU are available"."""
    refused("more than the 30 PU", mad_allocates, mad_engagement(), 3, 5)


def test_s010_the_mad_of_4_is_refused_though_the_power_would_do():
    """S010: "The MADs maximum offensive factors may never exceed 3"."""
    refused("OF 4 is above the maximum offensive factor, 3", mad_allocates, mad_engagement(), 4, 3)


def test_s011_the_mad_df_6_is_refused_and_the_lss_do_not_power_it():
    """S011: "its defensive factors are limited to 5"; "The MAD is treated as if it were a separate ship"."""
    e = fortress_phase.allocate(mad_engagement(), "Bastion", 0, 10).state  # 100 of the LSS's 200 spare
    refused("DF 6 is above the maximum defensive factor, 5", mad_allocates, e, 0, 6)
    assert e.ship("Bastion MAD 1").available == 30


def test_s012_the_mads_move_costs_no_power():
    """S012: "It does not utilize any PU for movement but it cannot use more than 30 PU for its OF and DF." """
    e = mad_allocates(mad_engagement(), 2, 5)
    e = fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "WP 1").state
    e = fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "LSS 1").state
    mad = e.ship("Bastion MAD 1")
    assert (mad.on, mad.available, mad.max_speed()) == ("LSS 1", 30, 0)


def test_s013_the_mad_cannot_power_a_fortress_with_no_lss():
    """S013: "(Note that even if a MAD still exists it may not provide power for the starfortress, only for its own use.)" """
    e = mad_engagement()
    e = fortress_phase.hit(e, SFW, "Bastion", [("LSS 1", 100), ("LSS 2", 100)]).state
    refused("no LSS left", fortress_phase.allocate, e, "Bastion", 1, 0)
    assert mad_allocates(e, 3, 4).ship("Bastion MAD 1").allocation == Allocation(0, 3, 4)
    e = fortress_phase.hit(e, SFW, "Bastion", [("WP 1", 10)]).state
    assert e.fortress("Bastion").destroyed


# -- offensive and defensive factors -----------------------------------------------------------


def test_s014_the_books_example_max_of_14_though_300_pu_would_buy_17():
    """S014: "The total OF available are 6+6+2=14). Your 300 PU on your LSS could generate enough power for 17 factors but only 14"."""
    f = fortress()
    assert (fo.max_offensive(f), most_factors(fo.power(f))) == (14, 17)
    assert fo.allocate(f, 14, 0).allocation.cost == 196


def test_s015_of_15_is_refused():
    """S015: "Your offensive factors may not exceed the sum total of OF on your weapons modules"."""
    refused("OF 15 is above the maximum offensive factor, 14", fo.allocate, fortress(), 15, 0)


def test_s016_the_books_example_104_pu_give_df_10():
    """S016: "This leaves 104 PU to be devoted to the shields. A defensive factor of 10 could be used with the 104 PU." """
    assert fo.allocate(fortress(), 14, 10).allocation.cost == 296
    refused("more than the 300 PU", fo.allocate, fortress(), 14, 11)


def test_s017_one_shield_for_every_module_and_the_mads_own():
    """S017: "Shielding is considered to equally protect every section of the Starfortress"; "No
    matter which module your opponent attacks it is considered to have a DF of 10." The fortress has
    one DF; the MAD fights with its own."""
    e = fortress_phase.allocate(engagement(mads=1), "Bastion", 14, 10).state
    e = mad_allocates(e, 0, 5)
    assert fortress_phase.factors(e.fortress("Bastion"), e.turn) == (14, 10)
    mad = e.ship("Bastion MAD 1")
    assert mad.allocation is not None and mad.allocation.defensive == 5


def test_s018_no_maximum_to_the_shields():
    """S018: "There is no maximum limit to the number of factors that can be generated for the shields (the lone exception is the MAD)." """
    f = fortress(["LSS", "LSS", "LSS", "WP"])
    assert fo.allocate(f, 0, 17).allocation.cost == 289
    message = refused("more than the 300 PU", fo.allocate, f, 0, 18)
    assert "maximum defensive" not in message


def test_s019_never_more_than_the_power_and_speed_1_costs_nothing():
    """S019: "You may not exceed the total available power units at any time." 2 LSS: OF 14 + DF 3 =
    205 refused; OF 14 + DF 2 = 200 exactly allowed (tactical speed 1 takes none of it)."""
    f = fortress(["LSS", "LSS", "WP", "WP", "SAWS"])
    refused("more than the 200 PU", fo.allocate, f, 14, 3)
    assert fo.allocate(f, 14, 2).allocation.cost == 200


def test_s020_no_weapons_module_no_of():
    """S020: LSS and CM "Max Off. Factor" 0: with no weapons module, OF 3 is refused; DF 14 allowed."""
    f = fortress(["LSS", "LSS", "CM"])
    refused("OF 3 is above the maximum offensive factor, 0", fo.allocate, f, 3, 0)
    assert fo.allocate(f, 0, 14).allocation.cost == 196


def test_s021_the_mads_of_is_not_in_the_fortress_cap():
    """S021: "The MAD is treated as if it were a separate ship when calculating its OF and DF." Max OF stays 14; the MAD has its own 3."""
    e = engagement(mads=1)
    assert fo.max_offensive(e.fortress("Bastion")) == 14
    refused("OF 15", fortress_phase.allocate, e, "Bastion", 15, 0)
    assert mad_allocates(e, 3, 0).ship("Bastion MAD 1").allocation == Allocation(0, 3, 0)


runner = CliRunner()


def test_s022_a_fortress_moves_at_speed_1_and_may_not_exceed_it(tmp_path: Path):
    """S022: "A Starfortress has a combat or tactical speed of 1; it may not exceed this speed during the course of a game." """
    path = tmp_path / "e.toml"
    for args in (["new", str(path), "--side", "Terran", "--side", "Aquarian"], ["fortress", "Bastion", "--side", "Terran", "--modules", "LSS,WP", "-e", str(path)]):
        assert runner.invoke(app, ["sfw", *args]).exit_code == 0
    before = path.read_text()
    result = runner.invoke(app, ["sfw", "allocate", "Bastion", "--speed", "2", "-e", str(path)])
    assert result.exit_code == 2 and "tactical speed 1" in result.stderr
    assert path.read_text() == before


def test_s023_the_mad_moves_only_to_an_adjacent_module():
    """S023: "It may only move to an adjacent module; no other movement is allowed because of its limited engineering facilities." """
    e = fortress_phase.place_mad(mad_engagement(), SFW, "Bastion MAD 1", "WP 1").state
    assert fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "LSS 1").state.ship("Bastion MAD 1").on == "LSS 1"
    refused("may only move to an adjacent module", fortress_phase.place_mad, e, SFW, "Bastion MAD 1", "CM 1")
    refused("has no module", fortress_phase.place_mad, e, SFW, "Bastion MAD 1", "PIRAHNA")
    refused("speed", mad_allocates_speed, e)


def mad_allocates_speed(e: Engagement) -> Engagement:
    return turn.allocate(e, "Bastion MAD 1", Allocation(1, 0, 0)).state


# -- CIDS -----------------------------------------------------------------------------------------


def cids_fortress() -> fo.Fortress:
    """WP 1 - LSS 1 - CM 1 - WP 2, a MAWS 1 by LSS 1 and a SAWS 1 by WP 1."""
    return fortress(
        ["WP", "LSS", "CM", "WP", "MAWS", "SAWS"],
        [("WP 1", "LSS 1"), ("LSS 1", "CM 1"), ("CM 1", "WP 2"), ("MAWS 1", "LSS 1"), ("SAWS 1", "WP 1"), ("WP 2", "LSS 1")],
    )


def test_s024_an_lss_or_cm_has_no_cids_of_its_own():
    """S024: "Not every module has a CIDS. The LSS and CM must be supported by other weapon modules CIDS"."""
    f = cids_fortress()
    assert (fo.cids_rolls(f, "LSS 1"), fo.cids_rolls(f, "CM 1")) == (0, 0)


def test_s025_the_books_example_a_wp_loans_6_and_keeps_4():
    """S025: "A WP loans 6 CIDS die rolls to an adjacent LSS. If the WP is attacked by attack craft it may roll only 4 CIDS die rolls against them"."""
    f, _ = fo.loan(cids_fortress(), "WP 1", "LSS 1", 6)
    assert (fo.cids_rolls(f, "LSS 1"), fo.cids_rolls(f, "WP 1")) == (6, 4)


def test_s026_no_loan_to_a_module_not_adjacent():
    """S026: "LSS and CMs may be supported by any weapons module (Pod, MAWS, SAWS) that is adjacent to the LSS or CM." """
    refused("MAWS 1 is not adjacent to CM 1|CM 1 is not adjacent", fo.loan, cids_fortress(), "MAWS 1", "CM 1", 5)


def test_s027_an_lss_or_cm_cannot_support():
    """S027: only "any weapons module (Pod, MAWS, SAWS)" supports."""
    refused("CM 1 has no CIDS to loan", fo.loan, cids_fortress(), "CM 1", "LSS 1", 1)


def test_s028_weapons_systems_support_weapons_systems():
    """S028: "Weapons systems may support other weapon systems with CIDS die rolls." Allowed; WP 1
    keeps 5. The SAWS has its own 10 rolls (the program's reading of "its 10 CIDS die rolls"), so the
    5 loaned are over the cap and the attacker eliminates them."""
    f, lines = fo.loan(cids_fortress(), "WP 1", "SAWS 1", 5)
    assert (fo.unloaned(f, "WP 1"), fo.cids_rolls(f, "SAWS 1")) == (5, 10)
    assert "the attacker eliminates 5" in lines[1]


def test_s029_over_10_rolls_the_attacker_eliminates_the_strongest_never_given_back():
    """S029: "at no time may a module have more than 10 CIDS die rolls. If more than 10 rolls have
    been allocated to one module the attacker has the choice of which ones are eliminated (he should
    choose the strongest die rolls to be eliminated). Eliminated die rolls may not be allocated to other modules." """
    f, _ = fo.loan(cids_fortress(), "WP 1", "LSS 1", 6)
    f, _ = fo.loan(f, "MAWS 1", "LSS 1", 6)
    assert fo.cids_rolls(f, "LSS 1") == 10
    assert f.eliminated == (fo.Loan("WP 1", "LSS 1", 2),)  # 2 of the WP's at 100%: LSS 1 keeps 4 of them and the MAWS's 6
    assert fo.unloaned(f, "WP 1") == 4


def test_s030_exactly_10_rolls_are_allowed():
    """S030: "at no time may a module have more than 10 CIDS die rolls": 6 + 4 = 10, nothing eliminated."""
    f, _ = fo.loan(cids_fortress(), "WP 1", "LSS 1", 6)
    f, _ = fo.loan(f, "WP 2", "LSS 1", 4)
    assert (fo.cids_rolls(f, "LSS 1"), f.eliminated, fo.cids_rolls(f, "WP 2")) == (10, (), 6)


def cids_engagement() -> Engagement:
    e = Engagement("Fight", ("Terran", "Aquarian"))
    adjacent = [("WP 1", "LSS 1"), ("LSS 1", "CM 1")]
    e = fortress_phase.build(e, SFW, "Bastion", "Terran", ["WP", "LSS", "CM"], adjacent, 1).state
    return fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "WP 1").state


def test_s031_a_mad_moving_onto_a_module_adds_its_cids():
    """S031: "It may move from one module to an adjacent module to increase a modules CIDS
    strength." The MAD's CIDS (10 die rolls at its 60%, the program's reading) defend LSS 1 once it
    moves there, and no longer the module it left."""
    e = cids_engagement()
    assert fortress_phase.cids(e, "Bastion", "LSS 1") == 0
    e = fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "LSS 1").state
    assert fortress_phase.cids(e, "Bastion", "LSS 1") == 10
    assert "adds its 10 CIDS die rolls at 60% to LSS 1's" in e.log[-1].text
    e = fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "CM 1").state
    assert (fortress_phase.cids(e, "Bastion", "LSS 1"), fortress_phase.cids(e, "Bastion", "CM 1")) == (0, 10)


def test_s032_a_mad_and_loans_over_the_cap():
    """S032: "However, at no time may a module have more than 10 CIDS die rolls. If more than 10
    rolls have been allocated to one module the attacker has the choice ... (he should choose the
    strongest die rolls to be eliminated)." WP 1 loans 10 to LSS 1, then the MAD moves on: 20, the
    attacker eliminates the WP's 10 at 100%; LSS 1 fights with the MAD's 10. (On WP 1 before, with
    the WP's own 10, the MAD's were the excess.)"""
    e = cids_engagement()
    e = fortress_phase.loan(e, "Bastion", "WP 1", "LSS 1", 10).state
    e = fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "LSS 1").state  # (the MAD moves after the loans: movement follows allocation)
    f = e.fortress("Bastion")
    assert fortress_phase.cids(e, "Bastion", "LSS 1") == 10
    assert fo.Loan("WP 1", "LSS 1", 10) in f.eliminated
    assert "the attacker eliminates 10, the strongest (10 of WP 1's at 100%)" in e.log[-1].text


def test_s032_a_destroyed_mad_adds_no_cids():
    """S032 (with S048's "Any weapons (OF, CIDS, or PWs) in the destroyed module may not be fired"): a MAD destroyed since adds nothing."""
    e = fortress_phase.place_mad(cids_engagement(), SFW, "Bastion MAD 1", "LSS 1").state
    e = combat.hit(e, SFW, "Bastion MAD 1", "offensive", 1, 30).state
    assert fortress_phase.cids(e, "Bastion", "LSS 1") == 0


def test_s032_a_mad_destroyed_after_its_rolls_were_eliminated_leaves_a_file_that_reads_back():
    """S032: the MAD's rolls eliminated on WP 1 (its own 10 there), the MAD destroyed, then an assault: the engagement saves and reads back."""
    e = combat.hit(cids_engagement(), SFW, "Bastion MAD 1", "offensive", 1, 30).state
    e = fortress_phase.assault(e, "Bastion", "WP 1", 3).state
    assert e.fortress("Bastion").supports == () and e.fortress("Bastion").eliminated == ()
    assert engagement_file.from_dict(tomllib.loads(engagement_file.text(e))) == e


# -- particle weapons and attack craft ---------------------------------------------------------


def launched(f: fo.Fortress, module: str, count: int) -> fo.Fortress:
    return fo.launch(f, SFW, module, count)[0]


def reloaded(f: fo.Fortress) -> fo.Fortress:
    """The next turn, its allocation spending 1 PU reloading (S037: launching again costs power)."""
    return fo.allocate(fo.new_turn(f), 0, 0, reload=1)


def test_s033_a_wp_launches_6_particle_weapons_a_turn():
    """S033: "Attack craft and particle weapons are launched, fired or attacked within the same manner as starships"; WP Launchers 6."""
    f = launched(fortress(), "WP 1", 6)
    refused("WP 1 launches at most 6 particle weapons a turn", fo.launch, f, SFW, "WP 1", 1)
    assert launched(f, "WP 2", 6).module("WP 2").launched == 6


def test_s034_a_wps_18_reloads_are_the_games():
    """S034: WP Reloads 18; "The number under the category reloads is the total number of particle
    weapons carried on board that can be fired in the course of the game." (reading A, as the
    ships' reloads): 6 on turns 1, 2 and 3, none on turn 4."""
    f = fortress()
    for _ in range(3):
        f = reloaded(launched(f, "WP 1", 6))
    refused("WP 1 has 0 particle weapons left of its 18 reloads", fo.launch, f, SFW, "WP 1", 1)


def test_s035_maws_and_saws_launchers_and_reloads():
    """S035: "Medium Auxiliary Weapon System (MAWS) 30 2 * 20% 0 2 4"; "Small Auxiliary Weapon System (SAWS) 20 2 * 10% 0 2 2"."""
    f = fortress(["LSS", "MAWS", "SAWS"])
    refused("MAWS 1 launches at most 2", fo.launch, f, SFW, "MAWS 1", 3)
    f = reloaded(launched(launched(f, "MAWS 1", 2), "SAWS 1", 2))
    refused("SAWS 1 has 0 particle weapons left of its 2 reloads", fo.launch, f, SFW, "SAWS 1", 1)
    f = reloaded(launched(f, "MAWS 1", 2))
    refused("MAWS 1 has 0 particle weapons left of its 4 reloads", fo.launch, f, SFW, "MAWS 1", 1)


def test_s036_lss_cm_and_mad_have_no_launchers():
    """S036: LSS, CM and MAD "Particle Weapons Launchers 0"."""
    refused("LSS 1 has no particle weapons launchers; modules that launch: WP 1, WP 2, SAWS 1", fo.launch, fortress(), SFW, "LSS 1", 1)
    refused("CM 1 has no particle weapons launchers", fo.launch, fortress(["LSS", "CM"]), SFW, "CM 1", 1)
    refused("launches at most 0", combat.launch, engagement(mads=1), "Bastion MAD 1", 1)


def test_s037_reloading_costs_the_fortress_power_as_it_costs_the_ships():
    """S037: "There are not enough power units left to reload the particle weapons." (the Pirahna,
    whose particle weapons fired on turn 1 and do not fire on turn 2). Particle weapons are launched
    "within the same manner as starships": a module that launched launches again only once a later
    turn's allocation spent power reloading, counted against the LSS's power beside OF and DF."""
    e = engagement(["LSS", "WP"])
    e = fortress_phase.allocate(e, "Bastion", 6, 8).state  # 36 + 64 = 100 of 100
    e = fortress_phase.launch(e, SFW, "Bastion", "WP 1", 6).state
    e = turn.next_turn(e).state
    e = fortress_phase.allocate(e, "Bastion", 6, 8).state  # every PU to OF and DF: none left to reload
    refused("WP 1 launched its particle weapons before and has not reloaded them", fortress_phase.launch, e, SFW, "Bastion", "WP 1", 1)
    refused("= 100 PU is more than the 90 PU available", fortress_phase.allocate, e, "Bastion", 6, 8, 10)
    e = fortress_phase.allocate(e, "Bastion", 6, 7, 10).state  # 36 + 49 + 10 = 95 of 100
    assert "+ reloading 10 PU = 95 PU of 100 (5 left)" in e.log[-1].text and "particle weapons reloaded: WP 1" in e.log[-1].text
    e = fortress_phase.launch(e, SFW, "Bastion", "WP 1", 6).state
    assert e.fortress("Bastion").module("WP 1").fired == 12
    e = turn.next_turn(e).state  # launched in the turn it reloaded: reloads again before turn 3's launch
    refused("has not reloaded them", fortress_phase.launch, e, SFW, "Bastion", "WP 1", 1)
    refused("no module standing that launched", fortress_phase.allocate, engagement(["LSS", "WP"]), "Bastion", 1, 1, 5)


def test_s038_the_attack_craft_each_module_carries():
    """S038: the "Attack Craft" column: WP 4, LSS 2, CM 2, MAD/MAWS/SAWS 0. 3 LSS, 2 WP, 1 SAWS carry 14; a 15th does not exist."""
    f = fortress()
    assert sum(m.attack_craft for m in f.modules) == 14
    for module in f.modules:
        if module.attack_craft:
            f, _ = fo.launch_craft(f, module.name, module.attack_craft)
    refused("WP 1 carries 4 attack craft and has 0 aboard", fo.launch_craft, f, "WP 1", 1)
    refused("SAWS 1 carries 0 attack craft", fo.launch_craft, f, "SAWS 1", 1)


def test_s038_launched_attack_craft_join_the_fight_as_starfighters():
    """S038: "Attack craft ... are launched ... within the same manner as starships": each launched craft is a starfighter of the fortress's side."""
    e = fortress_phase.launch_craft(engagement(), "Bastion", "WP 1", 2).state
    assert [(s.name, s.type, s.side) for s in e.ships] == [("Bastion WP 1 SF 1", "SF", "Terran"), ("Bastion WP 1 SF 2", "SF", "Terran")]
    e = fortress_phase.launch_craft(e, "Bastion", "WP 1", 2).state
    assert e.ships[-1].name == "Bastion WP 1 SF 4"


def test_s039_12_attack_craft_may_assault_one_module():
    """S039: "No more than 12 attack craft may assault one particular module per turn." 12 is allowed."""
    f, lines = fo.assault(fortress(), "WP 1", 12)
    assert fo.assaulting(f, "WP 1") == 12 and "12 of the 12" in lines[0]


def test_s040_a_13th_attack_craft_on_one_module_is_refused():
    """S040: "No more than 12 attack craft may assault one particular module per turn." """
    message = refused("No more than 12 attack craft may assault one particular module per turn.", fo.assault, fortress(), "LSS 1", 13)
    assert "so 12 more" in message


def test_s041_the_limit_counts_the_whole_turn():
    """S041: "per turn": 8 then 5 on CM 1 in one turn: the 5th of the second group is refused; next turn 12 again."""
    f, _ = fo.assault(fortress(["LSS", "CM"]), "CM 1", 8)
    refused("8 have assaulted CM 1 this turn, so 4 more", fo.assault, f, "CM 1", 5)
    f, _ = fo.assault(f, "CM 1", 4)
    f, _ = fo.assault(fo.new_turn(f), "CM 1", 12)
    assert fo.assaulting(f, "CM 1") == 12


def test_s042_the_limit_is_per_module():
    """S042: "one particular module": 12 on WP 1, 12 on LSS 1 and 10 on CM 1 in one turn."""
    f = fortress(["LSS", "WP", "CM"])
    for module, count in (("WP 1", 12), ("LSS 1", 12), ("CM 1", 10)):
        f, _ = fo.assault(f, module, count)
    assert [fo.assaulting(f, m) for m in ("WP 1", "LSS 1", "CM 1")] == [12, 12, 10]


def test_s040_the_13th_attack_craft_is_refused_through_the_cli(tmp_path: Path):
    """S040 as the referee types it: sfw assault refuses the 13th with the sentence, exit 2, file unchanged."""
    path = tmp_path / "e.toml"
    for args in (["new", str(path), "--side", "Terran", "--side", "Aquarian"], ["fortress", "Bastion", "--side", "Terran", "--modules", "LSS,WP", "-e", str(path)]):
        assert runner.invoke(app, ["sfw", *args]).exit_code == 0
    assert runner.invoke(app, ["sfw", "assault", "Bastion", "WP 1", "12", "-e", str(path)]).exit_code == 0
    before = path.read_text()
    result = runner.invoke(app, ["sfw", "assault", "Bastion", "WP 1", "1", "-e", str(path)])
    assert result.exit_code == 2 and "No more than 12 attack craft may assault one particular module per turn." in result.stderr
    assert path.read_text() == before


# -- attacking a starfortress ------------------------------------------------------------------


def test_s043_aiming_at_a_type_adds_10_to_the_attackers_rolls():
    """S043: "You must add 10 to your firing die rolls to determine if any hits have been made on the
    modules that you wished to attack." The Firing Table is the players' at the table (not in our
    texts): the referee enters a hit or a miss; an aimed hit says the +10 was added."""
    _, lines = fo.hit(fortress(), [("LSS 1", 10)], "LSS")
    assert lines[0] == "aimed at the LSS modules: the attacker added 10 to his firing die rolls; the defender allocates the damage among them"


def test_s044_an_aimed_hit_is_allocated_among_the_aimed_type():
    """S044: "If hits are achieved, the defending player allocates damage among those type modules that the attacker specified." """
    f = damaged(fortress(), LSS_2=60)
    after, _ = fo.hit(f, [("LSS 1", 10)], "LSS")
    assert after.module("LSS 1").damage == 10
    refused("the attacker aimed at the LSS modules", fo.hit, f, [("WP 1", 10)], "LSS")


def test_s045_an_unaimed_hit_goes_to_any_module():
    """S045: "If you do not specify which type modules you are attacking, there is no firing penalty ... the defending player may allocate damage to any module that he wishes." """
    after, lines = fo.hit(fortress(), [("SAWS 1", 10)])
    assert after.module("SAWS 1").damage == 10 and "aimed" not in " ".join(lines)


def test_s046_damage_beyond_a_destroyed_module_goes_to_another():
    """S046: "Once a module is destroyed the defending player must immediately allocate any remaining damage to another module"."""
    refused("SAWS 1 can take only 20 more PU before it is destroyed, not 30", fo.hit, fortress(), [("SAWS 1", 30)])
    after, _ = fo.hit(fortress(), [("SAWS 1", 20), ("WP 1", 10)])
    assert after.module("SAWS 1").destroyed and after.module("WP 1").damage == 10


def test_s047_an_aimed_hit_beyond_the_last_module_of_its_type_goes_to_any_other():
    """S047 (reading, Ambiguity 6): the SAWS aimed at takes its 20; "allocate any remaining damage to another module": the other 20 to any module."""
    after, _ = fo.hit(fortress(), [("SAWS 1", 20), ("LSS 1", 20)], "SAWS")
    assert after.module("SAWS 1").destroyed and after.module("LSS 1").damage == 20


def test_s048_what_a_destroyed_module_loses():
    """S048: "Any weapons (OF, CIDS, or PWs) in the destroyed module may not be fired. Attack craft may not be launched." """
    f = fortress(adjacent=[("WP 2", "LSS 1")])
    f, _ = fo.launch_craft(f, "WP 2", 2)
    f, _ = fo.loan(f, "WP 2", "LSS 1", 4)
    f, _ = fo.hit(f, [("WP 2", 60)])
    assert (fo.max_offensive(f), fo.cids_rolls(f, "LSS 1")) == (8, 0)
    refused("WP 2 is destroyed: its particle weapons may not be fired", fo.launch, f, SFW, "WP 2", 1)
    refused("WP 2 is destroyed: its attack craft may not be launched", fo.launch_craft, f, "WP 2", 1)


def test_s049_no_cm_left_the_fortress_adds_10():
    """S049: "If a starfortress has no remaining CM, the player with the starfortress must add 10 to
    his die rolls". One of two CMs gone: no penalty; both gone: its launches say +10 (the die roll
    is the players' at the table)."""
    f = fortress(["LSS", "CM", "CM", "WP"])
    f, lines = fo.hit(f, [("CM 1", 50)])
    assert not fo.no_cm(f) and "adds 10" not in " ".join(lines)
    assert "adds 10" not in " ".join(fo.launch(f, SFW, "WP 1", 1)[1])
    f, lines = fo.hit(f, [("CM 2", 50)])
    assert "Bastion has no CM left: it adds 10 to its firing die rolls" in lines
    assert fo.launch(f, SFW, "WP 1", 1)[1][1] == "Bastion has no CM left: it adds 10 to its firing die rolls"


def test_s050_an_lss_hit_for_29_generates_71():
    """S050: "On turn 1 an LSS takes 29 power units damage. On turn 2 it may only generate 71 power units"."""
    f = damaged(fortress(["LSS", "WP"]), LSS_1=29)
    assert fo.power(f) == 71
    refused("more than the 71 PU", fo.allocate, f, 6, 6)
    assert fo.allocate(f, 6, 5).allocation.cost == 61


def test_s051_several_damaged_lss():
    """S051: LSS 1 at 29, LSS 2 destroyed, LSS 3 whole: 71 + 0 + 100 = 171 PU; OF 14 refused, OF 13 + DF 1 allowed."""
    f = damaged(fortress(), LSS_1=29, LSS_2=100)
    assert fo.power(f) == 171
    refused("more than the 171 PU", fo.allocate, f, 14, 0)
    assert fo.allocate(f, 13, 1).allocation.cost == 170


def test_s052_no_lss_left_knocked_out_and_one_more_hit_destroys_it():
    """S052: "If a starfortress has no LSS remaining ... it is considered to be knocked out of action and may be boarded and captured or destroyed by one additional hit." """
    f = damaged(fortress(["LSS", "WP", "WP"]), LSS_1=99)
    f, lines = fo.hit(f, [("LSS 1", 1)])
    assert fo.knocked_out(f) and "knocked out of action" in lines[-1]
    refused("no LSS left", fo.allocate, f, 1, 0)
    refused("knocked out of action and launches no particle weapons", fo.launch, f, SFW, "WP 1", 1)
    f, lines = fo.hit(f, [("WP 1", 10)])
    assert f.destroyed


# -- CapTacs held by the fortress's tractor beam (S095) ----------------------------------------


def two_fortresses() -> Engagement:
    e = engagement()
    return fortress_phase.build(e, SFW, "Citadel", "Aquarian", ["LSS", "LSS", "WP"], [], 0).state


def test_s095_a_fortress_holds_two_captacs_and_the_beam_takes_power():
    """S095: "CapTacs must be towed by a starship using a tractor beam or held in place around a
    starfortress with a tractor beam." (L189); "Two CapTacs may be towed with one tractor beam." The
    supplement gives the beam no PU figure: the referee enters it, and it comes off the LSS's power."""
    e = fortress_phase.allocate(engagement(), "Bastion", 14, 10).state  # 296 of 300
    refused("needs 10 PU and 4 of its 300 are left", fortress_phase.hold, e, "Bastion", 2, 10)
    refused("--beam-pu", fortress_phase.hold, e, "Bastion", 2, None)
    e = fortress_phase.hold(e, "Bastion", 2, 4).state
    assert (e.fortress("Bastion").captacs, fo.beam(e.fortress("Bastion"))) == (2, 4)
    refused("holds 2, so 0 more at most", fortress_phase.hold, e, "Bastion", 1, 4)
    e = turn.next_turn(e).state
    refused(r"more than the 296 PU available \(after the tractor beam's 4 PU", fortress_phase.allocate, e, "Bastion", 14, 11)
    e = fortress_phase.release(e, "Bastion", 2).state
    assert fo.beam(e.fortress("Bastion")) == 0 and e.drifting[-1].count == 2


def test_s095_a_held_captac_fires_within_18_inches_for_40_pu():
    """S095 with L191: "CapTacs have a range of 18"." "A hit by a CapTac inflicts 40 power units damage." and a Special Damage roll."""
    e = fortress_phase.hold(two_fortresses(), "Bastion", 2, 0).state
    refused("19 is out of range", fortress_phase.fire_captac, e, SFW, "Bastion", "Citadel", True, 19, [("LSS 1", 40)])
    e = fortress_phase.fire_captac(e, SFW, "Bastion", "Citadel", True, 18, [("LSS 1", 40)]).state
    citadel = e.fortress("Citadel")
    assert (citadel.module("LSS 1").damage, citadel.special_due, e.fortress("Bastion").captacs) == (40, 1, 1)


def test_s095_a_held_captac_shot_down_costs_the_fortress_25_pu():
    """S095 with L193: "Destruction of a CapTac in tow causes 25 power units damage to the towing ship (the Tractor Beam generators were blown out)." The defender allocates the 25 among modules."""
    e = fortress_phase.hold(engagement(), "Bastion", 1, 0).state
    refused("allocate exactly that", fortress_phase.shoot_down, e, SFW, "Bastion", [("LSS 1", 20)])
    e = fortress_phase.shoot_down(e, SFW, "Bastion", [("LSS 1", 25)]).state
    bastion = e.fortress("Bastion")
    assert (bastion.module("LSS 1").damage, bastion.captacs) == (25, 0)


def test_s095_the_fortress_commands_from_the_cli(tmp_path: Path):
    """S033, S038, S095 as the referee types them: launch, craft, CapTacs held by the fortress's beam
    (the ships' captac commands, given a fortress), one shot down, one let go; a mistake is one line, exit 2."""
    path = tmp_path / "e.toml"
    for args in (
        ["new", str(path), "--side", "Terran", "--side", "Aquarian"],
        ["fortress", "Bastion", "--side", "Terran", "--modules", "LSS,WP", "-e", str(path)],
        ["launch", "Bastion", "WP 1", "6", "-e", str(path)],
        ["craft", "Bastion", "WP 1", "4", "-e", str(path)],
        ["captac", "tow", "Bastion", "2", "--beam-pu", "5", "-e", str(path)],
        ["captac", "shoot-down", "--towed-by", "Bastion", "--module", "WP 1=25", "-e", str(path)],
        ["captac", "release", "Bastion", "1", "-e", str(path)],
    ):
        result = runner.invoke(app, ["sfw", *args])
        assert result.exit_code == 0, result.stderr
    result = runner.invoke(app, ["sfw", "launch", "Bastion", "WP 1", "1", "-e", str(path)])
    assert result.exit_code == 2 and "launches at most 6 particle weapons a turn" in result.stderr and "Traceback" not in result.stderr
    assert engagement_file.from_dict(tomllib.loads(path.read_text(encoding="utf-8"))).fortress("Bastion").captacs == 0
    result = runner.invoke(app, ["sfw", "captac", "fire", "Bastion", "Ghost", "--range", "10", "--hit", "--drift", "1", "-e", str(path)])
    assert result.exit_code == 2 and "leave out --drift and --activation" in result.stderr


# -- the engagement file -------------------------------------------------------------------------


def fortress_at_war() -> Engagement:
    e = engagement(adjacent=[("WP 1", "LSS 1")], mads=1)
    e = fortress_phase.place_mad(e, SFW, "Bastion MAD 1", "WP 1").state
    e = fortress_phase.launch(e, SFW, "Bastion", "WP 1", 3).state
    e = fortress_phase.launch_craft(e, "Bastion", "LSS 1", 1).state
    e = fortress_phase.assault(e, "Bastion", "WP 2", 7).state
    return fortress_phase.hold(e, "Bastion", 2, 6).state


def test_the_fortress_ledgers_save_and_read_back_and_old_files_load():
    """The new ledgers (particle weapons fired, attack craft out, assaults, the MAD's CIDS, CapTacs held) are kept; a file without them loads with none."""
    e = fortress_at_war()
    assert engagement_file.from_dict(tomllib.loads(engagement_file.text(e))) == e
    data = tomllib.loads(engagement_file.text(e))
    fortress = data["fortresses"][0]
    for key in ("supports", "assaults", "captacs", "beam_pu", "eliminated"):
        fortress.pop(key, None)
    for module in fortress["modules"]:
        for key in ("fired", "launched", "craft_out"):
            module.pop(key, None)
    old = engagement_file.from_dict(data).fortress("Bastion")
    assert (old.captacs, old.supports, old.assaults, old.module("WP 1").fired) == (0, (), (), 0)


@pytest.mark.parametrize(
    ("where", "key", "value", "message"),
    [
        ("fortress", "captacs", 3, "captacs"),
        ("fortress", "beam_pu", -1, "beam_pu"),
        ("fortress", "assaults", [{"module": "WP 2", "craft": 13}], "craft"),
        ("fortress", "assaults", [{"module": "WP 9", "craft": 2}], "'WP 9' is not a module"),
        ("fortress", "supports", [{"mad": "Bastion MAD 1", "on": "WP 1", "rolls": 11, "cids": 60}], "rolls"),
        ("fortress", "immobile", [3], "immobile must be a list of names"),
        ("module", "fired", -2, "fired"),
        ("module", "launched", 5, "launched \\(5\\) at most fired \\(3\\)"),
        ("module", "craft_out", 9, "craft_out"),
    ],
)
def test_a_hand_edited_fortress_ledger_is_refused_in_one_line(where: str, key: str, value: object, message: str):
    data = tomllib.loads(engagement_file.text(fortress_at_war()))
    target = data["fortresses"][0] if where == "fortress" else data["fortresses"][0]["modules"][3]  # WP 1
    target[key] = value
    with pytest.raises(RefereeError, match=message) as caught:
        engagement_file.from_dict(data)
    assert "\n" not in str(caught.value)


def test_the_fortress_report_shows_what_it_fired_launched_and_holds():
    """The referee sees the new ledgers in sfw ships."""
    line = report.fortress_line(fortress_at_war(), fortress_at_war().fortress("Bastion"), False)
    for said in (
        "particle weapons fired: WP 1 3 (3 this turn)",
        "attack craft launched: LSS 1 1 of 2",
        "attack craft assaulting this turn: WP 2 7",
        "MAD CIDS: Bastion MAD 1 on WP 1",
        "CapTacs held 2 (tractor beam 6 PU a turn)",
    ):
        assert said in line


def test_s038_special_damage_stops_the_fortress_launching():
    """S038 with the Special Damage Table: "87 Particle weapon launchers destroyed. No particle
    weapons may be launched for the duration of the game." "90-91 Lose launch and recovery ability
    of attack craft for four turns." Rolled in turn 1, in force from turn 2."""
    e = fortress_phase.hit(engagement(), SFW, "Bastion", [("LSS 1", 70)]).state
    e = fortress_phase.special_damage(e, SFW, "Bastion", None, 90).state
    e = turn.next_turn(e).state
    refused("special damage 90-91", fortress_phase.launch_craft, e, "Bastion", "WP 1", 1)
    e = fortress_phase.special_damage(e, SFW, "Bastion", None, 87).state
    e = turn.next_turn(e).state
    refused("special damage 87", fortress_phase.launch, e, SFW, "Bastion", "WP 1", 1)
    for _ in range(4):
        e = fortress_phase.special_damage(e, SFW, "Bastion", None, 0).state
        e = turn.next_turn(e).state
    assert e.turn == 7 and len(fortress_phase.launch_craft(e, "Bastion", "WP 1", 1).state.ships) == 1


def test_s037_the_reload_owed_is_kept_in_the_file_older_files_load_a_bad_value_is_refused():
    """S037's ledger in the engagement file: a module owed a reload, the turn's reload power and the
    CapTacs fired this turn are saved; a file without them loads (nothing owed); a hand-edited bad value is refused."""
    from referee.starfleet_wars import engagement_file

    e = fortress_phase.launch(engagement(["LSS", "WP"]), SFW, "Bastion", "WP 1", 6).state
    e = fortress_phase.allocate(turn.next_turn(e).state, "Bastion", 1, 1, 10).state
    data = engagement_file.to_dict(e)
    back = engagement_file.from_dict(data).fortress("Bastion")
    assert (back.reload, back.module("WP 1").needs_reload) == (10, True)
    table = data["fortresses"][0]
    table.pop("reload")
    table["modules"][1].pop("needs_reload")
    assert not engagement_file.from_dict(data).fortress("Bastion").module("WP 1").needs_reload
    table["modules"][1]["needs_reload"] = "yes"
    refused("needs_reload", engagement_file.from_dict, data)
