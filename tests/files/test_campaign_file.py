"""The Second Sathar War campaign file: a campaign saved and read back is the same campaign; a
malformed or hand-edited file is refused naming what is wrong; the command line refuses a bad file
with one line and exit 2 and leaves it untouched; a save is atomic."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from referee import storage
from referee.errors import RefereeError
from referee.sathar_war import campaign_file, frontier, movement, victory
from referee.sathar_war.campaign import Campaign, Fight, Log, Order
from tests.helpers.campaign import at_step, round_trip, started, war
from tests.helpers.cli import run
from tests.helpers.hostile import small_war, unit
from tests.helpers.tables import TABLES

# ---------------------------------------------------------------------- round trips


@pytest.mark.parametrize("make", [war, started], ids=["setup", "day-1"])
def test_a_campaign_reads_back_equal(make: Callable[[], Campaign]) -> None:
    campaign = make()
    assert round_trip(campaign) == campaign


@pytest.mark.parametrize("make", [war, started], ids=["setup", "day-1"])
def test_a_campaign_saved_as_toml_reads_back_equal(tmp_path: Path, make: Callable[[], Campaign]) -> None:
    campaign = make()
    path = tmp_path / "war.toml"
    storage.write_text(path, campaign_file.text(campaign, TABLES))
    assert path.read_text().startswith('format = "referee second sathar war campaign"')
    assert campaign_file.read(path, TABLES) == campaign


def test_a_war_in_progress_reads_back_equal(tmp_path: Path) -> None:
    campaign = at_step(started(), "upf-move")
    campaign = movement.move(campaign, TABLES, ["Task Force Prenglar"], toward="Cassidine").campaign
    frigate = campaign.unit("TF Prenglar Frigate 1")
    assert frigate.place is not None and frigate.place.on_route and frigate.moved
    hurt = campaign.unit("UPF Destroyer 2")
    campaign = campaign.with_units([hurt._replace(roster=hurt.roster._replace(hull=31))])
    campaign = victory.lose(campaign, [campaign.unit("UPF Light Cruiser 1")], "combat")
    campaign = campaign._replace(
        orders=(Order("UPF Destroyer 2", hull=10),),
        fights=(Fight("Prenglar", "Gran Quivera", "Sathar", ("Sathar Destroyer 1", "UPF Destroyer 2"), "advanced"),),
    )
    assert campaign.unit("UPF Destroyer 2").damaged and campaign.unit("UPF Light Cruiser 1").status == "destroyed"
    assert [loss.name for loss in campaign.losses] == ["UPF Light Cruiser 1"]

    assert round_trip(campaign) == campaign
    path = tmp_path / "war.toml"
    storage.write_text(path, campaign_file.text(campaign, TABLES))
    again = campaign_file.read(path, TABLES)
    assert again == campaign and again.unit("UPF Destroyer 2").roster.hull == 31


def test_the_apps_saves_read_back_as_each_state_including_one_undone_to(tmp_path: Path) -> None:
    """The app's Writer keeps each unit's and log line's text between saves: what it writes after a
    move, after more changes, and after going back to an earlier state (undo) reads back as that
    state, and as the full file of :func:`campaign_file.to_dict` does."""
    setup = war()._replace(log=Log())  # no log lines: an empty array, not a missing key
    day_one = at_step(started(), "upf-move")
    moved = movement.move(day_one, TABLES, ["Task Force Prenglar"], toward="Cassidine").campaign
    hurt = moved.unit("UPF Destroyer 2")
    hurt_too = moved.with_units([hurt._replace(roster=hurt.roster._replace(hull=31))])
    writer = campaign_file.Writer(TABLES)
    path = tmp_path / "war.toml"
    for state in (setup, day_one, moved, hurt_too, moved, day_one):
        storage.write_text(path, writer.text(state))
        data = storage.read(path, "campaign")
        assert data == campaign_file.to_dict(state)
        assert campaign_file.from_dict(data, TABLES) == state
    assert "log = []" in writer.text(setup)


# ---------------------------------------------------------------------- malformed files

BASE = campaign_file.to_dict(started())
Change = Callable[[dict[str, Any]], object]


def place(who: str, **where: object) -> Change:
    return lambda d: unit(d, who).update(place=where)


def on_unit(who: str, **changes: object) -> Change:
    return lambda d: unit(d, who).update(changes)


def refused(change: Change) -> dict[str, Any]:
    data = copy.deepcopy(BASE)
    change(data)
    return data


ROUTE = "Prenglar - Cassidine"  # 8 boxes
LONE = "UPF Destroyer 2"  # in no fleet, carries nothing


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(format="referee knight-hawks battle"), 'format must be "referee second sathar war campaign"'),
        (lambda d: d.update(version=3), "version 3 is not one this program reads \\(it reads 1 and 2\\)"),
        (lambda d: d.update(version=1, log_file={"lines": 1, "bytes": 9}), "log_file is of version 2: a file of version 1 keeps its log in itself"),
        (lambda d: d.update(weather="fine"), "campaign file: unknown key weather"),
        (lambda d: d.update(step="lunch"), "step must be one of .*, not 'lunch'"),
        (lambda d: d.update(step=3), "step must be str, not 3"),
        (lambda d: d.update(day=0), "day 0 and step sathar-move do not go together"),
        (lambda d: d.update(retreat_condition=7), "retreat_condition must be 1 to 5 .*not 7"),
        (lambda d: d.update(units=[]), "no units"),
        (on_unit(LONE, colour="red"), r"units #\d+ \('UPF Destroyer 2'\): unknown key colour"),
        (on_unit(LONE, status="sunk"), "unit 'UPF Destroyer 2': status must be one of .*, not 'sunk'"),
        (on_unit(LONE, hull=999), "ship 'UPF Destroyer 2': hull 999 must be between 0 and the start figure 50"),
        (on_unit(LONE, hull="forty"), "ship 'UPF Destroyer 2': hull must be int, not 'forty'"),
        (on_unit("UPF Light Cruiser 1", name=LONE), "UPF Destroyer 2 listed twice"),
        (lambda d: unit(d, LONE).pop("place"), "unit 'UPF Destroyer 2': an active unit needs a place"),
        (on_unit(LONE, status="destroyed"), r"unit 'UPF Destroyer 2': .*only an active one has one \(status destroyed\)"),
        (place(LONE, where="Atlantis"), "unit 'UPF Destroyer 2': place: no start circle called 'Atlantis'"),
        (place(LONE, where=ROUTE, box=9, toward="Cassidine"), "unit 'UPF Destroyer 2': place: box 9 .*has boxes 1 to 8"),
        (place(LONE, where=ROUTE, box=2, toward="Dramune"), "unit 'UPF Destroyer 2': place: .*ends Prenglar and Cassidine"),
        (place(LONE, where=ROUTE, box=2, toward="Cassidine", rate=4), "unit 'UPF Destroyer 2': place: rate must be 1, 2 or 3 .*not 4"),
        (place(LONE, where=ROUTE, box=-1, toward="Cassidine"), "unit 'UPF Destroyer 2': place: box cannot be negative"),
        (place(LONE, where="Prenglar", planet="Triad"), "unit 'UPF Destroyer 2': place: 'Triad' is not a planet of Prenglar"),
        (on_unit(LONE, place="Prenglar"), "unit 'UPF Destroyer 2': place must be a table"),
        (on_unit(LONE, carried_by="UPF Light Cruiser 1"), "unit 'UPF Destroyer 2': carried_by 'UPF Light Cruiser 1' is not a carrier"),
        (place("TF Cassidine Fighter 1", where="Prenglar"), "'TF Cassidine Fighter 1': it is carried by TF Cassidine Assault Carrier but not in the same place"),
        (on_unit(LONE, docked_at="Nowhere Station"), "unit 'UPF Destroyer 2': docked_at 'Nowhere Station'"),
        (place("TF Prenglar Frigate 1", where="Cassidine", planet="Triad"), "fleet 'Task Force Prenglar': its ships are in 2 different places"),
        (lambda d: d.update(losses=[{"day": 1, "name": LONE, "side": "UPF", "kind": "destroyer", "how": "eaten"}]), "losses #1: how must be one of .*not 'eaten'"),
        (
            lambda d: d.update(losses=[f"day 1, eaten: {LONE} (UPF destroyer)"]),
            r"losses #1: 'day 1, eaten: UPF Destroyer 2 \(UPF destroyer\)' is not a loss; write it as 'day 5, combat: Zikit Station \(UPF armed station, militia, station\)' \(how: combat, misjump",
        ),
        (lambda d: d.update(losses=[f"day 1, combat: {LONE} (UPF frigate)"]), r"losses #1 \('UPF Destroyer 2'\): side UPF, kind frigate, .* must be the unit's: UPF, destroyer"),
        (lambda d: d.update(orders=[{"ship": "Nobody", "hull": 5}]), "a repair order names 'Nobody'"),
        (lambda d: d.update(allowances=[{"station": "Fortress Gollwin", "size": "huge", "count": 1, "until": 5}]), "allowances #1: size must be large .*not 'huge'"),
        (lambda d: d.update(allowances=[{"station": "Nowhere", "size": "large", "count": 1, "until": 5}]), "allowance names 'Nowhere'"),
        (lambda d: d["log"][0].pop("text"), "log #1: text is missing"),
        (lambda d: d["map"]["routes"][0].update(ends=["Prenglar", "Atlantis"]), "map: route Prenglar - Atlantis leads to 'Atlantis'"),
        (lambda d: d["map"]["routes"][0].update(jump_boxes=[5, 9]), "route Prenglar - Cassidine: jump_boxes must be two different boxes between 1 and 8"),
        (lambda d: d["map"].pop("format"), 'map: format must be "referee frontier map", not None'),
    ],
)
def test_a_malformed_campaign_file_is_refused_naming_the_fault(change: Change, says: str) -> None:
    with pytest.raises(RefereeError, match=says):
        campaign_file.from_dict(refused(change), TABLES)


def test_the_base_of_the_malformed_files_reads() -> None:
    """Each refusal above comes from its one change, not from the file it changes."""
    assert campaign_file.from_dict(copy.deepcopy(BASE), TABLES) == started()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        pytest.param(on_unit(LONE, docked_at="UPF Light Cruiser 1"), "docked_at 'UPF Light Cruiser 1' is not a station"),
        pytest.param(on_unit("Fortress Gollwin", force="Stattion"), "force"),
        pytest.param(on_unit(LONE, side="Klingon"), "side"),
        pytest.param(lambda d: d.update(orders=[{"ship": LONE, "hull": -5}]), "hull"),
        pytest.param(lambda d: d.update(fights=[{"system": "Prenglar", "planet": "Gran Quivera", "attacker": "Sathar", "ships": ["Nobody"], "rules": ""}]), "Nobody"),
    ],
)
def test_malformed_values_found_in_review_are_refused(change: Change, says: str) -> None:
    with pytest.raises(RefereeError, match=says):
        campaign_file.from_dict(refused(change), TABLES)


# ---------------------------------------------------------------------- the command line


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "war.toml"
    code, out, err = run("campaign", "new", str(path))
    assert code == 0, err
    assert f"saved {path}" in out and path.exists()
    return path


def test_a_new_campaign_is_saved_and_shown(saved: Path) -> None:
    code, out, err = run("campaign", "status", "-c", str(saved))
    assert code == 0, err
    assert "before the first day" in out and "no retreat condition chosen yet" in out
    assert campaign_file.read(saved, TABLES) == war()


def truncated(text: str) -> str:
    return text[: len(text) // 2]


def hull_999(text: str) -> str:
    edited = text.replace('name = "UPF Destroyer 2"\n', 'name = "UPF Destroyer 2"\nhull = 999\n', 1)
    assert edited != text
    return edited


@pytest.mark.parametrize(
    ("edit", "says"),
    [(truncated, "is not valid TOML"), (hull_999, "ship 'UPF Destroyer 2': hull 999 must be between 0 and the start figure 50")],
    ids=["truncated", "hull-999"],
)
def test_a_broken_file_is_refused_in_one_line_and_left_alone(saved: Path, edit: Callable[[str], str], says: str) -> None:
    saved.write_text(edit(saved.read_text()))
    before = saved.read_bytes()
    for args in (("campaign", "status"), ("campaign", "retreat", "3")):
        code, out, err = run(*args, "-c", str(saved))
        assert code == 2 and out == ""
        assert err.startswith("referee: error: ") and err.count("\n") == 1 and says in err
        assert "Traceback" not in err
        assert saved.read_bytes() == before
    assert not saved.with_name("war.toml.bak").exists()


def test_new_will_not_overwrite_without_force(saved: Path) -> None:
    assert run("campaign", "retreat", "3", "-c", str(saved))[0] == 0
    before = saved.read_bytes()
    code, out, err = run("campaign", "new", str(saved))
    assert code == 2 and out == "" and err.startswith("referee: error: ") and "exists" in err and "--force" in err
    assert saved.read_bytes() == before
    code, _, err = run("campaign", "new", str(saved), "--force")
    assert code == 0, err
    assert saved.read_bytes() != before and storage.read(saved, "campaign")["retreat_condition"] == 0


# ---------------------------------------------------------------------- saving


def test_a_failed_save_leaves_the_last_campaign_and_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "war.toml"
    storage.write_text(path, campaign_file.text(war(), TABLES))
    before = path.read_bytes()

    def crash(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("os.replace", crash)
    with pytest.raises(RefereeError, match="cannot save .*No space left on device; the last save is untouched"):
        storage.write_text(path, campaign_file.text(started(), TABLES))
    assert path.read_bytes() == before
    assert campaign_file.read(path, TABLES) == war()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["war.toml"]  # no temporary file (nor a backup: the save that would make it failed)


def test_a_file_that_counted_fighter_rearms_on_the_carrier_gives_the_count_to_each_fighter_aboard() -> None:
    """Files before the count was each fighter's own kept it on the carrier or station: each of its
    fighters takes it (none has rearmed more often), the carrier keeps none, and a save writes it so."""
    campaign = war()
    carrier = "TF Prenglar Assault Carrier"
    aboard = sorted(u.name for u in campaign.units if u.roster.carried_by == carrier)
    data = tomllib.loads(campaign_file.text(campaign, TABLES))
    unit(data, carrier)["rearms"] = 2
    unit(data, aboard[0])["rearms"] = 1
    read = campaign_file.from_dict(data, TABLES)
    assert read.unit(carrier).rearms == 0 and [read.unit(name).rearms for name in aboard] == [2] * len(aboard)
    assert round_trip(read) == read


# -- states no rule makes, refused on load with the unit and key named ---------------------------------


CAMPAIGN_CASES: list[tuple[str, Change, str]] = [
    (
        "a ship in two places: at Prenglar, docked at a station of another system",
        lambda d: unit(d, "TF Prenglar Frigate 1").update(docked_at="Fortress Pale"),
        "a ship docks at the station of its own planet",
    ),
    ("docked at a station of the same system but another planet", lambda d: unit(d, "TF Prenglar Frigate 1").update(docked_at="Gran Quivera Station"), "a ship docks at the station of its own planet"),
    ("hull_points 0", lambda d: unit(d, "TF Prenglar Frigate 1").update(hull_points=0), "hull_points must be 1 or more, not 0"),
    ("negative rearms", lambda d: unit(d, "TF Prenglar Assault Carrier").update(rearms=-1), "rearms must be 0 or more, not -1"),
    ("a fighter's rearms above two", lambda d: unit(d, "UPF Fighter 1").update(rearms=3), "a fighter rearms at most 2 times before its carrier or station is resupplied"),
    ("negative returns", lambda d: unit(d, "Sathar Destroyer 1").update(returns=-3), "returns must be 0 or more, not -3"),
    ("returns today (the Void is left at the start of the day)", lambda d: unit(d, "Sathar Destroyer 1").update(returns=8), "returns day 8"),
    ("negative lost", lambda d: unit(d, "Sathar Frigate 3").update(lost=-1), "lost must be 0 or more, not -1"),
    ("negative docked_since", lambda d: unit(d, "Pale Militia Frigate").update(docked_since=-2), "docked_since must be 0 or more, not -2"),
    ("docked_since after today", lambda d: unit(d, "Pale Militia Frigate").update(docked_since=9), "docked_since day 9 is after today"),
    ("placed before -1", lambda d: unit(d, "Sathar Frigate 1").update(placed=-5), "placed must be -1 or more, not -5"),
    ("negative repair_turns", lambda d: unit(d, "Sathar Frigate 2").update(repair_turns=-1), "repair_turns must be 0 or more"),
    ("allowance count negative", lambda d: d["allowances"][0].update(count=-4), "count must be from 1 to 2, not -4"),
    ("route light-years negative", lambda d: d["map"]["routes"][0].update(light_years=-7), "light_years must be 0 or more, not -7"),
    ("a loss on day 0", lambda d: d["losses"][0].update(day=0), "day must be 1 or more, not 0"),
    ("a loss after today", lambda d: d["losses"][2].update(day=9), "day 9 is after today (day 8)"),
    (
        "a loss of a Sathar ship still active, placed before it",
        lambda d: d["losses"].append({**d["losses"][2], "name": "Sathar Frigate 2"}),
        "the Sathar Frigate 2 is active, but lost (combat) on day 7",
    ),
    (
        "a loss of a militia ship still active (militia are never replaced)",
        lambda d: d["losses"].append({**d["losses"][0], "name": "Pale Militia Frigate", "kind": "frigate"}),
        "the Pale Militia Frigate is active, but lost",
    ),
    (
        "a loss today of a UPF ship still active",
        lambda d: d["losses"].append({**d["losses"][1], "day": 8, "name": "TF Prenglar Frigate 1", "kind": "frigate"}),
        "the TF Prenglar Frigate 1 is active, but lost (combat) on day 8",
    ),
    ("a loss of another kind than the unit", lambda d: d["losses"][1].update(kind="battleship"), "must be the unit's"),
    ("a destroyed unit with no loss", lambda d: d["losses"].pop(2), "losses has no combat or stranded loss of it"),
    ("a log line on day -9", lambda d: d["log"][0].update(day=-9), "day must be 0 or more, not -9"),
    ("a log line after today", lambda d: d["log"][1].update(day=30), "day 30 is after today"),
    ("a fighter carried by a frigate", lambda d: unit(d, "UPF Fighter 1").update(carried_by="TF Prenglar Frigate 1"), "is not a carrier or station"),
    ("a frigate carried by a carrier", lambda d: unit(d, "TF Prenglar Frigate 1").update(carried_by="TF Prenglar Assault Carrier"), "only fighters are carried"),
    ("docked at a ship, not a station", lambda d: unit(d, "TF Prenglar Frigate 1").update(docked_at="TF Prenglar Assault Carrier"), "is not a station"),
    ("a destroyed ship docked", lambda d: unit(d, "TF Prenglar Destroyer 1").update(docked_at="Fortress Gollwin"), "a ship docks only on the map"),
    ("home not a planet", lambda d: unit(d, "Fortress Pale").update(home="Nowhere"), "home 'Nowhere' is not a planet of the map"),
    ("a circle not of the map", lambda d: unit(d, "Sathar Frigate 1").update(circle="Zebulon Circle"), "not a start circle of the map"),
    ("a drone that is no frigate", lambda d: unit(d, "TF Prenglar Assault Carrier").update(drone=True), "only frigates"),
    ("a station out of orbit", lambda d: unit(d, "Fortress Gollwin").update(place={"where": "Prenglar", "planet": "Gran Quivera"}), "a station stays in orbit"),
    ("a declared battle at a planet of another system", lambda d: d["fights"][0].update(planet="Pale"), "'Pale' is not a planet of Prenglar"),
    ("an allowance at a carrier", lambda d: d["allowances"][0].update(station="TF Prenglar Assault Carrier"), "not a fortress or fortified station"),
    ("a fleet named as a ship", lambda d: [unit(d, n).update(fleet="Fortress Pale") for n in ("TF Prenglar Frigate 1", "TF Prenglar Assault Carrier")], "must be a name of its own"),
    ("an allowance lasting past tomorrow", lambda d: d["allowances"][0].update(until=20), "lasts until day 20"),
    ("a Sathar ship in a UPF force", lambda d: unit(d, "Sathar Frigate 2").update(force="Militia"), "do not go together"),
    ("a unit's name with a terminal escape", lambda d: unit(d, "Sathar Frigate 1").update(name="Sathar\x1b[2J Frigate"), "control character '\\x1b'"),
    ("a fleet's name with a bell", lambda d: unit(d, "TF Prenglar Frigate 1").update(fleet="Task\x07Force"), "control character '\\x07'"),
    ("a C1 control in a note", lambda d: unit(d, "Fortress Pale").update(note="Pale\x9b2J"), "control character '\\x9b'"),
    ("a log line's text with an escape", lambda d: d["log"][1].update(text="x\x1b]0;t\x07"), "control character"),
]


@pytest.mark.parametrize(("what", "change", "says"), CAMPAIGN_CASES, ids=[c[0] for c in CAMPAIGN_CASES])
def test_a_state_no_rule_makes_is_refused_on_load(what: str, change: Change, says: str) -> None:
    data = small_war()
    change(data)
    with pytest.raises(RefereeError) as refusal:
        campaign_file.from_dict(data, TABLES)
    assert says in str(refusal.value) and "\n" not in str(refusal.value), str(refusal.value)


def test_a_map_with_negative_light_years_is_refused() -> None:
    data = small_war()["map"]
    data["routes"][0]["light_years"] = -1
    with pytest.raises(RefereeError, match="light_years must be 0 or more, not -1"):
        frontier.from_dict(data)


def test_markup_in_names_is_kept(tmp_path: Path) -> None:
    data = small_war()
    unit(data, "TF Prenglar Frigate 1")["fleet"] = "[red]Task Force[/]"
    unit(data, "TF Prenglar Assault Carrier")["fleet"] = "[red]Task Force[/]"
    loaded = campaign_file.from_dict(data, TABLES)
    assert "[red]Task Force[/]" in loaded.fleets()
    assert campaign_file.from_dict(tomllib.loads(campaign_file.text(loaded, TABLES)), TABLES) == loaded
