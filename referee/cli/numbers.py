"""Commands whose arguments may be negative: ``table lookup si.open-order 3:2 -1``, ``roll d6 -1``.

Click reads every word that starts with '-' as an option, so a die moved below 1 by modifiers
(Stellar Inferno Tables 3-5 have a "0 or less" column), a modified roll of -5 on the Knight Hawks
Damage Table, or the term ``-1`` of a dice expression was refused as an unknown option.
"""

from __future__ import annotations

import re
from typing import Any

import click
from typer.core import TyperCommand

# what a word starting with "-" is when it is a value: a number (-1), odds (-1:3) or a dice term (-d6, -d%00)
_VALUE = re.compile(r"-(\d|d[\d%])")


class NegativeNumbers(TyperCommand):
    """A command whose arguments may start with '-' when they are numbers, odds or dice terms;
    any other word that looks like an option and is not one is refused as click would."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.ignore_unknown_options = True  # click then leaves unknown words among the arguments
        rest = super().parse_args(ctx, args)
        for word in self._arguments(ctx):
            if word.startswith("-") and len(word) > 1 and not _VALUE.match(word):
                raise click.NoSuchOption(word, possibilities=self._options_like(word), ctx=ctx)
        return rest

    def _arguments(self, ctx: click.Context) -> list[str]:
        words: list[str] = []
        for param in self.params:
            value: Any = ctx.params.get(param.name or "")
            if isinstance(param, click.Argument) and value is not None:
                words += list(value) if isinstance(value, (list, tuple)) else [value]
        return [w for w in words if isinstance(w, str)]

    def _options_like(self, word: str) -> list[str]:
        import difflib

        names = [n for p in self.params if isinstance(p, click.Option) for n in (*p.opts, *p.secondary_opts)]
        return difflib.get_close_matches(word, names, n=3)
