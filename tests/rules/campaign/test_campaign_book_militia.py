"""The Second Sathar War's militia rules, case by case as a reader of the campaign book worked them by hand
(cases C061-C069, C154 and C159-C162). Each test names its case and quotes the sentence it rests on; the
outcome asserted is the book's, or the program's reading where the readings of docs/sathar-war.md decide it (said so).

The reader laid out Truane's Star-Dixon's Star as 6 boxes with the Truane's->Dixon's jump box the 3rd from
Truane's; on the program's map it is the 4th from Truane's (box 3 counted from Dixon's Star). The refusals
do not depend on it; the days are re-worked on the program's map."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.sathar_war import movement, setup, turn, victory
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import MAP, at_step, move, put, started, war
from tests.helpers.tables import TABLES

INNER_REACH = ["Inner Reach Militia Assault Scout 1", "Inner Reach Militia Assault Scout 2", "Inner Reach Militia Assault Scout 3", "Inner Reach Militia Frigate", "Inner Reach Militia Destroyer"]


def gone(campaign: Campaign, *names: str) -> Campaign:
    return victory.lose(campaign, [campaign.unit(n) for n in names], "combat")


def test_c061_what_imminently_threatened_is() -> None:
    """C061. "A system is "imminently threatened" if Sathar ships have emerged from the Void inside that
    system"; "The start circles represent the positions of Sathar ships as they emerge from the Void."
    Sathar ships in the Fromeltar circle and on the Kizk-Kar red path threaten Fromeltar and Kizk-Kar from
    day 1; Dramune is not threatened. Ships that have jumped into a system along a route, decelerating
    toward it, have emerged there too: Dramune is threatened once a Sathar ship passes its jump box toward
    Dramune, not while it is still accelerating out of Fromeltar; and so it is with Sathar in its starburst."""
    campaign = put(at_step(started(), "upf-move", 1), ["Sathar Destroyer 1"], Place("Kizk-Kar Start Circle - Kizk-Kar", box=2, toward="Kizk-Kar"))
    assert movement.threatened(campaign, "Fromeltar") and movement.threatened(campaign, "Kizk-Kar")
    assert not movement.threatened(campaign, "Dramune")
    route = MAP.between("Fromeltar", "Dramune")
    before = put(campaign, ["Sathar Frigate 1"], Place(route.name, box=route.jump_box("Dramune") - 1, toward="Dramune"))
    assert not movement.threatened(before, "Dramune")
    jumped = put(campaign, ["Sathar Frigate 1"], Place(route.name, box=route.jump_box("Dramune"), toward="Dramune", jumped=True))
    assert movement.threatened(jumped, "Dramune")
    assert movement.threatened(put(campaign, ["Sathar Frigate 1"], Place("Dramune")), "Dramune")


def test_c062_a_militia_trip_to_a_system_next_to_home() -> None:
    """C062. "Militia ships can travel to a star system that is adjacent to their home system, if the home
    system is not threatened by an imminent Sathar attack." The Inner Reach militia may go toward Cassidine or
    toward Fromeltar, though Fromeltar itself is threatened: the condition is about home."""
    campaign = at_step(started(), "upf-move", 2)
    assert movement.threatened(campaign, "Fromeltar")
    assert move(campaign, INNER_REACH, toward="Cassidine").unit(INNER_REACH[0]).place.toward == "Cassidine"  # type: ignore[union-attr]
    assert move(campaign, INNER_REACH, toward="Fromeltar").unit(INNER_REACH[0]).place.toward == "Fromeltar"  # type: ignore[union-attr]


def test_c063_no_further_than_one_system_from_home() -> None:
    """C063. "A militia ship can move more than one system away from its home world only if all of the space
    stations in that home system have been destroyed." From Cassidine the Inner Reach militia may not head for
    Prenglar or Madderly's Star; it may head home."""
    campaign = put(at_step(war(), "upf-move", 9), INNER_REACH, Place("Cassidine", "Triad"))
    with pytest.raises(RefereeError, match="only to a system next to its home system Dramune"):
        move(campaign, INNER_REACH, toward="Prenglar")
    with pytest.raises(RefereeError, match="only to a system next to its home system Dramune"):
        move(campaign, INNER_REACH, toward="Madderly's Star")
    assert move(campaign, INNER_REACH, toward="Dramune").unit(INNER_REACH[0]).place.toward == "Dramune"  # type: ignore[union-attr]


