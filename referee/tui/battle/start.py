"""A Knight Hawks battle begun from a bundled scenario's name (``referee play the-stand``): the
scenario as a new battle file in the campaigns folder, each side's die for side A asked first on
the terminal where the scenario calls for it, before the app starts. No Textual here."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from referee import saves
from referee.errors import RefereeError
from referee.resources import scenario_files
from referee.tables import Tables


def new_battle(scenario: str, every: Tables, ask: Callable[[str], str] | None = None) -> Path:
    """A bundled scenario as a new battle file in the campaigns folder, checked, at turn 1. A
    scenario whose players roll for side A (Close Escort) asks each side's die first, on the
    terminal (``ask``; Enter alone: roll for me), before the app starts: the file is saved with
    side A decided."""
    from referee import storage
    from referee.knight_hawks import battle_file

    battle = battle_file.from_dict(storage.read(scenario_files()[scenario], "scenario"), every, start=True)
    if battle.roll_for_side_a:
        battle = side_a(battle, ask)
    return saves.new_battle(scenario, battle_file.text(battle, every))


def side_a(battle: Any, ask: Callable[[str], str] | None) -> Any:
    """Each side's die for side A, typed as rolled at the table (checked) or rolled here; a tie is
    rolled again."""
    from referee import dice
    from referee.knight_hawks.side_a import DIE, roll_for_side_a

    while True:
        rolled: dict[str, str] = {}
        for side in battle.sides:
            while ask is not None:
                typed = ask(f"{battle.name}: {side}'s die for side A ({DIE}, as rolled at the table; Enter: roll for me): ").strip()
                try:
                    if typed:
                        dice.entered(DIE, typed)
                        rolled[side] = typed
                    break
                except RefereeError as error:
                    print(f"  {error}")
        if len(rolled) == 1:
            rolled = {}  # one side typed and one not: both rolled here (the rule wants both, or neither)
        try:
            done = roll_for_side_a(battle, random.Random(), rolled)
        except RefereeError as error:
            print(f"  {error}")
            continue
        print(done.entries[-1].text)
        return done.battle
