"""The Map screen: the Frontier Deployment Map as a picture, the cursor moved over it from place to
place, the side panel of the place under it, the list of places, supply; a campaign whose map gives
no places on the picture, and a map file whose places are wrong."""

from __future__ import annotations

import copy
import shutil
import tomllib
from pathlib import Path

import pytest
import tomli_w
from textual.pilot import Pilot
from textual.widgets import Input

from referee.errors import RefereeError
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file, frontier
from referee.sathar_war.campaign import Campaign, Place
from referee.tui.app import RefereeApp
from referee.tui.campaign import frontier_picture
from referee.tui.campaign.picture_view import PictureView
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog
from referee.tui.rows import Rows
from tests.helpers.app import drive, text
from tests.helpers.campaign import MAP, load, put, saved, started
from tests.helpers.cli import run
from tests.helpers.snapshots import compare, screen_text, settled
from tests.helpers.tables import TABLES


def on_the_map() -> Campaign:
    """Day 1, the Sathar move: 14 destroyers in the Prenglar Start Circle, 15 frigates and light
    cruisers in Fromeltar's; the 15th destroyer at Araks (Hentz), cutting off a UPF assault scout
    at Scree Fron (Histran), whose only route leads to Araks: both out of supply."""
    campaign = started()
    campaign = put(campaign, ["Sathar Destroyer 15"], Place("Araks", "Hentz"))
    return put(campaign, ["UPF Assault Scout 1"], Place("Scree Fron", "Histran"))


def view(app: RefereeApp) -> PictureView:
    return app.query_one("#picture", PictureView)


def cursor(app: RefereeApp) -> str:
    spot = view(app).cursor
    assert spot is not None
    return spot.key


def row_of(screen: str, name: str) -> str:
    """The screen's line holding a system's name (the picture's part of it)."""
    (found,) = [line for line in screen.splitlines() if f"* {name}" in line or f"{name} *" in line or f"*·{name}" in line]
    return found


# ---------------------------------------------------------------------- the picture