def test_c064_militia_stay_while_home_is_threatened() -> None:
    """C064. As C062: the Zik-kit militia may not leave Kizk-Kar for K'aken-Kar with Sathar ships on the
    Kizk-Kar red path."""
    campaign = put(at_step(started(), "upf-move", 1), ["Sathar Destroyer 1"], Place("Kizk-Kar Start Circle - Kizk-Kar", box=1, toward="Kizk-Kar"))
    with pytest.raises(RefereeError, match="must head home to Kizk-Kar"):
        move(campaign, ["Zik-kit Militia Assault Scout 1", "Zik-kit Militia Assault Scout 2"], toward="K'aken-Kar")


def test_c065_militia_away_head_home_when_the_sathar_emerge_there() -> None:
    """C065. "If militia ships are in an adjacent system when Sathar ships emerge inside their home system,
    those ships must return home as quickly as possible." The Terledrom militia at Dramune, Sathar placed in
    the Fromeltar circle on day 6: (b) toward Cassidine is refused; (c) toward Fromeltar is allowed. ((a),
    staying at Dramune, is not a move the program refuses: a ship left unmoved is the referee's, at the map.)"""
    militia = ["Terledrom Militia Assault Scout 1", "Terledrom Militia Assault Scout 2", "Terledrom Militia Assault Scout 3", "Terledrom Militia Frigate"]
    campaign = put(at_step(war(), "upf-move", 6), militia, Place("Dramune", "Inner Reach"))
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Fromeltar Start Circle"))
    with pytest.raises(RefereeError, match="must head home to Fromeltar"):
        move(campaign, militia, toward="Cassidine")
    assert move(campaign, militia, toward="Fromeltar").unit(militia[0]).place.toward == "Fromeltar"  # type: ignore[union-attr]


def test_c066_deputised_only_when_every_station_at_home_is_destroyed() -> None:
    """C066. "A militia ship can move more than one system away from its home world only if all of the space
    stations in that home system have been destroyed. When this happens, the militia ships are "deputized"
    by the Spacefleet and can move as Spacefleet ships." Inner Reach destroyed, Outer Reach standing: the
    Inner Reach militia at Cassidine may not go on to Prenglar; with Outer Reach destroyed too, it may."""
    survivors = ["Inner Reach Militia Destroyer", "Inner Reach Militia Assault Scout 1", "Inner Reach Militia Assault Scout 2"]
    campaign = gone(put(at_step(war(), "upf-move", 17), survivors, Place("Cassidine", "Triad")), "Inner Reach Station")
    with pytest.raises(RefereeError, match="only to a system next to its home system Dramune"):
        move(campaign, survivors, toward="Prenglar")
    campaign = gone(campaign, "Outer Reach Station")
    assert movement.deputized(campaign, campaign.unit(survivors[0]))
    assert move(campaign, survivors, toward="Prenglar").unit(survivors[0]).place.toward == "Prenglar"  # type: ignore[union-attr]


def test_c066_two_station_systems_need_both_destroyed() -> None:
    """C066. Truane's Star needs Fortress Pale and New Pale destroyed; Fromeltar, Terledrom and Groth."""
    campaign = gone(war(), "Fortress Pale", "Terledrom Station")
    assert not movement.deputized(campaign, campaign.unit("Pale Militia Frigate"))
    assert not movement.deputized(campaign, campaign.unit("Terledrom Militia Frigate"))
    campaign = gone(campaign, "New Pale Station", "Groth Station")
    assert movement.deputized(campaign, campaign.unit("Pale Militia Frigate")) and movement.deputized(campaign, campaign.unit("Terledrom Militia Frigate"))


