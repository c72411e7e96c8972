"""Rearming and repairs (Rearming; UPF Repairs; Repairs in space): no rearming for a ship that
attacked or was attacked today, and the reason said; a ship docked after moving repaired from
tomorrow; one repair turn in space after each battle, or the referee's override with a note."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.repair import Repair
from referee.sathar_war import battles, fleets, repairs, report, supply
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Campaign, Order, Place
from tests.helpers.campaign import at_gran_quivera, at_step, hurt, put, war
from tests.helpers.tables import TABLES

# ---------------------------------------------------------------------- rearming


def spend(campaign: Campaign, name: str, code: str = "T") -> Campaign:
    unit = campaign.unit(name)
    return campaign.with_units([unit._replace(roster=unit.roster.with_system(unit.roster.system(code)._replace(count=0)))])


def test_ships_that_attacked_today_do_not_rearm_tonight() -> None:
    """Rearming: 'The ship may not move or attack during that day.' Both are at a planet of a system in
    supply and did not move; no result was entered for either."""
    campaign = spend(spend(at_gran_quivera(), "TF Prenglar Frigate 1"), "Sathar Destroyer 1")
    sathar = battles.declare(at_step(campaign, "sathar-attacks", 5), TABLES, "Prenglar", "Gran Quivera", ["Sathar Destroyer 1"]).campaign
    rearmed, lines = supply.rearm(sathar)
    assert rearmed.unit("Sathar Destroyer 1").roster.system("T").count == 0
    assert "the Sathar Destroyer 1 does not rearm: it attacked today (T 0 of 2)" in [line.text for line in lines]
    upf = battles.declare(campaign, TABLES, "Prenglar", "Gran Quivera", ["TF Prenglar Frigate 1"]).campaign
    rearmed, lines = supply.rearm(upf)
    assert rearmed.unit("TF Prenglar Frigate 1").roster.system("T").count == 0
    assert "the TF Prenglar Frigate 1 does not rearm: it attacked today (T 0 of 2)" in [line.text for line in lines]
    assert rearmed.unit("Sathar Destroyer 1").roster.system("T").count == 2  # attacked, but did not fight back: nothing entered for it
    quiet, _ = supply.rearm(campaign)
    assert quiet.unit("TF Prenglar Frigate 1").roster.system("T").count == 2


def test_a_ship_attacked_that_fights_back_does_not_rearm() -> None:
    """Rearming: 'If the ship is attacked and fights back, it is not rearmed.' A result entered for a
    defender is its part in the battle."""
    campaign = spend(at_gran_quivera(), "TF Prenglar Frigate 1")
    campaign = battles.declare(at_step(campaign, "sathar-attacks", 5), TABLES, "Prenglar", "Gran Quivera").campaign
    fought = battles.record(campaign, "TF Prenglar Frigate 1", Outcome(spent={"ICM": 1})).campaign
    rearmed, lines = supply.rearm(fought)
    assert rearmed.unit("TF Prenglar Frigate 1").roster.system("T").count == 0
    assert any(line.text.startswith("the TF Prenglar Frigate 1 does not rearm: it was attacked and fought back") for line in lines)


def test_rearming_says_why_a_ship_with_weapons_spent_does_not_rearm() -> None:
    campaign = spend(at_gran_quivera(), "UPF Destroyer 1")
    away = put(campaign, ["UPF Destroyer 1"], Place("Cassidine"))
    assert "the UPF Destroyer 1 does not rearm: it is not at a planet (T 0 of 2)" in [line.text for line in supply.rearm(away)[1]]
    moved = campaign.with_units([campaign.unit("UPF Destroyer 1")._replace(moved=True)])
    assert "the UPF Destroyer 1 does not rearm: it moved today (T 0 of 2)" in [line.text for line in supply.rearm(moved)[1]]


# ---------------------------------------------------------------------- repairs at a station


def arrived_and_docked() -> Campaign:
    """Day 3 at Triad: the battleship docked days ago (20 hull points to repair); a destroyer (10 to
    repair) moved in today and docked. Triad repairs 40 a day: enough for both."""
    campaign = hurt(hurt(at_step(war(), "upf-move", 3), "TF Cassidine Battleship", 100), "UPF Destroyer 1", 40)
    campaign = (fleets.dock(campaign, ["TF Cassidine Battleship"]).campaign)._replace(day=3)
    campaign = put(campaign, ["UPF Destroyer 1"], Place("Cassidine", "Triad"))
    campaign = campaign.with_units([campaign.unit("UPF Destroyer 1")._replace(moved=True)])
    return fleets.dock(campaign, ["UPF Destroyer 1"]).campaign


def test_a_ship_that_docked_after_moving_today_is_repaired_from_tomorrow_and_the_status_says_so() -> None:
    """UPF Repairs: 'To be repaired, a ship must spend a full day docked at the station.' Tonight's work
    goes to the ships that can be repaired; the destroyer is done tomorrow, not today."""
    campaign = arrived_and_docked()
    triad = repairs.centre(campaign, "Triad")
    assert repairs.days_to_finish(triad) == {"TF Cassidine Battleship": 1, "UPF Destroyer 1": 2}
    assert not [a for a in report.alerts(campaign) if "UPF Destroyer 1" in a]
    assert "repairs finish today: TF Cassidine Battleship at Cassidine/Triad" in report.alerts(campaign)
    assert repairs.plan(triad, ()) == {"TF Cassidine Battleship": Order("TF Cassidine Battleship", hull=20)}
    after, lines = repairs.repair_day(campaign)
    assert (after.unit("TF Cassidine Battleship").roster.hull, after.unit("UPF Destroyer 1").roster.hull) == (120, 40)
    with pytest.raises(RefereeError, match="the UPF Destroyer 1 docked after moving today; a ship must spend a full day docked"):
        repairs.order(campaign, "UPF Destroyer 1", hull=10)
    queue = report.repairs(campaign)["centres"]
    shown = next(c for c in queue if c["centre"] == "Cassidine/Triad")["queue"]
    assert [s["today"] for s in shown] == ["20 hull points", "nothing: it docked after moving today (a full day docked is needed)"]


# ---------------------------------------------------------------------- repairs in space


def after_a_battle() -> Campaign:
    """Day 5: the Sathar attack Gran Quivera; the TF Prenglar Frigate 1 comes out of it with 20 hull
    points of 40 and its drives hit (ADF 2 of 4)."""
    campaign = battles.declare(at_step(at_gran_quivera(), "sathar-attacks", 5), TABLES, "Prenglar", "Gran Quivera", rules="advanced").campaign
    return battles.record(campaign, "TF Prenglar Frigate 1", Outcome(hull=20, adf=2)).campaign


def test_repairs_in_space_are_one_repair_turn_after_each_battle() -> None:
    """Repair: 'Ships that have been damaged in battle can repair that damage normally using their
    DCR'; Knight Hawks Repairs: 'All of a ship's DCR points can be allocated during each repair turn.'
    A reading: one repair turn after each battle the ship fought, on the day of the battle."""
    campaign = after_a_battle()
    offer = ("repairs in space after the battle, if wanted: TF Prenglar Frigate 1", "repair-space")
    assert offer in report.next_steps(campaign)
    first = repairs.repair_in_space(campaign, "TF Prenglar Frigate 1", [Repair("hull", 40), Repair("adf", 30)], random.Random(0), ["5", "95"], ["6"])
    assert offer not in report.next_steps(first.campaign)
    assert first.entries[0].text == "the TF Prenglar Frigate 1 makes its repair turn after the Sathar attack at Gran Quivera (Prenglar): 70 of its 70 DCR points"
    assert first.campaign.unit("TF Prenglar Frigate 1").roster.hull == 26
    with pytest.raises(RefereeError, match="the TF Prenglar Frigate 1 has made its repair turn after today's battle"):
        repairs.repair_in_space(first.campaign, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"])
    two_days_on = at_step(first.campaign, "upf-move", 7)._replace(fights=())
    with pytest.raises(RefereeError, match="the TF Prenglar Frigate 1 fought no battle today"):
        repairs.repair_in_space(two_days_on, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"])
    with pytest.raises(RefereeError, match="fought no battle today"):
        repairs.repair_in_space(hurt(war(), "UPF Destroyer 1", 20), "UPF Destroyer 1", [Repair("hull", 40)], random.Random(0), ["5"])


def test_a_referee_may_override_the_reading_with_a_note_and_it_is_logged() -> None:
    campaign = after_a_battle()
    first = repairs.repair_in_space(campaign, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["95"]).campaign
    again = repairs.repair_in_space(first, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"], override="our table repairs every repair turn of the battle's hour")
    assert again.entries[0].text == ("the referee overrides a reading (one repair turn after each battle the ship fought): our table repairs every repair turn of the battle's hour")
    assert again.campaign.unit("TF Prenglar Frigate 1").roster.adf == 3
    with pytest.raises(RefereeError, match="nothing to override"):
        repairs.repair_in_space(campaign, "TF Prenglar Frigate 1", [Repair("adf", 30)], random.Random(0), ["5"], override="a note")
