"""The Second Sathar War's turn sequence, time track, strategic movement, risk jumps and misjumps, case
by case as a reader of the campaign book worked them by hand (cases C023-C044 and C165). Each test names
its case and quotes the sentence it rests on; the outcome asserted is the book's.

The reader laid routes out as an illustration (Prenglar-Cassidine: 8 boxes, the Prenglar->Cassidine jump
box the 4th). Where a day count depends on the layout, the tests use the program's map (light-years + 1
boxes, the jump boxes in the middle: Prenglar-Cassidine 8 boxes, the jump box toward Cassidine the 5th)
and re-work the days by hand from the book's rates; each such test says so."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.sathar_war import battles, movement, setup, turn, victory
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import MAP, at_step, move, put, started, war
from tests.helpers.tables import TABLES

# ---------------------------------------------------------------------- the turn sequence and the time track


def test_c023_the_steps_of_a_day_in_the_books_order() -> None:
    """C023. "1. Sathar reinforcements are placed on the map. Sathar ships are moved. 2. UPF reinforcements
    are placed on the map. UPF ships are moved. 3. Sathar player declares any attacks ... 4. UPF player
    declares any attacks ... 5. The Time Record is advanced to the next turn." A UPF move before the
    Sathar move, and a UPF attack in the Sathar attack step, are refused."""
    campaign = movement.move(started(), TABLES, ["Sathar Destroyer *"], toward="Prenglar").campaign
    campaign = movement.move(campaign, TABLES, ["Sathar Frigate *", "Sathar Light Cruiser *"], toward="Fromeltar").campaign
    with pytest.raises(RefereeError, match="UPF ships move in step 'upf-move'; the campaign is at 'sathar-move'"):
        movement.move(campaign, TABLES, ["Task Force Prenglar"], toward="Cassidine")
    steps = [campaign.step]
    for _ in range(4):
        campaign = turn.advance(campaign, TABLES).campaign
        steps.append(campaign.step)
    assert steps == ["sathar-move", "upf-move", "sathar-attacks", "upf-attacks", "sathar-move"]
    sathar_step = put(at_step(started(), "sathar-attacks", 5), ["Sathar Destroyer 1"], Place("Prenglar"))
    declared = battles.declare(sathar_step, TABLES, "Prenglar", "Gran Quivera").campaign
    assert declared.fights[0].attacker == "Sathar"  # in step 3 the attack declared is the Sathar's
    with pytest.raises(RefereeError, match="attacks are declared in steps sathar-attacks and upf-attacks"):
        battles.declare(at_step(sathar_step, "upf-move", 5), TABLES, "Prenglar", "Gran Quivera")


@pytest.mark.parametrize(("day", "after"), [(9, (0, 10)), (10, (10, 1)), (19, (10, 10)), (20, (20, 1))])
def test_c024_the_time_record_track_day_ten_to_day_eleven(day: int, after: tuple[int, int]) -> None:
    """C024. "When day 10 is reached, the marker is moved back to day 1 and the "Tenday" marker is placed
    over the 10 in the Tenday column. This indicates that it actually is day 11 of the war." Day 10 is
    (Tenday none, Day 10); day 11 is (Tenday 10, Day 1); day 20 is (10, 10); day 21 is (20, 1)."""
    campaign = turn.advance(at_step(started(), "upf-attacks", day), TABLES).campaign
    assert (campaign.day, campaign.tenday) == (day + 1, after)


def test_c025_the_day_moves_on_only_at_the_end_of_the_day() -> None:
    """C025. "At the end of each turn, the "Day" counter is moved to the next square on the track": a battle
    in step 3, however long, leaves the day as it is; the Day marker moves at step 5, after step 4."""
    campaign = at_step(started(), "sathar-attacks", 7)
    campaign = turn.advance(campaign, TABLES).campaign
    assert (campaign.day, campaign.step) == (7, "upf-attacks")
    assert turn.advance(campaign, TABLES).campaign.day == 8


# ---------------------------------------------------------------------- transit boxes


def test_c026_one_box_a_day_prenglar_to_cassidine() -> None:
    """C026. "A fleet, task force or individual ship can leave a star system by moving into an adjacent
    transit box. On each following day, it advances into the next transit box"; "A ship normally moves only
    one transit box per turn." Day 3 into the first box; 8 boxes, then the starburst: Cassidine on day 11
    (re-worked on the program's map, 8 boxes as the reader laid out). A second move on one day is refused."""
    campaign = at_step(war(), "upf-move", 3)
    campaign = move(campaign, ["TF Prenglar Light Cruiser 1"], toward="Cassidine")
    boxes = [campaign.unit("TF Prenglar Light Cruiser 1").place.box]  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="moved today already"):
        movement.move(campaign, TABLES, ["TF Prenglar Light Cruiser 1"])
    for _day in range(4, 12):
        campaign = move(campaign, ["TF Prenglar Light Cruiser 1"])
        boxes.append(campaign.unit("TF Prenglar Light Cruiser 1").place.box)  # type: ignore[union-attr]
    assert boxes == [1, 2, 3, 4, 5, 6, 7, 8, 0]  # days 3..10 in boxes 1..8; day 11 in Cassidine
    assert campaign.unit("TF Prenglar Light Cruiser 1").place.where == "Cassidine"  # type: ignore[union-attr]


