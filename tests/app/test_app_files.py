"""The files a referee plays, from inside the app, driven through Textual's pilot: a new war asks its
options (Shatter Drones, Replacements, the map) and a bad map is refused; the recent files list at
start and by Ctrl+O (newest first, bounded, a missing file dropped, the war played before still
there after a new one); opening a campaign and a battle and switching back, each with its own
undo history; a file that is not a campaign or battle refused, the app staying on its file."""

from __future__ import annotations

import shutil
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static
from typer.testing import CliRunner

from referee import saves, storage, tables
from referee.cli import app as command_line
from referee.resources import campaigns_dir
from referee.sathar_war import battles, campaign_file
from referee.tui.app import RefereeApp
from referee.tui.battle.start import new_battle
from referee.tui.choice import Choice
from referee.tui.dialogs import FormDialog, OpenDialog, StartDialog
from referee.tui.rows import Rows
from tests.helpers.app import drive
from tests.helpers.app import text as said
from tests.helpers.campaign import SATHAR, UPF, at_kawdl_kit, bad_maps

TABLES = tables.load()
Play = Callable[[RefereeApp, Pilot[None]], Awaitable[None]]


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("REFEREE_HOME", str(folder))
    return folder


def first_war(home: Path) -> Path:
    return saves.new_war()  # war-1.toml: the bundled start


def rows(app: RefereeApp) -> list[tuple[str, ...]]:
    """The recent files the dialog shows: (kind, last played, file, what) a row."""
    return [cells for _, cells in app.screen.query_one("#recent", Rows).rows]


def bar(app: RefereeApp) -> str:
    return str(app.query_one("#bar", Static).content)


async def new_war(app: RefereeApp, pilot: Pilot[None], **values: str) -> None:
    """Ctrl+O, n: the New war form; choose and type its options, then Ctrl+A."""
    await pilot.press("ctrl+o")
    await pilot.pause()
    assert isinstance(app.screen, OpenDialog)
    await pilot.press("n")
    await pilot.pause()
    form = app.screen
    assert isinstance(form, FormDialog) and form.title_text == "New war", form
    assert {f.name: form.value_of(f) for f in form.fields} == {"shatter_drones": "n", "replacements": "y", "map": ""}  # the book's start
    for name, value in values.items():
        field = form.query_one(f"#field-{name}")
        if isinstance(field, Choice):
            field.value = value
        else:
            assert isinstance(field, Input)
            field.value = value
        await pilot.pause()
    await pilot.press("ctrl+a")
    await pilot.pause()
    await pilot.pause()


async def open_typed(app: RefereeApp, pilot: Pilot[None], path: Path) -> None:
    """Ctrl+O, then the path typed in its box and Enter."""
    await pilot.press("ctrl+o")
    await pilot.pause()
    assert isinstance(app.screen, OpenDialog)
    await pilot.press("tab")
    box = app.screen.query_one("#path", Input)
    assert app.focused is box
    box.value = str(path)
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


async def open_listed(app: RefereeApp, pilot: Pilot[None], path: Path) -> None:
    """Ctrl+O, the cursor down the list to the file, Enter."""
    await pilot.press("ctrl+o")
    await pilot.pause()
    recent = app.screen.query_one("#recent", Rows)
    assert app.focused is recent
    await pilot.press("home")
    while recent.key != str(path.resolve()):
        assert recent.cursor < len(recent.rows) - 1, (path, recent.keys)
        await pilot.press("down")
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()


