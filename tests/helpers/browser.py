"""A headless Chromium for the tests, driven through its DevTools protocol (aiohttp's websocket
client: aiohttp comes with textual-serve). Debian's ``chromium`` package: found on the PATH, or
installed with apt-get when the tests may (root, ``REFEREE_INSTALL_CHROMIUM`` not ``0``); else the
test that needs it is skipped, saying why."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import fcntl
import itertools
import json
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FLAGS = (  # as the machine's notes say: no sandbox as root, and none of the background traffic the closed network refuses
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-default-apps",
    "--mute-audio",
)


@contextlib.contextmanager
def one_install_at_a_time() -> Iterator[None]:
    """Held while a test looks for its programs and installs the missing ones with apt-get: make
    test runs the suite in several processes (pytest-xdist), and a second apt-get started while
    the first holds dpkg's lock fails at once, which would skip that process's tests. The second
    waits here, then finds what the first installed."""
    with open(Path(tempfile.gettempdir()) / "referee-tests-apt-get.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def chromium() -> tuple[str | None, str]:
    """The chromium program, or None and why not (installed with apt-get if it may be)."""
    found = shutil.which("chromium")
    if found:
        return found, ""
    if os.environ.get("REFEREE_INSTALL_CHROMIUM", "1") == "0":
        return None, "chromium is not installed and REFEREE_INSTALL_CHROMIUM=0 forbids installing it (apt-get install chromium)"
    if not hasattr(os, "geteuid") or os.geteuid() != 0 or not shutil.which("apt-get"):
        return None, "chromium is not installed, and apt-get cannot install it here (not root, or no apt-get): apt-get install chromium"
    with one_install_at_a_time():
        found = shutil.which("chromium")  # installed by another test process while this one waited
        if found:
            return found, ""
        for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
            done = subprocess.run(command, capture_output=True, text=True, timeout=900, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
            if done.returncode != 0:
                return None, f"'{' '.join(command)}' failed: {(done.stderr or done.stdout).strip()[-300:]}"
    found = shutil.which("chromium")
    return (found, "") if found else (None, "apt-get install chromium left no chromium on the PATH")


class Page:
    """One tab of a headless Chromium started for it; ``close`` ends the browser."""

    def __init__(self, program: str, width: int = 1280, height: int = 800) -> None:
        self.folder = tempfile.mkdtemp(prefix="referee-chromium-")
        self.process = subprocess.Popen(
            [program, *FLAGS, f"--user-data-dir={self.folder}", "--remote-debugging-port=0", f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.ids = itertools.count(1)
        self.socket: Any = None
        self.session: Any = None

    async def open(self, url: str, before: str = "") -> None:
        """Load the page; ``before`` is a script run in it before the page's own."""
        import aiohttp

        port_file = Path(self.folder) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("chromium did not start its DevTools server")
            await asyncio.sleep(0.1)
        port = port_file.read_text().split()[0]
        self.session = aiohttp.ClientSession()
        async with self.session.get(f"http://127.0.0.1:{port}/json/list") as answer:
            tabs = await answer.json(content_type=None)
        tab = next(t for t in tabs if t.get("type") == "page")
        self.socket = await self.session.ws_connect(tab["webSocketDebuggerUrl"], max_msg_size=0)
        await self.call("Page.enable")
        if before:
            await self.call("Page.addScriptToEvaluateOnNewDocument", source=before)
        await self.call("Page.navigate", url=url)

    async def click(self, x: int, y: int) -> None:
        for kind in ("mousePressed", "mouseReleased"):
            await self.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self.ids)
        await self.socket.send_str(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads((await self.socket.receive()).data)
            if message.get("id") == number:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})  # type: ignore[no-any-return]

    async def text(self, script: str) -> str:
        found = await self.call("Runtime.evaluate", expression=script, returnByValue=True)
        return str(found.get("result", {}).get("value", ""))

    async def wait_for(self, wanted: str, script: str, seconds: float = 30) -> str:
        """The script's text once it holds ``wanted`` (or the last text seen, after ``seconds``)."""
        deadline = time.monotonic() + seconds
        seen = ""
        while time.monotonic() < deadline:
            seen = await self.text(script)
            if wanted in seen:
                return seen
            await asyncio.sleep(0.25)
        return seen

    async def screenshot(self, path: Path) -> None:
        shot = await self.call("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))

    async def close(self) -> None:
        if self.session is not None:
            await self.session.close()
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.folder, ignore_errors=True)
