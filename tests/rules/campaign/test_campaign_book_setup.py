"""The Second Sathar War's orders of battle, set-up and Strike Force NOVA, case by case as a reader
of the campaign book worked them by hand (cases C001-C022). Each test names its case and quotes the
sentence it rests on; the outcome asserted is the book's."""

from __future__ import annotations

import random

import pytest

from referee.errors import RefereeError
from referee.sathar_war import battles, fleets, movement, setup, turn
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.campaign import at_step, move, put, started, war
from tests.helpers.tables import TABLES


def counts(campaign: Campaign, units: object) -> dict[str, int]:
    found: dict[str, int] = {}
    for unit in units:  # type: ignore[attr-defined]
        found[unit.ship_class] = found.get(unit.ship_class, 0) + 1
    return found


def loads(campaign: Campaign, carriers: list[str]) -> list[int]:
    return [len(campaign.aboard(c)) for c in carriers]


CARRIERS = [f"Sathar Assault Carrier {n}" for n in range(1, 5)]


def test_c001_the_sathar_order_of_battle() -> None:
    """C001. "25 Fighters / 8 Frigates / 15 Destroyers / 7 Light Cruisers / 8 Heavy Cruisers / 4 Assault
    Carriers" (SSW, Sathar Order of Battle): 42 ships that are not fighters and 25 fighters, 67 in all;
    no Sathar minelayer, assault scout or battleship."""
    campaign = war()
    sathar = [u for u in campaign.units if u.side == "Sathar"]
    assert counts(campaign, sathar) == {"fighter": 25, "frigate": 8, "destroyer": 15, "light cruiser": 7, "heavy cruiser": 8, "assault carrier": 4}
    assert (len(sathar), sum(1 for u in sathar if not u.fighter)) == (67, 42)


def test_c002_the_sathar_fighters_are_divided_among_the_carriers_eight_at_most() -> None:
    """C002. "The fighters must be carried by assault carriers at the start of the campaign. Each assault
    carrier has a capacity of eight fighters. The fighters can be divided among the carriers however the
    Sathar player desires, within the limits of the carrier's capacities." (a) 8, 8, 8, 1 is allowed;
    (b) a ninth fighter aboard one carrier is refused; (c) a fighter left loose in a start circle is refused."""
    campaign = setup.place_sathar(war(), CARRIERS, "Prenglar").campaign
    spare = [f.name for f in campaign.aboard("Sathar Assault Carrier 4")]
    campaign = fleets.land(campaign, spare[:1], "Sathar Assault Carrier 1").campaign
    campaign = fleets.land(campaign, spare[1:3], "Sathar Assault Carrier 2").campaign
    campaign = fleets.land(campaign, spare[3:5], "Sathar Assault Carrier 3").campaign
    assert loads(campaign, CARRIERS) == [8, 8, 8, 1]
    with pytest.raises(RefereeError, match="carries 8 fighters; 8 are aboard"):
        fleets.land(campaign, spare[5:], "Sathar Assault Carrier 1")
    with pytest.raises(RefereeError, match="not in a star system"):
        fleets.launch(campaign, spare[5:])  # loose in the start circle: no
    with pytest.raises(RefereeError, match="aboard a carrier and comes with it"):
        setup.place_sathar(war(), ["Sathar Fighter 1"], "Fromeltar")


def test_c003_a_carrier_held_back_keeps_its_fighters_off_the_map() -> None:
    """C003. "The fighters can be divided among the carriers however the Sathar player desires" with "the
    Sathar player must place at least 20 of his ships (not counting fighters) on the FDM": three carriers
    placed with 8 fighters each, the fourth held back off the map with the 25th fighter aboard. That
    fighter enters only with its carrier; placing it on the map without the carrier is refused."""
    campaign = war()
    spare = [f.name for f in campaign.aboard("Sathar Assault Carrier 4")]  # the carriers start 7, 6, 6, 6
    campaign = fleets.land(campaign, spare[:1], "Sathar Assault Carrier 1").campaign  # off the map, at the Sathar base
    campaign = fleets.land(campaign, spare[1:3], "Sathar Assault Carrier 2").campaign
    campaign = fleets.land(campaign, spare[3:5], "Sathar Assault Carrier 3").campaign
    assert loads(campaign, CARRIERS) == [8, 8, 8, 1]
    campaign = setup.place_sathar(campaign, CARRIERS[:3], "Prenglar").campaign
    assert all(f.place == Place("Prenglar Start Circle") for c in CARRIERS[:3] for f in campaign.aboard(c))
    last = campaign.aboard("Sathar Assault Carrier 4")[0]
    assert last.status == "off-map"
    with pytest.raises(RefereeError, match="aboard a carrier and comes with it"):
        setup.place_sathar(campaign, [last.name], "Fromeltar")


