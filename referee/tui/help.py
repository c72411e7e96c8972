"""Help for what is in front (``?`` or F1): a screen's help says what it shows, what each of its keys
does, the keys every screen shares and the sections of the books it follows; a form's or dialog's
says what it asks, its fields and its keys. The keys are read from the bindings and actions
themselves (a key added to a screen later appears by itself); the words come from ``help_text``
(a kind's own screens': ``campaign/help_text``, ``battle/help_text`` ...). The palette finds the help by topic: a screen, a key, or a word
of the rules ("risk jump").

The same source makes the tables of keys of docs/keys.md::

    python -m referee.tui.help --markdown       # print them
    python -m referee.tui.help --write-docs     # put them into docs/keys.md
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap
from textual.containers import VerticalScroll
from textual.content import Content
from textual.dom import DOMNode
from textual.geometry import Size
from textual.keys import format_key
from textual.widget import Widget

from referee import kinds
from referee.tui.dialogs import Dialog, FormDialog
from referee.tui.forms import Field
from referee.tui.help_text import CAMPAIGN_BOOK, DIALOGS, MANUAL, SHARED, WIDGETS, About
from referee.tui.kinds import Kind, ui
from referee.tui.pages.base import Page
from referee.tui.text import bold, line

if TYPE_CHECKING:
    from textual.screen import Screen

    from referee.tui.app import RefereeApp

KEYS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "keys.md"
SHARED_KEYS = "Keys of every screen"
RULES = "Rules it follows"


class Entry(NamedTuple):
    """A key (or a form's field) as the help shows it."""

    keys: str  # as written: "m", "Ctrl+Z", "1-7", "? F1" ("": a form's field, a list's keys)
    name: str
    said: str = ""
    rules: tuple[str, ...] = ()
    hidden: bool = False  # not in the key line (its key works, and an action's the palette finds)
    topics: tuple[str, ...] = ()


class Help(NamedTuple):
    title: str
    shows: str
    parts: tuple[tuple[str, tuple[Entry, ...]], ...]  # headed lists of keys or fields
    rules: tuple[str, ...] = ()


class Topic(NamedTuple):
    """What the palette finds: a help (of the screen named; "": the one shown) opened at an entry."""

    title: str
    page: str
    anchor: str = ""


# ---------------------------------------------------------------------- keys, as bound

KEY_NAMES = {
    "escape": "Esc",
    "slash": "/",
    "question_mark": "?",
    "space": "space",
    "enter": "Enter",
    "tab": "Tab",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}


def key_name(key: str) -> str:
    """A bound key as the help and docs/keys.md write it: Ctrl+Z, F1, ?, /, Esc, space, a."""
    *held, last = key.split("+")
    name = KEY_NAMES.get(last) or (last.upper() if re.fullmatch(r"f\d+", last) else format_key(last))
    if held and len(name) == 1:
        name = name.upper()
    return "+".join([*(h.capitalize() for h in held), name])


def bound(classes: Iterable[type[DOMNode]]) -> list[Binding]:
    """The keys the classes bind (base classes first), merged as Textual merges them: a class's
    binding of a key replaces its base's. Multi-key bindings come as one binding a key."""
    keys: dict[str, list[Binding]] = {}
    for cls in classes:
        keys.update(BindingsMap(cls.__dict__.get("BINDINGS", ())).key_to_bindings)
    return [binding for found in keys.values() for binding in found if binding.description and not binding.system]


def grouped(bindings: Iterable[Binding]) -> list[tuple[str, Binding]]:
    """Bindings of one action and name (``question_mark,f1``) as one, their keys written together."""
    found: dict[tuple[str, str], tuple[list[str], Binding]] = {}
    for binding in bindings:
        found.setdefault((binding.action, binding.description), ([], binding))[0].append(key_name(binding.key))
    return [(" ".join(keys), binding) for keys, binding in found.values()]


def about(kind: Kind, page: type[Page]) -> About:
    """The words of a screen of this kind of file (a screen without any: its palette line)."""
    screens: Mapping[str, About] = importlib.import_module(kinds.by_name(kind.name).help).SCREENS  # (its help_text module)
    return screens.get(page.NAME, About(page.HELP))


def page_bindings(page: type[Page]) -> list[Binding]:
    """A screen's own bindings: its class's and its bases' below Page (whose keys every screen has)."""
    return bound(c for c in reversed(page.__mro__) if issubclass(c, Page) and c is not Page)


def screen_keys(kind: Kind, page: type[Page]) -> list[Entry]:
    """A screen's own keys, in the order bound: its actions (with their help) and its other keys."""
    words = about(kind, page)
    entries = []
    for keys, binding in grouped(page_bindings(page)):
        acting = re.fullmatch(r"act\((\d+)\)", binding.action)
        if acting:
            action = page.ACTIONS[int(acting[1])]
            key = words.keys.get(action.name)
            what = action.help.removeprefix(f"{action.name.lower()}: ")  # (Screens: "screens: put up ...")
            said = " ".join(s for s in (sentence(what), key.more if key else "") if s)
        else:
            key = words.keys.get(binding.action)
            said = key.more if key else ""
        entries.append(Entry(keys, binding.description, said, key.rules if key else (), not binding.show, key.topics if key else ()))
    return entries


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def sentence(text: str) -> str:
    """An action's help as the help writes it: a sentence (after its name and a colon)."""
    return text if not text or text.endswith(".") else f"{text}."


def shared_keys(kind: Kind, page: type[Page]) -> list[Entry]:
    """The keys every screen of this kind has: the screens' numbers, a (the campaign's next step,
    unless the screen binds a of its own), and the app's keys."""
    pages = kind.pages()
    entries = [Entry(f"1-{len(pages)}", "Screens", ", ".join(f"{n} {p.TITLE}" for n, p in enumerate(pages, 1)))]
    advance = kind.advance()
    own = {b.key for b in page_bindings(page)}
    for keys, binding in grouped(bound([Page])):
        if advance is not None and binding.key not in own:
            entries.append(Entry(keys, binding.description, f"{SHARED.get(binding.action, '')}, {sentence(advance.help)}"))
    return entries + app_keys()


def app_keys(in_a_dialog: bool = False) -> list[Entry]:
    """The app's keys (in a dialog: those that reach it, the priority ones), the app's own first."""
    from referee.tui.app import RefereeApp

    own = bound([RefereeApp])
    mine = {b.key for b in own}
    found = [*own, *(b for b in bound(reversed(RefereeApp.__mro__)) if b.key not in mine)]
    found.append(Binding(RefereeApp.COMMAND_PALETTE_BINDING, "command_palette", "Palette", priority=True))
    reach = [b for b in found if not b.action.startswith("tab(") and (b.priority or not in_a_dialog)]
    return [Entry(keys, binding.description, SHARED.get(binding.action, "")) for keys, binding in grouped(reach)]


def ours(cls: type[DOMNode]) -> list[type[DOMNode]]:
    """A class and its bases that are the project's (not Textual's), bases first."""
    return [c for c in reversed(cls.__mro__) if c.__module__.startswith("referee.")]


def widget_keys(node: DOMNode) -> list[Entry]:
    """The keys of the project's own lists and pictures on a screen or dialog shown (its arrows)."""
    entries: dict[type, Entry] = {}
    for widget in node.query("*"):
        cls = type(widget)
        if cls in entries or not cls.__module__.startswith("referee.") or "BINDINGS" not in cls.__dict__:
            continue
        found = grouped(bound(ours(cls)))
        if found:
            entries[cls] = Entry("", WIDGETS.get(cls.__name__, cls.__name__), ", ".join(f"{keys.replace(' ', '/')} {b.description.lower()}" for keys, b in found))
    return list(entries.values())


# ---------------------------------------------------------------------- what is in front


def page_help(kind: Kind, page: type[Page], shown: Page | None = None) -> Help:
    """A screen's help (``shown``: the screen built, whose lists' keys are added)."""
    words = about(kind, page)
    number = list(kind.pages()).index(page) + 1
    parts = [("Its keys", tuple(screen_keys(kind, page)))]
    if shown is not None and (moving := widget_keys(shown)):
        parts.append(("Moving about", tuple(moving)))
    parts.append((SHARED_KEYS, tuple(shared_keys(kind, page))))
    return Help(f"{page.TITLE} screen ({number})", words.shows or page.HELP, tuple(parts), words.rules)


def find_key(kind: Kind, title: str) -> Entry | None:
    """The key of a screen of this kind whose name is a form's or dialog's title (Move, Announce)."""
    for page in kind.pages():
        for entry in screen_keys(kind, page):
            if entry.name == title:
                return entry
    return None


def dialog_words(kind: Kind, cls: type[Screen[Any]]) -> About:
    """A dialog's words: every kind's (``help_text.DIALOGS``), the kind's own (a campaign's results
    table: the DIALOGS of its help's words, if it has any), or its class's first paragraph."""
    found = DIALOGS.get(cls.__name__)
    if found is None:
        own: Mapping[str, About] = getattr(importlib.import_module(kinds.by_name(kind.name).help), "DIALOGS", {})
        found = own.get(cls.__name__)
    return found if found is not None else About(first_paragraph(cls.__doc__))


def dialog_help(kind: Kind, dialog: Screen[Any]) -> Help:
    """A form's or dialog's help (or any screen's over the app's: the palette): what it asks (a
    form: the action's help and its fields), its keys, and the rules of the action it is for."""
    cls = type(dialog)
    words = dialog_words(kind, cls)
    doing = str(getattr(dialog, "title_text", "") or getattr(getattr(dialog, "dice", None), "title_text", ""))  # the action it is for
    title = ": ".join(t for t in (doing, words.title) if t) or cls.__name__
    shows = words.shows
    parts: list[tuple[str, tuple[Entry, ...]]] = []
    key = find_key(kind, doing.partition(":")[0])
    rules = words.rules or (key.rules if key is not None else ())
    if isinstance(dialog, FormDialog):
        title = f"{doing} form"
        shows = f"{capital(sentence(dialog.help))} {shows}"
        parts.append(("Its fields", tuple(Entry("", f.label, field_said(f)) for f in dialog.fields)))
    classes = ours(cls) or [c for c in reversed(cls.__mro__) if issubclass(c, DOMNode)]  # (Textual's own: the palette)
    keys = [Entry(keys, b.description, dialog_key(words, b.action)) for keys, b in grouped(bound(classes))]
    parts.append(("Its keys", tuple(keys)))
    if moving := widget_keys(dialog):
        parts.append(("Moving about", tuple(moving)))
    parts.append(("Keys of the app", tuple(app_keys(in_a_dialog=True))))
    return Help(title, shows, tuple(parts), rules)


def dialog_key(words: About, action: str) -> str:
    """What a dialog's key does: its words, or the app's for an app's action (Ctrl+L)."""
    key = words.keys.get(action)
    return key.more if key is not None else SHARED.get(action.removeprefix("app."), "")


def field_said(field: Field) -> str:
    """What a form's field asks: its hint, and whether it is a list."""
    how = "a list to mark (space marks)" if field.many else "a list to pick from" if field.choices else ""
    return "; ".join(s for s in (field.hint, how) if s)


def first_paragraph(doc: str | None) -> str:
    return " ".join((doc or "").split("\n\n")[0].split())


def in_front(app: RefereeApp) -> Help:
    """The help of the screen or dialog in front."""
    screen = app.screen
    page = app.page()
    if screen is app.screen_stack[0] and page is not None:
        return page_help(app.kind, type(page), page)
    return dialog_help(app.kind, screen)


def topics(kind: Kind) -> list[Topic]:
    """What the palette finds help by: each screen, each key's name, each word of its rules' topics."""
    found: dict[str, Topic] = {}

    def add(title: str, page: str, anchor: str = "") -> None:
        found.setdefault(title.casefold(), Topic(title, page, anchor))

    for page in kind.pages():
        add(f"{page.TITLE} screen", page.NAME)
        for topic in about(kind, page).topics:
            add(topic, page.NAME)
        for entry in screen_keys(kind, page):
            add(entry.name, page.NAME, entry.name)
            for topic in entry.topics:
                add(topic, page.NAME, entry.name)
    add("keys of every screen", "", SHARED_KEYS)
    return list(found.values())


def where(kind: Kind, topic: Topic) -> str:
    """The palette's line under a topic: whose help it opens."""
    page = next((p for p in kind.pages() if p.NAME == topic.page), None)
    return f"in the help of the {page.TITLE} screen" if page else "in the help of the screen shown"


# ---------------------------------------------------------------------- the dialog


class HelpBox(VerticalScroll):
    """The help's frame: it takes the focus, so the arrow keys and PgUp/PgDn scroll it."""


KEY_COLUMN = 14  # the keys' column; their words beside it
BOOKS = (CAMPAIGN_BOOK, MANUAL)


class HelpText(Widget):
    """The help's text laid out for the width it has, each key's words wrapped beside its keys. One
    widget of lines: a widget for each key (or a table of them) made opening the help several times
    slower."""

    DEFAULT_CSS = "HelpText { height: auto; }"

    def __init__(self, shown: Help, anchor: str) -> None:
        super().__init__()
        self.shown = shown
        self.at = anchor

    def lines_for(self, width: int) -> tuple[list[Content], dict[str, int]]:
        return layout(self.shown, width, self.at)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.lines_for(width)[0])

    def render(self) -> Content:
        return Content("\n").join(self.lines_for(self.size.width)[0])

    def line_of(self, anchor: str) -> int | None:
        """The line where an entry (or a heading) begins, as laid out now."""
        return self.lines_for(self.size.width)[1].get(anchor)


