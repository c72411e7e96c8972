"""Shape and spot-value tests for tables/second-sathar-war.toml (The Second Sathar War)."""

import re
import tomllib
from pathlib import Path

import pytest

PATH = Path(__file__).resolve().parents[1] / "tables" / "second-sathar-war.toml"

with PATH.open("rb") as fh:
    DATA = tomllib.load(fh)

TABLES = DATA["tables"]

REQUIRED = [
    "sathar-fleet",
    "upf-spacefleet",
    "militia",
    "stations",
    "station-types",
    "nova-placement",
    "misjump",
    "which-rules",
    "repair-capacity",
    "retreat-conditions",
    "replacements",
    "victory",
]


def norm(value):
    return re.sub(r"[\s\-_]", "", str(value).lower())


def row(table, key):
    """Key lookup as the program does it: case-insensitive, ignoring spaces, - and _."""
    t = TABLES[table]
    kc = t.get("key_column", t["columns"][0]["key"])
    for r in t["rows"]:
        if norm(key) in {norm(r[kc])} | {norm(a) for a in r.get("aliases", [])}:
            return r
    raise KeyError(f"{table}: {key}")


def band(table, n):
    for r in TABLES[table]["rows"]:
        if r["low"] <= n <= r["high"]:
            return r
    raise KeyError(f"{table}: {n}")


# --- shape -----------------------------------------------------------------


def test_header():
    assert DATA["prefix"] == "ssw"
    assert DATA["system"] == "The Second Sathar War"
    assert DATA["book"] == "Knight Hawks Campaign Book: The Second Sathar War"


@pytest.mark.parametrize("name", REQUIRED)
def test_required_tables_present(name):
    assert name in TABLES


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table_shape(name):
    t = TABLES[name]
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name)
    for field in ("title", "source", "notes", "lookup", "columns", "rows"):
        assert field in t, field
    assert isinstance(t["notes"], list) and t["notes"]
    assert t["lookup"] in ("key", "band")
    cols = [c["key"] for c in t["columns"]]
    assert len(cols) == len(set(cols))
    assert t["rows"]
    for r in t["rows"]:
        assert set(r) - {"aliases"} == set(cols), r
        assert isinstance(r.get("aliases", []), list)


@pytest.mark.parametrize("name", sorted(n for n, t in TABLES.items() if t["lookup"] == "key"))
def test_keys_unique(name):
    t = TABLES[name]
    kc = t.get("key_column", t["columns"][0]["key"])
    seen = set()
    for r in t["rows"]:
        for k in [r[kc], *r.get("aliases", [])]:
            assert norm(k) not in seen, k
            seen.add(norm(k))


@pytest.mark.parametrize("name", sorted(n for n, t in TABLES.items() if t["lookup"] == "band"))
def test_bands_contiguous(name):
    rows = TABLES[name]["rows"]
    for r in rows:
        assert type(r["low"]) is int and type(r["high"]) is int
        assert r["low"] <= r["high"]
    for a, b in zip(rows, rows[1:]):
        assert b["low"] == a["high"] + 1


def test_rolls():
    assert TABLES["nova-placement"]["roll"] == "1d10"
    assert TABLES["misjump"]["roll"] == "d100"
    assert TABLES["sathar-replacement"]["roll"] == "d100"
    assert "roll" not in TABLES["retreat-conditions"]  # chosen, not rolled


def test_no_unknown_cells_unexplained():
    for name, t in TABLES.items():
        cells = [v for r in t["rows"] for v in r.values()]
        if "unknown" in cells:
            assert any("unknown" in n.lower() for n in t["notes"]), name


# --- spot values against the book ------------------------------------------


def test_sathar_fleet():
    counts = {r["ship_type"]: r["number"] for r in TABLES["sathar-fleet"]["rows"]}
    assert counts == {
        "Fighter": 25,
        "Frigate": 8,
        "Destroyer": 15,
        "Light Cruiser": 7,
        "Heavy Cruiser": 8,
        "Assault Carrier": 4,
    }
    assert row("sathar-fleet", "assault carrier")["fighter_capacity"] == 8


def test_upf_task_force_cassidine():
    assert row("upf-spacefleet", "tf-cassidine/fighter")["number"] == 6
    assert row("upf-spacefleet", "tf-cassidine/assault-scout")["number"] == 3
    assert row("upf-spacefleet", "tf-cassidine/heavy-cruiser")["number"] == 1
    assert "Triad" in row("upf-spacefleet", "tf-cassidine/battleship")["starting_location"]


