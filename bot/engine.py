"""The contract every game engine fulfils, and the plain types that cross it.

Engines are pure: no discord import, no I/O, no clocks, no global random
state.  A state is a JSON-compatible ``dict`` (str keys; values made of dict,
list, str, int, float, bool, None), so the store can persist it verbatim and
a restart resumes exactly where the game stood.  Randomness comes from a
seed kept *inside* the state (see :func:`draw_rng`), so the same seed and the
same actions always give the same game: replays, tests and the crash test
rely on that.

The shape follows OpenSpiel's state API and boardgame.io's ``playerView``:

* ``new(num_seats, seed, options)``  -> state
* ``to_act(state)``                  -> seats that must act now (several for
  simultaneous hidden picks, none when the game is over)
* ``legal(state, seat)``             -> the actions that seat may take now
* ``apply(state, seat, action)``     -> :class:`Transition` (new state + events);
  never mutates its input; raises :class:`RuleError` and changes nothing on
  illegal input
* ``view(state, seat | None)``       -> what that seat (or a spectator) may know
* ``result(state)``                  -> :class:`Result` or ``None`` while running

Every action is *one click*: a multi-part move (choose a card, then a target,
then a mode) is a sequence of actions through pending sub-steps kept in the
state.  That keeps every ``legal`` list short enough for buttons, makes
timeouts and AI search uniform, and lets the platform render any game's
controls without knowing the game.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

JSON = Any
"""A JSON-compatible value.  States, actions, views and event args are JSON."""

State = dict[str, JSON]
Action = dict[str, JSON]
View = dict[str, JSON]


class RuleError(Exception):
    """An action the rules do not allow.  The state it was applied to is unchanged.

    ``code`` is a stable, translatable key (``"not_your_turn"``,
    ``"illegal_action"``, ``"game_over"`` or a game-specific one) so the bot can
    tell the player *why* in their language.
    """

    def __init__(self, code: str, message: str = "", **args: JSON) -> None:
        super().__init__(message or code)
        self.code = code
        self.args_ = args


class NotYourTurn(RuleError):
    def __init__(self, message: str = "") -> None:
        super().__init__("not_your_turn", message)


class IllegalAction(RuleError):
    def __init__(self, message: str = "", **args: JSON) -> None:
        super().__init__("illegal_action", message, **args)


class GameOver(RuleError):
    def __init__(self, message: str = "") -> None:
        super().__init__("game_over", message)


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log and for private notices.

    ``to`` is ``None`` for a public event (anyone may see it, it may go to the
    channel) or the tuple of seats allowed to see it (e.g. the card taken by a
    random steal goes to taker and victim only).  ``kind`` is a game-scoped key
    (``"ported"``, ``"stole"``); ``args`` are JSON values the game's renderer
    turns into words.
    """

    kind: str
    args: dict[str, JSON] = field(default_factory=dict)
    to: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, JSON]:
        return {"kind": self.kind, "args": self.args, "to": list(self.to) if self.to is not None else None}

    @classmethod
    def from_json(cls, data: dict[str, JSON]) -> Event:
        to = data.get("to")
        return cls(data["kind"], dict(data.get("args") or {}), tuple(to) if to is not None else None)


@dataclass(frozen=True)
class Transition:
    state: State
    events: tuple[Event, ...] = ()


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``winners`` is empty for a draw.  ``scores`` has one number per seat (the
    game's own points; 0s for games without points).  ``reason`` is a
    game-scoped key (``"all_taken"``, ``"king"``, ``"victory_check"``...).
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str = ""

    @property
    def draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, JSON]:
        return {"winners": list(self.winners), "scores": list(self.scores), "reason": self.reason}


@dataclass(frozen=True)
class RuleOption:
    """One switchable rule reading (a **[decision]** of docs/rules/<game>.md), with its default.

    ``choices`` lists the allowed values (for a settings menu); ``None`` means
    any value of the default's type, within ``bounds`` (lowest, highest; both
    included) when the option is a number.  Why bounds: a server setting a
    timer to 0 s or a turn cap to 0 would get games that end or time out the
    moment they start, which no one means.
    """

    name: str
    default: JSON
    doc: str
    choices: tuple[JSON, ...] | None = None
    bounds: tuple[int, int] | None = None


