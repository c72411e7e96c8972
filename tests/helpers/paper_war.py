"""A war played to the middle through the rules layer, as a referee plays it, for the printed
documents' tests and benchmark: the Sathar form Attack Fleets #1 (fifteen destroyers, into
Prenglar) and #2 (frigates and light cruisers, into Fromeltar); the UPF sends Task Force
Cassidine toward Dramune and places Strike Force NOVA. When Attack Fleet #1 reaches Prenglar,
three of its destroyers attack Gran Quivera: the battle is written out for the Knight Hawks engine,
fought shot by shot with seeded dice until one side has no ship left on the map, and taken back
into the campaign. The war then goes on to the next day; damaged UPF ships dock for repairs.

Everything is decided by seeded dice: the same war every run.
"""

from __future__ import annotations

import functools
import random
import tomllib

from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat_phase import Report, fire_damage, shoot
from referee.knight_hawks.scenarios import verdict
from referee.sathar_war import battles, fleets, forces, movement, setup, turn
from referee.sathar_war.campaign import Campaign
from tests.helpers.campaign import MAP
from tests.helpers.tables import TABLES

RAIDERS = ["Sathar Destroyer 1", "Sathar Destroyer 2", "Sathar Destroyer 3"]


@functools.cache
def mid_war() -> tuple[Campaign, Battle]:
    """The campaign on the day after the battle at Gran Quivera, and that battle, finished."""
    rng = random.Random(7)
    war = forces.new_war(TABLES, MAP)
    war = setup.place_sathar(war, ["Sathar Destroyer *"], "Prenglar").campaign
    war = setup.place_sathar(war, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign
    war = fleets.join(war, "Sathar Attack Fleet #1", ["Sathar Destroyer *"]).campaign
    war = fleets.join(war, "Sathar Attack Fleet #2", ["Sathar Frigate *", "Sathar Light Cruiser *"]).campaign
    war = setup.choose_retreat(war, 3).campaign
    war = turn.advance(war, TABLES).campaign
    fought: Battle | None = None
    while fought is None or war.step != "upf-move":
        if war.step == "sathar-move":
            for fleet, home in (("Sathar Attack Fleet #1", "Prenglar"), ("Sathar Attack Fleet #2", "Fromeltar")):
                if war.fleet(fleet)[0].place != home and war.fleet(fleet)[0].system(war.frontier) != home:
                    war = movement.move(war, TABLES, [fleet], toward=home, rng=rng).campaign
        elif war.step == "upf-move" and war.day == 1:
            war = setup.place_nova(war, TABLES, rng, "9").campaign
            war = movement.move(war, TABLES, ["Task Force Cassidine"], toward="Dramune", rng=rng).campaign
        elif war.step == "sathar-attacks" and fought is None and war.unit(RAIDERS[0]).system(war.frontier) == "Prenglar":
            war = battles.declare(war, TABLES, "Prenglar", "Gran Quivera", names=RAIDERS).campaign
            fought = fight(battles.battle_for(war, "Prenglar"), random.Random(11))
            war = battles.from_battle(war, fought).campaign
            damaged = [u.name for u in war.units if u.side == "UPF" and u.active and not u.station and u.damaged and not u.roster.carried_by]
            if damaged:
                war = fleets.dock(war, damaged[:2]).campaign
        war = turn.advance(war, TABLES, rng).campaign
    return war, fought


def fight(battle: Battle, rng: random.Random) -> Battle:
    """The battle through the Knight Hawks engine, as its file is read back at each save: each half
    of a turn the side not moving fires, then the side moving; every ship fires each weapon the
    rules let it at an enemy ship and range the dice choose (a shot out of range is not fired); fire
    damage rolled when due; until one side has no ship left on the map."""
    battle = saved(battle)
    for _ in range(60):
        if battle.step == "turn":
            if battle.burning and not battle.fires_rolled:
                battle = fire_damage(battle, TABLES, rng).battle
            for side in (battle.non_moving, battle.moving):
                battle = volley(battle, rng, side)
                if verdict(battle) is not None:
                    return saved(battle)
        battle = advance(battle)
    raise AssertionError("the battle did not end in 60 halves")


def saved(battle: Battle) -> Battle:
    """The battle as its file reads back."""
    return battle_file.from_dict(tomllib.loads(battle_file.text(battle, TABLES)), TABLES)


def volley(battle: Battle, rng: random.Random, side: str) -> Battle:
    for firer in battle.afloat(side):
        for weapon in firer.weapons:
            targets = [s for s in battle.afloat(battle.sides[1] if side == battle.sides[0] else battle.sides[0]) if not s.docked_at and not s.carried_by]
            if not targets or battle.ship(firer.name).destroyed:
                return battle
            try:
                battle = shoot(battle, TABLES, rng, firer.name, weapon.code, rng.choice(targets).name, Report(range=rng.randint(1, 12))).battle
            except RefereeError:
                continue  # a shot the rules forbid now (out of range, its phase, fired already, docked, none left)
    return battle
