"""Spot-value tests for tables/second-sathar-war.toml (The Second Sathar War).

Every value is looked up through the engine; the shape the loader enforces is tested in
tests/tables/test_tables.py.
"""

import pytest

from tests.helpers.data_tables import Book

SSW = Book("ssw", "second-sathar-war.toml")
table, rows, row, band = SSW.table, SSW.rows, SSW.row, SSW.band

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


# --- shape -----------------------------------------------------------------


def test_header_and_required_tables_present():
    SSW.check_file("The Second Sathar War", "Knight Hawks Campaign Book: The Second Sathar War", REQUIRED)


@pytest.mark.parametrize("name", SSW.names())
def test_table_shape(name):
    # ssw.misjump gives its column rj2 the alias "RJ 2", which reads as the key itself
    SSW.check_table(name, lookups=("key", "band"), distinct_column_names=False)


def test_rolls():
    assert table("nova-placement").roll == "1d10"
    assert table("misjump").roll == "d100"
    assert table("sathar-replacement").roll == "d100"
    assert table("retreat-conditions").roll == ""  # chosen, not rolled


def test_no_unknown_cells_unexplained():
    for name in SSW.names():
        t = table(name)
        cells = [v for r in t.rows for v in r.values()]
        if "unknown" in cells:
            assert any("unknown" in n.lower() for n in t.notes), name


# --- spot values against the book ------------------------------------------


def test_sathar_fleet():
    counts = {r["ship_type"]: r["number"] for r in rows("sathar-fleet")}
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
    formations = {r["formation"] for r in rows("upf-spacefleet")}
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
    for r in rows("upf-spacefleet"):
        totals[r["ship_type"]] = totals.get(r["ship_type"], 0) + r["number"]
    assert totals["Battleship"] == 3
    assert totals["Fighter"] == 16
    assert totals["Assault Scout"] == 14
    assert totals["Minelayer"] == 3


def test_militia():
    assert len(rows("militia")) == 10
    minotaur = row("militia", "Minotaur")
    assert (minotaur["system"], minotaur["assault_scouts"], minotaur["frigates"], minotaur["destroyers"]) == (
        "Theseus",
        4,
        1,
        1,
    )
    outer = row("militia", "Outer Reach")
    assert (outer["system"], outer["assault_scouts"], outer["frigates"]) == ("Dramune", 2, 2)
    assert row("militia", "Hargut")["assault_scouts"] == 2
    assert row("militia", "Hargut")["frigates"] == 0
    assert row("militia", "Inner Reach")["destroyers"] == 1


