"""Stellar Inferno's ship combat ([7]) as the independent reader worked it from the book
(docs/readings/stellar-inferno-cases.md): declaring attacks, range, the defense of a stack, the odds
row and Tables 3, 4 and 5, and the step losses. Each test names its case and quotes the book's
sentence; the outcome asserted is the reader's."""

import random

import pytest

from referee.errors import RefereeError
from referee.stellar_inferno import odds, ship_phase, turn
from referee.stellar_inferno import space_combat as sc
from referee.stellar_inferno.space_combat import Attacker, ShipCombat, assign_steps, combined_defense, combining, modified_attack
from tests.helpers.si import at, phoenix
from tests.helpers.si_counters import SI, f, ship

RNG = random.Random(7)
ROWS = ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1", "9:1")
# The reader's transcription of the tables (columns 0-, 1, 2, 3, 4, 5, 6, 7+), from the book's L654-699.
TABLE_3 = (
    "1 0 0 0 0 0 0 0|1 1 0 0 0 0 0 0|1 1 1 0 0 0 0 0|2 1 1 1 1 0 0 0|3 2 1 1 1 1 0 0|3 2 2 1 1 1 1 0|3 2 2 2 1 1 1 0|4 3 2 2 2 1 1 1|4 4 3 2 2 2 2 1|5 4 4 3 3 2 2 2|5 5 4 4 3 3 2 2|6 5 5 4 4 3 3 3"
)
TABLE_4 = (
    "1 0 0 0 0 0 0 0|1 1 0 0 0 0 0 0|2 1 1 0 0 0 0 0|2 2 1 1 0 0 0 0|3 2 2 1 1 0 0 0|3 3 2 2 1 1 0 0|4 3 3 2 2 1 1 0|4 4 3 3 2 2 1 1|5 4 4 3 3 2 2 1|6 5 4 4 3 3 2 2|7 6 5 4 4 3 3 2|8 7 6 5 4 4 3 3"
)
TABLE_5 = (
    "1/1 0/0 0/1 0/1 0/2 0/3 0/4 0/5|1/0 1/1 0/0 0/1 0/1 0/2 0/3 0/4|2/1 1/0 1/1 0/0 0/1 0/1 0/2 0/3|2/0 2/1 1/0 1/1 0/0 0/1 0/1 0/2|"
    "3/1 2/0 2/1 1/0 1/1 0/0 0/1 0/1|3/0 3/1 2/0 2/1 1/0 1/1 0/0 0/1|4/1 3/0 3/1 2/0 2/1 1/0 1/1 0/0|4/0 4/1 3/0 3/1 2/0 2/1 1/0 1/1|"
    "5/0 4/0 4/1 3/0 3/1 2/0 2/1 1/0|6/1 5/0 4/0 4/1 3/0 3/1 2/0 2/1|7/0 6/1 5/0 4/0 4/1 3/0 3/1 2/0|8/1 7/0 6/1 5/0 4/0 4/1 3/0 3/1"
)


def cells(table: str) -> list[tuple[str, int, str]]:
    """(row, modified die, cell) for every cell: die 0 stands for "0 or less", 7 for "7 or more"."""
    return [(ROWS[r], die, cell) for r, row in enumerate(table.split("|")) for die, cell in enumerate(row.split())]


def read(table: str, attack: int, defense: int, die: int) -> odds.Reading:
    """A die read on a table; a modified die of 0 or 7 is a 1 or 6 moved by one."""
    rolled, shift = (1, -1) if die == 0 else (6, 1) if die == 7 else (die, 0)
    moved = (odds.Modifier(shift, "to reach the column", "test"),) if shift else ()
    return odds.read(SI, table, attack, defense, moved, RNG, rolled, "test", "test")


def ratio(row: str) -> tuple[int, int]:
    a, d = row.split(":")
    return int(a) * 6, int(d) * 6


@pytest.mark.parametrize(("table", "row", "die", "cell"), [(odds.OPEN_ORDER, *c) for c in cells(TABLE_3)] + [(odds.CLOSED_ORDER, *c) for c in cells(TABLE_4)])
def test_tables_3_and_4_every_cell(table, row, die, cell):
    """I037-I044 [7.3.6][7.3.7]: "If this is a open order attack use table 3 ... If this is a closed
    order attack use table 4". The reader's transcription of every cell, columns "0 or less" to "7 or more"."""
    reading = read(table, *ratio(row), die)
    assert (reading.odds, str(reading.cell)) == (row, cell)


