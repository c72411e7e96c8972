"""The app in a real terminal: tmux on a private socket, 80x24 panes (the ``terminal`` fixture is in
tests/app/conftest.py)."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import time
import uuid
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REFEREE = ROOT / ".venv" / "bin" / "referee"
TMUX = shutil.which("tmux")


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


def with_home(home: Path, command: str) -> str:
    """``command`` with the campaigns folder (and the tests' table cache, if set) in its environment."""
    env = {"REFEREE_HOME": str(home)}
    if os.environ.get("REFEREE_CACHE_DIR"):
        env["REFEREE_CACHE_DIR"] = os.environ["REFEREE_CACHE_DIR"]
    return "env " + " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items()) + " " + command
