"""One spelling for the constants that cite a book: every module-level string that names a rule of
one of the four books - its text begins with a book's title, or it is built on another citation -
is called ``..._RULE``. The books' own titles are the one exception (``BOOK``, ``MANUAL``...)."""

from __future__ import annotations

import ast
from pathlib import Path

import referee

ROOT = Path(referee.__file__).parent
BOOKS = ("Knight Hawks", "Stellar Inferno", "Starfleet Wars", "The Second Sathar War", "Second Sathar War")
TITLES = {"BOOK", "_BOOK", "MANUAL", "CAMPAIGN_BOOK"}  # the books' titles, which the citations are built on


def constants(tree: ast.Module) -> list[tuple[str, ast.expr]]:
    found = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            found.append((node.targets[0].id, node.value))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            found.append((node.target.id, node.value))
    return [(name, value) for name, value in found if name.lstrip("_").replace("_", "").isupper()]


def cites(value: ast.expr, citations: set[str]) -> bool:
    """Whether a constant's value is a citation: a string beginning with a book's title, or an
    f-string beginning with a citation (or a title)."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value.startswith(BOOKS)
    if isinstance(value, ast.JoinedStr) and value.values:
        first = value.values[0]
        if isinstance(first, ast.Constant):
            return str(first.value).startswith(BOOKS)
        if isinstance(first, ast.FormattedValue):
            named = first.value
            name = named.id if isinstance(named, ast.Name) else named.attr if isinstance(named, ast.Attribute) else ""
            return name in citations
    return False


def misnamed() -> list[str]:
    trees = {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(ROOT.rglob("*.py"))}
    citations = set(TITLES)
    growing = True
    while growing:  # a citation built on a citation of another module counts once that one is known
        before = len(citations)
        for tree in trees.values():
            citations |= {name for name, value in constants(tree) if cites(value, citations)}
        growing = len(citations) > before
    wrong = []
    for path, tree in trees.items():
        for name, value in constants(tree):
            if name not in TITLES and cites(value, citations) and not name.endswith("_RULE"):
                wrong.append(f"{path.relative_to(ROOT).as_posix()}: {name}")
    return wrong


def test_every_citation_of_a_book_is_called_a_rule() -> None:
    assert misnamed() == []


def test_the_check_finds_a_citation_misnamed() -> None:
    tree = ast.parse('MOVEMENT = "Knight Hawks Tactical Operations Manual, Basic Game: Movement"\nTURNING = f"{MOVEMENT} (Turning)"\nTURN_RULE = f"{MOVEMENT}"\n')
    citations = set(TITLES) | {"MOVEMENT"}
    assert [name for name, value in constants(tree) if cites(value, citations)] == ["MOVEMENT", "TURNING", "TURN_RULE"]
