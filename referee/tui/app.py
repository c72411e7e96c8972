"""The referee's app: one file played - a campaign, or a Knight Hawks battle - its kind's screens,
every action through a dialog, every change saved at once and undoable. A battle fought from a
campaign opens on top of it, and closing it hands the campaign one action."""

from __future__ import annotations

import gc
import os
import random
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.command import Hit, Hits, Provider
from textual.content import Content
from textual.screen import Screen
from textual.style import Style
from textual.widgets import ContentSwitcher, Static

from referee import saves
from referee.errors import RefereeError
from referee.journal import Journal, Result, Travel
from referee.resources import scenario_files
from referee.storage import ChangedOnDisk
from referee.tables import Tables
from referee.tui.dialogs import ChangedDialog, ConfirmDialog, DiceDialog, FormDialog, Need, Preview, StartDialog, Take, failed, needs
from referee.tui.forms import Action, AnyStep, Field, Values
from referee.tui.keys import KeyLine
from referee.tui.kinds import Kind, ui
from referee.tui.pages.base import Page, Play
from referee.tui.text import bold, fitted, line, lines, plain
from referee.tui.typed import Typed

WATCH = 0.5  # seconds between looks at the file for another program's save

# where each kind of thing the palette finds by name is shown (its hit's help line)
SHOWN_ON = {
    "ship": "its roster on the Forces screen",
    "fortress": "its card on the Ships screen",
    "system": "on the Map",
    "planet": "its terrain on the Planets screen",
    "ground unit": "its card on the Planets screen",
    "table": "on the Dice & Tables screen",
}


def highlight(found: str, offsets: Iterable[int], style: Style) -> Content:
    """A palette hit as written, its matched letters marked. (Textual's ``Matcher.highlight``
    reads the hit as markup: a ship named ``[/]`` would end the app.)"""
    content = line(found)
    for offset in offsets:
        if not found[offset].isspace():
            content = content.stylize(style, offset, offset + 1)
    return content


class PaletteSearch(Provider):
    """The command palette's search over ships, systems and tables by name, and the help's topics."""

    async def search(self, query: str) -> Hits:
        from referee.tui import help

        app: RefereeApp = self.app  # type: ignore[assignment]
        matcher = self.matcher(query)
        for kind, name, call in app.findable():
            found = f"{kind} {name}"
            score, offsets = matcher.fuzzy_search.match(matcher.query, found)
            if score > 0:
                yield Hit(score, highlight(found, offsets, matcher.match_style), call, text=found, help=SHOWN_ON[kind])
        for topic in help.topics(app.kind):
            found = f"Help: {topic.title}"
            score, offsets = matcher.fuzzy_search.match(matcher.query, found)
            if score > 0:
                yield Hit(score, highlight(found, offsets, matcher.match_style), partial(help.show, app, topic), text=found, help=help.where(app.kind, topic))

    async def discover(self) -> Hits:
        return
        yield  # no discovery: the list would be hundreds of ships long