@pytest.mark.parametrize(("row", "die", "cell"), cells(TABLE_5))
def test_table_5_every_cell(row, die, cell):
    """I073-I074 [11.2.2][11.2.3]: Table 5, defender loss / attacker loss, as the reader transcribed it."""
    reading = read(odds.GROUND_COMBAT, *ratio(row), die)
    assert (reading.odds, str(reading.cell)) == (row, cell)


# ---------------------------------------------------------------- declaring attacks (7.1)


def test_i024_an_attack_is_finished_before_the_next():
    """I024 [7.1.4]: "The attack must then be completed before moving on to the next attack." While
    an attack's losses are still to be assigned, a new attack waits."""
    s = at(phoenix(), "ship-combat", "invader")
    s = ship_phase.attack(s, SI, [("Phalth", 2), ("Leyf", 2)], "6/J9", RNG, 1).state
    assert s.ship_losses is not None
    with pytest.raises(RefereeError, match="waits"):
        ship_phase.attack(s, SI, [("Phalth", 2)], "6/J9", RNG, 1)


def test_i025_a_hex_is_attacked_only_once_a_turn():
    """I025 [7.1.2]: "Ships occupying the same hex can only be attacked once during a turn." A second
    attack on X (by Leyf, after Phalth's) is refused; Leyf may attack another hex."""
    target = ship("Wilson", f(4, 4, 2, 2), hex="X")
    phalth, leyf = ship("Phalth", f(12, 8, 2, 2), side="Khaldarii", hex="P"), ship("Leyf", f(6, 5, 2, 2), side="Khaldarii", hex="P")
    first = sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(phalth, 1)], [target], RNG, 6)
    with pytest.raises(RefereeError, match="attacked .* this turn already"):
        sc.attack(SI, first.phase, [Attacker(leyf, 1)], [target], RNG, 6)
    other = ship("Inchon", f(3, 3, 2, 2), hex="Y")
    assert sc.attack(SI, first.phase, [Attacker(leyf, 1)], [other], RNG, 6).order.startswith("closed order")


def test_i026_i048_ships_of_one_hex_attack_different_hexes_but_a_ship_only_one():
    """I026 [7.1.3]: "Each ship can only attack a single hex ... However, individual ships in the same
    hex can perform separate attacks against different hexes." I048 [7.3.12]: Phalth, having attacked
    X, may not attack Y. Phalth on X and Leyf on Y: two closed order attacks."""
    phalth, leyf = ship("Phalth", f(12, 8, 2, 2), side="Khaldarii", hex="P"), ship("Leyf", f(6, 5, 2, 2), side="Khaldarii", hex="P")
    x, y = ship("Wilson", f(4, 4, 2, 2), hex="X"), ship("Inchon", f(3, 3, 2, 2), hex="Y")
    first = sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(phalth, 1)], [x], RNG, 6)
    assert first.reading.table == odds.CLOSED_ORDER
    with pytest.raises(RefereeError, match="single hex"):
        sc.attack(SI, first.phase, [Attacker(phalth, 1)], [y], RNG, 6)
    second = sc.attack(SI, first.phase, [Attacker(leyf, 1)], [y], RNG, 6)
    assert second.reading.table == odds.CLOSED_ORDER


@pytest.mark.parametrize(("hexes", "table"), [(("P",), odds.CLOSED_ORDER), (("P", "P", "P"), odds.CLOSED_ORDER), (("P", "P", "Q"), odds.OPEN_ORDER)])
def test_i027_closed_order_and_open_order(hexes, table):
    """I027 [7.1.5]: "If all attacking ships occupy the same hex then it is called a closed order
    attack. If the attacking ships occupy at least two different hexes then it is called an open order
    attack." One ship: closed; three from P: closed; two from P and one from Q: open."""
    attackers = [Attacker(ship(f"K{i}", f(4, 4, 2, 2), side="Khaldarii", hex=h), 1) for i, h in enumerate(hexes)]
    result = sc.attack(SI, ShipCombat("Khaldarii"), attackers, [ship("Wilson", f(4, 4, 2, 2), hex="X")], RNG, 6)
    assert result.reading.table == table


