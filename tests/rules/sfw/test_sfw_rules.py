"""The Starfleet Wars supplement's rules for ships, with its worked examples as tests."""

import random

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.starfleet_wars import combat, turn
from referee.starfleet_wars import damage_control as dc
from referee.starfleet_wars import special_damage as sd
from referee.starfleet_wars.engagement import Engagement
from referee.starfleet_wars.power import Allocation, cost, most_factors, why_not
from referee.starfleet_wars.ships import factors

SFW = tables.load(prefix="sfw")
RNG = random.Random(1)


def engagement(*ships: tuple[str, str, str, dict]) -> Engagement:
    battle = Engagement("test", ("Terran", "Aquarian"))
    for name, side, ship_class, values in ships:
        battle = turn.add(battle, SFW, name, side, ship_class, values).state
    return battle


def next_turn(battle: Engagement) -> Engagement:
    """The next turn, each special damage roll owed made first (00: no additional damage)."""
    for name in [s.name for s in battle.ships if turn.owes_special(s)]:
        battle = turn.special_damage(battle, SFW, name, RNG, 0).state
    return turn.next_turn(battle).state


def test_the_power_rule_every_factor_costs_its_square():
    assert [cost(n) for n in (0, 1, 3, 12, 18)] == [0, 1, 9, 144, 324]
    assert most_factors(300) == 17 and most_factors(104) == 10 and most_factors(30) == 5


