"""The official tables of the four rule systems, loaded from ``tables/*.toml`` and looked up.

Three kinds of lookup, as ``tables/README.md`` describes the data:

- **key**: a row by its key (weapon, ship, planet...), optionally one cell of it; cells with two
  readings (the Advanced Combat Table's plain and Gunnery-skill percentages) take a variant. A
  table with ``at_or_below`` also finds the highest row at or below a number (a ship's cost gives
  its category, Stellar Inferno Table 1). A table of factors and their squares (power units per
  factor, Starfleet Wars) goes on by that rule beyond its last row.
- **band**: the row whose ``low..high`` holds a number (a modified d100 on the Damage Table).
  Bands of squares (power units per factor, Starfleet Wars) go on by their rule beyond the last
  row; a table with ``choose_column`` is read in the one column a referee names (the type of
  damage a Damage Control Team declared).
- **odds**: Stellar Inferno's odds row and die column: the highest row at or below the exact
  ratio of attack to defense, clamped to the first and last rows; die results beyond the first
  and last columns read those columns. A table with ``no_attack_rule`` refuses an attack of 0 or
  less (ship combat, 7.2.4).

Every lookup returns a :class:`Lookup` that says which table, row and cell produced it and how
the row was found, so a result can always cite its source.

The values here are frozen ``NamedTuple``s rather than attrs classes: this module is on the quick
command-line path, where importing attrs and building its classes cost about 18 ms a lookup
(more than a tenth of the whole command; see docs/speed.md).
"""

# No postponed annotations here (from __future__ import annotations): typing.NamedTuple compiles each
# field's annotation given as text, about 10 µs a field, and every campaign command builds these
# classes (issue 21). An annotation naming what is defined further down is quoted.
import functools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Literal, NamedTuple, Union

from referee import cache
from referee.errors import RefereeError
from referee.resources import tables_dir

Value = Union[int, float, str, bool, list["Value"]]
Row = Mapping[str, Value]
LookupKind = Literal["key", "band", "odds"]
Edge = Literal["refuse", "clamp", "squares"]
Fail = Callable[[str], RefereeError]

UNKNOWN = "unknown"
_TABLE_FIELDS = {
    "title",
    "source",
    "notes",
    "lookup",
    "columns",
    "rows",
    "roll",
    "variants",
    "key_column",
    "below",
    "above",
    "die_columns",
    "choose_column",
    "at_or_below",
    "no_attack_rule",
}


def shown(value: object) -> str:
    """A cell as the referee reads it; unknown cells say so."""
    if value == UNKNOWN:
        return "unknown (not readable in the source)"
    if isinstance(value, list):
        return ", ".join(shown(v) for v in value) if value else "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def normal(name: object) -> str:
    """A key as matched: case, spaces, '-' and '_' do not matter, but a minus sign before a
    number does (-1 is not the key 1)."""
    return _normal(str(name))


_NEGATIVE = re.compile(r"-\s*\d")
_SPACING = re.compile(r"[\s_\-]+")


@functools.lru_cache(maxsize=4096)
def _normal(text: str) -> str:
    # kept: a campaign's load finds every ship's class among the rows by its normal form, the same
    # few names hundreds of times (about 1.2 ms of a load without the cache); the patterns compiled
    # once (re's own cache costs a lookup a call: the tables' load makes some 200 keys)
    text = text.strip()
    sign = "-" if _NEGATIVE.match(text) else ""
    return sign + _SPACING.sub("", text).lower()


class Column(NamedTuple):
    key: str
    label: str
    aliases: tuple[str, ...] = ()

    def names(self) -> tuple[str, ...]:
        return (self.key, self.label, *self.aliases)


