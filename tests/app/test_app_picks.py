"""The app at the table: forms pick from lists the rules narrow, marks that clear, keys that ask
before what Esc cannot take back. The campaign: day 2, the Sathar move (tests.helpers.campaign's
war_day_two: the Sathar destroyers in box 5 of the Prenglar start circle's red path, frigates and
light cruisers in box 1 of Fromeltar's)."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, SelectionList, Static

from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import ConfirmDialog, FormDialog
from referee.tui.rows import Rows
from tests.helpers.app import drive, text
from tests.helpers.campaign import load, saved, war_day_two


def offered(form: FormDialog, name: str) -> list[str]:
    field = form.query_one(f"#field-{name}")
    if isinstance(field, SelectionList):
        return [value for _, value in form.options[name]]
    assert isinstance(field, Choice)
    return [value for _, value in field.options if isinstance(value, str)]


def test_the_move_list_offers_the_ships_that_may_move_now_and_fleets_whole(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        ships = offered(form, "names")
        assert "Sathar Destroyer 1" in ships and "Sathar Frigate 1" in ships
        assert not any(name.startswith(("TF ", "UPF ")) for name in ships)  # the UPF moves in its own step
        assert not any(app.journal.state.unit(n).station for n in ships if n in {u.name for u in app.journal.state.units})
        form.query_one("#find-names", Input).value = "destroyer 1"  # typing narrows the list (words of the label)
        await pilot.pause()
        shown = form.query_one("#field-names", SelectionList)
        assert [str(shown.get_option_at_index(n).value) for n in range(shown.option_count)] == [
            "Sathar Destroyer 1",
            "Sathar Destroyer 10",
            "Sathar Destroyer 11",
            "Sathar Destroyer 12",
            "Sathar Destroyer 13",
            "Sathar Destroyer 14",
            "Sathar Destroyer 15",
        ]
        await pilot.press("escape")

    drive(path, scenario)


def test_letters_typed_on_a_list_of_ships_all_go_to_the_box_above_it(tmp_path: Path) -> None:
    """The Move form opens with the keys on its list of ships; a letter typed there begins a new search
    in the box above it, which narrows the list. The box selected its text as it took the focus, so
    the second letter replaced the first: "lig" read "ig". A ship marked, a letter typed on the list
    again begins the next name; the mark stays."""
    path = saved(tmp_path / "war.toml", war_day_two()._replace(step="upf-move"))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await pilot.pause()
        assert isinstance(app.screen.focused, SelectionList)
        await pilot.press("l", "i", "g")
        await pilot.pause()
        box = app.screen.query_one("#find-names", Input)
        assert box.value == "lig"
        await pilot.press("down", "space", "u", "p", "f")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog) and box.value == "upf" and form.marked["names"] == ["TF Cassidine Light Cruiser"]
        await pilot.press("escape")

    drive(path, scenario)


def test_a_move_toward_a_system_of_one_planet_is_not_given_its_planet_on_the_way(tmp_path: Path) -> None:
    """Timeon has one planet, Lossend: the Planet list offered it, the form took the only choice, and a
    move that ends the day on the way (9 boxes from Prenglar) was refused for naming a planet. No
    planet is offered now; arriving, ships stop at the only one (Strategic Movement)."""
    path = saved(tmp_path / "war.toml", war_day_two()._replace(step="upf-move"))

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#find-names", Input).value = "UPF Light Cruiser 1"
        await pilot.pause()
        form.query_one("#field-toward", Choice).value = "Timeon"
        await pilot.pause()
        assert offered(form, "planet") == []
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog), text(app, "#error-form")

    drive(path, scenario)
    cruiser = load(path).unit("UPF Light Cruiser 1")
    assert cruiser.place is not None and cruiser.place.on_route and cruiser.place.toward == "Timeon"


def test_marks_fill_the_form_and_clear_once_it_is_applied(tmp_path: Path) -> None:
    """Space marks the ship under the cursor and goes down; the Move form comes with them marked;
    chosen from lists (no name typed): toward Prenglar; once moved, the marks are gone."""
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        app.go_to("forces", ship="Sathar Destroyer 1")
        await pilot.pause()
        await pilot.press("space", "space")
        await pilot.pause()
        assert app.marked == ["Sathar Destroyer 1", "Sathar Destroyer 2"]  # marked, and down to the next
        await pilot.press("m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        assert form.typed()["names"] == "Sathar Destroyer 1, Sathar Destroyer 2"
        assert "marked (2)" in str(form.query_one("#value-names", Static).content)
        assert offered(form, "toward")[0] == "Prenglar"  # box 5 of 5: Prenglar next
        form.query_one("#field-toward", Choice).value = "Prenglar"
        await pilot.pause()
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog), text(app, "#error-form")
        assert app.marked == []
        assert "*" not in [cells[0] for _, cells in app.query_one("#ships", Rows).rows]

    drive(path, scenario)
    campaign = load(path)
    assert campaign.unit("Sathar Destroyer 1").place == campaign.unit("Sathar Destroyer 2").place
    assert campaign.unit("Sathar Destroyer 1").place is not None and campaign.unit("Sathar Destroyer 1").place.where == "Prenglar"


def test_u_and_esc_unmark_all(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "space", "space", "u")
        await pilot.pause()
        assert app.marked == []
        await pilot.press("space", "escape")
        await pilot.pause()
        assert app.marked == []

    drive(path, scenario)


def test_ending_the_day_asks_first_and_says_what_it_will_do_from_any_screen(tmp_path: Path) -> None:
    """Step 4: a on the Map screen asks before the end of the day, listing what it does (the TF
    Prenglar Frigate 1 rearms its torpedoes); n changes nothing; a then y ends the day."""
    path = saved(tmp_path / "war.toml", war_day_two()._replace(step="upf-attacks"))
    start = path.read_bytes()

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("3", "a")
        await pilot.pause()
        asked = app.screen
        assert isinstance(asked, ConfirmDialog) and asked.title_text == "Advance: End day 2?"
        said = asked.text.plain
        assert "the TF Prenglar Frigate 1 rearms" in said and "day 3 (Tenday 0, Day 3)" in said
        await pilot.press("n")
        await pilot.pause()
        assert path.read_bytes() == start
        await pilot.press("a", "y")
        await pilot.pause()
        assert app.journal.state.day == 3 and app.journal.state.step == "sathar-move"

    drive(path, scenario)


def test_the_retreat_condition_is_revealed_only_once_asked(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("1", "s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and not app.kind_of("campaign").retreat_shown
        await pilot.press("escape")
        await pilot.pause()
        assert not app.kind_of("campaign").retreat_shown and "sealed" in text(app, "#tally")
        await pilot.press("s", "y")
        await pilot.pause()
        assert app.kind_of("campaign").retreat_shown and "retreat condition 3: The Sathar have lost 40 ships, including fighters" in text(app, "#tally")
        await pilot.press("s")  # sealed again at once
        await pilot.pause()
        assert not app.kind_of("campaign").retreat_shown

    drive(path, scenario)


def test_a_list_chosen_in_keeps_the_keys_on_its_field_and_letters_typed_fast_open_it_once(tmp_path: Path) -> None:
    """The Move form's Toward: letters typed on it open its list once, narrowed by all of them;
    Enter takes the best match, and the keys stay on Toward (not back to the first field)."""
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#find-names", Input).value = "Sathar Destroyer 1"
        await pilot.pause()
        toward = form.query_one("#field-toward", Choice)
        toward.focus()
        await pilot.press("d", "r", "a")  # fast: before the list takes the keys
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack].count("ChoiceList") == 1
        assert app.screen.query_one("#choice-find", Input).value == "dra"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is form and toward.value == "Dramune" and form.focused is toward

    drive(path, scenario)


def test_typing_in_a_list_takes_the_best_match_not_the_choice_as_it_was(tmp_path: Path) -> None:
    """The New war form's Replacements is "yes" at first; typing n (found in "no", and in "the end
    of every 20 days" of the yes) then Enter takes "no"."""
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        app.action_new_war()
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        replacements = form.query_one("#field-replacements", Choice)
        assert replacements.value == "y"
        replacements.focus()
        await pilot.press("n", "enter")
        await pilot.pause()
        assert replacements.value == "n"
        await pilot.press("escape")

    drive(path, scenario)


def test_the_last_ship_of_the_forces_list_is_in_view_above_the_key_line(tmp_path: Path) -> None:
    """183 ships and stations at 80x24: End takes the cursor to the last, and its row is drawn
    inside the screen's part, not under the message and key lines below it."""
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "end")
        await pilot.pause()
        ships = app.query_one("#ships", Rows)
        pages = app.query_one("#pages")
        assert ships.cursor == len(ships.rows) - 1
        last_line = ships.region.y + 1 + ships.cursor - ships.scroll_offset.y  # (the header is the first line)
        assert ships.region.bottom <= pages.region.bottom and last_line < pages.region.bottom

    drive(path, scenario)


def test_the_repairs_screen_names_the_nearest_centre_of_a_damaged_ship_not_docked(tmp_path: Path) -> None:
    """The UPF Destroyer 1, 8 hull points down at Outer Reach (Dramune), which has a construction centre."""
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("4")
        await pilot.pause()
        said = text(app, "#centres")
        assert "Docked for repair: none" in said
        assert "UPF Destroyer 1 (hull 42 of 50) at Outer Reach (Dramune): Dramune/Outer Reach is in this system: dock it (k)" in said

    drive(path, scenario)
