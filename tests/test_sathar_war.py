"""The Second Sathar War rules layer: set-up, the turn sequence, movement and misjumps, militia."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from referee import storage, tables
from referee.errors import RefereeError
from referee.resources import campaigns_dir
from referee.sathar_war import fleets, forces, frontier, movement, setup, turn
from referee.sathar_war.campaign import Campaign, Place

TABLES = tables.load()
MAP = frontier.from_dict(storage.read(campaigns_dir() / "frontier-map.toml", "map"))


def war(**options: bool) -> Campaign:
    """A new war at set-up."""
    return forces.new_war(TABLES, MAP, **options)


def started(retreat: int = 3) -> Campaign:
    """Day 1, Sathar move: 15 destroyers in the Prenglar circle, 8 frigates and 7 light cruisers in Fromeltar's."""
    campaign = war()
    campaign = setup.place_sathar(campaign, ["Sathar Destroyer *"], "Prenglar").campaign
    campaign = setup.place_sathar(campaign, ["Sathar Frigate *", "Sathar Light Cruiser *"], "Fromeltar").campaign
    campaign = setup.choose_retreat(campaign, retreat).campaign
    return turn.advance(campaign, TABLES).campaign


def at_step(campaign: Campaign, step: str, day: int | None = None) -> Campaign:
    """The campaign moved to a step by hand (tests of one rule), the day's marks cleared."""
    fresh_day = [attrs.evolve(u, moved=False, fought=False, attacked="") for u in campaign.units]
    return attrs.evolve(campaign.with_units(fresh_day), step=step, day=day or max(campaign.day, 1))  # type: ignore[arg-type]


def put(campaign: Campaign, names: list[str], place: Place) -> Campaign:
    """Ships (and their fighters) set down somewhere by hand."""
    units = campaign.named(names)
    moved = [attrs.evolve(u, place=place, status="active") for u in units]
    moved += [attrs.evolve(f, place=place, status="active") for u in units for f in campaign.aboard(u.name)]
    return campaign.with_units(moved)


def test_setup_placeholder() -> None:
    assert war().step == "setup"
