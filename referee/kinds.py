"""The kinds of file the referee plays, in one place: a campaign of the Second Sathar War, a Knight
Hawks battle, a Starfleet Wars engagement, a Stellar Inferno scenario. Each is its name, the
format line its files carry, what it is called in a sentence ("a Knight Hawks battle"), its state's
class, its rules package's ``kind`` module, its part of the app, the words of its screens in the
app's help and its players' view (none for some kinds), the last five by dotted path.

Whatever asks "which kind is this" asks here: the kind of a format line (:func:`of_format`), of a
state (:func:`of_state`: a state of no kind is an error, never a battle), and what the kind's
rules say of its files (:func:`rules`: the state, the Writer, the log's columns, the sides, what
an action touched, the documents printed, what a side may see). A kind's modules are
imported only when asked for, so that opening a campaign imports nothing of the other games.

Nothing here imports a rules package, nor the UI, until asked.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, cast

if TYPE_CHECKING:
    from referee.journal import Writer
    from referee.tables import Tables


class Kind(NamedTuple):
    """A kind of file: its name, its format line, its words in a sentence, and where its parts are."""

    name: str  # "battle": what the app and the commands call it (the recent list keeps it)
    format: str  # the first line of its files
    title: str  # "a Knight Hawks battle"
    state: str  # its state's class, "module:Class" (a state of it exists only once that module is loaded)
    rules: str  # its rules package's kind module (:class:`Rules`)
    ui: str  # its part of the app, "module:Class" (referee.tui.kinds.Kind, made by referee.tui.kinds.ui)
    help: str  # the module of its screens' words in the app's help (its SCREENS)
    view: str  # the module of its players' view (referee view: its TITLES, where, pages); "": the players have none


CAMPAIGN = Kind(
    "campaign",
    "referee second sathar war campaign",
    "a campaign",
    "referee.sathar_war.campaign:Campaign",
    "referee.sathar_war.kind",
    "referee.tui.campaign.kind:CampaignKind",
    "referee.tui.campaign.help_text",
    "referee.tui.campaign.view",
)
BATTLE = Kind(
    "battle",
    "referee knight-hawks battle",
    "a Knight Hawks battle",
    "referee.knight_hawks.battle:Battle",
    "referee.knight_hawks.kind",
    "referee.tui.battle.kind:BattleKind",
    "referee.tui.battle.help_text",
    "referee.tui.battle.view",
)
ENGAGEMENT = Kind(
    "engagement",
    "referee starfleet-wars engagement",
    "a Starfleet Wars engagement",
    "referee.starfleet_wars.engagement:Engagement",
    "referee.starfleet_wars.kind",
    "referee.tui.sfw.kind:EngagementKind",
    "referee.tui.sfw.help_text",
    "",
)
SCENARIO = Kind(
    "scenario",
    "referee stellar-inferno scenario",
    "a Stellar Inferno scenario",
    "referee.stellar_inferno.scenario:Scenario",
    "referee.stellar_inferno.kind",
    "referee.tui.si.kind:ScenarioKind",
    "referee.tui.si.help_text",
    "",
)
KINDS = (CAMPAIGN, BATTLE, ENGAGEMENT, SCENARIO)
NAMES = tuple(kind.name for kind in KINDS)


class Rules(Protocol):
    """What a rules package's ``kind`` module says of its files (``referee.knight_hawks.kind``)."""

    STATE: type  # the state a file holds
    COLUMNS: tuple[str, str]  # the log's first two columns, in the app's Log and on paper alike
    PAPERS: tuple[str, ...]  # the documents it prints (referee.paper), the first by default

    def writer(self, tables: Tables, target: Path) -> Writer:
        """Its files' Writer (referee.journal.Writer), saving to ``target``."""
        ...

    def when(self, entry: Any) -> tuple[str, str]:
        """A log line's first two cells, under COLUMNS."""
        ...

    def sides(self, state: Any) -> tuple[str, ...]:
        """The file's sides, as a side's copy names them (whose secrets are whose)."""
        ...

    def view(self, state: Any, side: str) -> Any:
        """What ``side`` (or the table: ``public``) may see of the file: the one account of its
        secrets that the players' view (Kind.view), the paper and a side's commands read; every
        line of its log as that side reads it is its ``lines`` (:class:`referee.logged.Read`)."""
        ...

    def changes(self, before: Any, after: Any) -> tuple[list[str], list[tuple[str, str, str]], dict[str, tuple[str, list[str]]]]:
        """What an action touched, from the states before and after it (referee.touched)."""
        ...

    def paper(self, what: str, state: Any, eyes: Any, title: str) -> Any:
        """A document of PAPERS other than the log (referee.paper.document.Paper)."""
        ...

    def described(self, state: Any) -> str:
        """What the file is, for the recent list: a battle's name; a war's options and map."""
        ...


def by_name(name: str) -> Kind:
    """The kind of that name; a name of no kind is a program's error."""
    for kind in KINDS:
        if kind.name == name:
            return kind
    raise KeyError(f"no kind of file is called {name!r}: {', '.join(k.name for k in KINDS)}")


def of_format(line: object) -> Kind | None:
    """The kind whose files carry this format line (None: no kind's)."""
    return next((kind for kind in KINDS if kind.format == line), None)


def of_state(state: object) -> Kind:
    """The kind of file a state is of; a state of no kind raises TypeError (it is never taken for a
    battle). Only the kinds whose state's module is loaded are asked: a state of the others cannot
    exist, and nothing of theirs is imported."""
    for kind in KINDS:
        module, _, name = kind.state.partition(":")
        loaded = sys.modules.get(module)
        if loaded is not None and isinstance(state, getattr(loaded, name)):
            return kind
    raise TypeError(f"{type(state).__name__} is the state of no kind of file ({', '.join(k.name for k in KINDS)})")


def rules(kind: Kind | str) -> Rules:
    """A kind's rules module (imported the first time it is asked for: Python keeps it)."""
    found = kind if isinstance(kind, Kind) else by_name(kind)
    return cast(Rules, importlib.import_module(found.rules))


def rules_of(state: object) -> Rules:
    """The rules module of a state's kind."""
    return rules(of_state(state))
