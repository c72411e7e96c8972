"""Ship figures, fighters, seekers set up, the Basic game, and Knight Hawks battles fought from the
campaign, case by case from an independent reading of the Tactical Operations Manual and The Second
Sathar War (each case worked by hand from the book's text; the sentence is quoted). KH n is the line
of knight-hawks-tactical-operations-manual.txt, SSW n of second-sathar-war.txt."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.errors import RefereeError
from referee.knight_hawks.attack import Rolled
from referee.knight_hawks.battle import Battle, advance
from referee.knight_hawks.combat_phase import Report, shoot
from referee.knight_hawks.movement import dock
from referee.knight_hawks.ordnance import lay_mines, move_seeker, place_seeker, seeker_attack
from referee.knight_hawks.repair import Repair
from referee.knight_hawks.roster import Ship, build, systems
from referee.sathar_war import battles, fleets, repairs
from referee.sathar_war.battles import Outcome
from referee.sathar_war.campaign import Place
from tests.helpers.campaign import SATHAR, UPF, at_kawdl_kit, at_step, put, started
from tests.helpers.kh import KH, make, scenario
from tests.helpers.tables import TABLES

RNG = random.Random(0)


def roster(game: str, ship_class: str) -> Ship:
    return build(KH.get(f"kh.ships-{game}").row(ship_class), ship_class, "UPF", game)  # type: ignore[arg-type]


def figures(ship: Ship) -> tuple[Any, ...]:
    return (ship.hull_start, ship.adf, ship.mr, ship.dcr, [s.notation() for s in ship.weapons], [s.notation() for s in ship.defenses])


# -- F. Ship figures ---------------------------------------------------------------------------------


def test_k090_the_basic_and_the_advanced_frigate() -> None:
    """K090. Basic: "Hull Points : 40 MR: 3 ADF: 3 Weapons: laser cannon, laser battery, 2 torpedos, 4
    rocket batteries Defenses: reflective hull, 1 masking screen, 4 ICMs" (KH 389-393); Advanced (rules
    README): "Frigate HP 40, ADF 4, MR 3, DCR 70; LC, LB, RB x4, T x2; RH, MS x2, ICM x4." Each game
    keeps its own."""
    assert figures(roster("basic", "frigate")) == (40, 3, 3, 0, ["LC", "LB", "T x2", "RB x4"], ["RH", "MS x1", "ICM x4"])
    assert figures(roster("advanced", "frigate")) == (40, 4, 3, 70, ["LC", "LB", "RB x4", "T x2"], ["RH", "MS x2", "ICM x4"])


@pytest.mark.parametrize(
    ("ship_class", "basic", "advanced"),
    [
        ("destroyer", (50, 3, 2, 0, ["LC", "LB", "T x2", "RB x6"], ["RH", "MS x2", "ICM x4"]), (50, 3, 3, 75, ["LC", "LB", "EB", "RB x4", "T x2"], ["RH", "MS x2", "ICM x5"])),
        (
            "heavy cruiser",
            (80, 1, 1, 0, ["LC", "LB x3", "T x4", "RB x8"], ["RH", "MS x1", "ICM x8"]),
            (80, 2, 1, 120, ["DC", "LB x2", "EB", "PB", "RB x8", "T x4", "S x2"], ["RH", "ES", "PS", "SS", "ICM x8"]),
        ),
        (
            "battleship",
            (120, 2, 2, 0, ["LC x2", "LB x4", "T x8", "RB x10"], ["RH", "MS x4", "ICM x20"]),
            (120, 2, 2, 200, ["DC", "LB x3", "EB x2", "PB", "RB x10", "T x8", "S x4"], ["RH", "ES", "PS", "SS", "ICM x12"]),
        ),
    ],
)
def test_k091_destroyer_heavy_cruiser_battleship_in_both_games(ship_class: str, basic: tuple[Any, ...], advanced: tuple[Any, ...]) -> None:
    """K091. KH 397-419 and the rules README's Advanced list."""
    assert figures(roster("basic", ship_class)) == basic
    assert figures(roster("advanced", ship_class)) == advanced