class HelpDialog(Dialog[None]):
    """The help of what was in front; Esc (or ? or F1 again) closes it."""

    DEFAULT_CSS = """
    HelpDialog #help {
        width: 100; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $panel; padding: 0 1; scrollbar-gutter: stable;
        border-title-style: bold; border-title-color: $text; border-subtitle-color: $text-muted;
    }
    """  # (as the app's .dialog, wider: app.tcss's rules would win over these)

    def __init__(self, shown: Help, anchor: str = "") -> None:
        super().__init__()
        self.shown = shown
        self.at = anchor

    def prepare(self, shown: Help, anchor: str = "") -> None:
        """Another help in the same dialog, shown again (showing a dialog built once costs less
        than building one)."""
        self.shown = shown
        self.at = anchor
        if self.is_mounted:
            self.query_one(HelpBox).border_title = self.heading()
            text = self.query_one(HelpText)
            text.shown, text.at = shown, anchor
            text.refresh(layout=True)

    def heading(self) -> Content:
        """The title, in the frame's top edge: it stays in view as the help scrolls."""
        return line(f" Help: {self.shown.title} ")

    def compose(self) -> ComposeResult:
        with HelpBox(id="help") as box:
            box.border_title = self.heading()
            box.border_subtitle = line(" Esc closes it · ↑ ↓ PgUp PgDn scroll ")
            yield HelpText(self.shown, self.at)

    def on_screen_resume(self) -> None:
        box = self.query_one(HelpBox)
        box.focus()
        box.scroll_home(animate=False)
        if self.at:
            self.call_after_refresh(self.show_anchor)

    def show_anchor(self) -> None:
        text = self.query_one(HelpText)
        found = text.line_of(self.at)
        if found is not None:
            self.query_one(HelpBox).scroll_to(y=text.virtual_region.y + found, animate=False)


