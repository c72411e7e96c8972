"""What the screen shows in the room it has: at 80x24 no column of a list is cut mid-word (what
does not fit is left to the side panel, or wraps), the message line shows how a move ended however
many ships it names, and at 160x50 forms and their lists grow with the terminal.

The lists are read as drawn (each line of the widget), the message line as the screen shows it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, SelectionList

from referee import saves, tables
from referee.sathar_war import repairs
from referee.sathar_war.campaign import Campaign
from referee.tui.app import RefereeApp
from referee.tui.dialogs import FormDialog, StartDialog
from referee.tui.rows import Rows
from referee.tui.text import fitted
from tests.helpers.app import drive, fill_in
from tests.helpers.campaign import load, saved, started
from tests.helpers.snapshots import screen_text

TABLES = tables.load()
WAR = Path(__file__).parents[2] / "tests" / "data" / "war-day60.toml"  # a war at day 60 as the generator of issue 21 played it, kept whatever it plays now


def day_60(folder: Path) -> Path:
    """The generated war at day 60 (benchmarks/fixtures): 183 ships, some in transit."""
    shutil.copyfile(WAR, folder / WAR.name)
    shutil.copyfile(f"{WAR}.log", folder / f"{WAR.name}.log")
    return folder / WAR.name


def drawn(rows: Rows) -> list[str]:
    """The list's lines as the screen shows them (the part of the list within the screen)."""
    seen = rows.region.intersection(rows.screen.region)
    screen = screen_text(rows.app).splitlines()
    return [screen[y][seen.x : seen.right] if y < len(screen) else "" for y in range(seen.y, seen.bottom)]


def cut_words(rows: Rows) -> set[str]:
    """Words on the list's lines that are no whole word of any of its cells or labels: a cell cut
    at the list's edge ("Cassidin", "syste")."""
    whole = {word for _, cells in rows.rows for cell in cells for word in cell.split()} | {w for label in rows.labels for w in label.split()}
    return {word for line in drawn(rows) for word in line.split() if word.strip(SCROLLBAR)} - whole


SCROLLBAR = "▁▂▃▄▅▆▇█▔▀"


async def every_page(rows: Rows, pilot: Pilot[None]) -> set[str]:
    """The cut words of every page of the list, paged through from its first row to its last."""
    await pilot.press("home")
    found: set[str] = set()
    for _ in range(len(rows.rows)):
        await pilot.pause()
        found |= cut_words(rows)
        if rows.cursor == len(rows.rows) - 1:
            return found
        await pilot.press("pagedown")
    return found


def test_at_80x24_the_forces_list_cuts_no_word_and_leaves_the_roster_s_columns_to_it(tmp_path: Path) -> None:
    """The day-60 war: a ship in transit is "box 2: White Light -> Timeon", the stations are at
    "Cassidine", "Truane's Star" or "destroyed" - cut at 8 columns before. The hull, fleet, class
    and planet are on the roster beside the list; at 200 columns the list shows them too."""

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2")
        await pilot.pause()
        ships = app.screen.query_one("#ships", Rows)
        ships.focus()
        assert await every_page(ships, pilot) == set()
        assert drawn(ships)[0].split() == ["Name", "Where"]
        assert ships.point("Sathar Destroyer 8")
        await pilot.pause()
        first = ships.starts[ships.cursor] - ships.scroll_offset.y + 1
        lines = drawn(ships)[first : first + ships.starts[ships.cursor + 1] - ships.starts[ships.cursor]]
        assert " ".join(" ".join(line.split()) for line in lines) == "Sathar Destroyer 8 box 2: White Light -> Timeon"  # its place wrapped, whole
        await pilot.resize_terminal(200, 60)
        await pilot.pause()
        await pilot.pause()
        assert drawn(ships)[0].split() == ["Name", "Hull", "Where", "Fleet", "Class", "Planet"]
        assert cut_words(ships) == set()

    drive(day_60(tmp_path), scenario)


def docked_for_repair(path: Path) -> None:
    """Two ships of Task Force Cassidine docked at the Triad Station a day ago, the minelayer's
    laser battery destroyed and ordered repaired today ("system LB" in the Today column)."""
    campaign = load(path)
    changed = []
    for name in ("TF Cassidine Assault Scout 3", "TF Cassidine Minelayer"):
        unit = campaign.unit(name)
        roster = unit.roster._replace(docked_at="Triad Station")
        if name.endswith("Minelayer"):
            roster = roster.with_system(roster.system("LB")._replace(state="destroyed"))
        changed.append(unit._replace(roster=roster, docked_since=campaign.day - 1, moved=False))
    campaign = repairs.order(campaign.with_units(changed), "TF Cassidine Minelayer", system="LB").campaign
    saved(path, campaign)


