"""The quick reading of a campaign's units and a battle's ships (roster_file._plain_ship,
campaign_file._plain_unit, strict.fits) refuses nothing of its own: a table it takes, the reading
key by key takes, to the same ship or unit; any other it leaves to that reading, which refuses it in
its own words. Here both readings are given the generated war's units at day 150 and the bundled
battles' ships, each changed one value at a time (a wrong kind, a control character, a figure out
of range, an unknown key, a key left out), and must give the same roster or the same refusal.
"""

from __future__ import annotations

import copy
import marshal
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from referee import strict
from referee.errors import RefereeError
from referee.knight_hawks import roster, roster_file
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file
from tests.helpers.tables import TABLES

WAR = Path(__file__).parents[2] / "benchmarks" / "fixtures" / "war-last-day.toml"
UNITS: list[dict[str, Any]] = tomllib.loads(WAR.read_text(encoding="utf-8"))["units"]

# Values of every kind a TOML table holds, right for some keys and wrong for most: figures at and
# beyond the edges, texts with control characters, spaces, line breaks and tabs, codes of systems,
# damaged systems, screens and places, lists of words and of other things, tables.
VALUES: list[object] = [
    -2,
    -1,
    0,
    1,
    3,
    40,
    10**9,
    True,
    False,
    1.5,
    "",
    "x",
    " x",
    "x ",
    "ES",
    "es",
    "XX",
    "lb",
    "hull",
    "navigation",
    "Prenglar",
    "frigate",
    "Frigate",
    " frigate",
    "gunboat",
    "fighter",
    "\x1b[2J",
    "two\nlines",
    "a\ttab",
    "\x85",
    "\x7f",
    [],
    ["LB"],
    ["lb", "T"],
    ["XX"],
    ["RB x2 of 4"],
    ["RB x0"],
    ["RB x3 of 2"],
    ["LB", "lb"],
    ["LB destroyed"],
    ["?"],
    ["navigation"],
    ["navigation", "bogus"],
    ["hull"],
    ["\x07"],
    ["a\nb"],
    [1],
    [["LB"]],
    {},
    {"where": "Prenglar"},
]
PLACES: list[object] = [
    {"where": "Prenglar"},
    {"where": "Prenglar", "planet": "Gran Quivera"},
    {"planet": "Triad"},
    {"where": "Prenglar", "box": -1},
    {"where": "Prenglar-Cassidine", "box": 2, "toward": "Cassidine", "rate": 4},
    {"where": "Prenglar", "rate": 0},
    {"where": "K'tsa-Kar", "bogus": 1},
    {"where": "\x1b"},
    {"where": 3},
    {"where": "Prenglar", "jumped": 1},
    {"where": "Prenglar", "turned": True},
    "Prenglar",
    [],
]
KEYS = sorted({*roster_file.KEY_TYPES, *campaign_file.UNIT_KEY_TYPES, "bogus", "Name", " name", "Class"})


def changed(table: dict[str, Any], more: dict[str, list[object]]) -> Iterator[dict[str, Any]]:
    """The table with one key left out, or one key (known or not) given one of the values."""
    for key in table:
        yield {k: v for k, v in table.items() if k != key}
    for key in sorted({*KEYS, *more}):
        for value in [*VALUES, *more.get(key, [])]:
            yield {**table, key: copy.deepcopy(value)}


def fresh(table: dict[str, Any]) -> dict[str, Any]:
    """A copy of the table for one reading alone, as deep as copy.deepcopy makes it (plain data: a
    tenth of the time)."""
    return marshal.loads(marshal.dumps(table))  # type: ignore[no-any-return]


def outcome(read: Callable[[], object], quick: bool, monkeypatch: pytest.MonkeyPatch) -> object:
    """What a reading gives, the quick one on or off: the ship or unit, or the refusal's words
    (the ships read before forgotten: each reading reads)."""
    roster_file._READ.clear()
    with monkeypatch.context() as patch:
        if not quick:
            patch.setattr(roster_file, "_plain_ship", lambda *args: None)
            patch.setattr(campaign_file, "_plain_unit", lambda *args: None)
        try:
            return read()
        except RefereeError as error:
            return f"refused: {error}"


def shapes() -> list[dict[str, Any]]:
    """Units of the war of each shape: the first that has each key (a place, a loss, a fighter
    carried, a ship docked, damaged, in the Void, a Sathar placed in a circle...)."""
    chosen: dict[str, dict[str, Any]] = {}
    for unit in UNITS:
        for key in unit:
            chosen.setdefault(key, unit)
    return list({id(u): u for u in chosen.values()}.values())


