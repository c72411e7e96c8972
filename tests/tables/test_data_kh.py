"""Spot-value tests for tables/knight-hawks.toml (Knight Hawks Tactical Operations Manual).

Spot values are checked against the rule text in shared/rules/knight-hawks-tactical-operations-manual.txt,
read as shared/rules/README.md directs. Every value is looked up through the engine; the shape the
loader enforces is tested in tests/tables/test_tables.py.
"""

import re

import pytest

from referee.errors import RefereeError
from tests.helpers.data_tables import Book

KH = Book("kh", "knight-hawks.toml")
table, rows, row, cell, band, column_keys = KH.table, KH.rows, KH.row, KH.cell, KH.band, KH.column_keys

EXPECTED_TABLES = [
    "combat-basic",
    "weapons-basic",
    "combat-advanced",
    "damage-modifiers",
    "weapon-restrictions",
    "damage",
    "ships-basic",
    "ships-advanced",
    "percentile-dice",
]

ADVANCED_WEAPONS = {
    "LC": "laser cannon",
    "LB": "laser battery",
    "PB": "proton beam battery",
    "EB": "electron beam battery",
    "DC": "disruptor cannon",
    "T": "torpedo",
    "AR": "assault rocket",
    "RB": "rocket battery",
    "M": "mines",
    "S": "seeker missile",
}
ADVANCED_DEFENSES = {
    "none": None,
    "reflective-hull": "RH",
    "proton-screen": "PS",
    "electron-screen": "ES",
    "stasis-screen": "SS",
    "masking-screen": "MS",
}


# --------------------------------------------------------------------------- shape


def test_header_and_tables_present():
    KH.check_file("STAR FRONTIERS Knight Hawks", "Knight Hawks Tactical Operations Manual", EXPECTED_TABLES)


@pytest.mark.parametrize("name", KH.names())
def test_table_shape(name):
    KH.check_table(name, lookups=("key", "band", "odds"))


def test_damage_bands_cover_minus20_to_120():
    damage = rows("damage")
    assert damage[0]["low"] == -20
    assert damage[-1]["high"] == 120
    assert len(damage) == 21
    covered = [n for r in damage for n in range(r["low"], r["high"] + 1)]
    assert covered == list(range(-20, 121))


def test_damage_systems_only_on_weapon_and_defense_hits():
    for r in rows("damage"):
        assert isinstance(r["systems"], list)
        if r["effect"] in ("weapon", "defense"):
            assert r["systems"] == [s.strip() for s in r["result"].split(":")[1].split(";")]
        else:
            assert r["systems"] == []


def test_combat_advanced_ten_weapons_by_six_defenses():
    t = table("combat-advanced")
    assert t.variants == ("plain", "gunnery")
    keys = column_keys("combat-advanced")
    assert keys[1:7] == list(ADVANCED_DEFENSES)
    for ckey, abbr in ADVANCED_DEFENSES.items():
        if abbr:
            assert t.column(abbr).key == ckey
    assert len(t.rows) == 10
    for abbr, name in ADVANCED_WEAPONS.items():
        assert row("combat-advanced", abbr)["weapon"] == name
        r = row("combat-advanced", abbr)
        for ckey in ADVANCED_DEFENSES:
            v = r[ckey]
            if abbr in ("M", "S"):
                assert type(v) is int
            else:
                assert isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)
                assert v[0] >= v[1]  # the shaded Gunnery figure is never higher here
        assert isinstance(r["half_damage"], bool)
        assert re.fullmatch(r"\d+d10(\+\d+)?", r["hull_damage"])


def test_combat_basic_columns():
    keys = column_keys("combat-basic")
    assert keys[:3] == ["weapon", "reflective-hull", "masking-screen"]
    assert "half_damage" in keys
    assert table("combat-basic").column("RH").key == "reflective-hull"
    assert table("combat-basic").column("MS").key == "masking-screen"
    for abbr in ("LC", "LB", "T", "AR", "RB"):
        assert isinstance(row("combat-basic", abbr)["half_damage"], bool)


def test_ships_columns():
    basic = column_keys("ships-basic")
    adv = column_keys("ships-advanced")
    for k in ("ship", "hull_points", "adf", "mr", "weapons", "defenses"):
        assert k in basic and k in adv
    assert "dcr" in adv and "dcr" not in basic


# --------------------------------------------------------------------------- spot values: Basic Game


def test_basic_example_laser_battery_vs_reflective_hull():
    # "the laser battery has a 50% chance to hit ... masking screen ... only a 10% chance"
    assert cell("combat-basic", "LB", "RH") == 50
    assert cell("combat-basic", "laser battery", "masking-screen") == 10


