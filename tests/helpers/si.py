"""Stellar Inferno scenarios the tests share: the bundled scenarios and Phoenix Command at a phase."""

from __future__ import annotations

from referee import storage, tables
from referee.resources import si_scenario_files
from referee.stellar_inferno import scenario_file, setup, turn
from referee.stellar_inferno.scenario import Scenario

SI = tables.load(prefix="si")
RULES = ["sensors", "ramming", "boarding", "stealth-mines", "psi-specialists", "tactical-bombardment", "grazing-orbit", "asteroids", "overloading-engines"]


def bundled(stem: str) -> Scenario:
    return scenario_file.from_dict(storage.read(si_scenario_files()[stem], "scenario"))


def phoenix(rules: list[str] = RULES) -> Scenario:
    """Phoenix Command: Dublin (D6 M3) and Tigris (D5 M2) in 6/J9, Phalth (D7 M2) and Leyf (C6 D5
    M3) in 6/J7, each a hex from the core."""
    s = setup.start(bundled("phoenix-command"), rules).state
    for name, steps in (
        ("Dublin", ["A6 D6 M3 R4", "A3 D3 M3 R4"]),
        ("Tigris", ["A4 D5 M2 R3", "A2 D2 M2 R3"]),
        ("Phalth", ["A8 D7 M2 R5", "A4 D4 M2 R5"]),
        ("Leyf", ["A4 C6 D5 M3 R3", "A2 C3 D2 M3 R3"]),
    ):
        s = setup.enter_ship(s, SI, name, steps).state
    s = setup.place(s, ["Dublin", "Tigris"], "6/J9", 1).state
    return setup.place(s, ["Phalth", "Leyf"], "6/J7", 1).state


def at(s: Scenario, phase: str, role: str = "invader") -> Scenario:
    for _ in range(40):
        if (s.phase, s.phasing) == (phase, role):
            return s
        s = turn.next_phase(s).state
    raise AssertionError(f"never reached {phase}, {role}")