def test_the_whole_map_is_drawn_at_160x50_with_a_marker_for_each_fleet_or_group(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", on_the_map())
    seen: dict[str, str] = {}

    async def look(app: RefereeApp, pilot: Pilot[None]) -> None:
        seen["screen"] = await settled(app, pilot)
        assert view(app).origin == (0, 0)  # all of it fits: nothing to follow

    drive(path, look, (160, 50), first="3")
    screen = seen["screen"]
    for system in MAP.systems:
        assert system.name in screen
    assert "Prenglar U16 U7" in row_of(screen, "Prenglar")  # Task Force Prenglar; the ships of no fleet
    assert "S1! U4" in row_of(screen, "Araks")  # the destroyer cut off at Araks, beside the militia
    assert "Scree Fron U1!" in row_of(screen, "Scree Fron")
    picture = view_picture(path)
    circle = picture.spot("Prenglar Start Circle")
    assert circle is not None and picture.grid[(circle.x, circle.y)] == ("O", "circle")
    assert "S14" in "".join(picture.grid.get((x, y), (" ", ""))[0] for y in range(circle.y - 1, circle.y + 2) for x in range(circle.x - 5, circle.x + 6))


def view_picture(path: Path) -> frontier_picture.Picture:
    """The picture the Map screen draws of a campaign file."""
    found: list[frontier_picture.Picture] = []

    async def look(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert view(app).picture is not None
        found.append(view(app).picture)  # type: ignore[arg-type]

    drive(path, look, first="3")
    return found[0]


def test_every_transit_box_and_place_is_on_the_picture_each_in_a_cell_of_its_own() -> None:
    chart = frontier_picture.chart(MAP, None)
    boxes = [s for s in chart.spots if s.box]
    assert len(boxes) == sum(r.boxes for r in MAP.all_routes())
    assert len({(s.x, s.y) for s in chart.spots}) == len(chart.spots)
    assert {s.place for s in chart.spots if not s.box} == {p.name for p in MAP.places()}
    assert chart.notes == ()  # the bundled map places everything, and every route has room for its boxes


def test_a_jump_box_points_the_way_a_ship_jumps_there() -> None:
    """Cassidine is drawn straight above Prenglar: box 5 (heading to Cassidine) points up, box 4 down."""
    chart = frontier_picture.chart(MAP, None)
    cell = {s.box: chart.cells[(s.x, s.y)] for s in chart.spots if s.place == "Prenglar - Cassidine"}
    assert cell[5] == ("^", "jump") and cell[4] == ("v", "jump")
    assert cell[1] == cell[8] == ("o", "box")
    red = [chart.cells[(s.x, s.y)] for s in chart.spots if s.place == "Prenglar Start Circle - Prenglar"]
    assert red == [("o", "red box")] * 5


def test_a_route_too_short_for_its_boxes_has_the_picture_drawn_larger_and_says_so() -> None:
    """The referee corrects Dramune - Cassidine to 20 boxes before moving the systems apart."""
    routes = tuple(r._replace(boxes=20, jump_boxes=(12, 9)) if r.name == "Dramune - Cassidine" else r for r in MAP.routes)
    longer = frontier.Frontier(MAP.name, MAP.systems, routes, MAP.circles, MAP.source, MAP.notes)
    chart = frontier_picture.chart(longer, None)
    assert len([s for s in chart.spots if s.place == "Dramune - Cassidine"]) == 20
    assert len({(s.x, s.y) for s in chart.spots}) == len(chart.spots)
    assert len(chart.notes) == 1 and "times as large as the map's places: a route's boxes need room" in chart.notes[0]


# ---------------------------------------------------------------------- the cursor and the side panel


def test_the_arrow_keys_move_the_cursor_box_by_box_and_the_side_panel_follows(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", on_the_map())

    async def walk(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert cursor(app) == "Prenglar" and text(app, "#where").startswith("Prenglar\n")
        visited = []
        for _ in range(9):  # up the Prenglar - Cassidine route, Cassidine straight above
            await pilot.press("up")
            await pilot.pause()
            visited.append(cursor(app))
            if cursor(app) == "Prenglar - Cassidine box 4":
                where = text(app, "#where")
                assert where.startswith("Prenglar - Cassidine: 8 boxes (7 light-years, inferred)")
                assert "\n> box 4 jump toward Prenglar: -" in where and "\n  box 5 jump toward Cassidine: -" in where
                assert app.system == "Prenglar - Cassidine"
        assert visited == [f"Prenglar - Cassidine box {n}" for n in range(1, 9)] + ["Cassidine"]
        assert app.system == "Cassidine" and text(app, "#where").startswith("Cassidine\n  Triad: armed station")
        # the part shown follows the cursor: far to the right, then back
        before = view(app).origin
        for _ in range(12):
            await pilot.press("right")
            await pilot.pause()
        spot, shown = view(app).cursor, view(app).origin
        assert spot is not None and shown != before
        assert 0 <= spot.x - shown[0] < view(app).size.width and 0 <= spot.y - shown[1] < view(app).size.height
        screen = await settled(app, pilot)
        assert app.system in screen.replace("\n", " ") or spot.box  # a system's name is on the part shown

    drive(path, walk, first="3")


def test_a_click_puts_the_cursor_on_the_place_nearest(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", on_the_map())

    async def click(app: RefereeApp, pilot: Pilot[None]) -> None:
        picture = view(app).picture
        assert picture is not None
        timeon = picture.spot("Timeon")
        assert timeon is not None
        await pilot.click("#picture", offset=(timeon.x - view(app).origin[0] + 1, timeon.y - view(app).origin[1]))
        await pilot.pause()
        assert cursor(app) == "Timeon" and text(app, "#where").startswith("Timeon\n  Lossend")

    drive(path, click, (160, 50), first="3")


def test_a_start_circle_is_a_place_with_the_sathar_in_it_on_the_picture_and_in_the_list(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", on_the_map())

    async def circles(app: RefereeApp, pilot: Pilot[None]) -> None:
        app.go_to("map", system="Prenglar Start Circle")  # as the palette does
        await pilot.pause()
        assert cursor(app) == "Prenglar Start Circle"
        where = text(app, "#where")
        assert where.startswith("Prenglar Start Circle: a Sathar start circle, 5 red boxes to Prenglar (inferred)\n  Sathar (14): Sathar Destroyer 1, ")
        assert where.endswith("\n  box 4: -\n  box 5: -")  # its red boxes, box by box
        await pilot.press("v")  # the list of places, the cursor on the same place
        await pilot.pause()
        places = app.query_one("#places", Rows)
        assert places.display and not view(app).display and places.has_focus
        assert places.key == "Prenglar Start Circle"
        rows = dict(places.rows)
        assert rows["Prenglar Start Circle"] == ("14", "", "Prenglar Start Circle")
        assert rows["Fromeltar Start Circle"] == ("15", "", "Fromeltar Start Circle")
        assert rows["Scree Fron"] == ("", "1", "Scree Fron")
        await pilot.press("down")
        await pilot.pause()
        assert app.system == places.key == "Fromeltar Start Circle"
        await pilot.press("v")  # the picture again, on the place chosen in the list
        await pilot.pause()
        assert view(app).display and view(app).has_focus and cursor(app) == "Fromeltar Start Circle"

    drive(path, circles, first="3")


def test_the_occupants_of_a_system_say_their_fleet_and_planet(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", on_the_map())

    async def look(app: RefereeApp, pilot: Pilot[None]) -> None:
        where = text(app, "#where")
        assert "\n  UPF (23):\n    Task Force Prenglar (16) at Morgaine's World: TF Prenglar Minelayer, " in where
        assert "\n    at Gran Quivera: UPF Assault Scout 2, " in where
        app.go_to("map", system="Araks")
        await pilot.pause()
        assert "\n  Sathar (1): at Hentz: Sathar Destroyer 15\n" in text(app, "#where")

    drive(path, look, first="3")


def test_the_supply_section_speaks_of_the_place_under_the_cursor_never_of_a_ship_chosen_elsewhere(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", on_the_map())

    async def look(app: RefereeApp, pilot: Pilot[None]) -> None:
        app.go_to("forces", ship="Sathar Destroyer 3")  # chosen on the Forces screen
        await pilot.pause()
        app.go_to("map", system="Scree Fron")
        await pilot.pause()
        shown = text(app, "#supply")
        assert "Sathar Destroyer 3" not in shown
        assert "  UPF: 70 of 71 ships in supply; out: UPF Assault Scout 1\n" in shown
        assert "  Sathar: 29 of 30 ships in supply; out: Sathar Destroyer 15\n" in shown
        assert shown.endswith("  UPF here (1): OUT OF SUPPLY (no path)")
        app.go_to("map", system="Prenglar Start Circle")
        await pilot.pause()
        assert text(app, "#supply").endswith("  Sathar here (14): in supply: Prenglar Start Circle")

    drive(path, look, first="3")


def test_move_on_the_map_screen_goes_toward_the_place_under_the_cursor(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", on_the_map())

    async def move(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#find-names", Input).value = "Sathar Destroyer 1, Sathar Destroyer 2"
        await pilot.pause()
        assert form.query_one("#field-toward", Choice).value == "Prenglar"  # the place under the Map's cursor, chosen once the ships are
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert app.journal.state.unit("Sathar Destroyer 1").place == Place("Prenglar Start Circle - Prenglar", box=1, toward="Prenglar")
        picture = view(app).picture
        assert picture is not None and cursor(app) == "Prenglar"
        box = picture.spot("Prenglar Start Circle - Prenglar box 1")
        assert box is not None and picture.grid[(box.x, box.y)] == ("o", "Sathar")  # the box coloured, its marker beside it
        assert "S2" in "".join(picture.grid.get((x, y), (" ", ""))[0] for y in range(box.y - 1, box.y + 2) for x in range(box.x - 5, box.x + 6))
        await pilot.press("ctrl+z")  # undone: the marker back in the circle
        await pilot.pause()
        picture = view(app).picture
        assert picture is not None and picture.grid[(box.x, box.y)] == ("o", "red box")

    drive(path, move, first="3")
    assert load(path).unit("Sathar Destroyer 1").place == Place("Prenglar Start Circle")


# ---------------------------------------------------------------------- maps without places, and wrong ones


def without_places(data: dict[str, object]) -> dict[str, object]:
    """A campaign file's tables as every save before the picture wrote them: no ``at`` in its map."""
    data = copy.deepcopy(data)
    chart = data["map"]
    assert isinstance(chart, dict)
    for place in [*chart["systems"], *chart["circles"]]:
        del place["at"]
    return data


def test_a_campaign_file_without_places_loads_and_is_drawn_where_the_bundled_map_has_them(tmp_path: Path) -> None:
    with_places = saved(tmp_path / "with.toml", on_the_map())
    old = tmp_path / "old.toml"
    old.write_text(tomli_w.dumps(without_places(tomllib.loads(with_places.read_text(encoding="utf-8")))), encoding="utf-8")
    assert all(p.at is None for p in load(old).frontier.places())
    before = old.read_bytes()
    seen: dict[str, str] = {}

    async def look(app: RefereeApp, pilot: Pilot[None]) -> None:
        await settled(app, pilot)
        drawn = view(app).picture
        assert drawn is not None
        seen[app.journal.path.name] = "\n".join("".join(s.text for s in drawn.line(y, view(app).cursor)) for y in range(drawn.height))
        seen["about"] = text(app, "#about")
        for _ in range(5):
            await pilot.press("up")
        await pilot.pause()
        seen["moved"] = cursor(app)

    drive(with_places, look, (160, 50), first="3")
    drive(old, look, (160, 50), first="3")
    assert seen["old.toml"] == seen["with.toml"] and "Prenglar" in seen["old.toml"]  # the same picture
    assert "every system and start circle: drawn where the bundled map has them (this map gives no at = [column, row])" in seen["about"]
    assert seen["moved"] == "Prenglar - Cassidine box 5"
    assert old.read_bytes() == before  # looked at, not rewritten


def test_a_house_map_place_the_bundled_map_does_not_know_is_drawn_below_the_rest_and_said() -> None:
    data = frontier.to_dict(MAP)
    data["systems"].append({"name": "Nova Terra", "planets": [{"name": "Landfall"}]})
    data["routes"].append({"ends": ["Gruna Garu", "Nova Terra"], "boxes": 4, "jump_boxes": [3, 2]})
    for place in data["systems"][:3]:
        del place["at"]  # Prenglar, Cassidine, Dramune: found by name on the bundled map
    house = frontier.from_dict(data)
    found, notes = frontier.placed(house, MAP)
    assert found["Prenglar"] == MAP.system("Prenglar").at and found["Nova Terra"][1] > max(y for _, y in (p.at for p in MAP.places() if p.at))
    assert notes == [
        "Prenglar, Cassidine, Dramune: drawn where the bundled map has them (this map gives no at = [column, row])",
        "Nova Terra: in a row at the bottom (no place on this map, nor a free one of the same name on the bundled map: give at = [column, row])",
    ]
    chart = frontier_picture.chart(house, MAP)
    assert len([s for s in chart.spots if s.place == "Gruna Garu - Nova Terra"]) == 4


BAD_PLACES = [
    (lambda d: d["systems"][0].update(at=[47]), "systems #1 (Prenglar): at must be [column, row] on the map picture, two whole numbers"),
    (lambda d: d["systems"][0].update(at=["47", 26]), "systems #1 (Prenglar): at must be [column, row]"),
    (lambda d: d["systems"][0].update(at=[-1, 26]), "systems #1 (Prenglar): at must be [column, row]"),
    (lambda d: d["systems"][0].update(at=[47, 999]), "(column 0 to 400, row 0 to 200; e.g. at = [54, 27]), not [47, 999]"),
    (lambda d: d["systems"][0].update(at=[True, 3]), "systems #1 (Prenglar): at must be [column, row]"),
    (lambda d: d["systems"][0].update(at="47, 26"), "systems #1 (Prenglar): at must be list, not '47, 26'"),
    (lambda d: d["circles"][0].update(at=[1.5, 2]), "circles #1 (Prenglar Start Circle): at must be [column, row]"),
    (lambda d: d["systems"][1].update(at=[47, 26]), "map: Prenglar and Cassidine are both at [47, 26]; every system and start circle needs a place of its own"),
]


@pytest.mark.parametrize(("change", "says"), BAD_PLACES)
def test_a_map_file_with_a_bad_place_is_refused_naming_the_key_and_nothing_is_made(change: object, says: str, tmp_path: Path) -> None:
    data = tomllib.loads((campaigns_dir() / "frontier-map.toml").read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    bad = tmp_path / "house-map.toml"
    bad.write_text(tomli_w.dumps(data), encoding="utf-8")
    code, out, err = run("campaign", "new", str(tmp_path / "war.toml"), "--map", str(bad))
    assert code == 2 and says in err and str(bad) in err and len(err.strip().splitlines()) == 1, err
    assert not (tmp_path / "war.toml").exists()


@pytest.mark.parametrize(("change", "says"), BAD_PLACES[:2])
def test_a_campaign_file_with_a_bad_place_is_refused_and_left_as_it_was(change: object, says: str, tmp_path: Path) -> None:
    path = tmp_path / "war.toml"
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", path)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data["map"])  # type: ignore[operator]
    path.write_text(tomli_w.dumps(data), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(RefereeError, match=r"systems #1 \(Prenglar\): at must be"):
        campaign_file.read(path, TABLES)
    code, _, err = run("campaign", "status", "--campaign", str(path))
    assert code == 2 and says in err
    assert path.read_bytes() == before


# ---------------------------------------------------------------------- how it looks


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_the_map_screen_with_ships_matches_its_snapshot(size: tuple[int, int], tmp_path: Path) -> None:
    folder = tmp_path / "snap"
    folder.mkdir()
    path = saved(folder / "war.toml", on_the_map())
    shown: list[str] = []

    async def look(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("up", "up")  # from Prenglar onto the Prenglar - Cassidine route's box 2
        shown.append(await settled(app, pilot))
        assert screen_text(app) == shown[0]

    drive(path, look, size, first="3")
    compare(f"map-ships-{size[0]}x{size[1]}", shown[0])