def test_k092_fighter_scout_carrier_and_station_in_both_games() -> None:
    """K092. KH 365-437 and the README list: the fighter and the assault scout the same in both games,
    with a DCR in the Advanced; the carrier's Basic and Advanced loads; stations in ranges."""
    assert figures(roster("basic", "fighter")) == (8, 5, 5, 0, ["AR x3"], ["RH"])
    assert figures(roster("advanced", "fighter")) == (8, 5, 5, 30, ["AR x3"], ["RH"])
    assert figures(roster("basic", "assault scout")) == (15, 5, 4, 0, ["AR x4", "LB"], ["RH"])
    assert figures(roster("advanced", "assault scout")) == (15, 5, 4, 50, ["AR x4", "LB"], ["RH"])
    assert figures(roster("basic", "assault carrier")) == (75, 2, 1, 0, ["LB x2", "RB x6"], ["RH", "MS x1", "ICM x8"])
    assert figures(roster("advanced", "assault carrier")) == (75, 2, 1, 150, ["LB", "PB", "RB x8"], ["RH", "MS x4", "ICM x10"])
    assert KH.get("kh.ships-advanced").row("assault carrier")["fighters"] == 10
    basic, advanced = KH.get("kh.ships-basic").row("station"), KH.get("kh.ships-advanced").row("station")
    assert (basic["hull_points"], basic["weapons"], basic["defenses"]) == ("20-200", ["LB x1-3", "RB x2-12"], ["RH", "MS x1-4", "ICM x2-8"])
    assert (advanced["hull_points"], advanced["dcr"], advanced["defenses"]) == ("20-300", "half its HP", ["RH", "All Screens", "ICM x4-24"])


# -- The campaign's battles ----------------------------------------------------------------------------


def basic_rules_battle() -> Battle:
    return make(
        "advanced",
        {"name": "Sathar Light Cruiser 1", "class": "light cruiser", "side": "Sathar"},
        {"name": "TF Prenglar Light Cruiser 1", "class": "light cruiser", "side": "UPF", "active_screen": "ES"},
        {"name": "TF Prenglar Destroyer 1", "class": "destroyer", "side": "UPF"},
        damage_table=False,
    )


def test_k093_the_campaigns_basic_rules_use_the_advanced_table_and_hit_only_hulls() -> None:
    """K093. "If the Basic Rules are used, all weapons and ships introduced in the Advanced Game are still
    used, as is the Advanced Game Combat Table. ... The Advanced Game Damage Table and the repair rule
    are ignored, however." (SSW 25) (a) EB at an electron screen: 25 - 10 = 15; a 12 hits, 9 -> 5 off
    the hull, no Damage Table. (b) A torpedo at RH with 1 ICM: 50 - 10 = 40 (not the Basic 60); a 41
    misses. A campaign battle declared with the Basic Rules is fought with Advanced rosters."""
    battle = basic_rules_battle()
    beam = shoot(battle, KH, RNG, "Sathar Light Cruiser 1", "EB", "TF Prenglar Light Cruiser 1", Report(range=2), Rolled("12", hull="9"))
    assert beam.attack is not None and beam.attack.chance.total == 15
    assert beam.attack.hit is not None and beam.attack.hit.damage_roll is None
    assert beam.battle.ship("TF Prenglar Light Cruiser 1").hull == 65
    torpedo = shoot(battle, KH, RNG, "Sathar Light Cruiser 1", "T", "TF Prenglar Destroyer 1", Report(range=2, icms=(("TF Prenglar Destroyer 1", 1),)), Rolled("41"))
    assert torpedo.attack is not None and torpedo.attack.chance.total == 40 and not torpedo.attack.outcome.hit
    declared = battles.declare(at_kawdl_kit(SATHAR, [*UPF, "TF Prenglar Light Cruiser 2"]), TABLES, "K'tsa-Kar").campaign
    fought = battles.battle_for(declared, "K'tsa-Kar")
    assert (fought.game, fought.damage_table) == ("advanced", False)
    assert fought.ship("TF Prenglar Frigate 1").adf_start == 4  # the Advanced frigate


def test_k094_no_repair_turn_in_a_basic_battle_one_after_it_and_a_failed_hull_repair_is_final() -> None:
    """K094. "If the battle was fought using the Basic Rules, repairs cannot be made until after the
    battle. If any hull damage repair attempt fails after the battle, no further repairs can be
    attempted; the ship's hull can be repaired only at a space station." (SSW 319) Nine turns, no repair
    turn; after it 75 on the hull, an 80: failed, and the hull is left to a station."""
    battle = basic_rules_battle()
    for _ in range(18):
        battle = advance(battle)
        assert battle.step == "turn"
    assert battle.turn == 10
    campaign = battles.declare(at_kawdl_kit(SATHAR, [*UPF, "TF Prenglar Light Cruiser 2"]), TABLES, "K'tsa-Kar").campaign
    assert campaign.fights[0].game == "basic"
    campaign = battles.record(campaign, "TF Prenglar Destroyer 1", Outcome(hull=30)).campaign
    failed = repairs.repair_in_space(campaign, "TF Prenglar Destroyer 1", [Repair("hull", 75)], RNG, ["80"]).campaign
    assert failed.unit("TF Prenglar Destroyer 1").roster.hull == 30 and failed.unit("TF Prenglar Destroyer 1").hull_station_only
    with pytest.raises(RefereeError, match="only a space station can repair its hull now"):
        repairs.repair_in_space(failed, "TF Prenglar Destroyer 1", [Repair("hull", 75)], RNG, ["5"], override="again")


