"""What a PORTAS state asks of whom: who is to act, their legal ports, the result.

Split from the engine (``__init__.py``); ``legal`` shares its action lists across calls (see
``_legal_rows``) because it runs before every move of every AI rollout.
"""

from __future__ import annotations

from bot.engine import (
    Action,
    Result,
    State,
)

from .parts import (
    _PORTS,
)
from .state import _new_instance, _Port


def to_act(state: State) -> list[int]:
    """The seat to move, or nobody once the game is over."""
    return [] if state["result"] is not None else [state["turn"]]


def legal(state: State, seat: int) -> list[Action]:
    """Every distinct port (treasure by treasure, cards ascending), plus pass if optional.

    What one hand can port onto one treasure depends only on the treasure's
    value and total, so the rows come ready-made from :func:`_legal_rows`;
    ``_legal_plain`` is the same list by definition, card by card.
    """
    if state["result"] is not None or seat != state["turn"]:
        return []
    options = state["options"]
    out: list[Action] = []
    try:
        hand = tuple(state["hands"][seat])
        rows = _LEGAL_ROWS.get(hand) or _legal_rows(hand)
        if options["overshoot"] == "allowed":  # every card fits everywhere: the empty treasure's row
            for t in state["open"]:
                out += rows[t["value"]][0]
        else:
            for t in state["open"]:
                out += rows[t["value"]][t["total"]]
    except KeyError:  # a hand-made state off the table (a total past its value, an odd card): no shortcut
        return _legal_plain(state, seat)
    if out and options["pass_rule"] == "voluntary":
        out.append({"type": "pass"})
    return out


def _legal_plain(state: State, seat: int) -> list[Action]:
    """:func:`legal` by its definition, card by card: the fallback off the table, and what the table must equal."""
    if state["result"] is not None or seat != state["turn"]:
        return []
    hand = state["hands"][seat]  # sorted: equal cards are neighbours, and a card too big ends the row
    options = state["options"]
    unlimited = options["overshoot"] == "allowed"
    out: list[Action] = []
    for t in state["open"]:
        value = t["value"]
        room = value - t["total"]
        previous = 0  # card values start at 1
        for c in hand:
            if c > room and not unlimited:
                break
            if c != previous:
                out.append(_PORTS[value][c])
                previous = c
    if out and options["pass_rule"] == "voluntary":
        out.append({"type": "pass"})
    return out


_LEGAL_ROWS: dict[tuple[int, ...], dict[int, dict[int, tuple[_Port, ...]]]] = {}


def _legal_rows(hand: tuple[int, ...]) -> dict[int, dict[int, tuple[_Port, ...]]]:
    """``rows[value][total]``: the distinct ports of ``hand`` onto treasure ``value`` holding ``total``.

    Cards ascending; every total from 0 to the value.  Built once per distinct hand (a
    few hundred exist) and kept in ``_LEGAL_ROWS``.
    """
    cards = sorted(set(hand))
    rows = {
        value: {total: tuple(row[c] for c in cards if total + c <= value) for total in range(value + 1)}
        for value, row in _PORTS.items()
    }
    if len(_LEGAL_ROWS) < 4096:  # real hands are 4 or fewer of 6 card values; hand-made states could be anything
        _LEGAL_ROWS[hand] = rows
    return rows


def result(state: State) -> Result | None:
    res = state["result"]
    if res is None:
        return None
    out = _new_instance(Result)  # Result(winners, scores, reason) without the frozen-dataclass __init__
    fields = out.__dict__
    fields["winners"] = tuple(res["winners"])
    fields["scores"] = tuple(res["scores"])
    fields["reason"] = res["reason"]
    return out


def timeout_action(state: State, seat: int) -> Action | None:
    """No rule default: the platform lets the normal AI move for a timed-out seat."""
    return None
