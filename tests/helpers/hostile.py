"""Hostile input for the tests of damaged files and arguments: a small war and a battle in play as
file tables, every one of their states one the rules make, and the mutations a hand edit or a
damaged disk could make of them.

The war (day 8, step 4) holds what the load checks look at: a station with a ship docked at it, a
fleet, a fighter aboard its carrier, Sathar ships on a red path, in a system, in the Void and off the
map, losses with the units they name, a replacement owed, a declared battle, an order and a log.
"""

from __future__ import annotations

import copy
import functools
import random
import tomllib
from typing import Any

from referee.resources import campaigns_dir

# what a hand edit may put anywhere: wrong types, huge and negative numbers, "²" (str.isdigit but not
# int()), control characters (a terminal escape, a bell), markup, long text, names of nothing
EVIL: list[object] = [
    -1,
    -9,
    0,
    10**18,
    2**63,
    -(2**63),
    1.5,
    True,
    "",
    " ",
    "²",
    "-1",
    "9999",
    "0911",
    "nowhere",
    "\x1b[31mred\x1b[0m",
    "bell\x07",
    "tab\tand\nline",
    "\x9bC1",
    "[red",
    "[/]",
    "[bold]x[/bold]",
    "x" * 400,
    [],
    [1, "a"],
    {},
    {"a": 1},
    ["\x1b"],
    [[]],
]


@functools.cache
def _bundled(name: str) -> dict[str, Any]:
    return tomllib.loads((campaigns_dir() / name).read_text(encoding="utf-8"))


def small_war() -> dict[str, Any]:
    """A war in play, as a campaign file's tables (it loads: see tests/files/test_mutated_files.py)."""
    start = copy.deepcopy(_bundled("second-sathar-war.toml"))
    by_name = {u["name"]: u for u in start["units"]}
    prenglar = {"where": "Prenglar", "planet": "Morgaine's World"}
    circle = "Prenglar Start Circle"

    def unit(name: str, **state: Any) -> dict[str, Any]:
        found = {k: v for k, v in by_name[name].items() if k not in ("status", "place", "fleet", "docked_at", "carried_by")}
        return {**found, **state}

    units = [
        unit("Fortress Pale", place={"where": "Truane's Star", "planet": "Pale"}),
        unit("Pale Militia Frigate", place={"where": "Truane's Star", "planet": "Pale"}, docked_at="Fortress Pale", docked_since=3, hull=30),
        unit("Pale Militia Assault Scout 1", status="destroyed", lost=5),
        unit("Gran Quivera Station", place={"where": "Prenglar", "planet": "Gran Quivera"}),
        unit("Fortress Gollwin", place=prenglar),
        unit("TF Prenglar Assault Carrier", place=prenglar, fleet="Task Force Prenglar"),
        unit("TF Prenglar Frigate 1", place=prenglar, fleet="Task Force Prenglar", moved=True),
        unit("UPF Fighter 1", place=prenglar, carried_by="TF Prenglar Assault Carrier"),
        unit("TF Prenglar Destroyer 1", status="destroyed", lost=6),
        unit("Sathar Frigate 1", place={"where": f"{circle} - Prenglar", "box": 2, "toward": "Prenglar"}, placed=1, circle=circle, moved=True),
        unit("Sathar Frigate 2", place={"where": "Prenglar", "planet": "Gran Quivera"}, placed=1, circle=circle, attacked="Gran Quivera", fought=True),
        unit("Sathar Frigate 3", status="destroyed", lost=7, placed=1, circle=circle),
        unit("Sathar Destroyer 1", status="void", returns=12, placed=1, circle=circle),
        unit("Sathar Assault Carrier 1", status="off-map"),
        unit("Sathar Fighter 1", status="off-map", carried_by="Sathar Assault Carrier 1"),
    ]
    loss = {"side": "UPF", "how": "combat", "militia": False, "station": False}
    return {
        **{k: v for k, v in start.items() if k not in ("units", "log")},
        "day": 8,
        "step": "upf-attacks",
        "retreat_condition": 3,
        "orders": [{"ship": "Pale Militia Frigate", "hull": 5}],
        "allowances": [{"station": "Fortress Pale", "size": "large", "count": 1, "until": 9, "used": []}],
        "losses": [
            {**loss, "day": 5, "name": "Pale Militia Assault Scout 1", "kind": "assault scout", "militia": True},
            {**loss, "day": 6, "name": "TF Prenglar Destroyer 1", "kind": "destroyer"},
            {**loss, "day": 7, "name": "Sathar Frigate 3", "side": "Sathar", "kind": "frigate"},
        ],
        "fights": [
            {"system": "Prenglar", "planet": "Gran Quivera", "attacker": "Sathar", "ships": ["Sathar Frigate 2", "Gran Quivera Station"], "rules": "Advanced Game (2 ships)", "game": "advanced"}
        ],
        "units": units,
        "log": [
            {"day": 0, "step": "setup", "text": "the war is set up", "rolls": [], "rule": "Setting Up the Game"},
            {"day": 8, "step": "upf-attacks", "text": "a note\nover two lines", "rolls": ["d100: 3 4 = 34 (virtual)"], "rule": ""},
        ],
    }