def test_i028_no_attack_after_the_phasing_player_is_done():
    """I028 [7.1.6]: "Once the phasing player announces that he has no further attacks to be made, no
    more ship attacks can be performed by the phasing player until the following turn." The Khaldarii
    are done; in the TDF's half, Phalth (not yet fired) may not attack."""
    s = turn.next_phase(at(phoenix(), "ship-combat", "invader")).state
    assert s.phasing == "defender"
    with pytest.raises(RefereeError):
        ship_phase.attack(s, SI, [("Phalth", 2)], "6/J9", RNG, 1)


# ---------------------------------------------------------------- range (7.2)


def test_i029_range_0_is_the_targets_own_hex_only():
    """I029 [7.2.3]: "Attacking ships occupying the same hex as the target have a range of zero." (The
    hexes counted on the map are the referee's; range 0 from another hex is refused.)"""
    target = ship("Wilson", f(4, 4, 2, 2), hex="X")
    assert sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(ship("K", f(8, 4, 2, 2), side="Khaldarii", hex="X"), 0)], [target], RNG, 6).attack == 8
    with pytest.raises(RefereeError, match="range 0"):
        sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(ship("K", f(8, 4, 2, 2), side="Khaldarii", hex="P"), 0)], [target], RNG, 6)


def test_i030_range_factor_zero_attacks_only_in_its_own_hex():
    """I030 [7.2.3]: "Ships with a range factor of zero can only attack when they occupy the same hex
    as the target." A 4, R 0: the adjacent hex is refused; its own hex, full A 4."""
    target = ship("Wilson", f(4, 4, 2, 2), hex="X")
    with pytest.raises(RefereeError, match="no attack"):
        sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(ship("K", f(4, 4, 2, 0), side="Khaldarii", hex="P"), 1)], [target], RNG, 6)
    assert sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(ship("K", f(4, 4, 2, 0), side="Khaldarii", hex="X"), 0)], [target], RNG, 6).attack == 4


@pytest.mark.parametrize(("hexes", "factor"), [(1, 8), (2, 4), (3, 4), (4, 2), (5, 2)])
def test_i031_halving_per_whole_multiple_of_the_range_factor(hexes, factor):
    """I031 [7.2.4]: "compute the number of multiples of the ship's range factor separating the
    attacking ship from the target hex. For each such whole multiple, the attack factor is divided by
    two, rounding down fractions." A 8, R 2 at range 1-5: 8, 4, 4, 2, 2 (floor(range / R) multiples)."""
    assert modified_attack(8, 2, hexes)[2] == factor


@pytest.mark.parametrize(("attack", "rf", "hexes", "factor"), [(7, 3, 3, 3), (3, 1, 2, 0), (1, 1, 1, 0)])
def test_i032_fractions_dropped_and_a_factor_of_0_cannot_attack(attack, rf, hexes, factor):
    """I032 [7.2.4]: "If the modified attack factor is less than or equal to zero, the ship is unable
    to participate in the attack this turn." A 7 R 3 at 3: 3; A 3 R 1 at 2: 0; A 1 R 1 at 1: 0."""
    assert modified_attack(attack, rf, hexes)[2] == factor
    if factor == 0:
        lone = ship("K", f(attack, 4, 2, rf), side="Khaldarii", hex="P")
        with pytest.raises(RefereeError, match="no attack"):
            sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(lone, hexes)], [ship("Wilson", f(4, 4, 2, 2), hex="X")], RNG, 6)


def test_a32_an_attack_on_a_defense_of_0_reads_the_highest_row():
    """Ambiguity A32: factors may be 0 ([5.1.1] "Each of these factors has a value of zero or
    more"), so a stack may defend with 0; the odds of an attack on it are above every row, and
    "Odds greater than 9:1 are treated as 9:1" (Tables 3-5). A 4 R 2 at 1 hex against D 0: 9:1 on
    Table 3 (the program refused it before: no odds with a defense of 0). Nothing against nothing is
    no attack."""
    lone = ship("K", f(4, 4, 2, 2), side="Khaldarii", hex="P")
    done = sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(lone, 1)], [ship("Tender", f(0, 0, 1, 0), hex="X", distance=0)], RNG, 6)
    assert "4:0" in done.reading.how and done.reading.odds == "9:1"
    assert read(odds.GROUND_COMBAT, 3, 0, 4).odds == "9:1"
    with pytest.raises(RefereeError, match="not both 0"):
        read(odds.GROUND_COMBAT, 0, 0, 4)


# ---------------------------------------------------------------- defense (7.3.1-7.3.4)

