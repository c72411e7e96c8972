"""The ledgers of issue 35 (docs/stellar-inferno-ledger.md, docs/starfleet-wars-ledger.md) account for
every rule of their book, read from the book's text: Stellar Inferno's every number [n], [n.n],
[n.n.n] and Tables 1-5 (a number the book prints twice, such as the two [12.2.3], once for each of
its lines), the Starfleet Wars supplement's every section and paragraph (a paragraph: a run of
lines with no blank line between, named by its first line). The ledgers cannot go stale silently:
every module, function and test they cite must exist, and every entry must say where its rule is
(modelled, tested, the referee's at the map, a reading, not modelled and why, or no rule).

The books' texts are kept beside the project, not in it (/work/shared/rules/, where
tests/files/test_si_file.py reads Stellar Inferno too); where they are absent the comparison with
the book is skipped, saying so, and the ledgers' own citations are still checked."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RULES = Path("/work/shared/rules")  # the books' texts, where the project keeps them
SI_BOOK = RULES / "stellar-inferno.txt"
SFW_BOOK = RULES / "starfleet-wars-supplement.txt"
SI_LEDGER = REPO / "docs" / "stellar-inferno-ledger.md"
SFW_LEDGER = REPO / "docs" / "starfleet-wars-ledger.md"

# An entry is a list item beginning with its key in bold: "- **[7.3.4]** ..." or "- **CIDS, L73** ...".
ENTRY = re.compile(r"^\s*- \*\*(?P<key>[^*]+)\*\*(?P<body>.*)$")
# What an entry must say of its rule (at least one).
VERDICTS = ("Modelled:", "Tests:", "The referee's, at the map:", "Reading:", "Not modelled:", "No rule:")
MODULE = re.compile(r"`(?P<path>(?:stellar_inferno|starfleet_wars)/\w+\.py)`(?P<names>(?:[ ,]+`[\w.]+`)*)")
TEST = re.compile(r"`(?P<file>tests/[\w/]+\.py)::(?P<name>test_\w+)`")
FILE = re.compile(r"`((?:campaigns|tables|docs)/[\w./-]+)`")
# A section of the project's docs: "docs/stellar-inferno.md § Scenario readings" (the name runs on to a heading of the page).
DOCS_SECTION = re.compile(r"(?P<page>docs/[\w-]+\.md) § (?P<rest>.*)")
OLD_SECTION = re.compile(r"README § (?P<section>[^;.)]+\))")  # the readings were the README's before they moved to docs/


def skip_without(book: Path) -> None:
    if not book.exists():
        pytest.skip(f"{book} is not here: the ledger is not compared with the book (its citations still are, in the other tests)")


def entries(ledger: Path) -> list[tuple[int, str, str]]:
    """(line, key, body) of every entry of a ledger; an entry runs on over its indented lines."""
    found: list[tuple[int, str, str]] = []
    for number, line in enumerate(ledger.read_text(encoding="utf-8").splitlines(), 1):
        match = ENTRY.match(line)
        if match and not line.startswith(" "):
            found.append((number, match["key"].strip(), match["body"]))
        elif found and line.startswith("  ") and line.strip():
            number0, key, body = found[-1]
            found[-1] = (number0, key, f"{body} {line.strip()}")
    return found


# -- Stellar Inferno: its numbers ------------------------------------------------------------------


def si_numbers(text: str) -> dict[str, list[int]]:
    """Every number the book prints as [n], [n.n] or [n.n.n], with the lines it is printed on, and
    its Tables ("Table 3." at the start of a line)."""
    numbers: dict[str, list[int]] = {}
    for line_number, line in enumerate(text.splitlines(), 1):
        for match in re.finditer(r"\[(\d+(?:\.\d+){0,2})\]", line):
            numbers.setdefault(f"[{match[1]}]", []).append(line_number)
        table = re.match(r"Table (\d+)\. ", line)
        if table:
            numbers.setdefault(f"Table {table[1]}", []).append(line_number)
    return numbers


def si_keys(ledger: Path) -> dict[str, set[int | None]]:
    """The ledger's entries by number: the line each names (L248), or None for an entry naming none."""
    keys: dict[str, set[int | None]] = {}
    for _, key, _ in entries(ledger):
        match = re.fullmatch(r"(?P<number>\[\d+(?:\.\d+){0,2}\]|Table \d+)(?:.*?\(L(?P<line>\d+)\))?", key)
        if match:
            keys.setdefault(match["number"], set()).add(int(match["line"]) if match["line"] else None)
    return keys


