"""Second Sathar War campaigns the tests share: the bundled war and its start, states built from it
(a unit put anywhere, the war at a step, day two, battles at Kawdl-Kit and Gran Quivera, the Sathar
placed, reinforcements, a war with every kind of secret), campaign files written and read back, and
map files wrong in several ways."""

from __future__ import annotations

import random
from pathlib import Path

from referee import saves, storage
from referee.resources import campaigns_dir
from referee.sathar_war import battles, campaign_file, fleets, forces, frontier, movement, repairs, setup, supply, turn, victory
from referee.sathar_war.campaign import Campaign, Place
from tests.helpers.tables import TABLES

MAP = frontier.from_dict(storage.read(campaigns_dir() / "frontier-map.toml", "map"))


def war(**options: bool) -> Campaign:
    """A new war at set-up."""
    return forces.new_war(TABLES, MAP, **options)


def started(retreat: int = 3) -> Campaign:
    """Day 1, Sathar move: 15 destroyers in the Prenglar circle, 8 frigates and 7 light cruisers in Fromeltar's."""
    campaign = war()
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign
    campaign = setup.choose_retreat(campaign, retreat).campaign
    return turn.advance(campaign, TABLES).campaign


def at_step(campaign: Campaign, step: str, day: int | None = None) -> Campaign:
    """The campaign moved to a step by hand (tests of one rule), the day's marks cleared."""
    fresh_day = [u._replace(moved=False, fought=False, attacked="", repair_turns=0) for u in campaign.units]
    return campaign.with_units(fresh_day)._replace(step=step, day=day or max(campaign.day, 1))  # type: ignore[arg-type]


def put(campaign: Campaign, names: list[str], place: Place) -> Campaign:
    """Ships (and their fighters) set down somewhere by hand."""
    units = campaign.named(names)
    moved = [u._replace(place=place, status="active") for u in units]
    moved += [f._replace(place=place, status="active") for u in units for f in campaign.aboard(u.name)]
    return campaign.with_units(moved)


def move(campaign: Campaign, names: list[str], roll: str | None = None, side: str = "UPF", **how: object) -> Campaign:
    """One day's move (the day's marks cleared first, so a test can move ships day after day)."""
    campaign = at_step(campaign, "upf-move" if side == "UPF" else "sathar-move")
    rolled = {"": roll} if roll else {}
    return movement.move(campaign, TABLES, names, rng=random.Random(0), rolled=rolled, **how).campaign  # type: ignore[arg-type]


def load(path: Path) -> Campaign:
    return campaign_file.read(path, TABLES)


def forces_at_setup() -> Campaign:
    return load(campaigns_dir() / "second-sathar-war.toml")


def bundled(path: Path) -> Path:
    path.write_bytes((campaigns_dir() / "second-sathar-war.toml").read_bytes())
    return path


def bundled_war(folder: Path) -> Path:
    """The bundled start copied to war.toml in the folder."""
    return bundled(folder / "war.toml")


def saved(path: Path, campaign: Campaign) -> Path:
    storage.write_text(path, campaign_file.text(campaign, TABLES))
    return path


def round_trip(campaign: Campaign) -> Campaign:
    return campaign_file.from_dict(campaign_file.to_dict(campaign), TABLES)


def war_day_two() -> Campaign:
    """Day 2, step 1: the Sathar destroyers one box from Prenglar; a damaged UPF destroyer at Outer
    Reach (Dramune), which has a construction centre; a UPF frigate that has fired its torpedoes;
    the TF Cassidine battleship risk-jumping toward Dramune one box before its jump box."""
    campaign = setup.place_sathar(forces_at_setup(), ["Sathar Destroyer *"], "Prenglar").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign
    campaign = turn.advance(setup.choose_retreat(campaign, 3).campaign, TABLES).campaign
    near = Place("Prenglar Start Circle - Prenglar", box=5, toward="Prenglar")
    frigates = [u._replace(place=Place("Fromeltar Start Circle - Fromeltar", box=1, toward="Fromeltar")) for u in campaign.units if u.place and u.place.where == "Fromeltar Start Circle"]
    destroyers = [u._replace(place=near) for u in campaign.named(["Sathar Destroyer *"])]
    hurt = campaign.unit("UPF Destroyer 1")
    hurt = hurt._replace(place=Place("Dramune", "Outer Reach"), roster=hurt.roster._replace(hull=hurt.roster.hull_start - 8))
    frigate = campaign.unit("TF Prenglar Frigate 1")
    empty = frigate._replace(roster=frigate.roster.with_system(frigate.roster.system("T")._replace(count=0)))
    battleship = campaign.unit("TF Cassidine Battleship")._replace(fleet="", place=Place("Dramune - Cassidine", box=3, toward="Dramune", rate=2))
    campaign = campaign.with_units([*frigates, *destroyers, hurt, empty, battleship])
    return campaign._replace(day=2, step="sathar-move")