def test_c027_a_jump_box_pointing_the_other_way_is_an_ordinary_box() -> None:
    """C027. "When the ship(s) enter a dark blue box marked with an arrow pointing in the same direction that
    the ships are traveling, those ships have jumped ... Dark blue transit boxes with arrows pointing in the
    opposite direction of a ship's travel are treated as normal transit boxes." On the program's map the
    Cassidine->Prenglar jump box is the 4th from Prenglar and the Prenglar->Cassidine one the 5th: a frigate
    bound for Cassidine passes the 4th without jumping (at three boxes a day it does not stop there), and
    jumps on entering the 5th."""
    route = MAP.between("Prenglar", "Cassidine")
    assert (route.jump_box("Cassidine"), route.jump_box("Prenglar")) == (5, 4)
    slow = at_step(war(), "upf-move", 1)
    for _ in range(4):
        slow = move(slow, ["TF Prenglar Frigate 1"], toward="Cassidine")
    assert slow.unit("TF Prenglar Frigate 1").place == Place("Prenglar - Cassidine", box=4, toward="Cassidine")  # not jumped
    fast = move(at_step(war(), "upf-move", 1), ["TF Prenglar Frigate 1"], toward="Cassidine", rate=3)
    fast = move(fast, ["TF Prenglar Frigate 1"], roll="10")
    assert fast.unit("TF Prenglar Frigate 1").place == Place("Prenglar - Cassidine", box=5, toward="Cassidine", rate=3, jumped=True)


def test_c028_turning_back_before_the_jump_one_box_a_day() -> None:
    """C028. "If a player decides that a ship should stay where it is and not jump to another system, it must
    decelerate back toward the star at the rate of one transit box per day." From the 3rd box: 2nd on day 5,
    1st on day 6, Prenglar on day 7; straight back into Prenglar in one day is refused."""
    campaign = at_step(war(), "upf-move", 3)
    for _ in range(3):
        campaign = move(campaign, ["TF Prenglar Destroyer 1"], toward="Cassidine")
    with pytest.raises(RefereeError, match="decelerate at one box a day"):
        move(campaign, ["TF Prenglar Destroyer 1"], toward="Prenglar", rate=3)
    places = []
    for _ in range(3):
        campaign = move(campaign, ["TF Prenglar Destroyer 1"], toward="Prenglar")
        places.append(campaign.unit("TF Prenglar Destroyer 1").place)
    assert [p.box for p in places] == [2, 1, 0] and places[-1].where == "Prenglar"  # type: ignore[union-attr]