def open_help(app: RefereeApp, shown: Help, anchor: str = "") -> None:
    """Show a help: in the help in front, or in the help dialog built the first time and shown
    again after (another, over a palette opened over the help)."""
    if isinstance(app.screen, HelpDialog):
        app.screen.prepare(shown, anchor)
        app.screen.on_screen_resume()
        return
    dialog = app.get_screen("help") if app.is_screen_installed("help") else None
    if not isinstance(dialog, HelpDialog):
        dialog = HelpDialog(shown, anchor)
        app.install_screen(dialog, "help")
    elif dialog in app.screen_stack:
        dialog = HelpDialog(shown, anchor)
    else:
        dialog.prepare(shown, anchor)
    app.push_screen(dialog)


@lru_cache(maxsize=32)
def layout(shown: Help, width: int, anchor: str = "") -> tuple[list[Content], dict[str, int]]:
    """The help's lines at a width, and the line where each entry and heading begins; the keys of
    the entry of the anchor marked. (Kept: Textual asks for two widths, with and without the
    scroll bar, again at each layout, and the same help is opened again and again.)"""
    laid: list[Content] = marked(capital(shown.shows)).wrap(width) if shown.shows else []
    at: dict[str, int] = {}
    parts = [*shown.parts, *([(RULES, tuple(Entry("•", rule) for rule in shown.rules))] if shown.rules else [])]
    for heading, entries in parts:
        laid.append(Content(""))
        at.setdefault(heading, len(laid))
        laid.append(line(bold(heading)))
        column = 2 if heading == RULES else KEY_COLUMN if any(e.keys for e in entries) else 0
        for entry in entries:
            at.setdefault(entry.name, len(laid))
            keys = line((entry.keys, "bold reverse" if entry.name == anchor else "bold"))
            laid += beside(keys, entry_lines(entry, width - column), column)
    return laid, at


