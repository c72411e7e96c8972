"""The players' view (``referee view FILE --side UPF``): its start, and how soon a save is shown.

1. Start: ``referee view`` and ``referee play`` on the bundled war, each a fresh process, headless,
   exiting on Textual's Ready event (the first frame composed), alternating; medians.
2. A save to the screen: the view open (Textual's pilot, 80x24) on the war; the file saved
   atomically by another writer (storage.write_text, as the app and the commands save); the time
   until the view has read it and drawn it again. The view looks every 0.5 s (a stat), so the wait
   is spread over 0-0.5 s plus the read; goal: within a second of each save.

    .venv/bin/python benchmarks/view_speed.py [RUNS]
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from app_speed import REFEREE  # noqa: E402

from referee import storage, tables  # noqa: E402
from referee.resources import campaigns_dir
from referee.sathar_war import campaign_file

# app_speed's `referee play` child (headless, exiting on Ready), here with the command's own arguments
START = REFEREE.replace('sys.argv = ["referee", "play", sys.argv[1]]', 'sys.argv = ["referee", *sys.argv[1:]]')
assert START != REFEREE


def start(runs: int, folder: Path) -> None:
    war = folder / "war.toml"
    shutil.copyfile(campaigns_dir() / "second-sathar-war.toml", war)
    env = {**os.environ, "REFEREE_HOME": str(folder / "home")}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    commands = {"referee view war.toml --side UPF": ["view", str(war), "--side", "UPF"], "referee play war.toml": ["play", str(war)]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for round_ in range(runs + 1):  # the first round warms the caches, not counted
        for name, args in commands.items():
            begun = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", START, *args], env=env, cwd=folder, capture_output=True, text=True)
            if done.returncode != 0:
                raise SystemExit(f"{name} failed ({done.returncode}):\n{done.stderr}")
            if round_:
                times[name].append((time.perf_counter() - begun) * 1000)
    print(f"1. Start to the first screen ({runs} runs each, alternating; whole process, headless)")
    for name, samples in times.items():
        print(f"   {name:<36} median {statistics.median(samples):7.1f} ms  min {min(samples):7.1f}  max {max(samples):7.1f}")


def follow(saves: int, folder: Path) -> None:
    from referee.tui.view.app import open_view

    every = tables.load()
    war = folder / "follow.toml"
    campaign = campaign_file.from_dict(storage.read(campaigns_dir() / "second-sathar-war.toml", "campaign"), every)
    texts = [campaign_file.text(campaign._replace(day=day, step="sathar-move"), every) for day in (1, 2)]
    storage.write_text(war, texts[0])
    waits: list[float] = []

    async def main() -> None:
        app = open_view(war, "UPF")
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            for n in range(saves):
                await pilot.pause(0.137 * (n % 4))  # saves fall anywhere between two looks
                reads = app.reads
                saved = time.perf_counter()
                storage.write_text(war, texts[(n + 1) % 2])
                while app.reads == reads:
                    await asyncio.sleep(0.005)
                await pilot.pause()  # drawn
                waits.append((time.perf_counter() - saved) * 1000)

    asyncio.run(main())
    print(f"2. A save shown on the view ({saves} saves, 80x24): median {statistics.median(waits):.0f} ms, max {max(waits):.0f} ms (goal: 1000 ms)")


if __name__ == "__main__":
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    with tempfile.TemporaryDirectory() as scratch:
        start(runs, Path(scratch))
        follow(20, Path(scratch))