def test_basic_laser_cannon_and_torpedo():
    assert cell("combat-basic", "LC", "reflective-hull") == 60  # range diffusion example base
    assert cell("combat-basic", "LC", "MS") == 20
    assert cell("combat-basic", "T", "RH") == 70  # ICM example: 70 - 2 x 10 = 50
    assert cell("combat-basic", "T", "icm") == -10
    assert cell("combat-basic", "RB", "icm") == -3
    assert cell("combat-basic", "AR", "hull_damage") == "2d10+4"


def test_basic_half_damage_flags():
    assert row("combat-basic", "LC")["half_damage"] is True
    assert row("combat-basic", "LB")["half_damage"] is True
    assert row("combat-basic", "T")["half_damage"] is False
    assert any("round" in n.lower() and "up" in n.lower() for n in table("combat-basic").notes)


def test_weapons_basic():
    lc = row("weapons-basic", "LC")
    assert (lc["ff"], lc["rd"], lc["mpo"], lc["ltd"], lc["range"], lc["damage"]) == (True, True, False, False, 10, "2d10")
    ar = row("weapons-basic", "AR")
    assert (ar["ff"], ar["mpo"], ar["ltd"], ar["range"]) == (True, True, True, 4)
    assert row("weapons-basic", "RB")["range"] == 3
    assert row("weapons-basic", "T")["damage"] == "4d10"


def test_ships_basic_figures():
    assert row("ships-basic", "frigate")["adf"] == 3
    assert row("ships-basic", "destroyer")["mr"] == 2
    assert row("ships-basic", "assault scout")["hull_points"] == 15  # damage example
    bb = row("ships-basic", "battleship")
    assert bb["weapons"] == ["LC x2", "LB x4", "T x8", "RB x10"]
    assert bb["defenses"] == ["RH", "MS x4", "ICM x20"]
    assert row("ships-basic", "heavy cruiser")["adf"] == 1
    assert row("ships-basic", "station")["hull_points"] == "20-200"


# --------------------------------------------------------------------------- spot values: Advanced Game


def test_advanced_combat_cells():
    assert cell("combat-advanced", "laser cannon", "none") == [75, 60]
    assert cell("combat-advanced", "LB", "RH") == [50, 40]
    assert cell("combat-advanced", "PB", "ES") == [70, 60]  # electron screen attracts protons
    assert cell("combat-advanced", "EB", "PS") == [70, 60]
    assert cell("combat-advanced", "PB", "PS") == [25, 15]
    assert cell("combat-advanced", "DC", "SS") == [40, 25]
    assert cell("combat-advanced", "T", "stasis-screen") == [75, 65]
    assert cell("combat-advanced", "M", "SS") == 80
    assert cell("combat-advanced", "S", "MS") == 75
    assert cell("combat-advanced", "S", "SS") == 90


def test_advanced_icm_second_copy():
    expected = {"T": -10, "AR": -5, "RB": -3, "M": -5, "S": -8, "LC": "-", "LB": "-", "PB": "-", "EB": "-", "DC": "-"}
    for abbr, v in expected.items():
        assert cell("combat-advanced", abbr, "ICM") == v, abbr


def test_advanced_half_damage_and_hdr():
    for abbr, vs in {"LC": "masking-screen", "LB": "masking-screen", "PB": "proton-screen", "EB": "electron-screen"}.items():
        r = row("combat-advanced", abbr)
        assert r["half_damage"] is True and r["half_damage_vs"] == vs
    for abbr in ("DC", "T", "AR", "RB", "M", "S"):
        assert row("combat-advanced", abbr)["half_damage"] is False
    assert cell("combat-advanced", "DC", "HDR") == "3d10"
    assert cell("combat-advanced", "mines", "hull_damage") == "3d10+5"
    assert cell("combat-advanced", "seeker", "hull_damage") == "5d10"


def test_damage_modifiers():
    assert cell("damage-modifiers", "PB", "dtm") == 10  # worked example: 73 + 10 = 83
    assert cell("damage-modifiers", "DC", "dtm") == 20
    assert cell("damage-modifiers", "LC", "dtm") == 0
    assert cell("damage-modifiers", "AR", "dtm") == -10
    assert cell("damage-modifiers", "torpedo", "dtm") == -20
    assert cell("damage-modifiers", "seeker missile", "dtm") == -20
    assert cell("damage-modifiers", "fire", "dtm") == 20


def test_weapon_restrictions():
    eb = row("weapon-restrictions", "EB")
    assert eb["range"] == 12  # not the table's OCR 10
    assert any("12" in n and "10" in n for n in table("weapon-restrictions").notes)
    dc = row("weapon-restrictions", "DC")
    assert (dc["ff"], dc["rd"], dc["range"]) == (True, True, 9)
    assert row("weapon-restrictions", "PB")["range"] == 12
    assert row("weapon-restrictions", "M")["range"] == 0
    assert row("weapon-restrictions", "S")["range"] == "Unlimited"
    t = row("weapon-restrictions", "T")
    assert (t["mpo"], t["ltd"], t["ff"]) == (True, True, False)