def test_stations():
    stations = rows("stations")
    assert len(stations) == 19
    by_type = {}
    for r in stations:
        by_type[r["type"]] = by_type.get(r["type"], 0) + 1
    assert by_type == {"fortress": 4, "fortified station": 4, "armed station": 11}
    gollwin = row("stations", "Fortress Gollwin")
    assert (gollwin["planet"], gollwin["system"], gollwin["hp"], gollwin["dcr"]) == (
        "Morgaine's World",
        "Prenglar",
        300,
        200,
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
    pairs = {r["planet"]: r["system"] for r in rows("stations")}
    assert pairs["Rupert's Hole"] == pairs["Triad"] == "Cassidine"
    assert pairs["Inner Reach"] == pairs["Outer Reach"] == "Dramune"
    assert pairs["Terledrom"] == pairs["Groth"] == "Fromeltar"
    assert pairs["Pale"] == pairs["New Pale"] == "Truane's Star"
    assert pairs["Gran Quivera"] == pairs["Morgaine's World"] == "Prenglar"


def test_station_types():
    assert row("station-types", "fortress")["hp"] == 300
    assert row("station-types", "fortified")["dcr"] == 100
    assert row("station-types", "armed")["weapons"] == ["LB", "RB x6"]
    for r in rows("station-types"):
        assert r["adf"] == 0 and r["mr"] == 0


def test_nova_placement():
    assert band("nova-placement", 1)["planet"] == "Gran Quivera"
    assert band("nova-placement", 3)["planet"] == "Gran Quivera"
    assert band("nova-placement", 4)["location"] == "Pale (Truane's Star)"
    assert band("nova-placement", 7)["system"] == "Kizk-Kar"
    assert band("nova-placement", 9)["planet"] == "Gollywog"
    assert band("nova-placement", 10)["die"] == "0"
    assert band("nova-placement", 10)["location"] == "Kawdl-Kit (K'tsa-Kar)"
    nova = rows("nova-placement")
    assert nova[0]["low"] == 1 and nova[-1]["high"] == 10


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
    assert table("which-rules").above == "clamp"


def test_repair_capacity():
    assert row("repair-capacity", "Prenglar/Gran Quivera")["daily_hp"] == 40
    assert row("repair-capacity", "Triad")["daily_hp"] == 40
    assert row("repair-capacity", "Araks/Hentz")["daily_hp"] == 20
    assert row("repair-capacity", "Cassidine/Rupert's Hole")["daily_hp"] == 10
    assert row("repair-capacity", "White Light/Gollywog")["daily_hp"] == 10
    assert len(rows("repair-capacity")) == 9
    for r in rows("repair-capacity"):
        assert r["sathar_daily_hp"] * 2 == r["daily_hp"]


def test_replacements_35_36_reading():
    assert row("replacements", "interval")["value"] == 20
    assert row("replacements", "sathar-roll")["value"] == "d100"
    assert row("replacements", "sathar-returns")["value"] == 35
    assert row("replacements", "sathar-removed")["value"] == 36
    assert "36 or more" in row("replacements", "sathar-removed")["text"]
    assert any("36 or more" in n for n in table("replacements").notes)
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
    conditions = rows("retreat-conditions")
    assert [r["condition"] for r in conditions] == ["1", "2", "3", "4", "5"]
    assert row("retreat-conditions", "4")["text"] == ("A tenday passes without the Sathar destroying at least two stations, two fortresses or a station and a fortress;")
    assert "40 ships, including fighters" in row("retreat-conditions", "3")["text"]
    assert row("retreat-conditions", "1")["text"] == "The Sathar have lost two assault carriers;"
    assert any("tenday passes" in n for n in table("retreat-conditions").notes)


def test_other_tables():
    assert row("risk-jump", "3")["min_adf"] == 3
    assert row("risk-jump", "RJ 2")["calculation_time"] == 50
    assert row("shatter-drones", "hull-damage-rating")["value"] == "5d10"
    assert row("shatter-drones", "damage-modifier")["value"] == -20
    assert row("time-track", "sathar-void-repair")["value"] == 6
    assert row("setup", "sathar-minimum-ships")["value"] == 20
    assert row("supply", "fighter-rearms-out-of-supply")["value"] == 2


# --- review fixes: each asserts what the book says, and where -----------------


def test_misjump_figures_are_safe_jump_chances():
    """Strategic Movement, Accelerated Movement (Risk Jumping), Misjump Probability Table and
    the sentence below it: 'must roll a number equal to or less than the safe jump probability
    found on the table in order to make the jump successfully'. The example under Interlocked
    Computers: 'If the player rolls 95 or less on d100, the entire group reaches its destination
    safely.' The figures are safe-jump chances; the labels must not read as misjump chances."""
    t = table("misjump")
    cells = {r["ship_type"]: (r["rj2"], r["rj3"]) for r in t.rows}
    assert cells == {
        "UPF Battleship": (95, 90),
        "UPF Ship (except battleship)": (90, 70),
        "Sathar Warship": (90, 70),
        "Frontier Militia": (70, 50),
    }
    for key, boxes in (("rj2", "2"), ("rj3", "3")):
        label = t.column(key).label
        assert label.lower().startswith("safe jump %")
        assert boxes in label
        assert "misjump" not in label.lower()
    notes = " ".join(t.notes)
    assert "equal to or less than the safe jump probability" in notes
    assert "100 minus the figure" in notes
    assert "95 or less on d100" in notes
    assert "Accelerated Movement (Risk Jumping)" in t.source


def test_risk_jump_calculation_time_is_for_character_ships():
    """Misjump Probability Table footnote: 'If characters bring their own ships into the war,
    assume that moving two transit boxes per day allows 50% of the normal calculation time, and
    moving three transit boxes per day allows 30% of the normal time.'"""
    label = table("risk-jump").column("calculation_time").label
    assert "characters' own ships" in label
    assert row("risk-jump", "2")["calculation_time"] == 50
    assert row("risk-jump", "3")["calculation_time"] == 30
    assert row("risk-jump", "2")["min_adf"] == 2


def test_repair_capacity_full_and_sathar_column_marked_derived():
    """Repair, UPF Repairs, Repair Capacity Table (both transcriptions: 20 10 40 10 20 40 20 10 10).
    The Sathar column is not printed: it is derived from Repair, Sathar Repair: 'Sathar can repair
    only one-half as many hull points per day as the construction center's capacity.'"""
    t = table("repair-capacity")
    assert [(r["scc"], r["daily_hp"]) for r in t.rows] == [
        ("Araks/Hentz", 20),
        ("Cassidine/Rupert's Hole", 10),
        ("Cassidine/Triad", 40),
        ("Dramune/Outer Reach", 10),
        ("Fromeltar/Terledrom", 20),
        ("Prenglar/Gran Quivera", 40),
        ("Theseus/Minotaur", 20),
        ("Truane's Star/Pale", 10),
        ("White Light/Gollywog", 10),
    ]
    label = t.column("sathar_daily_hp").label
    assert "derived" in label.lower() and "not printed" in label.lower()
    assert "Sathar Repair" in label
    assert any(n.startswith("DERIVED column, not printed") and "one-half as many hull points" in n for n in t.notes)
    assert "Sathar Repair" in t.source


def test_repair_rules_rows_for_every_reading():
    """Repair (opening paragraph): '... (because a 99 or Oo was rolled) ...' read '99 or 00';
    the note recording that reading must have a row holding the text. Repair, UPF Repairs:
    'UPF ships can be repaired at any spaceship construction center in a system that contains
    no Sathar ships.'"""
    t = table("repair-rules")
    assert "99 or 00 was rolled" in row("repair-rules", "system-in-space")["text"]
    assert any("'99 or Oo'" in n and "system-in-space" in n for n in t.notes)
    assert row("repair-rules", "upf-scc")["text"].startswith("UPF ships can be repaired at any spaceship construction center in a system that contains no Sathar ships.")
    assert row("repair-rules", "dcr-repair")["text"] == ("Ships that have been damaged in battle can repair that damage normally using their DCR.")
    assert row("repair-rules", "sathar-void-repair")["value"] == 6
    assert row("repair-rules", "sathar-two-ways")["value"] == 2


def test_time_track_source_names_every_section_used():
    """Row 'turn' quotes The Time Record Track and The Frontier Deployment Map: Transit Boxes
    ('Each transit box marks one day of acceleration or deceleration along that route')."""
    src = table("time-track").source
    for section in ("The Time Record Track", "Transit Boxes", "Sathar Repair", "Replacements", "Breaking Off Combat"):
        assert section in src
    assert row("time-track", "tenday-box")["value"] == 10
    assert row("time-track", "replacements")["value"] == 20


def test_victory_source_names_its_subsections():
    """Conditions for Victory: Sathar Victory (12 stations, all four fortresses); UPF Victory
    (at least two fortresses: win; only one: draw); Sathar Retreat (one of five conditions)."""
    src = table("victory").source
    assert "Sathar Victory" in src and "UPF Victory" in src and "Sathar Retreat" in src
    assert row("victory", "retreat-choice")["value"] == 5


def test_militia_full():
    """Orders of Battle, Planetary Militia Order of Battle (first transcription, all ten)."""
    got = {r["planet"]: (r["system"], r["assault_scouts"], r["frigates"], r["destroyers"]) for r in rows("militia")}
    assert got == {
        "Gollywog": ("White Light", 3, 1, 0),
        "Hargut": ("Gruna Garu", 2, 0, 0),
        "Hentz": ("Araks", 3, 1, 0),
        "Inner Reach": ("Dramune", 3, 1, 1),
        "Ken'zah Kit": ("K'aken-Kar", 2, 0, 0),
        "Minotaur": ("Theseus", 4, 1, 1),
        "Outer Reach": ("Dramune", 2, 2, 0),
        "Pale": ("Truane's Star", 3, 1, 0),
        "Terledrom": ("Fromeltar", 3, 1, 0),
        "Zik-kit": ("Kizk-Kar", 2, 0, 0),
    }


def test_nova_placement_full():
    """Setting Up the Game, Strike Force NOVA Placement (1d10; '0' is ten)."""
    got = [(r["low"], r["high"], r["planet"], r["system"]) for r in rows("nova-placement")]
    assert got == [
        (1, 3, "Gran Quivera", "Prenglar"),
        (4, 4, "Pale", "Truane's Star"),
        (5, 5, "Inner Reach", "Dramune"),
        (6, 6, "Terledrom", "Fromeltar"),
        (7, 7, "Zik-kit", "Kizk-Kar"),
        (8, 8, "Ken'zah Kit", "K'aken-Kar"),
        (9, 9, "Gollywog", "White Light"),
        (10, 10, "Kawdl-Kit", "K'tsa-Kar"),
    ]
