"""Prompt versions and deadlines: what a seat may answer now, and by when.

Pure functions of a record (and the game's rules): the parts call them on a
draft before it is saved.

A seat's *prompt version* is the session version at which its list of legal
actions last changed **or at which the seat last moved**.  A button carries
it, so a click is stale exactly when the choices it was drawn for are gone
or already answered: a double click cannot make two moves even when the
next list happens to be the same (a PORTAS turn, Eminit's repeated "pass"),
while another player's simultaneous pick does not invalidate yours.  The
stored form is unchanged (``[version, digest]`` per seat), so buttons of
games saved before still work until their seat moves.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection

from bot.core.sessions.base import Settings
from bot.core.slow import pace
from bot.core.store import TUTORIAL, SessionRecord
from bot.engine import Action, RuleError
from bot.gamefacts import Game


def digest(actions: list[Action]) -> str:
    """A short fingerprint of a list of actions: a prompt is new exactly when this changes."""
    raw = json.dumps(actions, sort_keys=True, separators=(",", ":")).encode()
    return hashlib.blake2b(raw, digest_size=8).hexdigest()


def legal_for(spec: Game, record: SessionRecord, seat: int) -> list[Action]:
    """The actions ``seat`` may take now; none when the game is not under way (or the rules refuse the seat)."""
    if record.status != "active" or record.state is None:
        return []
    try:
        return list(spec.rules.legal(record.state, seat))
    except RuleError:
        return []


def prompt_version(record: SessionRecord, seat: int) -> int:
    """The state version a seat's buttons were drawn at (0 before any)."""
    entry = record.prompts.get(str(seat))
    return int(entry[0]) if entry else 0


def refresh_prompts(spec: Game, record: SessionRecord, mover: int | None = None) -> None:
    """New prompt versions for the seats whose choices changed, and for ``mover`` (its button is spent)."""
    for seat in range(len(record.seats)):
        now = digest(legal_for(spec, record, seat))
        entry = record.prompts.get(str(seat))
        if entry is None or entry[1] != now or seat == mover:
            record.prompts[str(seat)] = [record.version, now]


def waiting_humans(spec: Game, record: SessionRecord) -> list[int]:
    """The human seats asked to act now: whose timer runs and who is pinged (AI seats move by themselves)."""
    if record.status != "active" or record.state is None:
        return []
    return [s for s in spec.rules.to_act(record.state) if not record.seats[s].is_ai]


def is_reaction(spec: Game, record: SessionRecord, seat: int) -> bool:
    """Is ``seat`` in a rule-defined reaction window (``Engine.is_reaction``) rather than on its own turn?

    Why the platform asks: silence is an answer there.  An expired window is
    resolved by the rule's default without a "ran out of time" post or an AFK
    strike, and no turn notice pings anyone for it.  A game that does not
    implement the query has turns only.
    """
    query = getattr(spec.rules, "is_reaction", None)
    if query is None or record.state is None:
        return False
    return bool(query(record.state, seat))


def is_own_turn(spec: Game, record: SessionRecord, seat: int) -> bool:
    """Is ``seat`` on its own turn (``Engine.is_own_turn``), not answering a choice in another's?

    Why the platform asks: only an own turn that runs out is a timeout
    strike towards AFK.  A choice in someone else's turn (an Eminit receiver
    discarding for Supply) is still answered when time runs out, but counts
    nothing and posts nothing: the move shown is the rule's default, a
    function of the hand, and docs/rules' "Choices stay the player's, and stay
    private" forbids telling the table so.  A game that does not implement
    the query has own turns only.
    """
    query = getattr(spec.rules, "is_own_turn", None)
    if query is None or record.state is None:
        return True
    return bool(query(record.state, seat))