def entry_lines(entry: Entry, width: int) -> list[Content]:
    """A key's name and what it does, wrapped at the width, and under it the rules it follows."""
    if entry.keys == "•":  # a rule the screen follows
        return line(entry.name).wrap(width)
    said = line(bold(entry.name), (" (not in the key line)", "dim") if entry.hidden else "", f": {entry.said}" if entry.said else "")
    rules = [row.stylize("dim") for rule in cited(entry.rules) for row in beside(line("§"), line(rule).wrap(width - 2), 2)]
    return [*said.wrap(width), *rules]


def cited(rules: Iterable[str]) -> list[str]:
    """A key's rules, each book named once and its sections after it (Knight Hawks Campaign Book:
    The Second Sathar War, Strategic Movement; Strategic Movement: Risk-Jump Limits)."""
    sections: dict[str, list[str]] = {}
    for rule in rules:
        book = next((b for b in BOOKS if rule.startswith(f"{b}, ")), "")
        sections.setdefault(book, []).append(rule.replace(f"{book}, ", "") if book else rule)
    return [", ".join(s for s in (book, "; ".join(found)) if s) for book, found in sections.items()]


def beside(keys: Content, said: list[Content], column: int) -> list[Content]:
    """Lines beside a column (a hanging indent): the keys in it, wrapped in it if they are longer."""
    if not column:
        return said
    keyed = keys.wrap(column - 1)
    rows = []
    for n in range(max(len(keyed), len(said))):
        key = keyed[n] if n < len(keyed) else Content("")
        rows.append(line(key.pad_right(column - key.cell_length), said[n] if n < len(said) else ""))
    return rows


