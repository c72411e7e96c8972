"""The help (? or F1) on every screen of a campaign and of a Knight Hawks battle, in a form and in a
dialog; its keys read from the screens' bindings and actions (a key added later appears by itself);
the palette's help topics; the tables of keys of docs/keys.md, made from the same source."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from textual.binding import Binding, BindingsMap
from textual.command import CommandList
from textual.pilot import Pilot
from textual.widgets import Input

from referee import kinds, tables
from referee.knight_hawks.combat import MANUAL
from referee.sathar_war import movement
from referee.tui import help, help_text
from referee.tui.app import RefereeApp
from referee.tui.campaign.pages.forces import ForcesPage
from referee.tui.dialogs import ConfirmDialog, FormDialog
from referee.tui.forms import Action
from referee.tui.kinds import ui
from referee.tui.pages.base import Page, action_keys
from tests.helpers.app import drive, war
from tests.helpers.app_kh import scenario
from tests.helpers.app_sfw import engagement
from tests.helpers.app_si import phoenix
from tests.helpers.snapshots import compare, settled

TABLES = tables.load()


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    """Press the keys one after another, each one's work done before the next."""
    for key in pressed:
        await pilot.press(key)
        await pilot.pause()


def help_shown(app: RefereeApp) -> tuple[str, str]:
    """The help dialog in front: its title and its whole text (scrolled or not)."""
    dialog = app.screen
    assert isinstance(dialog, help.HelpDialog), type(dialog).__name__
    title = str(dialog.query_one(help.HelpBox).border_title).strip()
    text = dialog.query_one(help.HelpText)
    lines, _ = text.lines_for(text.size.width)
    return title, "\n".join(line.plain for line in lines)


def joined(text: str) -> str:
    """The help's text with its wrapping undone (to find a phrase that may be wrapped)."""
    return " ".join(text.split())


def page_bindings(page: type[Page]) -> list[Binding]:
    """A screen's own bindings, read here from the class (not from the help)."""
    return [binding for _, binding in BindingsMap(page.BINDINGS) if binding.description]


def check_page_help(page: type[Page], number: int, title: str, text: str) -> None:
    """The help of a screen: its title, and each of its keys and what its actions do."""
    assert title == f"Help: {page.TITLE} screen ({number})"
    said = joined(text)
    for binding in page_bindings(page):
        assert re.search(rf"(^|\n){re.escape(help.key_name(binding.key))}( |\n)", text), (page.NAME, binding.key)
        assert binding.description in said, (page.NAME, binding.description)
    for action in page.ACTIONS:
        assert joined(action.help.removeprefix(f"{action.name.lower()}: "))[:40] in said, (page.NAME, action.name)
    assert "Keys of every screen" in text and "Ctrl+Z" in text and "Ctrl+P" in text


def test_key_names() -> None:
    assert [help.key_name(k) for k in ("ctrl+z", "slash", "question_mark", "f1", "escape", "space", "m", "shift+tab")] == [
        "Ctrl+Z",
        "/",
        "?",
        "F1",
        "Esc",
        "space",
        "m",
        "Shift+Tab",
    ]


@pytest.mark.parametrize("kind", ["campaign", "battle", "engagement", "scenario"])
def test_question_mark_and_f1_open_the_help_of_each_screen(tmp_path: Path, kind: str) -> None:
    pages = ui(kind).pages()

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        for number, page in enumerate(pages, 1):
            await keys(pilot, str(number))
            for key in ("question_mark", "f1"):
                await keys(pilot, key)
                title, text = help_shown(app)
                check_page_help(page, number, title, text)
                assert bool(re.search(r"(^|\n)a +Advance", text)) == (kind != "battle")  # a on every campaign and engagement screen, no step of a battle
                for rule in help.about(app.kind, page).rules:
                    assert joined(rule) in joined(text)
                await keys(pilot, "escape")
                assert not isinstance(app.screen, help.HelpDialog)
                assert app.page() is not None and app.page().NAME == page.NAME  # type: ignore[union-attr]
        await keys(pilot, "question_mark", "question_mark")  # again: closes it
        assert not isinstance(app.screen, help.HelpDialog)

    files = {
        "campaign": lambda: war(tmp_path),
        "battle": lambda: scenario(tmp_path / "stand.toml", "the-stand"),
        "engagement": lambda: engagement(tmp_path / "e.toml"),
        "scenario": lambda: phoenix(tmp_path / "p.toml"),
    }
    drive(files[kind](), play)


def test_the_help_cites_the_rules_of_a_battle(tmp_path: Path) -> None:
    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2", "f1")
        title, text = help_shown(app)
        assert title == "Help: Fire screen (2)"
        assert f"{MANUAL}, Combat: Range Diffusion" in joined(text)
        assert f"{MANUAL}, Combat: Aiming Weapons (wasted shots)" in joined(text)

    drive(scenario(tmp_path / "stand.toml", "the-stand"), play)


