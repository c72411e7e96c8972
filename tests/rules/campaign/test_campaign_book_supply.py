"""The Second Sathar War's supply and rearming, case by case as a reader of the campaign book worked them by
hand (cases C089-C104). Each test names its case and quotes the sentence it rests on; the outcome asserted
is the book's, or the program's reading where the readings of docs/sathar-war.md decide it (said so)."""

from __future__ import annotations

from referee.sathar_war import battles, fleets, supply, turn, victory
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import at_step, move, put, started, war
from tests.helpers.tables import TABLES


def gone(campaign: Campaign, *names: str) -> Campaign:
    return victory.lose(campaign, list(campaign.named(names)), "combat")


def spent(campaign: Campaign, name: str, code: str) -> Campaign:
    unit = campaign.unit(name)
    return campaign.with_units([unit._replace(roster=unit.roster.with_system(unit.roster.system(code)._replace(count=0)))])


def count(campaign: Campaign, name: str, code: str) -> int:
    return campaign.unit(name).roster.system(code).count  # type: ignore[union-attr]


def path(campaign: Campaign, name: str) -> list[str] | None:
    return supply.path(campaign, campaign.unit(name))


def test_c089_a_upf_ship_traces_any_clear_way_to_any_fortress() -> None:
    """C089. "A UPF ship is in supply if a path can be traced from the ship to a UPF Fortress without passing
    through a star system occupied by a Sathar ship." A destroyer at Dramune with the Sathar holding Cassidine:
    in supply by Fromeltar, Kizk-Kar, K'aken-Kar and K'tsa-Kar to Fortress Redoubt; with a Sathar ship in
    Kizk-Kar as well, out of supply."""
    campaign = gone(put(war(), ["UPF Destroyer 1"], Place("Dramune", "Inner Reach")), "Triad Station", "Rupert's Hole Station")
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Cassidine"))
    assert path(campaign, "UPF Destroyer 1") == ["Dramune", "Fromeltar", "Kizk-Kar", "K'aken-Kar", "K'tsa-Kar", "White Light"]
    assert path(put(campaign, ["Sathar Destroyer 2"], Place("Kizk-Kar")), "UPF Destroyer 1") is None


def test_c090_sathar_in_a_transit_box_do_not_cut_supply() -> None:
    """C090. "The path may pass through transit boxes containing Sathar ships, but not star system boxes." A
    frigate at Cassidine, six Sathar destroyers in box 3 of Cassidine-Madderly's Star (and the other ways shut):
    in supply through their box to Fortress Kdikit."""
    campaign = put(war(), ["TF Cassidine Frigate 1"], Place("Cassidine", "Triad"))
    campaign = gone(campaign, "Fortress Gollwin")
    campaign = put(put(campaign, ["Sathar Destroyer 7"], Place("Prenglar")), ["Sathar Destroyer 8"], Place("Dramune"))
    campaign = put(campaign, [f"Sathar Destroyer {n}" for n in range(1, 7)], Place("Madderly's Star - Cassidine", box=3, toward="Cassidine"))
    assert path(campaign, "TF Cassidine Frigate 1") == ["Cassidine", "Madderly's Star"]


def test_c091_supply_runs_into_a_contested_system_not_through_it() -> None:
    """C091. "Supply may be traced into star system boxes that contain both UPF and Sathar ships, but not
    through those systems." A frigate at Cassidine: (a) a Sathar fleet beside Fortress Kdikit in Madderly's
    Star (the other ways shut): in supply, the path ending there; (b) Kdikit and Gollwin destroyed, Sathar alone
    in Madderly's Star, both sides in Prenglar, Sathar in Fromeltar: out of supply (Prenglar is not passed
    through; Madderly's Star is the Sathar's; Fromeltar shuts the way by Dramune)."""
    campaign = put(gone(war(), "Fortress Gollwin"), ["TF Cassidine Frigate 1"], Place("Cassidine", "Triad"))
    campaign = put(put(campaign, ["Sathar Destroyer 7"], Place("Prenglar")), ["Sathar Destroyer 8"], Place("Dramune"))
    contested = put(campaign, ["Sathar Destroyer 1"], Place("Madderly's Star"))
    assert path(contested, "TF Cassidine Frigate 1") == ["Cassidine", "Madderly's Star"]
    cut = put(gone(war(), "Fortress Gollwin", "Fortress Kdikit"), ["TF Cassidine Frigate 1"], Place("Cassidine", "Triad"))
    cut = put(put(put(cut, ["Sathar Destroyer 1"], Place("Madderly's Star")), ["Sathar Destroyer 2"], Place("Prenglar")), ["Sathar Destroyer 3"], Place("Fromeltar"))
    assert cut.at("Prenglar", "UPF") and path(cut, "TF Cassidine Frigate 1") is None