def quick_ones(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[object]:
    """The ships (or units) the quick reading ``module.name`` takes from here on."""
    taken: list[object] = []
    plain = getattr(module, name)

    def counted(*args: Any) -> object:
        found = plain(*args)
        if found is not None:
            taken.append(found)
        return found

    monkeypatch.setattr(module, name, counted)
    return taken


@pytest.mark.parametrize("unit", shapes(), ids=lambda u: u["name"])
def test_a_changed_unit_reads_as_key_by_key(unit: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    quick_ships, quick_units = quick_ones(monkeypatch, roster_file, "_plain_ship"), quick_ones(monkeypatch, campaign_file, "_plain_unit")
    places = [{**unit.get("place", {"where": "Prenglar"}), **p} if isinstance(p, dict) else p for p in PLACES]
    tables = list(changed(unit, {"place": places, "hull": [unit["hull_points"], unit["hull_points"] + 1], "dcr_now": [unit["dcr"], unit["dcr"] + 1]}))
    for table in tables:

        def read() -> object:
            return campaign_file._unit(fresh(table), "units #7", TABLES)

        assert outcome(read, True, monkeypatch) == outcome(read, False, monkeypatch), table
    assert len(quick_ships) > len(tables) // 4 and len(quick_units) > len(tables) // 10  # the quick reading took a good share of them (of the units, those whose ship was read)


BATTLES = [tomllib.loads(p.read_text(encoding="utf-8")) for p in sorted(campaigns_dir().glob("kh-*.toml"))]


@pytest.mark.parametrize("battle", BATTLES, ids=lambda b: b["name"])
def test_a_changed_battle_ship_reads_as_key_by_key(battle: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """Basic and Advanced Game ships, as the bundled battles give them (by class, or with their own
    figures), changed as the units above are."""
    quick = quick_ones(monkeypatch, roster_file, "_plain_ship")
    read_well = 0
    for ship in battle["ships"][:3]:
        for table in changed(ship, {"dcr": [1]}):

            def read() -> object:
                return roster_file.ship_from_dict(fresh(table), "ships #2", battle["game"], TABLES)

            found = outcome(read, True, monkeypatch)
            assert found == outcome(read, False, monkeypatch), table
            read_well += not isinstance(found, str)
    assert len(quick) > read_well // 2  # of the tables read, the quick reading took most


def test_the_war_at_day_150_is_read_all_the_quick_way_to_the_campaign_read_key_by_key(monkeypatch: pytest.MonkeyPatch) -> None:
    data = tomllib.loads(WAR.read_text(encoding="utf-8"))
    taken: list[object] = []
    for name, module in (("_plain_ship", roster_file), ("_plain_unit", campaign_file)):

        def noted(*args: Any, quick: Callable[..., object] = getattr(module, name)) -> object:
            taken.append(quick(*args))
            return taken[-1]

        monkeypatch.setattr(module, name, noted)

    def read() -> object:
        return campaign_file.from_dict(data, TABLES, WAR.with_name(WAR.name + ".log"))

    quick = outcome(read, True, monkeypatch)
    assert len(taken) == 2 * len(UNITS) and None not in taken
    assert quick == outcome(read, False, monkeypatch)


def test_fits_takes_only_what_the_strict_reading_takes() -> None:
    kinds = {"name": str, "count": int, "up": bool, "codes": list, "place": dict}
    assert strict.fits({"name": "UPF Frigate", "count": 0, "up": False, "codes": ["LB", "RB x2"], "place": {"anything": 1}}, kinds)
    assert strict.fits({}, kinds)
    for wrong in (
        {"bogus": 1},
        {"count": True},
        {"count": 1.0},
        {"up": 1},
        {"name": "two\nlines"},
        {"name": "\x9b"},
        {"codes": ["LB", 1]},
        {"codes": [["LB"]]},
        {"codes": ["\x1b"]},
        {"codes": "LB"},
        {"place": []},
    ):
        assert not strict.fits(wrong, kinds), wrong
    assert not strict.fits(["name"], kinds)


def test_a_listing_is_read_once_and_refused_every_time_in_the_same_words() -> None:
    first = roster.systems(["LB", "RB x2 of 4", "T destroyed"])
    assert roster.systems(["LB", "RB x2 of 4", "T destroyed"]) is first
    assert first == (roster.System("LB", 1, 1), roster.System("RB", 2, 4), roster.System("T", 1, 1, "destroyed"))
    for _ in range(2):
        with pytest.raises(RefereeError, match=r"^RB is listed twice in \['RB', 'rb x2'\]: give one line with its count$"):
            roster.systems(["RB", "rb x2"])
        with pytest.raises(RefereeError, match=r"^cannot read 1: write a system as CODE"):
            roster.systems([1])  # not a text: read as before, not kept


def test_the_kinds_are_the_keys_read() -> None:
    assert roster_file.KEY_TYPES.keys() == roster_file.START_KEYS | roster_file.STATE_KEYS
    assert campaign_file.UNIT_KEY_TYPES.keys() == campaign_file.UNIT_KEYS
    assert campaign_file.PLACE_KEY_TYPES.keys() == campaign_file.PLACE_KEYS


def test_a_loss_line_is_read_as_the_lazy_pattern_read_it() -> None:
    """campaign_file._LOSS reads the kind greedily: it holds no comma nor parenthesis, so it ends at
    the first either way, and every line gives the same parts as the lazy pattern it replaced."""
    hows = "|".join(campaign_file.HOWS)
    lazy = re.compile(rf"day ([1-9][0-9]{{0,5}}), ({hows}): (.+) \((Sathar|UPF) ([^(),]+?)(, militia)?(, station)?\)")
    lines = tomllib.loads(WAR.read_text(encoding="utf-8"))["losses"]
    tricky = [
        "day 5, combat: Zikit Station (UPF armed station, station)",
        "day 5, combat: A (UPF frigate) (UPF frigate, militia, station)",
        "day 5, combat: A (UPF x (Sathar frigate)",
        "day 5, combat: A (UPF frigate, station, militia)",
        "day 5, combat: A (UPF frigate,)",
        "day 5, combat: A (UPF , militia)",
        "day 5, combat: A (UPF frigate, militia, militia)",
        "day 5, combat: (UPF (UPF a) (UPF b)",
        "day 5, combat: A (UPF fri(gate)",
        "day 5, combat: A (UPF frigate)x",
        "day 5, combat: A (UPF frigate, station)(UPF b)",
        "day 0, combat: A (UPF frigate)",
        "day 1234567, combat: A (UPF frigate)",
        "day 5, combat:  (UPF  )",
        "day 5, misjump: A ((UPF) (UPF b)",
    ]
    for line in [*lines, *tricky]:
        before, after = lazy.fullmatch(line), campaign_file._LOSS.fullmatch(line)
        assert (before and before.groups()) == (after and after.groups()), line


@pytest.mark.parametrize(
    ("read", "message"),
    [
        (lambda: strict.get({"n": -1}, "n", int, "ship 'A'", low=0), "ship 'A': n must be 0 or more, not -1"),
        (lambda: strict.get({"n": 5}, "n", int, "w", low=1, high=2), "w: n must be from 1 to 2, not 5"),
        (lambda: strict.get({"n": -4}, "n", int, "w", high=-5), "w: n must be -5 or less, not -4"),
        (lambda: strict.get({"s": "a\x1bb"}, "s", str, "w"), "w: s holds the control character '\\x1b' (at 1): write printable characters only"),
        (lambda: strict.get({"s": "a\nb\x07"}, "s", str, "w", lines=True), "w: s holds the control character '\\x07' (at 3): write printable characters only; line breaks and tabs are allowed"),
        (lambda: strict.words({"k": ["ok", "x\x9b"]}, "k", "w"), "w: k #2 holds the control character '\\x9b' (at 1): write printable characters only"),
        (lambda: strict.keys({"a": 1, "zz": 2, "\x1b": 3}, {"a"}, "w"), "w: unknown key '\\x1b', zz; the keys are a"),
    ],
)
def test_the_strict_reading_words_a_refusal_as_before(read: Callable[[], object], message: str) -> None:
    """strict.get, words and keys put a refusal's words together only when they refuse: the same words."""
    with pytest.raises(RefereeError) as refused:
        read()
    assert str(refused.value) == message


def test_the_strict_reading_takes_what_it_took() -> None:
    assert strict.get({"n": 0}, "n", int, "w", low=0, high=0) == 0
    assert strict.get({"s": "a\nb\tc"}, "s", str, "w", lines=True) == "a\nb\tc"
    assert strict.words({"k": ["a\nb"]}, "k", "w", lines=True) == ("a\nb",)
    table = {"a": 1}
    assert strict.keys(table, {"a", "b"}, "w") is table
