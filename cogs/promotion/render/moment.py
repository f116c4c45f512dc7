"""The reveal as a moment: one channel post per reveal, and a short one per answered special.

The board shows where the cards are *now*; players also want to read, later,
what the reveal did -- who picked which row, which suits clashed, every raise
and the specials in the order they resolved.  The platform posts this text to
the channel (``GameRender.moment``) after each committed change that resolves
part of a round.

Only the public events of that one change are read, never a view or a state:
so the post cannot name a pick before it is revealed (under ``row1_first`` the
first post names only the row-1 players), and two games that differ only in
hidden picks get the same post.  The lines follow the events in order, which
is the order the rules resolved them in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.engine import Event
from bot.gameui import clip
from bot.i18n import Tr

from ..game import ID
from ..rules.postcard import SPECIAL_NAME, SUIT_SYMBOL
from .words import card, name, names_text, pair

ICON = {"spin": "🔄", "down": "⬇️", "change": "🔁", "wild": "🃏"}
RAISED = "⬆️"
WAITING = "⏳"
POST_MAX = 2000  # Discord's limit for a message's text

# Events that only a round's resolution emits: a change holding one of them is (part of) a reveal.
RESOLVING = frozenset({
    "revealed", "revealed_row1", "special", "special_missed", "spin", "down_move", "down_none",
    "change", "wild", "wild_none", "row", "raise", "raise_none", "king",
})
# The answer to a special's question starts the next change: the special it answers, to head its line.
ANSWERS = {"down_move": "down", "down_none": "down", "change": "change", "wild": "wild", "wild_none": "wild"}


@dataclass
class _Line:
    """A line being written: its head, then what happened.

    A special's moves read as one list ("alice ♠10 → ♠9, bob keeps ♣8"); a
    row's clashes are separate facts, then each player's raises behind one
    arrow, the player named once ("⬆️ bob ♠6 → ♠9, ♥8 → ♥10").
    """

    head: str
    kind: str  # the special or "row" it belongs to, so the events that follow know whether to join it
    items: list[str] = field(default_factory=list)
    raises: dict[str, list[str]] = field(default_factory=dict)  # a row's: player -> moves, in order
    keeps: list[str] = field(default_factory=list)  # a row's cards with nothing higher to go to

    def text(self, tr: Tr) -> str:
        sep = tr("list.sep")
        parts = list(self.items) if self.kind == "row" else [sep.join(self.items)] if self.items else []
        parts += [f"{RAISED} {who} " + sep.join(moves) for who, moves in self.raises.items()]
        parts += self.keeps
        return f"{self.head} — " + tr("words.dot").join(parts) if parts else self.head


class _Writer:
    """Turns one change's public events into the lines of its post, in the order they happened."""

    def __init__(self, names: list[str], tr: Tr) -> None:
        self.names, self.tr = names, tr
        self.lines: list[str | _Line] = []
        self.open: _Line | None = None

    def who(self, seat: int) -> str:
        return name(self.names, seat)

    def start(self, line: str | _Line) -> None:
        self.lines.append(line)
        self.open = line if isinstance(line, _Line) else None

    def joining(self, kind: str) -> _Line:
        """The open line of ``kind`` (an answer's follow-ups), or a new one headed by the special's name."""
        if self.open is None or self.open.kind != kind:
            self.start(_Line(f"{ICON[kind]} {SPECIAL_NAME[kind]}", kind))
        assert self.open is not None
        return self.open

    def add(self, ev: Event) -> None:
        a, tr, k = ev.args, self.tr, ev.kind
        if k == "revealed":
            picks = tr("list.sep").join(
                tr(f"{ID}.event.revealed_one", name=self.who(s), row=p) for s, p in enumerate(a["picks"])
            )
            self.start(tr(f"{ID}.moment.picks", picks=picks))
        elif k == "revealed_row1":
            self.start(tr(f"{ID}.event.revealed_row1", names=names_text(self.names, a["seats"], tr)))
        elif k == "special":
            head = tr(f"{ID}.moment.special", icon=ICON[a["special"]], name=self.who(a["seat"]),
                      special=SPECIAL_NAME[a["special"]], order=a["order"])
            self.start(_Line(head, a["special"]))
        elif k == "special_missed":
            self.start(tr(f"{ID}.moment.missed", name=self.who(a["seat"]),
                          special=SPECIAL_NAME[a["special"]], order=a["order"]))
        elif k == "spin":
            self.joining("spin").items.append(tr(f"{ID}.moment.spin"))
        elif k in ("down_move", "wild"):
            self.joining(ANSWERS[k]).items.append(self.move(a))
        elif k in ("down_none", "wild_none"):
            item = (tr(f"{ID}.moment.keeps", name=self.who(a["seat"]), card=card(a["suit"], a["value"]))
                    if "suit" in a else tr(f"{ID}.moment.wild_none"))
            self.joining(ANSWERS[k]).items.append(item)
        elif k == "change":
            swap = tr(f"{ID}.moment.change", name=self.who(a["seat"]), target=self.who(a["target"]),
                      took=card(a["suit"], a["took"]), gave=card(a["suit"], a["gave"]))
            self.joining("change").items.append(swap)
        elif k == "row":
            self.row(a)
        elif k in ("raise", "raise_none") and self.open is not None and self.open.kind == "row":
            # a row never waits for a choice: its raises follow it within one change
            who = self.who(a["seat"])
            if k == "raise":
                self.open.raises.setdefault(who, []).append(_step(a))
            else:
                self.open.keeps.append(tr(f"{ID}.moment.keeps", name=who, card=card(a["suit"], a["value"])))
        elif k == "await":
            self.start(f"{WAITING} " + tr(f"{ID}.wait.choose.{a['kind']}", name=self.who(a["seat"])))
        elif k == "king":
            self.start(tr(f"{ID}.event.king", names=names_text(self.names, a["seats"], tr)))
        # "picked", "round_end", "round", "draw" and the platform's own events add nothing here:
        # the next round and a game's result have their own board and post.

    def move(self, a: dict) -> str:
        return f"{self.who(a['seat'])} {_step(a)}"

    def row(self, a: dict) -> None:
        tr = self.tr
        picks = tr("list.sep").join(f"{self.who(s)} {pair(p)}" for s, p in zip(a["seats"], a["suits"], strict=True))
        line = _Line(tr(f"{ID}.moment.row", row=a["row"], picks=picks), "row")
        for suit, seats in a["clashes"]:
            clashed = names_text(self.names, seats, tr)
            line.items.append(tr(f"{ID}.moment.clash", suit=SUIT_SYMBOL[suit], names=clashed))
        self.start(line)

    def text(self, heading: str) -> str:
        post = "\n".join([heading, *(ln if isinstance(ln, str) else ln.text(self.tr) for ln in self.lines)])
        return clip(post, POST_MAX)