def test_c004_task_force_cassidine_starts_at_triad() -> None:
    """C004. "Task Force Cassidine ... 6 Fighters 3 Assault Scouts 2 Frigates 1 Light Cruiser 1 Heavy
    Cruiser 1 Battleship 1 Assault Carrier 1 Minelayer"; "Task Force Prenglar and Task Force Cassidine are
    placed in orbit around Morgaine's World and Triad, respectively." Placing it elsewhere is refused."""
    campaign = war()
    force = [u for u in campaign.units if u.force == "Task Force Cassidine"]
    assert counts(campaign, force) == {"fighter": 6, "assault scout": 3, "frigate": 2, "light cruiser": 1, "heavy cruiser": 1, "battleship": 1, "assault carrier": 1, "minelayer": 1}
    assert {u.place for u in force} == {Place("Cassidine", "Triad")}
    with pytest.raises(RefereeError, match="not a non-attached ship"):
        setup.place_upf(campaign, ["TF Cassidine Battleship"], "Rupert's Hole")


def test_c005_task_force_prenglar_with_the_carrier_printed_and_no_fighters_of_its_own() -> None:
    """C005. "Task Force Prenalgar ... 1 Minelayer 5 Assault Scouts 3 Frigates 2 Destroyers 3 Light Cruisers
    1 Battleship 1 Assault Carrier" (the converter's note: "the original book stated another Minelayer").
    The program keeps the carrier as printed (the default): 16 ships at Morgaine's World, no fighters of its
    own; the non-attached fighters ride its carrier (C008)."""
    campaign = war()
    force = [u for u in campaign.units if u.force == "Task Force Prenglar"]
    assert counts(campaign, force) == {"minelayer": 1, "assault scout": 5, "frigate": 3, "destroyer": 2, "light cruiser": 3, "battleship": 1, "assault carrier": 1}
    assert {u.place for u in force} == {Place("Prenglar", "Morgaine's World")}
    assert {f.force for f in campaign.aboard("TF Prenglar Assault Carrier")} == {"Non-Attached"}


def test_c006_strike_force_nova_waits_off_the_map_at_set_up() -> None:
    """C006. "Strike Force NOVA and any non-attached ships assigned to it are placed off the map until
    later"; it is placed after the Sathar initial placement, by the die."""
    campaign = war()
    nova = [u for u in campaign.units if u.force == "Strike Force NOVA"]
    assert counts(campaign, nova) == {"fighter": 6, "assault scout": 3, "frigate": 2, "destroyer": 1, "light cruiser": 2, "battleship": 1, "assault carrier": 1}
    assert {u.status for u in nova} == {"off-map"}
    with pytest.raises(RefereeError, match="after the Sathar initial placement"):
        setup.place_nova(campaign, TABLES, random.Random(0), "1")


def test_c007_non_attached_ships_are_placed_in_any_system_singly_or_with_a_task_force() -> None:
    """C007. "Non-attached ships can be placed in any systems where the UPF player wants them. They can be
    split into as many small groups or individual ships as desired. Any number of non-attached ships can be
    added to one or more of the task forces." Not in a transit box or start circle ("All ships begin the
    game in a star system or Sathar Start Circle"; the circles are the Sathar's)."""
    campaign = war()
    campaign = setup.place_upf(campaign, ["UPF Destroyer 1", "UPF Destroyer 2"], "Inner Reach").campaign
    campaign = setup.place_upf(campaign, ["UPF Light Cruiser 1"], "Lossend").campaign
    campaign = setup.place_upf(campaign, ["UPF Light Cruiser 2", "UPF Minelayer"], "Triad").campaign
    campaign = fleets.join(campaign, "Task Force Cassidine", ["UPF Light Cruiser 2", "UPF Minelayer"]).campaign
    for scout, planet in zip(("UPF Assault Scout 1", "UPF Assault Scout 2", "UPF Assault Scout 3"), ("Minotaur", "Hentz", "Hargut"), strict=True):
        campaign = setup.place_upf(campaign, [scout], planet).campaign
    assert campaign.unit("UPF Destroyer 2").place == Place("Dramune", "Inner Reach")
    assert campaign.unit("UPF Minelayer").fleet == "Task Force Cassidine"
    assert campaign.unit("UPF Assault Scout 3").place == Place("Gruna Garu", "Hargut")
    with pytest.raises(RefereeError, match="no planet called"):
        setup.place_upf(campaign, ["UPF Destroyer 1"], "Prenglar Start Circle")
    with pytest.raises(RefereeError, match="no planet called"):
        setup.place_upf(campaign, ["UPF Destroyer 1"], "Prenglar - Cassidine")


