"""The app at the table: forms pick from lists the rules narrow, marks that clear, keys that ask
before what Esc cannot take back. The campaign: day 2, the Sathar move (tests.test_app's
war_day_two: the Sathar destroyers in box 5 of the Prenglar start circle's red path, frigates and
light cruisers in box 1 of Fromeltar's)."""

from __future__ import annotations

from pathlib import Path

import attrs
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList, Static

from referee.tui.choice import Choice
from referee.tui.app import RefereeApp
from referee.tui.dialogs import ConfirmDialog, FormDialog
from referee.tui.rows import Rows
from tests.test_app import drive, load, saved, text, war_day_two


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
        assert not any(app.journal.campaign.unit(n).station for n in ships if n in {u.name for u in app.journal.campaign.units})
        form.query_one("#find-names", Input).value = "destroyer 1"  # typing narrows the list (words of the label)
        await pilot.pause()
        shown = form.query_one("#field-names", SelectionList)
        assert [str(shown.get_option_at_index(n).value) for n in range(shown.option_count)] == ["Sathar Destroyer 1", "Sathar Destroyer 10", "Sathar Destroyer 11", "Sathar Destroyer 12", "Sathar Destroyer 13", "Sathar Destroyer 14", "Sathar Destroyer 15"]
        await pilot.press("escape")

    drive(path, scenario)


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
    path = saved(tmp_path / "war.toml", attrs.evolve(war_day_two(), step="upf-attacks"))
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
        assert app.journal.campaign.day == 3 and app.journal.campaign.step == "sathar-move"

    drive(path, scenario)


def test_the_retreat_condition_is_revealed_only_once_asked(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", war_day_two())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("1", "s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog) and not app.secrets
        await pilot.press("escape")
        await pilot.pause()
        assert not app.secrets and "sealed" in text(app, "#tally")
        await pilot.press("s", "y")
        await pilot.pause()
        assert app.secrets and "retreat condition 3: The Sathar have lost 40 ships, including fighters" in text(app, "#tally")
        await pilot.press("s")  # sealed again at once
        await pilot.pause()
        assert not app.secrets

    drive(path, scenario)