def test_a_new_war_takes_each_option_chosen_in_its_form(home: Path, tmp_path: Path) -> None:
    war = first_war(home)
    own_map = tmp_path / "our-map.toml"
    own_map.write_text((campaigns_dir() / saves.BUNDLED_MAP).read_text(encoding="utf-8").replace(f'name = "{saves.BUNDLED_MAP_NAME}"', 'name = "Our table map"', 1), encoding="utf-8")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await new_war(app, pilot, shatter_drones="y", replacements="n", map=str(own_map))
        assert app.journal.path == home / "war-2.toml"
        made = app.journal.state
        assert (made.shatter_drones, made.replacements, made.frontier.name) == (True, False, "Our table map")
        assert "replacements off, shatter drones on" in made.log[-1].text
        assert "a new war (no replacements, shatter drones; Our table map)" in said(app, "#said")
        await new_war(app, pilot)  # the book's options: the bundled start itself
        assert app.journal.path == home / "war-3.toml"
        assert app.journal.state == campaign_file.read(campaigns_dir() / saves.BUNDLED_START, TABLES)
        await new_war(app, pilot, shatter_drones="y")
        assert (app.journal.state.shatter_drones, app.journal.state.replacements) == (True, True)
        palette = {c.title: c for c in app.get_system_commands(app.screen)}
        palette["New war"].callback()
        await pilot.pause()
        assert isinstance(app.screen, FormDialog) and app.screen.title_text == "New war"
        await pilot.press("escape")

    app = drive(war, play)
    saved = campaign_file.read(home / "war-2.toml", TABLES)
    assert (saved.shatter_drones, saved.replacements, saved.frontier.name) == (True, False, "Our table map")
    assert [e.path.name for e in saves.recent()] == ["war-4.toml", "war-3.toml", "war-2.toml", "war-1.toml"]
    assert app.journal.path.name == "war-4.toml"


def test_a_bad_map_is_refused_beside_its_field_and_no_war_is_made(home: Path, tmp_path: Path) -> None:
    war = first_war(home)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        for name, (path, wrong) in bad_maps(tmp_path).items():
            await new_war(app, pilot, map=str(path))
            assert isinstance(app.screen, FormDialog), name
            shown = said(app, "#error-map")
            assert str(path) in shown and wrong in shown and shown.endswith("no war was made"), (name, shown)
            assert app.journal.path == war
            await pilot.press("escape")
            await pilot.pause()

    drive(war, play)
    assert sorted(p.name for p in home.glob("war-*.toml")) == ["war-1.toml"]


def test_the_start_offers_the_files_played_newest_first_bounded_and_the_old_war_after_n(home: Path, tmp_path: Path) -> None:
    """A referee's folder: twelve old files, a battle, a war played last, and a file deleted since."""
    old = [tmp_path / f"old-{n}.toml" for n in range(12)]
    for path in old:
        shutil.copyfile(campaigns_dir() / saves.BUNDLED_START, path)
        saves.remember(path, "campaign", "")
    battle = new_battle("the-stand", TABLES)
    saves.remember(battle, "battle", "The Stand")
    gone = tmp_path / "gone.toml"
    shutil.copyfile(campaigns_dir() / saves.BUNDLED_START, gone)
    saves.remember(gone, "campaign", "")
    war = saves.new_war()
    saves.remember(war, "campaign", "replacements, no shatter drones")
    gone.unlink()

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, StartDialog)
        shown = rows(app)
        assert [r[2] for r in shown] == ["war-1.toml", "the-stand-1.toml", *[f"old-{n}.toml" for n in range(11, 4, -1)]]  # the deleted one left out
        assert shown[0][:2] == ("campaign", "open now") and shown[1][0] == "battle" and shown[1][3] == "The Stand"
        assert shown[1][1].startswith("today ")
        words = " ".join(str(s.content) for s in app.screen.query(Static))
        assert "c: continue the campaign played last, war-1.toml" in words and "n: start a new war, asking its options" in words
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        await pilot.press("ctrl+a")
        await pilot.pause()
        await pilot.pause()
        assert app.journal.path.name == "war-2.toml"
        await pilot.press("ctrl+o")
        await pilot.pause()
        shown = rows(app)
        assert len(shown) == saves.KEPT
        assert [r[2] for r in shown[:3]] == ["war-2.toml", "war-1.toml", "the-stand-1.toml"]
        assert app.screen.query_one("#recent", Rows).key == str(war.resolve())  # the cursor on the war played before
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.journal.path.resolve() == war.resolve() and not isinstance(app.screen, OpenDialog)

    drive(war, play, offer=war)
    assert [e.path.name for e in saves.recent()][:3] == ["war-1.toml", "war-2.toml", "the-stand-1.toml"]
    assert "gone.toml" not in (home / saves.RECENT).read_text(encoding="utf-8")  # dropped at the next save