def si_missing(book_text: str, ledger: Path) -> list[str]:
    keys = si_keys(ledger)
    missing = []
    for number, lines in si_numbers(book_text).items():
        named = keys.get(number, set())
        if len(lines) == 1:
            if not named:
                missing.append(f"{number} (L{lines[0]})")
        else:  # printed more than once: each printing is its own entry, told apart by its line
            missing += [f"{number} (L{line}, printed {len(lines)} times)" for line in lines if line not in named]
    return missing


def si_strays(book_text: str, ledger: Path) -> list[str]:
    numbers = si_numbers(book_text)
    strays = []
    for number, lines in si_keys(ledger).items():
        if number not in numbers:
            strays.append(f"{number}: no such number in the book")
        else:
            strays += [f"{number} (L{line}): the book prints it at {numbers[number]}" for line in lines if line is not None and line not in numbers[number]]
    return strays


def test_the_stellar_inferno_ledger_names_only_the_books_numbers() -> None:
    skip_without(SI_BOOK)
    strays = si_strays(SI_BOOK.read_text(encoding="utf-8"), SI_LEDGER)
    assert not strays, f"{SI_LEDGER.name}: " + "; ".join(strays)


# -- Starfleet Wars: its sections and paragraphs ---------------------------------------------------


def heading(line: str) -> bool:
    """A section heading of the supplement: marked with '#', or a short line in capitals."""
    words = line.strip().strip("#* ").strip()
    return line.lstrip().startswith("#") or (bool(words) and words.upper() == words and any(c.isalpha() for c in words) and len(words) < 90 and "\t" not in words)


def sfw_paragraphs(text: str) -> list[tuple[int, str, str]]:
    """(first line, section, first words) of every paragraph: a run of lines with no blank line
    between (a heading, a paragraph of text, a table). The section is the heading last seen."""
    paragraphs = []
    section = "front matter"
    previous_blank = True
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            previous_blank = True
            continue
        if previous_blank:
            if heading(line):
                section = line.strip().strip("#* ").strip()
            paragraphs.append((number, section, " ".join(line.split()[:6])))
        previous_blank = False
    return paragraphs


def sfw_spans(ledger: Path) -> list[tuple[int, int]]:
    """The lines each entry names: "L83" or "L55-57" in its key."""
    spans = []
    for _, key, _ in entries(ledger):
        for match in re.finditer(r"\bL(\d+)(?:-(\d+))?\b", key):
            first = int(match[1])
            spans.append((first, int(match[2]) if match[2] else first))
    return spans


def sfw_missing(book_text: str, ledger: Path) -> list[str]:
    spans = sfw_spans(ledger)
    return [f"{section}, L{line} ({words} ...)" for line, section, words in sfw_paragraphs(book_text) if not any(first <= line <= last for first, last in spans)]


def test_the_starfleet_wars_ledger_names_only_the_books_lines() -> None:
    skip_without(SFW_BOOK)
    text = SFW_BOOK.read_text(encoding="utf-8")
    starts = {line for line, _, _ in sfw_paragraphs(text)}
    length = len(text.splitlines())
    wrong = [f"L{first}-{last}" for first, last in sfw_spans(SFW_LEDGER) if not (first in starts and first <= last <= length)]
    assert not wrong, f"{SFW_LEDGER.name} names lines where no paragraph begins (or beyond the text): " + ", ".join(wrong)


# -- both -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("book", "ledger", "missing"),
    [(SI_BOOK, SI_LEDGER, si_missing), (SFW_BOOK, SFW_LEDGER, sfw_missing)],
    ids=["stellar-inferno", "starfleet-wars"],
)
def test_every_rule_of_the_book_has_its_entry(book: Path, ledger: Path, missing: Callable[[str, Path], list[str]]) -> None:
    skip_without(book)
    absent = missing(book.read_text(encoding="utf-8"), ledger)
    assert not absent, f"{ledger.name} has no entry for: " + "; ".join(absent)


# -- both: every entry says where its rule is, and what it cites exists -----------------------------


