"""A Knight Hawks battle in the app, as its tests drive it: a scenario's battle file, the forms and
dice dialogs of a move, a shot, a roll, the end of a half."""

from __future__ import annotations

from pathlib import Path

from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Input, SelectionList, Static

from referee import storage
from referee.knight_hawks import battle_file
from referee.knight_hawks.battle import Battle
from referee.resources import scenario_files
from referee.tui.app import RefereeApp
from referee.tui.choice import Choice
from referee.tui.dialogs import ConfirmDialog, DiceDialog, FormDialog, OutcomeDialog
from tests.helpers.tables import TABLES


def scenario(path: Path, name: str) -> Path:
    battle = battle_file.from_dict(storage.read(scenario_files()[name], "scenario"), TABLES, start=True)
    storage.write_text(path, battle_file.text(battle, TABLES))
    return path


def read(path: Path) -> Battle:
    return battle_file.from_dict(storage.read(path, "battle"), TABLES)


async def fill(app: RefereeApp, pilot: Pilot[None], **values: str) -> None:
    """Choose from the open form's lists and type into its fields, in the form's order, then Ctrl+A."""
    form = app.screen
    assert isinstance(form, FormDialog), form
    for field in form.fields:
        if field.name not in values:
            continue
        if field.choices is None:
            form.query_one(f"#field-{field.name}", Input).value = values[field.name]
        elif field.many:
            marks = form.query_one(f"#field-{field.name}", SelectionList)
            marks.deselect_all()
            for name in values[field.name].split(","):
                marks.select(name.strip())
        else:
            form.query_one(f"#field-{field.name}", Choice).value = values[field.name]
        await pilot.pause()
    await pilot.press("ctrl+a")
    await pilot.pause()


async def moves(app: RefereeApp, pilot: Pilot[None], moved: dict[str, tuple[int, int]]) -> dict[str, dict[str, str]]:
    """m: the moves' table, the ships named moved (their speed now, the turns made), the other rows
    left blank (they move later); Ctrl+A. Returns the rows as they were entered, their ADF and MR
    points worked out."""
    from referee.tui.battle.sheets import MovesSheet

    await pilot.press("m")
    await pilot.pause()
    sheet = app.screen
    assert isinstance(sheet, MovesSheet), sheet
    for name, row in sheet.rows.items():
        speed, turns = moved.get(name, ("", ""))
        row["speed"], row["turns"] = str(speed), str(turns)
        sheet.redraw_row(name)
    rows = {name: dict(row) for name, row in sheet.rows.items()}
    await pilot.press("ctrl+a")
    await pilot.pause()
    return rows


async def roll(app: RefereeApp, pilot: Pilot[None], rolled: dict[str, str]) -> OutcomeDialog:
    """Type the totals rolled at the table, each in the field of its roll: ``shot 1`` (a line's
    first roll) or ``shot 1: hull damage`` (a later roll, by the end of what it is for). The dialog
    asks for a roll the rolls entered call for (a hit's damage) once they are entered; then the
    outcome is shown in its place."""
    dialog = app.screen
    assert isinstance(dialog, DiceDialog), dialog
    for _ in range(4):
        for number, need in enumerate(dialog.rolls):
            for key, total in rolled.items():
                line, _, purpose = key.partition(": ")
                if need.key == key or (purpose and need.key.startswith(f"{line}: ") and need.key.endswith(purpose)):
                    dialog.query_one(f"#roll-{number}", Input).value = total
        await dialog.entered()
        await pilot.pause()
        if isinstance(app.screen, OutcomeDialog):
            return app.screen
    raise AssertionError([str(s.content) for s in dialog.query(".error")])


async def announce(app: RefereeApp, pilot: Pilot[None], firer: str, weapon: str, target: str, range_: str, **more: str) -> None:
    await pilot.press("2")
    await pilot.press("a")
    await pilot.pause()
    await fill(app, pilot, firer=firer, weapon=weapon, target=target, range=range_, **more)


# ---------------------------------------------------------------------- driving the app


def errors(app: RefereeApp) -> str:
    return " ".join(str(s.content) for s in app.screen.query(".error").results(Static))


def outcome(dialog: OutcomeDialog) -> str:
    """What the dice dialog's outcome shows once the rolls are typed: each log line of the action."""
    content = dialog.query_one("#outcome", Static).content
    assert isinstance(content, Content)
    return content.plain


def applied(app: RefereeApp) -> None:
    """The action went through: no form or dice dialog left open with a refusal in it."""
    assert not isinstance(app.screen, (FormDialog, DiceDialog, OutcomeDialog)), errors(app)


async def screen(app: RefereeApp, pilot: Pilot[None], name: str) -> None:
    """Show the Ships (1) or Fire (2) screen, unless it is shown."""
    page = app.page()
    if page is None or page.NAME != name:
        await pilot.press({"ships": "1", "fire": "2"}[name])


async def shot(app: RefereeApp, pilot: Pilot[None], firer: str, weapon: str, target: str, range_: int, **more: str) -> None:
    """a: one shot announced on the Fire screen (listed, not rolled). (The ``announce`` of this module,
    without showing the Fire screen again when it is shown.)"""
    before = len(app.kind_of("battle").volley)
    await screen(app, pilot, "fire")
    await pilot.press("a")
    await pilot.pause()
    await fill(app, pilot, firer=firer, weapon=weapon, target=target, range=str(range_), **more)
    applied(app)
    assert len(app.kind_of("battle").volley) == before + 1


async def rolled(app: RefereeApp, pilot: Pilot[None], key: str, dice: dict[str, str], *said: str) -> None:
    """An action that rolls (f on the Fire screen, r on the Ships screen): the dice typed as rolled
    at the table, the outcome shown checked against the hand-worked figures, then applied."""
    await screen(app, pilot, "fire" if key == "f" else "ships")
    await pilot.press(key)
    await pilot.pause()
    dialog = await roll(app, pilot, dice)
    shown = outcome(dialog)
    for text in said:
        assert text in shown, (text, shown)
    await pilot.press("enter")
    await pilot.pause()
    applied(app)
    if key == "f":
        assert app.kind_of("battle").volley == []


async def end_half(app: RefereeApp, pilot: Pilot[None]) -> None:
    """n, and y where it asks first (it passes over a ship not moved, a seeker, a repair)."""
    await screen(app, pilot, "ships")
    await pilot.press("n")
    await pilot.pause()
    if isinstance(app.screen, ConfirmDialog):
        await pilot.press("y")
        await pilot.pause()
    applied(app)