def test_c_continues_the_file_played_last(home: Path) -> None:
    war = first_war(home)
    saves.remember(war, "campaign", "")

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        assert not isinstance(app.screen, OpenDialog) and app.journal.path == war

    drive(war, play, offer=war)
    assert sorted(p.name for p in home.glob("war-*.toml")) == ["war-1.toml"]


def test_opening_a_battle_and_back_each_file_keeps_its_own_undo_history(home: Path) -> None:
    war = first_war(home)
    battle = new_battle("the-stand", TABLES)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        await pilot.pause()
        app.screen.query_one("#field-condition", Choice).value = "3"
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert app.journal.state.retreat_condition == 3

        await open_typed(app, pilot, battle)
        assert app.journal.kind == "battle" and app.journal.path == battle
        assert "the-stand-1.toml" in bar(app) and "Ships" in bar(app)
        moving = app.journal.state.moving
        await pilot.press("n", "y")  # the half ends (asked first: no ship has moved)
        await pilot.pause()
        assert app.journal.state.moving != moving

        await open_listed(app, pilot, war)
        assert app.journal.kind == "campaign" and app.journal.state.retreat_condition == 3
        assert "Campaign · day 0 · setup · war-1.toml" in bar(app)
        assert "war-1.toml opened: day 0 · setup; Ctrl+Z undoes its last action" in said(app, "#said")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.retreat_condition == 0  # the undo history is the war's own

        await open_listed(app, pilot, battle)
        assert app.journal.kind == "battle"
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.moving == moving
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "nothing to undo" in said(app, "#said")  # the war's action is not in the battle's history

    drive(war, play)
    assert campaign_file.read(war, TABLES).retreat_condition == 0
    assert [e.kind for e in saves.recent()] == ["battle", "campaign"]


def test_a_file_a_command_saved_meanwhile_opens_as_saved_and_its_action_undoes(home: Path) -> None:
    """While another file is shown, `referee campaign retreat 4` changes the war: opened again, the
    war is as the command left it, and Ctrl+Z takes back the command's action (one history)."""
    war, other = first_war(home), saves.new_war()

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("t")
        await pilot.pause()
        app.screen.query_one("#field-condition", Choice).value = "2"
        await pilot.press("ctrl+a")
        await pilot.pause()
        await open_typed(app, pilot, other)
        done = CliRunner().invoke(command_line, ["campaign", "retreat", "4", "--campaign", str(war)])
        assert done.exit_code == 0, done.output
        await open_listed(app, pilot, war)
        assert app.journal.path == war and app.journal.state.retreat_condition == 4
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.retreat_condition == 2
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.journal.state.retreat_condition == 0

    drive(war, play)


def test_a_file_that_is_not_a_campaign_or_battle_is_refused_and_the_app_stays_on_its_file(home: Path, tmp_path: Path) -> None:
    war = first_war(home)
    (tmp_path / "notes.txt").write_text("the Sathar move first\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    refused = {
        campaigns_dir() / saves.BUNDLED_MAP: "its format line says 'referee frontier map', not a campaign",
        tmp_path / "notes.txt": "is not valid TOML",
        tmp_path / "folder": "is a folder, not a campaign or battle file",
        tmp_path / "nowhere.toml": "no campaign or battle file at",
    }

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        journal, state = app.journal, app.journal.state
        for path, wrong in refused.items():
            await open_typed(app, pilot, path)
            assert isinstance(app.screen, OpenDialog), path
            shown = said(app, "#where")
            assert app.screen.query_one("#where").has_class("wrong")
            assert str(path) in shown and wrong in shown and shown.endswith("war-1.toml stays open"), shown
            assert app.journal is journal and app.journal.state is state
            await pilot.press("escape")
            await pilot.pause()
        assert "war-1.toml" in bar(app)

    drive(war, play)
    assert [e.path.name for e in saves.recent()] == ["war-1.toml"]