def test_c067_a_deputised_ship_keeps_its_militia_astrogator() -> None:
    """C067. "Planetary militia ships are assumed to have 2nd level astrogators"; deputised ships "can move as
    Spacefleet ships". A deputised Outer Reach frigate risk-jumping two boxes a day alone rolls 80: a misjump
    (70% on the militia row)."""
    ship = "Outer Reach Militia Frigate 1"
    campaign = gone(put(at_step(war(), "upf-move", 22), [ship], Place("Cassidine", "Triad")), "Inner Reach Station", "Outer Reach Station")
    campaign = move(campaign, [ship], roll="80", toward="Prenglar", rate=2)
    while campaign.unit(ship).active and not campaign.unit(ship).place.jumped:  # type: ignore[union-attr]
        campaign = move(campaign, [ship], roll="80")
    assert campaign.unit(ship).status == "misjumped"
    assert "row Frontier Militia" in next(e.rule for e in campaign.log if e.rolls)


def test_c069_militia_are_never_replaced() -> None:
    """C069. "Planetary militia ships may not be replaced at all during the war": of two Minotaur militia scouts
    and a Spacefleet scout destroyed, only the Spacefleet scout comes back."""
    campaign = at_step(started(), "upf-attacks", 20)
    campaign = gone(campaign, "Minotaur Militia Assault Scout 1", "Minotaur Militia Assault Scout 2", "TF Prenglar Assault Scout 1")
    campaign = turn.advance(campaign, TABLES, random.Random(0)).campaign
    with pytest.raises(RefereeError, match="militia ships may not be replaced"):
        turn.replace_upf(campaign, TABLES, "Minotaur Militia Assault Scout 1", "Minotaur Station")
    assert turn.replace_upf(campaign, TABLES, "TF Prenglar Assault Scout 1", "Minotaur Station").campaign.unit("TF Prenglar Assault Scout 1").active


def test_c154_nova_may_leave_a_threatened_system_its_militia_may_not() -> None:
    """C154. "The strike force is immediately placed on the map wherever the dice roll indicates" and the
    militia rule: SFN placed at Zik-kit (d10 = 7) on day 2 with Sathar on the Kizk-Kar red path may leave for
    K'aken-Kar; the Zik-kit militia may not."""
    campaign = put(at_step(started(), "upf-move", 2), ["Sathar Destroyer 1"], Place("Kizk-Kar Start Circle - Kizk-Kar", box=2, toward="Kizk-Kar"))
    campaign = setup.place_nova(campaign, TABLES, random.Random(0), "7").campaign
    assert movement.move(campaign, TABLES, ["Strike Force NOVA"], toward="K'aken-Kar").campaign.unit("SF NOVA Battleship").place.toward == "K'aken-Kar"  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="must head home to Kizk-Kar"):
        movement.move(campaign, TABLES, ["Zik-kit Militia Assault Scout 1"], toward="K'aken-Kar")


def test_c159_a_militia_ship_goes_out_comes_home_and_goes_out_the_other_way() -> None:
    """C159. "Militia ships can travel to a star system that is adjacent to their home system"; "A militia ship
    can move more than one system away from its home world only if all of the space stations in that home
    system have been destroyed." The Inner Reach frigate goes Dramune -> Cassidine, home, then Dramune ->
    Fromeltar (from Cassidine, by the way of Dramune); Cassidine -> Prenglar is refused."""
    frigate = ["Inner Reach Militia Frigate"]
    campaign = at_step(war(), "upf-move", 2)
    for _ in range(6):
        campaign = move(campaign, frigate, toward="Cassidine")
    assert campaign.unit(frigate[0]).place.where == "Cassidine"  # type: ignore[union-attr]
    via_home = move(campaign, frigate, toward="Fromeltar")
    assert via_home.unit(frigate[0]).bound == "Fromeltar" and via_home.unit(frigate[0]).place.toward == "Dramune"  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="only to a system next to its home system Dramune"):
        move(campaign, frigate, toward="Prenglar")


