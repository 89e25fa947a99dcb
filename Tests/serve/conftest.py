"""Fixtures for the `daybook serve` and `daybook init` tests: the real binary, a small journal, a
running preview with its terminal output, and a Server-Sent Events reader."""
import json
import os
import pathlib
import queue
import re
import signal
import socket
import subprocess
import threading
import time
import urllib.request

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = pathlib.Path(os.environ.get("DAYBOOK_BIN", ROOT / ".build/debug/daybook"))

ENTRIES = {
    "entries/2024/05/2024-05-01-ferry.md": "---\ntitle: Ferry to the island\ndate: 2024-05-01 08:30\ntags: [sea]\n---\n\nThe ferry left at dawn.\n",
    "entries/2024/05/2024-05-02-hill.md": "---\ntitle: Up the hill\ndate: 2024-05-02\n---\n\nA long climb in the rain.\n",
    "entries/2024/05/2024-05-03-plan.md": "---\ntitle: A plan\ndate: 2024-05-03\ndraft: true\n---\n\nNot ready to be read.\n",
}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def journal(tmp_path):
    root = tmp_path / "journal"
    for path, text in ENTRIES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    (root / "daybook.yml").write_text("title: Test journal\ntimezone: UTC\nfeed: false\nquote_of_the_day: false\n")
    return root


class Preview:
    """A running `daybook serve`: its address, its terminal output, and helpers to wait on it."""

    def __init__(self, journal, *arguments):
        self.journal = journal
        self.process = subprocess.Popen([str(BINARY), "serve", str(journal), *arguments],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._read_stderr, daemon=True).start()
        line = self.process.stdout.readline()
        match = re.search(r"at (http://\S+/) ", line)
        assert match, f"no address in {line!r}; stderr: {self.stderr}"
        self.url = match.group(1)
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr.append(line.rstrip("\n"))
            self.lines.put(line.rstrip("\n"))

    def builds(self):
        return [line for line in self.stderr if line.startswith(("Built ", "Rebuilt ", "build failed"))]

    def get(self, path, headers=None):
        request = urllib.request.Request(self.url + path.lstrip("/"), headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def write(self, path, text):
        target = self.journal / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


class Events:
    """Reads a page's Server-Sent Events stream on a thread; `next` waits for an update."""

    def __init__(self, url, page="index.html"):
        self.queue = queue.Queue()
        self.response = urllib.request.urlopen(f"{url}_daybook/events?page={page}", timeout=30)
        threading.Thread(target=self._read, daemon=True).start()
        self.first = self.next()

    def _read(self):
        data = None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("data: "):
                    data = line[len("data: "):]
                elif line == "" and data is not None:
                    self.queue.put(json.loads(data))
                    data = None
        except Exception:  # the connection closed
            pass
        self.queue.put(None)

    def next(self, timeout=10):
        return self.queue.get(timeout=timeout)

    def until(self, accept, timeout=15):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            event = self.next(timeout=max(0.1, deadline - time.monotonic()))
            if event is None:
                raise AssertionError("the event stream closed")
            if accept(event):
                return event
        raise AssertionError("no such event")

    def close(self):
        self.response.close()


@pytest.fixture
def preview(journal):
    started = []

    def start(*arguments, at=None):
        running = Preview(at or journal, "--port", str(free_port()), *arguments)
        started.append(running)
        return running

    yield start
    for running in started:
        running.stop()
