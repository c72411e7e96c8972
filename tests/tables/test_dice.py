"""Dice: expressions, the books' readings, seeded rolls, entered results, receipts, refusals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from referee import dice, tables
from referee.errors import RefereeError

SAMPLES = 20_000


def rolls(expression: str, seed: int = 1, n: int = SAMPLES) -> list[int]:
    rng = random.Random(seed)
    expr = dice.parse(expression)
    return [dice.roll(expr, rng).total for _ in range(n)]


@pytest.mark.parametrize(
    ("text", "normal", "lowest", "highest"),
    [
        ("2d10+4", "2d10+4", 6, 24),  # assault rocket hull damage
        ("3d10+5", "3d10+5", 8, 35),  # mine hull damage
        ("5d10", "5d10", 5, 50),  # seeker missile
        ("1d10", "1d10", 1, 10),
        ("d100", "d100", 1, 100),
        ("D100", "d100", 1, 100),
        ("d%00", "d%00", 0, 99),
        ("2d6", "2d6", 2, 12),
        ("d6", "1d6", 1, 6),
        ("d20", "1d20", 1, 20),
        (" 2D10 + 4 ", "2d10+4", 6, 24),
        ("2d10-3", "2d10-3", -1, 17),
        ("1d10 + 1d6 - 2", "1d10+1d6-2", 0, 14),
        ("d100+20", "d100+20", 21, 120),  # a fire's damage roll at +20
        ("d100-10", "d100-10", -9, 90),
        ("2d6-1d6", "2d6-1d6", -4, 11),
        ("100d10", "100d10", 100, 1000),
    ],
)
def test_expressions_and_their_ranges(text: str, normal: str, lowest: int, highest: int) -> None:
    expr = dice.parse(text)
    assert expr.text == normal
    assert (expr.lowest, expr.highest) == (lowest, highest)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("2d", "number of sides after 'd'"),
        ("d0", "2 to 1000 sides, not 0"),
        ("d1", "2 to 1000 sides, not 1"),
        ("0d10", "at least one die, not 0"),
        ("abc", "cannot read 'abc'"),
        ("101d10", "at most 100 dice"),
        ("60d10+41d6", "rolls 101 dice; at most 100"),
        ("99999999999999999999d10", "at most 100 dice"),
        ("", "no dice expression given"),
        ("   ", "no dice expression given"),
        ("2d10++4", "a sign must be followed by a term"),
        ("2d10+", "a sign must be followed by a term"),
        ("4", "has no dice"),
        ("2x10", "cannot read '2x10'"),
        ("d10001", "too large; at most 1000"),
        ("1d10+99999999", "too large; at most 10000"),
        ("2d10.5", "cannot read"),
    ],
)
def test_bad_expressions_are_refused_in_plain_words(text: str, says: str) -> None:
    with pytest.raises(RefereeError) as refused:
        dice.parse(text)
    assert says in str(refused.value)


def test_same_seed_same_rolls_and_different_seed_different_rolls() -> None:
    assert rolls("2d10+4", seed=7, n=50) == rolls("2d10+4", seed=7, n=50)
    assert rolls("2d10+4", seed=7, n=50) != rolls("2d10+4", seed=8, n=50)


def test_d10_reads_zero_as_ten_and_is_fair() -> None:
    counts = Counter(rolls("1d10"))
    assert set(counts) == set(range(1, 11))  # 1..10: a 0 face reads 10, never 0
    for face in range(1, 11):
        assert abs(counts[face] / SAMPLES - 0.10) < 0.01, face


def test_d100_reads_double_zero_as_100() -> None:
    counts = Counter(rolls("d100"))
    assert min(counts) == 1 and max(counts) == 100
    assert 0 not in counts
    assert abs(counts[100] / SAMPLES - 0.01) < 0.004
    assert abs(sum(counts[v] for v in range(1, 51)) / SAMPLES - 0.5) < 0.02


def test_d_percent_00_reads_00_to_99() -> None:
    counts = Counter(rolls("d%00"))
    assert min(counts) == 0 and max(counts) == 99
    assert 100 not in counts
    assert abs(sum(counts[v] for v in range(0, 50)) / SAMPLES - 0.5) < 0.02


def test_percentile_faces_tens_and_ones() -> None:
    assert dice.percentile("d100", 0, 0).value == 100
    assert dice.percentile("d100", 0, 7).value == 7
    assert dice.percentile("d100", 9, 0).value == 90
    assert dice.percentile("d100", 2, 6).value == 26
    assert dice.percentile("d%00", 0, 0).value == 0
    assert dice.percentile("d%00", 9, 9).value == 99


def test_percentile_reading_agrees_with_the_knight_hawks_table() -> None:
    """Every example row of the book's percentile dice reading table reads the same here."""
    table = tables.load().get("kh.percentile-dice")
    assert len(table.rows) >= 3
    for row in table.rows:
        assert dice.percentile("d100", row["dark_die"], row["light_die"]).value == row["result"], row


