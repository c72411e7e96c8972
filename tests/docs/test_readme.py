"""The README is read before the game: it stays short (at most 300 lines), its links into docs/
(and every relative link of the docs' pages) lead to a file and, with an anchor, to a heading
there, and every ``referee`` command of its shell blocks runs, in order, from a clean folder.

A shell block the README marks ``<!-- not run: WHY -->`` on the line before it (installing, a
command that opens the app, a command not built yet) is not run; ``make`` lines are not run. A
command whose comment begins ``# refused`` must be refused (exit code 2); every other one must
exit 0. ``export NAME=VALUE`` sets a variable for the commands after it."""

from __future__ import annotations

import re
import shlex
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from referee.cli import app

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
MOST_LINES = 300
FENCE = re.compile(r"^```(?P<lang>\w*)\n(?P<body>.*?)^```$", re.S | re.M)
NOT_RUN = re.compile(r"<!-- not run[^>]*-->\s*$")
LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")
REFUSED = re.compile(r"\s#\s*refused[^'\"]*$")  # a line's comment that begins "refused"
HEADING = re.compile(r"^#{1,6} +(?P<title>.+?) *$", re.M)


# -- the README's length ----------------------------------------------------------------------------


def test_the_readme_is_at_most_300_lines() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MOST_LINES, f"README.md has {lines} lines: at most {MOST_LINES} (the reference goes in docs/)"


# -- links ------------------------------------------------------------------------------------------


def slug(title: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    title = re.sub(r"`|\*\*|\*|\[([^\]]*)\]\([^)]*\)", lambda m: m[1] or "", title).lower()
    kept = "".join(c for c in title if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of a Markdown page's headings (outside its fenced blocks); a repeated title's
    second anchor is TITLE-1, as GitHub numbers them."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found: set[str] = set()
    for match in HEADING.finditer(text):
        base = slug(match["title"])
        name, n = base, 0
        while name in found:
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found


def broken_links(page: Path) -> list[str]:
    """Every relative link of a page (outside its code) that leads to no file, or to no heading of
    the page it names."""
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)
    broken = []
    for match in LINK.finditer(text):
        target = match["target"]
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no such file")
        elif anchor and (file.is_dir() or file.suffix != ".md" or anchor not in anchors(file)):
            broken.append(f"{target}: no heading #{anchor} in {path or page.name}")
    return broken


def test_the_readme_links_into_docs_and_each_link_leads_somewhere() -> None:
    text = README.read_text(encoding="utf-8")
    pages = {p.name for p in (REPO / "docs").glob("*.md")}
    linked = set(re.findall(r"\]\(docs/([\w-]+\.md)", text))
    wanted = {"knight-hawks.md", "sathar-war.md", "starfleet-wars.md", "stellar-inferno.md", "files.md", "keys.md", "speed.md", "commands.md"}
    assert wanted <= linked, f"README.md does not link {sorted(wanted - linked)} in docs/"
    assert not linked - pages, f"README.md links pages docs/ does not have: {sorted(linked - pages)}"
    assert not broken_links(README), "README.md: " + "; ".join(broken_links(README))


@pytest.mark.parametrize("page", sorted((REPO / "docs").glob("*.md")), ids=lambda p: p.name)
def test_the_docs_pages_links_lead_somewhere(page: Path) -> None:
    broken = broken_links(page)
    assert not broken, f"{page.relative_to(REPO)}: " + "; ".join(broken)


def test_a_broken_link_or_anchor_is_found(tmp_path: Path) -> None:
    """The link check itself: a missing page and a missing heading are caught, a good one is not."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "a.md").write_text("# Page A\n\n## Readings (the scenarios)\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "[ok](docs/a.md) [ok](docs/a.md#readings-the-scenarios) [ok](#top) [gone](docs/b.md) [bad](docs/a.md#readings)\n\n# Top\n",
        encoding="utf-8",
    )
    assert broken_links(page) == ["docs/b.md: no such file", "docs/a.md#readings: no heading #readings in docs/a.md"]


# -- the commands -------------------------------------------------------------------------------------


def shell_lines(text: str) -> Iterator[str]:
    """The lines of the shell blocks the README runs: not those marked not run."""
    for match in FENCE.finditer(text):
        if match["lang"] not in ("sh", "bash", "shell", "console"):
            continue
        before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        if NOT_RUN.search(before):
            continue
        yield from (line for line in match["body"].splitlines() if line.strip())


def commands(text: str) -> Iterator[tuple[list[str], bool]]:
    """Each command of the shell blocks as its words, and whether the README says it is refused
    (its line's comment begins 'refused'; on a line of several commands, the last)."""
    for line in shell_lines(text):
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&")
        lexer.whitespace_split = True
        words = list(lexer)
        parts: list[list[str]] = [[]]
        for word in words:
            if word in (";", "&&"):
                parts.append([])
            else:
                parts[-1].append(word)
        parts = [p for p in parts if p]
        for i, part in enumerate(parts):
            yield part, bool(REFUSED.search(line)) and i == len(parts) - 1


def test_the_commands_are_read_from_the_runnable_blocks_only() -> None:
    text = "```sh\nreferee a 'b c'; referee d && referee e   # refused: why\nmake run  # x\n```\n<!-- not run: opens the app -->\n```sh\nreferee view x\n```\n```text\nreferee f\n```\n"
    assert list(commands(text)) == [(["referee", "a", "b c"], False), (["referee", "d"], False), (["referee", "e"], True), (["make", "run"], False)]


def test_every_command_of_the_readme_runs_from_a_clean_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's commands in order, as a referee would type them in an empty folder, the app's
    folder ($REFEREE_HOME) empty too: each exits 0, or 2 where the README says it is refused."""
    folder = tmp_path / "night"
    folder.mkdir()
    monkeypatch.chdir(folder)
    env = {"REFEREE_HOME": str(tmp_path / "home"), "REFEREE_CAMPAIGN": "", "REFEREE_BATTLE": "", "REFEREE_ENGAGEMENT": "", "REFEREE_SCENARIO": "", "COLUMNS": "100"}
    for name in ("REFEREE_CAMPAIGN", "REFEREE_BATTLE", "REFEREE_ENGAGEMENT", "REFEREE_SCENARIO"):
        monkeypatch.delenv(name, raising=False)
        del env[name]
    runner = CliRunner()
    ran = 0
    for words, refused in commands(README.read_text(encoding="utf-8")):
        if words[0] == "make":
            continue
        if words[0] == "export":
            name, _, value = words[1].partition("=")
            env[name] = value
            continue
        assert words[0] == "referee", f"README.md runs `{shlex.join(words)}`: its shell blocks hold referee, export and make lines; mark a block of others <!-- not run: why -->"
        result = runner.invoke(app, words[1:], env=env, catch_exceptions=False)
        expected = 2 if refused else 0
        assert result.exit_code == expected, f"`{shlex.join(words)}` exited {result.exit_code}, not {expected}: {result.output}"
        ran += 1
    assert ran >= 10, f"README.md's shell blocks run only {ran} referee commands"