TDF = (("Dublin", 9), ("Tigris", 6), ("Wilson", 4), ("Inchon", 3))


def defense(stack: tuple[tuple[str, int], ...], distance: int) -> int:
    ships = [ship(n, f(4, d, 2, 2), hex="X", distance=distance) for n, d in stack]
    return combined_defense([(s.name, sc.sh.defense_rating(s)) for s in ships], distance).total


def test_i033_in_a_core_hex_the_three_lowest_combine():
    """I033 [7.3.2]: "In the core hexes, a maximum of three ships with the lowest defense ratings in
    the hex can combine their scores". D 9, 6, 4, 3 at d 0: 3 + 4 + 6 = 13."""
    assert defense(TDF, 0) == 13


def test_i034_i160_the_books_example_four_ships_three_hexes_from_the_core():
    """I034 [7.3.3] / I160 [3]: "a stack of four ships that is three hexes from the core row can only
    combine the two lowest defense ratings." (H6, "three columns from the core"): 3 + 4 = 7."""
    assert defense(TDF, 3) == 7


@pytest.mark.parametrize(("stack", "distance", "total"), [(TDF[1:], 1, 7), (TDF, 2, 13), (TDF, 4, 7)])
def test_i035_distance_1_2_and_4(stack, distance, total):
    """I035 [7.3.3]: "For every two hexes distance from the core, another ship must be below the
    stack" - read ceil(d / 2), as docs/stellar-inferno.md reads 7.3.3: (a) D 3, 4, 6 at d 1: 7; (b) D 3, 4,
    6, 9 at d 2: 13; (c) the same at d 4: 7."""
    assert defense(stack, distance) == total


def test_i036_the_lowest_ship_always_defends():
    """I036 [7.3.4]: "Regardless of the location, the stack is always defended by the ship with the
    lowest defense rating." Four ships at d 7: 3. A lone D 5 at d 6: 5."""
    assert defense(TDF, 7) == 3
    assert defense((("Lone", 5),), 6) == 5
    assert combining(4, 7) == (4, 1)


def test_i162_fleet_movement_keeps_the_distance_maneuver_changes_it():
    """I162 [6.2.2][7.3.3]: D 2, 3, 5, 8 at d 3: 2 + 3 = 5; maneuvered to d 1: 2 + 3 + 5 = 10; at d 0 also 10."""
    stack = (("a", 2), ("b", 3), ("c", 5), ("d", 8))
    assert (defense(stack, 3), defense(stack, 1), defense(stack, 0)) == (5, 10, 10)


# ---------------------------------------------------------------- odds and results (7.3.5-7.3.7)


def test_i037_the_exact_ratio_7_to_4_reads_3_to_2():
    """I037 [7.3.5][7.3.7]: "find the highest odds row that is less than or equal to the result" (the
    README's reading: the exact ratio). 7 against D 4, closed order, die 3: row 3:2, Table 4 = 1."""
    result = sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(ship("K", f(7, 4, 2, 2), side="Khaldarii", hex="P"), 1)], [ship("Wilson", f(4, 4, 2, 2), hex="X")], RNG, 3)
    assert (result.reading.odds, result.reading.table, result.steps) == ("3:2", odds.CLOSED_ORDER, 1)


@pytest.mark.parametrize(
    ("case", "table", "attack", "defense", "die", "row", "steps"),
    [
        ("I038", odds.OPEN_ORDER, 2, 10, 1, "1:3", 0),
        ("I039", odds.OPEN_ORDER, 4, 8, 1, "1:2", 1),
        ("I039", odds.OPEN_ORDER, 6, 2, 5, "3:1", 1),
        ("I040", odds.OPEN_ORDER, 25, 2, 6, "9:1", 3),
        ("I041", odds.CLOSED_ORDER, 4, 10, 1, "1:3", 0),
        ("I044", odds.OPEN_ORDER, 9, 3, 3, "3:1", 1),
        ("I044", odds.CLOSED_ORDER, 9, 3, 3, "3:1", 2),
    ],
)
def test_i038_i041_i044_rows_clamps_and_tables(case, table, attack, defense, die, row, steps):
    """I038/I040 [7.3.7]: "*Odds of less than 1:3 are treated as 1:3; odds greater than 9:1 are
    treated as 9:1." I039/I041: "the highest odds row that is less than or equal to the result".
    I044 [7.3.6]: the same 3:1, die 3, is 1 on Table 3 (open) and 2 on Table 4 (closed)."""
    reading = odds.read(SI, table, attack, defense, (), RNG, die, case, case)
    assert (reading.odds, reading.cell) == (row, steps)


