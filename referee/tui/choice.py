"""A form's field chosen from a list: one line showing the choice, and one list screen the whole app
shares to choose in (typing narrows it). Textual's Select is six widgets a field, each restyled
every time its form is shown: a form of four lists cost about 40 ms a showing in styles alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

Options = list[tuple[str, str]]  # (label, value)


def narrowed(options: Options, typed: str) -> Options:
    """The options whose label holds every word typed (any case), those beginning with it first
    (typing 4 in a numbered list finds the fourth, not the one that speaks of 40)."""
    typed = typed.casefold().strip()
    words = typed.split()
    found = [(label, value) for label, value in options if all(w in label.casefold() for w in words)]
    return sorted(found, key=lambda option: not option[0].casefold().startswith(typed))


class Choice(Widget, can_focus=True):
    """The choice made (or what to choose, dimmed). Enter, space, a click or a letter typed opens the
    list; the value is one of the options' values, or "" (nothing chosen)."""

    BINDINGS = [Binding("enter", "open", "Choose", show=False), Binding("space", "open", "Choose", show=False)]

    class Changed(Message):
        def __init__(self, choice: Choice, value: str) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(self, prompt: str, title: str = "", id: str | None = None) -> None:
        super().__init__(id=id)
        self.prompt = prompt
        self.title = title or prompt
        self.options: Options = []
        self._value = ""

    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, value: str) -> None:
        """Choose a value (one of the options', or "" for none); any other is refused."""
        if value and value not in {v for _, v in self.options}:
            raise ValueError(f"{value!r} is not one of the choices of {self.id}: {', '.join(v for _, v in self.options) or 'none'}")
        if value != self._value:
            self._value = value
            self.refresh()
            self.post_message(self.Changed(self, value))

    def is_blank(self) -> bool:
        return not self._value

    def clear(self) -> None:
        """Nothing chosen (a form shown again starts from its fresh values), told to nobody."""
        self._value = ""
        self.refresh()

    def set_options(self, options: Iterable[tuple[str, str]]) -> None:
        """New options; a choice no longer among them is dropped."""
        self.options = list(options)
        if self._value and self._value not in {v for _, v in self.options}:
            self._value = ""
        self.refresh()

    def render(self) -> Text:
        label = next((label for label, value in self.options if value == self._value), "") if self._value else ""
        shown = Text(label) if label else Text(self.prompt if self.options else f"{self.prompt} (none to choose)", style="dim")
        shown.no_wrap, shown.overflow = True, "ellipsis"
        return Text.assemble(shown, Text(" ▾", style="dim"))

    def action_open(self, typed: str = "") -> None:
        if not self.options:
            return
        found = self.app.get_screen("choices") if self.app.is_screen_installed("choices") else None
        lists = found if isinstance(found, ChoiceList) else ChoiceList()
        if found is None:
            self.app.install_screen(lists, "choices")
        if lists in self.app.screen_stack:  # a key typed fast, before the list it opened took the keys
            lists.add(typed)
            return
        lists.prepare(self, typed)
        self.app.push_screen(lists)

    def on_key(self, event: events.Key) -> None:
        if event.character and event.character.isprintable() and event.character != " ":
            event.stop()
            self.action_open(event.character)

    def on_paste(self, event: events.Paste) -> None:
        """Text pasted on the field opens the list narrowed by it (its first line)."""
        event.stop()
        typed = next((part.strip() for part in event.text.splitlines() if part.strip()), "")
        self.action_open(typed)

    def on_click(self) -> None:
        self.action_open()


class ChoiceList(ModalScreen[None]):
    """The list of a Choice: typing narrows it, up and down move in it, Enter takes the choice under
    the cursor, Esc leaves the choice as it was. Its cursor starts on the best match for what is
    typed, or on the first entry (the choice as it is shows on the field; a cursor left on it made
    Enter take an earlier choice unseen). One for the whole app, shown again for each field."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Leave"),
        Binding("up", "move(-1)", "Up", show=False, priority=True),
        Binding("down", "move(1)", "Down", show=False, priority=True),
        Binding("pageup", "move(-8)", "Page up", show=False, priority=True),
        Binding("pagedown", "move(8)", "Page down", show=False, priority=True),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.choice: Choice | None = None
        self.typed = ""  # what was typed on the field to open it: the list narrowed by it
        self.shown: Options = []

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog choices"):
            yield Label("", id="choice-title", classes="title")
            yield Input(placeholder="type to narrow the list", id="choice-find", select_on_focus=False)
            yield OptionList(id="choice-options", compact=True)
            yield Label("type: narrow   up/down: move   Enter: take   Esc: leave as it was", classes="keys")

    def prepare(self, choice: Choice, typed: str) -> None:
        self.choice, self.typed = choice, typed
        if self.is_mounted:
            self.fill()

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.query_one("#choice-find", Input).focus()

    def fill(self) -> None:
        assert self.choice is not None
        self.query_one("#choice-title", Label).update(Text(self.choice.title))
        finder = self.query_one("#choice-find", Input)
        with finder.prevent(Input.Changed):
            finder.value = self.typed
            finder.cursor_position = len(self.typed)
        self.show(self.typed)

    def show(self, typed: str) -> None:
        assert self.choice is not None
        self.shown = narrowed(self.choice.options, typed)
        options = self.query_one("#choice-options", OptionList)
        options.clear_options()
        options.add_options([Option(Text(label, no_wrap=True, overflow="ellipsis")) for label, _ in self.shown])
        options.highlighted = 0 if self.shown else None  # the best match for what is typed, or the first: never a choice made before (Esc leaves it as it was)

    def add(self, typed: str) -> None:
        """A letter typed on the field after it opened this list, before the list took the keys."""
        self.typed += typed
        if self.is_mounted:
            finder = self.query_one("#choice-find", Input)
            finder.insert_text_at_cursor(typed)

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.show(event.value)

    def action_move(self, by: int) -> None:
        options = self.query_one("#choice-options", OptionList)
        if self.shown:
            options.highlighted = max(0, min((options.highlighted or 0) + by, len(self.shown) - 1))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.take(self.query_one("#choice-options", OptionList).highlighted)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.take(event.option_index)

    def take(self, index: int | None) -> None:
        choice = self.choice
        self.app.pop_screen()
        if choice is not None and index is not None and 0 <= index < len(self.shown):
            choice.value = self.shown[index][1]
            choice.focus()
