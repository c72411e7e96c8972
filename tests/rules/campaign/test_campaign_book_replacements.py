"""The Second Sathar War's optional Replacements and Shatter Drones, case by case as a reader of the campaign
book worked them by hand (cases C123-C133, C136, C137 and C163). Each test names its case and quotes the
sentence it rests on; the outcome asserted is the book's, or the program's reading where the readings
of docs/sathar-war.md decide it (said so). The replacement roll reads "36 or more" for the book's "6 or more" (the rules
README)."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.sathar_war import battles, campaign_file, fleets, setup, turn, victory
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import at_step, put, started, war
from tests.helpers.tables import TABLES


def lost(campaign: Campaign, names: list[str], how: str = "combat", day: int | None = None) -> Campaign:
    then = campaign._replace(day=day) if day else campaign
    return victory.lose(then, list(then.named(names)), how)._replace(day=campaign.day)


def phase(campaign: Campaign, day: int, rolls: dict[str, str] | None = None) -> Campaign:
    """The end of ``day``, the replacement rolls entered."""
    return turn.advance(at_step(campaign, "upf-attacks", day), TABLES, random.Random(0), rolls or {}).campaign


def test_c123_replacements_only_when_chosen_before_play() -> None:
    """C123. "Its use is optional, so players should decide whether they will use it before starting to play": a
    war begun without it rolls for nothing at the end of day 20."""
    campaign = setup.choose_retreat(war(replacements=False), 3).campaign
    campaign = lost(at_step(campaign, "upf-attacks", 20), ["Sathar Destroyer 1"])
    with pytest.raises(RefereeError, match="none is due today"):
        phase(campaign, 20, {"Sathar Destroyer 1": "10"})
    after = phase(campaign, 20)
    assert after.unit("Sathar Destroyer 1").status == "destroyed" and after.allowances == ()


def test_c124_replacements_at_the_end_of_every_20_days() -> None:
    """C124. "Replacements can appear at the end of every 20 days": at the end of days 20, 40, ...; none at the
    end of day 10 or 30."""
    campaign = lost(started(), ["Sathar Destroyer 1"], day=5)
    for day in (10, 30):
        with pytest.raises(RefereeError, match="due at the end of day"):
            phase(campaign, day, {"Sathar Destroyer 1": "10"})
    assert phase(campaign, 20, {"Sathar Destroyer 1": "10"}).unit("Sathar Destroyer 1").status == "off-map"


def test_c125_the_sathar_roll_35_or_less_to_bring_a_ship_back() -> None:
    """C125. "The Sathar player can try to replace every ship destroyed in combat in the 20 days prior to the
    replacement phase. To do so, he must roll d100 for each ship. If the result of the roll is 35 or less, that
    ship can be brought back into the game through an SSC during the next turn." Three destroyers (12, 35, 36),
    a heavy cruiser (80) and six fighters (01, 05, 50, 35, 99, 36): two destroyers and three fighters come back,
    the rest are gone for good; ten rolls. A fighter comes back aboard a carrier."""
    fighters = [f"Sathar Fighter {n}" for n in range(1, 7)]
    campaign = lost(started(), ["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Destroyer 3", "Sathar Heavy Cruiser 1", *fighters], day=12)
    rolls = dict(
        zip(["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Destroyer 3", "Sathar Heavy Cruiser 1", *fighters], ["12", "35", "36", "80", "01", "05", "50", "35", "99", "36"], strict=True)
    )
    done = turn.advance(at_step(campaign, "upf-attacks", 20), TABLES, random.Random(0), rolls)
    after = done.campaign
    back = {n for n in rolls if after.unit(n).status == "off-map"}
    assert back == {"Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Fighter 1", "Sathar Fighter 2", "Sathar Fighter 4"}
    assert {after.unit(n).status for n in set(rolls) - back} == {"removed"}
    assert sum(1 for e in done.entries if e.rolls) == 10
    aboard = fleets.land(after, ["Sathar Fighter 1"], "Sathar Assault Carrier 4").campaign  # a carrier held back, off the map
    assert aboard.unit("Sathar Fighter 1").roster.carried_by == "Sathar Assault Carrier 4"


def test_c126_the_20_day_window() -> None:
    """C126. "every ship destroyed in combat in the 20 days prior to the replacement phase"; "no more attempts to
    replace it can be made". At the end of day 40: a frigate lost on day 21 and a light cruiser lost on day 40
    are rolled for; a destroyer rolled for (and removed) at day 20 is not; nor one lost on day 15 and never
    rolled for (outside the 20 days); a ship back at day 21 and lost again on day 33 is rolled for again."""
    campaign = lost(lost(started(), ["Sathar Destroyer 1"], day=19), ["Sathar Destroyer 5"], day=8)
    campaign = phase(campaign, 20, {"Sathar Destroyer 1": "50", "Sathar Destroyer 5": "10"})
    assert (campaign.unit("Sathar Destroyer 1").status, campaign.unit("Sathar Destroyer 5").status) == ("removed", "off-map")
    campaign = lost(campaign, ["Sathar Destroyer 3"], day=15)  # (missed: no phase rolled for it)
    campaign = lost(lost(lost(campaign, ["Sathar Frigate 1"], day=21), ["Sathar Destroyer 5"], day=33), ["Sathar Light Cruiser 1"], day=40)
    for name in ("Sathar Destroyer 1", "Sathar Destroyer 3"):
        with pytest.raises(RefereeError, match="not a Sathar ship destroyed in combat in the last 20 days"):
            phase(campaign, 40, {name: "10"})
    after = phase(campaign, 40, {"Sathar Frigate 1": "10", "Sathar Light Cruiser 1": "10", "Sathar Destroyer 5": "10"})
    assert [after.unit(n).status for n in ("Sathar Frigate 1", "Sathar Light Cruiser 1", "Sathar Destroyer 5")] == ["off-map"] * 3


def test_c127_misjumped_ships_and_detonated_drones_are_not_replaced() -> None:
    """C127. "every ship destroyed in combat"; "A detonated shatter drone ... cannot be replaced": neither a
    frigate misjumped on day 9 nor a drone detonated on day 14 is rolled for."""
    campaign = lost(lost(started(), ["Sathar Frigate 1"], "misjump", day=9), ["Sathar Frigate 2"], "detonated", day=14)
    for name in ("Sathar Frigate 1", "Sathar Frigate 2"):
        with pytest.raises(RefereeError, match="not a Sathar ship destroyed in combat"):
            phase(campaign, 20, {name: "10"})


def test_c128_a_returning_fighter_without_a_carrier_the_programs_reading() -> None:
    """C128. "brought back into the game through an SSC during the next turn"; "Fighters not aboard a carrier or
    station when the "Day" marker is advanced are destroyed automatically." The reader refuses to place a
    replaced fighter in a start circle with no carrier. The program lets the Sathar player set it down there
    (a fighter may land aboard a carrier in that circle, or go aboard one off the map first: C125), and a fighter
    still without a carrier at the day's end is destroyed (docs/sathar-war.md, Readings: "Fighters"): the replacement is
    wasted either way, as the reader says."""
    campaign = lost(started(), ["Sathar Fighter 1", "Sathar Fighter 2"], day=12)
    campaign = phase(campaign, 20, {"Sathar Fighter 1": "1", "Sathar Fighter 2": "2"})
    campaign = setup.place_sathar(campaign, ["Sathar Fighter 1", "Sathar Fighter 2"], "Prenglar").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Assault Carrier 4"], "Prenglar").campaign
    campaign = fleets.land(campaign, ["Sathar Fighter 2"], "Sathar Assault Carrier 4").campaign
    after = turn.advance(at_step(campaign, "upf-attacks", 21), TABLES).campaign
    assert (after.unit("Sathar Fighter 1").status, after.unit("Sathar Fighter 2").status) == ("destroyed", "active")


def twenty_days_of_losses() -> Campaign:
    spacefleet = ["TF Prenglar Battleship", "TF Prenglar Frigate 1", "TF Prenglar Frigate 2", "TF Prenglar Destroyer 1", "TF Prenglar Light Cruiser 1", "TF Prenglar Light Cruiser 2"]
    spacefleet += [f"TF Prenglar Assault Scout {n}" for n in range(1, 5)] + ["UPF Fighter 1"]
    campaign = lost(started(), spacefleet + ["Minotaur Militia Assault Scout 1", "Minotaur Militia Assault Scout 2", "Minotaur Militia Assault Scout 3"], day=12)
    return lost(campaign, ["Fortress Pale", "Hentz Station"], day=15)


def test_c129_upf_replacements_by_the_fortresses_and_fortified_stations_left() -> None:
    """C129. "For each fortress that has not been destroyed by the Sathar, the UPF can replace one ship larger
    than an assault scout ... For each Fortified station left undestroyed, the UPF player can replace two assault
    scouts, two fighters, or a fighter and an assault scout. These replacements are placed on the map at the
    start of the next turn at the appropriate station or fortress." Three fortresses and three fortified
    stations left: the battleship at Gollwin, the light cruisers at Kdikit and Redoubt; two scouts at Minotaur,
    two at Ken'zah Kit, the fighter at Gran Quivera; the militia none; on day 21."""
    campaign = phase(twenty_days_of_losses(), 20)
    owed = sorted((a.station, a.size, a.count) for a in campaign.allowances)
    assert owed == sorted(
        [
            ("Fortress Gollwin", "large", 1),
            ("Fortress Kdikit", "large", 1),
            ("Fortress Redoubt", "large", 1),
            ("Minotaur Station", "small", 2),
            ("Ken'zah Kit Station", "small", 2),
            ("Gran Quivera Station", "small", 2),
        ]
    )
    campaign = at_step(campaign, "upf-move", 21)
    for ship, station in [
        ("TF Prenglar Battleship", "Fortress Gollwin"),
        ("TF Prenglar Light Cruiser 1", "Fortress Kdikit"),
        ("TF Prenglar Light Cruiser 2", "Fortress Redoubt"),
        ("TF Prenglar Assault Scout 1", "Minotaur Station"),
        ("TF Prenglar Assault Scout 2", "Minotaur Station"),
        ("TF Prenglar Assault Scout 3", "Ken'zah Kit Station"),
        ("TF Prenglar Assault Scout 4", "Ken'zah Kit Station"),
        ("UPF Fighter 1", "Gran Quivera Station"),
    ]:
        campaign = turn.replace_upf(campaign, TABLES, ship, station).campaign
    assert campaign.unit("TF Prenglar Light Cruiser 2").place == Place("White Light", "Gollywog")
    assert campaign.unit("UPF Fighter 1").roster.carried_by == "Gran Quivera Station"
    with pytest.raises(RefereeError, match="militia ships may not be replaced"):
        turn.replace_upf(campaign, TABLES, "Minotaur Militia Assault Scout 3", "Gran Quivera Station")
    assert campaign.unit("TF Prenglar Frigate 1").status == "destroyed"  # still owed at day 40, with the fortresses left then