def test_c029_coasting_for_any_number_of_days_then_either_way() -> None:
    """C029. "A ship in a transit box can stop accelerating and coast, maintaining its speed, for any number
    of turns. The ship can resume moving along the transit box track in either direction on any turn." An
    assault scout in the 2nd box stays there days 9-11, then goes on to the 3rd, or back to the 1st."""
    campaign = put(at_step(war(), "upf-move", 9), ["TF Prenglar Assault Scout 1"], Place("Prenglar - Cassidine", box=2, toward="Cassidine"))
    for day in (9, 10, 11):
        campaign = turn.advance(turn.advance(at_step(campaign, "sathar-attacks", day), TABLES).campaign, TABLES).campaign
    campaign = at_step(campaign, "upf-move", 12)
    assert campaign.unit("TF Prenglar Assault Scout 1").place.box == 2  # type: ignore[union-attr]
    assert move(campaign, ["TF Prenglar Assault Scout 1"]).unit("TF Prenglar Assault Scout 1").place.box == 3  # type: ignore[union-attr]
    back = move(campaign, ["TF Prenglar Assault Scout 1"], toward="Prenglar").unit("TF Prenglar Assault Scout 1").place
    assert (back.box, back.toward) == (1, "Prenglar")  # type: ignore[union-attr]


def test_c030_no_battle_in_a_transit_box() -> None:
    """C030. "Sathar and UPF ships can occupy the same transit box without having any sort of encounter";
    "Combat never takes place on the Deployment Map": a Sathar fleet and TF Prenglar in one box are not a
    battle, and an attack declared there is refused."""
    box = Place("Prenglar - Cassidine", box=6, toward="Cassidine")
    campaign = put(put(at_step(started(), "sathar-attacks", 12), ["Sathar Destroyer [1-4]"], box), ["Task Force Prenglar"], box)
    assert battles.contested(campaign) == []
    with pytest.raises(RefereeError, match="no star system called"):
        battles.declare(campaign, TABLES, "Prenglar - Cassidine")


def test_c031_upf_ships_avoid_a_battle_by_leaving_the_system() -> None:
    """C031. "If Sathar ships enter a system space during Sathar movement, UPF ships in that space can avoid
    combat by moving to a transit box during the UPF move, since combat is declared after each side has
    moved." The two destroyers leave Dramune; the Sathar may still attack the Inner Reach station, not them."""
    campaign = put(war(), ["UPF Destroyer 1", "UPF Destroyer 2"], Place("Dramune", "Inner Reach"))
    campaign = put(at_step(campaign, "upf-move", 6), ["Sathar Destroyer [1-6]"], Place("Dramune"))
    campaign = move(campaign, ["UPF Destroyer 1", "UPF Destroyer 2"], toward="Fromeltar")
    fight = battles.declare(at_step(campaign, "sathar-attacks", 6), TABLES, "Dramune", "Inner Reach").campaign.fights[0]
    assert "Inner Reach Station" in fight.ships and "UPF Destroyer 1" not in fight.ships and "UPF Destroyer 2" not in fight.ships


def test_c032_a_ship_with_hull_damage_moves_one_box_a_day() -> None:
    """C032. "A ship with unrepaired hull damage may never move more than one transit box per turn": TF
    Cassidine's heavy cruiser, 12 hull points down, may not risk-jump toward Prenglar."""
    campaign = at_step(war(), "upf-move", 14)
    cruiser = campaign.unit("TF Cassidine Heavy Cruiser")
    campaign = campaign.with_units([cruiser._replace(roster=cruiser.roster._replace(hull=cruiser.roster.hull_start - 12))])
    with pytest.raises(RefereeError, match="unrepaired hull damage may never move more than one transit box"):
        move(campaign, ["TF Cassidine Heavy Cruiser"], toward="Prenglar", rate=2)
    assert move(campaign, ["TF Cassidine Heavy Cruiser"], toward="Prenglar").unit("TF Cassidine Heavy Cruiser").place.box == 8  # type: ignore[union-attr]


def test_c033_every_ship_begins_in_a_system_or_a_start_circle() -> None:
    """C033. "All ships begin the game in a star system or Sathar Start Circle": a non-attached light cruiser
    is not placed in a transit box, nor Sathar destroyers in the red box next to Fromeltar."""
    with pytest.raises(RefereeError, match="no planet called"):
        setup.place_upf(war(), ["UPF Light Cruiser 1"], "Prenglar - Cassidine")
    with pytest.raises(RefereeError, match="no start circle called"):
        setup.place_sathar(war(), ["Sathar Destroyer [1-3]"], "Fromeltar Start Circle - Fromeltar")


# ---------------------------------------------------------------------- risk jumps


