"""The optional rules (Stellar Inferno [12]): "Any of the following optional rule sections can be
added to a scenario with the agreement of both players at the start of the game." The caller passes
the set of names in play; a step that needs a rule not in play is refused by name.

Technology advantage (12.12) is optional, yet every scenario states one in its Conditions (none,
Eldar +2, Terran +1): a scenario that gives an advantage plays ``technology-advantage``.
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.errors import RefereeError

# name: (paragraph, the book's heading)
OPTIONAL = {
    "asteroids": ("12.1", "Asteroids"),
    "grazing-orbit": ("12.2", "Grazing Orbit Maneuver"),
    "stealth-mines": ("12.3", "Stealth Mines"),
    "overloading-engines": ("12.4", "Overloading Engines"),
    "overloading-weapons": ("12.5", "Overloading Weapons"),
    "sensors": ("12.6", "Sensors"),
    "psi-specialists": ("12.7", "Psi Specialists"),
    "ramming": ("12.8", "Ramming"),
    "ship-design": ("12.9", "Ship Design"),
    "strategic-bombardment": ("12.10", "Strategic Bombardment"),
    "tactical-bombardment": ("12.11", "Tactical Bombardment"),
    "technology-advantage": ("12.12", "Technology Advantage"),
    "boarding": ("12.13", "Boarding Attack"),
    "space-defense-units": ("12.14", "Space Defense Unit"),
    # not an optional rule of [12]: the referee's choice of the printed reading of 11.1.4 ("a +1 is
    # added to the dice roll") over the program's (-1, so the faster side performs better)
    "printed-maneuver-bonus": ("11.1.4", "Maneuver bonus as printed, +1 to the die"),
}
Rules = frozenset[str]
NONE: Rules = frozenset()


def in_play(names: Iterable[str]) -> Rules:
    """The optional rules named, checked: case, spaces and '_' do not matter (``Stealth Mines``)."""
    chosen = set()
    for name in names:
        key = "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())
        if key not in OPTIONAL:
            raise RefereeError(f"no optional rule {name!r}; choose from {', '.join(OPTIONAL)} (Stellar Inferno [12])")
        chosen.add(key)
    return frozenset(chosen)


def title(name: str) -> str:
    """``12.5 Overloading Weapons``."""
    paragraph, heading = OPTIONAL[name]
    return f"{paragraph} {heading}"


def rule(name: str) -> str:
    """The citation of an optional rule: ``Stellar Inferno 12.5 (Overloading Weapons, optional)``."""
    paragraph, heading = OPTIONAL[name]
    return f"Stellar Inferno {paragraph} ({heading}, optional)"


def require(rules: Rules, name: str, what: str) -> None:
    """Refuse ``what`` unless the optional rule ``name`` is in play."""
    if name not in rules:
        playing = ", ".join(sorted(rules)) or "none"
        raise RefereeError(f"{what} is the optional rule {title(name)}, not in play in this game (optional rules in play: {playing}); play '{name}' to use it")