def test_c130_what_each_kind_of_station_replaces() -> None:
    """C130. As C129, at day 40 with four fortresses and one fortified station (Minotaur): (a) two assault scouts
    at Kdikit: refused; (b) the heavy cruiser at Minotaur: refused; (c) a third small ship at Minotaur: refused;
    (d) a fighter and a scout at Minotaur and the heavy cruiser at Redoubt: allowed."""
    campaign = lost(started(), ["Ken'zah Kit Station", "Hentz Station", "Gran Quivera Station"], day=30)
    campaign = lost(campaign, ["TF Prenglar Assault Scout 1", "TF Prenglar Assault Scout 2", "TF Prenglar Assault Scout 3", "UPF Fighter 1", "UPF Fighter 2", "TF Cassidine Heavy Cruiser"], day=35)
    campaign = at_step(phase(campaign, 40), "upf-move", 41)
    with pytest.raises(RefereeError, match="replaces one ship larger than an assault scout"):
        turn.replace_upf(campaign, TABLES, "TF Prenglar Assault Scout 1", "Fortress Kdikit")
    with pytest.raises(RefereeError, match="replaces two assault scouts, two fighters"):
        turn.replace_upf(campaign, TABLES, "TF Cassidine Heavy Cruiser", "Minotaur Station")
    campaign = turn.replace_upf(campaign, TABLES, "UPF Fighter 1", "Minotaur Station").campaign
    campaign = turn.replace_upf(campaign, TABLES, "TF Prenglar Assault Scout 1", "Minotaur Station").campaign
    with pytest.raises(RefereeError, match="no replacement is owed at the Minotaur Station"):
        turn.replace_upf(campaign, TABLES, "TF Prenglar Assault Scout 2", "Minotaur Station")
    assert turn.replace_upf(campaign, TABLES, "TF Cassidine Heavy Cruiser", "Fortress Redoubt").campaign.unit("TF Cassidine Heavy Cruiser").active


