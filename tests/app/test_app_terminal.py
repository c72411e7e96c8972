"""The app in a real terminal: `make run` in an 80x24 tmux pane shows the Campaign screen, its
keys switch screens and Ctrl+Q quits with the new war saved; a second start offers that war back.

Each test runs its own tmux server on a private socket (``-L``) with its own configuration (not
the user's), so it never touches the user's sessions, and kills that server when it ends. The
panes stay after their command ends, so a crash's output and the exit status can be read. The
campaigns folder (REFEREE_HOME) is the test's temporary folder, given inside the pane's command
because a tmux pane does not reliably inherit the environment of the test.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import time
import tomllib
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REFEREE = ROOT / ".venv" / "bin" / "referee"
TMUX = shutil.which("tmux")

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed: the app cannot be run in a real terminal")


def _is_zombie(pid: str) -> bool:
    """Whether the process ``pid`` has ended and waits for its parent to reap it (Linux's /proc)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[:1] == ["Z"]


class Terminal:
    """One tmux server on a private socket, its panes 80x24, kept open after their command ends
    (remain-on-exit) so that a crash's traceback and the exit status can still be read."""

    ENV = {k: v for k, v in os.environ.items() if k != "TMUX"}  # run inside tmux or not, the same

    def __init__(self, folder: Path) -> None:
        self.socket = f"referee-test-{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.config = folder / "tmux.conf"
        self.config.write_text("set -g remain-on-exit on\n", encoding="utf-8")
        self.session = ""

    def tmux(self, *args: str, check: bool = True) -> str:
        assert TMUX is not None
        done = subprocess.run([TMUX, "-L", self.socket, "-f", str(self.config), *args], capture_output=True, text=True, timeout=10, env=self.ENV)
        if check and done.returncode != 0:
            raise AssertionError(f"tmux {' '.join(args)} failed ({done.returncode}): {done.stderr}")
        return done.stdout

    def start(self, command: str) -> None:
        """A new session running ``command`` (a shell command line) in the repository's root."""
        self.session = f"s{uuid.uuid4().hex[:8]}"
        self.tmux("new-session", "-d", "-s", self.session, "-x", "80", "-y", "24", "-c", str(ROOT), command)

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", self.session)

    def everything(self) -> str:
        """The screen with the lines scrolled off it: what a crashed app printed before it ended."""
        return self.tmux("capture-pane", "-p", "-S", "-", "-t", self.session, check=False).rstrip("\n")

    def press(self, *keys: str) -> None:
        self.tmux("send-keys", "-t", self.session, *keys)

    def type(self, text: str) -> None:
        """``text`` typed in one burst, as a quick typist's keys reach the app (one write)."""
        self.tmux("send-keys", "-t", self.session, "-l", text)

    def paste(self, text: str) -> None:
        """``text`` pasted, as a terminal pastes: in one piece, bracketed (the app asks for that)."""
        self.tmux("set-buffer", "--", text)
        self.tmux("paste-buffer", "-p", "-t", self.session)

    def exit_status(self) -> int | None:
        """The pane command's exit status, or None while it runs."""
        shown = "#{pane_dead_status}|#{pane_dead_signal}|#{pane_pid}|#{pid}"
        status, killed, pane, server = self.tmux("display-message", "-p", "-t", self.session, shown).strip().split("|")
        if status:  # set once the server has reaped the command (the pane may be dead before)
            return int(status)
        if killed:
            return 128 + int(killed)
        if _is_zombie(pane):
            # The command has ended but the server missed its SIGCHLD (a known tmux race when it is
            # built with libutempter, as Debian's is): it would never reap it nor mark the pane
            # dead. Nudge this test's own server, by its process id, to look again.
            os.kill(int(server), signal.SIGCHLD)
        return None

    def wait_for(self, shown: Callable[[str], bool], what: str, seconds: float = 20) -> str:
        """Poll the screen until ``shown(screen)``; fail showing the last screen seen."""
        deadline = time.monotonic() + seconds
        while True:
            screen = self.screen()
            if shown(screen):
                return screen
            status = self.exit_status()
            if status is not None:
                raise AssertionError(f"{what} not shown: the app ended with status {status}; the terminal:\n{self.everything()}")
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} not shown after {seconds} s; the screen:\n{screen}")
            time.sleep(0.2)

    def wait_for_exit(self, seconds: float = 10) -> int:
        """The exit status of the pane's command, once it has ended (after Ctrl+Q)."""
        deadline = time.monotonic() + seconds
        while (status := self.exit_status()) is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"the app still runs {seconds} s after Ctrl+Q; the screen:\n{self.screen()}")
            time.sleep(0.2)
        return status

    def close(self) -> None:
        """Kill this server and remove its socket (tmux leaves the file behind)."""
        socket = self.tmux("display-message", "-p", "#{socket_path}", check=False).strip() if self.session else ""
        self.tmux("kill-server", check=False)
        if socket.endswith(f"/{self.socket}"):
            Path(socket).unlink(missing_ok=True)


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Terminal]:
    term = Terminal(tmp_path)
    try:
        yield term
    finally:
        term.close()