def counts_afk(spec: Game, record: SessionRecord, seat: int) -> bool:
    """Does ``seat``'s move now count for AFK: its own turn, not a reaction window nor a choice in another's?

    Only own turns that run out are strikes, so only an own turn played
    clears them: a player who answers every declaration but lets each of
    their own turns run out is AFK all the same.
    """
    return not is_reaction(spec, record, seat) and is_own_turn(spec, record, seat)


def turn_humans(spec: Game, record: SessionRecord) -> list[int]:
    """The humans the game waits for to choose (a reaction window's seats left out): whom a reminder pings.

    A choice in someone else's turn (:func:`is_own_turn` false) is in: the
    table waits for it, even though its timeout counts no AFK strike.
    """
    return [s for s in waiting_humans(spec, record) if not is_reaction(spec, record, s)]


Wait = tuple[int, bool, bool]
"""A human waited for: (seat, in a reaction window, on its own turn)."""


def _wait(spec: Game, record: SessionRecord, seat: int) -> Wait:
    return seat, is_reaction(spec, record, seat), is_own_turn(spec, record, seat)


def waits(spec: Game, record: SessionRecord) -> set[Wait]:
    """Each human waited for, and in what capacity (:data:`Wait`): what :func:`refresh_deadline` compares."""
    return {_wait(spec, record, s) for s in waiting_humans(spec, record)}


def timeout_seconds(
    spec: Game, record: SessionRecord, settings: Settings, waiting: list[int] | None = None
) -> float:
    """How long the current choice may take: the rule's reaction time, a hidden pick, or a turn, at the game's pace.

    A slow game's windows and picks scale with its turn (:func:`bot.core.slow.pace.window_seconds`).
    """
    assert record.state is not None
    if record.options.get(TUTORIAL) and record.turn_timeout:  # a learner reads a line first: one relaxed timer
        return record.turn_timeout
    waiting = waiting_humans(spec, record) if waiting is None else waiting
    live = record.turn_timeout or settings.turn_timeout  # the server's timer (a slow turn's length before a pick)
    if any(spec.rules.timeout_action(record.state, s) is not None for s in waiting):
        return pace.window_seconds(record.pace, spec.reaction_timeout(record.options), record.pace_turn, live)
    if len(spec.rules.to_act(record.state)) > 1:
        return pace.window_seconds(record.pace, settings.pick_timeout, record.pace_turn, live)
    return pace.turn_seconds(record.pace, live, record.pace_turn)


def refresh_deadline(
    spec: Game,
    record: SessionRecord,
    settings: Settings,
    now: float,
    before: Collection[Wait] | None = None,
) -> None:
    """Start a new timer when a human's turn begins; keep it otherwise.

    One deadline per session covers everyone it waits for: a simultaneous
    pick keeps its timer while players answer one by one.  After a move,
    ``before`` (the humans waited for until then) tells a new turn from the
    next sub-step of the same one: a seat that was already waited for keeps
    its deadline through "play Steal", "choose a target", "discard"…, so a
    turn has one deadline, as the turn notice shows it.  Without ``before``
    (a start, a seat change) any waiting seat whose choices are new starts one.

    ``before`` pairs each seat with whether it was in a reaction window
    and on its own turn (:func:`waits`): a seat going from a window to its
    own turn (the flip after a contest it answered last) or from its turn
    into a window (the contest its flip opened) starts a new timer.  Kept,
    the window's deadline, already past when the clock closed it, timed the
    turn out at once.  Likewise from a choice in another's turn (an acquired
    Supply's discards) to the seat's own flip that follows it: a turn gets a
    turn's time, not what the choice's short timer had left.
    """
    waiting = waiting_humans(spec, record)
    if not waiting:
        record.deadline = None
        return
    if before is None:
        fresh = any(prompt_version(record, s) == record.version for s in waiting)
    else:
        fresh = any(_wait(spec, record, s) not in before for s in waiting)
    if record.deadline is None or fresh:
        record.deadline = now + timeout_seconds(spec, record, settings, waiting)
        record.reminded = False