class Table(NamedTuple):
    """One official table: its rows as the book prints them, with source and notes."""

    name: str
    title: str
    source: str
    notes: tuple[str, ...]
    lookup: LookupKind
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]
    roll: str = ""
    variants: tuple[str, ...] = ()
    key_column: str = ""
    below: Edge = "refuse"
    above: Edge = "refuse"
    die_columns: tuple[int, ...] = ()
    choose_column: str = ""
    at_or_below: str = ""
    no_attack_rule: str = ""

    @classmethod
    def from_toml(cls, name: str, data: Mapping[str, object]) -> "Table":
        """Build and check one ``[tables.NAME]`` entry; refuse a malformed one by name."""
        return _build(name, data)

    # -- finding rows and columns ------------------------------------------------------------

    def row_key(self, row: Row) -> str:
        return str(row[self.key_column])

    def column(self, name: str) -> Column:
        wanted = normal(name)
        for column in self.columns:
            if wanted in {normal(n) for n in column.names()}:
                return column
        raise RefereeError(f"{self.name} has no column {name!r}; choose from {', '.join(c.key for c in self.columns)}")

    def row(self, key: str) -> Row:
        """**key** lookup: the row whose key (or one of its aliases) is ``key``."""
        row = self._named_row(key)
        if row is None:
            raise RefereeError(f"{self.name} has no row {key!r}; choose {self._row_choices()}")
        return row

    def _named_row(self, key: str) -> Row | None:
        wanted = normal(key)
        for row in self.rows:
            names = [row[self.key_column], *_aliases(row)]
            if wanted in {normal(n) for n in names}:
                return row
        return None

    def _row_choices(self) -> str:
        if self.above == "squares":
            return f"a number from {self._number_range()}"
        return f"from {', '.join(self.row_key(r) for r in self.rows)}"

    def band(self, number: int) -> tuple[Row, str]:
        """**band** lookup: the row whose ``low..high`` holds ``number``, and how it was read."""
        first, last = self.rows[0], self.rows[-1]
        if number == 0 and self.roll in ("d10", "1d10") and _bound(first, "low") == 1:
            row, how = self.band(10)
            return row, f"0 on a d10 reads as 10; {how}"
        below, above = number < _bound(first, "low"), number > _bound(last, "high")
        if above and self.above == "squares":
            row = self._square_row(math.isqrt(number))
            return row, f"{number} is above the printed bands: by their rule of squares it falls in {_band_name(row)}"
        if (below and self.below == "clamp") or (above and self.above == "clamp"):
            edge = first if below else last
            return edge, f"{number} is {'below' if below else 'above'} the table: read as {_band_name(edge)}"
        if below or above:
            raise RefereeError(f"{self.name} has no band for {number}; it runs from {self._number_range()}")
        for row in self.rows:
            if _bound(row, "low") <= number <= _bound(row, "high"):
                return row, f"{number} falls in {_band_name(row)}"
        raise AssertionError("bands are contiguous: checked on loading")

    def _number_range(self) -> str:
        """The numbers a band table (or a key table of squares) reads: ``1 to 100``, or ``0 up``
        where the rule of squares goes on beyond the last row."""
        first, last = ("low", "high") if self.lookup == "band" else (self.key_column, self.key_column)
        upper = "up" if self.above == "squares" else f"to {self.rows[-1][last]}"
        return f"{self.rows[0][first]} {upper}"

    def _factor_column(self) -> str:
        """Of a table of squares (``above = "squares"``): the factor's column; the other is its
        square, or the two bounds of the power units that buy it at most."""
        return self.columns[2].key if self.lookup == "band" else self.key_column

    def _square_row(self, factor: int) -> Row:
        """The row of ``factor`` by the rule of squares: every factor costs its square in power
        units (Starfleet Wars: see tables/README.md). On a band table, the power units that buy
        ``factor`` at most (factor squared to the next factor squared less 1); on a key table,
        the factor and its cost."""
        if self.lookup == "band":
            return {"low": factor * factor, "high": (factor + 1) ** 2 - 1, self._factor_column(): factor}
        cost = next(c.key for c in self.columns if c.key != self.key_column)
        return {self.key_column: factor, cost: factor * factor}

    def factor_row(self, number: int) -> tuple[Row, str]:
        """Of a key table of squares: the row of factor ``number``, printed or, beyond the last
        row, by the rule of squares; a factor below the first row is refused."""
        first, last = _bound(self.rows[0], self.key_column), _bound(self.rows[-1], self.key_column)
        if number < first:
            what = self.column(self.key_column).label.lower()
            raise RefereeError(f"{self.name} has no {what} {number}; it runs from {self._number_range()}")
        if number > last:
            row = self._square_row(number)
            return row, f"{number} is above the printed rows ({first} to {last}): by their rule of squares, {number} x {number} = {number * number}"
        return self.rows[number - first], f"row '{number}'"

    def _printed_band(self, row: Row, column: Column) -> Row:
        """The band ``row`` lies in for ``column`` alone: the run of rows with the same cell there.

        Damage Control Table #2 prints its own bands for each type of damage; the file's rows are
        the finest bands of all of them together.
        """
        index = self.rows.index(row)
        first = last = index
        while first > 0 and self.rows[first - 1][column.key] == row[column.key]:
            first -= 1
        while last + 1 < len(self.rows) and self.rows[last + 1][column.key] == row[column.key]:
            last += 1
        return {"low": self.rows[first]["low"], "high": self.rows[last]["high"]}

    def row_at_or_below(self, number: int) -> tuple[Row, str]:
        """The highest row whose ``at_or_below`` column is at or below ``number``."""
        column = self.column(self.at_or_below)
        what = column.label.lower()
        first = self.rows[0]
        if number < _bound(first, column.key):
            raise RefereeError(f"{self.name}: {what} {number} is below the first row ({self.row_key(first)}, {what} {first[column.key]}); give {first[column.key]} or more")
        row = [r for r in self.rows if _bound(r, column.key) <= number][-1]
        return row, f"{what} {number}: the highest row at or below it is {self.row_key(row)} ({what} {row[column.key]})"

    def odds_row(self, attack: int, defense: int) -> tuple[Row, str]:
        """**odds** lookup: the highest row at or below attack:defense, clamped at both ends.

        The exact ratio is compared with each row (7 against 4 reads 3:2: rules README,
        Stellar Inferno 7.3.7 and 11.2.1); odds below the first row read it, above the last
        read it (the tables' footnote); an attack on a defense of 0 (factors may be 0, Stellar Inferno
        5.1.1) is above every row.
        """
        said = f"{attack}:{defense}"
        if attack <= 0 and self.no_attack_rule:
            raise RefereeError(f"{self.name}: no attack at {said}: {self.no_attack_rule}; the attack must be 1 or more")
        if defense < 0 or attack < 0 or attack == defense == 0:
            raise RefereeError(f"{self.name}: odds need an attack of 0 or more and a defense of 0 or more, not both 0; not {said}")
        rows = [(row, *_odds(str(row["odds"]))) for row in self.rows]
        at_or_below = [row for row, a, d in rows if a * defense <= attack * d]
        first, last = self.rows[0], self.rows[-1]
        if defense == 0:
            return last, f"{said}: an attack on a defense of 0 is above every row: read as {last['odds']} (the table's footnote)"
        if not at_or_below:
            return first, f"{said} is below {first['odds']}: read as {first['odds']} (the table's footnote)"
        chosen = at_or_below[-1]
        _, a, d = rows[-1]
        if chosen is last and attack * d > a * defense:
            return last, f"{said} is above {last['odds']}: read as {last['odds']} (the table's footnote)"
        return chosen, f"{said} reads row {chosen['odds']}"

    def die_column(self, die: int) -> tuple[Column, str]:
        """The die column of an odds table; a die beyond the first or last column reads it."""
        read = min(max(die, self.die_columns[0]), self.die_columns[-1])
        column = self.columns[1 + self.die_columns.index(read)]
        note = f"die {die}" if read == die else f"die {die} reads the column {column.label!r}"
        return column, note

    # -- the lookup the command line and the rules layer share ------------------------------------

    def look_up(self, keys: Sequence[str], variant: str = "", column: str = "") -> "Lookup":
        """Look up by the strings a referee types: see each kind's method for their meaning.

        A key or a column may be several words, given as one string (``"Frontier Militia"``) or a
        word each (``Frontier Militia 2``): the row is the one the longest run of first words
        names, the column the one the words after it name (the last word may be the variant, on a
        table with variants). ``column`` names the column to read, as if typed after the key.
        """
        if not keys:
            raise RefereeError(f"{self.name} needs {self.key_help()}")
        if self.lookup == "odds":
            if column:
                raise RefereeError(f"{self.name}: the die chooses the column; give odds and a die, not the column {column!r}")
            return self._look_up_odds(keys)
        if self.lookup == "band":
            chosen, variant = self._column_named(keys[1:], column, variant, keys)
            if chosen is None:
                self._no_column()
            row, how = self._find(keys[0], chosen)
        else:
            row, how, chosen, variant = self._key_row(keys, column, variant)
            if chosen is None:
                self._no_column()
        return self._result(row, chosen, how, variant)

    def _key_row(self, keys: Sequence[str], column: str, variant: str) -> tuple[Row, str, Column | None, str]:
        """Of a key table: the row the longest run of first words names, and the column (and
        variant) the words after it name."""
        row, how, count = self._first_words_row(keys)
        return row, how, *self._column_named(keys[count:], column, variant, keys)

    def _first_words_row(self, keys: Sequence[str]) -> tuple[Row, str, int]:
        """The row the longest run of first words names, how, and how many words named it."""
        for count in range(len(keys), 1, -1):
            named = self._named_row(" ".join(keys[:count]))
            if named is not None:
                return named, f"row {' '.join(keys[:count])!r}", count
        first = keys[0]
        numbers = (self.at_or_below and re.fullmatch(_WHOLE, first)) or (self.above == "squares" and re.fullmatch(_DIGITS, first))
        if len(keys) > 1 and not numbers and self._named_row(first) is None:
            raise RefereeError(f"{self.name} has no row {_typed(*keys)!r}, nor one named by its first words; choose {self._row_choices()}")
        return *self._find(first, None), 1

    def _column_named(self, words: Sequence[str], column: str, variant: str, keys: Sequence[str]) -> tuple[Column | None, str]:
        """The column (and variant) named by the words after the key, or by ``column``; none if
        neither names one. ``keys``: all the words typed, for a refusal."""
        if column:
            if len(words) > (1 if self.variants else 0):
                raise RefereeError(f"{self.name} takes {self.key_help()}; got {_typed(*keys, column)}")
            return self.column(column), words[0] if words else variant
        if not words:
            return None, variant
        named = self._named_column(" ".join(words))
        if named is None and self.variants and len(words) > 1:
            named = self._named_column(" ".join(words[:-1]))
            if named is not None:
                return named, words[-1]
        return named or self.column(" ".join(words)), variant

    def _named_column(self, name: str) -> Column | None:
        wanted = normal(name)
        return next((c for c in self.columns if wanted in {normal(n) for n in c.names()}), None)

    def _find(self, key: str, column: Column | None) -> tuple[Row, str]:
        """The row a key or number finds, and how."""
        if self.lookup == "band":
            number = _integer(key, f"{self.name}: the number to look up")
            row, how = self.band(number)
            if self.choose_column and column is not None:
                how = f"{number} falls in {_band_name(self._printed_band(row, column))}"
            return row, how
        if self.at_or_below and re.fullmatch(_WHOLE, key):
            return self.row_at_or_below(int(key))
        if self.above == "squares" and re.fullmatch(_DIGITS, key):
            return self.factor_row(_integer(key, f"{self.name}: the {self.column(self.key_column).label.lower()}"))
        return self.row(key), f"row {key!r}"

    def _no_column(self) -> None:
        """No column asked for: the whole row, unless the table is read in one chosen column."""
        if self.choose_column:
            raise RefereeError(f"{self.name} is read in one column, {self.choose_column}: choose {_either([c.key for c in self.choices()])}")

    def choices(self) -> tuple[Column, ...]:
        """The columns a referee may name after the key: all but the key (and a band's bounds)."""
        return tuple(c for c in self.columns if c.key not in (self.key_column, "low", "high"))

    def chances(self) -> tuple[Column, ...]:
        """Of a key table rolled on with a d100: the columns a d100 is rolled against, at or under
        the figure to succeed (the Combat Tables' chances to hit, the Misjump Probability Table's
        safe jumps). Every row holds a chance there: a percentage as the books print every chance,
        5 to 100 in steps of 5 (one for each variant). Other figures, an astrogator's level, a die
        as read, a modifier, are not rolled against."""
        if self.lookup != "key" or self.roll != "d100":
            return ()
        return tuple(c for c in self.choices() if all(_is_chance(row[c.key]) for row in self.rows))

    def roll_for(self, keys: Sequence[str], column: str = "", modifier: int = 0) -> "tuple[str, Callable[[int], Rolled]]":
        """What a roll on this table is for, and how a die rolled is read (``modifier`` added to
        it; refused against a chance): at the odds given on an odds table, in the column given
        (by ``keys`` or ``column``) on a band table, against the chance in the column given on a
        key table, of the row given or of every row.

        Refused now, before any die is rolled, if the roll could not be read.
        """
        if not self.roll or (self.lookup == "key" and not self.chances()):
            raise RefereeError(f"{self.name} is not rolled on; look it up by key: {self.key_help()}")
        if self.lookup == "key":
            return self._chance_for(keys, column, modifier)

        def said(die: int) -> str:
            return f"{die} {modifier:+d} = {die + modifier}" if modifier else str(die)

        if self.lookup == "odds":
            if not keys:
                raise RefereeError(f"{self.name} is rolled at the odds of the attack: give the odds, e.g. 3:2 (attack:defense)")
            if len(keys) > 1 or column:
                raise RefereeError(f"{self.name}: give only the odds, e.g. 3:2; the die is rolled and chooses the column (got {_typed(*keys, column)})")
            self.odds_row(*_odds(keys[0]))
            return f"{self.title} at {keys[0]}", lambda die: Rolled(said(die), (self.look_up([keys[0], str(die + modifier)]),))
        if keys and column:
            raise RefereeError(f"{self.name} is rolled without odds; give at most the column to read, not {_typed(*keys, column)}")
        named = column or " ".join(keys)
        chosen = self.column(named) if named else self._no_column()
        purpose = f"{self.title}, {chosen.label}" if chosen else self.title
        return purpose, lambda die: Rolled(said(die), (self.look_up([str(die + modifier), *([named] if named else [])]),))

    def _chance_for(self, keys: Sequence[str], column: str, modifier: int) -> "tuple[str, Callable[[int], Rolled]]":
        """A d100 against the chance in one column (the words typed, or ``column``, last): of the
        row the first words name, or of every row if the words name only the column.

        The chance is the one printed: what modifies a chance is its own rule's (an attack's range,
        ICMs and automatic hits and misses: ``referee kh attack``), not the table's."""
        words = [*keys, column] if column else list(keys)
        chances = _either([c.key for c in self.chances()])
        if modifier:
            raise RefereeError(f"{self.name}: a chance is rolled against as the table prints it, without a modifier (not {modifier:+d})")
        if not words:
            raise RefereeError(f"{self.name}: a {self.roll} is rolled against the chance in one column: give {chances} (after a {self.key_column} to roll for that row alone)")
        rows: Sequence[Row] = self.rows
        hows = [f"row {self.row_key(row)!r}" for row in rows]
        try:
            chosen, variant = self._column_named(words, "", "", words)
        except RefereeError:
            try:
                row, how, count = self._first_words_row(words)
            except RefereeError:
                raise RefereeError(f"{self.name}: {_typed(*words)!r} names no column to roll against ({chances}), nor a {self.key_column} and a column") from None
            chosen, variant = self._column_named(words[count:], "", "", words)
            rows, hows = [row], [how]
        if chosen is None:
            raise RefereeError(f"{self.name}: give the column to roll against after the {self.key_column}: {chances}")
        if chosen not in self.chances():
            raise RefereeError(f"{self.name}: {chosen.label} is no chance to roll against; choose {chances}")
        for row in rows:
            self._result(row, chosen, "", variant)  # a wrong variant is refused now
        purpose = ", ".join([self.title, chosen.label, *([variant] if variant else [])])
        return purpose, lambda die: Rolled(str(die), tuple(self._against(row, how, chosen, variant, die) for row, how in zip(rows, hows)))

    def _against(self, row: Row, how: str, column: Column, variant: str, die: int) -> "Lookup":
        """A die against the chance in ``column`` of ``row``: at or under it succeeds."""
        cell = self._result(row, column, how, variant)
        chance = cell.value
        assert isinstance(chance, int), "a chance: checked by chances()"
        outcome = "success" if die <= chance else "failure"
        reading = f"{cell.reading}: chance {chance}; {die} is {'at or under' if die <= chance else 'above'} it: {outcome}"
        return cell._replace(reading=reading, outcome=outcome)

    def _look_up_odds(self, keys: Sequence[str]) -> "Lookup":
        if len(keys) > 2:
            raise RefereeError(f"{self.name} takes odds and a die, e.g. 7:4 4; got {' '.join(keys)}")
        row, how = self.odds_row(*_odds(keys[0]))
        if len(keys) == 1:
            return Lookup(self, row, None, None, how)
        column, die_note = self.die_column(_integer(keys[1], f"{self.name}: the die"))
        return Lookup(self, row, column, row[column.key], f"{how}; {die_note}")

    def key_help(self) -> str:
        """What a look-up takes, with the columns there are to choose between."""
        if self.lookup == "odds":
            return "odds as attack:defense (e.g. 3:2 or 7:4) and a die"
        choices = self.choices()
        column = "then the column" if self.choose_column else "then optionally a column" if self.lookup == "band" else "and optionally a column"
        if choices:
            column += f" ({_either([c.key for c in choices])})"
        if self.lookup == "band":
            return f"a number from {self._number_range()}, {column}"
        extra = f" and a variant ({' or '.join(self.variants)})" if self.variants else ""
        number = f" (or a {self.at_or_below})" if self.at_or_below else ""
        if self.above == "squares":
            number = f" from {self._number_range()}"
        return f"a {self.key_column}{number} {column}{extra}"

    def roll_help(self) -> str:
        """How a roll on this table is typed in the Dice screen's look-up box ("" if it is not rolled on)."""
        if not self.roll:
            return ""
        if self.lookup == "odds":
            return f"roll: roll ODDS (e.g. roll 3:2), a {self.roll} choosing the column"
        if self.lookup == "band":
            column = f" {'|'.join(c.key for c in self.choices())}" if self.choose_column else ""
            return f"roll: roll{column} [+N], a {self.roll} (+N added to it)"
        chances = self.chances()
        if not chances:
            return ""
        key = self.key_column.upper()
        return f"roll: roll [{key}] {'|'.join(c.key for c in chances)}, a {self.roll} at or under the chance succeeds; without a {key}, for every row"

    def _result(self, row: Row, column: Column | None, how: str, variant: str) -> "Lookup":
        if column is None:
            return Lookup(self, row, None, None, how)
        value = row[column.key]
        if self.variants and isinstance(value, list):
            chosen = variant or self.variants[0]
            if normal(chosen) not in [normal(v) for v in self.variants]:
                raise RefereeError(f"{self.name} has no variant {chosen!r}; choose from {', '.join(self.variants)}")
            index = [normal(v) for v in self.variants].index(normal(chosen))
            return Lookup(self, row, column, value[index], f"{how}, {column.label}, {self.variants[index]}")
        return Lookup(self, row, column, value, f"{how}, {column.label}")


