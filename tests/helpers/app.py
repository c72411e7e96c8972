"""Driving the referee's app through Textual's pilot, as the app tests do: ``drive`` (the app on a
file, with the size, the file offered back, a campaign held in memory, a first key), what a widget
shows, forms filled in, the results table of a campaign's battles."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import DataTable, Input, SelectionList, Static

from referee.journal import Journal
from referee.resources import campaigns_dir
from referee.sathar_war import battles
from referee.sathar_war.campaign import Campaign
from referee.tui.app import RefereeApp
from referee.tui.campaign.results import ResultsDialog
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog
from tests.helpers.campaign import SATHAR, UPF, at_kawdl_kit
from tests.helpers.tables import TABLES

Scenario = Callable[[RefereeApp, Pilot[None]], Awaitable[None]]


def drive(
    path: Path,
    scenario: Scenario,
    size: tuple[int, int] = (80, 24),
    offer: Path | None = None,
    *,
    campaign: Campaign | None = None,
    first: str = "",
    still_running: bool = False,
) -> RefereeApp:
    """The app on the file, at ``size``, driven through the scenario by Textual's pilot; the app
    returned once it is closed. ``offer``: the file the app offers back at its start; ``campaign``: a
    campaign held in memory for the file (not read from it); ``first``: a key pressed before the
    scenario (``"3"`` opens the Map screen); ``still_running``: the app must still be running after
    the scenario (a markup error ends it; so would a link to app.quit, clicked)."""

    async def main() -> RefereeApp:
        journal = Journal(path, campaign, TABLES) if campaign is not None else Journal.open(path, TABLES)
        app = RefereeApp(journal, offer)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            if first:
                await pilot.press(first)
                await pilot.pause()
            await scenario(app, pilot)
            if still_running:
                await pilot.pause()
                assert app.is_running and app.return_code is None
        return app

    return asyncio.run(main())


def text(app: RefereeApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).content)


async def fill_in(app: RefereeApp, pilot: Pilot[None], **values: str) -> None:
    """Fill the open form's fields and press Ctrl+A: type into a typed field; choose from a list
    (the value must be one the list offers); in a field of many ships, unmark the list and type the
    names or patterns in the box above it (nothing marked: what is typed is the value)."""
    form = app.screen
    assert isinstance(form, FormDialog), form
    for name, value in values.items():
        field = form.query_one(f"#field-{name}")
        if isinstance(field, SelectionList):
            form.marked[name] = []
            field.deselect_all()
            await pilot.pause()
            form.query_one(f"#find-{name}", Input).value = value
        elif isinstance(field, Choice):
            field.value = value
        else:
            assert isinstance(field, Input), field
            field.value = value
        await pilot.pause()
    await pilot.press("ctrl+a")
    await pilot.pause()


def declared(rules: str = "") -> Campaign:
    return battles.declare(at_kawdl_kit(SATHAR, UPF), TABLES, "K'tsa-Kar", rules=rules).campaign


async def go_to(pilot: Pilot[None], dialog: ResultsDialog, ship: str, column: str) -> None:
    table = dialog.query_one(DataTable)
    table.move_cursor(row=list(dialog.rows).index(ship), column=1 + [c.key for c in dialog.columns].index(column))
    await pilot.pause()


async def burst(app: RefereeApp, pilot: Pilot[None], *keys: str) -> None:
    """Keys sent in one burst, as a quick typist or a paste sends them: every key is queued before
    the app handles the first (Pilot.press waits for the app to settle after each key); then
    waited for until the app has handed on every key (referee.tui.typed) and settled: a busy
    machine makes the pilot's wait for idle alone end too soon."""
    import unicodedata

    from textual import events
    from textual.keys import _character_to_key, _get_unicode_name_from_key

    driver = app._driver
    assert driver is not None
    for key in keys:
        if len(key) == 1 and not key.isalnum():
            key = _character_to_key(key)
        try:
            char: str | None = unicodedata.lookup(_get_unicode_name_from_key(key))
        except KeyError:
            char = key if len(key) == 1 else None
        event = events.Key(key, char)
        event.set_sender(app)
        driver.send_message(event)
    while app.typed.waiting or app.typed.feeder is not None:
        await asyncio.sleep(0.01)
    await pilot.pause()


def war(folder: Path) -> Path:
    path = folder / "war.toml"
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", path)
    return path


def said(app: RefereeApp) -> str:
    return str(app.query_one("#said", Static).content)


def card(app: RefereeApp) -> str:
    return str(app.screen.query_one("#card", Static).render())


def seen(app: RefereeApp, selector: str) -> str:
    """What a Static shows, as plain text (its markup, if it was given any, already read)."""
    return str(app.screen.query_one(selector, Static).visual)