def _step(a: dict) -> str:
    """One card's move, ``♠6 → ♠9``."""
    return f"{card(a['suit'], a['old'])} → {card(a['suit'], a['new'])}"


def moment(events: list[Event], names: list[str], tr: Tr) -> str | None:
    """The channel post for a change that resolves (part of) a round, or None for any other change.

    ``events`` are the change's public events; a reveal gets the round's
    heading, an answered special (the rest of the round resolving after it)
    a "continued" one.
    """
    if not any(e.kind in RESOLVING for e in events):
        return None
    writer = _Writer(names, tr)
    for ev in events:
        writer.add(ev)
    return writer.text(_heading(events, tr))


def _heading(events: list[Event], tr: Tr) -> str:
    """The bold first line: a reveal's, or "continued" for a change that answers a special first.

    The round is read from the reveal, an answer or the round's end among these
    events (never from "round", which opens the next one); events stored before
    they carried it go without.
    """
    first = next(e for e in events if e.kind in RESOLVING)
    key = f"{ID}.moment.head" if first.kind in ("revealed", "revealed_row1") else f"{ID}.moment.head_more"
    rounds = [e.args["round"] for e in events
              if (e.kind in RESOLVING or e.kind == "round_end") and isinstance(e.args.get("round"), int)]
    return tr(key, round=rounds[0]) if rounds else tr(key + "_plain")
