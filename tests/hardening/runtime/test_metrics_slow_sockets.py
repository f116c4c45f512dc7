"""A scrape is answered within 1 s whatever slow or silent connections hold the metrics port.

Before: :data:`~bot.runtime.metrics.MAX_CONNECTIONS` connections sending a
byte every few seconds (the idle timeout applied per read), or silent ones
reopened whenever closed, left no scrape answered.  Short timeouts stand in
for the real ones (a byte every 0.4 s against a 1 s idle timeout).
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from collections.abc import Iterator

import pytest

from bot.runtime import metrics

prom = pytest.importorskip("prometheus_client")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def port(monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    monkeypatch.setattr(metrics, "IDLE_TIMEOUT", 1.0)
    monkeypatch.setattr(metrics, "REQUEST_DEADLINE", 2.0, raising=False)
    registry = prom.CollectorRegistry()
    prom.Counter("kado_probe", "a probe", registry=registry).inc()
    number = _free_port()
    server = metrics.serve(number, "127.0.0.1", registry)
    try:
        yield number
    finally:
        server.shutdown()
        server.server_close()


def scrape_seconds(port: int) -> float:
    """How long one scrape took to be answered in full (raises if it was not within 1 s)."""
    started = time.monotonic()
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=1.0) as answer:
        assert "kado_probe_total 1.0" in answer.read().decode()
    return time.monotonic() - started


class Attackers:
    """``count`` connections to the port, each trickling a request (``slow``) or silent; reopened when closed."""

    def __init__(self, port: int, count: int, *, slow: bool) -> None:
        self.port, self.slow, self.stop = port, slow, threading.Event()
        self.threads = [threading.Thread(target=self._hold, daemon=True) for _ in range(count)]
        for t in self.threads:
            t.start()

    def _hold(self) -> None:
        while not self.stop.is_set():
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=5) as s:
                    s.settimeout(0.4)
                    for byte in b"GET /metrics HTTP/1.1\r\nHost: x\r\n" * 50:
                        if self.stop.is_set():
                            return
                        if self.slow:
                            s.sendall(bytes([byte]))
                        try:
                            if s.recv(1) == b"":
                                break  # closed by the server: open another
                        except TimeoutError:
                            continue
            except OSError:
                time.sleep(0.01)

    def close(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(timeout=3)


@pytest.mark.parametrize("slow", [True, False], ids=["trickling", "silent-reopened"])
def test_every_scrape_is_answered_within_a_second(port: int, slow: bool) -> None:
    attackers = Attackers(port, metrics.MAX_CONNECTIONS, slow=slow)
    try:
        time.sleep(0.5)  # every slot taken
        took = [scrape_seconds(port) for _ in range(20)]  # each raises if not answered within 1 s
        time.sleep(2.5)  # past the request deadline of the first ones: still answered
        took += [scrape_seconds(port) for _ in range(5)]
    finally:
        attackers.close()
    assert max(took) < 1.0, took
