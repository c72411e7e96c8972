"""Fortresses in MAATAC as the independent reader worked them from the supplement's text
(docs/readings/starfleet-wars-cases.md, S053-S062): immobile modules and the MAD, the LSS and CM,
hull-down modules, the MAD on top of a module, penetration, garrisons and the module table. Each
test names its case and quotes the book's sentence; where the rule is the referee's at the map the
test asserts what the program keeps and says instead."""

from __future__ import annotations

import pytest

from referee import tables
from referee.errors import RefereeError
from referee.starfleet_wars import combat, fortress_phase
from referee.starfleet_wars import fortress as fo
from referee.starfleet_wars.engagement import Engagement

SFW = tables.load(prefix="sfw")


def outpost(behind: list[tuple[str, str]] | None = None, mads: int = 0) -> Engagement:
    e = Engagement("Raid", ("Terran", "Aquarian"))
    kinds = ["WP", "LSS", "CM", "SAWS"]
    adjacent = [("WP 1", "LSS 1"), ("LSS 1", "CM 1"), ("CM 1", "SAWS 1")]
    return fortress_phase.build(e, SFW, "Outpost", "Aquarian", kinds, adjacent, mads, True, behind or []).state


def refused(match: str, call: object, *args: object) -> str:
    with pytest.raises(RefereeError, match=match) as caught:
        call(*args)  # type: ignore[operator]
    return str(caught.value)


def test_s053_the_modules_are_immobile_the_mad_moves():
    """S053: "These fortresses are immobile with the exception of the MAD." "MADs may move using
    their movement factors in the exact manner that MA-ATACs move or they may move to an adjacent
    module." The table gives the WP speed 0 and the MAD 2; the program moves no module (none has a
    move) and moves a MAD from module to adjacent module; a MAD's move across the table as a
    MA-ATAC is the referee's at the map."""
    row = SFW.get(fo.TABLE).row
    assert (row("WP")["maatac_speed"], row("MAD")["maatac_speed"]) == (0, 2)
    e = fortress_phase.place_mad(outpost(mads=1), SFW, "Outpost MAD 1", "WP 1").state
    e = fortress_phase.place_mad(e, SFW, "Outpost MAD 1", "LSS 1").state
    assert e.ship("Outpost MAD 1").on == "LSS 1"


def test_s054_no_lss_no_weapon_fires():
    """S054: "A fortress must have at least one LSS in order to fire its weapons. If all the LSS are destroyed, none of the fortresses weapons may fire." """
    e = fortress_phase.hit(outpost(), SFW, "Outpost", [("LSS 1", 1)]).state
    assert "Outpost has no LSS left: none of its weapons may fire" in e.log[-1].text
    assert fo.maatac_status(e.fortress("Outpost"))[0] == "Outpost has no LSS left: none of its weapons may fire"


def test_s055_no_cm_subtract_one():
    """S055: "Fortresses without CMs must subtract one from their firing die rolls." (not the Starfleet Wars fortress's +10)"""
    e = fortress_phase.hit(outpost(), SFW, "Outpost", [("CM 1", 1)]).state
    assert fo.maatac_status(e.fortress("Outpost")) == ["Outpost has no CM: it subtracts 1 from its firing die rolls"]
    assert (fo.MAATAC_NO_CM, fo.NO_CM_PENALTY) == (1, 10)


def test_s056_a_hull_down_module_is_fired_at_once_its_blocker_is_destroyed():
    """S056: "You may not fire at a module that is behind another module (hull-down) until the blocking module is destroyed." """
    e = outpost(behind=[("LSS 1", "WP 1")])
    refused("LSS 1 is hull-down behind WP 1", fortress_phase.hit, e, SFW, "Outpost", [("LSS 1", 1)])
    e = fortress_phase.hit(e, SFW, "Outpost", [("WP 1", 1)]).state
    assert "no longer hull-down, may now be fired at: LSS 1" in e.log[-1].text
    e = fortress_phase.hit(e, SFW, "Outpost", [("LSS 1", 1)]).state
    assert e.fortress("Outpost").module("LSS 1").destroyed


def test_s057_maws_and_saws_hide_no_module():
    """S057: "MAWS and SAWS will not protect a module from incoming fire: they are too small for a module to be hull-down behind them." """
    refused("MAWS and SAWS are too small", outpost, [("CM 1", "SAWS 1")])
    assert "CM 1" in fo.targets(outpost().fortress("Outpost"))