def test_k095_which_rules_to_use_counts_fighters_as_ships() -> None:
    """K095. "2 to 4 Advanced Rules; average NPC skills / 5 to 14 Advanced Rules; no skill modifiers /
    More than 14 Basic Rules" (SSW 292-295); fighters are counted (docs/sathar-war.md, Readings: Ships in battle)."""
    campaign = started()
    ships = [u for u in campaign.units if not u.station]
    fighters = [u for u in ships if u.ship_class == "fighter"]
    assert battles.suggested_rules(TABLES, fighters[:3]).startswith("Advanced Rules; average NPC skills (2 to 4 ships): 3 ships in battle")
    assert battles.suggested_rules(TABLES, ships[:14]).startswith("Advanced Rules; no skill modifiers (5 to 14 ships): 14 ships")
    assert battles.suggested_rules(TABLES, ships[:15]).startswith("Basic Rules (More than 14 ships): 15 ships")


def test_k096_a_defending_minelayer_lays_its_mines_and_seekers_before_the_battle() -> None:
    """K096. "If the defender's ships include a minelayer, the defender may place all of its mines and
    seeker missiles before the battle begins." (SSW 286) The UPF defends: up to 20 mined hexes and 4
    seekers (two may share a hex) off the Z'Rak't Zoz's load. Attacking, the UPF lays none beforehand:
    its minelayer drops them in its movement."""
    declared = battles.declare(at_kawdl_kit(SATHAR, UPF), TABLES, "K'tsa-Kar").campaign
    battle = battles.battle_for(declared, "K'tsa-Kar")
    hexes = [f"{column:02d}{row:02d}" for column in range(1, 5) for row in range(1, 6)]
    mined = lay_mines(battle, hexes, by="TF Prenglar Minelayer").battle
    assert len(mined.mines) == 20 and mined.ship("TF Prenglar Minelayer").system("M").count == 0
    with pytest.raises(RefereeError, match="has no mines left"):
        lay_mines(mined, "1010", by="TF Prenglar Minelayer")
    seekers = place_seeker(mined, ["1111", "1111", "1212", "1313"], by="TF Prenglar Minelayer").battle
    assert len(seekers.seekers) == 4 and seekers.ship("TF Prenglar Minelayer").system("S").count == 0
    upf = battles.declare(at_step(at_kawdl_kit(SATHAR, UPF), "upf-attacks"), TABLES, "K'tsa-Kar").campaign
    attack = battles.battle_for(upf, "K'tsa-Kar")
    assert attack.sides[0] == "UPF"
    with pytest.raises(RefereeError, match="include no minelayer"):
        lay_mines(attack, "1207", side="UPF")
    dropped = lay_mines(attack, "1207", by="TF Prenglar Minelayer")
    assert "dropped by the TF Prenglar Minelayer" in dropped.entries[0].text


def test_k097_fighters_rearm_after_a_quiet_complete_turn_aboard() -> None:
    """K097. "To be rearmed, a fighter must spend one complete game turn on board its station or
    carrier. If the fighter's base is attacked, the fighter cannot be rearmed that turn. A fighter that
    is docked cannot be attacked." (KH 369); "Assault scouts cannot be rearmed at assault carriers."
    (KH 379) The fighter lands in turn 1 (the reader's turn 4), its carrier is fired at in turn 2 (5):
    not rearmed; a quiet turn 3 (6): rearmed."""
    battle = scenario("the-stand")
    fighter = battle.ship("Sathar Fighter A")._replace(carried_by="", weapons=systems(["AR x0 of 3"]))
    battle = dock(battle.with_ships([fighter]), "Sathar Fighter A", "Maelstrom").battle
    with pytest.raises(RefereeError, match="cannot be attacked"):
        shoot(battle, KH, RNG, "Shimmer", "LB", "Sathar Fighter A", Report(range=1), Rolled("50"))
    battle = advance(advance(battle))
    assert battle.ship("Sathar Fighter A").system("AR").count == 0  # not a complete turn aboard
    battle = shoot(battle, KH, RNG, "Shimmer", "LB", "Maelstrom", Report(range=1), Rolled("99")).battle
    battle = advance(advance(battle))
    assert battle.ship("Sathar Fighter A").system("AR").count == 0  # its base attacked in turn 2
    battle = advance(advance(battle))
    assert battle.step == "repair" and battle.ship("Sathar Fighter A").system("AR").count == 3
    carrier = make(
        "advanced",
        {"name": "Bonaventure", "class": "assault carrier", "side": "UPF"},
        {"name": "Rapier", "class": "assault scout", "side": "UPF"},
        {"name": "Viper", "class": "destroyer", "side": "Sathar"},
        moving="UPF",
    )
    with pytest.raises(RefereeError, match="assault scouts cannot be rearmed at assault carriers"):
        dock(carrier, "Rapier", "Bonaventure")