@pytest.mark.parametrize(
    ("ship", "toward", "allowed"),
    [
        ("TF Prenglar Battleship", "Cassidine", [1, 2]),
        ("TF Prenglar Assault Carrier", "Cassidine", [1, 2]),
        ("TF Cassidine Heavy Cruiser", "Prenglar", [1, 2]),
        ("TF Prenglar Light Cruiser 1", "Cassidine", [1, 2, 3]),
        ("TF Prenglar Destroyer 1", "Cassidine", [1, 2, 3]),
        ("TF Prenglar Frigate 1", "Cassidine", [1, 2, 3]),
        ("TF Prenglar Assault Scout 1", "Cassidine", [1, 2, 3]),
        ("TF Prenglar Minelayer", "Cassidine", [1]),
    ],
)
def test_c034_the_rates_each_class_may_move_at(ship: str, toward: str, allowed: list[int]) -> None:
    """C034. "Ships with an ADF of 2 or more can move two transit boxes per day. Ships with an ADF of 3 or
    more can move three transit boxes per day. No ship can move more than three transit boxes per day."
    Advanced figures: battleship, assault carrier and heavy cruiser ADF 2; light cruiser and destroyer 3;
    frigate 4; assault scout 5 (still three at most); minelayer 1 (no risk jump)."""
    campaign = at_step(war(), "upf-move", 2)
    assert movement.rates(campaign, [campaign.unit(ship)], toward) == allowed
    with pytest.raises(RefereeError, match="no ship can move more than three"):
        move(campaign, [ship], toward=toward, rate=4)


def test_c034_stations_never_move() -> None:
    """C034. Stations have ADF 0: "Stations and fortresses must be in orbit around their planets"."""
    with pytest.raises(RefereeError, match="stations stay in orbit"):
        move(at_step(war(), "upf-move", 2), ["Gran Quivera Station"], toward="Cassidine")


def to_jump(campaign: Campaign, ships: list[str], toward: str, rate: int, roll: str, side: str = "UPF") -> Campaign:
    """The ships go at ``rate`` until they enter their jump box (the roll is made there)."""
    first = campaign.named(ships)[0].name
    campaign = move(campaign, ships, roll=roll, side=side, toward=toward, rate=rate)
    while campaign.unit(first).active and not campaign.unit(first).place.jumped:  # type: ignore[union-attr]
        campaign = move(campaign, ships, roll=roll, side=side)
    return campaign


@pytest.mark.parametrize(
    ("ship", "place", "toward", "rate", "roll", "safe"),
    [
        ("TF Prenglar Frigate 1", Place("Prenglar", "Morgaine's World"), "Cassidine", 3, "70", True),
        ("TF Prenglar Frigate 1", Place("Prenglar", "Morgaine's World"), "Cassidine", 3, "71", False),
        ("TF Prenglar Battleship", Place("Prenglar", "Morgaine's World"), "Cassidine", 2, "95", True),
        ("TF Prenglar Battleship", Place("Prenglar", "Morgaine's World"), "Cassidine", 2, "96", False),
        ("Sathar Destroyer 1", Place("Prenglar"), "Cassidine", 2, "90", True),
        ("Sathar Destroyer 1", Place("Prenglar"), "Cassidine", 3, "71", False),
        ("Outer Reach Militia Frigate 1", Place("Dramune", "Outer Reach"), "Cassidine", 2, "70", True),
        ("Outer Reach Militia Assault Scout 1", Place("Dramune", "Outer Reach"), "Cassidine", 3, "51", False),
    ],
)
def test_c035_the_misjump_table(ship: str, place: Place, toward: str, rate: int, roll: str, safe: bool) -> None:
    """C035. "UPF Battleship 95% 90% / UPF Ship (except battleship) 90% 70% / Sathar Warship 90% 70% / Frontier
    Militia 70% 50%"; "The player controlling the jumping ship must roll a number equal to or less than the
    safe jump probability ... This roll is made once, when the ship enters the jump box." """
    side = "Sathar" if ship.startswith("Sathar") else "UPF"
    campaign = put(at_step(started(), "upf-move", 2), [ship], place)
    campaign = to_jump(campaign, [ship], toward, rate, roll, side)
    assert campaign.unit(ship).status == ("active" if safe else "misjumped")