class RefereeApp(App[None]):
    CSS_PATH = "app.tcss"
    TITLE = "referee"
    COMMANDS = App.COMMANDS | {PaletteSearch}
    BINDINGS = [
        *[Binding(str(n), f"tab({n})", f"screen {n}", show=False) for n in range(1, 10)],
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+l", "reload", "Read the file again", show=False),
        Binding("ctrl+o", "open_file", "Open a file", show=False),
        Binding("ctrl+q", "quit", "Quit", show=False),
        Binding("question_mark", "help", "Help", show=False),  # (a box or list typed in keeps its ?; a dialog binds its own)
        Binding("f1", "help", "Help", show=False, priority=True),  # (in any dialog, list or box)
    ]

    def __init__(self, journal: Journal, offer: Path | None = None) -> None:
        super().__init__()
        self.journal = journal
        self.offer = offer
        self.rng = random.Random()
        self.version = 0  # counts changes: a page shown again redraws if it saw an older one
        self.marked: list[str] = []  # ships marked on the Forces screen (space)
        self.uses_marks = False  # the action open was filled with the marks: they are cleared once it is applied
        self.ship = ""  # the ship under the cursor
        self.system = ""  # the system or route under the cursor
        self.pointing = ""  # what the palette chose, for the screen being shown to put its cursor on
        self.outside = False  # another program saved the file since it was read here, and it is not read again yet
        self.then: Callable[[], None] | None = None  # what to do once the action started last is applied
        self.kinds: dict[str, Kind] = {}  # the UI of each kind of file shown, by the kind's name: what its screens keep between actions
        self.typed = Typed(self)  # the keys typed ahead, each handed on once the one before it is done with

    async def on_event(self, event: events.Event) -> None:
        """A key or a paste from the terminal waits its turn (referee.tui.typed): it goes to the
        screen on view once the key before it is done with, never to a screen being left."""
        if not self.typed.holds(event):
            await super().on_event(event)

    @property
    def tables(self) -> Tables:
        return self.journal.tables

    @property
    def kind(self) -> Kind:
        return self.kind_of(self.journal.kind)

    def kind_of(self, name: str) -> Kind:
        """The UI of a kind of file (made the first time a file of that kind is shown)."""
        found = self.kinds.get(name)
        if found is None:
            found = self.kinds[name] = ui(name)
        return found

    def compose(self) -> ComposeResult:
        first = self.kind.pages()[0]
        yield Static("", id="bar")
        with ContentSwitcher(initial=first.NAME, id="pages"):
            yield first()
        yield Static("", id="said")
        yield KeyLine(id="keys")

    def on_mount(self) -> None:
        saves.remember(self.journal.path, self.journal.kind, saves.title(self.journal.state))
        if self.journal.missing_log():
            self.tell(self.missing_said(self.journal), "warning")
        if self.offer is not None:
            self.push_screen(StartDialog(self.offer))
        self.set_interval(WATCH, self.watch_file)
        self.set_timer(WATCH, self.journal.prefetch)  # the state the first Ctrl+Z goes back to, if from before the app opened
        # Python's full garbage collection scans every object: about 24 ms here once the app is up,
        # now and then in the middle of a key press. What exists once the first screen is drawn
        # (Textual, the rules, the tables) lives as long as the app: leave it out of those scans,
        # and (launch.open_app) out of the collector's passes while it is made.
        self.call_after_refresh(settled)

    # ------------------------------------------------------------------ screens

    def action_show(self, name: str) -> None:
        """Show a screen of the file's kind (built the first time); our screens are widgets of one
        Textual screen."""
        pages = self.query_one("#pages", ContentSwitcher)
        if not pages.query_children(f"#{name}"):
            made = next((p for p in self.kind.pages() if p.NAME == name), None)
            if made is None:
                return  # a screen of another kind of file (the palette's choice from before a switch)
            pages.mount(made())
        pages.current = name
        page = self.page()
        if page is not None and page.is_mounted:
            page.shown()

    def action_tab(self, number: int) -> None:
        shown = self.kind.pages()
        if 1 <= number <= len(shown):
            self.action_show(shown[number - 1].NAME)

    def page(self) -> Page | None:
        pages = self.query_one("#pages", ContentSwitcher)
        return pages.visible_content if isinstance(pages.visible_content, Page) else None

    def changed(self) -> None:
        self.version += 1
        page = self.page()
        if page is not None:
            page.redraw()

    # ------------------------------------------------------------------ actions

    def open_action(self, action: Action) -> None:
        if action.dialog is not None:  # typed in a table of its own, not a form
            try:
                self.push_screen(action.dialog(self.journal.state))
            except RefereeError as error:
                self.tell(str(error), "warning")
            return
        self.uses_marks = bool(self.marked) and any(f.fill == "names" for f in action.fields)  # cleared once it is applied
        values = self.filled(action.fields)
        build: Callable[[Values], AnyStep] = lambda v: action.build(v, self.journal.state, self.tables)  # noqa: E731 - the state as it is when the form is run
        question = action.ask(self.journal.state) if action.ask is not None else ""
        if question and not action.fields:
            self.ask_first(action.name, question, lambda: build({}))
            return
        preview = partial(self._preview, action) if action.preview is not None else None
        if action.more is not None:
            self.open_form(action.name, action.help, action.fields, values, build, take=partial(self._more, action), preview=preview)
            return
        if not action.fields:
            # nothing to ask (n, r): run at once, without a form shown and closed again (a restyle of
            # the screen each way); a refusal is shown in the form as ever, where it has room
            try:
                self.start(action.name, lambda: build({}))
                return
            except Exception:  # noqa: BLE001 - a refusal, or a fault of the program: the form runs it again and shows it
                pass
        self.open_form(action.name, action.help, action.fields, values, build, preview=preview)

    def filled(self, fields: Sequence[Field]) -> dict[str, str]:
        """Each field's value as it opens: from the selection ("names": the ships marked, else the
        ship under the cursor; "ship", "system"), or the fixed value after "=". The cursor is the one
        on view: nothing left under another screen's cursor fills a form."""
        page = self.page()
        shows = page.SHOWS if page is not None else frozenset()
        ship, system = (self.ship if "ship" in shows else ""), (self.system if "system" in shows else "")
        names = ", ".join(self.marked) if self.marked else ship
        fills = {"names": names, "ship": ship, "system": system}
        return {f.name: plain(f.fill[1:] if f.fill.startswith("=") else fills.get(f.fill, ""), one_line=True) for f in fields}  # (an Input shows control characters as they are)

    def _preview(self, action: Action, values: Values) -> str:
        assert action.preview is not None
        return action.preview(values, self.journal.state, self.tables)

    def _more(self, action: Action, values: Values) -> None:
        """A form's values that call for a second form (a class's unknown Data Table cells): it is
        shown once the first is gone, its values added to the first's; none called for: the action
        is taken now (it rolls no dice)."""
        assert action.more is not None
        help, fields = action.more(values, self.journal.state, self.tables)  # (a wrong value: beside its field in the first form)
        build: Callable[[Values], AnyStep] = lambda v: action.build({**values, **v}, self.journal.state, self.tables)  # noqa: E731
        if not fields:
            self.start(action.name, lambda: build({}))
            return
        self.call_later(self.open_form, action.name, help, fields, self.filled(fields), build)

    def advance(self) -> None:
        """a on any screen: the kind's step forward (the campaign's Advance), if it has one."""
        action = self.kind.advance()
        if action is None:
            self.tell("a does nothing on this screen", "warning")
        else:
            self.open_action(action)

    def ask_first(self, title: str, question: str, make: Callable[[], AnyStep]) -> None:
        """An action that cannot be taken back by Esc, asked first: what it will do (its log lines,
        from a run with virtual dice whose values are not shown, and the rolls it will ask for)."""
        base = self.journal.state
        try:
            step = make()
            trial = step(random.Random(), {})
        except RefereeError as error:
            self.tell(str(error), "warning")
            return
        except Exception as error:  # noqa: BLE001 - a fault of the program: nothing changed, the app goes on
            self.tell(failed(error), "error")
            return
        said = [entry.text for entry in trial.entries if not entry.rolls]
        said += [f"then rolled: {need.expression} for {need.purpose}" for need in needs(trial)]
        text = lines([f"• {s}" for s in said])
        tried = (step, trial)  # (taken as it is if the file is the same when the question is answered: not run again)
        self.push_screen(ConfirmDialog(f"{title}: {question}", text), lambda yes: self.start(title, make, tried=tried if self.journal.state is base else None) if yes else None)

    def open_form(
        self,
        title: str,
        help: str,
        fields: tuple[Field, ...],
        values: Values,
        build: Callable[[Values], AnyStep],
        take: Take | None = None,
        preview: Preview | None = None,
    ) -> None:
        """Show a form (kept once built, shown again with fresh values)."""
        name = f"form {title}: {help}"
        if self.is_screen_installed(name):
            form = self.get_screen(name)
            assert isinstance(form, FormDialog)
            form.prepare(values, build, take, preview)
        else:
            form = FormDialog(title, help, fields, values, build, take, preview)
            self.install_screen(form, name)
        self.push_screen(form)

    def start(
        self,
        title: str,
        make: Callable[[], AnyStep],
        form: FormDialog | None = None,
        then: Callable[[], None] | None = None,
        tried: tuple[AnyStep, Result] | None = None,
    ) -> None:
        """Build the action on the file's state as it is (``make``: again if the file is read again
        before it is applied) and run it once with virtual dice to learn what it rolls (refusals
        raise here, and the form shows them); apply it at once if it rolls nothing, else ask for
        the dice. ``then`` is called once it is applied (the Fire screen's shots, fired, are gone).
        ``tried``: the action built and run so on the state as it is (asked first: its question's run)."""
        if tried is None:
            step = make()
            trial = step(random.Random(), {})
        else:
            step, trial = tried
        if self.journal.missing_log() and not self.journal.going_on:  # (asked once the action is whole: the form says its mistakes first)
            self.push_screen(self.without_log(), lambda yes: self.go_on_without_log(bool(yes), title, make, form, then, (step, trial)))
            return
        self.then = then
        rolls = needs(trial)
        if not self.kind.asks_later_rolls:
            rolls = [n for n in rolls if n.key == n.line] or rolls  # each line's first roll; the rest once the rolls typed call for them
        if not rolls:
            self.apply(title, trial)  # under the form: the screen is drawn once, changed, as the form goes
        if form is not None:
            form.dismiss(None)
        if rolls:
            self.push_screen(self.dice_dialog(title, make, step, rolls))

    def without_log(self) -> ConfirmDialog:
        """The question before the first change to a campaign whose log file is missing."""
        missing = self.journal.missing_log()
        text = line(
            bold(missing),
            " (the campaign file was copied without it?). The war is whole; only its old log is not here.\n\n"
            "y: go on with a log from here: its first line says the old lines were lost, and they stay lost (Ctrl+Z still takes the change back)\n"
            "n or Esc: change nothing (put the log back beside the file, then open it again)",
        )
        return ConfirmDialog("Go on without the old log?", text)

    def go_on_without_log(self, yes: bool, *start: Any) -> None:
        """Answered: yes, the change goes on (the journal then starts the log afresh); no, nothing changes."""
        if not yes:
            self.tell(f"nothing was changed: {self.journal.missing_log()}", "warning")
            return
        self.journal.going_on = True
        self.start(*start)

    @staticmethod
    def missing_said(journal: Journal) -> str:
        return f"{journal.missing_log()}: opened without its old log; the first change asks to go on with a log from here"

    def dice_dialog(self, title: str, make: Callable[[], AnyStep], step: AnyStep, rolls: list[Need]) -> DiceDialog:
        """The dice dialog shown last, emptied, if it asked for the same rolls; else a new one
        (kept in its place). Building a dialog's widgets costs more than showing it again."""
        if self.is_screen_installed("dice"):
            last = self.get_screen("dice")
            assert isinstance(last, DiceDialog)
            if (last.title_text, last.rolls) == (title, rolls):
                last.prepare(make, step, self.journal.state)
                return last
            self.uninstall_screen("dice")
            last.remove()  # (an uninstalled screen not on the stack is otherwise kept, widgets and all, until the app ends)
        dialog = DiceDialog(title, make, step, self.journal.state, rolls)
        self.install_screen(dialog, "dice")
        return dialog

    def apply(self, title: str, result: Result) -> None:
        """Take the action's result and save it; a save refused (a state that would not load, a
        full disk, a file another program saved meanwhile) raises, for the form or dice dialog to
        show, and nothing has changed."""
        try:
            self.journal.apply(result, title)
        except ChangedOnDisk as error:
            self.watch_file()
            raise RefereeError(f"{error.path.name} was changed by another program since it was read here; nothing was saved: Ctrl+L reads it again, then Enter retries this") from None
        self.marked = [] if self.uses_marks else [n for n in self.marked if self._exists(n)]
        self.uses_marks = False
        if self.then is not None:
            self.then()
            self.then = None
        self.changed()
        self.tell(self.kind.shown(result.entries[-1]).text if result.entries else title)

    def tell(self, text: str, severity: str = "") -> None:
        """The line above the keys: what the last action did (too long for its two lines: its middle
        left out, what came of it kept), or why it did nothing. (Textual's notifications cost a new
        widget and a relayout each: about 50 ms a key press here.)"""
        said = self.query_one("#said", Static)
        said.set_classes(severity)
        said.update(line(fitted(text, self.size.width - 2) if not severity else text), layout=False)  # (its two lines: a result's end kept, a refusal's beginning)

    def _exists(self, name: str) -> bool:
        return self.kind.exists(self.journal.state, name)

    def action_undo(self) -> None:
        self._travel(self.journal.undo, "undone")

    def action_redo(self) -> None:
        self._travel(self.journal.redo, "redone")

    def _travel(self, move: Callable[[], Travel], verb: str) -> None:
        """Undo or redo along the file's history (kept beside it: it outlives the app), and say on
        the one line above the keys what it was and which ships it touched, summed up to fit. Once
        the screen is drawn, the state the next undo goes back to is read, if it is from before the
        app was opened."""
        try:
            travel = move()
        except RefereeError as error:
            self.tell(str(error), "warning")
            if isinstance(error, ChangedOnDisk):
                self.watch_file()
            return
        self.changed()
        if self.journal.missing_log():  # (undone to before the war went on without its log)
            self.tell(f"{verb}: {travel.what}; {self.journal.missing_log()} again: the next change asks", "warning")
            return
        self.tell(f"{verb}: {travel.said(2 * (self.size.width - 2) - len(verb) - 2)}")  # (the message line has two lines)
        self.call_after_refresh(self.journal.prefetch)  # the next undo's state read while the referee reads this one

    # ------------------------------------------------------------------ another program saving the file

    def watch_file(self) -> None:
        """Asked every WATCH seconds (a stat): has another program (a ``referee campaign`` command,
        a second app) saved the file? Then say so at once and offer to read it again. Until it is
        read again, every save is refused (the journal checks before it writes): nothing of the
        other program's is overwritten, and the action refused stays in its form or dice dialog."""
        if self.outside or not self.journal.changed_on_disk():
            return
        self.outside = True
        self.tell(f"{self.journal.path.name} was changed by another program: nothing is saved until it is read again (Ctrl+L)", "error")
        self.push_screen(ChangedDialog(self.journal.path))

    def action_reload(self) -> None:
        """Read the file again: its campaign becomes the state (undo and redo go on from it along the
        file's history, which holds a command's action too). A form or dice dialog open keeps what
        was typed in it, and runs on the campaign read."""
        try:
            self.journal.reload()
        except RefereeError as error:
            self.tell(f"{error}; the campaign here is unchanged, and nothing is saved until the file opens", "error")
            return
        self.outside = False
        self.marked = [n for n in self.marked if self._exists(n)]
        self.changed()
        self.tell(f"read again from {self.journal.path.name}: {self.kind.where(self.journal.state)}")

    # ------------------------------------------------------------------ the files played: a new war, another file

    def action_new_war(self) -> None:
        """A new war, its options asked first (the optional rules, the map): saved as war-N.toml in
        the campaigns folder, and opened; the file played before stays in the list Ctrl+O shows."""
        from referee.tui.campaign import new_war

        new_war.ask(self)

    def action_open_file(self) -> None:
        """Ctrl+O: the files played before, or any file's path, to open; n: a new war."""
        from referee.tui.dialogs import OpenDialog

        if not self.is_screen_installed("open"):
            self.install_screen(OpenDialog(), "open")  # (kept: shown again, it is not built again)
        self.push_screen("open")

    def open_file(self, path: Path) -> None:
        """Play another file, a campaign or a battle, in place of this one (saved already at every
        change), with its own undo history (kept beside it). A file that is not a campaign or
        battle raises RefereeError, and nothing changes."""
        if os.path.realpath(path) == os.path.realpath(self.journal.path):
            self.tell(f"{path.name} is the file open")
            return
        journal = Journal.open(path, self.tables)
        undo = "; Ctrl+Z undoes its last action" if journal.past else ""
        said = f"{journal.path.name} opened{'' if journal.path.name == path.name else f' (from {path.name})'}: {self.kind_of(journal.kind).where(journal.state)}{undo}"
        self.another_file()
        self.call_later(self.switch, journal, self.missing_said(journal) if journal.missing_log() else said)

    def another_file(self) -> None:
        """A file chosen in place of the one shown (not a battle fought from it): each kind seals its secrets again."""
        for kind in self.kinds.values():
            kind.another_file()

    async def switch(self, journal: Journal, said: str, page: str = "") -> None:
        """Play another file: a battle fought from the campaign, the campaign again, a new war. Its
        kind's pages replace the ones shown when the kind differs; ``page`` is shown."""
        other_kind = journal.kind != self.journal.kind
        self.kind.left()
        self.journal = journal
        saves.remember(journal.path, journal.kind, saves.title(journal.state))
        self.call_after_refresh(journal.prefetch)  # the state its first Ctrl+Z goes back to, if from before it was opened
        self.outside = False  # (the file played before may have changed meanwhile: this one was just read)
        self.marked = []
        pages = self.query_one("#pages", ContentSwitcher)
        if other_kind:
            await pages.remove_children()
        wanted = next(p for p in self.kind.pages() if p.NAME == page) if page else self.kind.pages()[0]
        if not pages.query_children(f"#{wanted.NAME}"):
            await pages.mount(wanted())  # built and drawn before anything asks it to redraw
        pages.current = wanted.NAME
        shown = self.page()
        if shown is not None:
            shown.shown()
        self.changed()
        self.tell(said)

    @on(Play)
    async def play(self, message: Play) -> None:
        """A screen's word: play another file (a battle fought from the campaign, the campaign it closes back into)."""
        await self.switch(message.journal, message.said, message.page)

    # ------------------------------------------------------------------ the command palette

    def get_system_commands(self, screen: Screen[object]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for page in self.kind.pages():
            name = page.NAME
            yield SystemCommand(f"Screen: {page.TITLE}", page.HELP, lambda name=name: self.action_show(name))
            for action in page.ACTIONS:
                yield SystemCommand(f"{page.TITLE}: {action.name}", action.help, lambda name=name, action=action: self._from_palette(name, action))
        yield SystemCommand("Undo", "revert the last action, its rolls' consequences with it", self.action_undo)
        yield SystemCommand("Redo", "do again what was undone", self.action_redo)
        yield SystemCommand("Read the file again", "after another program saved it (Ctrl+L)", self.action_reload)
        yield SystemCommand("Open a file", "a campaign, battle or engagement: one played before, or any path (Ctrl+O)", self.action_open_file)
        yield SystemCommand("New war", "the Second Sathar War from its start, its options asked: Shatter Drones, Replacements, the map", self.action_new_war)
        yield SystemCommand("Print...", "roster forms, the Fleet Deployment Sheet, a battle's report, the log or the map: a page to print, written beside the file", self.action_print)
        yield SystemCommand("Help", "what the screen in front shows, its keys and the rules it follows (? or F1); type help and a topic", self.action_help)

    def action_print(self) -> None:
        """Print...: which document, whose copy, where; written beside the file (referee.tui.paper_form)."""
        from referee.tui import paper_form

        paper_form.open_form(self)

    def action_help(self) -> None:
        """? or F1: the help of the screen or dialog in front (again: closes it)."""
        from referee.tui import help

        help.toggle(self)

    def _from_palette(self, name: str, action: Action) -> None:
        self.action_show(name)
        self.open_action(action)

    def findable(self) -> Iterable[tuple[str, str, Callable[[], None]]]:
        for what, name, page, selection in self.kind.findable(self.journal.state):
            yield what, name, partial(self.go_to, page, **{selection: name})
        for table in self.tables.names():
            yield "table", table, partial(self.go_to, "dice", table=table)

    def go_to(self, mode: str, ship: str = "", system: str = "", table: str = "") -> None:
        """Show a screen with its cursor on a ship, a system or a table (once the screen is built)."""
        self.ship = ship or self.ship
        self.system = system or self.system
        self.pointing = ship or system or table
        self.action_show(mode)


def settled() -> None:
    """The first screen drawn: what exists now is left out of the collector's scans, which run again."""
    gc.freeze()
    gc.enable()


def run(path: Path | None) -> None:
    """``referee play [PATH]`` and ``referee`` alone: open the file, a campaign or a Knight Hawks
    battle (with no path: offer the last one played, or start a new war from the bundled start);
    ``referee play the-stand``, a scenario's name, starts a new battle of it."""
    from referee import tables

    every = tables.load()
    offer = None
    if path is None:
        offer = saves.last()  # (the start offers it, and the other files played; none: a new war, the book's options)
        path = offer or saves.new_war()
    elif not path.exists() and str(path) in scenario_files():
        import sys

        from referee.tui.battle.start import new_battle

        path = new_battle(str(path), every, input if sys.stdin.isatty() else None)
    journal = Journal.open(path, every)
    RefereeApp(journal, offer).run()
