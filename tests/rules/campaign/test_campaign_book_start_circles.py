"""The Second Sathar War's start circles, red boxes and the Void, case by case as a reader of the campaign
book worked them by hand (cases C045-C060, C155 and C164). Each test names its case and quotes the
sentence it rests on; the outcome asserted is the book's, or, where the book can be read two ways and the
project's readings (docs/sathar-war.md § Readings) decide it, the reading the program takes (the test says which).

Red paths are the program's map's: 5 boxes into Prenglar, 4 into every other system (the reader's
figures too); box 1 is next to the circle."""

from __future__ import annotations

import pytest

from referee.errors import RefereeError
from referee.sathar_war import battles, repairs, setup, turn, victory
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import MAP, at_step, hurt, move, put, started, war
from tests.helpers.tables import TABLES


def placed(groups: dict[str, list[str]]) -> Campaign:
    campaign = setup.choose_retreat(war(), 3).campaign
    for circle, names in groups.items():
        campaign = setup.place_sathar(campaign, names, circle).campaign
    return campaign


D = [f"Sathar Destroyer {n}" for n in range(1, 16)]
F = [f"Sathar Frigate {n}" for n in range(1, 9)]
LC = [f"Sathar Light Cruiser {n}" for n in range(1, 8)]
HC = [f"Sathar Heavy Cruiser {n}" for n in range(1, 9)]
AC = [f"Sathar Assault Carrier {n}" for n in range(1, 5)]


def test_c045_at_least_twenty_ships_fighters_not_counted() -> None:
    """C045. "the Sathar player must place at least 20 of his ships (not counting fighters) on the FDM. These
    ships must be divided among two or more of the Sathar Start Circles." (a) 19 ships and two carriers'
    fighters: refused; (b) 20 as 10 and 10: allowed; (c) all 42 as 21 and 21: allowed."""
    nineteen = placed({"Prenglar": D[:8] + AC[:2], "Fromeltar": D[8:] + F[:2]})
    assert sum(1 for u in nineteen.units if u.side == "Sathar" and u.active and u.fighter) == 13
    with pytest.raises(RefereeError, match=r"at least 20 ships \(not counting fighters\) before the first turn; 19 placed"):
        turn.advance(nineteen, TABLES)
    assert turn.advance(placed({"Prenglar": D[:10], "Fromeltar": D[10:] + F[:5]}), TABLES).campaign.day == 1
    assert turn.advance(placed({"Prenglar": D + F[:6], "Fromeltar": F[6:] + LC + HC + AC}), TABLES).campaign.day == 1


@pytest.mark.parametrize(
    ("groups", "allowed"),
    [
        ({"Prenglar": D[:11], "Fromeltar": D[11:] + F[:6]}, False),
        ({"Prenglar": D[:10], "Fromeltar": D[10:] + F[:5], "Kizk-Kar": F[5:6]}, True),
        ({"Prenglar": D + F[:5]}, False),
        ({"Prenglar": D[:12], "Fromeltar": D[12:] + F[:4], "Kizk-Kar": F[4:] + LC[:2]}, True),
    ],
)
def test_c046_no_more_than_half_in_one_circle_at_set_up(groups: dict[str, list[str]], allowed: bool) -> None:
    """C046. "The Sathar ships can be distributed among as many start circles as the Sathar player wants, but
    no more than half of the ships placed can be in one start circle." (a) 11 + 10: refused; (b) 10 + 10 + 1:
    allowed; (c) 20 in one circle: refused; (d) 12 + 7 + 6: allowed (12 <= 12.5)."""
    campaign = placed(groups)
    if allowed:
        assert turn.advance(campaign, TABLES).campaign.day == 1
    else:
        with pytest.raises(RefereeError, match="no more than half of the .* Sathar ships on the map may start in one start circle"):
            turn.advance(campaign, TABLES)


