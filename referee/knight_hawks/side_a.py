"""Side A by a die roll, for a scenario that leaves it to the players (Advanced Scenario 1, Close
Escort, Setting Up: "After the ships are placed, each player rolls a die. The player rolling the
higher number is side A, and moves first").

"A die" is one ten-sided die, 1 to 10: the game's dice are ten-sided (How To Use The Dice: "Two dice
are included in Knight Hawks games. These dice have 10 sides"). The book does not say what a tie
does; read as both players rolling again, as nothing else can name a higher roll (a reading,
logged as one). The roll decides the order of ``sides`` (side A first) and the side moving.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from referee import dice, strict
from referee.dice import Roll
from referee.errors import RefereeError
from referee.knight_hawks.battle import Battle
from referee.knight_hawks.combat import MANUAL
from referee.knight_hawks.combat_phase import Done, noted

if TYPE_CHECKING:
    import random  # (the dice's type only: random is imported where dice are made)

DIE = "1d10"
DICE_RULE = f"{MANUAL}, How To Use The Dice (ten-sided dice)"


def roll_for_side_a(battle: Battle, rng: random.Random, rolled: Mapping[str, str] = {}) -> Done:
    """Each side rolls a die (or gives the roll made at the table, by side); the higher is side A."""
    if not battle.roll_for_side_a:
        raise RefereeError(f"{battle.name} does not roll for side A: {battle.sides[0]} is side A and moves first")
    entered = {strict.pick(side, battle.sides, "side", battle.name): value for side, value in rolled.items()}
    if entered and len(entered) != len(battle.sides):
        raise RefereeError(f"give both sides' rolls for side A (e.g. --roll {battle.sides[0]}=7 --roll {battle.sides[1]}=4), or neither")
    rounds: list[dict[str, Roll]] = []
    while True:
        rolls = {side: dice.take(DIE, rng, entered.get(side), f"{side}'s die for side A") for side in battle.sides}
        first, second = (rolls[side].total for side in battle.sides)
        if first != second:
            break
        if entered:
            raise RefereeError(f"a tie, {first} each: the players roll again (the book names no winner of a tie); enter the new rolls")
        rounds.append(rolls)
    winner, loser = sorted(battle.sides, key=lambda side: -rolls[side].total)
    ties = "".join(f"a tie, {next(iter(r.values())).total} each, rolled again; " for r in rounds)
    text = f"each player rolls a die for side A: {ties}{', '.join(f'{s} {rolls[s].total}' for s in battle.sides)}: {winner} rolled higher, is side A and moves first; {loser} is side B"
    battle = battle._replace(sides=(winner, loser), moving=winner, roll_for_side_a=False)
    receipts = [*(r for past in rounds for r in past.values()), *rolls.values()]
    rule = f"{battle.source}, Setting Up; {DICE_RULE}" + ("; a tie rolled again (a reading: the book is silent)" if rounds else "")
    return noted(battle, text, receipts, rule)
