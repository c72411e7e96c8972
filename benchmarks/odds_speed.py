"""Speed of the exact odds (referee.knight_hawks.odds): a volley of six shots at one target.

Advanced Game, The Stand: six shots of beam weapons (the Sathar heavy cruiser Carrion's LB x2, PB,
EB and DC, and a laser cannon) at the UPF frigate Shimmer (hull 40, reflective hull, masking
screen up), every Damage Table row read against the Shimmer and every hull die face counted. Also the
Basic Game's six shots (no Damage Table) at the same ship. Each figure is the median of the runs,
in-process, tables loaded beforehand (the app has them loaded). Goal (issue 14): under 10 ms.
Prints figures and whether the goal is met; it never fails the run.

    .venv/bin/python benchmarks/odds_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from referee import storage, tables
from referee.knight_hawks import battle_file
from referee.knight_hawks.combat import Shot
from referee.knight_hawks.combat_phase import defenses_in_use
from referee.knight_hawks.odds import volley_odds
from referee.resources import campaigns_dir

GOAL_MS = 10.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    runs = parser.parse_args().runs
    kh = tables.load(prefix="kh")
    battle = battle_file.from_dict(storage.read(campaigns_dir() / "kh-the-stand.toml", "scenario"), kh, start=True)
    target = battle.ship("Shimmer")._replace(masking_screen_up=True)
    defenses = defenses_in_use(battle, target)
    cases = {
        "advanced, 6 shots, Damage Table": [Shot("advanced", w, defenses, range=2) for w in ("LC", "LB", "LB", "PB", "EB", "DC")],
        "basic, 6 shots (LC, LB x2, T, RB x2)": [Shot("basic", w, ("RH", "MS"), range=2) for w in ("LC", "LB", "LB", "T", "RB", "RB")],
    }
    print(f"{'volley':<40}{'median ms':>10}{'max ms':>9}   destroyed")
    worst = 0.0
    for name, shots in cases.items():
        times = []
        odds = volley_odds(shots, kh, target)  # first run, not counted (caches of the dice)
        for _ in range(runs):
            start = time.perf_counter()
            odds = volley_odds(shots, kh, target)
            times.append(time.perf_counter() - start)
        median = statistics.median(times) * 1000
        worst = max(worst, median)
        print(f"{name:<40}{median:>10.2f}{max(times) * 1000:>9.2f}   {float(odds.destroyed):.4%}")
    print(f"worst median {worst:.2f} ms (goal: under {GOAL_MS:.0f} ms): {'met' if worst < GOAL_MS else 'NOT met'}")


if __name__ == "__main__":
    main()