def test_upf_task_force_prenglar():
    assert row("upf-spacefleet", "tf-prenglar/assault-scout")["number"] == 5
    assert row("upf-spacefleet", "tf-prenglar/light-cruiser")["number"] == 3
    assert row("upf-spacefleet", "tf-prenglar/frigate")["number"] == 3
    assert "Morgaine's World" in row("upf-spacefleet", "tf-prenglar/battleship")["starting_location"]
    formations = {r["formation"] for r in TABLES["upf-spacefleet"]["rows"]}
    assert formations == {
        "Task Force Cassidine",
        "Task Force Prenglar",
        "Strike Force NOVA",
        "Non-Attached Ships",
    }


def test_upf_nova_and_non_attached():
    assert row("upf-spacefleet", "sf-nova/light-cruiser")["number"] == 2
    assert row("upf-spacefleet", "sf-nova/destroyer")["number"] == 1
    assert row("upf-spacefleet", "non-attached/fighter")["number"] == 4
    assert row("upf-spacefleet", "non-attached/destroyer")["number"] == 2


def test_upf_totals():
    totals = {}
    for r in TABLES["upf-spacefleet"]["rows"]:
        totals[r["ship_type"]] = totals.get(r["ship_type"], 0) + r["number"]
    assert totals["Battleship"] == 3
    assert totals["Fighter"] == 16
    assert totals["Assault Scout"] == 14
    assert totals["Minelayer"] == 3


def test_militia():
    assert len(TABLES["militia"]["rows"]) == 10
    minotaur = row("militia", "Minotaur")
    assert (minotaur["system"], minotaur["assault_scouts"], minotaur["frigates"], minotaur["destroyers"]) == (
        "Theseus", 4, 1, 1,
    )
    outer = row("militia", "Outer Reach")
    assert (outer["system"], outer["assault_scouts"], outer["frigates"]) == ("Dramune", 2, 2)
    assert row("militia", "Hargut")["assault_scouts"] == 2
    assert row("militia", "Hargut")["frigates"] == 0
    assert row("militia", "Inner Reach")["destroyers"] == 1


def test_stations():
    rows = TABLES["stations"]["rows"]
    assert len(rows) == 19
    by_type = {}
    for r in rows:
        by_type[r["type"]] = by_type.get(r["type"], 0) + 1
    assert by_type == {"fortress": 4, "fortified station": 4, "armed station": 11}
    gollwin = row("stations", "Fortress Gollwin")
    assert (gollwin["planet"], gollwin["system"], gollwin["hp"], gollwin["dcr"]) == (
        "Morgaine's World", "Prenglar", 300, 200,
    )
    assert gollwin["weapons"] == ["LB x3", "EB", "PB", "RB x12"]
    assert gollwin["defenses"] == ["RH", "MS x3", "ES", "PS", "ICM x20"]
    assert row("stations", "Redoubt")["planet"] == "Gollywog"
    hentz = row("stations", "Hentz")
    assert (hentz["type"], hentz["hp"], hentz["dcr"]) == ("fortified station", 140, 100)
    assert hentz["weapons"] == ["LB x2", "RB x8"]
    lossend = row("stations", "Lossend")
    assert (lossend["type"], lossend["system"], lossend["hp"], lossend["dcr"]) == ("armed station", "Timeon", 80, 75)
    assert lossend["defenses"] == ["RH", "MS x2", "ICM x6"]


def test_station_pairs_from_rules_readme():
    pairs = {r["planet"]: r["system"] for r in TABLES["stations"]["rows"]}
    assert pairs["Rupert's Hole"] == pairs["Triad"] == "Cassidine"
    assert pairs["Inner Reach"] == pairs["Outer Reach"] == "Dramune"
    assert pairs["Terledrom"] == pairs["Groth"] == "Fromeltar"
    assert pairs["Pale"] == pairs["New Pale"] == "Truane's Star"
    assert pairs["Gran Quivera"] == pairs["Morgaine's World"] == "Prenglar"


def test_station_types():
    assert row("station-types", "fortress")["hp"] == 300
    assert row("station-types", "fortified")["dcr"] == 100
    assert row("station-types", "armed")["weapons"] == ["LB", "RB x6"]
    for r in TABLES["station-types"]["rows"]:
        assert r["adf"] == 0 and r["mr"] == 0