def test_c008_where_fighters_may_be_based() -> None:
    """C008. "The fighters in each task force can be placed aboard that force's carrier, or they can be based
    at the station where the fleet is based. The non-attached fighters can be placed with any of the task
    forces, or based at any station in the Frontier." (a) TF Cassidine's at Triad station: yes; (b) at
    Rupert's Hole: no; (c) non-attached at Fortress Kdikit: yes; (d) aboard TF Prenglar's carrier: yes
    (their default); (e) at Athor, no station: no."""
    campaign = war()
    cassidine = [f.name for f in campaign.aboard("TF Cassidine Assault Carrier")]
    at_triad = fleets.land(campaign, cassidine, "Triad Station").campaign
    assert {f.roster.carried_by for f in at_triad.named(cassidine)} == {"Triad Station"}
    with pytest.raises(RefereeError, match="is not with the Rupert's Hole Station"):
        fleets.land(campaign, cassidine, "Rupert's Hole Station")
    loose = ["UPF Fighter 1", "UPF Fighter 2", "UPF Fighter 3", "UPF Fighter 4"]
    assert {f.roster.carried_by for f in campaign.named(loose)} == {"TF Prenglar Assault Carrier"}
    at_kdikit = setup.place_upf(campaign, loose, "Kdikit").campaign
    assert {f.roster.carried_by for f in at_kdikit.named(loose)} == {"Fortress Kdikit"}
    with pytest.raises(RefereeError, match="Yast has no station"):
        setup.place_upf(campaign, loose, "Yast")


def test_c009_a_upf_carrier_holds_ten_fighters() -> None:
    """C009. "Each assault carrier has a capacity of eight fighters" is the Sathar paragraph; the Knight
    Hawks ship statistics give the UPF carrier ten. The program takes ten for a UPF carrier (a reading
    the rules README leaves to the referee): TF Cassidine's 6 fighters and the 4 non-attached, 10, go
    aboard its carrier; an eleventh does not."""
    campaign = war()
    loose = ["UPF Fighter 1", "UPF Fighter 2", "UPF Fighter 3", "UPF Fighter 4"]
    campaign = setup.place_upf(campaign, loose, "Triad").campaign
    campaign = fleets.land(campaign, loose, "TF Cassidine Assault Carrier").campaign
    assert len(campaign.aboard("TF Cassidine Assault Carrier")) == 10
    extra = put(campaign, ["SF NOVA Fighter 1"], Place("Cassidine", "Triad"))
    extra = extra.with_units([extra.unit("SF NOVA Fighter 1")._replace(roster=extra.unit("SF NOVA Fighter 1").roster._replace(carried_by=""))])
    with pytest.raises(RefereeError, match="carries 10 fighters; 10 are aboard"):
        fleets.land(extra, ["SF NOVA Fighter 1"], "TF Cassidine Assault Carrier")


MILITIA = {
    "Gollywog": ("Fortress Redoubt", 3, 1, 0),
    "Hargut": ("Hargut Station", 2, 0, 0),
    "Hentz": ("Hentz Station", 3, 1, 0),
    "Inner Reach": ("Inner Reach Station", 3, 1, 1),
    "Ken'zah Kit": ("Ken'zah Kit Station", 2, 0, 0),
    "Minotaur": ("Minotaur Station", 4, 1, 1),
    "Outer Reach": ("Outer Reach Station", 2, 2, 0),
    "Pale": ("Fortress Pale", 3, 1, 0),
    "Terledrom": ("Terledrom Station", 3, 1, 0),
    "Zik-kit": ("Zikit Station", 2, 0, 0),
}


