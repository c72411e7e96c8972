"""Stellar Inferno ship-to-ship combat (7.1-7.3, 8.2.1, 12.12): range, defense, odds, both tables,
technology advantage, the once-a-turn hex, step losses. Every figure is worked by hand from the book."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno.optional import NONE
from referee.stellar_inferno.space_combat import Attacker, ShipCombat, assign_steps, combining, modified_attack
from tests.helpers.si_counters import ALL, SI, f, ship

RNG = random.Random(3)


# ---------------------------------------------------------------- range (7.2)


@pytest.mark.parametrize(
    ("hexes", "multiples", "factor"),
    [(0, 0, 8), (1, 0, 8), (2, 0, 8), (3, 1, 4), (5, 1, 4), (6, 2, 2), (8, 2, 2), (9, 3, 1), (12, 4, 0)],
)
def test_attack_8_range_factor_3_halves_once_a_whole_multiple(hexes, multiples, factor):
    assert modified_attack(8, 3, hexes) == (hexes, multiples, factor)


def test_halving_drops_fractions_each_time():
    assert modified_attack(7, 2, 2) == (2, 1, 3)  # 7 / 2 = 3.5 -> 3
    assert modified_attack(7, 2, 4) == (4, 2, 1)  # 7 -> 3 -> 1
    assert modified_attack(5, 1, 3) == (3, 3, 0)  # 5 -> 2 -> 1 -> 0


def test_range_factor_zero_attacks_only_in_its_own_hex():
    assert modified_attack(6, 0, 0) == (0, 0, 6)
    assert modified_attack(6, 0, 1) == (1, 0, 0)


def test_effective_range_doubled_doubles_the_hexes_and_zero_stays_zero():
    assert modified_attack(8, 3, 2, doublings=1) == (4, 1, 4)  # 2 hexes read as 4: one multiple of 3
    assert modified_attack(8, 3, 2, doublings=2) == (8, 2, 2)  # atmosphere and asteroids: 8 hexes
    assert modified_attack(8, 3, 0, doublings=1) == (0, 0, 8)


# ---------------------------------------------------------------- defense (7.3.1-7.3.4)


@pytest.mark.parametrize(
    ("stack", "distance", "below", "combine"),
    [
        (5, 0, 0, 3),
        (2, 0, 0, 2),
        (1, 0, 0, 1),  # the core: at most three (7.3.2)
        (4, 1, 1, 3),
        (3, 1, 1, 2),
        (2, 1, 1, 1),
        (1, 1, 1, 1),  # one hex out: one ship below
        (4, 2, 1, 3),
        (3, 2, 1, 2),
        (4, 3, 2, 2),
        (5, 3, 2, 3),
        (3, 3, 2, 1),  # 7.3.3's example: four ships three hexes out, two combine
        (4, 6, 3, 1),
        (6, 6, 3, 3),
        (1, 9, 5, 1),  # the lowest always defends (7.3.4)
    ],
)
def test_ships_needed_below_the_stack_are_the_distance_halved_rounded_up(stack, distance, below, combine):
    assert combining(stack, distance) == (below, combine)


def test_the_books_example_four_ships_three_hexes_from_the_core_combine_the_two_lowest():
    stack = [ship(n, f(4, d, 2, 3), side="Khaldarii", hex="H6", distance=3) for n, d in (("A", 6), ("B", 2), ("C", 4), ("D", 3))]
    defense = sc.combined_defense([(s.name, sc.sh.defense_rating(s)) for s in stack], 3)
    assert defense.combining == ("B", "D") and defense.total == 5 and defense.below == 2
    assert "2 must be below the stack, 2 combine" in defense.shown()


def test_in_the_core_three_lowest_combine():
    stack = [ship(n, f(4, d, 2, 3), side="Khaldarii") for n, d in (("A", 6), ("B", 2), ("C", 4), ("D", 3))]
    defense = sc.combined_defense([(s.name, sc.sh.defense_rating(s)) for s in stack], 0)
    assert defense.combining == ("B", "D", "C") and defense.total == 9


# ---------------------------------------------------------------- odds, tables, die


def one_attack(attack, defense, rolled, attackers_hexes=("K8",), technology=0, rules=NONE, target_distance=0):
    """``attack`` split over ships in the hexes given, range 0 or 1, against one ship of ``defense``."""
    target = ship("Target", f(1, defense, 1, 1), side="Khaldarii", hex="K8", distance=target_distance)
    share = [attack // len(attackers_hexes)] * len(attackers_hexes)
    share[0] += attack - sum(share)
    attackers = [Attacker(ship(f"S{i}", f(a, 4, 2, 5), hex=h), 0 if h == "K8" else 1) for i, (a, h) in enumerate(zip(share, attackers_hexes))]
    return sc.attack(SI, ShipCombat("Terran"), attackers, [target], RNG, rolled, technology=technology, rules=rules)


@pytest.mark.parametrize(
    ("attack", "defense", "row", "how"),
    [
        (7, 4, "3:2", "7:4 reads row 3:2"),  # between rows: the rules README's example
        (6, 6, "1:1", "6:6 reads row 1:1"),  # at a row
        (5, 2, "2:1", "5:2 reads row 2:1"),
        (2, 5, "1:3", "2:5 reads row 1:3"),
        (1, 4, "1:3", "1:4 is below 1:3: read as 1:3"),  # below the first clamp
        (9, 1, "9:1", "9:1 reads row 9:1"),
        (20, 2, "9:1", "20:2 is above 9:1: read as 9:1"),  # above the last clamp
    ],
)
def test_odds_rows_at_between_and_beyond_the_clamps(attack, defense, row, how):
    result = one_attack(attack, defense, 4)
    assert (result.attack, result.defense.total, result.reading.odds) == (attack, defense, row)
    assert how in result.reading.how


def test_closed_order_when_the_attackers_share_a_hex_reads_table_4():
    result = one_attack(7, 4, 4)
    assert result.reading.table == "si.closed-order" and result.order.startswith("closed order")
    assert result.steps == 0  # Table 4, 3:2, die 4: 0


def test_open_order_when_the_attackers_are_in_two_hexes_reads_table_3():
    result = one_attack(7, 4, 4, attackers_hexes=("K8", "J8"))
    assert result.reading.table == "si.open-order" and result.order.startswith("open order")
    assert result.steps == 1  # Table 3, 3:2, die 4: 1


@pytest.mark.parametrize(
    ("table", "odds", "die", "steps"),
    [
        ("si.closed-order", "9:1", 1, 7),
        ("si.open-order", "9:1", 1, 5),
        ("si.closed-order", "1:1", 1, 1),
        ("si.open-order", "5:1", 6, 1),
    ],
)
def test_cells_read_from_both_tables(table, odds, die, steps):
    a, d = (int(n) for n in odds.split(":"))
    hexes = ("K8",) if table == "si.closed-order" else ("K8", "J8")
    assert one_attack(a * 2, d * 2, die, attackers_hexes=hexes).steps == steps


def test_technology_advantage_moves_the_die_against_the_less_advanced():
    plain = one_attack(7, 4, 5, attackers_hexes=("K8", "J8"))
    assert plain.steps == 0  # Table 3, 3:2, die 5
    ahead = one_attack(7, 4, 5, attackers_hexes=("K8", "J8"), technology=2, rules=ALL)
    assert ahead.reading.die == 3 and ahead.steps == 1  # 5 - 2 = 3 (12.12.2)
    assert "modifier -2 technology advantage 2: the more advanced side attacks (Stellar Inferno 12.12.2)" in ahead.lines()
    assert "the more advanced side attacks" in ahead.reading.modifiers[0].why and ahead.reading.modifiers[0].rule == "Stellar Inferno 12.12.2"
    behind = one_attack(7, 4, 3, attackers_hexes=("K8", "J8"), technology=-2, rules=ALL)
    assert behind.reading.die == 5 and behind.steps == 0  # 3 + 2 = 5 (12.12.3)
    assert behind.reading.modifiers[0].rule == "Stellar Inferno 12.12.3"
    low = one_attack(7, 4, 1, attackers_hexes=("K8", "J8"), technology=3, rules=ALL)
    assert low.reading.die == -2 and low.reading.column == "0 or less" and low.steps == 2
    assert "die 1 -3 = -2, column '0 or less': 2" in low.reading.citation()


def test_technology_advantage_is_refused_when_the_optional_rule_is_not_played():
    with pytest.raises(RefereeError, match="12.12 Technology Advantage, not in play"):
        one_attack(7, 4, 5, technology=1)


def test_an_attack_of_0_is_refused_before_any_die():
    attacker = ship("Weak", f(1, 4, 2, 1), hex="J8")  # range 1, range factor 1: 1 halved = 0
    target = ship("Target", f(1, 3, 1, 1), side="Khaldarii")
    with pytest.raises(RefereeError, match=r"no attack: no ship has a modified attack factor above 0 .*7.2.2-7.2.4"):
        sc.attack(SI, ShipCombat("Terran"), [Attacker(attacker, 1)], [target], RNG, rolled=9)  # 9 is no d6: not reached


def test_a_range_factor_0_ship_takes_no_part_beyond_its_hex_and_the_others_fight_on():
    beam = ship("Beam", f(6, 4, 2, 0), hex="J8")
    gun = ship("Gun", f(6, 4, 2, 3), hex="J7")
    target = ship("Target", f(1, 3, 1, 1), side="Khaldarii")
    result = sc.attack(SI, ShipCombat("Terran"), [Attacker(beam, 1), Attacker(gun, 2)], [target], RNG, rolled=3)
    assert [a.factor for a in result.attackers] == [0, 6]
    assert "range factor 0 attacks only in its own hex" in result.attackers[0].shown()
    assert result.attack == 6 and result.order.startswith("closed order")  # only Gun attacks: one hex
    assert result.phase.fired == ("Gun",)


def test_range_0_is_the_targets_own_hex_only():
    target = ship("Target", f(1, 3, 1, 1), side="Khaldarii", hex="K8")
    with pytest.raises(RefereeError, match="range 0 is the target's own hex"):
        sc.attack(SI, ShipCombat("Terran"), [Attacker(ship("A", f(5, 4, 2, 3), hex="J8"), 0)], [target], RNG, rolled=3)
    with pytest.raises(RefereeError, match="range 0 is the target's own hex"):
        sc.attack(SI, ShipCombat("Terran"), [Attacker(ship("A", f(5, 4, 2, 3), hex="K8"), 2)], [target], RNG, rolled=3)


def test_a_die_entered_beyond_a_d6_is_refused():
    with pytest.raises(RefereeError, match="enter a result from 1 to 6"):
        one_attack(7, 4, 7)


# ---------------------------------------------------------------- atmosphere (8.2)


def test_an_attack_into_the_atmosphere_doubles_the_range_and_the_target_adds_its_gear():
    target = ship("Lander", f(2, 3, 2, 2, gear=2), side="Khaldarii", hex="J9", atmosphere=True)
    attacker = ship("Cruiser", f(8, 5, 2, 3), hex="J8")
    result = sc.attack(SI, ShipCombat("Terran"), [Attacker(attacker, 2)], [target], RNG, rolled=2)
    assert result.defense.total == 5  # defense 3 + planetary gear 2 (8.2.2)
    assert result.attackers[0].effective_range == 4 and result.attackers[0].factor == 4  # 2 hexes read as 4: halved once
    assert "into a planetary atmosphere (Stellar Inferno 8.2.1)" in result.attackers[0].shown()


def test_an_attack_from_the_atmosphere_doubles_the_range_and_range_0_stays_full():
    below = ship("Below", f(8, 5, 2, 3, gear=1), hex="J9", atmosphere=True)
    result = sc.attack(SI, ShipCombat("Terran"), [Attacker(below, 2)], [ship("T", f(1, 4, 1, 1), side="K", hex="J7")], RNG, rolled=2)
    assert result.attackers[0].factor == 4 and "from a planetary atmosphere" in result.attackers[0].shown()
    orbit = ship("Orbit", f(1, 4, 1, 1), side="K", hex="J9")
    same_hex = sc.attack(SI, ShipCombat("Terran"), [Attacker(below, 0)], [orbit], RNG, rolled=2)
    assert same_hex.attackers[0].factor == 8


def test_a_planet_hex_is_one_stack_the_attack_goes_into_the_atmosphere_when_a_ship_there_defends():
    attacker = ship("Cruiser", f(8, 5, 2, 3), hex="J8")
    orbiter = ship("Orbiter", f(1, 2, 1, 1), side="K", hex="J9")
    lander = ship("Lander", f(1, 1, 1, 1, gear=2), side="K", hex="J9", atmosphere=True)  # defends at 3
    both = sc.attack(SI, ShipCombat("Terran"), [Attacker(attacker, 2)], [orbiter, lander], RNG, rolled=2)
    assert both.defense.combining == ("Orbiter", "Lander") and both.attackers[0].factor == 4  # into the atmosphere: doubled
    orbiters = [ship(f"O{i}", f(1, 1, 1, 1), side="K", hex="J9") for i in range(3)]
    above = sc.attack(SI, ShipCombat("Terran"), [Attacker(attacker, 2)], [*orbiters, lander], RNG, rolled=2)
    assert above.defense.total == 3 and above.attackers[0].factor == 8  # the three lowest are in orbit


def test_a_ringed_planets_hex_doubles_the_range_unless_the_defenders_are_within_its_atmosphere():
    attacker = ship("Cruiser", f(8, 5, 2, 3), hex="J8")
    orbiter = ship("Orbiter", f(1, 2, 1, 1), side="K", hex="J9")
    ringed = sc.attack(SI, ShipCombat("Terran"), [Attacker(attacker, 2)], [orbiter], RNG, rolled=2, rings=True, rules=ALL)
    assert ringed.attackers[0].doubled_by == ("into a ringed planet's hex (Stellar Inferno 12.1.5)",)
    lander = ship("Lander", f(1, 1, 1, 1, gear=2), side="K", hex="J9", atmosphere=True)
    inside = sc.attack(SI, ShipCombat("Terran"), [Attacker(attacker, 2)], [lander], RNG, rolled=2, rings=True, rules=ALL)
    assert inside.attackers[0].doubled_by == ("into a planetary atmosphere (Stellar Inferno 8.2.1)",)


# ---------------------------------------------------------------- once a turn (7.1.2-7.1.3)


def test_a_hex_is_attacked_once_a_turn_by_each_phasing_player_and_a_ship_attacks_once():
    target = ship("Target", f(2, 3, 1, 1), side="Khaldarii")
    a, b = ship("A", f(6, 4, 2, 3)), ship("B", f(6, 4, 2, 3), hex="J8")
    first = sc.attack(SI, ShipCombat("Terran"), [Attacker(a, 0)], [target], RNG, rolled=3)
    assert first.phase.hexes == ("K8",)
    with pytest.raises(RefereeError, match=r"K8 has been attacked by Terran this turn already: .*7.1.2"):
        sc.attack(SI, first.phase, [Attacker(b, 1)], [target], RNG, rolled=3)
    other_target = ship("Other", f(2, 3, 1, 1), side="Khaldarii", hex="L8")
    with pytest.raises(RefereeError, match=r"A attacked already this phase: each ship attacks a single hex .*7.1.3"):
        sc.attack(SI, first.phase, [Attacker(a, 1)], [other_target], RNG, rolled=3)
    # the Khaldarii's own Ship Combat phase may attack the Terran hex
    back = sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(target, 0)], [a], RNG, rolled=3)
    assert back.phase.hexes == ("K8",)


# ---------------------------------------------------------------- step losses (7.3.9-7.3.11)


def test_the_defender_assigns_losses_ship_by_ship_each_until_destroyed():
    big = ship("Big", f(4, 6, 2, 3), f(2, 3, 2, 3), side="K")
    small = ship("Small", f(2, 2, 3, 2), side="K")
    done = assign_steps([big, small], 2, ["Small", "Big"])
    assert done.taken == (("Small", 1), ("Big", 1)) and done.destroyed == ("Small",) and done.unsatisfied == 0
    after = {s.name: s for s in done.ships}
    assert after["Big"].lost == 1 and after["Big"].lost_this_round == 1 and after["Small"].destroyed


def test_a_ship_must_be_named_for_the_losses_left_and_none_after_they_are_taken():
    big = ship("Big", f(4, 6, 2, 3), f(2, 3, 2, 3), side="K")
    small = ship("Small", f(2, 2, 3, 2), side="K")
    with pytest.raises(RefereeError, match="1 step loss still to take: the non-phasing player chooses another ship"):
        assign_steps([big, small], 2, ["Small"])
    with pytest.raises(RefereeError, match="named after every loss was taken"):
        assign_steps([big, small], 1, ["Small", "Big"])
    with pytest.raises(RefereeError, match="not in the target hex"):
        assign_steps([big, small], 1, ["Nobody"])


def test_losses_beyond_every_ship_go_on_the_escorted_mines_then_are_lost():
    small = ship("Small", f(2, 2, 3, 2), side="K")
    done = assign_steps([small], 4, ["Small"], mines=2)
    assert done.destroyed == ("Small",) and done.mines_lost == 2 and done.unsatisfied == 1


def test_the_attack_lines_name_every_rule():
    result = one_attack(7, 4, 4, attackers_hexes=("K8", "J8"))
    text = "\n".join(result.lines())
    for rule in ("7.1.5", "7.2.2-7.2.4", "7.3.1-7.3.4", "Table 3", "7.3.8-7.3.11"):
        assert rule in text