def with_home(home: Path, command: str) -> str:
    """``command`` with the campaigns folder (and the tests' table cache, if set) in its environment."""
    env = {"REFEREE_HOME": str(home)}
    if os.environ.get("REFEREE_CACHE_DIR"):
        env["REFEREE_CACHE_DIR"] = os.environ["REFEREE_CACHE_DIR"]
    return "env " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + command


def make_run() -> str:
    """`make run`. When the venv's stamp is older than pyproject.toml or constraints.txt (the
    project was edited since the last `make`), make would first reinstall into the venv the tests
    are running from; then the stamp is taken as up to date (`-o`) and make only launches the app,
    as it does in CI after `make test` has built the venv."""
    stale = subprocess.run(["make", "-q", ".venv/.installed"], cwd=ROOT, capture_output=True).returncode != 0
    return "make -o .venv/.installed run" if stale else "make run"


def campaign_screen(screen: str) -> bool:
    return "Time Record Track" in screen and "day 0 · setup" in screen


def test_make_run_shows_the_campaign_screen_switches_screens_and_quits(terminal: Terminal, tmp_path: Path) -> None:
    home = tmp_path / "home"
    terminal.start(with_home(home, make_run()))

    screen = terminal.wait_for(campaign_screen, "the Campaign screen")
    assert "1 Campaign" in screen and "2 Forces" in screen and "3 Map" in screen, screen
    assert "Campaign · day 0 · setup · war-1.toml" in screen, screen
    assert "Next:" in screen and "Alerts" in screen and "Victory tally" in screen, screen

    terminal.press("2")
    screen = terminal.wait_for(lambda s: "Forces ·" in s, "the Forces screen after 2", seconds=10)
    assert "Forces · day 0 · setup · war-1.toml" in screen, screen

    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    assert (home / "war-1.toml").is_file(), sorted(p.name for p in home.iterdir())
    recent = tomllib.loads((home / "recent.toml").read_text(encoding="utf-8"))["files"]  # the files opened, newest first
    assert [(f["path"], f["kind"]) for f in recent] == [(str((home / "war-1.toml").resolve()), "campaign")]


def test_a_second_start_offers_the_campaign_played_last(terminal: Terminal, tmp_path: Path) -> None:
    if not REFEREE.is_file():
        pytest.fail(f"{REFEREE} is missing: run `make test` (or `make run`) to build the venv")
    home = tmp_path / "home"
    command = with_home(home, shlex.quote(str(REFEREE)))

    terminal.start(command)  # the first start: a new war from the bundled start
    terminal.wait_for(campaign_screen, "the Campaign screen on the first start")
    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    assert (home / "war-1.toml").is_file()

    terminal.start(command)  # the second start: the war played last is offered
    screen = terminal.wait_for(lambda s: "Welcome back" in s, "the offer of the campaign played last")
    assert "c: continue the campaign played last" in screen, screen
    assert "n: start a new war" in screen, screen  # (the path offered is too long for 80 columns)

    terminal.press("c")
    screen = terminal.wait_for(lambda s: "Welcome back" not in s and campaign_screen(s), "the Campaign screen after c", seconds=10)
    assert "Campaign · day 0 · setup · war-1.toml" in screen, screen
    terminal.press("C-q")
    assert terminal.wait_for_exit() == 0, terminal.everything()
    assert sorted(p.name for p in home.glob("war-*.toml")) == ["war-1.toml"]  # continued, no new war
