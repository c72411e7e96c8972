"""The Super Galactic Dreadnoughts (Starfleet Wars supplement) as the independent reader worked them
from the book (docs/readings/starfleet-wars-cases.md, S063-S071). Each test names its case and
quotes the sentence; the outcome asserted is the reader's, or the program's reading where it differs
(recorded in docs/starfleet-wars.md § Readings)."""

from referee.starfleet_wars import turn
from referee.starfleet_wars.power import Allocation, cost
from referee.starfleet_wars.ships import factors
from tests.helpers.sfw_book import SFW, battle, damaged, refused


def victory(lost: int = 0):
    return damaged(battle(("VICTORY", "Terran", "VICTORY")), "VICTORY", lost)


def fought_with(engagement, allocation: Allocation) -> tuple[int, int, int]:
    ship = turn.allocate(engagement, "VICTORY", allocation).state.ship("VICTORY")
    now = factors(ship, engagement.turn)
    return now.speed, now.offensive, now.defensive


def test_s063_the_victory_spends_477_of_480_and_fights_with_25_and_19():
    """S063: "An undamaged VICTORY elects to travel at a speed of 3 (using 9 power units), has an
    offensive factor of 18 (using 324 power units) and a defensive factor of 12 (using 144 power
    units) for a total of 477 power units used ... the defensive factor is boosted from 12 to 9
    (12 + 7 = 19)" (read 19, the rules README)."""
    done = turn.allocate(victory(), "VICTORY", Allocation(3, 18, 12))
    assert "= 477 PU of 480 (3 left)" in done.entries[0].text
    assert fought_with(victory(), Allocation(3, 18, 12)) == (3, 25, 19)


def test_s064_the_additional_factors_cost_no_power_units():
    """S064: "After you have calculated your factors you then add the additional offensive factor
    to the calculated offensive factor": OF 25 costs the calculated 18's 324 PU, not 625."""
    ship = turn.allocate(victory(), "VICTORY", Allocation(0, 18, 0)).state.ship("VICTORY")
    assert ship.allocation is not None and ship.allocation.cost == 324 == cost(18) and factors(ship, 1).offensive == 25
    assert cost(25) == 625


def test_s065_a_super_dreadnought_travels_at_speed_5_at_most():
    """S065: "The highest speed these ships may travel is a factor of 5." Speed 6 (460 PU in all)
    is refused though the power would serve; speed 5 with OF 18 and DF 10 (449) is allowed."""
    refused("speed 6 is above the most allowed, 5.*a super galactic dreadnought travels at speed 5 at most", lambda: turn.allocate(victory(), "VICTORY", Allocation(6, 18, 10)))
    assert fought_with(victory(), Allocation(5, 18, 10)) == (5, 25, 17)


def test_s066_no_more_power_units_than_available():
    """S066: "at no time may you use more than your available power units": speed 4 + OF 18 + DF 12
    = 16 + 324 + 144 = 484 of 480 is refused."""
    refused("484 PU is more than the 480 PU available", lambda: turn.allocate(victory(), "VICTORY", Allocation(4, 18, 12)))


def test_s067_the_maximum_limits_the_calculated_factor_the_addition_comes_after():
    """S067: "at no time may you ... exceed your maximum offensive and defensive factors. ... After
    you have calculated your factors you then add the additional offensive factor": the VICTORY's
    calculated OF may be its maximum, 21 (the Data Table), and fights with 21 + 7 = 28; 22 is refused."""
    assert SFW.get("sfw.starships").row("VICTORY")["max_off"] == 21
    assert fought_with(victory(), Allocation(0, 21, 0))[1] == 28
    refused("OF 22 is above the maximum offensive factor, 21", lambda: turn.allocate(victory(), "VICTORY", Allocation(0, 22, 0)))


def test_s068_below_75_percent_lost_the_additional_factors_are_still_added():
    """S068: "The additional factors cease to be added when a ship suffers a loss of 75% of her
    power units." 300 of 480 lost (62.5%): speed 2 + OF 10 + DF 8 = 168 of 180, fighting with 17 and 15."""
    assert fought_with(victory(300), Allocation(2, 10, 8)) == (2, 17, 15)


def test_s069_at_75_percent_lost_the_additional_factors_stop():
    """S069: "a loss of 75%" read as at least 75%: 360 of 480 lost, OF 10 and DF 4 fight as 10 and 4;
    at 359 lost the +7s are still added."""
    assert fought_with(victory(360), Allocation(2, 10, 4)) == (2, 10, 4)
    assert fought_with(victory(359), Allocation(2, 10, 4)) == (2, 17, 11)


def test_s070_two_super_dreadnoughts_a_side_is_a_suggestion_not_a_rule():
    """S070: "We suggest limiting each power to a maximum of two SGD in any one battle in the
    interest of playability." Three Terran SGDs join: the program does not forbid it."""
    three = battle(*((f"VICTORY {n}", "Terran", "VICTORY") for n in (1, 2, 3)))
    assert [s.type for s in three.ships] == ["SGD", "SGD", "SGD"]


def test_s071_what_the_data_table_gives_and_what_it_leaves_to_the_referee():
    """S071: INVINCIBLE 240 PU, VICTORY 480, the Pirahna 30 ("only 10 power units" after 20, and
    30 disables her); everything garbled stays unknown and is asked of the referee, never invented."""
    rows = SFW.get("sfw.starships")
    assert [rows.row(n)["power_units"] for n in ("INVINCIBLE", "VICTORY", "PIRAHNA")] == [240, 480, 30]
    refused("leaves INVINCIBLE's max_off, max_def, launchers, reloads unknown", lambda: turn.add(battle(), SFW, "I", "Terran", "INVINCIBLE", {}))