def test_c010_the_militia_dock_at_the_stations_of_their_planets() -> None:
    """C010. The militia list, and "Planetary militia ships are docked at the stations orbiting their
    planets": 27 assault scouts, 8 frigates and 2 destroyers; the Pale militia at Fortress Pale (not New
    Pale), and no militia is placed anywhere else at set-up."""
    campaign = war()
    militia = [u for u in campaign.units if u.militia]
    assert counts(campaign, militia) == {"assault scout": 27, "frigate": 8, "destroyer": 2}
    for planet, (station, scouts, frigates, destroyers) in MILITIA.items():
        mine = [u for u in militia if u.home == planet]
        assert {u.roster.docked_at for u in mine} == {station}, planet
        assert counts(campaign, mine) == {k: v for k, v in {"assault scout": scouts, "frigate": frigates, "destroyer": destroyers}.items() if v}
    with pytest.raises(RefereeError, match="not a non-attached ship"):
        setup.place_upf(campaign, ["Pale Militia Frigate"], "New Pale")


def test_c011_the_fortresses_orbit_their_planets_with_the_books_figures() -> None:
    """C011. "Fortress Kdikit (Madderly's Star) - Fortress Redoubt (Gollywog, White Light) - Fortress Gollwin
    (Morgaine's World, Prenglar) - Fortress Pale (Truane's Star)"; "HP 300 / ADF 0 / MR 0 / DCR 200 Weapons:
    LB (x3), EB, PB, RB (x12) Defenses: RH, MS (x3), ES, PS, ICM (x20)"; "Stations and fortresses must be
    in orbit around their planets". A fortress is not placed elsewhere, and never moves."""
    campaign = war()
    where = {u.name: u.place for u in campaign.units if u.fortress}
    assert where == {
        "Fortress Gollwin": Place("Prenglar", "Morgaine's World"),
        "Fortress Pale": Place("Truane's Star", "Pale"),
        "Fortress Redoubt": Place("White Light", "Gollywog"),
        "Fortress Kdikit": Place("Madderly's Star", "Kdikit"),
    }
    roster = campaign.unit("Fortress Gollwin").roster
    assert (roster.hull, roster.adf, roster.mr, roster.dcr) == (300, 0, 0, 200)
    assert [s.shown() for s in roster.weapons] == ["LB x3", "EB", "PB", "RB x12"]
    assert [s.shown() for s in roster.defenses] == ["RH", "MS x3", "ES", "PS", "ICM x20"]
    with pytest.raises(RefereeError, match="not a non-attached ship"):
        setup.place_upf(campaign, ["Fortress Gollwin"], "Gran Quivera")
    with pytest.raises(RefereeError, match="stations stay in orbit"):
        movement.move(at_step(campaign, "upf-move", 1), TABLES, ["Fortress Gollwin"], toward="Cassidine")


def test_c012_nineteen_stations_four_fortified_eleven_armed() -> None:
    """C012. The Fortified and Armed Stations lists, with "Fortified Stations: HP 140 / ADF 0 / MR 0 / DCR 100
    Weapons: LB (x2), RB (x8) Defenses: RH, MS (x2), ICM (x10) / Armed Stations: HP 80 / ADF 0 / MR 0 /
    DCR 75 Weapons: LB, RB (x6) Defenses: RH, MS (x2), ICM (x6)"; two stations in Prenglar, Truane's Star,
    Dramune, Fromeltar and Cassidine; Madderly's Star and White Light only their fortress."""
    campaign = war()
    stations = [u for u in campaign.units if u.station]
    assert counts(campaign, stations) == {"fortress": 4, "fortified station": 4, "armed station": 11}
    fortified = {u.home for u in stations if u.ship_class == "fortified station"}
    assert fortified == {"Minotaur", "Ken'zah Kit", "Hentz", "Gran Quivera"}
    per_system: dict[str, int] = {}
    for unit in stations:
        per_system[unit.place.where] = per_system.get(unit.place.where, 0) + 1  # type: ignore[union-attr]
    assert {s for s, n in per_system.items() if n == 2} == {"Prenglar", "Truane's Star", "Dramune", "Fromeltar", "Cassidine"}
    assert per_system["Madderly's Star"] == per_system["White Light"] == 1
    fort, armed = campaign.unit("Hentz Station").roster, campaign.unit("Lossend Station").roster
    assert (fort.hull, fort.dcr, [s.shown() for s in fort.weapons], [s.shown() for s in fort.defenses]) == (140, 100, ["LB x2", "RB x8"], ["RH", "MS x2", "ICM x10"])
    assert (armed.hull, armed.dcr, [s.shown() for s in armed.weapons], [s.shown() for s in armed.defenses]) == (80, 75, ["LB", "RB x6"], ["RH", "MS x2", "ICM x6"])