class Lookup(NamedTuple):
    """What a lookup found: the row, the cell if one was asked for, and how it was found."""

    table: Table
    row: Row
    column: Column | None
    value: Value | None
    reading: str
    outcome: str = ""  # a chance rolled against: "success" or "failure"

    def against(self) -> str:
        """A chance rolled against, as the referee reads it: ``Sathar Warship: chance 70, failure``."""
        return f"{self.table.row_key(self.row)}: chance {shown(self.value)}, {self.outcome}"

    def citation(self) -> str:
        """Which table and row produced the result: ``Advanced Game Damage Table (...), 81-84``."""
        return f"{self.table.title} ({self.table.source}): {self.reading}"

    def to_dict(self) -> dict[str, object]:
        """Plain data with stable keys, for ``--json``."""
        return {
            "table": self.table.name,
            "title": self.table.title,
            "source": self.table.source,
            "row": dict(self.row),
            "column": self.column.key if self.column else None,
            "value": self.value if self.column else None,
            "reading": self.reading,
            **({"outcome": self.outcome} if self.outcome else {}),
        }


class Rolled(NamedTuple):
    """A die rolled on a table, read: the die as read (with the modifier added), and the row read;
    a chance rolled against a whole column reads every row."""

    said: str
    found: tuple[Lookup, ...]

    def citation(self) -> str:
        """The table and row (or column) that produced the result."""
        if len(self.found) == 1:
            return self.found[0].citation()
        first = self.found[0]
        column = first.column.label if first.column else ""
        return f"{first.table.title} ({first.table.source}): {column}, every row"