def battle_in_play() -> dict[str, Any]:
    """The Stand at turn 3, UPF moving, with a mine, an active seeker, a ship destroyed and a log."""
    data = copy.deepcopy(_bundled("kh-the-stand.toml"))
    sides = data["sides"]
    victim = next(s for s in data["ships"] if s["class"] == "fighter" and s["side"] == sides[0])
    victim["hull"] = 0
    victim.pop("carried_by", None)
    return {
        **data,
        "turn": 3,
        "moving": sides[1],
        "mines": [{"hex": "1207", "side": sides[1]}],
        "seekers": [{"hex": "1512", "side": sides[1], "active": True, "moved": 2, "turn": 2}, {"hex": "0101", "side": sides[1]}],
        "losses": [{"ship": victim["name"], "turn": 2, "half": sides[1], "shooting": True}],
        "log": [
            {"turn": 1, "side": sides[0], "text": "the battle begins", "rolls": [], "rule": ""},
            {"turn": 3, "side": sides[1], "text": f"turn 3: {sides[1]}'s half of the turn", "rolls": [], "rule": ""},
        ],
    }


def places(data: object, path: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every key and list index in the tables, as a path from the top."""
    found: list[tuple[object, ...]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            found.append((*path, key))
            found += places(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.append((*path, index))
            found += places(value, (*path, index))
    return found


def mutate(data: dict[str, Any], rng: random.Random, at: list[tuple[object, ...]]) -> tuple[dict[str, Any], str]:
    """One random change to a copy of the tables (``at``: the paths to choose from), and what it was."""
    copied = copy.deepcopy(data)
    path = rng.choice(at)
    parent: Any = copied
    for step in path[:-1]:
        parent = parent[step]
    key: Any = path[-1]
    old = parent[key]
    how = rng.random()
    if how < 0.15:
        del parent[key]
        return copied, f"deleted {path}"
    if how < 0.25 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(old))
        return copied, f"repeated {path}"
    if how < 0.45 and isinstance(old, int) and not isinstance(old, bool):
        new: object = rng.choice([-old, old - 1, old + 1, -1, old + 10**9, 10**18, -(10**18)])
    elif how < 0.55 and isinstance(old, str):
        new = old + rng.choice(["\x1b[2J", "\x07", "\x00", "\x7f", "\x85", "[/]", "[red", "²", " "])
    elif how < 0.6 and isinstance(old, str):
        new = rng.choice(["", old.upper(), old[: len(old) // 2]])
    else:
        new = rng.choice(EVIL)
    parent[key] = copy.deepcopy(new)
    return copied, f"{path}: {old!r:.40} -> {new!r:.40}"


def damaged_text(text: str, rng: random.Random) -> str:
    """The file's text with a byte flipped, a line dropped or the end cut off."""
    raw = bytearray(text.encode("utf-8"))
    how = rng.random()
    if how < 0.4:
        spot = rng.randrange(len(raw))
        raw[spot] ^= 1 << rng.randrange(8)
    elif how < 0.7:
        lines = raw.split(b"\n")
        del lines[rng.randrange(len(lines))]
        raw = bytearray(b"\n".join(lines))
    else:
        raw = raw[: rng.randrange(len(raw))]
    return raw.decode("utf-8", errors="replace")


def unit(data: dict[str, Any], name: str) -> dict[str, Any]:
    return next(u for u in data["units"] if u["name"] == name)