def test_c013_the_upf_sets_up_first_and_nobody_moves_before_day_one() -> None:
    """C013. "The UPF player(s) sets up all UPF task forces, militias, stations, fortresses and non-attached
    ships before any Sathar ships are placed on the map." (a) Once a Sathar ship is placed the UPF set-up is
    over; (b) moving TF Cassidine to Rupert's Hole before day 1 is refused: ships move in the day's steps."""
    campaign = setup.place_sathar(war(), ["Sathar Destroyer 1"], "Prenglar").campaign
    with pytest.raises(RefereeError, match="the UPF sets up before any Sathar ship is placed"):
        setup.place_upf(campaign, ["UPF Destroyer 1"], "Triad")
    with pytest.raises(RefereeError, match="UPF ships move in step 'upf-move'; the campaign is at 'setup'"):
        movement.move(campaign, TABLES, ["Task Force Cassidine"], planet="Rupert's Hole")


def test_c014_upf_forces_are_detached_and_disbanded_freely() -> None:
    """C014. "Ships may be freely detached or added to the various UPF forces after the game begins. Task
    forces may even be disbanded if the UPF player wishes." Day 4: two frigates leave TF Prenglar for
    Timeon; TF Cassidine is disbanded."""
    campaign = at_step(started(), "upf-move", 4)
    campaign = fleets.detach(campaign, ["TF Prenglar Frigate 1", "TF Prenglar Frigate 2"]).campaign
    campaign = movement.move(campaign, TABLES, ["TF Prenglar Frigate 1", "TF Prenglar Frigate 2"], toward="Timeon").campaign
    assert campaign.unit("TF Prenglar Frigate 1").place.toward == "Timeon"  # type: ignore[union-attr]
    campaign = fleets.detach(campaign, ["Task Force Cassidine"]).campaign
    assert "Task Force Cassidine" not in campaign.fleets()


def test_c015_the_sathar_need_not_form_fleets_eleven_and_eleven() -> None:
    """C015. "The Sathar player may decide not to organize his ships into fleets at all"; 22 ships, 11 in
    each of two circles: "no more than half" allows exactly 11."""
    campaign = setup.choose_retreat(war(), 1).campaign
    campaign = setup.place_sathar(campaign, [f"Sathar Destroyer {n}" for n in range(1, 12)], "Prenglar").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer 1[2-5]", "Sathar Frigate [1-7]"], "Kizk-Kar").campaign
    assert not any(u.fleet for u in campaign.side("Sathar"))
    assert turn.advance(campaign, TABLES).campaign.day == 1


@pytest.mark.parametrize(
    ("die", "planet", "system"),
    [
        ("1", "Gran Quivera", "Prenglar"),
        ("3", "Gran Quivera", "Prenglar"),
        ("4", "Pale", "Truane's Star"),
        ("5", "Inner Reach", "Dramune"),
        ("6", "Terledrom", "Fromeltar"),
        ("7", "Zik-kit", "Kizk-Kar"),
        ("8", "Ken'zah Kit", "K'aken-Kar"),
        ("9", "Gollywog", "White Light"),
        ("0", "Kawdl-Kit", "K'tsa-Kar"),
    ],
)
def test_c016_the_strike_force_nova_placement_table(die: str, planet: str, system: str) -> None:
    """C016. "1-3 Gran Quivera (Prenglar) / 4 Pale (Truane's Star) / 5 Inner Reach (Dramune) / 6 Terledrom
    (Fromeltar) / 7 Zik-Kit (Kizk'-Kar) / 8 Kenzah-kit (K'aken Kar) / 9 Gollywog (White Light) / 0 Kawdl-Kit
    (K'tsa-Kar)"."""
    placed = setup.place_nova(at_step(started(), "upf-move"), TABLES, random.Random(0), die).campaign
    assert placed.unit("SF NOVA Battleship").place == Place(system, planet)


def test_c017_the_upf_does_not_choose_where_nova_appears_nor_roll_again() -> None:
    """C017. "The strike force is placed randomly"; "The strike force is immediately placed on the map
    wherever the dice roll indicates." The UPF decides only whether to place it now; a second roll is
    refused."""
    placed = setup.place_nova(at_step(started(), "upf-move", 3), TABLES, random.Random(0), "2").campaign
    with pytest.raises(RefereeError, match="already on the map"):
        setup.place_nova(placed, TABLES, random.Random(0), "1")