@cache
def defined(path: Path) -> frozenset[str]:
    """The functions and classes a module defines: top level by name, methods as Class.method."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            if isinstance(node, ast.ClassDef):
                names |= {f"{node.name}.{child.name}" for child in node.body if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))}
    return frozenset(names)


def stale(ledger: Path) -> list[str]:
    """Every module, function, test and section of the docs the ledger cites that does not exist."""
    text = ledger.read_text(encoding="utf-8")
    wrong = []
    for match in MODULE.finditer(text):
        module = REPO / "referee" / match["path"]
        if not module.exists():
            wrong.append(f"referee/{match['path']}: no such module")
            continue
        wrong += [f"{match['path']} {name}: not defined there" for name in re.findall(r"`([\w.]+)`", match["names"]) if name not in defined(module)]
    for match in TEST.finditer(text):
        file = REPO / match["file"]
        if not file.exists():
            wrong.append(f"{match['file']}: no such test file")
        elif match["name"] not in defined(file):
            wrong.append(f"{match['file']}::{match['name']}: no such test")
    wrong += [f"`{path}`: cite a module as stellar_inferno/NAME.py or starfleet_wars/NAME.py" for path in re.findall(r"`(referee/[\w/]+\.py)`", text)]
    wrong += [f"{path}: no such file" for path in FILE.findall(text) if not (REPO / path).exists()]
    joined = " ".join(text.split())
    wrong += [f"README § {section}: the readings are in docs/ now (docs/NAME.md § Readings)" for section in OLD_SECTION.findall(joined)]
    for match in re.finditer(r"(?=(docs/[\w-]+\.md) § )", joined):
        wrong += docs_section_wrong(joined[match.start() :])
    return wrong


def headings(page: Path) -> list[str]:
    return [line.lstrip("#").strip() for line in page.read_text(encoding="utf-8").splitlines() if re.match(r"#{1,6} ", line)]


def docs_section_wrong(cited: str) -> list[str]:
    """A citation "docs/PAGE.md § SECTION ...": the page must exist and one of its headings begin the
    words after the §, whole (the citation runs on into its sentence: "§ Readings, 8.1.2")."""
    match = DOCS_SECTION.match(cited)
    assert match
    page = REPO / match["page"]
    if not page.exists():
        return [f"{match['page']}: no such page"]
    if not any(re.match(re.escape(title) + r"(?!\w)", match["rest"]) for title in headings(page)):
        return [f"{match['page']} § {match['rest'][:40]}...: no such section (its sections: {', '.join(headings(page))})"]
    return []


def unaccounted(ledger: Path) -> list[str]:
    return [f"L{line} {key}" for line, key, body in entries(ledger) if not any(verdict in body for verdict in VERDICTS)]


@pytest.mark.parametrize("ledger", [SI_LEDGER, SFW_LEDGER], ids=["stellar-inferno", "starfleet-wars"])
def test_what_a_ledger_cites_exists(ledger: Path) -> None:
    wrong = stale(ledger)
    assert not wrong, f"{ledger.name} cites what does not exist: " + "; ".join(wrong)


@pytest.mark.parametrize("ledger", [SI_LEDGER, SFW_LEDGER], ids=["stellar-inferno", "starfleet-wars"])
def test_every_entry_says_where_its_rule_is(ledger: Path) -> None:
    silent = unaccounted(ledger)
    assert entries(ledger), f"{ledger.name} has no entries"
    assert not silent, f"{ledger.name}: these entries say none of {', '.join(VERDICTS)}: " + "; ".join(silent)


def test_a_citation_of_a_section_that_is_not_there_is_found(tmp_path: Path) -> None:
    """The check itself: a page that does not exist, a section its page does not have, and a
    citation of the README's old readings are each found; a section cited as its heading is not."""
    ledger = tmp_path / "ledger.md"
    ledger.write_text(
        "- **[1]** Reading: docs/stellar-inferno.md § Scenario\n  readings, Hexes. docs/starfleet-wars.md § Readings; docs/nowhere.md § Readings;\n"
        "  docs/knight-hawks.md § Readingz; README § Readings (Starfleet Wars).\n",
        encoding="utf-8",
    )
    wrong = stale(ledger)
    assert len(wrong) == 3, wrong
    assert wrong[0].startswith("README § Readings (Starfleet Wars): the readings are in docs/")
    assert wrong[1] == "docs/nowhere.md: no such page"
    assert wrong[2].startswith("docs/knight-hawks.md § Readingz") and ": no such section (its sections: Knight Hawks, " in wrong[2]
