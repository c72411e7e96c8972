"""Issue 18: the players' view served to a browser (``referee view FILE --side UPF --serve``),
opened in a real headless Chromium (Debian's ``chromium``: found, or installed by apt-get in
:func:`tests.helpers.browser.chromium`; else this test is skipped, saying why on the terminal).

The page draws the terminal on canvases (xterm.js), so the test reads what the page received: a
script run before the page's own keeps the bytes of the app's websocket, and the text they carry
is searched for a ship's name, after a click on the Map tab. The page's screenshot is kept beside
the test's files (``served-view.png``), to look at."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from referee.sathar_war.victory import CONDITIONS
from tests.helpers.browser import Page, chromium
from tests.helpers.campaign import saved, secret_war

KEEP_BYTES = """
(() => {
  const Native = window.WebSocket;
  window.__received = [];
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => { if (typeof event.data !== "string") window.__received.push(...new Uint8Array(event.data)); });
    }
  };
})();
"""
RECEIVED = "new TextDecoder().decode(new Uint8Array(window.__received || []))"
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, server: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"the server ended: {server.stdout.read().decode() if server.stdout else ''}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"nothing serves on port {port} after {seconds} s")


def test_the_served_view_shows_the_sides_ships_in_chromium(tmp_path: Path) -> None:
    program, why = chromium()
    if program is None:
        warnings.warn(f"the browser test is SKIPPED: {why}", stacklevel=2)
        print(f"\nSKIPPED the browser test: {why}", file=sys.__stderr__)
        pytest.skip(why)
    path = saved(tmp_path / "war.toml", secret_war())
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "referee", "view", str(path), "--side", "UPF", "--serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    page = Page(program)

    async def look() -> str:
        await page.open(f"http://localhost:{port}/", before=KEEP_BYTES)
        first = await page.wait_for("referee view · UPF · war.toml", RECEIVED)
        assert "referee view · UPF · war.toml" in ESCAPES.sub("", first), first[-500:]
        await page.click(185, 44)  # the tab "3 Map" (the third line, from the 19th column, at 16 px)
        text = ESCAPES.sub("", await page.wait_for("Sathar Destroyer 1-15", RECEIVED))
        await asyncio.sleep(0.5)
        await page.screenshot(tmp_path / "served-view.png")
        return text

    try:
        wait_for_port(port, server)
        text = asyncio.run(look())
    finally:
        asyncio.run(page.close())
        os.killpg(server.pid, signal.SIGTERM)  # the server and the app it started for the page
        server.wait(timeout=15)
    assert "Sathar Destroyer 1-15" in text and "Prenglar Start Circle" in text
    assert CONDITIONS[3] not in text and "Sathar Heavy Cruiser" not in text  # the UPF's page: no Sathar secret
    assert (tmp_path / "served-view.png").stat().st_size > 5000
