"""What the referee gives and does next, named in the rules' terms; each front end names it its own way.

A refusal often says what to give instead ("give 2 ADF points, not 1") or what to do first (roll
the fire damage, leave the station). The rules layer writes that part as a key in braces,
``{adf}``, ``{fires}``, with the values it needs (``wanted``, ``ship``); a front end says it in its
own words: the command line by its options and commands (``give --adf 2``, ``kh fires``:
referee.cli.battles), the app by its fields and keys (``ADF points used: give 2``, ``r``:
referee.tui.battle.actions). ``str()`` of a refusal says it in the rules' words (:data:`RULES`).
A refusal about one value names it (``field``), so the app can show it beside its field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from referee.errors import RefereeError

KEY = re.compile(r"\{([a-z_]+)\}")  # a key in a refusal's text (a name or other text in braces is left as it is)

Words = Mapping[str, str]  # a key -> how a front end says it (a format string over the refusal's values)

RULES: Words = {
    "adf": "ADF points used: {wanted}",
    "mr": "MR points used (turns): {wanted}",
    "speed": "speed: {wanted}",
    "no_roll": "no roll is made",
    "toward": "an escape toward a star system",
    "by": "the ship dropping them",
    "fires": "the fire damage step first",
    "next": "the Sequence of Play moves on",
    "leave_dock": "it leaves its station or carrier",
    "leave_with": "the {carrier} leaves",
    "leave_map": "it flies off the map",
    "navigation": "the navigation roll",
    "move": "its move",
    "masking": "a masking screen",
    "placed": "their own steps",
    "not_basic": "not in a Basic Game",
}


class Refusal(RefereeError):
    """A refusal whose text names what the referee gives or does next by keys (see the module)."""

    def __init__(self, text: str, field: str = "", **values: object) -> None:
        self.text = text
        self.field = field  # the value refused, by its key ("" : none in particular)
        self.values = {k: str(v) for k, v in values.items()}
        super().__init__(self.said(RULES))

    def said(self, words: Words) -> str:
        """The refusal in a front end's words (a key it has no words for: the rules' words)."""
        known = {**RULES, **words}

        def name(match: re.Match[str]) -> str:
            key = match[1]
            if key in known:
                return known[key].format_map(self.values)  # (its values: "kh dock {ship!r} --leave")
            return self.values.get(key, match[0])

        return KEY.sub(name, self.text)