def test_victory_allocates_477_of_480_and_fights_with_25_and_19():
    battle = engagement(("VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}))
    done = turn.allocate(battle, "VICTORY", Allocation(3, 18, 12))
    ship = done.state.ship("VICTORY")
    assert ship.allocation is not None and ship.allocation.cost == 477
    now = factors(ship, 1)
    assert (now.speed, now.offensive, now.defensive) == (3, 25, 19)
    assert "477 PU of 480 (3 left)" in done.entries[0].text


def test_a_super_dreadnought_travels_at_speed_5_at_most():
    battle = engagement(("VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}))
    with pytest.raises(RefereeError, match="speed 6 is above the most allowed, 5"):
        turn.allocate(battle, "VICTORY", Allocation(6, 0, 0))


def test_no_more_than_the_power_units_left_nor_the_maximum_factors():
    battle = engagement(("VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}))
    with pytest.raises(RefereeError, match="more than the 480 PU available"):
        turn.allocate(battle, "VICTORY", Allocation(5, 21, 7))  # 25 + 441 + 49 = 515
    with pytest.raises(RefereeError, match="above the maximum offensive factor, 21"):
        turn.allocate(battle, "VICTORY", Allocation(0, 22, 0))


def test_the_additional_factors_stop_at_75_percent_lost():
    battle = engagement(("VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}))
    battle = combat.hit(battle, SFW, "VICTORY", "offensive", pu=359).state  # 359 of 480: 74.8%
    assert factors(turn.allocate(next_turn(battle), "VICTORY", Allocation(0, 10, 2)).state.ship("VICTORY"), 2).offensive == 17
    done = combat.hit(battle, SFW, "VICTORY", "offensive", pu=1)  # 360 = 75%
    assert "no more additional factors" in done.entries[0].text
    assert factors(turn.allocate(next_turn(done.state), "VICTORY", Allocation(0, 10, 2)).state.ship("VICTORY"), 2).offensive == 10


def test_the_mad_spends_30_power_units_29_allowed_34_refused():
    assert why_not(Allocation(0, 2, 5), 30, 3, 5) == ""
    assert "34 PU is more than the 30 PU available" in why_not(Allocation(0, 3, 5), 30, 3, 5)


def test_the_pirahna_on_turn_2_spends_9_of_her_10():
    battle = engagement(("PIRAHNA", "Aquarian", "PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}))
    battle = next_turn(combat.hit(battle, SFW, "PIRAHNA", "particle", 2).state)
    assert battle.ship("PIRAHNA").available == 10
    done = turn.allocate(battle, "PIRAHNA", Allocation(2, 2, 1))
    assert "= 9 PU of 10 (1 left)" in done.entries[0].text
    with pytest.raises(RefereeError, match="more than the 10 PU available"):
        turn.allocate(battle, "PIRAHNA", Allocation(2, 2, 2))
    disabled = combat.hit(battle, SFW, "PIRAHNA", "particle", 1).state.ship("PIRAHNA")
    assert disabled.lost == 30 and disabled.destroyed.startswith("disabled")


def test_the_starbomber_example_of_play_turn_by_turn():
    battle = engagement(
        ("Sting 1", "Aquarian", "STING", {}),
        ("Sting 2", "Aquarian", "STING", {}),
        ("PIRAHNA", "Terran", "PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}),
        *[(f"Wahoo {n}", "Terran", "SF", {}) for n in range(1, 9)],
    )
    # turn 1: the Stings fire two light lasers at each of four starfighters; three fall
    battle = combat.lasers(battle, "Sting 1", ["Wahoo 1", "Wahoo 1", "Wahoo 2", "Wahoo 2"]).state
    battle = combat.lasers(battle, "Sting 2", ["Wahoo 3", "Wahoo 3", "Wahoo 4", "Wahoo 4"]).state
    for name in ("Wahoo 1", "Wahoo 2", "Wahoo 3"):
        battle = combat.hit(battle, SFW, name, "light-laser").state
    assert sum(1 for s in battle.ships if s.type == "SF" and not s.destroyed) == 5
    # each fires 4 particle weapons at the Pirahna: 2 hits, 20 PU
    battle = combat.launch(battle, "Sting 1", 4).state
    battle = combat.launch(battle, "Sting 2", 4).state
    battle = combat.hit(battle, SFW, "PIRAHNA", "particle", 2).state
    assert battle.ship("PIRAHNA").lost == 20
    # the Pirahna's particle weapon hit destroys one Sting; her CIDS hit the other twice
    battle = combat.hit(battle, SFW, "Sting 1", "particle").state
    battle = combat.hit(battle, SFW, "Sting 2", "cids", 2).state
    assert battle.ship("Sting 1").destroyed and not battle.ship("Sting 2").destroyed
    # 20 of her 30 PU lost: with the Special Damage rule in play she rolls (the example plays without it)
    battle = turn.special_damage(battle, SFW, "PIRAHNA", RNG, 50).state
    battle = turn.next_turn(battle).state
    # turn 2: 4 more particle weapons leave two reloads; one hit: 30 PU, the Pirahna disabled
    battle = turn.allocate(battle, "PIRAHNA", Allocation(2, 2, 1)).state
    battle = combat.launch(battle, "Sting 2", 4).state
    assert battle.ship("Sting 2").reloads == 2
    battle = combat.hit(battle, SFW, "PIRAHNA", "particle").state
    assert battle.ship("PIRAHNA").lost == 30 and battle.ship("PIRAHNA").destroyed
    battle = combat.lasers(battle, "Sting 2", ["Wahoo 4", "Wahoo 5", "Wahoo 6", "Wahoo 7"]).state
    battle = combat.hit(battle, SFW, "Wahoo 4", "light-laser").state
    battle = combat.hit(battle, SFW, "Wahoo 5", "light-laser").state
    # the starfighters' two more hits make four: the Sting is destroyed
    done = combat.hit(battle, SFW, "Sting 2", "light-laser", 2)
    assert done.state.ship("Sting 2").destroyed and "4 of the 4" in done.entries[0].text
    assert sum(1 for s in done.state.ships if s.type == "SF" and s.destroyed) == 5  # "The Aquarians have lost 5 Starfighters"


def test_a_starbomber_has_four_light_lasers_a_turn_and_none_at_destroyers():
    battle = engagement(("Sting", "Aquarian", "STING", {}), ("PIRAHNA", "Terran", "PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}), ("Comet", "Terran", "SF", {}))
    with pytest.raises(RefereeError, match="destroyer size or larger"):
        combat.lasers(battle, "Sting", ["PIRAHNA"])
    with pytest.raises(RefereeError, match="destroyer size or larger"):
        combat.hit(battle, SFW, "PIRAHNA", "light-laser")
    with pytest.raises(RefereeError, match="once a turn; 0 fired, so 4 more"):
        combat.lasers(battle, "Sting", ["Comet"] * 5)
    with pytest.raises(RefereeError, match="at most 4 particle weapons a turn"):
        combat.launch(battle, "Sting", 5)


def test_invincible_rolls_at_50_of_240_and_86_costs_two_offensive_factors():
    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    battle = attrs_turn(battle, 3)
    battle = combat.hit(battle, SFW, "INVINCIBLE", "offensive", pu=50).state
    assert turn.owes_special(battle.ship("INVINCIBLE")).endswith("(20.8%), more than 20%")
    with pytest.raises(RefereeError, match="roll special damage first"):
        turn.next_turn(battle)
    done = turn.special_damage(battle, SFW, "INVINCIBLE", RNG, 86)
    assert done.entries[0].secret == "Terran" and "Reduce calculated Offensive Factors by two" in done.entries[0].text
    battle = turn.next_turn(done.state).state
    assert battle.turn == 4
    ship = turn.allocate(battle, "INVINCIBLE", Allocation(0, 11, 0)).state.ship("INVINCIBLE")
    assert ship.allocation is not None and ship.allocation.cost == 121
    assert factors(ship, 4).offensive == 9


def attrs_turn(battle: Engagement, number: int) -> Engagement:

    return battle._replace(turn=number)


def test_damage_control_teams_lost_at_90_and_120_and_never_regained():
    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    assert dc.teams_left(SFW, battle.ship("INVINCIBLE")) == 3
    done = combat.hit(battle, SFW, "INVINCIBLE", "offensive", pu=90)
    assert dc.teams_left(SFW, done.state.ship("INVINCIBLE")) == 2 and "1 damage control team lost" in done.entries[0].text
    battle = combat.hit(done.state, SFW, "INVINCIBLE", "offensive", pu=30).state
    assert dc.teams_left(SFW, battle.ship("INVINCIBLE")) == 1

    repaired = battle.ship("INVINCIBLE")._replace(lost=56)
    assert dc.teams_left(SFW, repaired) == 1


def test_repairing_to_44_of_240_ends_the_special_damage_rolls():
    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    battle = combat.hit(battle, SFW, "INVINCIBLE", "offensive", pu=50).state
    battle = turn.special_damage(battle, SFW, "INVINCIBLE", RNG, 10).state
    battle = turn.damage_control(battle, SFW, "INVINCIBLE", "power_units", RNG, 99).state  # six
    ship = battle.ship("INVINCIBLE")
    assert ship.lost == 44 and sd.percent(44, 240) == "18.3%"
    assert "no longer more than 20% damaged" in battle.log[-1].text
    battle = turn.next_turn(battle).state
    assert turn.owes_special(battle.ship("INVINCIBLE")) == ""
    with pytest.raises(RefereeError, match="each team tries once a turn"):
        b = battle
        for _ in range(4):
            b = turn.damage_control(b, SFW, "INVINCIBLE", "power_units", RNG, 10).state


def test_repairs_are_capped_by_table_1():
    battle = engagement(("Ranger", "Terran", "RANGER", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 8}))
    ship = battle.ship("Ranger")
    assert ship.type == "SC" and dc.row_for(SFW, "SC").most_repaired == 5
    battle = combat.hit(battle, SFW, "Ranger", "offensive", pu=10).state
    battle = turn.damage_control(battle, SFW, "Ranger", "power_units", RNG, 99).state  # six: only five
    assert battle.ship("Ranger").repaired == 5 and battle.ship("Ranger").lost == 5
    assert "at most 5 PU a battle" in battle.log[-1].text


def test_a_declaration_that_cannot_help_is_warned_about():
    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    battle = combat.hit(battle, SFW, "INVINCIBLE", "offensive", pu=10).state
    done = turn.damage_control(battle, SFW, "INVINCIBLE", "offensive", RNG, 99)
    assert "warned: INVINCIBLE has no offensive factors lost to special damage" in done.entries[0].text
    assert done.state.ship("INVINCIBLE").offensive_lost  # the laser dynamo exploded all the same


def test_a_factor_repaired_restores_what_special_damage_took():
    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    battle = combat.hit(battle, SFW, "INVINCIBLE", "offensive", pu=50).state
    battle = turn.special_damage(battle, SFW, "INVINCIBLE", RNG, 86).state
    battle = turn.damage_control(battle, SFW, "INVINCIBLE", "offensive", RNG, 90).state  # one factor
    assert sd.reduction(battle.ship("INVINCIBLE").effects, "offensive", 2) == 1
    battle = turn.damage_control(battle, SFW, "INVINCIBLE", "offensive", RNG, 96).state  # two: only one left to restore
    assert battle.ship("INVINCIBLE").effects == ()


def test_timed_effects_run_out_and_turn_reduction_shortens_them():
    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    battle = combat.hit(battle, SFW, "INVINCIBLE", "offensive", pu=50).state
    battle = turn.special_damage(battle, SFW, "INVINCIBLE", RNG, 95).state  # shields buckle, four turns
    ship = turn.allocate(turn.next_turn(battle).state, "INVINCIBLE", Allocation(0, 0, 10)).state.ship("INVINCIBLE")
    assert factors(ship, 2).defensive == 8
    battle = turn.damage_control(battle, SFW, "INVINCIBLE", "turn_reduction", RNG, 98).state  # two turns off
    assert battle.ship("INVINCIBLE").effects[0].turns_left(1) == 2
    for _ in range(2):
        battle = turn.special_damage(turn.next_turn(battle).state, SFW, "INVINCIBLE", RNG, 0).state
    assert battle.turn == 3 and battle.ship("INVINCIBLE").effects
    battle = turn.next_turn(battle).state
    assert battle.ship("INVINCIBLE").effects == () and "special damage ends: shields" in battle.log[-2].text


def test_99_blows_the_ship_up_and_a_captac_hit_always_rolls():
    battle = engagement(
        ("VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}), ("LEVIATHAN", "Aquarian", "LEVIATHAN", {"type": "GD", "max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10})
    )
    battle = combat.tow(battle, "LEVIATHAN", 2).state
    with pytest.raises(RefereeError, match="speed 3 is above the most allowed, 2"):
        turn.allocate(battle, "LEVIATHAN", Allocation(3, 0, 0), tractor=4)
    shot = combat.shoot_down(battle, SFW, towed_by="LEVIATHAN")  # CIDS fire on CapTacs before they are launched
    assert shot.state.ship("LEVIATHAN").lost == 25 and shot.state.ship("LEVIATHAN").captacs == 1
    with pytest.raises(RefereeError, match="range is 18 inches"):
        combat.fire_captac(battle, SFW, "LEVIATHAN", "VICTORY", True, 19)
    done = combat.fire_captac(battle, SFW, "LEVIATHAN", "VICTORY", True, 15)
    victory = done.state.ship("VICTORY")
    assert victory.lost == 40 and victory.special_due == 1 and done.state.ship("LEVIATHAN").captacs == 1
    assert turn.owes_special(victory) == "1 for CapTac hits"  # 40 of 480: 8%, and still a roll
    blown = turn.special_damage(done.state, SFW, "VICTORY", RNG, 99).state.ship("VICTORY")
    assert blown.destroyed.startswith("blew up")
    with pytest.raises(RefereeError, match="fire on its CapTacs before they are launched"):
        combat.shoot_down(done.state, SFW, towed_by="LEVIATHAN")


def test_the_data_tables_unknown_cells_are_asked_for_and_kept():
    with pytest.raises(RefereeError, match="leaves INVINCIBLE's max_off, max_def, launchers, reloads unknown"):
        engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {}))
    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    battle = turn.add(battle, SFW, "INVINCIBLE II", "Terran", "INVINCIBLE").state  # not asked again
    assert battle.ship("INVINCIBLE II").max_off == 14 and len(battle.entered) == 4
    assert battle.ship("INVINCIBLE").unknown == ("attack_craft",)


def test_a_name_begun_is_taken_only_when_it_names_one_ship():
    battle = engagement(("Wahoo 1", "Terran", "SF", {}), ("Wahoo 2", "Terran", "SF", {}), ("PIRAHNA", "Aquarian", "PIRAHNA", {"max_off": 4, "max_def": 4, "launchers": 2, "reloads": 6}))
    assert battle.ship("pir").name == "PIRAHNA"
    with pytest.raises(RefereeError, match="could be Wahoo 1, Wahoo 2: give the whole name"):
        battle.ship("Wahoo")


def test_the_rules_figures_are_the_tables():
    from referee.starfleet_wars import ships

    assert combat.CAPTAC_RANGE == combat.captac_figure(SFW, "range_inches") == 18
    assert combat.CAPTAC_ACTIVATION == combat.captac_figure(SFW, "activation_range_inches") == 30
    assert ships.TOW_SPEED == combat.captac_figure(SFW, "max_tow_speed") and ships.PER_TRACTOR_BEAM == combat.captac_figure(SFW, "per_tractor_beam")
    assert combat.firing_figure(SFW, "particle weapon hit") == 10 and combat.firing_figure(SFW, "light laser") == 29


def test_what_special_damage_takes_from_an_allocation_is_the_sides_secret():
    from referee.starfleet_wars.engagement import sealed

    battle = engagement(("INVINCIBLE", "Terran", "INVINCIBLE", {"max_off": 14, "max_def": 14, "launchers": 2, "reloads": 10}))
    battle = combat.hit(battle, SFW, "INVINCIBLE", "offensive", pu=50).state
    battle = turn.next_turn(turn.special_damage(battle, SFW, "INVINCIBLE", RNG, 86).state).state
    done = turn.allocate(battle, "INVINCIBLE", Allocation(0, 11, 0))
    public, secret = done.entries
    assert "OF 11" in public.text and not public.secret and "special" not in public.text
    assert secret.secret == "Terran" and "fights with speed 0, OF 9, DF 0" in secret.text
    assert "OF 9" not in sealed(secret).text


def test_a_repair_of_nothing_lost_does_not_blame_the_cap():
    battle = engagement(("VICTORY", "Terran", "VICTORY", {"launchers": 2, "reloads": 30}))
    text = turn.damage_control(battle, SFW, "VICTORY", "power_units", RNG, 99).entries[0].text
    assert "0 PU repaired; 0 of 480 lost" in text and "at most 40" not in text
