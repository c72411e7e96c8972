"""The registry of kinds (referee/kinds.py) is the one place a kind of file is defined: every kind's
format line reads back to it, a state of no kind is refused (never taken for a battle), the log's
columns are one for the app and the paper, and no module outside the registry and the kinds' own
modules switches on a kind's name or its state's type."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from referee import kinds
from referee.tui.kinds import ui

ROOT = Path(kinds.__file__).parent
NAMES = {kind.name for kind in kinds.KINDS}
STATES = {kind.state.partition(":")[2] for kind in kinds.KINDS}  # Campaign, Battle, Engagement, Scenario
OWNERS = {  # where a kind's state may be named: its rules package and its part of the app
    "Campaign": ("sathar_war/", "tui/"),  # (the campaign's UI is still loose in tui/: actions.py, pages/, picks.py, ...)
    "Battle": ("knight_hawks/", "tui/battle/"),
    "Engagement": ("starfleet_wars/", "tui/sfw/"),
    "Scenario": ("stellar_inferno/", "tui/si/"),
}
# the registry and the kinds' own modules say what a kind is; the players' view's pages of a
# campaign and of a battle are each kind's part of that view (to go with its UI package)
KNOWN = {"kinds.py", "sathar_war/kind.py", "knight_hawks/kind.py", "starfleet_wars/kind.py", "stellar_inferno/kind.py"}


def _named(node: ast.AST) -> str:
    """The name a Name or an attribute chain ends with ("journal.kind": kind)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _dotted(node: ast.AST) -> str:
    """A Name or an attribute chain, written out ("kind.name", "self.journal.kind")."""
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return _named(node)


def _is_type_name(node: ast.AST) -> bool:
    """``type(x).__name__``."""
    return isinstance(node, ast.Attribute) and node.attr == "__name__" and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Name) and node.value.func.id == "type"


def switches(source: str, where: str) -> list[str]:
    """The places in a module that ask which kind a file is by its name or its state's type."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            strings = {s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)}
            for s in sides:
                if isinstance(s, (ast.Tuple, ast.List, ast.Set)):
                    strings |= {e.value for e in s.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
            if strings & NAMES and any("kind" in _dotted(s).lower() for s in sides):
                found.append(f"{line}: a kind's name compared ({', '.join(sorted(strings & NAMES))})")
            if strings & STATES and any(_is_type_name(s) for s in sides):
                found.append(f"{line}: a state's type compared by name")
        elif isinstance(node, ast.Match) and "kind" in _dotted(node.subject).lower():
            cases = {p.value.value for c in node.cases for p in ast.walk(c.pattern) if isinstance(p, ast.MatchValue) and isinstance(p.value, ast.Constant)}
            if cases & NAMES:
                found.append(f"{line}: a match on a kind's name ({', '.join(sorted(cases & NAMES))})")
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            if len(keys & NAMES) >= 2:
                found.append(f"{line}: a table keyed by the kinds' names ({', '.join(sorted(keys & NAMES))})")
            if len(keys & STATES) >= 2:
                found.append(f"{line}: a table keyed by the states' class names")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "hasattr") and len(node.args) == 2:
            what = node.args[1]
            classes = what.elts if isinstance(what, ast.Tuple) else [what]
            for cls in classes:
                name = _named(cls)
                if node.func.id == "isinstance" and name in OWNERS and not where.startswith(OWNERS[name]):
                    found.append(f"{line}: isinstance of {name} outside its kind")
            if node.func.id == "hasattr" and isinstance(what, ast.Constant) and what.value in ("units", "fortresses", "ships", "counters"):
                found.append(f"{line}: a state told by what it has ({what.value!r})")
    return found


def test_no_module_but_the_registry_and_the_kinds_switches_on_a_kind() -> None:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if where not in KNOWN:
            found += switches(path.read_text(encoding="utf-8"), where)
    assert not found, "ask referee.kinds instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'if kind == "campaign": pass',
        'x = 1 if journal.kind != "battle" else 2',
        'if kind.name == "engagement": pass',
        'if kind_name in ("engagement", "scenario"): pass',
        'if type(state).__name__ == "Scenario": pass',
        'match journal.kind:\n    case "battle" | "engagement": pass',
        'WHAT = {"campaign": "a campaign", "battle": "a Knight Hawks battle"}',
        'STATES = {"Campaign": "campaign", "Battle": "battle"}',
        "if isinstance(state, Campaign): pass",
        "if isinstance(state, (Battle, Engagement)): pass",
        'if hasattr(after, "units"): pass',
    ],
)
def test_the_check_finds_a_switch_on_a_kind(source: str) -> None:
    assert switches(source, "paper/example.py")


def test_the_check_passes_what_is_no_switch() -> None:
    assert not switches('Journal.open(path, tables, "campaign")\nif counter.kind == "ship": pass\nif isinstance(state, Battle): pass', "knight_hawks/example.py")
    assert not switches('PAGES = {"campaign": CAMPAIGN, "battles": BATTLES}\nraise TypeError(type(part).__name__)', "tui/help_text.py")


@pytest.mark.parametrize("kind", kinds.KINDS, ids=lambda k: k.name)
def test_every_kinds_format_line_reads_back_to_it(kind: kinds.Kind) -> None:
    assert kinds.of_format(kind.format) is kind
    assert kinds.by_name(kind.name) is kind
    module, _, name = kind.state.partition(":")
    __import__(module)
    assert kinds.rules(kind).STATE is getattr(sys.modules[module], name)
    files = {
        "campaign": "referee.sathar_war.campaign_file",
        "battle": "referee.knight_hawks.battle_file",
        "engagement": "referee.starfleet_wars.engagement_file",
        "scenario": "referee.stellar_inferno.scenario_file",
    }
    __import__(files[kind.name])
    assert sys.modules[files[kind.name]].FORMAT == kind.format


def test_a_format_line_of_no_kind_is_none() -> None:
    assert kinds.of_format("referee second sathar war log") is None
    assert kinds.of_format(None) is None


def test_a_state_of_no_kind_is_refused_never_taken_for_a_battle() -> None:
    with pytest.raises(TypeError, match="the state of no kind"):
        kinds.of_state(SimpleNamespace(ships=(), turn=1))
    from referee import touched

    with pytest.raises(TypeError, match="the state of no kind"):
        touched.between(SimpleNamespace(ships=()), SimpleNamespace(ships=()))


def test_an_engagements_second_column_is_sealed_on_paper_as_in_the_app() -> None:
    """The one change of the registry: the printed log's second column was "" where the app's Log says "Sealed"."""
    from referee.paper import document
    from referee.paper.document import Logged
    from referee.paper.sides import Eyes
    from referee.starfleet_wars.engagement import Engagement, Entry

    fight = Engagement("e", ("Terran", "Aquarian"), log=(Entry(1, "VICTORY joins"), Entry(1, "special damage 86: sensors out", ("d%00: 86",), "Special Damage", "Terran")))
    paper = document(fight, "engagement", "log", Eyes("", True), "e.toml")
    assert paper.when == ("Turn", "Sealed") == kinds.rules("engagement").COLUMNS  # (the app's Log reads its columns there too)
    assert [p.when for p in paper.parts if isinstance(p, Logged)] == [("1", ""), ("1", "Terran")]


def test_each_kind_names_its_part_of_the_app() -> None:
    assert kinds.NAMES == ("campaign", "battle", "engagement", "scenario")
    assert [ui(name).name for name in kinds.NAMES] == list(kinds.NAMES)
    with pytest.raises(KeyError, match="no kind of file is called 'war'"):
        ui("war")