def under_way(day: int) -> Campaign:
    """The set-up's 30 Sathar ships out of their circles (in their red boxes), the Sathar move of ``day``."""
    campaign = started()
    moved = [
        u._replace(place=Place(f"{u.place.where} - {u.place.where.removesuffix(' Start Circle')}", box=1, toward=u.place.where.removesuffix(" Start Circle")))
        for u in campaign.units
        if u.active and u.side == "Sathar" and u.place and not u.roster.carried_by
    ]  # type: ignore[union-attr]
    return at_step(campaign.with_units(moved), "sathar-move", day)


def test_c047_reinforcements_and_the_half_limit_the_programs_reading() -> None:
    """C047. "On any turn, however, no more than half of the Sathar ships placed on the map may start in one
    start circle." (a) 3 and 3 in two circles: allowed by every reading. (b) 6 in the Kizk-Kar circle: the
    reader's per-turn reading refuses it; the program reads the limit against every Sathar ship on the map
    (docs/sathar-war.md, Readings: "The start circle limit"), and 6 of 36 is allowed."""
    both = setup.place_sathar(setup.place_sathar(under_way(4), HC[:3], "Kizk-Kar").campaign, HC[3:6], "K'tsa-Kar").campaign
    assert setup.sathar_placement_problems(both) == []
    lumped = setup.place_sathar(under_way(4), HC[:6], "Kizk-Kar").campaign
    assert setup.sathar_placement_problems(lumped) == []


def test_c048_a_lone_reinforcement_is_placed_the_programs_reading() -> None:
    """C048. The same sentence: read per turn, one ship alone in a circle is more than half of one and could
    never come in; the reader flags that result as odd. The program's reading (docs/sathar-war.md, Readings: "The start
    circle limit") lets the lone carrier in."""
    campaign = setup.place_sathar(under_way(7), ["Sathar Assault Carrier 1"], "K'tsa-Kar").campaign
    assert setup.sathar_placement_problems(campaign) == []
    assert turn.advance(move(campaign, ["Sathar Assault Carrier 1"], side="Sathar", toward="K'tsa-Kar"), TABLES).campaign.step == "upf-move"


def test_c049_reinforcements_come_at_the_start_of_the_sathar_move_and_move_at_once() -> None:
    """C049. "can be placed in a start circle at the beginning of the Sathar move on any later turn"; "These
    ships can move as soon as they are placed on the map." (a) placed and moved into the first red box in
    the same step; (b) placing more in the UPF move is refused."""
    campaign = setup.place_sathar(under_way(3), HC[:2], "Fromeltar").campaign
    campaign = setup.place_sathar(campaign, HC[2:4], "Prenglar").campaign
    campaign = move(move(campaign, HC[:2], side="Sathar", toward="Fromeltar"), HC[2:4], side="Sathar", toward="Prenglar")
    assert campaign.unit(HC[0]).place == Place("Fromeltar Start Circle - Fromeltar", box=1, toward="Fromeltar")
    assert campaign.unit(HC[3]).place == Place("Prenglar Start Circle - Prenglar", box=1, toward="Prenglar")
    with pytest.raises(RefereeError, match="beginning of the Sathar move"):
        setup.place_sathar(at_step(campaign, "upf-move", 3), HC[4:6], "Fromeltar")


def test_c050_on_day_one_every_ship_leaves_its_circle_one_box() -> None:
    """C050. "Ships in start circles must be moved into the red transit box adjacent to that start circle on
    the first day. They are limited to moving one box per day until they have entered a star system space."
    (a) Leaving four destroyers in the circle: refused; (b) two red boxes: refused; (c) one box each: allowed."""
    campaign = started()
    others = move(campaign, F + LC, side="Sathar", toward="Fromeltar")
    most = move(others, D[4:], side="Sathar", toward="Prenglar")
    with pytest.raises(RefereeError, match="must move into the red transit box: Sathar Destroyer 1-4"):
        turn.advance(most.with_units([u._replace(moved=True) for u in most.named(D[4:] + F + LC)]), TABLES)
    with pytest.raises(RefereeError, match="one box a day until they reach a system"):
        move(others, D, side="Sathar", toward="Prenglar", rate=2)
    every = movement_day_one(campaign)
    assert turn.advance(every, TABLES).campaign.step == "upf-move"