def test_c092_a_ship_in_a_contested_system_starts_its_path_there() -> None:
    """C092. As C091: TF Prenglar shares Prenglar with a Sathar fleet, Fortress Gollwin destroyed: its path starts
    in its own system (not passed through) and runs on to another fortress; it is in supply (the program's
    reading too: docs/sathar-war.md, Readings: "Supply from a transit box": "The system a ship is in starts its path")."""
    campaign = put(gone(started(), "Fortress Gollwin"), [f"Sathar Destroyer {n}" for n in range(1, 9)], Place("Prenglar"))
    found = path(campaign, "TF Prenglar Battleship")
    assert found is not None and found[0] == "Prenglar" and found[-1] in ("Madderly's Star", "White Light")


def test_c093_sathar_supply_to_a_start_circle_not_through_upf_systems() -> None:
    """C093. "A Sathar ship is in supply if a path can be traced from the Sathar ship to any Sathar Start Circle,
    without passing through a star system containing a UPF ship or space station." A Sathar fleet at Dramune
    (its stations and militia destroyed), Groth standing in Fromeltar and Triad in Cassidine: out of supply;
    with Fromeltar's stations and ships gone, in supply by Fromeltar's red path."""
    campaign = gone(war(), "Inner Reach Station", "Outer Reach Station", "Inner Reach Militia *", "Outer Reach Militia *")
    campaign = put(campaign, ["Sathar Destroyer 1"], Place("Dramune"))
    assert path(campaign, "Sathar Destroyer 1") is None
    campaign = gone(campaign, "Terledrom Station", "Groth Station", "Terledrom Militia *")
    assert path(campaign, "Sathar Destroyer 1") == ["Dramune", "Fromeltar", "Fromeltar Start Circle"]


def test_c094_a_sathar_ship_beside_a_upf_station_starts_its_path_in_its_own_system() -> None:
    """C094. As C093: a Sathar fleet in Fromeltar, Groth still standing: in supply, straight out along the red
    boxes to the Fromeltar circle (the system it is in is where its path starts; the program's reading, docs/sathar-war.md:
    "The system a ship is in starts its path and is never a stop on it")."""
    campaign = put(gone(war(), "Terledrom Station"), ["Sathar Destroyer 1"], Place("Fromeltar"))
    assert path(campaign, "Sathar Destroyer 1") == ["Fromeltar", "Fromeltar Start Circle"]


def test_c095_supply_has_no_other_effect() -> None:
    """C095. "Supply has no other function in the game": a Sathar destroyer out of supply at Dramune still
    risk-jumps and attacks."""
    campaign = gone(war(), "Inner Reach Militia *", "Outer Reach Militia *")
    campaign = put(at_step(campaign, "sathar-move", 25), ["Sathar Destroyer 1", "Sathar Destroyer 2"], Place("Dramune"))
    assert not supply.in_supply(campaign, campaign.unit("Sathar Destroyer 1"))
    assert move(campaign, ["Sathar Destroyer 1"], side="Sathar", toward="Fromeltar", rate=3).unit("Sathar Destroyer 1").place.box == 8 - 2  # type: ignore[union-attr]  # 3 boxes of 8 from Dramune
    fight = battles.declare(at_step(campaign, "sathar-attacks", 25), TABLES, "Dramune", "Inner Reach").campaign.fights[0]
    assert fight.attacker == "Sathar" and "Sathar Destroyer 2" in fight.ships


