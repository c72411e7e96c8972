"""The app's dialogs: an action's fields, its dice, and the choice of file (at start, and Ctrl+O).

A bad entry is shown beside its field and changes nothing. A field that names a ship, a weapon or
a target of a battle is a list to pick from, narrowed to what the action allows (and to the
choices made above it). An action that rolls asks first: "roll for me" or the results rolled at
the table (each range-checked beside its field); then it shows the dice, the target and the
outcome, and only "apply" changes the file.
"""

from __future__ import annotations

import fnmatch
import random
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Input, Label, SelectionList, Static

from referee import dice, saves
from referee.errors import RefereeError
from referee.tui.choice import Choice
from referee.tui.choice import narrowed as by_words
from referee.tui.forms import AnyStep, Field, FieldError, Values, later_roll
from referee.tui.rows import Rows
from referee.tui.text import Part, bold, line, lines, plain

if TYPE_CHECKING:
    from referee.journal import Result
    from referee.tui.app import RefereeApp


Take = Callable[[Values], None]
Preview = Callable[[Values], str]


class Need(NamedTuple):
    """A roll an action will make: under what key a table result is entered, the dice, what for."""

    key: str
    expression: str
    purpose: str
    line: str = ""  # the key of its log line (shown beside the roll: which ship, group or repair)


def needs(result: Result) -> list[Need]:
    """The rolls an action made (learned from a run with virtual dice whose values are not shown)."""
    found = []
    for entry in result.entries:  # (a campaign's Done and a battle step's Done both list theirs)
        for number, receipt in enumerate(entry.rolls):
            expression, _, rest = receipt.partition(":")
            purpose = rest.partition(" for ")[2]
            found.append(Need(entry.key if number == 0 else later_roll(entry.key, purpose), expression, purpose, entry.key))
    return found


def receipt_lines(result: Result) -> list[str]:
    lines = []
    for entry in result.entries:
        lines.append(entry.text)
        lines += [f"   dice: {r}" for r in entry.rolls]
        if entry.rule:
            lines.append(f"   [{entry.rule}]")
    return lines


def say(error: Static, text: str) -> None:
    """A message beside a field (an empty one takes no room; emptying an empty one costs nothing)."""
    if text or error.display:
        error.update(line(text))
        error.display = bool(text)


def failed(error: Exception) -> str:
    return f"the program failed on this ({type(error).__name__}: {error}); nothing changed - please report it"


class Box(VerticalScroll, can_focus=False):
    """A dialog's frame: it scrolls when the dialog is taller than the terminal, but never takes
    the focus (Tab past the last field goes back to the first, not to a frame that takes no keys)."""


RELOAD = Binding("ctrl+l", "app.reload", "Read the file again", show=False)  # (the app's keys do not reach a dialog)
HELP_KEY = Binding("question_mark", "app.help", "Help", show=False)  # (F1 reaches it: a priority key)


Answer = TypeVar("Answer")  # what a dialog hands back as it closes (most: nothing)


class Dialog(ModalScreen[Answer]):
    BINDINGS = [Binding("escape", "cancel", "Cancel"), RELOAD, HELP_KEY]

    @property
    def referee(self) -> RefereeApp:
        return self.app  # type: ignore[return-value]

    def action_cancel(self) -> None:
        self.dismiss(None)


class MarksSearch(Input):
    """The box above a list of ships: typing narrows the list; with nothing marked in the list, what
    is typed (names, fleets, * ? patterns, comma-separated) is the field's value. Down goes back to the list."""

    BINDINGS = [Binding("down", "app.focus_next", "To the list", show=False)]


