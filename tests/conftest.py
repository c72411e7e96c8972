"""Shared test set-up."""

from __future__ import annotations

import gc
import os
import tempfile
import tomllib

import pytest
import tomli

# Keep the parsed-table cache of the tests out of the user's cache folder. Set at import, before
# any test module loads a table during collection; subprocesses inherit it.
os.environ["REFEREE_CACHE_DIR"] = tempfile.mkdtemp(prefix="referee-test-cache-")
os.environ["REFEREE_HOME"] = tempfile.mkdtemp(prefix="referee-test-home-")  # the app notes the files it opens there: not in the user's folder

# Python's cycle collector runs after every 700 new objects and walks all of them, those the test
# modules, Textual and the tables left behind at collection included: a test run makes hundreds of
# millions. Those are set aside for good once collected (pytest_collection_finish), and the collector
# waits for 50,000 new objects: 4% less CPU for the suite (tests/app/test_app_dice.py with
# tests/cli/test_cli_si.py, paired runs), some 50 MB more a worker.
gc.set_threshold(50_000, 50, 1_000)


def pytest_collection_finish(session: pytest.Session) -> None:
    gc.collect()
    gc.freeze()


# The modules that take longest, longest first (the time of their tests in a run of the whole suite
# on 6 workers, and in brackets their CPU; a fresh clone's mypy has no cache): each starts a worker's
# share of the run, so that none of them starts last and leaves one worker running on alone after
# the others are done. Those that mostly wait (a browser, tmux, an install) are in it too: at the
# end they would hold the run up for half a minute with the CPU idle.
LONG = (
    "tests/app/test_app_sfw.py",  # the fortress, its CapTacs and lasers through the app's forms (120 s; 21 s)
    "tests/app/test_app_kh_play.py",  # two Knight Hawks scenarios played in the app (91 s; 21 s)
    "tests/app/test_app_campaign_war.py",  # a war of 21 days played in the app (75 s; 19 s)
    "tests/app/test_app_si_ground.py",  # troops put down, supplied and fighting, through the app (63 s; 12 s)
    "tests/paper/test_paper_pdf.py",  # the roster forms as PDF, printed by a browser (55 s; 12 s in it)
    "tests/rules/campaign/test_campaign_property.py",  # three random wars, every state read back (46 s; 20 s)
    "tests/files/test_si_file.py",  # random Stellar Inferno games, every state saved and read back (38 s; 18 s)
    "tests/app/test_app_si.py",  # two turns of Phoenix Command by keys (35 s; 7 s)
    "tests/files/test_file_cache.py",  # eight days of the generated war, every save's cache checked (30 s; 13 s)
    "tests/rules/campaign/test_campaign_war_generator.py",  # the generated war of 15 days, played twice (28 s; 10 s)
    "tests/app/test_app_terminal_play.py",  # a day played in the app in tmux, waiting on the screen (27 s; 1 s)
    "tests/rules/campaign/test_campaign_war_check.py",  # the generated war checked against the book (24 s; 7 s)
    "tests/files/test_undo_crash.py",  # processes killed while saving (23 s; 5 s)
    "tests/package/test_install.py",  # the wheel built and installed as a tool (22 s; 7 s in it)
    "tests/package/test_types.py",  # mypy --strict in a subprocess (15 s with no cache)
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The LONG modules at the heads of the workers' shares. pytest-xdist's worksteal hands each of
    its N workers an equal run of the collected tests in order, and a worker done with its own takes
    the later half of another's: so each share begins with a long module or two (dealt round the
    workers, longest first) and the rest keep their order. Every worker collects the same order."""
    workers = max(1, int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")))
    ranks = {name: n for n, name in enumerate(LONG)}
    long: dict[str, list[pytest.Item]] = {}
    rest: list[pytest.Item] = []
    for item in items:
        module = item.nodeid.partition("::")[0]
        if module in ranks:
            long.setdefault(module, []).append(item)
        else:
            rest.append(item)
    shares: list[list[pytest.Item]] = [[] for _ in range(workers)]
    for n, module in enumerate(sorted(long, key=ranks.__getitem__)):
        shares[n % workers].extend(long[module])
    left = len(items)  # worksteal's first sharing out: worker j takes left // (workers - j) of what is left
    for j, share in enumerate(shares):
        size = left // (workers - j)
        left -= size
        more = max(0, size - len(share))
        share.extend(rest[:more])
        del rest[:more]
    items[:] = [item for share in shares for item in share] + rest


@pytest.fixture
def compiled_toml(monkeypatch: pytest.MonkeyPatch) -> None:
    """tomllib parses with the same parser compiled (tomli) while the test runs: for the random walks
    that read thousands of whole files back (tests/helpers/toml.py says why that is sound)."""
    monkeypatch.setattr(tomllib, "loads", tomli.loads)
    monkeypatch.setattr(tomllib, "TOMLDecodeError", tomli.TOMLDecodeError)
