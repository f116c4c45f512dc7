"""The metrics port does not cost a thread per idle connection (2,000 connections made 2,006 threads)."""

from __future__ import annotations

import socket
import threading
import time
import urllib.request

import pytest

from bot.runtime import metrics

prom = pytest.importorskip("prometheus_client")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _scrape(port: int) -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as answer:
        return answer.read().decode()


def test_idle_connections_are_capped_and_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(metrics, "IDLE_TIMEOUT", 1.0)
    registry = prom.CollectorRegistry()
    prom.Counter("kado_probe", "a probe", registry=registry).inc()
    port = _free_port()
    server = metrics.serve(port, "127.0.0.1", registry)
    idle: list[socket.socket] = []
    try:
        before = threading.active_count()
        for _ in range(200):
            idle.append(socket.create_connection(("127.0.0.1", port)))
        time.sleep(0.5)
        assert threading.active_count() - before <= metrics.MAX_CONNECTIONS + 1
        time.sleep(metrics.IDLE_TIMEOUT + 1)  # the idle ones holding a slot are dropped
        assert "kado_probe_total 1.0" in _scrape(port)
        assert threading.active_count() - before <= 1
    finally:
        for s in idle:
            s.close()
        server.shutdown()
        server.server_close()
