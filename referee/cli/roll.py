"""``referee roll EXPR``: roll dice, or check a result rolled at the table."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from referee.cli.groups import one
from referee.cli.numbers import NegativeNumbers
from referee.cli.output import print_json


def roll(
    expression: Annotated[list[str], typer.Argument(help="Dice expression: 2d10+4, d100, d%00, 3d10+5, 2d6, d6 (spaces allowed).")],
    seed: Annotated[Optional[int], typer.Option(help="Seed the virtual dice: the same seed gives the same rolls.")] = None,
    rolled: Annotated[Optional[str], typer.Option("--rolled", help="The result rolled at the table, instead of virtual dice (checked against the possible range).")] = None,
    target: Annotated[Optional[int], typer.Option(help="Succeed at or under this number (the percentile rule of the books); shows the outcome.")] = None,
    purpose: Annotated[str, typer.Option("--for", help="What the roll is for, kept on its receipt.")] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print the receipt as JSON with stable keys.")] = False,
) -> None:
    """Roll dice and show each die, the modifier and the total."""
    import random

    from referee import dice

    expr = dice.parse(" ".join(expression))
    if rolled is not None:
        receipt = dice.entered(expr, rolled, purpose)
    else:
        receipt = dice.roll(expr, random.Random(seed), purpose)
    outcome = None if target is None else ("success" if receipt.total <= target else "failure")
    if as_json:
        data = receipt.to_dict()
        data["target"] = target
        data["outcome"] = outcome
        print_json(data)
        return
    print(receipt.describe())
    if outcome is not None:
        print(f"target {target} or less: {outcome}")


app = one(roll, "roll", NegativeNumbers)
