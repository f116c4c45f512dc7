"""What the last reveal did, per seat, read from a view's public log (for the picture).

The picture shows, until the next reveal, every player's pick, the suits that
clashed and every card that moved.  All of it is in the public log the view
carries (``LOG_KEEP`` holds a whole round), so nothing hidden is read and two
true states with the same spectator view give the same recap.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import View

from ..rules.state import SEATS

_REVEALS = ("revealed", "revealed_row1")


@dataclass
class SeatRecap:
    """One seat's share of the last reveal."""

    pick: int | None = None
    clashed: list[str] = field(default_factory=list)  # suits that clashed on the seat's row
    moves: list[tuple[str, int, int, str]] = field(default_factory=list)  # (suit, old, new, how)
    special: str | None = None  # the special it resolved (or "missed")


def _start(log: list[dict]) -> int | None:
    """Index of the last reveal (a ``row1_first`` round: its first, row-1 reveal)."""
    for i in range(len(log) - 1, -1, -1):
        kind = log[i]["kind"]
        if kind not in _REVEALS:
            continue
        if kind == "revealed":
            for j in range(i - 1, -1, -1):
                if log[j]["kind"] == "round":
                    break
                if log[j]["kind"] == "revealed_row1":
                    return j
        return i
    return None


def recap(view: View) -> list[SeatRecap] | None:
    """Per seat, what the last reveal did; ``None`` before the first reveal."""
    log = view["log"]
    start = _start(log)
    if start is None:
        return None
    out = [SeatRecap() for _ in range(SEATS)]
    for entry in log[start:]:
        kind, a = entry["kind"], entry["args"]
        if kind == "revealed":
            for s, row in enumerate(a["picks"]):
                out[s].pick = row
        elif kind == "revealed_row1":
            for s in a["seats"]:
                out[s].pick = 1
        elif kind == "special":
            out[a["seat"]].special = a["special"]
        elif kind == "special_missed":
            out[a["seat"]].special = "missed"
        elif kind == "row":
            for suit, seats in a["clashes"]:
                for s in seats:
                    out[s].clashed.append(suit)
        elif kind in ("raise", "wild", "down_move"):
            out[a["seat"]].moves.append((a["suit"], a["old"], a["new"], kind))
        elif kind == "change":
            out[a["seat"]].moves.append((a["suit"], a["gave"], a["took"], "change"))
            out[a["target"]].moves.append((a["suit"], a["took"], a["gave"], "changed"))
    return out