def night(campaign: Campaign) -> Campaign:
    """The end of the day (what the ships did today kept) and the next day's Sathar move."""
    return turn.advance(campaign._replace(step="upf-attacks"), TABLES).campaign


def fought_at_gran_quivera(day: int) -> Campaign:
    """A UPF frigate at Gran Quivera attacked on ``day``, firing its torpedoes, ICMs and masking screen."""
    campaign = put(put(started(), ["TF Prenglar Frigate 1"], Place("Prenglar", "Gran Quivera")), ["Sathar Destroyer 1"], Place("Prenglar"))
    campaign = battles.declare(at_step(campaign, "sathar-attacks", day), TABLES, "Prenglar", "Gran Quivera").campaign
    return battles.record(campaign, "TF Prenglar Frigate 1", Outcome(spent={"T": 2, "ICM": 2, "MS": 1})).campaign


def test_c096_rearming_needs_a_complete_quiet_day_at_a_planet_in_supply() -> None:
    """C096. "In order to rearm, the ship must spend one complete day at a planet in a star system that is in
    supply. The ship may not move or attack during that day. If the ship is attacked and fights back, it is not
    rearmed." The frigate that fought on day 6 is not rearmed that night; (a) a quiet day 7 rearms it; (b)
    attacked again on day 7 and fighting back, it is not rearmed."""
    campaign = night(fought_at_gran_quivera(6))
    assert count(campaign, "TF Prenglar Frigate 1", "T") == 0
    campaign = campaign.with_units([u._replace(status="destroyed", place=None) for u in campaign.named(["Sathar Destroyer 1"])])
    quiet = night(campaign)
    assert (count(quiet, "TF Prenglar Frigate 1", "T"), count(quiet, "TF Prenglar Frigate 1", "ICM"), count(quiet, "TF Prenglar Frigate 1", "MS")) == (2, 4, 2)
    again = night(fought_at_gran_quivera(7))
    assert count(again, "TF Prenglar Frigate 1", "T") == 0


def test_c097_a_ship_that_moved_today_does_not_rearm_tonight() -> None:
    """C097. "The ship may not move or attack during that day": a destroyer arriving at Triad on day 9 is not
    rearmed that night; staying all of day 10, it is."""
    campaign = spent(put(at_step(war(), "upf-move", 9), ["UPF Destroyer 1"], Place("Prenglar - Cassidine", box=8, toward="Cassidine")), "UPF Destroyer 1", "T")
    campaign = move(campaign, ["UPF Destroyer 1"], planet="Triad")
    assert campaign.unit("UPF Destroyer 1").place == Place("Cassidine", "Triad")
    campaign = night(campaign)
    assert count(campaign, "UPF Destroyer 1", "T") == 0
    assert count(night(campaign), "UPF Destroyer 1", "T") == 2


def test_c098_not_in_a_box_not_out_of_supply_not_after_attacking() -> None:
    """C098. As C096: (a) a light cruiser coasting in a box is not at a planet; (b) a destroyer at Hentz with
    Araks cut off (Sathar in Athor and Gruna Garu) is out of supply; (c) a ship that attacked today: none of
    them rearms."""
    campaign = spent(put(at_step(war(), "upf-attacks", 12), ["UPF Light Cruiser 1"], Place("Prenglar - Cassidine", box=3, toward="Cassidine")), "UPF Light Cruiser 1", "T")
    campaign = spent(put(campaign, ["UPF Destroyer 1"], Place("Araks", "Hentz")), "UPF Destroyer 1", "T")
    campaign = put(put(campaign, ["Sathar Destroyer 1"], Place("Athor")), ["Sathar Destroyer 2"], Place("Gruna Garu"))
    campaign = spent(put(campaign, ["UPF Destroyer 2"], Place("Gruna Garu", "Hargut")), "UPF Destroyer 2", "T")
    campaign = battles.declare(campaign, TABLES, "Gruna Garu", names=["UPF Destroyer 2"]).campaign
    after, lines = supply.rearm(campaign)
    said = " ".join(e.text for e in lines)
    assert "UPF Light Cruiser 1 does not rearm: it is not at a planet" in said
    assert "UPF Destroyer 1 does not rearm: its system is out of supply" in said
    assert "UPF Destroyer 2 does not rearm: it attacked today" in said
    assert [count(after, n, "T") for n in ("UPF Light Cruiser 1", "UPF Destroyer 1", "UPF Destroyer 2")] == [0, 0, 0]