def test_a_battle_fought_from_the_campaign_is_listed_as_a_battle(home: Path) -> None:
    campaign = battles.declare(at_kawdl_kit(SATHAR[:2], UPF[:3]), TABLES, "K'tsa-Kar", rules="advanced").campaign
    war = home / "war.toml"
    storage.write_text(war, campaign_file.text(campaign, TABLES))
    record = home / "war.day-5-sathar-attack-at-kawdl-kit.toml"

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("5")
        await pilot.press("f")
        await pilot.pause()
        await pilot.pause()
        assert app.journal.kind == "battle" and app.kind_of("battle").below
        await pilot.press("ctrl+o")
        await pilot.pause()
        shown = rows(app)
        assert [(r[0], r[2]) for r in shown] == [("battle", record.name), ("campaign", "war.toml")]
        assert shown[0][3] == app.journal.state.name and shown[0][1] == "open now"
        await pilot.press("enter")  # the cursor on the war
        await pilot.pause()
        await pilot.pause()
        assert app.journal.kind == "campaign" and not app.kind_of("battle").below

    drive(war, play)
    assert [(e.kind, e.path) for e in saves.recent()] == [("campaign", war.resolve()), ("battle", record.resolve())]


def test_the_palette_offers_open_a_file(home: Path) -> None:
    war = first_war(home)

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        palette = {c.title: c for c in app.get_system_commands(app.screen)}
        palette["Open a file"].callback()
        await pilot.pause()
        assert isinstance(app.screen, OpenDialog)

    drive(war, play)


def test_tab_goes_to_the_path_box_and_back_an_empty_path_is_asked_for(home: Path) -> None:
    war = first_war(home)
    saves.remember(war, "campaign", "")
    other = saves.new_war()

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+o")
        await pilot.pause()
        recent = app.screen.query_one("#recent", Rows)
        assert app.focused is recent and not app.screen.query("#path")  # (the box is made when asked for)
        await pilot.press("tab")
        await pilot.pause()
        box = app.screen.query_one("#path", Input)
        assert app.focused is box
        await pilot.press("n", "enter")  # typed in the box, not a new war
        await pilot.pause()
        assert box.value == "n" and isinstance(app.screen, OpenDialog)
        assert "no campaign or battle file at n in this folder" in said(app, "#where") and "war-2.toml stays open" in said(app, "#where")
        box.value = "  "
        await pilot.press("enter")
        await pilot.pause()
        assert "type the path of a campaign, battle or engagement file" in said(app, "#where")
        await pilot.press("tab")
        assert app.focused is recent
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert app.journal.path == war

    drive(other, play)


def test_the_dialog_shown_again_reads_the_list_afresh_and_names_the_file_under_the_cursor(home: Path) -> None:
    war = first_war(home)
    saves.remember(war, "campaign", "the first war")
    second = saves.new_war()

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        for _ in range(2):
            await pilot.press("ctrl+o")
            await pilot.pause()
            assert said(app, "#where") == f"war-1.toml in {home} · the first war"
            assert [r[2] for r in rows(app)] == ["war-2.toml", "war-1.toml"]
            await pilot.press("escape")
            await pilot.pause()
        third = saves.new_war()
        saves.remember(third, "campaign", "made by another app")
        await pilot.press("ctrl+o")
        await pilot.pause()
        assert [r[2] for r in rows(app)] == ["war-3.toml", "war-2.toml", "war-1.toml"]

    drive(second, play)