def test_c131_only_ships_destroyed_are_replaced_never_more() -> None:
    """C131. "Both players may only replace ships that have been destroyed; they can never increase their fleets
    beyond their original size." With one frigate lost and four fortresses left, only that frigate comes back: a
    battleship still afloat is not a replacement, nor is a misjumped ship (not destroyed)."""
    campaign = lost(lost(started(), ["TF Prenglar Frigate 1"], day=10), ["TF Prenglar Frigate 2"], "misjump", day=11)
    campaign = at_step(phase(campaign, 20), "upf-move", 21)
    with pytest.raises(RefereeError, match="not a destroyed UPF ship"):
        turn.replace_upf(campaign, TABLES, "TF Prenglar Battleship", "Fortress Kdikit")
    with pytest.raises(RefereeError, match="not a destroyed UPF ship"):
        turn.replace_upf(campaign, TABLES, "TF Prenglar Frigate 2", "Fortress Kdikit")
    assert turn.replace_upf(campaign, TABLES, "TF Prenglar Frigate 1", "Fortress Kdikit").campaign.unit("TF Prenglar Frigate 1").active


def test_c132_a_fortress_destroyed_before_the_phase_gives_nothing() -> None:
    """C132. "For each fortress that has not been destroyed by the Sathar": Fortress Redoubt destroyed in step 3
    of day 20 does not count at that night's phase."""
    campaign = lost(lost(started(), ["TF Prenglar Frigate 1"], day=10), ["Fortress Redoubt"], day=20)
    owed = {a.station for a in phase(campaign, 20).allowances if a.size == "large"}
    assert owed == {"Fortress Gollwin", "Fortress Kdikit", "Fortress Pale"}