def test_c035_no_roll_at_one_box_a_day_nor_while_decelerating() -> None:
    """C035. The roll is made "when the ship enters the jump box" of a risk jump: none at one box a day, and
    none while decelerating after the jump."""
    campaign = at_step(war(), "upf-move", 2)
    for _ in range(9):
        campaign = move(campaign, ["TF Prenglar Frigate 1"], toward="Cassidine")
    assert campaign.unit("TF Prenglar Frigate 1").place.where == "Cassidine"  # type: ignore[union-attr]
    assert not any(e.rolls for e in campaign.log)
    fast = to_jump(at_step(war(), "upf-move", 2), ["TF Prenglar Frigate 1"], "Cassidine", 3, "5")
    rolled = sum(1 for e in fast.log if e.rolls)
    fast = move(move(fast, ["TF Prenglar Frigate 1"]), ["TF Prenglar Frigate 1"])
    assert fast.unit("TF Prenglar Frigate 1").place.where == "Cassidine" and sum(1 for e in fast.log if e.rolls) == rolled == 1  # type: ignore[union-attr]


def days_of(campaign: Campaign, ship: str, rate: int, after: int | None = None) -> list[Place]:
    """Where the ship ends each day, bound for Cassidine at ``rate`` (``after``: the rate after the jump)."""
    places = []
    campaign = move(campaign, [ship], roll="1", toward="Cassidine", rate=rate)
    places.append(campaign.unit(ship).place)
    while campaign.unit(ship).place.on_route:  # type: ignore[union-attr]
        slower = after if after and campaign.unit(ship).place.jumped else None  # type: ignore[union-attr]
        campaign = move(campaign, [ship], roll="1", rate=slower)
        places.append(campaign.unit(ship).place)
    return places  # type: ignore[return-value]


def test_c036_a_risk_jump_stops_in_its_jump_box_and_stops_again_at_the_starburst() -> None:
    """C036. "A ship using accelerated movement must travel at the increased rate from the time it enters the
    first transit box until it reaches the jump point. The ship must stop moving for the turn when it enters
    its Jump Box ..., even if the ship has moved only one or two boxes this turn. After the ship makes the
    jump, it can decelerate at the increased rate or at a lower rate. Ships decelerating more than one
    transit box per turn must stop as soon as they enter the system's starburst symbol." Re-worked on the
    program's map (8 boxes, jump box the 5th): (a) RJ 3 from day 10: boxes 1-3, then 4-5 (stop), 6-8, then
    Cassidine on day 13; (b) RJ 2: 1-2, 3-4, 5 (stop), 6-7, then 8 and Cassidine on day 14; at one box a day
    it arrives on day 18; after the jump it may slow to one box a day."""
    campaign = at_step(war(), "upf-move", 10)
    three = days_of(campaign, "TF Prenglar Light Cruiser 1", 3)
    assert [p.box for p in three] == [3, 5, 8, 0] and three[-1].where == "Cassidine"  # days 10-13
    two = days_of(campaign, "TF Prenglar Light Cruiser 1", 2)
    assert [p.box for p in two] == [2, 4, 5, 7, 0]  # days 10-14
    one = days_of(campaign, "TF Prenglar Light Cruiser 1", 1)
    assert len(one) == 9  # days 10-18
    slowed = days_of(campaign, "TF Prenglar Light Cruiser 1", 2, after=1)
    assert [p.box for p in slowed] == [2, 4, 5, 6, 7, 8, 0]


def test_c037_a_risk_jump_is_declared_from_the_first_box() -> None:
    """C037. "A ship using accelerated movement must travel at the increased rate from the time it enters the
    first transit box until it reaches the jump point": a frigate that moved into the first box at one box a
    day may not go three a day on day 4; it goes on at one box a day (and a risk-jumper may not slow down)."""
    campaign = move(at_step(war(), "upf-move", 3), ["TF Prenglar Frigate 1"], toward="Cassidine")
    with pytest.raises(RefereeError, match="keep the rate they set out at"):
        move(campaign, ["TF Prenglar Frigate 1"], rate=3)
    fast = move(at_step(war(), "upf-move", 3), ["TF Prenglar Frigate 1"], toward="Cassidine", rate=3)
    with pytest.raises(RefereeError, match="keep the rate they set out at"):
        move(fast, ["TF Prenglar Frigate 1"], rate=1)


