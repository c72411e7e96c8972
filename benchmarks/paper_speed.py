"""Speed of printing (issue 18): each document of the mid-war campaign and its finished battle
(tests/helpers/paper_war.py: day 7 of a war, 183 ships and stations; a battle of 32 ships and 61 log lines).

1. In-process: the document made and written out as HTML, and as text (median of N runs each).
2. Whole processes: ``referee print FILE --what W -o OUT`` as a referee runs it, against
   ``python -c pass``, in turn so that machine load hits all alike (median of N runs).
3. Where Chromium is installed: printing each HTML to PDF (one run each; the browser's own time).

    .venv/bin/python benchmarks/paper_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee import tables  # noqa: E402
from referee.knight_hawks import battle_file  # noqa: E402
from referee.paper import document, written  # noqa: E402
from referee.paper.sides import Eyes  # noqa: E402
from referee.sathar_war import campaign_file  # noqa: E402
from tests.helpers.paper_war import mid_war  # noqa: E402

DOCUMENTS = [("campaign", "deployment"), ("campaign", "rosters"), ("campaign", "log"), ("campaign", "map"), ("battle", "battle-report"), ("battle", "rosters"), ("battle", "log")]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    runs = parser.parse_args().runs
    war, battle = mid_war()
    every = tables.load()
    folder = Path(tempfile.mkdtemp(prefix="paper-speed-"))
    files = {"campaign": folder / "war.toml", "battle": folder / "war.day-6-sathar-attack-at-gran-quivera.toml"}
    files["campaign"].write_text(campaign_file.text(war, every), encoding="utf-8")
    files["battle"].write_text(battle_file.text(battle, every), encoding="utf-8")
    states = {"campaign": war, "battle": battle}

    print(f"1. In-process, median of {runs}: the document made and written out")
    print(f"   {'document':<28} {'HTML':>10} {'text':>10} {'HTML size':>10}")
    for kind, what in DOCUMENTS:
        html, text = [], []
        for _ in range(runs):
            start = time.perf_counter()
            page = written(document(states[kind], kind, what, Eyes(), "f.toml"), "html")
            html.append(time.perf_counter() - start)
            start = time.perf_counter()
            written(document(states[kind], kind, what, Eyes(), "f.toml"), "text")
            text.append(time.perf_counter() - start)
        print(f"   {kind + ' ' + what:<28} {ms(statistics.median(html)):>10} {ms(statistics.median(text)):>10} {len(page) // 1024:>7} KB")

    referee = str(Path(sys.executable).with_name("referee"))
    commands = {"python -c pass": [sys.executable, "-c", "pass"]}
    for kind, what in DOCUMENTS:
        suffix = "svg" if what == "map" else "html"
        commands[f"print {kind} {what}"] = [referee, "print", str(files[kind]), "--what", what, "-o", str(folder / f"{kind}-{what}.{suffix}")]
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            times[name].append(time.perf_counter() - start)
    floor = statistics.median(times["python -c pass"])
    print(f"\n2. Whole processes, median of {runs}, in turn")
    for name, found in times.items():
        print(f"   {name:<32} {ms(statistics.median(found)):>10}  {statistics.median(found) / floor:5.1f} x python -c pass")

    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        print("\n3. Chromium is not installed: no PDF times")
        return
    print("\n3. Chromium printing the HTML to PDF (one run each)")
    for kind, what in DOCUMENTS:
        page = folder / f"{kind}-{what}.html"
        if not page.exists():
            page.write_text(written(document(states[kind], kind, what, Eyes(), "f.toml"), "html"), encoding="utf-8")
        pdf = page.with_suffix(".pdf")
        start = time.perf_counter()
        subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", f"--user-data-dir={folder / 'profile'}", f"--print-to-pdf={pdf}", page.as_uri()],
            capture_output=True,
            check=False,
        )
        took = time.perf_counter() - start
        pages = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True).stdout if shutil.which("pdfinfo") else ""
        count = next((line.split()[-1] for line in pages.splitlines() if line.startswith("Pages:")), "?")
        print(f"   {kind + ' ' + what:<28} {ms(took):>10}  {count} pages")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