def movement_day_one(campaign: Campaign) -> Campaign:
    from referee.sathar_war import movement

    campaign = movement.move(campaign, TABLES, D, toward="Prenglar").campaign
    return movement.move(campaign, TABLES, F + LC, toward="Fromeltar").campaign


def daily(campaign: Campaign, ship: str, toward: str, days: int, side: str = "Sathar") -> list[Place]:
    places = []
    for n in range(days):
        campaign = move(campaign, [ship], side=side, toward=toward if n == 0 else "")
        places.append(campaign.unit(ship).place)
    return places  # type: ignore[return-value]


def test_c051_the_red_boxes_a_day_each_prenglar_on_day_six_fromeltar_on_day_five() -> None:
    """C051. "Each of the light red boxes is a transit box, representing one day's travel"; "Sathar ships in
    the Sathar Start Circle or the red transit boxes connected to the start circles cannot decelerate more
    than one transit box per turn." Prenglar's 5 red boxes: boxes 1-5 on days 1-5, Prenglar on day 6 (its
    first attack in step 3 of day 6); Fromeltar's 4: Fromeltar on day 5. No risk jump on a red path."""
    assert (MAP.circle("Prenglar").boxes, MAP.circle("Fromeltar").boxes) == (5, 4)
    campaign = started()
    prenglar = daily(campaign, "Sathar Destroyer 1", "Prenglar", 6)
    assert [p.box for p in prenglar] == [1, 2, 3, 4, 5, 0] and prenglar[-1].where == "Prenglar"
    fromeltar = daily(campaign, "Sathar Frigate 1", "Fromeltar", 5)
    assert [p.box for p in fromeltar] == [1, 2, 3, 4, 0] and fromeltar[-1].where == "Fromeltar"
    on_path = move(campaign, ["Sathar Destroyer 1"], side="Sathar", toward="Prenglar")
    with pytest.raises(RefereeError, match="one box a day until they reach a system"):
        move(on_path, ["Sathar Destroyer 1"], side="Sathar", rate=2)


def test_c052_later_arrivals_slow_down_the_same_way_and_cannot_be_attacked_on_the_way() -> None:
    """C052. As C051: a heavy cruiser and a destroyer placed in the Kizk-Kar circle on day 12 are in red boxes
    1-4 on days 12-15 and in Kizk-Kar on day 16; while in the circle or the red boxes they are in no star
    system space, so Zik-kit's defenders cannot attack them."""
    campaign = under_way(12)
    campaign = campaign.with_units([campaign.unit("Sathar Destroyer 1")._replace(status="off-map", place=None)])  # held back
    campaign = setup.place_sathar(campaign, ["Sathar Heavy Cruiser 1", "Sathar Destroyer 1"], "Kizk-Kar").campaign
    places = []
    for n in range(5):
        campaign = move(campaign, ["Sathar Heavy Cruiser 1", "Sathar Destroyer 1"], side="Sathar", toward="Kizk-Kar" if n == 0 else "")
        places.append(campaign.unit("Sathar Heavy Cruiser 1").place)
        if n < 4:
            assert "Kizk-Kar" not in [c.system for c in battles.contested(campaign)]
    assert [p.box for p in places] == [1, 2, 3, 4, 0] and places[-1].where == "Kizk-Kar"  # type: ignore[union-attr]


def test_c053_ships_in_the_red_boxes_are_not_in_the_systems_starburst() -> None:
    """C053. "The start circle leading to Prenglar, for example, is actually inside the Prenglar system, but
    the ships inside the circle are moving at tremendous speed toward the star"; "If Sathar and UPF ships
    occupy the same starburst at the end of a day, those ships can fight each other." Ten Sathar ships in
    red box 2 of the Prenglar path cannot be attacked by TF Prenglar."""
    campaign = put(at_step(started(), "upf-attacks", 2), D[:10], Place("Prenglar Start Circle - Prenglar", box=2, toward="Prenglar"))
    with pytest.raises(RefereeError, match="both sides are not in Prenglar"):
        battles.declare(campaign, TABLES, "Prenglar", "Morgaine's World")