def test_at_80x24_the_repair_queue_cuts_no_word(tmp_path: Path) -> None:
    path = day_60(tmp_path)
    docked_for_repair(path)

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("4")
        await pilot.pause()
        queue = app.screen.query_one("#queue", Rows)
        await pilot.pause()
        assert [key for key, _ in queue.rows][:2] == ["TF Cassidine Assault Scout 3", "TF Cassidine Minelayer"]  # (then the damaged ships not docked)
        assert cut_words(queue) == set()
        text = " ".join(drawn(queue))
        assert "system LB" in " ".join(text.split()) or ("system" in text.split() and "LB" in text.split())

    drive(path, scenario)


def test_the_welcome_list_cuts_no_word(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file played last, with what it is: "replacements, no shatter drones" is longer than the
    room the list has left at 80 columns beside a long file name."""
    monkeypatch.setenv("REFEREE_HOME", str(tmp_path / "home"))
    path = day_60(tmp_path)
    saves.remember(path, "campaign", "replacements, no shatter drones")

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, StartDialog)
        recent = app.screen.query_one("#recent", Rows)
        await pilot.pause()
        assert cut_words(recent) == set()
        words = " ".join(drawn(recent)).split()
        assert all(word in words for word in "replacements, no shatter drones".split())

    drive(path, scenario, offer=path)


def test_the_message_line_shows_where_a_move_of_many_ships_is_bound(tmp_path: Path) -> None:
    """Day 1: the 8 Sathar frigates and 7 light cruisers of the Fromeltar circle set out for Dramune.
    The move's log line names them run together, and the message line, two lines at 80 columns,
    ends as the move ends: bound for Dramune, and in how many days."""
    path = saved(tmp_path / "war.toml", started())

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await pilot.pause()
        await fill_in(app, pilot, names="Sathar Frigate *, Sathar Light Cruiser *", toward="Dramune")
        await pilot.pause()
        lines = screen_text(app).splitlines()[-4:-2]  # the message line's two, above the two of the keys
        shown = " ".join(line.strip() for line in lines)
        assert shown.startswith("Sathar Frigate 1-8 and Sathar Light Cruiser 1-7 move from Fromeltar")
        assert shown.endswith("(1 box; bound for Dramune by Fromeltar: 13 more days at 1 box a day)")

    drive(path, scenario)
    assert load(path).log[-1].text.startswith("Sathar Frigate 1-8 and Sathar Light Cruiser 1-7 move from Fromeltar Start Circle to box 1 of 4")


def move_form_sizes(path: Path, size: tuple[int, int]) -> tuple[int, int, int]:
    """The Move form's width, the height of its list of ships, and of the list its Toward opens."""
    found: list[int] = []

    async def scenario(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("2", "m")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        found.append(form.query_one(".dialog").outer_size.width)
        found.append(form.query_one("#field-names", SelectionList).size.height)
        form.query_one("#find-names", Input).value = "Task Force Prenglar"  # (Toward lists the places it may go)
        await pilot.pause()
        form.query_one("#field-toward").focus()
        await pilot.press("enter")
        await pilot.pause()
        found.append(app.screen.query_one("#choice-options", OptionList).size.height)

    drive(path, scenario, size)
    return found[0], found[1], found[2]


def test_forms_and_their_lists_grow_with_the_terminal_and_stay_as_they_were_at_80x24(tmp_path: Path) -> None:
    """The UPF move of day 1 (every UPF ship may move: the lists are long). At 80x24 the form is
    76 columns and its list of ships 6 rows, Toward's list 12; at 160x50 they use the room."""
    campaign: Campaign = started()._replace(step="upf-move")
    path = saved(tmp_path / "war.toml", campaign)
    assert move_form_sizes(path, (80, 24)) == (76, 6, 12)
    width, ships, places = move_form_sizes(path, (160, 50))
    assert (width, ships) == (96, 12) and places > 12  # (the places Task Force Prenglar may head for: all of them shown)


def test_a_result_too_long_for_the_message_line_loses_its_middle() -> None:
    """Two lines of 78: a list of ships' middle, or a long path's beginning, left out (…); what
    fits is left whole."""
    move = "Sathar Destroyer 1, Sathar Frigate 2, Sathar Light Cruiser 3, Sathar Heavy Cruiser 4, Sathar Assault Carrier 5, Sathar Fighter 6 move from K'tsa-Kar Start Circle to red box 1 -> Dramune (1 box; bound for Dramune by Cassidine: 14 more days)"
    shown = fitted(move, 78)
    assert shown.startswith("Sathar Destroyer 1, Sathar Frigate 2, ") and " … " in shown and shown.endswith(": 14 more days)") and len(Content(shown).wrap(78)) == 2
    path = "printed the log to /" + "/".join(f"folder-{n}" for n in range(20)) + "/war.log.html"
    assert fitted(path, 78).startswith("printed the log to …") and fitted(path, 78).endswith("folder-19/war.log.html")
    assert fitted("advanced to day 2", 78) == "advanced to day 2"