def test_c099_attacked_but_not_fighting_back_it_rearms() -> None:
    """C099. "If the ship is attacked and fights back, it is not rearmed": a damaged minelayer at Rupert's Hole,
    attacked, never fires and the Sathar break off; it did not fight back, and rearms that night (the literal
    reading, the program's: docs/sathar-war.md, Readings: "Rearming": "attacked and fought back (read: a result was entered
    for it in a battle that day)")."""
    campaign = put(started(), ["TF Cassidine Minelayer"], Place("Cassidine", "Rupert's Hole"))
    campaign = spent(put(campaign, ["Sathar Destroyer 1"], Place("Cassidine")), "TF Cassidine Minelayer", "M")
    minelayer = campaign.unit("TF Cassidine Minelayer")
    campaign = campaign.with_units([minelayer._replace(roster=minelayer.roster._replace(hull=30))])
    campaign = battles.declare(at_step(campaign, "sathar-attacks", 13), TABLES, "Cassidine", "Rupert's Hole").campaign
    campaign = battles.record_all(campaign, {"TF Cassidine Minelayer": Outcome(), "Sathar Destroyer 1": Outcome(escaped="Dramune")}).campaign
    after, _ = supply.rearm(campaign)
    assert count(after, "TF Cassidine Minelayer", "M") == 20


def out_of_supply_carrier() -> tuple[Campaign, list[str]]:
    """A Sathar carrier with 8 fighters at Inner Reach, Dramune out of Sathar supply (Groth in Fromeltar, Triad
    in Cassidine)."""
    campaign = put(started(), ["Sathar Assault Carrier 1"], Place("Dramune", "Inner Reach"))
    extra = campaign.aboard("Sathar Assault Carrier 2")[0].name
    campaign = fleets.land(put(campaign, [extra], Place("Dramune", "Inner Reach")), [extra], "Sathar Assault Carrier 1").campaign
    fighters = [f.name for f in campaign.aboard("Sathar Assault Carrier 1")]
    assert len(fighters) == 8 and not supply.in_supply(campaign, campaign.unit("Sathar Assault Carrier 1"))
    return at_step(campaign, "upf-attacks", 24), fighters


def rearm_night(campaign: Campaign, firing: list[str]) -> tuple[Campaign, str]:
    for name in firing:
        campaign = spent(campaign, name, "AR")
    campaign, lines = supply.rearm(campaign)
    return campaign, " ".join(e.text for e in lines)


def test_c100_each_fighter_rearms_twice_from_a_base_out_of_supply() -> None:
    """C100. "Fighters can be rearmed from their assault carrier or station twice while out of supply, but the
    carrier or station must be resupplied before the fighters can rearm a third time": counted for each fighter.
    F1-F4 fire, rearm (their 1st); all eight fire, rearm (F1-F4's 2nd, F5-F8's 1st); all eight fire again:
    F5-F8 rearm (their 2nd), F1-F4 are refused. (The reader rearms them the night of each battle; the program
    rearms fighters on a night they did not fight, docs/sathar-war.md, Readings: "Rearming"; the count is the same.)"""
    campaign, fighters = out_of_supply_carrier()
    campaign, _ = rearm_night(campaign, fighters[:4])
    campaign, _ = rearm_night(campaign, fighters)
    assert [campaign.unit(n).rearms for n in fighters] == [2] * 4 + [1] * 4
    campaign, said = rearm_night(campaign, fighters)
    assert [count(campaign, n, "AR") for n in fighters] == [0] * 4 + [3] * 4
    assert f"the {fighters[0]} cannot rearm: it has rearmed twice since the Sathar Assault Carrier 1 was last resupplied" in said