# ---------------------------------------------------------------------- the Void


def void_day(campaign: Campaign, day: int) -> Campaign:
    """The campaign through the ends of days until the Sathar move of ``day``."""
    while campaign.day < day:
        campaign = turn.advance(at_step(campaign, "upf-attacks", campaign.day), TABLES).campaign
    return campaign


def test_c054_a_damaged_ship_goes_home_through_the_void_six_days() -> None:
    """C054. "To return to a Sathar base, the damaged ship must travel to a Sathar Start Circle and enter the
    Void. The ship counter is then placed on the time track, six days ahead of the Day marker. When the Day
    marker reaches the box the Sathar ship is in, that ship is placed in a Sathar Start Circle, completely
    repaired." A destroyer with 20 hull damage and a laser battery lost leaves Fromeltar on day 3: red boxes
    4, 3, 2, 1 on days 3-6, the circle on day 7, into the Void that day; back on day 13, fully repaired, able
    to move that day."""
    campaign = put(at_step(started(), "sathar-move", 3), ["Sathar Destroyer 1"], Place("Fromeltar"))
    destroyer = campaign.unit("Sathar Destroyer 1")
    campaign = campaign.with_units([destroyer._replace(roster=destroyer.roster._replace(hull=30).with_system(destroyer.roster.system("LB")._replace(state="destroyed")))])
    places = []
    for day in range(3, 8):
        campaign = move(at_step(campaign, "sathar-move", day), ["Sathar Destroyer 1"], side="Sathar", toward="Fromeltar Start Circle" if day == 3 else "")
        places.append(campaign.unit("Sathar Destroyer 1").place)
    assert [p.box for p in places] == [4, 3, 2, 1, 0] and places[-1] == Place("Fromeltar Start Circle")  # type: ignore[union-attr]
    campaign = repairs.enter_void(campaign, ["Sathar Destroyer 1"]).campaign
    assert campaign.unit("Sathar Destroyer 1").returns == 13
    assert not void_day(campaign, 12).unit("Sathar Destroyer 1").active
    back = void_day(campaign, 13)
    roster = back.unit("Sathar Destroyer 1").roster
    assert back.step == "sathar-move" and back.unit("Sathar Destroyer 1").active and roster.hull == 50 and roster.system("LB").state == "working"
    assert move(back, ["Sathar Destroyer 1"], side="Sathar", toward="Fromeltar").unit("Sathar Destroyer 1").place.box == 1  # type: ignore[union-attr]


def test_c055_an_undamaged_ship_does_not_enter_the_void() -> None:
    """C055. "To return to a Sathar base, the damaged ship must travel to a Sathar Start Circle and enter the
    Void": an undamaged heavy cruiser in the Kizk-Kar circle, no retreat, is refused."""
    campaign = put(at_step(started(), "sathar-move", 9), ["Sathar Heavy Cruiser 1"], Place("Kizk-Kar Start Circle"))
    with pytest.raises(RefereeError, match="the Sathar Heavy Cruiser 1 is undamaged"):
        repairs.enter_void(campaign, ["Sathar Heavy Cruiser 1"])


def test_c056_a_ship_reaches_a_start_circle_before_it_enters_the_void() -> None:
    """C056. "the damaged ship must travel to a Sathar Start Circle and enter the Void": a damaged light cruiser
    in Prenglar is refused; leaving on day 10 it is in red box 5 that day and in the circle on day 15 (one box a
    day), into the Void and back on day 21."""
    campaign = hurt(put(at_step(started(), "sathar-move", 10), ["Sathar Light Cruiser 1"], Place("Prenglar")), "Sathar Light Cruiser 1", 50)
    with pytest.raises(RefereeError, match="is not in a Sathar Start Circle"):
        repairs.enter_void(campaign, ["Sathar Light Cruiser 1"])
    places = daily(campaign, "Sathar Light Cruiser 1", "Prenglar Start Circle", 6)
    assert [p.box for p in places] == [5, 4, 3, 2, 1, 0]  # days 10-15
    campaign = put(campaign, ["Sathar Light Cruiser 1"], Place("Prenglar Start Circle"))._replace(day=15)
    assert repairs.enter_void(campaign, ["Sathar Light Cruiser 1"]).campaign.unit("Sathar Light Cruiser 1").returns == 21