class Tables(NamedTuple):
    """Every loaded table by full name (``kh.damage``)."""

    by_name: Mapping[str, Table]

    def names(self) -> list[str]:
        return sorted(self.by_name)

    def get(self, name: str) -> Table:
        """The table called ``name`` (``prefix.name``; the bare name if only one has it)."""
        wanted = name.strip().lower()
        if wanted in self.by_name:
            return self.by_name[wanted]
        bare = [t for n, t in self.by_name.items() if n.split(".", 1)[1] == wanted]
        if len(bare) == 1:
            return bare[0]
        import difflib

        close = difflib.get_close_matches(wanted, self.names(), n=4, cutoff=0.5)
        close += [n for n in self.names() if wanted and wanted in n and n not in close][:4]
        hint = f"did you mean {', '.join(close)}?" if close else "run 'referee table list' for every name"
        raise RefereeError(f"no table called {name!r}; {hint}")


def load(directory: Path | None = None, prefix: str | tuple[str, ...] = "") -> Tables:
    """Load every table file in ``directory`` (default: the official tables).

    With ``prefix`` (``kh``, or several: ``("kh", "ssw")``), only the files of those rule systems
    are read, if any has them; each file read is checked whole.
    """
    folder = directory or tables_dir()
    files = sorted(folder.glob("*.toml"))
    wanted = {prefix} if isinstance(prefix, str) else set(prefix)
    if wanted - {""}:
        mine = [f for f in files if _declared_prefix(f) in wanted]
        files = mine or files
    tables: dict[str, Table] = {}
    for path in files:
        tables.update(load_file(path))
    return Tables(tables)