def test_nova_placement():
    assert band("nova-placement", 1)["planet"] == "Gran Quivera"
    assert band("nova-placement", 3)["planet"] == "Gran Quivera"
    assert band("nova-placement", 4)["location"] == "Pale (Truane's Star)"
    assert band("nova-placement", 7)["system"] == "Kizk-Kar"
    assert band("nova-placement", 9)["planet"] == "Gollywog"
    assert band("nova-placement", 10)["die"] == "0"
    assert band("nova-placement", 10)["location"] == "Kawdl-Kit (K'tsa-Kar)"
    rows = TABLES["nova-placement"]["rows"]
    assert rows[0]["low"] == 1 and rows[-1]["high"] == 10


def test_misjump():
    assert row("misjump", "UPF Battleship")["rj2"] == 95
    assert row("misjump", "UPF Battleship")["rj3"] == 90
    assert row("misjump", "UPF Ship (except battleship)")["rj3"] == 70
    assert row("misjump", "Sathar Warship")["rj2"] == 90
    assert row("misjump", "Frontier Militia")["rj2"] == 70
    assert row("misjump", "militia")["rj3"] == 50


def test_which_rules_boundaries():
    assert band("which-rules", 2)["rules"] == "Advanced Rules; average NPC skills"
    assert band("which-rules", 4)["rules"] == "Advanced Rules; average NPC skills"
    assert band("which-rules", 5)["rules"] == "Advanced Rules; no skill modifiers"
    assert band("which-rules", 14)["rules"] == "Advanced Rules; no skill modifiers"
    assert band("which-rules", 15)["rules"] == "Basic Rules"
    assert TABLES["which-rules"]["above"] == "clamp"


def test_repair_capacity():
    assert row("repair-capacity", "Prenglar/Gran Quivera")["daily_hp"] == 40
    assert row("repair-capacity", "Triad")["daily_hp"] == 40
    assert row("repair-capacity", "Araks/Hentz")["daily_hp"] == 20
    assert row("repair-capacity", "Cassidine/Rupert's Hole")["daily_hp"] == 10
    assert row("repair-capacity", "White Light/Gollywog")["daily_hp"] == 10
    assert len(TABLES["repair-capacity"]["rows"]) == 9
    for r in TABLES["repair-capacity"]["rows"]:
        assert r["sathar_daily_hp"] * 2 == r["daily_hp"]


def test_replacements_35_36_reading():
    assert row("replacements", "interval")["value"] == 20
    assert row("replacements", "sathar-roll")["value"] == "d100"
    assert row("replacements", "sathar-returns")["value"] == 35
    assert row("replacements", "sathar-removed")["value"] == 36
    assert "36 or more" in row("replacements", "sathar-removed")["text"]
    assert any("36 or more" in n for n in TABLES["replacements"]["notes"])
    assert band("sathar-replacement", 35)["result"].startswith("The ship can be brought back")
    assert band("sathar-replacement", 36)["result"].startswith("The ship is permanently removed")
    assert row("replacements", "upf-per-fortress")["value"] == 1
    assert row("replacements", "upf-per-fortified-station")["value"] == 2


def test_victory():
    assert row("victory", "sathar-stations")["value"] == 12
    assert row("victory", "sathar-fortresses")["value"] == 4
    assert row("victory", "upf-win-fortresses")["value"] == 2
    assert row("victory", "draw-fortresses")["value"] == 1


def test_retreat_conditions():
    rows = TABLES["retreat-conditions"]["rows"]
    assert [r["condition"] for r in rows] == ["1", "2", "3", "4", "5"]
    assert row("retreat-conditions", "4")["text"] == (
        "A tenday passes without the Sathar destroying at least two stations, "
        "two fortresses or a station and a fortress;"
    )
    assert "40 ships, including fighters" in row("retreat-conditions", "3")["text"]
    assert row("retreat-conditions", "1")["text"] == "The Sathar have lost two assault carriers;"
    assert any("tenday passes" in n for n in TABLES["retreat-conditions"]["notes"])


def test_other_tables():
    assert row("risk-jump", "3")["min_adf"] == 3
    assert row("risk-jump", "RJ 2")["calculation_time"] == 50
    assert row("shatter-drones", "hull-damage-rating")["value"] == "5d10"
    assert row("shatter-drones", "damage-modifier")["value"] == -20
    assert row("time-track", "sathar-void-repair")["value"] == 6
    assert row("setup", "sathar-minimum-ships")["value"] == 20
    assert row("supply", "fighter-rearms-out-of-supply")["value"] == 2