def test_c133_shatter_drones_two_frigates_each_before_the_first_turn() -> None:
    """C133. "Before the first turn, each player chooses two of his frigates to be shatter drones. The UPF can use
    either Spacefleet or militia frigates." (a) two Sathar frigates; (b) a TF Prenglar frigate and the Outer Reach
    militia frigate; (c) a destroyer: refused; (d) a third frigate on day 5: refused."""
    campaign = war(shatter_drones=True)
    campaign = setup.choose_drones(campaign, "Sathar", ["Sathar Frigate 1", "Sathar Frigate 2"]).campaign
    campaign = setup.choose_drones(campaign, "UPF", ["TF Prenglar Frigate 1", "Outer Reach Militia Frigate 1"]).campaign
    assert sum(1 for u in campaign.units if u.drone and u.side == "Sathar") == 2
    with pytest.raises(RefereeError, match="not a UPF frigate"):
        setup.choose_drones(campaign, "UPF", ["TF Prenglar Destroyer 1", "TF Prenglar Frigate 2"])
    with pytest.raises(RefereeError, match="chosen before the first turn"):
        setup.choose_drones(at_step(campaign, "sathar-move", 5), "Sathar", ["Sathar Frigate 2", "Sathar Frigate 3"])


def test_c136_drones_fighters_and_militia_are_not_counted_for_condition_5() -> None:
    """C136. "It is not counted as a destroyed ship for victory conditions"; "Fighters and Militia ships are not
    counted toward this condition." End of day 30: Sathar 4 destroyers (+ a drone, 7 fighters) against UPF a
    light cruiser and 2 frigates (+ a drone, 3 militia scouts, 2 fighters): 4 > 3, met."""
    campaign = started(retreat=5)
    campaign = lost(campaign, [f"Sathar Destroyer {n}" for n in range(1, 5)] + [f"Sathar Fighter {n}" for n in range(1, 8)], day=25)
    campaign = lost(campaign, ["Sathar Frigate 1", "TF Prenglar Frigate 3"], "detonated", day=25)
    campaign = lost(campaign, ["TF Prenglar Light Cruiser 1", "TF Prenglar Frigate 1", "TF Prenglar Frigate 2", "UPF Fighter 1", "UPF Fighter 2"], day=26)
    campaign = lost(campaign, ["Minotaur Militia Assault Scout [1-3]"], day=26)
    assert (victory.combat_losses(campaign, "Sathar"), victory.combat_losses(campaign, "UPF")) == (4, 3)
    assert "retreat condition 5 is met" in turn.advance(at_step(campaign, "upf-attacks", 30), TABLES).campaign.outcome


