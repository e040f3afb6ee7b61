"""A headless Chromium driven over the DevTools protocol, for the tests of pages.

A small websocket client on the standard library (no extra test package): every console
message of level error, every uncaught exception and every request the page makes are
recorded on the ``Page``, so a test can fail on any of them. Used by the replay viewer's tests
(tests/replay_export) and the contest server's (tests/web).

Needs Debian's ``chromium`` package (``apt-get install -y chromium``); skipped without it.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.requirements import need


def chromium_path() -> str | None:
    for candidate in ("chromium", "chromium-browser"):
        found = shutil.which(candidate)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


# ------------------------------------------------------------------ a minimal websocket client


class WebSocket:
    """Just enough RFC 6455 for the DevTools protocol: text frames, client-side masking."""

    def __init__(self, url: str, timeout: float = 30.0) -> None:
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("DevTools closed the connection during the handshake")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        if b" 101 " not in head.split(b"\r\n", 1)[0]:
            raise ConnectionError(f"websocket handshake refused: {head[:200]!r}")

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(max(65536, n - len(self.buffer)))
            if not chunk:
                raise ConnectionError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def send(self, text: str) -> None:
        payload = text.encode()
        header = bytearray([0x81])
        n = len(payload)
        if n < 126:
            header.append(0x80 | n)
        elif n < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack("!H", n)
        else:
            header.append(0x80 | 127)
            header += struct.pack("!Q", n)
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(header) + mask + masked)

    def recv(self) -> str:
        message = b""
        while True:
            first, second = self._read(2)
            opcode, n = first & 0x0F, second & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._read(8))[0]
            mask = self._read(4) if second & 0x80 else b""
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:
                raise ConnectionError("DevTools closed the websocket")
            if opcode in (0x9, 0xA):
                continue  # ping / pong: Chromium sends none in practice
            message += payload
            if first & 0x80:
                return message.decode()

    def close(self) -> None:
        self.sock.close()


class Page:
    """One browser tab, over a flat DevTools session; records console errors and requests."""

    def __init__(self, ws: WebSocket, session: str) -> None:
        self.ws = ws
        self.session = session
        self.next_id = 1000
        self.errors: list[str] = []
        self.requests: list[str] = []

    def _event(self, message: dict[str, Any]) -> None:
        method, params = message.get("method"), message.get("params", {})
        if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            args = " ".join(str(a.get("value", a.get("description"))) for a in params["args"])
            self.errors.append(f"console.{params['type']}: {args}")
        elif method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            text = details.get("exception", {}).get("description") or details.get("text")
            self.errors.append(f"exception: {text}")
        elif method == "Log.entryAdded" and params["entry"]["level"] == "error":
            self.errors.append(f"log: {params['entry'].get('text')} {params['entry'].get('url')}")
        elif method == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        wanted = self.next_id
        self.ws.send(
            json.dumps(
                {"id": wanted, "method": method, "params": params, "sessionId": self.session}
            )
        )
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                result: dict[str, Any] = message.get("result", {})
                return result
            if message.get("sessionId") == self.session:
                self._event(message)

    def js(self, expression: str) -> Any:
        result = self.call(
            "Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True
        )
        if "exceptionDetails" in result:
            raise AssertionError(f"page script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str, timeout: float = 30.0) -> None:
        # Through a blank page, so the flag polled below cannot be the previous page's.
        self.call("Page.navigate", url="about:blank")
        self.call("Page.navigate", url=url)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            state = self.js(
                "(d => d ? [d.dataset.ready || '', d.dataset.errors || ''] : null)"
                "(document.documentElement)"
            )
            if state and (state[0] or state[1]):
                break
            time.sleep(0.05)
        else:
            raise AssertionError(f"the page never became ready: {url}")
        assert not self.js("document.documentElement.dataset.errors || ''"), self.js(
            "document.getElementById('errors').textContent"
        )

    def screenshot(self, path: Path) -> None:
        shot = self.call("Page.captureScreenshot", format="png")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(shot["data"]))

    def flush(self) -> None:
        """Let pending events (console messages after the last command) arrive."""
        self.js("new Promise(r => setTimeout(r, 100))")


@contextlib.contextmanager
def launch() -> Iterator[Page]:
    """A headless Chromium with one tab attached; closed (and its profile removed) at the end."""
    binary = chromium_path()
    if binary is None:
        need("chromium")
    profile = Path(tempfile.mkdtemp(prefix="thousand-chromium-"))
    process = subprocess.Popen(
        [
            binary,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-extensions",
            "--hide-scrollbars",
            "--window-size=1500,1000",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "about:blank",
        ],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.exists() and len(port_file.read_text().splitlines()) >= 2):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"chromium did not start (exit code {process.poll()})")
            time.sleep(0.05)
        port, path = port_file.read_text().splitlines()[:2]
        ws = WebSocket(f"ws://127.0.0.1:{port}{path}")
        ws.send(json.dumps({"id": 1, "method": "Target.createTarget", "params": {"url": ""}}))
        target = _reply(ws, 1)["targetId"]
        ws.send(
            json.dumps(
                {
                    "id": 2,
                    "method": "Target.attachToTarget",
                    "params": {"targetId": target, "flatten": True},
                }
            )
        )
        page = Page(ws, _reply(ws, 2)["sessionId"])
        for domain in ("Runtime", "Log", "Page", "Network"):
            page.call(f"{domain}.enable")
        page.call(
            "Emulation.setDeviceMetricsOverride",
            width=1500,
            height=1000,
            deviceScaleFactor=1,
            mobile=False,
        )
        yield page
        ws.close()
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        shutil.rmtree(profile, ignore_errors=True)


def _reply(ws: WebSocket, wanted: int) -> dict[str, Any]:
    while True:
        message = json.loads(ws.recv())
        if message.get("id") == wanted:
            result: dict[str, Any] = message["result"]
            return result