# ---------------------------------------------------------------------- battles


def contested_prenglar() -> Campaign:
    """Day 5: three Sathar destroyers reach Prenglar, where Task Force Prenglar and two stations are."""
    campaign = put(started(), ["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Destroyer 3"], Place("Prenglar"))
    return at_step(campaign, "sathar-attacks", 5)


def carrier_attacked_at_morgaines_world() -> Campaign:
    """Day 5: the Sathar attack Morgaine's World, where Task Force Prenglar's assault carrier holds UPF Fighters 1-4."""
    return battles.declare(contested_prenglar(), TABLES, "Prenglar", "Morgaine's World").campaign


def sathar_placed(campaign: Campaign) -> Campaign:
    """The Sathar set-up: 15 destroyers at Prenglar, 8 frigates and 7 light cruisers at Fromeltar."""
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar").campaign
    return setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign


def at_gran_quivera() -> Campaign:
    """Day 5: three Sathar destroyers at Gran Quivera, Task Force Prenglar at Morgaine's World."""
    campaign = put(started(), ["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Destroyer 3"], Place("Prenglar", "Gran Quivera"))
    return at_step(campaign, "upf-attacks", 5)


def few_left_and_five_placed() -> Campaign:
    """Day 5: 4 Sathar ships left on the map; 5 heavy cruisers placed in the Kizk-Kar circle, 5 of 9."""
    campaign = at_step(started(), "sathar-move", 5)
    on_map = [u for u in campaign.units if u.side == "Sathar" and u.active]
    campaign = victory.lose(campaign, on_map[4:], "combat")
    return setup.place_sathar(campaign, [f"Sathar Heavy Cruiser {n}" for n in range(1, 6)], "Kizk-Kar").campaign


SATHAR = [f"Sathar Destroyer {n}" for n in range(1, 7)]
UPF = [f"TF Prenglar Frigate {n}" for n in range(1, 4)] + ["TF Prenglar Destroyer 1", "TF Prenglar Destroyer 2", "TF Prenglar Light Cruiser 1", "TF Prenglar Battleship", "TF Prenglar Minelayer"]


def at_kawdl_kit(sathar: list[str], upf: list[str]) -> Campaign:
    """Day 5, Sathar attacks: ships set down in K'tsa-Kar, where Kawdl-Kit Station orbits."""
    campaign = put(started(), sathar + upf, Place("K'tsa-Kar", "Kawdl-Kit"))
    loose = [u._replace(fleet="") for u in campaign.named(sathar + upf)]  # the UPF ships leave Task Force Prenglar
    return at_step(campaign.with_units(loose), "sathar-attacks", 5)


def two_battles_at_kawdl_kit() -> Campaign:
    """Day 5 at K'tsa-Kar: the Sathar Destroyers 1 and 2 attack Kawdl-Kit under the Basic Rules; then
    the UPF attacks the Destroyers 3 and 4, which did not attack (Declaring Combat: 'The UPF player
    may not attack Sathar ships that have already attacked'), with the Advanced Rules. The two TF
    Prenglar frigates are in both battles."""
    campaign = battles.declare(at_kawdl_kit(SATHAR[:4], UPF[:2]), TABLES, "K'tsa-Kar", names=SATHAR[:2], rules="basic").campaign
    campaign = battles.declare(campaign._replace(step="upf-attacks"), TABLES, "K'tsa-Kar", rules="advanced").campaign
    assert [(f.attacker, f.game) for f in campaign.fights] == [("Sathar", "basic"), ("UPF", "advanced")]
    assert set(campaign.fights[1].ships) == {"TF Prenglar Frigate 1", "TF Prenglar Frigate 2", "Sathar Destroyer 3", "Sathar Destroyer 4"}
    return campaign