def test_k097_a_sathar_carrier_holds_eight_fighters_in_the_campaign() -> None:
    """K097 (c). "Each assault carrier has a capacity of eight fighters." (SSW 36) Seven aboard, two
    more: refused; one more: eight."""
    campaign = at_step(put(started(), ["Sathar Assault Carrier 1", "Sathar Assault Carrier 2"], Place("Prenglar", "Gran Quivera")), "sathar-move")
    assert len(campaign.aboard("Sathar Assault Carrier 1")) == 7
    with pytest.raises(RefereeError, match="carries 8 fighters; 7 are aboard"):
        fleets.land(campaign, ["Sathar Fighter 2", "Sathar Fighter 6"], "Sathar Assault Carrier 1")
    assert len(fleets.land(campaign, ["Sathar Fighter 2"], "Sathar Assault Carrier 1").campaign.aboard("Sathar Assault Carrier 1")) == 8


def test_k098_a_fighter_fires_one_assault_rocket_a_turn_in_its_own_phase() -> None:
    """K098. "Assault Rocket - FF / MPO / LTD / RA4 / DTM-10 HDR 2d10+4" (KH 583); KH 267: one in the
    Sathar's own phase; a second, and one in the UPF's phase, refused."""
    battle = scenario("fortress-kdikit")
    battle = battle.with_ships([battle.ship("Sathar Fighter A")._replace(carried_by="")])
    battle = shoot(battle, KH, RNG, "Sathar Fighter A", "AR", "Driadia", Report(range=2), Rolled("99")).battle
    with pytest.raises(RefereeError, match="fired once a turn"):
        shoot(battle, KH, RNG, "Sathar Fighter A", "AR", "Driadia", Report(range=2), Rolled("99"))
    with pytest.raises(RefereeError, match="Moving Player Only"):
        shoot(advance(battle), KH, RNG, "Sathar Fighter A", "AR", "Driadia", Report(range=2), Rolled("99"))
    assert battle.ship("Sathar Fighter A").system("AR").count == 2


def test_k099_a_seeker_is_activated_only_in_its_owners_movement_phase() -> None:
    """K099. "The player that placed a seeker can activate it at the beginning of his movement phase on
    any turn." (KH 601) The UPF's seeker: refused in the Sathar turn; in the UPF's it moves 2 hexes. A
    ship entering its hex before then does not set it off ("the activated seeker", KH 607)."""
    battle = place_seeker(scenario("the-stand"), "0909", side="UPF").battle
    with pytest.raises(RefereeError, match="at the start of UPF's movement phase"):
        move_seeker(battle, KH, RNG, "0909", "0911")
    with pytest.raises(RefereeError, match="not activated"):
        seeker_attack(battle, KH, RNG, "0909", "Viper")
    moved = move_seeker(advance(battle), KH, RNG, "0909", "0911").battle
    assert (moved.seekers[0].active, moved.seekers[0].moved) == (True, 2)


def test_k100_the_basic_game_marks_every_hit_off_the_hull() -> None:
    """K100. "In the Basic Game, all damage was marked off the ship's hull." (KH 573) Allison May's laser
    cannon, head-on at 1 hex: 60 + 10 - 5 = 65; a 65 hits for 10 + 10: Vicious 50 -> 30, no Damage
    Table roll, no DCR."""
    battle = advance(scenario("fortress-kdikit"))
    done = shoot(battle, KH, RNG, "Allison May", "LC", "Vicious", Report(range=1, head_on=True), Rolled("65", hull="20"))
    assert done.attack is not None and done.attack.chance.total == 65
    assert done.attack.hit is not None and done.attack.hit.damage_roll is None
    assert (done.battle.ship("Vicious").hull, done.battle.ship("Vicious").dcr) == (30, 0)


def test_k097_an_assault_carrier_holds_ten_fighters_in_a_knight_hawks_battle() -> None:
    """K097 (c). "Assault carriers carry groups of four to 10 fighters" (KH 421); Advanced Game Ship
    Statistics: "fighter (x10)". An eleventh fighter cannot land."""
    fighters = [{"name": f"Fighter {n}", "class": "fighter", "side": "UPF", "carried_by": "Bonaventure" if n <= 10 else ""} for n in range(1, 12)]
    battle = make("advanced", {"name": "Bonaventure", "class": "assault carrier", "side": "UPF"}, *fighters, {"name": "Viper", "class": "destroyer", "side": "Sathar"}, moving="UPF")
    with pytest.raises(RefereeError, match="has 10 fighters aboard"):
        dock(battle, "Fighter 11", "Bonaventure")
    launched = dock(battle, "Fighter 1", "").battle
    assert dock(launched, "Fighter 11", "Bonaventure").battle.ship("Fighter 11").carried_by == "Bonaventure"
