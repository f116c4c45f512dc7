"""The leak checks: each message, event line, moment post and result line against twins and swaps.

One :class:`LeakChecks` per scan; the scanner (tests/robustness/leaks/leakkit.py, whose module docstring
says what "leak" means) plays the games and calls it after each step.  Apart from the playing
because the checks are the part that must be right: a reader can judge them without the game loop.
Findings go into the scan's :class:`Figures`; every twin seed comes from one generator, so a
scan with the same seed checks the same twins.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from bot import i18n
from bot.core.store import SessionRecord
from bot.engine import Event, State, Transition, View
from bot.frontend.presenting import results
from bot.frontend.ui import payloads, ratings
from bot.gamefacts import Game
from tests.gamekit import expectations
from tests.robustness.leaks.leak_capture import CapturePresenter, payload_text
from tests.robustness.leaks.leak_report import MAX_PROBLEMS, Figures, first_diff
from tests.robustness.leaks.leak_secrets import cards_in

LANGS = ("en", "ja")


class LeakChecks:
    """The checks of one scan of one game (see tests/robustness/leaks/leakkit.py for what they look for)."""

    def __init__(self, spec: Game, figures: Figures, *, seed: int, event_tries: int = 2) -> None:
        self.spec = spec
        self.rules = spec.rules
        self.figures = figures
        self.event_tries = event_tries
        self.rng = random.Random(seed ^ 0x5EED)  # twin seeds
        self.trs = {lang: i18n.translator(lang) for lang in LANGS}
        self._last_dm: dict[int, str] = {}

    def new_game(self) -> None:
        """Forget the DMs of the last game (a DM counts as a message only when its text changes)."""
        self._last_dm = {}

    # -- reporting --

    def problem(self, text: str) -> None:
        """A finding, as a sentence (the first few only: one broken rule tends to repeat every step)."""
        if len(self.figures.problems) < MAX_PROBLEMS:
            self.figures.problems.append(text)

    def _leak(self, where: str, audience: str, a: str, b: str) -> None:
        self.figures.leaks += 1
        self.problem(f"{self.spec.id} {where}: LEAK to {audience}: {first_diff(a, b)}")

    # -- rendering --

    def _board(self, record: SessionRecord, lang: str) -> str:
        return payload_text(payloads.board(record, self.spec, self.trs[lang]))

    def _private(self, record: SessionRecord, seat: int, lang: str, recent: list[str] | None = None) -> str:
        # the presenter names no channel when the client does not know it (ours has no cache)
        return payload_text(payloads.private(record, self.spec, seat, self.trs[lang], None, recent))

    def _result(self, record: SessionRecord, lang: str) -> str:
        result = self.rules.result(record.state) if record.state is not None else None
        return results.result_text(record, self.spec, self.trs[lang], result)

    # -- checks --

    def _twin(self, state: State, seat: int) -> State | None:
        """A state ``seat`` cannot tell from ``state``; None (and counted) if determinize breaks its contract."""
        twin = self.rules.determinize(self.rules.view(state, seat), seat, self.rng.getrandbits(62))
        if self.rules.view(twin, seat) != self.rules.view(state, seat):
            self.figures.determinize_mismatches += 1
            self.problem(f"{self.spec.id}: determinize(view(state, {seat})) gives a state with another view")
            return None
        return twin

    def check_step(self, record: SessionRecord, presenter: CapturePresenter, where: str, step: int) -> None:
        """Every message sent for this state, against twins; plus one audience in the other language and swaps.

        Each sent message (the board in the session's locale, each DM in its
        seat's locale with the event lines it carried) is compared with the
        same message built for a twin.  Then, rotating with ``step``, one seat
        and the channel are also compared in the *other* language, and one
        audience gets the secret swaps (both languages): all of them every
        step would cost several times the bot's own rendering.
        """
        state = record.state
        assert state is not None
        n = len(record.seats)
        # A DM whose text did not change is not sent again (presenting.delivery keeps one message per player
        # and skips identical edits), so only new DM texts count as messages here.
        dms = []
        for seat, payload, recent in presenter.dms:
            text = payload_text(payload)
            if self._last_dm.get(seat) != text:
                self._last_dm[seat] = text
                dms.append((seat, text, recent))
        self.figures.messages += len(presenter.boards) + len(dms) + len(presenter.posts)
        cache: dict[int, SessionRecord | None] = {}

        def twin_of(seat: int) -> SessionRecord | None:
            if seat not in cache:
                twin_state = self._twin(state, seat)
                cache[seat] = None if twin_state is None else dataclasses.replace(record, state=twin_state)
            return cache[seat]

        spectator = self.rules.view(state, None)
        # the channel: a twin from a seat's view (rotating) must give the same spectator view and board
        k = step % n
        twin = twin_of(k)
        if twin is not None:
            assert twin.state is not None
            if self.rules.view(twin.state, None) != spectator:
                self._leak(where, f"the channel (spectator view differs in a twin from seat {k})",
                           json.dumps(spectator, sort_keys=True),
                           json.dumps(self.rules.view(twin.state, None), sort_keys=True))
            else:
                self.figures.twin_checks += 1
                boards = [(record.locale, payload_text(b)) for b in presenter.boards[-1:]]
                if step % 2 == 0:
                    other = LANGS[1 - LANGS.index(record.locale)] if record.locale in LANGS else LANGS[0]
                    boards.append((other, self._board(record, other)))
                for lang, real in boards:
                    mirrored = self._board(twin, lang)
                    if mirrored != real:
                        self._leak(where, f"the channel ({lang} board, twin from seat {k})", real, mirrored)
        # each DM sent, in its seat's language, with the event lines it carried
        for seat, real, recent in dms:
            twin = twin_of(seat)
            if twin is None:
                continue
            self.figures.twin_checks += 1
            lang = record.seats[seat].locale
            mirrored = self._private(twin, seat, lang, recent)
            if mirrored != real:
                self._leak(where, f"seat {seat} ({lang} DM)", real, mirrored)
        # one seat in the other language (what "My hand" shows a player whose client is in that language)
        twin = twin_of(k) if step % 2 == 1 else None
        if twin is not None:
            lang = LANGS[1 - LANGS.index(record.seats[k].locale)] if record.seats[k].locale in LANGS else LANGS[0]
            real, mirrored = self._private(record, k, lang), self._private(twin, k, lang)
            self.figures.twin_checks += 1
            if mirrored != real:
                self._leak(where, f"seat {k} ({lang} ephemeral)", real, mirrored)
        # secret swaps for one audience, rotating over the channel and the seats
        audience = None if step % (n + 1) == n else step % (n + 1)
        swaps = expectations(self.spec.id).secret_swaps
        for swapped in swaps(state, audience) if swaps is not None else ():
            twin = dataclasses.replace(record, state=swapped)
            self.figures.swap_checks += 1
            for lang in LANGS[step % 2 :: 2] if len(LANGS) == 2 else LANGS:
                if audience is None:
                    a, b = self._board(record, lang), self._board(twin, lang)
                else:
                    a, b = self._private(record, audience, lang), self._private(twin, audience, lang)
                if a != b:
                    who = "the channel" if audience is None else f"seat {audience}"
                    self._leak(where, f"{who} ({lang}, secret swapped)", a, b)
        for post in presenter.posts:
            if not post.strip():
                self.problem(f"{self.spec.id} {where}: an empty channel post")

    def _event_lines(self, events: tuple[Event, ...], seat: int, names: list[str], lang: str) -> list[str]:
        """The private event lines the presenter puts in ``seat``'s DM (public events reach people only
        through the state's log, which the views carry and the message checks cover)."""
        return [self.spec.render.event(e, names, self.trs[lang], seat) for e in events if e.to and seat in e.to]

    def check_events(self, pre: State, actor: int, action: dict[str, Any], record: SessionRecord, where: str) -> None:
        """Event lines a seat sees must follow from its views before and after the move (twin transitions)."""
        transition = self.rules.apply(pre, actor, action)
        post = transition.state
        if post != record.state:
            self.problem(f"{self.spec.id} {where}: replaying the move did not give the stored state")
            return
        names = record.names()
        for seat in range(len(record.seats)):
            if not any(e.to and seat in e.to for e in transition.events):
                continue
            real = {lang: self._event_lines(transition.events, seat, names, lang) for lang in LANGS}
            post_view = self.rules.view(post, seat)
            keys = expectations(self.spec.id).card_keys
            if keys:
                told = set().union(*(cards_in(e.args, keys) for e in transition.events if e.to and seat in e.to))
                seen = cards_in(self.rules.view(pre, seat), keys) | cards_in(post_view, keys)
                self.figures.knowledge_checks += 1
                if told - seen:
                    self.figures.leaks += 1
                    self.problem(
                        f"{self.spec.id} {where}: LEAK to seat {seat}: a private event names card(s)"
                        f" {sorted(told - seen)} it sees in neither its view before nor after the move:"
                        f" {[e.to_json() for e in transition.events if e.to and seat in e.to]}"
                    )
            twin_t = self._twin_transition(pre, actor, action, seat, post_view)
            if twin_t is not None:
                self.figures.event_checks += 1
                for lang in LANGS:
                    other = self._event_lines(twin_t.events, seat, names, lang)
                    # Compared as multisets: the order of two lines can only tell in which order cards
                    # now in the seat's hand were drawn (a past deck order, not a hidden card).
                    if sorted(other) != sorted(real[lang]):
                        self._leak(where, f"seat {seat} ({lang} event lines)", "\n".join(real[lang]),
                                   "\n".join(other))

    def _twin_transition(
        self, pre: State, actor: int, action: dict[str, Any], seat: int, post_view: View
    ) -> Transition | None:
        """``action`` applied in a twin of ``pre`` that ``seat`` cannot tell apart, before and after; None if no
        sample (of ``event_tries``) allowed the action and ended in ``seat``'s real view (rejections counted)."""
        for _ in range(self.event_tries):
            twin = self._twin(pre, seat)
            if twin is None or action not in self.rules.legal(twin, actor):
                self.figures.event_samples_rejected += 1
                continue
            twin_t = self.rules.apply(twin, actor, action)
            if self.rules.view(twin_t.state, seat) != post_view:
                self.figures.event_samples_rejected += 1
                continue
            return twin_t
        return None

    def _moment_texts(self, events: tuple[Event, ...], names: list[str]) -> dict[str, str | None]:
        """The channel post ``GameRender.moment`` makes of a change's public events, per language."""
        public = [e for e in events if e.to is None]
        return {lang: self.spec.render.moment(public, names, self.trs[lang]) if public else None for lang in LANGS}

    def check_moment(self, pre: State, actor: int, action: dict[str, Any], record: SessionRecord, where: str) -> None:
        """A moment post (a reveal, a contest, a steal) may tell a seat only what its own view after the move does.

        Twin transitions from each seat's view: the same action in a state the
        seat cannot tell from the real one, kept when the seat's view after it
        is the same too.  The post, which that seat reads in the channel, must
        then be the same: built from public events only, it cannot depend on
        a card the seat does not see (its author's own hand included).
        """
        if getattr(self.spec.render, "moment", None) is None:
            return
        transition = self.rules.apply(pre, actor, action)
        names = record.names()
        real = self._moment_texts(transition.events, names)
        if not any(real.values()):
            return
        for seat in range(len(record.seats)):
            post_view = self.rules.view(transition.state, seat)
            twin_t = self._twin_transition(pre, actor, action, seat, post_view)
            if twin_t is not None:
                self.figures.moment_checks += 1
                other = self._moment_texts(twin_t.events, names)
                for lang in LANGS:
                    if other[lang] != real[lang]:
                        self._leak(where, f"seat {seat} ({lang} moment post)", real[lang] or "", other[lang] or "")

    def check_result(self, record: SessionRecord, presenter: CapturePresenter, where: str) -> None:
        """The closing line in the channel: the same in every state a seat cannot tell apart."""
        state = record.state
        assert state is not None
        real = {lang: self._result(record, lang) for lang in LANGS}
        posted = real.get(record.locale)
        # a rated game's line ends with its players' rating changes (a function of the public result), an
        # unrated one with the line saying so
        tr = self.trs[record.locale]
        bare = posted.removesuffix("\n" + ratings.unrated_line(tr)) if posted is not None else None
        rated = f"{bare}\n" + tr("rating.result", changes="")
        if not any(p == posted or p.startswith(rated) for p in presenter.posts):
            self.problem(f"{self.spec.id} {where}: the result line posted is not results.result_text's")
        for seat in range(len(record.seats)):
            twin_state = self._twin(state, seat)
            if twin_state is None:
                continue
            twin = dataclasses.replace(record, state=twin_state)
            self.figures.twin_checks += 1
            for lang in LANGS:
                other = self._result(twin, lang)
                if other != real[lang]:
                    self._leak(where, f"the channel ({lang} result line)", real[lang], other)
