"""Issue 13 in the app: names are data, never markup. A ship, a fleet or a file may be named
``[/]``, ``[red``, ``x[/`` or ``[@click=app.quit]quit[/]``; every screen, panel, dialog, the
status line and the palette show them as written, never crash on them, and never make a link
of them. Control characters (which the data layer refuses) never reach the terminal either."""

from __future__ import annotations

import asyncio
import io
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.app import App, ComposeResult
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.widgets import Input

from referee import tables
from referee.journal import Journal
from referee.sathar_war import fleets, repairs
from referee.sathar_war.campaign import Campaign, Fight, Place
from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import DiceDialog, FormDialog, OutcomeDialog
from referee.tui.rows import Rows
from tests.helpers.app import drive, fill_in, seen
from tests.helpers.campaign import load, saved, war_day_two

TABLES = tables.load()
QUIT = "[@click=app.quit]quit[/]"
NAMES = {
    "UPF Destroyer 1": QUIT,
    "TF Prenglar Frigate 1": "[/]",
    "Sathar Destroyer 1": "[red",
    "TF Cassidine Battleship": "x[/",
    "Sathar Light Cruiser 1": "[i]void[/i",
    "UPF Destroyer 2": "[/i]docked",
}
FLEETS = {"[/]": "[/b]", QUIT: "[@click=app.bell]ring[/]"}
NOTE = f"the {QUIT} meets the [red and the x[/ at Dramune with the [/b]"
RULE = "[/] rule [b]"
FILE = "[red]war[b].toml"


def marked_up() -> Campaign:
    """war_day_two with ships and fleets named as markup: the damaged UPF destroyer (in a battle
    today at Dramune, with a Sathar destroyer named ``[red`` and a UPF frigate named ``[/]`` of the
    fleet ``[/b]``), the battleship risk-jumping on the Dramune - Cassidine route, a Sathar
    light cruiser in the Void, a damaged UPF destroyer docked at Gran Quivera; a log line naming
    them."""
    campaign = war_day_two()
    dramune = [campaign.unit(name)._replace(place=Place("Dramune", "Outer Reach"), fleet="") for name in ("TF Prenglar Frigate 1", "Sathar Destroyer 1")]
    circle = campaign.unit("Sathar Light Cruiser 1")._replace(place=Place("Fromeltar Start Circle"), fleet="")
    circle = circle._replace(roster=circle.roster._replace(hull=circle.roster.hull - 5))  # damaged: it goes home to be repaired
    docked = campaign.unit("UPF Destroyer 2")
    docked = docked._replace(roster=docked.roster._replace(hull=docked.roster.hull - 3))
    campaign = fleets.dock(campaign.with_units([*dramune, circle, docked]), ["UPF Destroyer 2"]).campaign
    campaign = repairs.enter_void(campaign, ["Sathar Light Cruiser 1"]).campaign
    units = []
    for unit in campaign.units:
        name = NAMES.get(unit.name)
        if name is not None:
            unit = unit._replace(roster=unit.roster._replace(name=name), fleet=FLEETS.get(name, ""))
        units.append(unit)
    campaign = campaign._replace(units=tuple(units), fights=(Fight("Dramune", "Outer Reach", "Sathar", (QUIT, "[/]", "[red"), ""),))
    return campaign.logged(campaign.entry(NOTE, rule=RULE))