def test_c038_the_rosters_advanced_adf_decides() -> None:
    """C038. "Each ship should be outfitted with the weapons, defenses, DCR and movement capabilities
    recommended in the Basic or Advanced Game rules": the program's rosters are the Advanced Game's, so a
    Sathar heavy cruiser (ADF 2) may risk-jump two boxes a day from Fromeltar toward Dramune."""
    campaign = put(at_step(started(), "sathar-move", 9), ["Sathar Heavy Cruiser 1"], Place("Fromeltar"))
    assert campaign.unit("Sathar Heavy Cruiser 1").roster.adf == 2
    moved = move(campaign, ["Sathar Heavy Cruiser 1"], side="Sathar", toward="Dramune", rate=2)
    assert moved.unit("Sathar Heavy Cruiser 1").place == Place("Fromeltar - Dramune", box=2, toward="Dramune", rate=2)


def test_c039_a_drive_hit_lowers_the_rate() -> None:
    """C039. "Ships with an ADF of 2 or more can move two transit boxes per day": a Sathar light cruiser that
    lost 2 of its 3 ADF (no hull damage) has ADF 1 now and moves one box a day."""
    campaign = put(at_step(started(), "sathar-move", 15), ["Sathar Light Cruiser 1"], Place("Kizk-Kar"))
    cruiser = campaign.unit("Sathar Light Cruiser 1")
    campaign = campaign.with_units([cruiser._replace(roster=cruiser.roster._replace(adf=1))])
    with pytest.raises(RefereeError, match=r"needs ADF 2 or more: Sathar Light Cruiser 1 \(ADF 1\)"):
        move(campaign, ["Sathar Light Cruiser 1"], side="Sathar", toward="Fromeltar", rate=2)


BOOK_GROUP = ["TF Prenglar Battleship", "TF Prenglar Destroyer 1", "TF Prenglar Destroyer 2", "UPF Destroyer 1", "Terledrom Militia Frigate", "Terledrom Militia Assault Scout 1"]


def at_fromeltar(ships: list[str]) -> Campaign:
    return put(at_step(war(), "upf-move", 8), ships, Place("Fromeltar", "Terledrom"))


@pytest.mark.parametrize(("roll", "arrive"), [("95", True), ("96", False)])
def test_c040_interlocked_computers_the_books_example(roll: str, arrive: bool) -> None:
    """C040. "EXAMPLE: One UPF battleship, three destroyers and two militia ships at Fromeltar are moving two
    transit boxes per day toward Dramune. ... If the player rolls 95 or less on d100, the entire group reaches
    its destination safely." One roll for the six: 95 all arrive; 96 all misjump, lost for the war."""
    campaign = to_jump(at_fromeltar(BOOK_GROUP), BOOK_GROUP, "Dramune", 2, roll)
    assert {campaign.unit(n).status for n in BOOK_GROUP} == {"active" if arrive else "misjumped"}


def test_c041_an_interlocked_group_uses_its_best_astrogator() -> None:
    """C041. "Ships that are traveling together can interlock their computers and share one astrogator's
    jump calculations": a UPF light cruiser with two Terledrom militia assault scouts, at two boxes a day,
    roll 85: the light cruiser's astrogator (90%) takes them all through. Rolled separately, the militia
    need 70 or less."""
    ships = ["TF Prenglar Light Cruiser 1", "Terledrom Militia Assault Scout 1", "Terledrom Militia Assault Scout 2"]
    together = to_jump(at_fromeltar(ships), ships, "Dramune", 2, "85")
    assert {together.unit(n).status for n in ships} == {"active"}
    alone = at_fromeltar(ships)
    alone = move(move(alone, ships, toward="Dramune", rate=2), ships)
    alone = movement.move(at_step(alone, "upf-move"), TABLES, ships, groups=[[n] for n in ships], rolled=dict.fromkeys(ships, "85")).campaign
    assert [alone.unit(n).status for n in ships] == ["active", "misjumped", "misjumped"]