def test_c018_nova_placed_right_after_the_sathar_set_up() -> None:
    """C018. "The UPF player can place Strike Force NOVA on the map immediately, or keep it off the map":
    after the Sathar placement, d10 = 9, at Gollywog before day 1."""
    campaign = setup.place_sathar(war(), ["Sathar Destroyer *"], "Prenglar").campaign
    placed = setup.place_nova(campaign, TABLES, random.Random(0), "9").campaign
    assert placed.day == 0 and placed.unit("SF NOVA Assault Carrier").place == Place("White Light", "Gollywog")


def test_c019_on_day_one_nova_comes_before_any_upf_ship_moves() -> None:
    """C019. "If Strike Force NOVA is not on the map, it may be placed before any UPF ships are moved. If it
    is not placed at this time, it cannot be placed until the UPF move on day 2." (a) placed first, d10 = 2:
    Gran Quivera; (b) after TF Prenglar moved: refused until day 2."""
    campaign = at_step(started(), "upf-move", 1)
    assert setup.place_nova(campaign, TABLES, random.Random(0), "2").campaign.unit("SF NOVA Battleship").place == Place("Prenglar", "Gran Quivera")
    moved = movement.move(campaign, TABLES, ["Task Force Prenglar"], toward="Cassidine").campaign
    with pytest.raises(RefereeError, match="before any UPF ship moves"):
        setup.place_nova(moved, TABLES, random.Random(0), "2")


@pytest.mark.parametrize("step", ["sathar-move", "sathar-attacks", "upf-attacks"])
def test_c020_nova_only_at_the_start_of_a_upf_turn(step: str) -> None:
    """C020. "If SFN is kept off the map, it can be placed on the map at the start of any UPF turn"; "2. UPF
    reinforcements are placed on the map." Not in step 1, 3 or 4; in step 2, yes."""
    campaign = at_step(started(), step, 6)
    with pytest.raises(RefereeError, match="start of a UPF turn"):
        setup.place_nova(campaign, TABLES, random.Random(0), "5")
    assert setup.place_nova(at_step(campaign, "upf-move", 6), TABLES, random.Random(0), "5").campaign.unit("SF NOVA Battleship").active


def test_c021_nova_moves_the_turn_it_is_placed() -> None:
    """C021. "Like Sathar reinforcements, SFN can move normally during the turn it is placed on the map":
    day 5, d10 = 3, Gran Quivera, then into the first box toward Cassidine."""
    campaign = setup.place_nova(at_step(started(), "upf-move", 5), TABLES, random.Random(0), "3").campaign
    campaign = movement.move(campaign, TABLES, ["Strike Force NOVA"], toward="Cassidine").campaign
    assert campaign.unit("SF NOVA Battleship").place == Place("Prenglar - Cassidine", box=1, toward="Cassidine")
    assert campaign.unit("SF NOVA Fighter 1").place == campaign.unit("SF NOVA Battleship").place


def test_c022_nova_placed_where_the_sathar_are() -> None:
    """C022. "The strike force is immediately placed on the map wherever the dice roll indicates"; "If Sathar
    and UPF ships occupy the same starburst at the end of a day, those ships can fight each other": d10 = 6,
    Terledrom, with a Sathar fleet in Fromeltar; the Sathar may attack it."""
    sathar = [f"Sathar Destroyer {n}" for n in range(1, 7)] + ["Sathar Heavy Cruiser 1", "Sathar Heavy Cruiser 2"]
    campaign = put(at_step(started(), "upf-move", 8), sathar, Place("Fromeltar"))
    campaign = setup.place_nova(campaign, TABLES, random.Random(0), "6").campaign
    assert campaign.unit("SF NOVA Battleship").place == Place("Fromeltar", "Terledrom")
    campaign = at_step(campaign, "sathar-attacks", 8)
    fight = battles.declare(campaign, TABLES, "Fromeltar", "Terledrom").campaign.fights[0]
    assert "SF NOVA Battleship" in fight.ships and "Sathar Heavy Cruiser 2" in fight.ships
    left = move(setup.place_nova(at_step(put(started(), sathar, Place("Fromeltar")), "upf-move", 8), TABLES, random.Random(0), "6").campaign, ["Strike Force NOVA"], toward="Dramune")
    assert not [u for u in left.at("Fromeltar", "UPF") if not u.station and not u.militia and u.force == "Strike Force NOVA"]