class Marks(SelectionList[str]):
    """A list of ships to mark: the cursor is on its first row when it takes the focus; space marks
    (or unmarks) and moves down; a letter typed begins a new search in the box above, which narrows
    the list (the ships marked stay marked); Enter runs the form, as in every field."""

    BINDINGS = [Binding("space", "mark", "Mark", show=False), Binding("enter", "screen.run", "Go", show=False)]

    def on_focus(self) -> None:
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    def on_key(self, event: events.Key) -> None:
        """A letter typed on the list begins a new search in the box above, which takes the keys
        typed after it (the app hands each key on once the one before it is done with)."""
        if event.character and event.character.isprintable() and event.character != " ":
            event.stop()
            self.search(event.character)

    def on_paste(self, event: events.Paste) -> None:
        """Text pasted on the list is a new search in the box above, as if typed there (lines pasted,
        one name a line, are names separated by commas)."""
        event.stop()
        self.search(plain(", ".join(part.strip() for part in event.text.splitlines() if part.strip()), one_line=True))

    def search(self, typed: str) -> None:
        finder = self.screen.query_one(f"#find-{(self.id or '').removeprefix('field-')}", Input)
        self.screen.set_focus(finder)
        finder.value = typed
        finder.cursor_position = len(typed)

    def action_mark(self) -> None:
        if self.highlighted is not None:
            self.toggle(self.get_option_at_index(self.highlighted))
            self.action_cursor_down()


def narrowed(options: list[tuple[str, str]], typed: str) -> list[tuple[str, str]]:
    """The options the text typed in a MarksSearch leaves: the last comma-separated part, as a * ? pattern
    on the names, or as words each found in the label."""
    part = typed.rsplit(",", 1)[-1].strip().casefold()
    if any(c in part for c in "*?["):
        return [(label, value) for label, value in options if fnmatch.fnmatchcase(value.casefold(), part)]
    return by_words(options, part)