TDF_CORE = [ship(n, f(4, d, 2, 2), hex="X") for n, d in TDF]


@pytest.mark.parametrize(("die", "steps"), [(1, 1), (2, 0)])
def test_i042_a_worked_open_order_attack_with_range(die, steps):
    """I042 [7.2.4][7.3.6]: Phalth (A 8, R 2) at range 2 and Leyf (A 6, R 3) at range 1, in different
    hexes, on the core stack of I033 (13): 4 + 6 = 10; 10/13 reads 1:2; Table 3: die 1 = 1, die 2 = 0."""
    phalth = ship("Phalth", f(8, 8, 2, 2), side="Khaldarii", hex="P")
    leyf = ship("Leyf", f(6, 5, 2, 3), side="Khaldarii", hex="Q")
    result = sc.attack(SI, ShipCombat("Khaldarii"), [Attacker(phalth, 2), Attacker(leyf, 1)], TDF_CORE, RNG, die)
    assert (result.attack, result.defense.total, result.reading.odds, result.reading.table, result.steps) == (10, 13, "1:2", odds.OPEN_ORDER, steps)


def test_i043_a_worked_closed_order_attack_with_range():
    """I043 [7.2.4][7.3.6]: A 6/R 2, A 5/R 1, A 4/R 1 from one hex at range 1 on D 2 + D 2: 6 + 2 + 2
    = 10 against 4, 2:1, Table 4, die 3 = 1."""
    attackers = [Attacker(ship(f"K{a}", f(a, 4, 2, r), side="Khaldarii", hex="P"), 1) for a, r in ((6, 2), (5, 1), (4, 1))]
    target = [ship("T1", f(2, 2, 2, 2), hex="X"), ship("T2", f(2, 2, 2, 2), hex="X")]
    result = sc.attack(SI, ShipCombat("Khaldarii"), attackers, target, RNG, 3)
    assert (result.attack, result.defense.total, result.reading.odds, result.reading.table, result.steps) == (10, 4, "2:1", odds.CLOSED_ORDER, 1)


# ---------------------------------------------------------------- step losses (7.3.8-7.3.11)


def test_i045_a_ship_takes_losses_until_destroyed_then_another():
    """I045 [7.3.10]: "If a ship is destroyed as a result of the damage, then a different ship must be
    chosen to suffer the remaining step losses." 3 on Tigris (2 steps), Wilson, Inchon (1 each): Tigris
    and then Inchon destroyed; Wilson survives."""
    stack = [ship("Tigris", f(6, 6, 2, 2), f(3, 3, 2, 2), hex="X"), ship("Wilson", f(4, 4, 2, 2), hex="X"), ship("Inchon", f(3, 3, 2, 2), hex="X")]
    done = assign_steps(stack, 3, ["Tigris", "Inchon"])
    assert done.taken == (("Tigris", 2), ("Inchon", 1)) and done.destroyed == ("Tigris", "Inchon") and done.unsatisfied == 0


def test_i046_a_ship_that_did_not_defend_may_take_the_loss():
    """I046 [7.3.9]: "The non-phasing player determines which ship within the target hex will suffer
    the step losses." Dublin (D 9, not combined) takes the 1 step and goes to its reduced step."""
    stack = [ship("Dublin", f(6, 9, 2, 2), f(3, 4, 2, 2), hex="X"), *TDF_CORE[1:]]
    done = assign_steps(stack, 1, ["Dublin"])
    assert done.taken == (("Dublin", 1),) and done.destroyed == ()
    assert done.ships[0].steps_left == 1


def test_i047_excess_losses_are_lost():
    """I047 [7.3.11]: "Damage assignment continues in this manner until all step losses have been
    satisfied, or all the non-phasing player's ships in the target hex have been eliminated." 5 against
    two 1-step fighters: both destroyed, 3 lost."""
    fighters = [ship("F1", f(2, 2, 3, 1), code="F", hex="X"), ship("F2", f(2, 2, 3, 1), code="F", hex="X")]
    done = assign_steps(fighters, 5, ["F1", "F2"])
    assert done.destroyed == ("F1", "F2") and done.unsatisfied == 3