def marked(text: str) -> Content:
    """A text of the help, its `quoted` parts (keys, what is typed) in bold."""
    return line(*(bold(part) if n % 2 else part for n, part in enumerate(text.split("`"))))


def toggle(app: RefereeApp) -> None:
    """``?`` or F1: the help of what is in front; in the help, close it."""
    if isinstance(app.screen, HelpDialog):
        app.screen.dismiss(None)
    else:
        open_help(app, in_front(app))


def show(app: RefereeApp, topic: Topic) -> None:
    """The palette's choice: the help of the screen named, at the topic's entry."""
    page = next((p for p in app.kind.pages() if p.NAME == topic.page), None)
    shown = app.page()
    if page is None:
        page = type(shown) if shown is not None else app.kind.pages()[0]
    built = shown if type(shown) is page else None
    open_help(app, page_help(app.kind, page, built), topic.anchor)


# ---------------------------------------------------------------------- the tables of keys of docs/keys.md


def markdown(kind_name: str) -> str:
    """docs/keys.md's table of a kind's screens: each one's key, name, what it holds and its keys. A
    screen every kind has (Dice & Tables, the Log) is in full in the first kind's table, the
    campaign's, and "as for a campaign" in the others'."""
    from referee.tui.pages.dice import DicePage
    from referee.tui.pages.log import LogPage

    kind = ui(kind_name)
    theirs: set[type[Page]] = {DicePage, LogPage} if kind_name != kinds.NAMES[0] else set()  # (the screens every kind has)
    rows = ["| key | screen | what it holds, and its keys |", "|---|---|---|"]
    same: list[tuple[int, type[Page]]] = []
    for number, page in enumerate(kind.pages(), 1):
        if page in theirs:
            same.append((number, page))
            continue
        rows += as_for_a_campaign(same)
        same = []
        rows.append(f"| `{number}` | {cell(page.TITLE)} | {cell(about(kind, page).shows or page.HELP)} {keys_cell(screen_keys(kind, page))} |")
    rows += as_for_a_campaign(same)
    return "\n".join(rows)