class FormDialog(Dialog[None]):
    """An action's fields; Enter in a typed field, or Ctrl+A anywhere, runs it. A field with
    choices is a list (Enter opens it, typing finds in it); a field of many ships is a list to mark
    (space) under a box that narrows it. The app keeps one form an action and shows it again with
    fresh values (building a dialog's widgets costs about 100 ms a time)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+a", "run", "Go", priority=True), RELOAD]

    def __init__(
        self,
        title: str,
        help: str,
        fields: tuple[Field, ...],
        values: Mapping[str, str],
        build: Callable[[Values], AnyStep],
        take: Take | None = None,
        preview: Preview | None = None,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.help = help
        self.fields = fields
        self.options: dict[str, list[tuple[str, str]]] = {}  # a many field's whole list
        self.marked: dict[str, list[str]] = {}  # a many field's marked values (those narrowed away too)
        self.listed: dict[str, list[Any]] = {}  # what each list shows now: refilled only when it changes (a refill lays the form out again)
        self.prepare(values, build, take, preview)

    def prepare(self, values: Mapping[str, str], build: Callable[[Values], AnyStep], take: Take | None = None, preview: Preview | None = None) -> None:
        """The values to show and the action to build, for this showing of the form (``take``: a
        form that changes nothing in the file - a shot announced - hands its values to it;
        ``preview``: a line under the fields, made afresh as they are typed)."""
        self.values = values
        self.build = build
        self.take = take
        self.preview = preview
        self.fresh = True  # shown for a new action: the keys go to its first field
        if self.is_mounted:
            for field in self.fields:
                if field.many:
                    self.query_one(f"#find-{field.name}", Input).value = ""
                elif field.choices is None:
                    self.query_one(f"#field-{field.name}", Input).value = values.get(field.name, "")
                else:
                    self.query_one(f"#field-{field.name}", Choice).clear()  # (chosen again below from the fresh values)
            self.choose(0, values)
            for error in self.query(".error").results(Static):
                say(error, "")
            self.show_preview()

    def show_preview(self) -> None:
        """The line under the fields (an allocation's cost and what is left, or why it is refused)."""
        if self.preview is None:
            return
        try:
            said = self.preview(self.typed())
        except RefereeError as error:
            said = str(error)
        except Exception as error:  # noqa: BLE001 - a fault of the program: the form still runs
            said = failed(error)
        self.query_one("#preview", Static).update(Text(said, overflow="ellipsis"), layout=False)  # (two lines, always: app.tcss)

    def compose(self) -> ComposeResult:
        with Box(classes="dialog"):
            yield Static(line(bold(self.title_text), f": {self.help}"), classes="title")
            for field in self.fields:
                with Horizontal(classes="field many" if field.many else "field"):
                    yield Label(field.label)
                    if field.many:
                        with Vertical(classes="picker"):
                            yield MarksSearch(
                                placeholder=field.hint, id=f"find-{field.name}", select_on_focus=False
                            )  # (selected as it took the focus from the list, the letter typed there was replaced by the next)
                            yield Marks(id=f"field-{field.name}", compact=True)
                            yield Static("", id=f"value-{field.name}", classes="value")
                    elif field.choices is None:
                        yield Input(self.values.get(field.name, ""), placeholder=field.hint, id=f"field-{field.name}")
                    else:
                        yield Choice(field.hint or "choose", field.label, id=f"field-{field.name}")
                yield Static("", id=f"error-{field.name}", classes="error")
            if self.preview is not None:
                yield Static("", id="preview")
            yield Static("", id="error-form", classes="error")
            yield Label("Enter: go (a list: open it)  Ctrl+A: go  Esc: cancel  Tab: next field", classes="keys")  # (whole in a form 76 wide)

    def on_mount(self) -> None:
        self.choose(0, self.values)
        self.show_preview()

    def choose(self, start: int, values: Mapping[str, str]) -> None:
        """Fill the lists from the field ``start`` on, each narrowed by the choices above it, each
        keeping its choice where it is still allowed (the only choice is taken)."""
        state = self.referee.journal.state
        chosen = dict(values)
        for field in self.fields[start:]:
            if field.suggest is not None:
                entry = self.query_one(f"#field-{field.name}", Input)
                entry.suggester = SuggestFromList([value for _, value in field.suggest(state, chosen)], case_sensitive=False)
            if field.choices is None:
                continue
            options = list(field.choices(state, chosen))
            if field.many:
                filled = {n.strip() for n in chosen.get(field.name, "").split(",")}
                self.options[field.name] = options
                self.marked[field.name] = [value for _, value in options if value in filled]
                self.show_options(field.name)
                chosen[field.name] = self.value_of(field)
                continue
            choice = self.query_one(f"#field-{field.name}", Choice)
            with choice.prevent(Choice.Changed):
                if self.listed.get(field.name) != options:
                    choice.set_options((plain(label, one_line=True), value) for label, value in options)  # (plain text: never read as markup)
                    self.listed[field.name] = options
                allowed = [value for _, value in options]
                wanted = chosen.get(field.name) or self.values.get(field.name, "")  # (a filled value waits for the list to offer it)
                if not wanted and field.default is not None:
                    wanted = field.default(state, chosen)  # (the ships' own: the journey they keep)
                if wanted in allowed or len(allowed) == 1:
                    choice.value = wanted if wanted in allowed else allowed[0]
            chosen[field.name] = self.value_of(field)

    def show_options(self, name: str) -> None:
        """A many field's list as the text typed above it narrows it, its marks kept."""
        shown = narrowed(self.options.get(name, []), self.query_one(f"#find-{name}", Input).value)
        marked = set(self.marked.get(name, []))
        listed = [(label, value, value in marked) for label, value in shown]
        if self.listed.get(name) != listed:
            many = self.query_one(f"#field-{name}", SelectionList)
            with many.prevent(SelectionList.SelectedChanged):
                many.clear_options()
                many.add_options([(Text(plain(label, one_line=True)), value, on) for label, value, on in listed])
                many.highlighted = 0 if listed else None  # (a list refilled has its cursor on its first row, focused yet or not)
            self.listed[name] = listed
        self.show_value(name)

    def show_value(self, name: str) -> None:
        """Under a list of ships: what the field will take (the ships marked, else what is typed)."""
        marked = self.marked.get(name, [])
        typed = self.query_one(f"#find-{name}", Input).value.strip()
        if marked:
            said = f"marked ({len(marked)}): {', '.join(marked)}"
        elif typed:
            said = f"none marked: the names typed, {typed}"
        else:
            said = f"none marked ({len(self.options.get(name, []))} in the list): space marks, typing narrows"
        self.query_one(f"#value-{name}", Static).update(Text(said, no_wrap=True, overflow="ellipsis"), layout=False)  # (one line, always)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show_preview()
        if isinstance(event.input, MarksSearch):
            event.stop()
            name = (event.input.id or "").removeprefix("find-")
            self.show_options(name)
            names = [f.name for f in self.fields]
            self.choose(names.index(name) + 1, self.typed())

    def on_choice_changed(self, event: Choice.Changed) -> None:
        event.stop()
        names = [f"field-{f.name}" for f in self.fields]
        if event.choice.id in names:
            self.choose(names.index(event.choice.id) + 1, self.typed())
        self.show_preview()

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        event.stop()
        names = [f"field-{f.name}" for f in self.fields]
        if event.selection_list.id not in names:
            return
        field = self.fields[names.index(event.selection_list.id)]
        shown = {str(event.selection_list.get_option_at_index(n).value) for n in range(event.selection_list.option_count)}
        selected = set(event.selection_list.selected)
        kept = [v for v in self.marked.get(field.name, []) if v not in shown]
        self.marked[field.name] = [v for _, v in self.options.get(field.name, []) if v in selected or v in kept]
        self.listed[field.name] = [(label, value, value in selected) for label, value, _ in self.listed.get(field.name, [])]  # (as the list shows it now)
        self.show_value(field.name)
        self.choose(names.index(event.selection_list.id) + 1, self.typed())
        self.show_preview()

    def value_of(self, field: Field) -> str:
        if field.many:
            marked = self.marked.get(field.name, [])
            return ", ".join(marked) if marked else self.query_one(f"#find-{field.name}", Input).value.strip()
        if field.choices is None:
            return self.query_one(f"#field-{field.name}", Input).value
        return self.query_one(f"#field-{field.name}", Choice).value

    def typed(self) -> dict[str, str]:
        return {f.name: self.value_of(f) for f in self.fields}

    def on_screen_resume(self) -> None:
        """Shown afresh: the keys to its first field (a list of ships: space marks at once, a letter
        narrows it). Back from a list chosen in: the keys stay on that field."""
        if not self.fields:
            self.run()
        elif self.fresh or self.focused is None:
            self.query_one(f"#field-{self.fields[0].name}").focus()
        self.fresh = False

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.run()

    def action_run(self) -> None:
        self.run()

    def run(self) -> None:
        for error in self.query(".error").results(Static):
            say(error, "")
        values = self.typed()
        try:
            if self.take is not None:
                self.take(values)
                self.dismiss(None)
                return
            self.referee.start(self.title_text, lambda: self.build(values), self)
        except FieldError as error:
            say(self.query_one(f"#error-{error.field}", Static), str(error))
            self.query_one(f"#field-{error.field}").focus()
        except RefereeError as error:
            say(self.query_one("#error-form", Static), str(error))
        except Exception as error:  # noqa: BLE001 - a fault of the program: the campaign is unchanged, the app goes on
            say(self.query_one("#error-form", Static), failed(error))


class DiceDialog(Dialog[None]):
    """Roll for me, or I rolled ...; then the dice, the target and the outcome (an OutcomeDialog in
    its place); then apply. The dialog is never changed to show the outcome: shown again for the
    next action of the same rolls, it needs no new layout (laying out its fields again costs more
    than everything else in showing it)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+r", "roll", "Roll for me", priority=True), Binding("ctrl+a", "use", "Use my rolls", priority=True), RELOAD]

    def __init__(self, title: str, make: Callable[[], AnyStep], step: AnyStep, base: Any, rolls: list[Need]) -> None:
        super().__init__()
        self.title_text = title
        self.rolls = rolls
        self.prepare(make, step, base)

    def prepare(self, make: Callable[[], AnyStep], step: AnyStep, base: Any) -> None:
        """The action to roll for, for this showing of the dialog: the app shows the last one again
        for the same rolls (the same roll on the Dice screen, over and over), emptied. ``step`` is
        the action built by ``make`` on ``base``, the file's state then."""
        self.make = make
        self.step = step
        self.base = base
        if self.is_mounted:
            for number in range(len(self.rolls)):
                entry = self.query_one(f"#roll-{number}", Input)
                if entry.value:
                    entry.value = ""
            for error in self.query(".error").results(Static):
                say(error, "")

    def compose(self) -> ComposeResult:
        with Box(classes="dialog"):
            yield Static(self.heading(), id="heading", classes="title")
            for number, need in enumerate(self.rolls):
                yield from self.roll_field(number, need)
            yield Static("", id="error-ask", classes="error")
            yield Label("Enter or Ctrl+A: use my rolls   Ctrl+R: roll the rest for me   Esc: cancel", classes="keys")

    def heading(self) -> Content:
        return line(bold(self.title_text), f": {len(self.rolls)} roll(s)")

    def roll_field(self, number: int, need: Need, error: str = "") -> list[Widget]:
        """What a roll asks: the dice and what for, "I rolled" with the range, a place for an error."""
        expression = dice.parse(need.expression)
        who = f" ({need.line})" if need.line else ""
        rolled = f"I rolled ({expression.lowest}-{expression.highest})"
        entry = Input(placeholder="the total rolled at the table", id=f"roll-{number}", classes="roll")
        said = Static(line(error), id=f"error-{number}", classes="error")
        said.display = bool(error)
        # three widgets a roll, no row of its own for the label: the dialog is restyled each time it is shown
        return [Label(line(f"{need.expression} for {need.purpose}{who} · {rolled}"), classes="need"), entry, said]

    def on_screen_resume(self) -> None:
        if self.rolls and not isinstance(self.focused, Input):
            self.query_one("#roll-0", Input).focus()

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        await self.entered()

    async def action_use(self) -> None:
        await self.entered()

    async def entered(self) -> None:
        """The rolls typed: each range-checked beside its field; then the action is run with them.
        A roll it still needs (left empty, or called for only by the results entered, such as a
        successful hull repair's 1d10) is asked for beside its field, and nothing is shown yet."""
        typed = self.typed_rolls()
        if typed is None:
            return
        result = self.run(random.Random(), typed)  # the dice are used only for rolls not typed: then it is not shown
        if result is None:
            return
        missing = [need for need in needs(result) if need.key not in typed]
        if missing:
            await self.ask(missing)
        else:
            self.show(result)

    def typed_rolls(self) -> dict[str, str] | None:
        """The rolls typed so far by their keys, each range-checked beside its field (None: one is
        wrong, and said so)."""
        typed: dict[str, str] = {}
        wrong = False
        for number, need in enumerate(self.rolls):
            value = self.query_one(f"#roll-{number}", Input).value.strip()
            error = self.query_one(f"#error-{number}", Static)
            say(error, "")
            if not value:
                continue  # needed or not: the run tells
            try:
                dice.entered(need.expression, value, need.purpose)
            except RefereeError as problem:
                say(error, str(problem))
                wrong = True
                continue
            typed[need.key] = value
        return None if wrong else typed

    async def ask(self, missing: list[Need]) -> None:
        """Ask for the rolls still needed: beside their fields, or in new fields below the others."""
        asked = [need.key for need in self.rolls]
        for need in missing:
            if need.key in asked:
                say(self.query_one(f"#error-{asked.index(need.key)}", Static), "type the total rolled at the table, or press Ctrl+R to roll for me")
                continue
            await self.query_one(Box).mount_all(self.roll_field(len(self.rolls), need, "the rolls entered call for this roll too"), before="#error-ask")
            self.rolls.append(need)
            asked.append(need.key)
        self.query_one("#heading", Static).update(self.heading())
        self.query_one(f"#roll-{asked.index(missing[0].key)}", Input).focus()

    def action_roll(self) -> None:
        """Ctrl+R, roll for me: the rolls left blank are rolled; those typed are used as typed (a
        wrong one is said beside its field, and nothing is rolled)."""
        typed = self.typed_rolls()
        if typed is None:
            return
        result = self.run(self.referee.rng, typed)
        if result is not None:
            self.show(result)

    def run(self, rng: random.Random, rolled: dict[str, str]) -> Result | None:
        """The action with these dice, on the file's state as it is now (built again if the file
        was read again meanwhile); a refusal or a fault of the program is shown, and gives None."""
        try:
            state = self.referee.journal.state
            if self.base is not state:
                self.step, self.base = self.make(), state
            return self.step(rng, rolled)
        except RefereeError as error:
            say(self.query_one("#error-ask", Static), str(error))
        except Exception as error:  # noqa: BLE001 - a fault of the program: the campaign is unchanged, the app goes on
            say(self.query_one("#error-ask", Static), failed(error))
        return None

    def show(self, result: Result) -> None:
        """The dice, the targets and the outcome, in the dialog's place; only apply changes the file."""
        say(self.query_one("#error-ask", Static), "")
        app = self.referee
        if not app.is_screen_installed("outcome"):
            app.install_screen(OutcomeDialog(), "outcome")
        shown = app.get_screen("outcome")
        assert isinstance(shown, OutcomeDialog)
        shown.prepare(self, result)
        app.switch_screen(shown)

    def back(self, why: str) -> None:
        """Shown again in the outcome's place, the rolls as typed, saying why."""
        self.referee.switch_screen(self)
        say(self.query_one("#error-ask", Static), why)


class OutcomeBox(VerticalScroll):
    """The outcome's frame: it takes the focus, so the arrow keys scroll a long outcome."""


class OutcomeDialog(Dialog[None]):
    """What a dice dialog's action did with the dice: the dice, the targets and the outcome, each
    naming its table row. Enter (or Ctrl+A) applies it; Esc cancels, and nothing changes."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("enter", "apply", "Apply", priority=True), Binding("ctrl+a", "apply", "Apply", priority=True), RELOAD]

    def prepare(self, dice: DiceDialog, result: Result) -> None:
        self.dice = dice
        self.result = result
        if self.is_mounted:
            self.query_one("#heading", Static).update(self.heading())
            self.query_one("#outcome", Static).update(lines(receipt_lines(result)))
            self.query_one(OutcomeBox).scroll_home(animate=False)

    def heading(self) -> Content:
        return line(bold(self.dice.title_text), ": the outcome")

    def compose(self) -> ComposeResult:
        with OutcomeBox(classes="dialog"):
            yield Static(self.heading(), id="heading", classes="title")
            yield Static(lines(receipt_lines(self.result)), id="outcome")
            yield Label("Enter or Ctrl+A: apply   Esc: cancel (nothing changes)", classes="keys")

    def on_screen_resume(self) -> None:
        self.query_one(OutcomeBox).focus()

    def action_apply(self) -> None:
        if self.dice.base is not self.referee.journal.state:
            self.dice.back("the file was read again since these dice were shown: Enter runs the action on it with the rolls typed, Ctrl+R rolls again")
            return
        try:
            self.referee.apply(self.dice.title_text, self.result)  # under the dialog: the screen is drawn once, changed, as it goes
        except RefereeError as error:
            self.query_one("#outcome", Static).update(lines([*receipt_lines(self.result), "", f"not applied, nothing changed: {error}"]))
            return
        self.dismiss(None)


class ChangedDialog(Dialog[None]):
    """Another program saved the campaign file since it was read here: read it again, or not yet
    (then nothing is saved until it is read: Ctrl+L, or the palette's "Read the file again")."""

    BINDINGS = [Binding("r", "read", "Read it again"), Binding("ctrl+l", "read", "Read it again", show=False), Binding("escape", "cancel", "Not now")]

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(line(bold("The file was changed by another program")), classes="title")
            yield Static(
                line(
                    bold(self.path.name),
                    f" (in {self.path.absolute().parent}) was saved by another program - a referee campaign "
                    "command, or the app open on it elsewhere - since it was read here. Nothing here is saved over it.\n\n"
                    "r: read it again (undo goes on along the file's history; a form or dice dialog open keeps what you typed, to run on the file read)\n"
                    "Esc: not now (nothing is saved until it is read again: Ctrl+L)",
                )
            )

    def action_read(self) -> None:
        self.dismiss(None)
        self.referee.action_reload()


class ConfirmDialog(Dialog[bool]):
    """A question before an action that cannot be taken back by Esc: y goes on, Esc or n does not.
    It hands back True for y (None for n or Esc) to the callback it was pushed with."""

    BINDINGS = [Binding("y", "yes", "Yes"), Binding("n", "cancel", "No"), Binding("escape", "cancel", "No"), RELOAD]

    def __init__(self, title: str, text: Content) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Box(classes="dialog"):
            yield Static(line(bold(self.title_text)), classes="title")  # (a long question wraps)
            yield Static(self.text)
            yield Label("y: yes   n or Esc: no", classes="keys")

    def action_yes(self) -> None:
        self.dismiss(True)


def when(moment: datetime | None, now: datetime) -> str:
    """When a file was last played, short: today 14:05, yesterday 09:30, 3 Mar 21:10, 3 Mar 2024."""
    if moment is None:
        return ""
    days = (now.date() - moment.date()).days
    if days == 0:
        return f"today {moment:%H:%M}"
    if days == 1:
        return f"yesterday {moment:%H:%M}"
    return f"{moment.day} {moment:%b %H:%M}" if moment.year == now.year else f"{moment.day} {moment:%b %Y}"


class OpenDialog(Dialog[None]):
    """Ctrl+O (and the palette's "Open a file"): the files opened in the app, newest first - each
    one's kind, file, what it is and when it was last played - to open one (Enter), or any file's
    path typed (a file that is not a campaign or battle is refused, saying why, and the file
    shown stays); n starts a new war, its options asked first. Few widgets, the box for a path
    made only when asked for (Tab): each widget costs a dialog about 2 ms to show, and the start
    offer is part of the app's start. The app keeps the dialog and shows it again, the list read
    afresh each time."""

    DEFAULT_CSS = """
    OpenDialog #recent { height: auto; max-height: 11; margin: 1 0; overflow-x: hidden; }
    OpenDialog #where { height: auto; color: $text-muted; }
    OpenDialog #where.wrong { color: $text-error; }
    OpenDialog .field { margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("n", "new_war", "New war"), Binding("enter", "open", "Open"), Binding("tab", "path", "Type a path"), RELOAD]
    HEADING = "Open a file"
    CONTINUES = False  # the cursor starts on the file open (at start: continue it), else on the one played before
    KEYS = "Enter: open   n: new war   Tab: type a path   Esc: back"

    files: dict[str, saves.Recent] = {}

    def lines(self) -> list[Part]:
        return ["Enter opens the file under the cursor: the one shown now is saved already, and each keeps its undo history beside it."]

    def compose(self) -> ComposeResult:
        with Box(classes="dialog", id="frame"):
            yield Static(lines([bold(self.HEADING), "", *self.lines()]))
            yield Rows("kind", "last played", "file", "what", id="recent", wrap=True)
            yield Static("", id="where")
            yield Label(self.KEYS, classes="keys")

    async def on_screen_resume(self) -> None:
        """Shown (again): the files played, read afresh; the cursor on the one played before (at
        start: on the one open, to continue); what was typed and said before is gone."""
        self.files = {str(f.path): f for f in saves.recent()}
        now = datetime.now()
        open_now = str(self.referee.journal.path.resolve())
        rows = [(key, (f.kind or "file", "open now" if key == open_now else when(f.played, now), f.path.name, f.name)) for key, f in self.files.items()]
        recent = self.query_one("#recent", Rows)
        recent.display = bool(rows)  # (its height: its header and rows' lines, a long "what" wrapped; past max-height it scrolls)
        recent.show(rows)
        for box in self.query("#path").results(Input):
            box.value = ""
        if rows:
            recent.point(rows[0][0] if self.CONTINUES else next((key for key, _ in rows if key != open_now), rows[0][0]))
            recent.focus()
            self.show_where(recent.key)
        else:
            self.tell("")
            await self.action_path()

    def tell(self, text: Content | str, wrong: bool = False) -> None:
        """The line under the list: the file under the cursor, or why a file was refused."""
        where = self.query_one("#where", Static)
        where.set_class(wrong, "wrong")
        where.update(text if isinstance(text, Content) else line(text))

    def on_rows_highlighted(self, event: Rows.Highlighted) -> None:
        event.stop()
        self.show_where(event.key)

    def show_where(self, key: str) -> None:
        """Under the list: the file under the cursor, its folder and what it is."""
        found = self.files.get(key)
        if found is not None:
            what = f" · {found.name}" if found.name else ""
            self.tell(line(bold(found.path.name), f" in {found.path.parent}{what}"))

    async def action_path(self) -> None:
        """Tab: to the box for a file's path (made the first time), and back to the list."""
        boxes = self.query("#path").results(Input)
        box = next(boxes, None)
        if box is None:
            box = Input(placeholder="a campaign, battle or engagement file; Enter opens it", id="path")
            await self.query_one("#frame").mount(Horizontal(Label("A file's path"), box, classes="field"), before=".keys")
            box.focus()
        elif self.focused is box and self.query_one("#recent", Rows).display:
            self.query_one("#recent", Rows).focus()
        else:
            box.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value.strip()
        if not typed:
            self.tell("type the path of a campaign, battle or engagement file (or Esc)", wrong=True)
            return
        self.open(Path(typed).expanduser())

    def action_open(self) -> None:
        recent = self.query_one("#recent", Rows)
        if recent.key:
            self.open(Path(recent.key))

    def open(self, path: Path) -> None:
        try:
            self.referee.open_file(path)
        except RefereeError as error:
            self.tell(f"{error}; {self.referee.journal.path.name} stays open", wrong=True)
            return
        except Exception as error:  # noqa: BLE001 - a fault of the program: the file shown stays, the app goes on
            self.tell(failed(error), wrong=True)
            return
        self.dismiss(None)

    def action_new_war(self) -> None:
        self.dismiss(None)
        self.referee.action_new_war()


class StartDialog(OpenDialog):
    """On a start without a file: the file played last is open; c (or Esc) continues it, n starts
    a new war (its options asked first), or another file is opened as Ctrl+O opens one."""

    BINDINGS = [Binding("c", "cancel", "Continue"), Binding("escape", "cancel", "Continue")]
    HEADING = "Welcome back"
    CONTINUES = True
    KEYS = "Enter: open   c or Esc: continue   n: new war   Tab: type a path"

    def __init__(self, last: Path) -> None:
        super().__init__()
        self.last = last

    def lines(self) -> list[Part]:
        kind = self.referee.journal.kind
        return [
            line(f"c: continue the {kind} played last, ", bold(self.last.name), f"\n   (in {self.last.parent})"),
            "n: start a new war, asking its options (optional rules, map)",
            "or open another file: Enter on one below, or Tab to type its path",
        ]
