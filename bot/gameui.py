"""How a game turns its views and events into words (and pictures), per locale.

This is the other half of a game package besides its pure rules: it knows
neither Discord nor storage, only a view (from ``rules.view``), the seat
names, and a translator.  The platform builds embeds, buttons and DMs from
what these functions return, so no game writes Discord code for its board.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.engine import JSON, Action, Event, View
from bot.i18n import Tr

LABEL_MAX = 80
"""Discord's longest button label, in characters: every game's buttons are cut to it."""


def clip(text: str, limit: int = LABEL_MAX) -> str:
    """``text`` cut to ``limit`` characters, the last one "…" when anything was cut (a label, a line, a post)."""
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def seat_name(names: list[str], seat: int) -> str:
    """The seat's name, or ``#<n>`` (counted from 1) when the platform gave fewer names than seats."""
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


@dataclass
class Board:
    """The public board, in two lengths: a few lines beside the picture, and the full text one click away.

    ``summary`` is what the channel board shows next to its picture: 3–6 short
    lines of what a picture cannot say (the last thing that happened, the
    score, the result).  The platform adds whose turn it is and the deadline,
    so a game need not.  ``description``, ``fields`` and ``footer`` are the
    long text (log, per-player detail) that the "Details" button answers
    with, privately; replays show it too.  An empty ``summary`` falls back to
    the first lines of ``description``.

    ``hint`` is one line for the player whose buttons are on the board (how to
    read them, on a move they really have).  The platform shows it just above
    those buttons, and only when a human's buttons are there: not to a
    spectator, not while an AI thinks, not once the game is over.
    """

    title: str
    description: str = ""
    fields: list[tuple[str, str]] = field(default_factory=list)  # (name, value), inline
    image_png: bytes | None = None
    footer: str = ""
    summary: list[str] = field(default_factory=list)
    hint: str = ""


@dataclass(frozen=True)
class Control:
    """One button for one legal action.

    ``label`` ≤ 80 characters. ``style`` is one of "primary", "secondary",
    "success", "danger". ``row`` (0–4) groups buttons; ``None`` lets the
    platform lay them out.
    """

    label: str
    style: str = "secondary"
    emoji: str | None = None
    row: int | None = None


class GameRender(Protocol):
    """What a game's ``render`` module provides: every word and button a player sees, each built from a view.

    Views only, never a state: a board built from the spectator view cannot
    name a hidden card, and a seat's DM cannot show another seat's hand.
    """

    def board(self, view: View, names: list[str], tr: Tr) -> Board:
        """The channel board from the spectator view (``rules.view(state, None)``)."""
        ...

    def private(self, view: View, seat: int, names: list[str], tr: Tr) -> str:
        """The text of ``seat``'s private message (hand, what only they know, what to do)."""
        ...

    def control(self, action: Action, view: View, seat: int, names: list[str], tr: Tr) -> Control:
        """The button for one of ``seat``'s legal actions."""
        ...

    def event(self, event: Event, names: list[str], tr: Tr, seat: int | None = None) -> str:
        """One log line for an event (public or private).

        ``seat`` is the reader of a private line (its DM), so the line may say "you";
        ``None`` for the channel, a replay or any public use.
        """
        ...

    def moment(self, events: list[Event], names: list[str], tr: Tr) -> str | None:
        """Optional: a short public summary to post in the channel when ``events`` complete a big moment.

        ``events`` are the public events (``to is None``) of one committed
        change, in order.  A game returns the text of a post when they hold a
        moment its players will want to read again later (a reveal, a
        contest, a steal), and None otherwise.  The board shows the state; a
        moment stays in the channel's history.  Built from public events only,
        so it can never name a hidden card.
        """
        ...

    def revealed(self, view: View, seat: int, names: list[str], tr: Tr) -> str:
        """Optional: what ``seat`` held hidden at the end, in the third person ("hana's hand (4): …").

        A finished game's replay shows it for every seat on its last page;
        the DM's words (:meth:`private`: "Your hand… You win!") would read
        there as if addressed to whoever watches.
        """
        ...

    def rules_text(self, tr: Tr, options: dict[str, JSON]) -> tuple[str, str]:
        """``/game rules``: (a first page that teaches the game, the details and our readings), with ``options``.

        The first page (≤ 1,500 characters: goal, set-up, a turn, the end) is
        what a new player on a phone reads; it follows the options in force and
        marks each of our readings as ours.  The second (≤ 4,000) keeps the
        rulebook's details apart from our choices, for players who know the
        physical game (shown behind a button: :mod:`bot.frontend.inbound.rules_pages`).
        """
        ...

    def outcome(self, events: list[Event], seat: int, names: list[str], tr: Tr) -> list[str]:
        """Optional: one line per contest, steal, clash… of ``events`` that touched ``seat``, told to that seat.

        ``events`` are those of one committed change that ``seat`` may know (the
        public ones and those sent to it), in order; the lines go to its DM
        ("Your Reflect did nothing: ③'s Nullify came before you").  Built from
        them alone, so a line can never name what ``seat`` may not see.
        """
        ...

    def reason(self, view: View, names: list[str], tr: Tr) -> str | None:
        """Optional: why the game ended as it did, in one line, from the final spectator view.

        The platform adds it to the result post and to every player's last DM
        ("bob declared first, so bob's victory check came first").
        """
        ...

    def legend(self, tr: Tr) -> list[str]:
        """Optional: one line per symbol the game's pictures draw (what it is, what it means), for Details."""
        ...

# -- the tutorial contract: what a game's ``tutorial.py`` declares its steps with (bot.core.tutorial runs them) --

StepFields = Callable[["Moment"], Mapping[str, Any]]


@dataclass(frozen=True)
class Moment:
    """What the learner may know right after a committed change."""

    view: Mapping[str, Any]
    """The learner's own view of the state (``rules.view(state, learner)``)."""
    events: tuple[Event, ...]
    """The change's events the learner may see: public ones and those addressed to them."""
    seat: int
    """The learner's seat."""
    asked: bool
    """Whether the learner has a choice to make now (their buttons are live)."""
    over: bool
    """Whether the game has ended."""

    def kinds(self) -> set[str]:
        """The kinds of the events the learner saw in this change."""
        return {e.kind for e in self.events}

    def find(self, kind: str) -> Event | None:
        """The first event of ``kind`` the learner saw in this change, if any."""
        return next((e for e in self.events if e.kind == kind), None)


@dataclass(frozen=True)
class Step:
    """One line of a tutorial, said the first time ``when`` holds."""

    key: str
    """Its catalogue key (also its id)."""
    when: Callable[[Moment], bool]
    """Whether its moment has come."""
    explains: tuple[str, ...] = ()
    """Which statements of the first rules page (the script's ``STATEMENTS``) its line explains."""
    recap: str | None = None
    """A catalogue key said at the end when the step never fired (its rule, said after the fact)."""
    fields: StepFields | None = None
    """The line's fields from the moment (seats are numbers; the frontend names them)."""


@dataclass(frozen=True)
class Line:
    """A line due now: a catalogue key and its fields (a ``seat`` field is a seat number, named by the frontend)."""

    key: str
    fields: Mapping[str, Any] = field(default_factory=dict)