def test_c057_the_void_across_a_tenday_the_carriers_fighters_with_it() -> None:
    """C057. As C054: two destroyers and an assault carrier with 5 fighters, all damaged, enter the Void from the
    K'tsa-Kar circle on day 18 (Tenday 10, Day 8); they come back together on day 24 (Tenday 20, Day 4),
    completely repaired, the fighters aboard; the Sathar player may set them down in another start circle."""
    ships = ["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Assault Carrier 1"]
    campaign = put(at_step(started(), "sathar-move", 18), ships, Place("K'tsa-Kar Start Circle"))
    for ship in ships:
        campaign = hurt(campaign, ship, campaign.unit(ship).roster.hull_start - 5)
    fighters = [f.name for f in campaign.aboard("Sathar Assault Carrier 1")][:5]
    campaign = victory.lose(campaign, campaign.aboard("Sathar Assault Carrier 1")[5:], "combat")
    campaign = repairs.enter_void(campaign, ships).campaign
    assert {campaign.unit(n).returns for n in ships + fighters} == {24}
    back = void_day(campaign, 24)
    assert back.tenday == (20, 4) and all(back.unit(n).active for n in ships + fighters)
    assert {f.name for f in back.aboard("Sathar Assault Carrier 1")} == set(fighters)
    elsewhere = setup.place_sathar(back, ["Sathar Assault Carrier 1"], "Kizk-Kar").campaign
    assert {elsewhere.unit(n).place for n in ["Sathar Assault Carrier 1", *fighters]} == {Place("Kizk-Kar Start Circle")}


def test_c058_a_ship_in_the_void_is_not_lost_and_not_attacked() -> None:
    """C058. "1. The Sathar have lost two assault carriers": a carrier destroyed on day 12 and another in the
    Void (back on day 22) make one lost; condition 1 is not met at the end of day 20, and nobody can attack a
    ship on the time track."""
    campaign = at_step(started(retreat=1), "sathar-move", 16)
    campaign = victory.lose(campaign, [campaign.unit("Sathar Assault Carrier 1")], "combat")
    campaign = hurt(put(campaign, ["Sathar Assault Carrier 2"], Place("Prenglar Start Circle")), "Sathar Assault Carrier 2", 60)
    campaign = repairs.enter_void(campaign, ["Sathar Assault Carrier 2"]).campaign
    assert campaign.unit("Sathar Assault Carrier 2").returns == 22
    after = turn.advance(at_step(campaign, "upf-attacks", 20), TABLES).campaign
    assert after.outcome == "" and not after.unit("Sathar Assault Carrier 2").active
    assert all("Sathar Assault Carrier 2" not in [u.name for u in c.sathar] for c in battles.contested(after))


def test_c059_ships_back_from_the_void_set_down_in_one_circle() -> None:
    """C059. "On any turn, however, no more than half of the Sathar ships placed on the map may start in one
    start circle." Three repaired ships come back on day 24 into the K'tsa-Kar circle: the reader reads returns
    as outside the limit (allowed). The program counts them among the ships starting in a circle, of every
    Sathar ship on the map (docs/sathar-war.md: "The start circle limit": "placed there that day (or came back from the
    Void there)"): with the set-up's 30 ships out on the map, three in one circle are allowed too."""
    ships = ["Sathar Heavy Cruiser 1", "Sathar Heavy Cruiser 2", "Sathar Heavy Cruiser 3"]
    campaign = put(under_way(18), ships, Place("K'tsa-Kar Start Circle"))
    for ship in ships:
        campaign = hurt(campaign, ship, 70)
    campaign = void_day(repairs.enter_void(campaign, ships).campaign, 24)
    assert all(campaign.unit(n).place == Place("K'tsa-Kar Start Circle") for n in ships)
    assert setup.sathar_placement_problems(campaign) == []