PALE = ["Pale Militia Assault Scout 1", "Pale Militia Assault Scout 2", "Pale Militia Assault Scout 3", "Pale Militia Frigate"]


def test_c160_militia_turn_back_before_the_jump_when_home_is_threatened() -> None:
    """C160. "If militia ships are in an adjacent system when Sathar ships emerge inside their home system,
    those ships must return home as quickly as possible"; "If a player decides that a ship should stay where
    it is and not jump to another system, it must decelerate back toward the star at the rate of one transit
    box per day." The Pale militia, bound for Dixon's Star and in its 2nd box on day 2, learns on day 3 that
    Sathar are in the Truane's Star circle: (a) going on is refused; (b) turning back, it is in the 1st box on
    day 3 and at Truane's Star on day 4."""
    route = MAP.between("Truane's Star", "Dixon's Star")
    second = route.box_after(route.first_box("Truane's Star"), "Dixon's Star")
    campaign = put(at_step(war(), "upf-move", 3), PALE, Place(route.name, box=second, toward="Dixon's Star"))
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Truane's Star Start Circle"))
    with pytest.raises(RefereeError, match="must head home to Truane's Star"):
        move(campaign, PALE)
    back = move(campaign, PALE, toward="Truane's Star")
    assert back.unit(PALE[0]).place.box == route.first_box("Truane's Star")  # type: ignore[union-attr]
    assert move(back, PALE).unit(PALE[0]).place.where == "Truane's Star"  # type: ignore[union-attr]


def test_c161_militia_that_jumped_go_on_before_they_turn_home_the_programs_reading() -> None:
    """C161. "The ship can resume moving along the transit box track in either direction on any turn." The
    reader has the Pale militia, past its jump toward Dixon's Star when the Sathar emerge at home, turn in the
    box and jump back. The program reads the coasting sentence as for a ship that has not jumped (docs/sathar-war.md,
    Readings: "Turning back and coasting": "Once it has jumped it goes on into the system it jumped toward
    before it may head elsewhere"): turning back is refused, going on to Dixon's Star is allowed, and from
    there the way is home."""
    route = MAP.between("Truane's Star", "Dixon's Star")
    jump = route.jump_box("Dixon's Star")
    campaign = put(at_step(war(), "upf-move", 5), PALE, Place(route.name, box=route.box_after(jump, "Dixon's Star"), toward="Dixon's Star", jumped=True))
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Truane's Star Start Circle"))
    with pytest.raises(RefereeError, match="have jumped and are decelerating into Dixon's Star; they cannot turn back"):
        move(campaign, PALE, toward="Truane's Star")
    while campaign.unit(PALE[0]).place.on_route:  # type: ignore[union-attr]
        campaign = move(campaign, PALE)
    assert campaign.unit(PALE[0]).place.where == "Dixon's Star"  # type: ignore[union-attr]
    with pytest.raises(RefereeError, match="must head home to Truane's Star"):
        move(campaign, PALE, toward="Prenglar")
    assert move(campaign, PALE, toward="Truane's Star").unit(PALE[0]).place.toward == "Truane's Star"  # type: ignore[union-attr]


def test_c162_the_fifth_circle_leads_into_truanes_star() -> None:
    """C162. The rules README leaves "where the fifth Sathar start circle leads (Truane's Star or Zebulon)" to
    the referee; the program's default map takes Truane's Star. With 6 Sathar ships in that circle on day 1,
    the Pale militia may not leave for Dixon's Star."""
    assert MAP.circle("Truane's Star").system == "Truane's Star"
    campaign = put(at_step(started(), "upf-move", 1), [f"Sathar Destroyer {n}" for n in range(1, 7)], Place("Truane's Star Start Circle"))
    with pytest.raises(RefereeError, match="must head home to Truane's Star"):
        move(campaign, PALE, toward="Dixon's Star")
