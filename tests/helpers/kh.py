"""Knight Hawks battles the tests share: the Knight Hawks tables, battles made ship by ship, the
bundled scenarios as kh start reads them, a campaign battle."""

from __future__ import annotations

from typing import Any

from referee import storage, tables
from referee.knight_hawks import battle_file
from referee.knight_hawks.battle import Battle
from referee.resources import campaigns_dir, scenario_files
from referee.sathar_war import battles
from tests.helpers.campaign import SATHAR, at_kawdl_kit
from tests.helpers.tables import TABLES

KH = tables.load(prefix="kh")


def make(game: str = "advanced", *ships: dict[str, Any], **battle: Any) -> Battle:
    data = {"format": battle_file.FORMAT, "version": 1, "name": "test", "game": game, "sides": ["Sathar", "UPF"], "ships": list(ships), **battle}
    return battle_file.from_dict(data, KH)


def changed(battle: Battle, **ships: dict[str, Any]) -> Battle:
    """The battle with some rosters changed, each named as a keyword: its name with spaces as
    underscores and quotes left out (``ZGata``, ``Allison_May``)."""
    out = []
    for key, values in ships.items():
        name = next(s.name for s in battle.ships if s.name.replace(" ", "_").replace("'", "") == key)
        out.append(battle.ship(name)._replace(**values))
    return battle.with_ships(out)


def fleet(game: str = "advanced", **battle: Any) -> Battle:
    """A destroyer and a heavy cruiser against a frigate, an assault scout and a station with a fighter docked."""
    station = {"name": "Station", "class": "space station", "side": "UPF", "hull_points": 60, "adf": 0, "mr": 0, "weapons": ["LB", "RB x2"], "defenses": ["RH", "MS", "ICM x4"]}
    if game == "advanced":
        station["dcr"] = 30
    return make(
        game,
        {"name": "Venomous", "class": "destroyer", "side": "Sathar"},
        {"name": "Perdition", "class": "heavy cruiser", "side": "Sathar"},
        {"name": "Z'Gata", "class": "frigate", "side": "UPF"},
        {"name": "Stiletto", "class": "assault scout", "side": "UPF"},
        station,
        {"name": "Fighter A", "class": "fighter", "side": "UPF", "docked_at": "Station"},
        **battle,
    )


def scenario(name: str) -> Battle:
    """The scenario as kh start reads it (Close Escort's side A still to roll for)."""
    return battle_file.from_dict(storage.read(campaigns_dir() / f"kh-{name}.toml", "scenario"), KH, start=True)


def moving_fleet(game: str = "advanced", **battle: Any) -> Battle:
    """Sathar: a destroyer, a heavy cruiser at speed 5 (ADF 2, MR 1), an assault carrier with a fighter
    aboard; UPF: a frigate, an assault scout, a station with a fighter docked."""
    station = {"name": "Station", "class": "space station", "side": "UPF", "hull_points": 60, "adf": 0, "mr": 0, "weapons": ["LB", "RB x2"], "defenses": ["RH", "MS", "ICM x4"]}
    carrier: list[dict[str, Any]] = []
    if game == "advanced":
        station["dcr"] = 30
        carrier = [
            {"name": "Maelstrom", "class": "assault carrier", "side": "Sathar", "speed": 4},
            {"name": "Sathar Fighter A", "class": "fighter", "side": "Sathar", "carried_by": "Maelstrom"},
        ]
    return make(
        game,
        {"name": "Venomous", "class": "destroyer", "side": "Sathar"},
        {"name": "Perdition", "class": "heavy cruiser", "side": "Sathar", "speed": 5},
        *carrier,
        {"name": "Z'Gata", "class": "frigate", "side": "UPF"},
        {"name": "Stiletto", "class": "assault scout", "side": "UPF", "speed": 3},
        station,
        {"name": "Fighter A", "class": "fighter", "side": "UPF", "docked_at": "Station"},
        **battle,
    )


def campaign_battle(upf: list[str]):  # type: ignore[no-untyped-def]
    campaign = battles.declare(at_kawdl_kit(SATHAR, upf), TABLES, "K'tsa-Kar").campaign
    return battles.battle_for(campaign, "K'tsa-Kar")


def stand() -> Battle:
    """The Stand at turn 1 (Sathar moving), with a UPF mine and a UPF seeker not active, an active
    Sathar seeker, the Deathstroke's stasis screen on, and a hit on the Shimmer: a secret of each kind."""
    import random

    from referee.knight_hawks import movement, ordnance

    battle = battle_file.from_dict(storage.read(scenario_files()["the-stand"], "scenario"), TABLES, start=True)
    battle = ordnance.lay_mines(battle, "1207", side="UPF").battle
    battle = ordnance.place_seeker(battle, "0909", side="UPF").battle
    battle = ordnance.place_seeker(battle, "0505", by="Carrion").battle  # (before the game only the UPF places them: The Stand)
    battle = ordnance.move_seeker(battle, TABLES, random.Random(1), "0505", "0507").battle
    battle = movement.screen(battle, "Deathstroke", "SS").battle
    shimmer = battle.ship("Shimmer")
    return battle.with_ships([shimmer._replace(hull=31)])