def test_the_help_of_a_form_and_of_a_dialog(tmp_path: Path) -> None:
    """In a form, ? in a box is typed (a name pattern) and F1 opens the form's help: its fields,
    keys and rules; Esc goes back to the form as it was. In a dialog, ? opens its help."""

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2", "m")
        form = app.screen
        assert isinstance(form, FormDialog)
        await keys(pilot, "question_mark")
        assert app.screen is form and form.query_one("#find-names", Input).value == "?"
        await keys(pilot, "f1")
        title, text = help_shown(app)
        assert title == "Help: Move form"
        for field in form.fields:
            assert f"{field.label}:" in text
        assert "Ctrl+A" in text and "Esc" in text
        assert joined(movement.RISK_RULE) in joined(text)
        await keys(pilot, "escape")
        assert app.screen is form
        await keys(pilot, "escape", "1", "s")
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog)
        await keys(pilot, "question_mark")
        title, text = help_shown(app)
        assert title == f"Help: {dialog.title_text}"
        assert re.search(r"(^|\n)y +Yes", text) and "No" in text
        await keys(pilot, "escape")
        assert app.screen is dialog

    drive(war(tmp_path), play)


def test_a_key_added_to_a_screen_appears_in_its_help(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The help reads the screen's bindings and actions: an action and a key added to the Forces
    screen appear in its help and in docs/keys.md's table, with nothing else changed."""
    added = Action("z", "Zap", "zap a roster: a test action", (), lambda v, c, t: lambda rng, rolled: None)  # type: ignore[arg-type,return-value]
    actions = (*ForcesPage.ACTIONS, added)
    monkeypatch.setattr(ForcesPage, "ACTIONS", actions)
    monkeypatch.setattr(ForcesPage, "BINDINGS", action_keys(actions, Binding("y", "yank", "Yank the filter", show=False)))

    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2", "question_mark")
        _, text = help_shown(app)
        assert re.search(r"\nz +Zap: zap a roster: a test action", text), text
        assert re.search(r"\ny +Yank the filter \(not in the key line\)", text), text

    drive(war(tmp_path), play)
    assert "`z` zap" in help.markdown("campaign") and "`y` yank the filter" in help.markdown("campaign")
    assert any(t.title == "Zap" and t.page == "forces" for t in help.topics(ui("campaign")))


@pytest.mark.parametrize(
    ("typed", "hit", "title", "anchor"),
    [
        ("help risk jump", "Help: risk jump", "Help: Forces screen (2)", "Move"),
        ("help map screen", "Help: Map screen", "Help: Map screen (3)", ""),
    ],
)
def test_the_palette_finds_a_help_topic_and_opens_it_there(tmp_path: Path, typed: str, hit: str, title: str, anchor: str) -> None:
    async def play(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "ctrl+p")
        await pilot.press(*typed)
        hits = app.screen.query_one(CommandList)
        found = -1
        for _ in range(100):  # the palette searches in the background: until its list of hits stops growing
            await pilot.pause(0.05)
            if hits.option_count and hits.option_count == found:
                break
            found = hits.option_count
        assert str(hits.get_option_at_index(0).prompt).startswith(hit)
        await pilot.press("enter")
        for _ in range(10):
            await pilot.pause()
            if isinstance(app.screen, help.HelpDialog):
                break
        shown, _ = help_shown(app)
        assert shown == title
        dialog = app.screen
        assert isinstance(dialog, help.HelpDialog)
        assert dialog.at == anchor
        if anchor:
            text = dialog.query_one(help.HelpText)
            line = text.line_of(anchor)
            assert line is not None and dialog.query_one(help.HelpBox).scroll_y == text.virtual_region.y + line

    drive(war(tmp_path), play)


def test_the_palette_has_a_topic_for_each_screen_and_each_action() -> None:
    for kind in map(ui, kinds.NAMES):
        found = {t.title.casefold(): t for t in help.topics(kind)}
        for page in kind.pages():
            assert found[f"{page.TITLE} screen".casefold()].page == page.NAME
            for action in page.ACTIONS:
                assert found[action.name.casefold()].anchor == action.name
    campaign = {t.title: t for t in help.topics(ui("campaign"))}
    assert campaign["risk jump"] == help.Topic("risk jump", "forces", "Move")


def test_every_screen_says_what_it_shows_and_every_action_cites_its_rules() -> None:
    """Each screen of each kind has its words and rules; each action the sections of the books it
    follows; and no words are left for a key no screen binds (a key renamed or gone)."""
    for kind in map(ui, kinds.NAMES):
        for page in kind.pages():
            words = help.about(kind, page)
            assert words.shows and words.rules, page.NAME
            entries = help.screen_keys(kind, page)
            names = {e.name for e in entries} | {b.action for b in help.page_bindings(page)}
            assert set(words.keys) <= names, (page.NAME, set(words.keys) - names)
            for action in page.ACTIONS:
                entry = next(e for e in entries if e.name == action.name)
                assert entry.rules, (page.NAME, action.name)


def test_the_help_fits_80_and_160_columns() -> None:
    for kind in map(ui, kinds.NAMES):
        for page in kind.pages():
            shown = help.page_help(kind, page)
            for width in (72, 94):  # the text's width in the dialog at 80 and at 160 columns
                lines, at = help.layout(shown, width)
                assert all(line.cell_length <= width for line in lines), (page.NAME, width)
                assert at["Keys of every screen"] > at["Its keys"]


def test_the_manual_is_named_as_the_battle_engine_names_it() -> None:
    assert help_text.MANUAL == MANUAL


def test_the_help_at_80x24_scrolls_and_at_160x50_shows_it_all(tmp_path: Path) -> None:
    async def small(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "3")
        await pilot.press("question_mark")
        compare("help-map-80x24", await settled(app, pilot))
        box = app.screen.query_one(help.HelpBox)
        assert box.max_scroll_y > 0 and box.has_focus
        await keys(pilot, "pagedown")
        assert box.scroll_y > 0

    async def large(app: RefereeApp, pilot: Pilot[None]) -> None:
        await keys(pilot, "2")
        await pilot.press("question_mark")
        compare("help-fire-160x50", await settled(app, pilot))

    drive(war(tmp_path), small)
    drive(scenario(tmp_path / "stand.toml", "the-stand"), large, size=(160, 50))


def test_the_docs_tables_of_keys_are_the_apps() -> None:
    text = help.KEYS_PAGE.read_text(encoding="utf-8")
    found = help.page_tables(text)
    for kind in kinds.NAMES:
        made = help.markdown(kind)
        assert found.get(kind) == made, (
            f"docs/keys.md's table of the keys of a {kind} is not what the app's bindings make: write it anew with "
            f"`.venv/bin/python -m referee.tui.help --write-docs` (or see it with --markdown), then review the diff "
            f"(a new kind of file: put its two marker lines where its table goes first, {' ... '.join(help.marker(kind))})"
        )
    readme = (help.KEYS_PAGE.parents[1] / "README.md").read_text(encoding="utf-8")
    assert not help.page_tables(readme), "the tables of keys are docs/keys.md's, not the README's"


def test_the_script_prints_the_tables_and_refuses_a_wrong_option(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "referee.tui.help", "--markdown"], capture_output=True, text=True, check=True)
    for kind in kinds.NAMES:
        assert help.markdown(kind) in done.stdout
    wrong = subprocess.run([sys.executable, "-m", "referee.tui.help", "--html"], capture_output=True, text=True)
    assert wrong.returncode == 2 and wrong.stdout == "" and len(wrong.stderr.strip().splitlines()) == 1
    page = tmp_path / "keys.md"
    page.write_text("# x\n\nno tables here\n", encoding="utf-8")
    missing = subprocess.run([sys.executable, "-m", "referee.tui.help", "--write-docs", str(page)], capture_output=True, text=True)
    assert missing.returncode == 2 and "no table of the keys" in missing.stderr and page.read_text(encoding="utf-8") == "# x\n\nno tables here\n"
    old = subprocess.run([sys.executable, "-m", "referee.tui.help", "--write-readme", str(page)], capture_output=True, text=True)
    assert old.returncode == 2 and "--write-docs" in old.stderr  # the tables are no longer the README's
    start, end = help.marker("campaign")
    others = "".join(f"{help.marker(kind)[0]}\n{help.marker(kind)[1]}\n" for kind in kinds.NAMES if kind != "campaign")
    page.write_text(f"# x\n\n{start}\nold\n{end}\n\ntext\n\n{others}", encoding="utf-8")
    subprocess.run([sys.executable, "-m", "referee.tui.help", "--write-docs", str(page)], capture_output=True, text=True, check=True)
    assert help.page_tables(page.read_text(encoding="utf-8")) == {k: help.markdown(k) for k in kinds.NAMES}
    assert "\ntext\n" in page.read_text(encoding="utf-8")


def test_the_help_names_the_books_as_the_rules_do() -> None:
    """The help's words carry the books' titles themselves (importing them would load the rule systems)."""
    from referee.knight_hawks import combat
    from referee.sathar_war import campaign
    from referee.tui import help_text

    assert (help_text.MANUAL, help_text.CAMPAIGN_BOOK) == (combat.MANUAL, campaign.BOOK)
