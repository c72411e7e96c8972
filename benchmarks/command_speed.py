"""The reading command of each game a referee runs most, as a whole process, against a one-command
typer app (issue 36: each at most 1.3 times the framework's floor, as ``campaign status``).

    .venv/bin/python benchmarks/command_speed.py [--runs N] [--before COMMAND]

``kh ships`` on The Stand started (``kh start``: 22 ships), ``sfw ships`` on an engagement of 30
ships and 2 starfortresses (engagement_speed.thirty_ships), ``si status`` on Phoenix Command with
every ship's factors entered and the ships of turn 1 placed (scenario_speed.phoenix_entered), and
``campaign status`` on the fresh war, the yardstick. A reading command changes nothing: the first
round, not counted, writes the .pyc files and the cache of each file's parse (what the referee's
last command on it left), and every run after reads the same files. Runs alternate, so the
machine's load hits all alike. Prints each command's median wall time and its ratio to the typer
app. ``--before`` times another ``referee`` too, in the same rounds (another checkout's: before
and after a change).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from cold_start import TYPER_FLOOR, alternating, print_ratios  # noqa: E402

GOAL = 1.3


def prepared(folder: Path, env: dict[str, str], command: str) -> dict[str, list[str]]:
    """Each game's file, and the arguments of its reading command on it."""
    from engagement_speed import thirty_ships
    from scenario_speed import phoenix_entered

    from referee.resources import campaigns_dir

    folder.mkdir(parents=True)
    battle, engagement, scenario, war = (folder / name for name in ("stand.toml", "thirty.toml", "phoenix.toml", "war.toml"))
    subprocess.run([command, "kh", "start", "the-stand", str(battle)], check=True, stdout=subprocess.DEVNULL, env=env)
    thirty_ships(engagement)
    phoenix_entered(scenario)
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", war)
    return {
        "kh ships (The Stand, 22 ships)": ["kh", "ships", "-b", str(battle)],
        "sfw ships (30 ships, 2 fortresses)": ["sfw", "ships", "-e", str(engagement)],
        "si status (Phoenix Command, 38 ships)": ["si", "status", "-s", str(scenario)],
        "campaign status (fresh war, set-up)": ["campaign", "status", "-c", str(war)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--before", help="another referee command to time alongside (another checkout's)")
    options = parser.parse_args()
    runs = options.runs
    referees = {"": str(Path(sys.executable).parent / "referee")} | ({"before: ": options.before} if options.before else {})
    folder = Path(tempfile.mkdtemp(prefix="command-speed-"))
    env = {**os.environ, "REFEREE_HOME": str(folder / "home"), "REFEREE_CACHE_DIR": str(folder / "cache")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up writes the .pyc files, as any first start does
    for variable in ("REFEREE_CAMPAIGN", "REFEREE_BATTLE", "REFEREE_ENGAGEMENT", "REFEREE_SCENARIO"):
        env.pop(variable, None)
    files = prepared(folder / "files", env, referees[""])
    commands = {"one-command typer app": [sys.executable, "-c", TYPER_FLOOR]}
    for said, referee in referees.items():
        commands |= {f"{said}{name}": [referee, *args] for name, args in files.items()}
    times = alternating(commands, runs, env)
    note = f"  ({runs} runs each, alternating; ratio to the typer app)"
    print_ratios(times, "one-command typer app", ("kh ", "sfw ", "si "), GOAL, note)  # (the worst of the three games' own: this checkout's)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