def test_c060_fighters_go_into_the_void_only_with_a_damaged_carrier() -> None:
    """C060. "the damaged ship must travel to a Sathar Start Circle and enter the Void"; fighters "cannot enter a
    transit box unless they are being carried aboard an assault carrier". (a) An undamaged carrier does not
    take its damaged fighter home: refused. (b) A damaged carrier goes, its 6 fighters with it, and they come
    back with it."""
    campaign = put(at_step(started(), "sathar-move", 16), ["Sathar Assault Carrier 1"], Place("Prenglar Start Circle"))
    fighter = campaign.aboard("Sathar Assault Carrier 1")[0]
    campaign = hurt(campaign, fighter.name, 3)
    with pytest.raises(RefereeError, match="the Sathar Assault Carrier 1 is undamaged"):
        repairs.enter_void(campaign, ["Sathar Assault Carrier 1"])
    with pytest.raises(RefereeError, match="aboard the Sathar Assault Carrier 1 and goes where it goes"):
        repairs.enter_void(campaign, [fighter.name])
    damaged = hurt(campaign, "Sathar Assault Carrier 1", 60)
    gone = repairs.enter_void(damaged, ["Sathar Assault Carrier 1"]).campaign
    aboard = [f.name for f in campaign.aboard("Sathar Assault Carrier 1")]
    assert {gone.unit(n).status for n in aboard} == {"void"}
    back = void_day(gone, 22)
    assert {back.unit(n).place for n in aboard} == {Place("Prenglar Start Circle")} and back.unit(fighter.name).roster.hull == 8


def test_c155_outbound_on_a_red_path_one_box_a_day() -> None:
    """C155. "Sathar ships in the Sathar Start Circle or the red transit boxes connected to the start circles
    cannot decelerate more than one transit box per turn"; "A ship with unrepaired hull damage may never move
    more than one transit box per turn." A destroyer with only a steering hit (no hull damage) heading from
    Fromeltar back to its circle may not go three red boxes a day (the program reads a red path as one box a
    day either way, as the reader does): red boxes 4-1 on days 20-23, the circle on day 24, into the Void, back
    on day 30."""
    campaign = put(at_step(started(), "sathar-move", 20), ["Sathar Destroyer 1"], Place("Fromeltar"))
    destroyer = campaign.unit("Sathar Destroyer 1")
    campaign = campaign.with_units([destroyer._replace(roster=destroyer.roster._replace(mr=1))])
    with pytest.raises(RefereeError, match="one box a day until they reach a system"):
        move(campaign, ["Sathar Destroyer 1"], side="Sathar", toward="Fromeltar Start Circle", rate=3)
    places = daily(campaign, "Sathar Destroyer 1", "Fromeltar Start Circle", 5)
    assert [p.box for p in places] == [4, 3, 2, 1, 0]
    home = put(campaign, ["Sathar Destroyer 1"], Place("Fromeltar Start Circle"))._replace(day=24)
    assert repairs.enter_void(home, ["Sathar Destroyer 1"]).campaign.unit("Sathar Destroyer 1").returns == 30


def test_c164_replacements_placed_in_one_circle_the_programs_reading() -> None:
    """C164. "brought back into the game through an SSC during the next turn" with the half limit: two
    destroyers back from the replacement rolls, placed on day 21 in the Kizk-Kar circle. Per turn the reader
    would refuse 2 in one circle; the program reads the limit against every Sathar ship on the map (docs/sathar-war.md:
    "The start circle limit"): allowed. ("SSC" is a Sathar Start Circle.)"""
    campaign = under_way(21)
    back = [campaign.unit(n)._replace(status="off-map", place=None) for n in ("Sathar Destroyer 1", "Sathar Destroyer 2")]
    campaign = setup.place_sathar(campaign.with_units(back), ["Sathar Destroyer 1", "Sathar Destroyer 2"], "Kizk-Kar").campaign
    assert setup.sathar_placement_problems(campaign) == []