def test_c101_a_carrier_resupplied_renews_its_fighters_count() -> None:
    """C101. As C100: with Groth and Terledrom gone, Dramune is in Sathar supply; the carrier spends a quiet day
    at Inner Reach and is resupplied: the fighters rearm and their counts start again."""
    campaign, fighters = out_of_supply_carrier()
    campaign, _ = rearm_night(campaign, fighters)
    campaign, _ = rearm_night(campaign, fighters)
    campaign = gone(campaign, "Terledrom Station", "Groth Station", "Terledrom Militia *")
    assert supply.in_supply(campaign, campaign.unit("Sathar Assault Carrier 1"))
    campaign, said = rearm_night(campaign, fighters)
    assert [count(campaign, n, "AR") for n in fighters] == [3] * 8 and {campaign.unit(n).rearms for n in fighters} == {0}
    assert "rearms from the Sathar Assault Carrier 1 (resupplied today)" in said


def test_c102_a_station_out_of_supply_rearms_its_fighters_twice() -> None:
    """C102. As C100, for a station: Ken'zah Kit, K'aken-Kar cut off by Sathar in K'tsa-Kar and Kizk-Kar, with
    two UPF fighters based there: they rearm twice, not a third time; with K'aken-Kar back in supply the station
    is resupplied and they rearm again."""
    fighters = ["UPF Fighter 1", "UPF Fighter 2"]
    campaign = put(war(), fighters, Place("K'aken-Kar", "Ken'zah Kit"))
    campaign = campaign.with_units([u._replace(roster=u.roster._replace(carried_by="Ken'zah Kit Station")) for u in campaign.named(fighters)])
    campaign = put(put(at_step(campaign, "upf-attacks", 18), ["Sathar Destroyer 1"], Place("K'tsa-Kar")), ["Sathar Destroyer 2"], Place("Kizk-Kar"))
    assert not supply.in_supply(campaign, campaign.unit("Ken'zah Kit Station"))
    campaign, _ = rearm_night(campaign, fighters)
    campaign, _ = rearm_night(campaign, fighters)
    campaign, said = rearm_night(campaign, fighters)
    assert [count(campaign, n, "AR") for n in fighters] == [0, 0] and "has rearmed twice" in said
    freed = campaign.with_units([campaign.unit("Sathar Destroyer 1")._replace(status="destroyed", place=None)])
    freed, said = rearm_night(freed, [])
    assert [count(freed, n, "AR") for n in fighters] == [3, 3] and "(resupplied today)" in said


def test_c103_rearming_in_supply_has_no_limit() -> None:
    """C103. "twice while out of supply": TF Cassidine's fighters on its carrier at Triad, in supply, rearm after
    every battle, four times and more."""
    campaign = at_step(war(), "upf-attacks", 8)
    fighters = [f.name for f in campaign.aboard("TF Cassidine Assault Carrier")]
    for _ in range(4):
        campaign, said = rearm_night(campaign, fighters)
        assert [count(campaign, n, "AR") for n in fighters] == [3] * 6 and "cannot rearm" not in said


def test_c104_an_assault_scout_does_not_rearm_from_a_carrier() -> None:
    """C104. Knight Hawks: "Assault scouts cannot be rearmed at assault carriers." An assault scout that fired its
    rockets, in a box with TF Prenglar's carrier, is not rearmed, and cannot go aboard."""
    box = Place("Prenglar - Cassidine", box=4, toward="Cassidine")
    campaign = spent(put(at_step(war(), "upf-attacks", 19), ["TF Prenglar Assault Carrier", "TF Prenglar Assault Scout 1"], box), "TF Prenglar Assault Scout 1", "AR")
    after, _ = supply.rearm(campaign)
    assert count(after, "TF Prenglar Assault Scout 1", "AR") == 0
    from referee.errors import RefereeError

    try:
        fleets.land(campaign, ["TF Prenglar Assault Scout 1"], "TF Prenglar Assault Carrier")
    except RefereeError as error:
        assert "is not a fighter" in str(error)
    else:
        raise AssertionError("an assault scout went aboard a carrier")
