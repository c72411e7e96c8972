"""Mutated campaign and battle files. Whatever a hand edit or a damaged disk makes of a
file, loading it gives a one-line refusal (a RefereeError naming the unit and key, no control
character in it) or a state that saves and reads back the same; never another exception.

A seeded generator changes one thing at a time in a war and a battle in play (tests/helpers/hostile.py):
keys deleted, list items repeated, numbers negated, made huge or one off, wrong types, control
characters, markup and "²" in names and texts; and it damages the TOML text itself (a byte flipped,
a line dropped, the end cut off). ``make test`` tries 200 of each; REFEREE_LONG=N tries N*20.
A few go through the command line too: exit 2, one line on stderr, no traceback, file unchanged.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from referee.errors import RefereeError
from referee.knight_hawks import battle_file
from referee.sathar_war import campaign_file
from tests.helpers.hostile import battle_in_play, damaged_text, mutate, places, small_war
from tests.helpers.tables import TABLES

LONG = int(os.environ.get("REFEREE_LONG", "0"))
TRIES = LONG * 20 if LONG else 200
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def load_campaign(data: dict[str, Any]) -> object:
    return campaign_file.from_dict(data, TABLES)


def load_battle(data: dict[str, Any]) -> object:
    return battle_file.from_dict(data, TABLES)


def save_campaign(state: Any) -> str:
    return campaign_file.text(state, TABLES)


def save_battle(state: Any) -> str:
    return battle_file.text(state, TABLES)


def outcome(data: dict[str, Any], load: Callable[[dict[str, Any]], object], save: Callable[[Any], str]) -> str:
    """'refused' (one clean line) or 'loaded' (and it saved and read back the same); anything else fails."""
    try:
        state = load(data)
    except RefereeError as error:
        message = str(error)
        assert message and "\n" not in message, f"a refusal of more than one line: {message!r}"
        assert not CONTROL.search(message), f"a refusal holding a control character: {message!r}"
        return "refused"
    text = save(state)  # a state a load accepts is one a save writes (read back as a load reads it)
    assert load(tomllib.loads(text)) == state
    return "loaded"


BASES: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[dict[str, Any]], object], Callable[[Any], str]]] = {
    "campaign": (small_war, load_campaign, save_campaign),
    "battle": (battle_in_play, load_battle, save_battle),
}


@pytest.mark.parametrize("kind", BASES)
def test_the_unmutated_files_load_and_read_back(kind: str) -> None:
    make, load, save = BASES[kind]
    assert outcome(make(), load, save) == "loaded"


@pytest.mark.parametrize("kind", BASES)
def test_a_mutated_file_is_refused_in_one_line_or_loads_a_state_that_saves(kind: str) -> None:
    make, load, save = BASES[kind]
    base = make()
    at = places(base)
    rng = random.Random(f"issue 13 {kind}")
    counts: Counter[str] = Counter()
    for number in range(TRIES):
        data, what = mutate(base, rng, at)
        try:
            counts[outcome(data, load, save)] += 1
        except Exception as error:  # noqa: BLE001 - the finding: any other exception, with the change that caused it
            raise AssertionError(f"{kind} mutation #{number} ({what}): {type(error).__name__}: {error}") from error
    assert counts["refused"] > TRIES // 2 and counts["loaded"] > 0, counts
    if LONG:
        print(f"\n{kind}: {TRIES} mutated tables: {dict(counts)}")


@pytest.mark.parametrize("kind", BASES)
def test_a_damaged_file_text_is_refused_in_one_line_or_loads(kind: str) -> None:
    make, load, save = BASES[kind]
    text = tomli_w.dumps(make(), multiline_strings=True)
    rng = random.Random(f"issue 13 text {kind}")
    counts: Counter[str] = Counter()
    for number in range(TRIES // 3):
        damaged = damaged_text(text, rng)
        try:
            data = tomllib.loads(damaged)
        except tomllib.TOMLDecodeError:
            counts["not TOML"] += 1  # storage.read refuses it in one line (below, through the command line)
            continue
        try:
            counts[outcome(data, load, save)] += 1
        except Exception as error:  # noqa: BLE001
            raise AssertionError(f"{kind} damaged text #{number}: {type(error).__name__}: {error}") from error
    assert counts["refused"] + counts["not TOML"] > 0, counts


def referee(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "referee", *args], capture_output=True, text=True, timeout=60)


def test_mutated_files_through_the_command_line_exit_2_with_one_line_and_leave_the_file(tmp_path: Path) -> None:
    rng = random.Random("issue 13 cli")
    cases: list[tuple[str, str, list[str]]] = []
    war, battle = small_war(), battle_in_play()
    war["units"][1]["name"] = "Bad\x1b]0;owned\x07Name"  # a terminal escape (set the window title) in a name
    cases.append(("c.toml", tomli_w.dumps(war), ["campaign", "forces", "-c"]))
    battle["seekers"][0]["turn"] = -1
    cases.append(("b.toml", tomli_w.dumps(battle), ["kh", "ships", "-b"]))
    cases.append(("d.toml", damaged_text(tomli_w.dumps(small_war()), rng)[:5000], ["campaign", "status", "-c"]))
    cases.append(("e.toml", tomli_w.dumps(battle_in_play()).replace('hex = "1207"', 'hex = "nowhere"'), ["kh", "log", "-b"]))
    for name, text, command in cases:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        before = path.read_bytes()
        done = referee(*command, str(path))
        assert done.returncode == 2, (name, done.stdout, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("referee: error: "), done.stderr
        assert "Traceback" not in done.stderr and not CONTROL.search(done.stderr.rstrip("\n")), done.stderr
        assert path.read_bytes() == before