def as_for_a_campaign(pages: Sequence[tuple[int, type[Page]]]) -> list[str]:
    if not pages:
        return []
    return [f"| {', '.join(f'`{n}`' for n, _ in pages)} | {', '.join(p.TITLE for _, p in pages)} | as for a campaign |"]


def cell(text: str) -> str:
    return text.replace("|", "\\|")


def keys_cell(entries: Sequence[Entry]) -> str:
    """``Keys: `m` move, `v` picture/list; not in the key line: `t` starting speed.``"""

    def said(shown: Iterable[Entry]) -> str:
        return ", ".join(f"`{cell(e.keys)}` {lowered(e.name)}" for e in shown)

    found = said(e for e in entries if not e.hidden)
    hidden = said(e for e in entries if e.hidden)
    return f"Keys: {found}" + (f"; not in the key line: {hidden}" if hidden else "") + "."


def lowered(name: str) -> str:
    """A key's name inside a sentence: Move -> move, NOVA stays."""
    return name if name[:2].isupper() else name[:1].lower() + name[1:]


def marker(kind_name: str) -> tuple[str, str]:
    """The lines around a kind's table in docs/keys.md."""
    a = "an" if kind_name[:1] in "aeiou" else "a"
    return f"<!-- the keys of {a} {kind_name}: python -m referee.tui.help --write-docs -->", f"<!-- end of the keys of {a} {kind_name} -->"


def page_tables(text: str) -> dict[str, str]:
    """The tables of keys of docs/keys.md as it has them, by kind (a kind without its markers: missing)."""
    found = {}
    for kind_name in kinds.NAMES:
        start, end = marker(kind_name)
        match = re.search(f"^{re.escape(start)}\n(.*?)^{re.escape(end)}$", text, re.S | re.M)
        if match:
            found[kind_name] = match[1].removesuffix("\n")
    return found


def with_tables(text: str) -> str:
    """docs/keys.md with its tables of keys made afresh."""
    for kind_name in kinds.NAMES:
        start, end = marker(kind_name)
        pattern = re.compile(f"^{re.escape(start)}\n.*?^{re.escape(end)}$", re.S | re.M)
        if not pattern.search(text):
            raise ValueError(f"no table of the keys of a {kind_name} in the page: put its two lines ({start} ... {end}) where it goes")
        table = f"{start}\n{markdown(kind_name)}\n{end}"
        text = pattern.sub(lambda _: table, text)
    return text


def main(argv: Sequence[str]) -> int:
    if list(argv) == ["--markdown"]:
        print("\n\n".join(f"{marker(k)[0]}\n{markdown(k)}\n{marker(k)[1]}" for k in kinds.NAMES))
        return 0
    if argv and argv[0] == "--write-docs" and len(argv) <= 2:
        path = Path(argv[1]) if len(argv) == 2 else KEYS_PAGE
        try:
            text = path.read_text(encoding="utf-8")
            path.write_text(with_tables(text), encoding="utf-8")
        except (OSError, ValueError) as error:
            print(f"{path}: {error}", file=sys.stderr)
            return 2
        print(f"{path}: the tables of keys written")
        return 0
    print("usage: python -m referee.tui.help --markdown (print the tables of keys) | --write-docs [docs/keys.md]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