SATHAR_REPLACEMENT = "the Sathar Destroyer 9: brought back, off the map until placed"


def secret_war() -> Campaign:
    """Day 1, UPF move, with a secret of every kind: the retreat condition (3), both sides' shatter
    drones, a UPF ship joining Strike Force NOVA off the map, the Sathar heavy cruisers and carriers
    still off the map, a damaged UPF destroyer docked and ordered repaired, a UPF frigate rearming,
    and a Sathar replacement roll."""
    campaign = forces_at_setup()._replace(shatter_drones=True)
    campaign = setup.choose_drones(campaign, "UPF", ["TF Cassidine Frigate 1", "TF Cassidine Frigate 2"]).campaign
    campaign = setup.choose_drones(campaign, "Sathar", ["Sathar Frigate 1", "Sathar Frigate 2"]).campaign
    campaign = fleets.join(campaign, "Strike Force NOVA", ["UPF Assault Scout 1"]).campaign
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign
    campaign = setup.choose_retreat(campaign, 3).campaign
    campaign = (turn.advance(campaign, TABLES).campaign)._replace(step="upf-move")  # day 1 (the Sathar moves are not the point)
    hurt = campaign.unit("UPF Destroyer 1")
    outer_reach = campaign.unit("Outer Reach Station").place
    hurt = hurt._replace(place=outer_reach, roster=hurt.roster._replace(hull=42))
    frigate = campaign.unit("TF Prenglar Frigate 1")
    spent = frigate._replace(roster=frigate.roster.with_system(frigate.roster.system("T")._replace(count=0)))
    campaign = campaign.with_units([hurt, spent])
    campaign = fleets.dock(campaign, ["UPF Destroyer 1"]).campaign
    campaign = repairs.order(campaign, "UPF Destroyer 1", hull=8).campaign
    campaign, rearmed = supply.rearm(campaign)
    campaign = campaign.logged(*rearmed)
    return campaign.logged(campaign.entry(SATHAR_REPLACEMENT, rule=f"{turn.REPLACEMENTS_RULE}: Sathar Replacements; ssw.sathar-replacement, row 1-35"))


def bad_maps(folder: Path) -> dict[str, tuple[Path, str]]:
    """Map files wrong in several ways, each with what its refusal must say."""
    text = (campaigns_dir() / saves.BUNDLED_MAP).read_text(encoding="utf-8")
    gollywog = text[text.index('name = "Gollywog"') :]
    gollywog = gollywog[: gollywog.index("\n[")]
    wrong = {
        "not TOML": ("[[systems]\n", "is not valid TOML"),
        "a campaign": ((campaigns_dir() / saves.BUNDLED_START).read_text(encoding="utf-8"), "map: unknown key"),
        "no systems": ('format = "referee frontier map"\nversion = 1\nname = "x"\n', "map: no systems"),
        "a planet missing": (text.replace('name = "Morgaine\'s World"', 'name = "Morgaine"'), 'no planet called "Morgaine\'s World"'),
        "a militia's station missing": (text.replace(gollywog, 'name = "Gollywog"'), "Gollywog's militia (ssw.militia) are based at its station, and the map gives Gollywog no station"),
    }
    found = {}
    for name, (content, said) in wrong.items():
        path = folder / f"{name.replace(' ', '-')}.toml"
        path.write_text(content, encoding="utf-8")
        found[name] = (path, said)
    found["no file"] = (folder / "nowhere.toml", "no map file at")
    return found


def hurt(campaign: Campaign, name: str, hull: int, **damage: object) -> Campaign:
    """The campaign with the unit's hull at ``hull`` (and any other roster damage given)."""
    unit = campaign.unit(name)
    return campaign.with_units([unit._replace(roster=unit.roster._replace(hull=hull, **damage))])