def test_c137_a_drone_shot_down_is_a_frigate_lost_in_combat() -> None:
    """C137. "A detonated shatter drone is completely destroyed. It is not counted as a destroyed ship for victory
    conditions, and it cannot be replaced." A drone shot down before it detonates was not detonated: it counts as
    a frigate destroyed in combat, is rolled for, and comes back as a frigate - not a drone, for the two drones
    are chosen "Before the first turn"."""
    campaign = war(shatter_drones=True)
    campaign = setup.choose_drones(campaign, "Sathar", ["Sathar Frigate 1", "Sathar Frigate 2"]).campaign
    campaign = setup.choose_drones(campaign, "UPF", ["TF Prenglar Frigate 1", "TF Prenglar Frigate 2"]).campaign
    campaign = put(campaign, ["Sathar Frigate 1"], Place("Prenglar"))._replace(retreat_condition=5)
    campaign = battles.declare(at_step(campaign, "upf-attacks", 23), TABLES, "Prenglar", "Gran Quivera").campaign
    campaign = battles.record(campaign, "Sathar Frigate 1", Outcome(destroyed=True)).campaign
    assert victory.combat_losses(campaign, "Sathar") == 1
    frigate = phase(campaign, 40, {"Sathar Frigate 1": "20"}).unit("Sathar Frigate 1")
    assert frigate.status == "off-map" and not frigate.drone
    upf = at_step(phase(lost(campaign, ["TF Prenglar Frigate 1"], day=23), 40), "upf-move", 41)
    back = turn.replace_upf(upf, TABLES, "TF Prenglar Frigate 1", "Fortress Gollwin").campaign
    assert back.unit("TF Prenglar Frigate 1").active and not back.unit("TF Prenglar Frigate 1").drone
    assert campaign_file.from_dict(campaign_file.to_dict(back), TABLES) == back


def test_c163_a_replacement_is_placed_where_the_sathar_are() -> None:
    """C163. "These replacements are placed on the map at the start of the next turn at the appropriate station
    or fortress": a frigate owed at Fortress Kdikit is placed there on day 21 though a Sathar fleet entered
    Madderly's Star that morning; it may leave, or stay and be attacked."""
    campaign = at_step(phase(lost(started(), ["TF Prenglar Frigate 1"], day=10), 20), "upf-move", 21)
    campaign = put(campaign, ["Sathar Destroyer 1", "Sathar Destroyer 2"], Place("Madderly's Star"))
    campaign = turn.replace_upf(campaign, TABLES, "TF Prenglar Frigate 1", "Fortress Kdikit").campaign
    assert campaign.unit("TF Prenglar Frigate 1").place == Place("Madderly's Star", "Kdikit")
    from referee.sathar_war import movement

    left = movement.move(campaign, TABLES, ["TF Prenglar Frigate 1"], toward="Cassidine").campaign
    assert left.unit("TF Prenglar Frigate 1").place.on_route  # type: ignore[union-attr]