@runtime_checkable
class Engine(Protocol):
    """What the platform needs from a game's rules module.

    A rules module satisfies this with module-level names (``rules.new`` ...) or
    an object; the platform only calls these attributes.
    """

    GAME: str  # short id: "portas", "getgem", "promotion", "eminit"
    MIN_SEATS: int
    MAX_SEATS: int
    OPTIONS: tuple[RuleOption, ...]

    def new(self, num_seats: int, seed: int, options: dict[str, JSON] | None = None) -> State: ...

    def to_act(self, state: State) -> list[int]: ...

    def legal(self, state: State, seat: int) -> list[Action]: ...

    def apply(self, state: State, seat: int, action: Action) -> Transition: ...

    def view(self, state: State, seat: int | None) -> View: ...

    def result(self, state: State) -> Result | None: ...

    def timeout_action(self, state: State, seat: int) -> Action | None:
        """The action taken for ``seat`` when its timer runs out, if the rules name one.

        E.g. a Barrier prompt times out as "no", a hidden declaration as "declare
        nothing".  ``None`` means "no rule default": the platform then lets the
        normal-level AI play that seat's move.
        """
        ...

    def is_reaction(self, state: State, seat: int) -> bool:
        """Is ``seat`` asked to react in a rule-defined window (not to play its own turn)?

        E.g. GETGEM's Barrier question, Eminit's declarations.  Silence is then
        an answer (:meth:`timeout_action`): the platform resolves an expired
        window quietly, with no "ran out of time" post and no AFK strike, and
        pings nobody for it, because nothing waits on that seat but the clock.
        """
        ...

    def is_own_turn(self, state: State, seat: int) -> bool:
        """Is it ``seat``'s own turn (the turn player), rather than another's turn it must answer in?

        Optional.  Why the platform asks: only a player's own turn running out
        is a timeout that counts towards AFK.  A choice asked of a player in
        someone else's turn that is not a reaction window (Eminit's receiver
        naming an interrupt for an acquired Big Release, GETGEM's declarer
        taking a card back) is still answered for them when time runs out (the
        rule's :meth:`timeout_action` or the normal AI), but counts no strike,
        hands no seat to the AI, and posts nothing.  Without this query every
        timeout is the seat's own turn.

        A per-seat question rather than "whose turn is it": it has the shape
        of :meth:`is_reaction`, and a game whose turns are simultaneous (a
        secret pick every seat makes at once) answers yes for each seat.
        The turn player stays on its turn while a reaction window or another's
        choice inside that turn is open; the platform asks about the seats it
        waits for, and :meth:`is_reaction` first.
        """
        ...

    def determinize(self, view: View, seat: int, seed: int) -> State:
        """A full state consistent with everything ``seat`` knows (its ``view``).

        Hidden cards the seat has not seen are dealt at random (from ``seed``)
        among the places it cannot see.  The strong AI searches over such
        samples so that it never reads the true hidden cards.
        """
        ...


class OptionOutOfRange(ValueError):
    """A number outside its option's ``bounds``; carries the range so a settings screen can name it."""

    def __init__(self, name: str, low: int, high: int, value: JSON) -> None:
        super().__init__(f"rule option {name!r} must be from {low} to {high}, not {value!r}")
        self.name, self.low, self.high = name, low, high


def resolve_options(options: tuple[RuleOption, ...], given: dict[str, JSON] | None) -> dict[str, JSON]:
    """Defaults overlaid with ``given``; unknown names or disallowed values raise.

    Engines store the resolved dict in their state so a game keeps the rules it
    started with even if a server changes its settings mid-game.
    """
    resolved = {opt.name: opt.default for opt in options}
    by_name = {opt.name: opt for opt in options}
    for name, value in (given or {}).items():
        opt = by_name.get(name)
        if opt is None:
            raise ValueError(f"unknown rule option {name!r}")
        if opt.choices is not None and value not in opt.choices:
            raise ValueError(f"rule option {name!r} must be one of {opt.choices!r}, not {value!r}")
        if opt.choices is None and type(value) is not type(opt.default):
            raise ValueError(f"rule option {name!r} must be {type(opt.default).__name__}")
        if opt.bounds is not None and not opt.bounds[0] <= value <= opt.bounds[1]:  # type: ignore[operator]
            raise OptionOutOfRange(name, *opt.bounds, value)
        resolved[name] = value
    return resolved


def draw_rng(state: State) -> random.Random:
    """A ``random.Random`` for one step, advancing the state's stored seed.

    The state keeps ``state["rng"]`` (an int).  Call this on the *new* state
    being built inside ``apply``: it seeds a generator from the stored value and
    stores the next value, so randomness is reproducible and survives JSON.
    """
    rng = random.Random(state["rng"])
    state["rng"] = rng.getrandbits(63)
    return rng