def test_s058_a_mad_on_top_is_always_a_target_and_falls_with_its_module():
    """S058: "MADs that are located on top of a module may always be attacked. Any MAD located on a module that is hit and destroyed is also considered destroyed." """
    e = outpost(behind=[("LSS 1", "WP 1")], mads=1)
    e = fortress_phase.place_mad(e, SFW, "Outpost MAD 1", "LSS 1").state
    assert not combat.hit(e, SFW, "Outpost MAD 1", "offensive", 1, 5).state.ship("Outpost MAD 1").destroyed  # its LSS is hull-down; the MAD is still a target
    e = fortress_phase.hit(e, SFW, "Outpost", [("WP 1", 1)]).state
    e = fortress_phase.hit(e, SFW, "Outpost", [("LSS 1", 1)]).state
    assert e.ship("Outpost MAD 1").destroyed == "destroyed with LSS 1, the module it sat on"


def test_s060_any_penetration_destroys_a_module():
    """S060: "Fortress damage die rolls are assessed under the Fortification Hit Section of the Damage Table. Modules are destroyed when penetration occurs by any weapon." """
    f, lines = fo.penetrate(outpost().fortress("Outpost"), "WP 1")
    assert f.module("WP 1").destroyed and lines[0] == "WP 1 is penetrated and destroyed; any MAD located on it is destroyed too"
    refused("a penetration destroys one module", fortress_phase.hit, outpost(), SFW, "Outpost", [("WP 1", 1), ("CM 1", 1)])


def test_s061_at_most_5_units_in_a_module():
    """S061: "Infantry units and RAATACS may be placed in any module with a maximum of 5 units (IUs, RAATACs and/or both) in any one module." """
    e = fortress_phase.garrison(outpost(), "Outpost", "WP 1", 5).state
    assert e.fortress("Outpost").module("WP 1").units == 5
    refused("WP 1 may hold 0 to 5 units", fortress_phase.garrison, e, "Outpost", "WP 1", 6)
    assert fortress_phase.garrison(e, "Outpost", "LSS 1", 1).state.fortress("Outpost").module("LSS 1").units == 1


def test_s062_the_maatac_module_table():
    """S062: the table at L93-101 (Module, Armor, Speed, Factor, Energy Weapons Heavy / Medium / Light, Particle Weapons Launchers, ROB)."""
    keys = ("maatac_armor", "maatac_speed", "maatac_factor", "maatac_heavy", "maatac_medium", "maatac_light", "maatac_pw_launchers", "maatac_rob")
    rows = {str(r["aliases"][0]): tuple(r[k] for k in keys) for r in SFW.get(fo.TABLE).rows}  # type: ignore[index]
    assert rows == {
        "WP": ("A", 0, 0, 0, 6, 6, 6, 24),
        "LSS": ("A", 0, 0, 0, 0, 0, 0, 0),
        "CM": ("B", 0, 0, 0, 0, 0, 0, 0),
        "MAD": ("C", 2, 1, 1, 2, 6, 0, 0),
        "MAWS": ("D", 0, 0, 1, 1, 6, 2, 10),
        "SAWS": ("E", 0, 0, 0, 2, 2, 2, 8),
    }


def test_s059_a_mad_that_lost_its_mobility_factor_may_not_move():
    """S059: "If they are hit and lose their mobility factor, they may not move under any
    circumstances." The referee says when (the MAATAC Damage Table is not in our texts); then even
    the adjacent move is refused."""
    e = fortress_phase.place_mad(outpost(mads=1), SFW, "Outpost MAD 1", "WP 1").state
    e = fortress_phase.mobility_lost(e, "Outpost MAD 1").state
    refused("lost its mobility factor: it may not move under any circumstances", fortress_phase.place_mad, e, SFW, "Outpost MAD 1", "LSS 1")
    starfleet = fortress_phase.build(Engagement("Fight", ("Terran", "Aquarian")), SFW, "Bastion", "Terran", ["LSS"], [], 1).state
    refused("belongs to Fortresses in MAATAC", fortress_phase.mobility_lost, starfleet, "Bastion MAD 1")
