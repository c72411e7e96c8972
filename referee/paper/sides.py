"""Whose eyes a printed page is for: a side's copy holds its own secrets and none of its
opponent's; the table's copy (no side) holds none, sealed as the screens seal them; the referee's
copy (``secrets``) holds them all.

The secrets on paper are few: a Starfleet Wars engagement's and a Stellar Inferno scenario's log
lines carry the side whose eyes alone may see them (``secret``); a Knight Hawks battle's mines and
seekers are laid in secret by one side (its log line says "(secret)"); a campaign's only secret is
the Sathar player's retreat condition. This is the simple filter printing needs; a rules-layer
account of what each side may know would take its place here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from referee import strict

SECRET_MARK = "(secret)"  # a battle's log line of a mine or seeker laid in secret (knight_hawks.ordnance)


class Eyes(NamedTuple):
    """Whose copy: a side's (``side``), the referee's (``secrets``), or the table's (neither)."""

    side: str = ""
    secrets: bool = False

    def shown(self) -> str:
        """The copy's name, for the document's head."""
        if self.side:
            return f"the {self.side} player's copy: its own secrets, none of its opponent's"
        if self.secrets:
            return "the referee's copy: every secret shown"
        return "the table's copy: secrets sealed"

    def may_see(self, owner: str) -> bool:
        """Whether a secret of ``owner`` ('' for none) is shown whole."""
        return not owner or self.secrets or owner == self.side


def eyes(side: str | None, secrets: bool, sides: Sequence[str], where: str) -> Eyes:
    """The copy asked for, the side checked against the file's sides (any case)."""
    if side is None:
        return Eyes("", secrets)
    return Eyes(strict.pick(side, sides, "side", where), secrets)


def owner(entry: Any, sides: Sequence[str]) -> str:
    """The side whose eyes alone may see a log line ('' for a line anyone may see)."""
    secret = getattr(entry, "secret", None)
    if isinstance(secret, str):
        return secret
    text: str = entry.text
    if SECRET_MARK in text:
        laid_by = next((s for s in sides if text.startswith(f"{s} ")), "")  # "UPF mines hex 1207 (secret)"
        return laid_by
    return ""


def sealed_text(owner: str) -> str:
    return f"a sealed line: {owner}'s eyes only (the referee's copy, --secrets, prints it)"