def test_2d6_has_the_triangle_of_two_dice() -> None:
    counts = Counter(rolls("2d6"))
    assert set(counts) == set(range(2, 13))
    assert counts.most_common(1)[0][0] == 7
    for total in range(2, 13):
        expected = (6 - abs(total - 7)) / 36
        assert abs(counts[total] / SAMPLES - expected) < 0.01, total


def test_d6_and_2d10_plus_4_stay_in_range_with_the_right_mean() -> None:
    six = rolls("d6")
    assert set(six) == {1, 2, 3, 4, 5, 6}
    rocket = rolls("2d10+4")
    assert min(rocket) >= 6 and max(rocket) <= 24
    assert abs(sum(rocket) / SAMPLES - 15.0) < 0.15


def test_receipt_shows_each_die_the_modifier_and_the_total() -> None:
    receipt = dice.roll("2d10+4", random.Random(3), purpose="assault rocket hull damage")
    assert receipt.source == "virtual"
    assert len(receipt.dice) == 2
    assert receipt.total == sum(d.value for d in receipt.dice) + 4
    assert receipt.modifier == 4
    line = receipt.describe()
    assert line.startswith("2d10+4: ")
    assert f"= {receipt.total}" in line and "+4" in line and "assault rocket" in line
    data = receipt.to_dict()
    assert list(data) == ["expression", "dice", "modifier", "total", "source", "for"]
    assert data["dice"] == [{"die": "d10", "faces": [d.value], "value": d.value} for d in receipt.dice]


def test_percentile_receipt_keeps_both_faces() -> None:
    rng = random.Random(0)
    receipts = [dice.roll("d100", rng) for _ in range(500)]
    hundred = next(r for r in receipts if r.total == 100)
    assert hundred.dice[0].faces == (0, 0)
    assert "00=100" in hundred.describe()


def test_entered_results_are_checked_against_the_expression() -> None:
    assert dice.entered("d100", 37).total == 37
    assert dice.entered("d100", "00").total == 100
    assert dice.entered("d100", "100").total == 100
    assert dice.entered("d%00", "00").total == 0
    assert dice.entered("1d10", "0").total == 10  # a d10 face 0 reads as 10
    assert dice.entered("2d10", "20").total == 20
    assert dice.entered("2d10", "20").total == 20
    receipt = dice.entered("2d10+4", 17, purpose="hull damage")
    assert (receipt.source, receipt.dice, receipt.total, receipt.purpose) == ("entered", (), 17, "hull damage")
    assert receipt.to_dict()["source"] == "entered"


@pytest.mark.parametrize(
    ("expression", "result", "says"),
    [
        ("d100", 0, "from 1 to 100"),
        ("2d10", "0", "from 2 to 20"),
        ("d100", 101, "from 1 to 100"),
        ("2d10", "1", "from 2 to 20"),
        ("2d10", 21, "from 2 to 20"),
        ("d%00", 100, "from 0 to 99"),
        ("d6", "seven", "not a die result"),
        ("d6", "", "not a die result"),
        ("d6", "3.5", "not a die result"),
    ],
)
def test_entered_results_out_of_range_are_refused_with_the_valid_range(expression: str, result: int | str, says: str) -> None:
    with pytest.raises(RefereeError) as refused:
        dice.entered(expression, result)
    assert says in str(refused.value)