def screen_text(app: App[None]) -> str:
    """Every character the screen sends to the terminal, control characters included."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True, color_system="truecolor", record=True, legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


def test_every_screen_shows_the_names_as_written(tmp_path: Path) -> None:
    path = saved(tmp_path / FILE, marked_up())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        for key in "1234567":
            await pilot.press(key)
            await pilot.pause()
            assert FILE in seen(app, "#bar")
        # Forces: each ship's roster form under the cursor, its name as written, its fleet too
        for name in NAMES.values():
            app.go_to("forces", ship=name)
            await pilot.pause()
            assert seen(app, "#form").startswith(f"{name}\n"), seen(app, "#form")
            assert f"fleet {FLEETS.get(name, '-')};" in seen(app, "#form")
            assert app.query_one("#ships", Rows).key == name
            assert name in screen_text(app)  # (the fleet's line may wrap in the roster beside the list: its text is checked above)
        app.go_to("forces", ship=QUIT)
        await pilot.pause()
        await pilot.click("#form", offset=(2, 0))  # on "quit": a link would end the app
        await pilot.pause()
        assert app.is_running
        # Repairs: the destroyer docked, the light cruiser in the Void; the damaged ship not docked listed after the queue
        app.go_to("repairs", ship="[/i]docked")
        await pilot.pause()
        assert app.query_one("#queue", Rows).keys == ["[/i]docked", QUIT]
        assert "  [i]void[/i: returns day 8 at Fromeltar Start Circle\n" in seen(app, "#centres")
        await pilot.press("o")  # a repair order for the ship under the cursor
        await fill_in(app, pilot, hull="3")
        assert "[/i]docked" in seen(app, "#said") and "[/i]docked" in app.journal.state.log[-1].text
        # Map: the system with its fleets, the route with the battleship
        app.go_to("map", system="Dramune")
        await pilot.pause()
        assert "Sathar (1): at Outer Reach: [red\n" in seen(app, "#where")
        assert f"\n    [/b] (1) at Outer Reach: [/]\n    [@click=app.bell]ring[/] (1) at Outer Reach: {QUIT}\n    at Inner Reach: Inner Reach" in seen(app, "#where")
        app.go_to("map", system="Dramune - Cassidine")
        await pilot.pause()
        assert "box 3: x[/ -> Dramune at 2" in seen(app, "#where")
        # Battles: Dramune contested, the ships that may fight, the attack declared today
        app.go_to("battles", system="Dramune")
        await pilot.pause()
        assert "Sathar (1): [red\n" in seen(app, "#fight") and f" Outer Reach Station, [/], {QUIT}, Inner Reach" in seen(app, "#fight")
        assert f"Sathar attack at Outer Reach (Dramune), fought with the advanced rules: {QUIT}, [/], [red; " in seen(app, "#fight")
        # Log: the last line (the repair order), then the line naming them found, its rule in brackets
        await pilot.press("7")
        await pilot.pause()
        assert seen(app, "#entry").startswith("today Prenglar/Gran Quivera repairs 3 of the [/i]docked's hull points")
        await pilot.press("slash", *"[/b]", "enter")
        await pilot.pause()
        (number,) = [n for n, entry in enumerate(app.journal.state.log) if entry.text == NOTE]
        assert app.query_one("Rows#log", Rows).rows == [(str(number), ("2", "sathar-move", NOTE))]
        assert seen(app, "#entry") == f"{NOTE}\n[{RULE}]"

    drive(path, scenario, still_running=True)


def test_a_wrong_name_typed_is_told_as_typed(tmp_path: Path) -> None:
    """Refusals quote what was typed: a dice expression, a table key, a ship (no ship is named
    ``x[/]``, and read as a pattern it matches none), a filter."""
    path = saved(tmp_path / "war.toml", marked_up())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("6", "e", *"[/]", "enter")
        await pilot.pause()
        assert "'[/]'" in seen(app, "#error-expression")
        app.screen.query_one("#lookup", Input).focus()
        await pilot.press(*QUIT, "enter")
        await pilot.pause()
        assert QUIT in seen(app, "#error-lookup")
        app.action_show("forces")  # (the focus is in the lookup field: keys would be typed there)
        await pilot.pause()
        await pilot.press("j")
        await pilot.pause()
        await fill_in(app, pilot, fleet="[dim", names="x[/]")
        assert "'x[/]'" in seen(app, "#error-form") or "'x[/]'" in seen(app, "#error-names")
        await pilot.press("escape", "slash", *"x[/]:y")
        await pilot.pause()
        assert "'x[/]:y'" in seen(app, "#filter-error")

    drive(path, scenario, still_running=True)


def test_forms_and_the_dice_dialog_with_the_names(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", marked_up())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        # a hand edit of the destroyer named QUIT: its form filled in with the name, the log line told
        app.go_to("forces", ship=QUIT)
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        assert app.screen.query_one("#field-ship", Choice).value == QUIT  # the ship under the cursor, chosen in the list
        await fill_in(app, pilot, hull="20", adf="2")
        assert seen(app, "#said").startswith(f"the referee edits the {QUIT}'s roster by hand: hull 20")
        # its repair turn after today's battle, with a note in markup: the dice, then the outcome
        await pilot.press("4", "s")
        await fill_in(app, pilot, ship=QUIT, repairs="adf=5")
        dialog = app.screen
        assert isinstance(dialog, DiceDialog)
        dialog.query_one("#roll-0", Input).value = "10"
        await pilot.press("enter")
        await pilot.pause()
        outcome = seen(app, "#outcome")
        assert f"the {QUIT} makes its repair turn after the Sathar attack at Outer Reach (Dramune)" in outcome
        assert f"the {QUIT} repairs adf with 5 DCR points" in outcome
        await pilot.press("enter")
        await pilot.pause()
        assert not isinstance(app.screen, (DiceDialog, OutcomeDialog))
        assert seen(app, "#said").startswith(f"the {QUIT} repairs adf with 5 DCR points")

    drive(path, scenario, still_running=True)
    assert any(QUIT in entry.text and "repairs adf" in entry.text for entry in load(path).log)


def test_the_palette_finds_the_names_and_shows_them_as_written(tmp_path: Path) -> None:
    path = saved(tmp_path / "war.toml", marked_up())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*"quit[/")
        for _ in range(20):
            await pilot.pause(0.05)
            prompts = [str(option.prompt) for option in app.screen.query_one(CommandList).options]
            if any(QUIT in p for p in prompts):
                break
        assert any(p.startswith(f"ship {QUIT}\n") for p in prompts), prompts
        assert not any("click" in str(span.style) for option in app.screen.query_one(CommandList).options for span in option.prompt.spans)
        await pilot.press("enter")
        await pilot.pause()
        assert app.ship == QUIT and seen(app, "#form").startswith(QUIT)

    drive(path, scenario, still_running=True)


@pytest.fixture
def short_folder() -> Iterator[Path]:
    """A folder with a short path (/tmp/r-xxxxxxxx): the start dialog shows the folder whole on
    one line at 80 columns, whereas pytest's own tmp_path (longer under pytest-xdist, or for a
    long user name) would wrap there and could not be read back as one string."""
    with tempfile.TemporaryDirectory(prefix="r-") as folder:
        yield Path(folder)


def test_a_file_named_as_markup_shows_at_start(short_folder: Path) -> None:
    """``referee`` alone offers the campaign played last: its name as written, and its folder."""
    from referee.tui.dialogs import StartDialog

    path = saved(short_folder / FILE, marked_up())

    async def main() -> None:
        app = RefereeApp(Journal.open(path, TABLES), offer=path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, StartDialog)
            assert FILE in screen_text(app) and str(short_folder) in screen_text(app)
            await pilot.press("c")
            await pilot.pause()
            assert app.is_running

    asyncio.run(main())


CONTROL = "\x1b[31mred\x1b]0;title\x07\x9b2J"


def test_control_characters_never_reach_the_terminal(tmp_path: Path) -> None:
    """The data layer refuses them; were one to get in, the screen shows it harmlessly."""
    campaign = marked_up()
    ship = campaign.unit("[/]")
    campaign = campaign.with_units([ship._replace(fleet=CONTROL)])
    ship = campaign.unit("x[/")
    campaign = campaign._replace(units=tuple(u._replace(roster=u.roster._replace(name=f"x{CONTROL}")) if u == ship else u for u in campaign.units))
    campaign = campaign.logged(campaign.entry(f"the {CONTROL} is here", rule=CONTROL))

    def harmless(shown: str) -> None:
        assert not any(c in shown for c in "\x1b\x07\x9b"), shown

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        app.go_to("forces", ship="[/]")
        await pilot.pause()
        assert "red" in seen(app, "#form")
        for key in "21234567":
            await pilot.press(key)
            await pilot.pause()
            harmless(screen_text(app))
        assert "is here" in screen_text(app)
        app.go_to("forces", ship=f"x{CONTROL}")
        await pilot.pause()
        harmless(screen_text(app))
        await pilot.press("e")  # the form, its ship field filled in with the name
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        harmless(screen_text(app))

    drive(tmp_path / "war.toml", scenario, campaign=campaign, still_running=True)


def test_the_rows_show_control_characters_as_symbols() -> None:
    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield Rows("Name", "Fleet", id="rows")

    async def main() -> None:
        app = One()
        async with app.run_test(size=(40, 5)) as pilot:
            app.query_one(Rows).show([("a", (CONTROL, "x\ty\nz"))])
            await pilot.pause()
            shown = screen_text(app)
            assert not any(c in shown for c in "\x1b\x07\x9b\t"), shown
            assert "x" in shown and "y" in shown and "z" in shown

    asyncio.run(main())