def test_damage_table_worked_examples():
    # Weapon-hit example: "rolls d100 and gets a 66 - Weapon hit: DC, LC, AR, T, LB"
    r66 = band("damage", 66)
    assert r66["effect"] == "weapon"
    assert r66["systems"] == ["DC", "LC", "AR", "T", "LB"]
    # Misprinted example 73 + 10 = 83: the table reads a defense hit
    r83 = band("damage", 73 + cell("damage-modifiers", "PB", "dtm"))
    assert r83["effect"] == "defense"
    assert r83["result"] == "Defense hit: ICM; SS; PS; ES; MS"
    assert r83["systems"] == ["ICM", "SS", "PS", "ES", "MS"]
    assert any("83" in n and "misprint" in n.lower() for n in table("damage").notes)


def test_damage_table_bands():
    assert band("damage", -20)["effect"] == "hull-double"
    assert band("damage", 10)["effect"] == "hull-double"
    assert band("damage", 11)["effect"] == "hull"
    assert band("damage", 45)["result"] == "Hull hit: roll normal damage for weapon"
    assert band("damage", 53)["effect"] == "drive-all"
    assert band("damage", 51)["effect"] == "drive-half"
    assert band("damage", 60)["effect"] == "steering-all"
    assert band("damage", 74)["effect"] == "power-short-circuit"
    assert band("damage", 91)["effect"] == "combat-control"
    assert band("damage", 105)["effect"] == "electrical-fire"
    assert band("damage", 116)["result"] == "Damage Control hit: DCR cut in half"
    assert band("damage", 120)["effect"] == "disastrous-fire"
    assert band("damage", 69)["systems"] == ["LB", "RB", "T", "AR", "PB", "EB", "LC"]
    with pytest.raises(RefereeError):
        band("damage", 121)
    with pytest.raises(RefereeError):
        band("damage", -21)


def test_ships_advanced_figures():
    fr = row("ships-advanced", "frigate")
    assert (fr["hull_points"], fr["adf"], fr["mr"], fr["dcr"]) == (40, 4, 3, 70)
    de = row("ships-advanced", "destroyer")
    assert (de["hull_points"], de["adf"], de["mr"], de["dcr"]) == (50, 3, 3, 75)
    assert de["weapons"] == ["LC", "LB", "EB", "RB x4", "T x2"]
    assert de["defenses"] == ["RH", "MS x2", "ICM x5"]
    assert row("ships-advanced", "minelayer")["weapons"] == ["M x20", "S x4", "LB x2"]
    hc = row("ships-advanced", "heavy cruiser")
    assert hc["defenses"] == ["RH", "ES", "PS", "SS", "ICM x8"]
    assert hc["dcr"] == 120
    ac = row("ships-advanced", "assault carrier")
    assert (ac["dcr"], ac["fighters"]) == (150, 10)
    bb = row("ships-advanced", "battleship")
    assert (bb["hull_points"], bb["dcr"]) == (120, 200)
    assert bb["weapons"] == ["DC", "LB x3", "EB x2", "PB", "RB x10", "T x8", "S x4"]
    st = row("ships-advanced", "space station")
    assert (st["hull_points"], st["adf"], st["mr"], st["dcr"]) == ("20-300", 0, 0, "half its HP")
    assert "ICM x4-24" in st["defenses"]
    mega = row("ships-advanced", "Megasaurus")
    assert (mega["hull_points"], mega["adf"], mega["mr"], mega["dcr"]) == (75, 1, 1, 40)
    assert mega["weapons"] == [] and mega["defenses"] == ["MS x1"]
    assert row("ships-advanced", "fighter")["dcr"] == 30


def test_percentile_dice():
    assert cell("percentile-dice", "5-3", "result") == 53
    assert cell("percentile-dice", "60", "result") == 60
    assert cell("percentile-dice", "0-6", "result") == 6
    zz = row("percentile-dice", "00")
    assert (zz["dark_die"], zz["light_die"], zz["result"]) == (0, 0, 100)


# --------------------------------------------------------------------------- review fixes


def test_ships_advanced_nemesis_note_reads_its_line_as_a_destroyers():
    # Advanced Scenario 1 (Close Escort): "SAV Nemesis (Destroyer) ... Weapons: LC RB (x4) LB (x2) EB"
    # has lost a "T": every destroyer line reads "LC RB (x4) LB T (x2) EB".
    notes = [n for n in table("ships-advanced").notes if "Nemesis" in n]
    assert len(notes) == 1
    assert "'LC RB (x4) LB T (x2) EB' - a 'T' lost" in notes[0]
    assert row("ships-advanced", "destroyer")["weapons"].count("LB") == 1


def test_damage_control_hit_rounds_up():
    # Explanation of Results, Damage Control Hit: "The ship's DCR is cut in half (round fractions up)."
    assert band("damage", 110)["result"] == "Damage Control hit: DCR cut in half"
    assert any("DCR" in n and "round fractions up" in n for n in table("damage").notes)