def test_c042_a_group_goes_at_its_slowest_ships_rate() -> None:
    """C042. "Ships with an ADF of 3 or more can move three transit boxes per day": the book's group may not go
    three boxes a day with its battleship (ADF 2); without it, it may (at 70%)."""
    with pytest.raises(RefereeError, match=r"ADF 3 or more: TF Prenglar Battleship \(ADF 2\)"):
        move(at_fromeltar(BOOK_GROUP), BOOK_GROUP, toward="Dramune", rate=3)
    without = BOOK_GROUP[1:4]
    assert move(at_fromeltar(without), without, toward="Dramune", rate=3).unit(without[0]).place.box == 3  # type: ignore[union-attr]


def test_c043_a_stack_split_into_groups_each_rolls_for_itself() -> None:
    """C043. "Ships in a stack can be grouped however the commanding player wants. ... Each group is rolled for
    individually. The failure or success of one group has no effect on the other groups." Group A (battleship
    and two destroyers) rolls 40 (95 needed); group B (a destroyer and the two militia ships, the destroyer's
    astrogator: 90) rolls 91: B misjumps, A arrives."""
    campaign = at_fromeltar(BOOK_GROUP)
    campaign = move(move(campaign, BOOK_GROUP, toward="Dramune", rate=2), BOOK_GROUP)
    groups = [BOOK_GROUP[:3], BOOK_GROUP[3:]]
    after = movement.move(at_step(campaign, "upf-move"), TABLES, BOOK_GROUP, groups=groups, rolled={"TF Prenglar Battleship": "40", "UPF Destroyer 1": "91"}).campaign
    assert [after.unit(n).status for n in BOOK_GROUP] == ["active"] * 3 + ["misjumped"] * 3


def test_c044_a_misjumped_ship_is_lost_for_the_war_and_never_replaced() -> None:
    """C044. "Any ships that misjump during the course of this strategic game are lost for the duration of the
    war"; replacements are rolled for ships "destroyed in combat". A Sathar destroyer misjumped on day 11 is
    not rolled for at the end of day 20; it counts as lost for conditions 1-3, not for condition 5 ("lost ...
    in combat")."""
    campaign = at_step(started(), "sathar-move", 11)
    campaign = victory.lose(campaign, [campaign.unit("Sathar Destroyer 1")], "misjump")
    assert campaign.unit("Sathar Destroyer 1").status == "misjumped"
    assert victory.progress(campaign, 3).startswith("Sathar ships lost, fighters included: 1 of 40")
    assert victory.combat_losses(campaign, "Sathar") == 0
    with pytest.raises(RefereeError, match="not a Sathar ship destroyed in combat"):
        turn.advance(at_step(campaign, "upf-attacks", 20), TABLES, random.Random(0), {"Sathar Destroyer 1": "10"})


def test_c165_strike_force_nova_risk_jumps_at_its_battleships_rate() -> None:
    """C165. "Ships with an ADF of 3 or more can move three transit boxes per day"; "All of the ships get the
    benefit of the battleship's 6th level astrogator." SFN placed at Pale on day 4 may not go three boxes a
    day as a whole (battleship and carrier ADF 2); as a whole at two, it jumps at the battleship's 95%; split,
    the battleship and carrier go at two and the rest at three, rolling at 70%. Its fighters ride the carrier."""
    campaign = setup.place_nova(at_step(started(), "upf-move", 4), TABLES, random.Random(0), "4").campaign
    with pytest.raises(RefereeError, match="ADF 3 or more: SF NOVA Battleship"):
        move(campaign, ["Strike Force NOVA"], toward="Dixon's Star", rate=3)
    whole = to_jump(campaign, ["Strike Force NOVA"], "Dixon's Star", 2, "95")
    assert whole.unit("SF NOVA Frigate 1").active and whole.unit("SF NOVA Fighter 1").place == whole.unit("SF NOVA Assault Carrier").place
    assert "with the SF NOVA Battleship's astrogator" in next(e.text for e in whole.log if "jump" in e.text and e.rolls)
    big = ["SF NOVA Battleship", "SF NOVA Assault Carrier"]
    rest = [u.name for u in campaign.fleet("Strike Force NOVA") if u.name not in big]
    split = move(campaign, big, toward="Dixon's Star", rate=2)
    split = movement.move(split, TABLES, rest, toward="Dixon's Star", rate=3).campaign
    split = move(split, rest, roll="71")  # the jump box at three boxes a day: 70% with a 4th level astrogator
    assert {split.unit(n).status for n in rest} == {"misjumped"}
