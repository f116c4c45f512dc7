"""Moves: a click or a command becomes ``rules.apply`` → store commit → announcement.

:meth:`Play.apply` is the one path every accepted move takes (a player's, an
AI's, a timeout's): built on a draft, committed with the action log, made
live, then shown.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from bot.core.sessions import drafts, prompts
from bot.core.sessions.base import LOG_KEEP, Answer, SessionError
from bot.core.sessions.table import Table
from bot.core.store import SessionRecord
from bot.engine import Action, Event, RuleError

Adjust = Callable[[SessionRecord], list[Event]]
"""Edits a move's draft before it is saved (a timeout counted, a seat handed to the AI) and names those notices."""


class Play:
    def __init__(self, table: Table) -> None:
        self.table = table

    async def act(
        self, session_id: int, user_id: int, prompt_version: int, index: int, answer: Answer | None = None
    ) -> SessionRecord:
        """Apply the action a button stands for, if it is still that player's choice; ``answer``: the click's,
        handed to the presenter, whose showing of the move answers it."""
        t = self.table
        record = t.by_id(session_id)
        if record is None:
            raise SessionError("session_over")
        async with t.lock(record.channel_id):
            if record.status == "lobby":
                raise SessionError("not_started")
            if record.status != "active" or t.by_id(session_id) is not record:
                raise SessionError("session_over")
            seat = record.seat_of(user_id)
            if seat is None:
                raise SessionError("not_a_player")
            legal = prompts.legal_for(t.spec(record), record, seat)
            if not legal:
                raise SessionError("not_your_turn")
            # An AFK seat (AI standing in) is still this player's: their click is judged like any
            # other, and only an accepted one gives the seat back (in apply), so a refusal changes nothing.
            if prompt_version != prompts.prompt_version(record, seat) or not 0 <= index < len(legal):
                raise SessionError("stale_button")
            await self.apply(record, seat, user_id, legal[index], answer=answer)
            return record

    async def act_action(self, channel_id: int, user_id: int, action: Action) -> SessionRecord:
        """Apply a move named by a command (not a button), if it is one of that player's choices now."""
        t = self.table
        record = t.in_channel(channel_id)
        if record is None:
            raise SessionError("no_session")
        async with t.lock(channel_id):
            if record.status != "active":
                raise SessionError("not_started")
            seat = record.seat_of(user_id)
            if seat is None:
                raise SessionError("not_a_player")
            legal = prompts.legal_for(t.spec(record), record, seat)
            if not legal:
                raise SessionError("not_your_turn")
            if action not in legal:
                raise SessionError("not_now")
            await self.apply(record, seat, user_id, action)
            return record

    async def apply(
        self,
        record: SessionRecord,
        seat: int,
        user_id: int | None,
        action: Action,
        adjust: Adjust | None = None,
        *,
        answer: Answer | None = None,
    ) -> None:
        """Make one move.  Caller holds the channel lock; nothing in memory changes unless it is saved."""
        t = self.table
        spec = t.spec(record)
        assert record.state is not None
        try:
            transition = spec.rules.apply(record.state, seat, action)
        except RuleError as exc:
            raise SessionError("rule", rule_code=exc.code, game=record.game) from None
        d = drafts.draft(record)
        events = adjust(d) if adjust is not None else []
        d.state = transition.state
        if user_id is not None:
            # The player moved: an AFK seat is theirs again (the AI task sees it under the lock and stands down).
            mover = d.seats[seat]
            if mover.ai_level is not None or prompts.counts_afk(spec, record, seat):
                mover.timeouts = 0  # only an own turn (or taking the seat back) clears the strikes its timeouts count
            mover.ai_level = None
            d.last_human_at = t.clock()
        d.version += 1
        events += transition.events
        d.log = (d.log + [e.to_json() for e in events if e.to is None])[-LOG_KEEP:]
        result = spec.rules.result(d.state)
        if result is not None:
            d.status = "finished"
            d.ended_at = t.clock()
            d.end_reason = result.reason or "finished"
            d.deadline = None
        else:
            prompts.refresh_prompts(spec, d, mover=seat)
            before = prompts.waits(spec, record)  # the record is still the state before this move
            prompts.refresh_deadline(spec, d, t.settings, t.clock(), before=before)
        result_json = t.result_json(d, result) if result is not None else None
        seats = d.seats != record.seats  # a timeout counted, a seat to the AI or back: saved with the move
        # the store's own method, not a closure of this module: the click's path goes down, never back here
        write = functools.partial(t.store.commit_action, seat=seat, user_id=user_id, payload=action,
                                  result=result_json, seats=seats)
        t.prepare(d, seat)  # its pictures are drawn while it is saved; shown only once it is
        await t.commit(record, d, write, "a move")
        # Committed: from here on, only announcing, and it cannot undo or stall the move.
        if result is not None:
            t.forget(record)
            await t.announce(record, "a move", t.presenter.game_changed(record, events, answer))
            await t.announce(record, "the end", t.presenter.session_ended(record, result, answer))
        else:
            await t.announce(record, "a move", t.presenter.game_changed(record, events, answer))
            t.schedule(record)
