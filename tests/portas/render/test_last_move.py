"""The board's "Last:" line tells the last move itself, not only the forced pass that followed it."""

from __future__ import annotations

from bot import i18n
from bot.core import games
from cogs.portas import render, rules


def _summary_with(recent: list[dict]) -> str:
    view = rules.view(rules.new(2, 5), None)
    view["recent"] = recent
    games.get("portas")  # registers the catalogue
    board = render.board(view, ["alice", "bob"], i18n.translator("en"))
    return "\n".join(board.summary)


PORT = {"kind": "ported", "args": {"seat": 0, "card": 3, "treasure": 13, "total": 12}}
FORCED = {"kind": "passed", "args": {"seat": 1, "forced": True}}


def test_a_forced_pass_is_told_with_the_port_that_caused_it() -> None:
    text = _summary_with([{"kind": "ported", "args": {"seat": 1, "card": 1, "treasure": 13, "total": 9}}, PORT, FORCED])
    last = next(line for line in text.splitlines() if line.startswith("Last"))
    assert "alice ports 3" in last and "bob has no legal port" in last
    assert "bob ports 1" not in last  # the move before belongs to the log, not to this line


def test_two_ports_each_followed_by_a_forced_pass_read_differently() -> None:
    second = {"kind": "ported", "args": {"seat": 0, "card": 1, "treasure": 13, "total": 13}}
    assert _summary_with([PORT, FORCED]) != _summary_with([PORT, FORCED, second, FORCED])