_PREFIX_LINE = re.compile(r'prefix\s*=\s*"([^"]*)"')


def _declared_prefix(path: Path) -> str:
    """The prefix the file's header (the lines before its first ``[tables...]``) says; "" if none."""
    with path.open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            if line.startswith("["):
                return ""
            found = _PREFIX_LINE.match(line)
            if found:
                return found.group(1)
    return ""


def load_file(path: Path) -> dict[str, Table]:
    """One rule system's tables, checked; a malformed file is refused with the place at fault."""
    data = _parse(path)
    prefix = data.get("prefix")
    if not isinstance(prefix, str) or not prefix:
        raise RefereeError(f'{path.name}: needs prefix = "..." (e.g. "kh")')
    entries = data.get("tables")
    if not isinstance(entries, dict) or not entries:
        raise RefereeError(f"{path.name}: has no [tables.NAME] entries")
    return {f"{prefix}.{name}": Table.from_toml(f"{prefix}.{name}", entry) for name, entry in entries.items()}


def _parse(path: Path) -> dict[str, object]:
    """The file's TOML, through the cache of what was parsed (:mod:`referee.cache`: kept for the file's
    very bytes, so any change to it parses it afresh; the tables are checked as ever). Parsing the Knight Hawks file takes about
    8 ms, half the time of a lookup beyond Python and typer; reading back the parsed data takes a
    fraction of a millisecond."""
    try:
        source = path.read_bytes()
        kept = cache.name("tables", path)
        data = cache.load(kept, source)
        if isinstance(data, dict):
            return data
        import tomllib  # only on a cache miss: about 2 ms

        data = tomllib.loads(source.decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:  # TOMLDecodeError is a ValueError
        raise RefereeError(f"{path.name}: cannot read the table file: {error}") from error
    cache.store(kept, source, data)
    return data


# -- building and checking a table from its TOML ------------------------------------------------


def _build(name: str, data: Mapping[str, object]) -> Table:
    def fail(message: str) -> RefereeError:
        return RefereeError(f"table {name}: {message}")

    if not isinstance(data, Mapping):
        raise fail("must be a [tables.NAME] table")
    extra = set(data) - _TABLE_FIELDS
    if extra:
        raise fail(f"unknown field(s) {', '.join(sorted(extra))}; allowed: {', '.join(sorted(_TABLE_FIELDS))}")
    for field in ("title", "source", "lookup", "columns", "rows"):
        if field not in data:
            raise fail(f"required field {field!r} is missing")
    lookup = data["lookup"]
    if lookup not in ("key", "band", "odds"):
        raise fail(f"lookup must be 'key', 'band' or 'odds', not {lookup!r}")
    columns = tuple(_column(name, c) for c in _list(data["columns"], fail, "columns"))
    keys = [c.key for c in columns]
    rows = tuple(_row(name, i, r, keys) for i, r in enumerate(_list(data["rows"], fail, "rows")))
    if not rows:
        raise fail("has no rows")
    key_column = str(data.get("key_column", keys[0] if lookup != "odds" else "odds"))
    if key_column not in keys:
        raise fail(f"key_column {key_column!r} is not one of its columns")
    table = Table(
        name=name,
        title=str(data["title"]),
        source=str(data["source"]),
        notes=tuple(str(n) for n in _list(data.get("notes", []), fail, "notes")),
        lookup=lookup,
        columns=columns,
        rows=rows,
        roll=str(data.get("roll", "")),
        variants=tuple(str(v) for v in _list(data.get("variants", []), fail, "variants")),
        key_column=key_column,
        below=_edge(data.get("below", "refuse"), fail, "below"),
        above=_edge(data.get("above", "refuse"), fail, "above", ("refuse", "clamp", "squares")),
        die_columns=tuple(int(d) for d in _list(data.get("die_columns", []), fail, "die_columns")),  # type: ignore[call-overload]
        choose_column=str(data.get("choose_column", "")),
        at_or_below=str(data.get("at_or_below", "")),
        no_attack_rule=str(data.get("no_attack_rule", "")),
    )
    {"key": _check_keys, "band": _check_bands, "odds": _check_odds}[lookup](table, fail)
    _check_options(table, fail)
    return table


def _list(value: object, fail: Fail, field: str) -> list[object]:
    if not isinstance(value, list):
        raise fail(f"{field} must be a list")
    return value


def _edge(value: object, fail: Fail, field: str, allowed: tuple[Edge, ...] = ("refuse", "clamp")) -> Edge:
    if value not in allowed:
        raise fail(f"{field} must be {_either([repr(a) for a in allowed])}, not {value!r}")
    return value


def _column(name: str, data: object) -> Column:
    if not isinstance(data, Mapping) or not isinstance(data.get("key"), str) or not isinstance(data.get("label"), str):
        raise RefereeError(f'table {name}: each column must be {{ key = "...", label = "..." }}, not {data!r}')
    return Column(data["key"], data["label"], tuple(str(a) for a in data.get("aliases", [])))


def _row(name: str, index: int, data: object, keys: list[str]) -> Row:
    if not isinstance(data, Mapping):
        raise RefereeError(f"table {name}: row {index + 1} must be an inline table")
    missing = [k for k in keys if k not in data]
    extra = [k for k in data if k not in keys and k != "aliases"]
    if missing or extra:
        problem = f"missing {', '.join(missing)}" if missing else f"unknown column(s) {', '.join(extra)}"
        raise RefereeError(f"table {name}: row {index + 1} ({next(iter(data.values()), '?')}): {problem}")
    return dict(data)


def _aliases(row: Row) -> list[Value]:
    aliases = row.get("aliases", [])
    return list(aliases) if isinstance(aliases, list) else []


def _check_keys(table: Table, fail: Fail) -> None:
    seen: dict[str, str] = {}
    for row in table.rows:
        for key in [row[table.key_column], *_aliases(row)]:
            if normal(key) in seen and seen[normal(key)] != table.row_key(row):
                raise fail(f"key {key!r} names two rows ({seen[normal(key)]!r} and {table.row_key(row)!r})")
            seen[normal(key)] = table.row_key(row)


def _check_bands(table: Table, fail: Fail) -> None:
    previous: int | None = None
    for row in table.rows:
        low, high = row.get("low"), row.get("high")
        if not isinstance(low, int) or not isinstance(high, int) or low > high:
            raise fail(f"band {low}-{high}: low and high must be whole numbers, low <= high")
        if previous is not None and low != previous + 1:
            raise fail(f"band {low}-{high} does not follow the band ending at {previous}")
        previous = high


def _check_odds(table: Table, fail: Fail) -> None:
    die_count = len(table.columns) - 1
    if table.columns[0].key != "odds" or len(table.die_columns) != die_count or die_count < 1:
        raise fail("an odds table has the column 'odds' first, then one column per die_columns entry")
    if list(table.die_columns) != sorted(table.die_columns):
        raise fail("die_columns must ascend")
    ratios = [a / d for a, d in (_odds(str(row["odds"])) for row in table.rows)]
    if ratios != sorted(set(ratios)):
        raise fail("odds rows must ascend without repeats")


def _check_options(table: Table, fail: Fail) -> None:
    """The fields that only some kinds of table take, and what they need."""
    if table.above == "squares":
        _check_squares(table, fail)
    elif table.lookup != "band" and (table.above != "refuse" or table.below != "refuse"):
        raise fail("below and above are for band tables (and above = 'squares' for a key table of factors and their squares)")
    if table.at_or_below:
        if table.lookup != "key" or table.at_or_below not in [c.key for c in table.columns]:
            raise fail(f"at_or_below must name a column of a key table, not {table.at_or_below!r}")
        numbers = [row[table.at_or_below] for row in table.rows]
        if not all(isinstance(n, int) for n in numbers) or numbers != sorted(set(numbers)):
            raise fail(f"the at_or_below column {table.at_or_below!r} must hold whole numbers in ascending order")
    if table.choose_column and table.lookup == "odds":
        raise fail("choose_column is for key and band tables: on an odds table the die chooses the column")
    if table.no_attack_rule and table.lookup != "odds":
        raise fail("no_attack_rule is for odds tables")


def _check_squares(table: Table, fail: Fail) -> None:
    """``above = "squares"``: every row is the row of its factor by the rule of squares, and a key
    table has a row for every factor from its first to its last (beyond the last the rule goes on)."""
    if (table.lookup, len(table.columns)) not in (("band", 3), ("key", 2)):
        raise fail("above = 'squares' is for band tables of three columns (low, high and the factor) and key tables of two (the factor and its square)")
    factor_column = table._factor_column()
    first = table.rows[0][factor_column]
    for index, row in enumerate(table.rows):
        factor = row[factor_column]
        printed = {k: v for k, v in row.items() if k != "aliases"}
        if not isinstance(factor, int) or isinstance(factor, bool) or table._square_row(factor) != printed:
            if table.lookup == "band":
                raise fail(f"band {row['low']}-{row['high']} ({factor_column} {factor}) is not the band of {factor} squared (to the next factor squared, less 1)")
            raise fail(f"row {factor!r}: a {factor_column} must be a whole number and its square the other column")
        if table.lookup == "key" and factor != _bound(table.rows[0], factor_column) + index:
            raise fail(f"row {factor}: the {factor_column}s must run from {first} up without a gap, one row each")


def _typed(*words: str) -> str:
    """The words a referee typed, as typed."""
    return " ".join(w for w in words if w)


def _either(choices: Sequence[str]) -> str:
    """``a, b or c``."""
    return " or ".join([", ".join(choices[:-1]), choices[-1]] if len(choices) > 1 else choices)


def _bound(row: Row, edge: str) -> int:
    """A band's ``low`` or ``high``: whole numbers, checked on loading."""
    value = row[edge]
    assert isinstance(value, int)
    return value


def _band_name(row: Row) -> str:
    return f"band {row['low']} to {row['high']}"


# the patterns of a lookup's keys, compiled when a lookup first asks (re keeps them): a command that
# looks nothing up, as most campaign commands, does not compile them
_WHOLE = r"\s*[+-]?\d{1,6}\s*"
_DIGITS = r"\s*[+-]?\d+\s*"
_WORDS = r"""(?<!\S)(["'])(.*?)(?:\1|$)(?!\S)|(\S+)"""


def _odds(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"\s*([+-]?\d{1,6})\s*[:/]\s*([+-]?\d{1,6})\s*", text)
    if match is None:
        raise RefereeError(f"{text!r} is not odds: write attack:defense in whole factors, e.g. 3:2 or 7:4")
    attack, defense = int(match[1]), int(match[2])
    if defense <= 0:
        raise RefereeError(f"{text!r}: the defense must be more than 0")
    return attack, defense


def _is_chance(value: Value) -> bool:
    """A percentage as the books print a chance: 5 to 100 in steps of 5 (a list: one a variant)."""
    if isinstance(value, list):
        return bool(value) and all(_is_chance(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool) and 5 <= value <= 100 and value % 5 == 0


def words(text: str) -> list[str]:
    """What a referee typed, word by word; words in quotes are one (``"Frontier Militia" 2``).

    A quote inside a word is part of it (Z'Gata, Ken'zah); a quote left open runs to the end."""
    found = [quoted if quote else word for quote, quoted, word in re.findall(_WORDS, text)]
    return [w for w in found if w.strip()]


def _integer(text: str, what: str) -> int:
    if re.fullmatch(_WHOLE, text) is None:
        size = " of at most 6 digits" if re.fullmatch(_DIGITS, text) else ""
        raise RefereeError(f"{what} must be a whole number{size}, not {text!r}")
    return int(text)
