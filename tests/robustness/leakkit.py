"""Hidden-card leak scanner: seeded AI games through the bot layer, every message checked.

Shared by ``tests/robustness/test_leaks.py`` (a small seeded sample per game)
and ``bench/leak_scan.py`` (≥ 1,000 games per game, with figures).

How a game is played: a :class:`bot.sessions.SessionManager` on an in-memory
store runs the session; every seat is a *human* seat (so every seat gets its
private view) whose clicks are chosen by the AI (``easy`` or ``normal``, by
seed) and sent through ``SessionManager.act`` like a button click.  The
presenter is the real :class:`bot.presenter.DiscordPresenter` with only its
three I/O leaves replaced (board edit, channel post, DM delivery), so what is
checked is exactly what the bot would send: the channel board
(``payloads.board``), each seat's DM/ephemeral (``payloads.private``, with the
private event lines the presenter routes to that seat), and channel posts.

What "leak" means, and how it is found without a list of secrets per game:

1. **Twin states (generic).**  For an audience (the channel, or seat ``s``)
   a message leaks if it would read differently in another state that gives
   that audience the same knowledge.  Such a twin is
   ``rules.determinize(rules.view(state, s), s, seed)`` (every card ``s``
   cannot see re-dealt).  For seat ``s`` the DM text of the twin must equal
   the real one; for the channel the board text (and result line) must equal
   the real one for a twin from a seat's view.  A twin whose ``view(·, s)``
   differs from the real one breaks the engine's determinize contract and is
   reported as such (not counted as a leak, but it fails the scan too).
2. **Events (generic).**  A private event line shown to ``s`` leaks if it
   tells ``s`` more than its views before and after the move do.  Twin
   *transitions* test that: a twin of the pre-move state from ``s``'s view,
   the same action applied (when legal there), kept only if ``s``'s view
   after it equals the real one; then the event lines ``s`` sees must be the
   same lines (in any order: when one move makes a seat draw twice, the order
   of its two "you drew" lines only tells which card was on top, and both are
   in its hand now).  Rejected samples are counted; the figures show the
   coverage.  Card ids named in a private event must also appear in the
   seat's view before or after the move (``CARD_KEYS``): a cheap check that
   covers the draws and peeks the twin sampler must reject.
3. **Secret swaps (per game, cheap).**  Change only what an audience must not
   know and require identical text: PORTAS decks reversed (deck order is its
   only secret: the board must not list it); Promotion another seat's row
   pick before the reveal, all four values; GETGEM a card of another hand
   that the audience has not seen, swapped with a deck card of another type;
   Eminit a face-down field card the audience has not seen, swapped likewise.

Languages: seats and sessions alternate between English and Japanese, so
every message is checked in the language it was sent in, and each step also
checks one seat and the board in the other language (alternating), and the
swaps in one of the two: every catalogue string is exercised both ways.
Pictures are compared by their bytes; Promotion's postcard is replaced by a
digest of its inputs unless asked for (see :func:`pictures_as_digests`).
What is checked per step is sampled this way to keep the scan within a few
times the bot's own rendering cost (``_check_step`` says exactly what).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import json
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import discord

import bot.app  # noqa: F401  (registers the platform's catalogues, as the running bot does)
from bot import ai, i18n
from bot.engine import Event, State, Transition, View
from bot.games import GameSpec, get
from bot.presenter import DiscordPresenter
from bot.sessions import Player, SessionManager
from bot.store import SeatRecord, SessionRecord, Store
from bot.ui import payloads

LANGS = ("en", "ja")
SEATS: dict[str, tuple[int, ...]] = {"portas": (2,), "getgem": (2, 3, 4, 5), "promotion": (4,), "eminit": (3, 4, 5)}
NAMES = ("Aoi", "Ben", "千尋", "Dana", "Eiji")
MAX_STEPS = 3000


@dataclass
class Figures:
    """What one scan saw and found; ``problems`` holds the first few findings as sentences."""

    game: str
    games: int = 0
    steps: int = 0
    messages: int = 0  # board versions, DM versions and channel posts checked
    twin_checks: int = 0
    event_checks: int = 0
    knowledge_checks: int = 0
    moment_checks: int = 0  # moment posts compared with a twin transition's
    event_samples_rejected: int = 0
    swap_checks: int = 0
    leaks: int = 0
    determinize_mismatches: int = 0
    unfinished: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        for f in dataclasses.fields(self):
            if f.name in ("game", "problems"):
                continue
            setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))
        self.problems.extend(other.problems[: max(0, 20 - len(self.problems))])

    def line(self) -> str:
        return (
            f"{self.game:<9} games={self.games} steps={self.steps} messages={self.messages}"
            f" twin_checks={self.twin_checks} event_twin_checks={self.event_checks}"
            f" (samples rejected {self.event_samples_rejected}) event_knowledge_checks={self.knowledge_checks}"
            f" swap_checks={self.swap_checks} moment_checks={self.moment_checks}"
            f" leaks={self.leaks} determinize_mismatches={self.determinize_mismatches}"
            f" unfinished={self.unfinished} seconds={self.seconds:.1f}"
        )

    @property
    def ok(self) -> bool:
        return not self.leaks and not self.determinize_mismatches and not self.unfinished and not self.problems


# -- turning payloads into comparable text ---------------------------------------------------------------------


def payload_text(payload: dict[str, Any]) -> str:
    """Everything a payload shows a person: content, embeds, button labels/ids, picture bytes."""
    parts: list[str] = [repr(payload.get("content"))]
    embeds = list(payload.get("embeds") or [])
    if payload.get("embed") is not None:
        embeds.append(payload["embed"])
    for embed in embeds:
        parts.append(json.dumps(embed.to_dict(), sort_keys=True, ensure_ascii=False))
    view = payload.get("view")
    if view is not None:
        parts.append(json.dumps(view.to_components(), sort_keys=True, ensure_ascii=False))
    for file in list(payload.get("attachments") or []) + list(payload.get("files") or []):
        if isinstance(file, discord.File):
            fp = file.fp
            data = fp.getvalue() if hasattr(fp, "getvalue") else b""
            parts.append(f"{file.filename}:{hash(bytes(data))}")
    return "\n".join(parts)


def _first_diff(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"…{a[max(0, i - 60):i + 60]!r} vs …{b[max(0, i - 60):i + 60]!r}"
    return f"lengths {len(a)} vs {len(b)}"


# -- the presenter: the real one, with its I/O leaves captured ---------------------------------------------------


class _NoClient:
    """The little of ``discord.Client`` the presenter's pure parts touch."""

    def get_channel(self, _channel_id: int) -> None:
        return None


class _CaptureDelivery:
    """Records each DM with the private event lines the presenter held for that seat when sending."""

    def __init__(self, presenter: CapturePresenter) -> None:
        self.presenter = presenter

    async def send(self, record: SessionRecord, seat: SeatRecord, payload: dict[str, Any]) -> bool:
        recent = self.presenter._recent.get((record.id, seat.seat))
        self.presenter.dms.append((seat.seat, payload, list(recent) if recent else None))
        return True

    def forget(self, session_id: int) -> None:
        return None


class CapturePresenter(DiscordPresenter):
    """``DiscordPresenter`` deciding what goes where, with the sending replaced by recording."""

    def __init__(self, store: Store) -> None:
        super().__init__(_NoClient(), store)  # type: ignore[arg-type]
        self.boards: list[dict[str, Any]] = []
        self.posts: list[str] = []
        self.dms: list[tuple[int, dict[str, Any], list[str] | None]] = []
        self.delivery = _CaptureDelivery(self)  # type: ignore[assignment]

    def clear(self) -> None:
        self.boards.clear()
        self.posts.clear()
        self.dms.clear()

    async def _edit_board(self, record: SessionRecord, payload: dict[str, Any]) -> None:
        self.boards.append(payload)

    async def _post(self, record: SessionRecord, content: str, *, nonce: str | None = None) -> None:
        self.posts.append(content)


# -- swaps: change only a secret of an audience -------------------------------------------------------------------


def _clone(value: Any) -> Any:
    """Copy a JSON tree (states are JSON; three times faster than ``copy.deepcopy``)."""
    if type(value) is dict:
        return {k: _clone(v) for k, v in value.items()}
    if type(value) is list:
        return [_clone(v) for v in value]
    return value


def _portas_swaps(state: State, audience: int | None) -> list[State]:
    """Deck order is PORTAS's only secret (from everyone): reverse every deck and the treasure deck."""
    twin = _clone(state)
    for deck in twin["decks"]:
        deck.reverse()
    twin["treasure_deck"].reverse()
    return [twin] if twin != state else []


def _promotion_swaps(state: State, audience: int | None) -> list[State]:
    """Before the reveal another seat's row pick is secret: try every other row for each such seat."""
    out = []
    if state.get("revealed"):
        return out
    for seat, pick in enumerate(state["picks"]):
        if pick is None or seat == audience:
            continue
        for row in (1, 2, 3, 4):
            if row != pick:
                twin = _clone(state)
                twin["picks"][seat] = row
                out.append(twin)
    return out


def _getgem_swaps(state: State, audience: int | None) -> list[State]:
    """A card of another hand the audience has not seen, swapped with a deck card of another type."""
    cat = state["cat"]
    out = []
    for owner, hand in enumerate(state["hands"]):
        if owner == audience:
            continue
        known = set(state["known"][audience][owner]) if audience is not None else set()
        for card in hand:
            if card in known:
                continue
            other = next((d for d in reversed(state["deck"]) if cat[d] != cat[card]), None)
            if other is None:
                continue
            twin = _clone(state)
            h = twin["hands"][owner]
            h[h.index(card)] = other
            d = twin["deck"]
            d[d.index(other)] = card
            out.append(twin)
            break
    return out


def _eminit_swaps(state: State, audience: int | None) -> list[State]:
    """A face-down field card the audience has not seen, swapped with a deck or hand card it cannot see."""
    out = []
    hidden_field = [i for i, e in enumerate(state["field"]) if audience is None or audience not in e["known"]]
    contest = state.get("contest")
    busy = {contest["card"]} if contest else set()
    for i in hidden_field[:2]:
        card = state["field"][i]["card"]
        pools: list[tuple[str, int | None]] = [("deck", None)] + [
            ("hands", o) for o in range(len(state["hands"])) if o != audience
        ]
        for where, owner in pools:
            pool = state["deck"] if where == "deck" else state["hands"][owner]
            other = next((c for c in pool if c != card and c not in busy), None)
            if other is None:
                continue
            twin = _clone(state)
            twin["field"][i]["card"] = other
            tpool = twin["deck"] if where == "deck" else twin["hands"][owner]
            tpool[tpool.index(other)] = card
            out.append(twin)
            break
    return out


SWAPS: dict[str, Callable[[State, int | None], list[State]]] = {
    "portas": _portas_swaps,
    "promotion": _promotion_swaps,
    "getgem": _getgem_swaps,
    "eminit": _eminit_swaps,
}


# -- what a seat knows: card ids in its views ----------------------------------------------------------------------

CARD_KEYS: dict[str, frozenset[str]] = {
    # keys whose values (recursively) are card ids, in views and in event args; games whose private
    # events carry no card ids (PORTAS has none, Promotion's only one is a row pick) need none
    "getgem": frozenset({"card", "cards", "hand", "known", "discard", "decl", "taken", "picked"}),
    "eminit": frozenset({"card", "cards", "hand", "discard", "treasures", "took", "gave"}),
}


def _cards_in(value: Any, keys: frozenset[str], under: bool = False) -> set[int]:
    """Every int found under one of ``keys`` (at any depth) in a JSON value."""
    if isinstance(value, dict):
        out: set[int] = set()
        for k, v in value.items():
            out |= _cards_in(v, keys, under or k in keys)
        return out
    if isinstance(value, list):
        out = set()
        for v in value:
            out |= _cards_in(v, keys, under)
        return out
    if under and isinstance(value, int) and not isinstance(value, bool):
        return {value}
    return set()


# -- the scanner -------------------------------------------------------------------------------------------------------


class LeakScanner:
    """Plays seeded games of one game through the bot layer and checks every message (see module doc)."""

    def __init__(self, game: str, *, seed: int, twins: int = 1, event_tries: int = 2) -> None:
        self.spec: GameSpec = get(game)
        self.rules = self.spec.rules
        self.seed = seed
        self.twins = twins
        self.event_tries = event_tries
        self.figures = Figures(game)
        self.games_rng = random.Random(seed)  # one seed per game: game i is the same whatever was checked before
        self.rng = random.Random(seed ^ 0x5EED)  # twin seeds
        self.trs = {lang: i18n.translator(lang) for lang in LANGS}
        self._last_dm: dict[int, str] = {}

    # -- reporting --

    def _problem(self, text: str) -> None:
        if len(self.figures.problems) < 20:
            self.figures.problems.append(text)

    def _leak(self, where: str, audience: str, a: str, b: str) -> None:
        self.figures.leaks += 1
        self._problem(f"{self.spec.id} {where}: LEAK to {audience}: {_first_diff(a, b)}")

    # -- rendering --

    def _board(self, record: SessionRecord, lang: str) -> str:
        return payload_text(payloads.board(record, self.spec, self.trs[lang]))

    def _private(self, record: SessionRecord, seat: int, lang: str, recent: list[str] | None = None) -> str:
        # the presenter names the channel by id when the client has no cache (ours has none)
        return payload_text(payloads.private(record, self.spec, seat, self.trs[lang], str(record.channel_id), recent))

    def _result(self, record: SessionRecord, lang: str) -> str:
        result = self.rules.result(record.state) if record.state is not None else None
        return payloads.result_text(record, self.spec, self.trs[lang], result)

    # -- a game --

    async def play(self, game_index: int) -> None:
        seed = self.games_rng.getrandbits(62)
        rng = random.Random(seed)
        n = rng.choice(SEATS[self.spec.id])
        self._last_dm: dict[int, str] = {}
        store = await Store.open(":memory:")
        presenter = CapturePresenter(store)
        manager = SessionManager(store, presenter, ai_delay=0, turn_timeout=1e9, pick_timeout=1e9, seed=seed)
        try:
            await self._play(manager, presenter, rng, n, game_index)
        finally:
            await manager.close()
            await store.close()

    async def _play(
        self, manager: SessionManager, presenter: CapturePresenter, rng: random.Random, n: int, game_index: int
    ) -> None:
        players = [Player(1000 + i, NAMES[i], LANGS[(i + game_index) % 2]) for i in range(n)]
        levels = [rng.choice(("easy", "normal")) for _ in range(n)]
        record = await manager.new_lobby(
            self.spec.id, guild_id=1, channel_id=10 + game_index, host=players[0], locale=LANGS[game_index % 2]
        )
        for p in players[1:]:
            await manager.join(record.id, p)
        presenter.clear()
        await manager.start(record.id, players[0])
        self.figures.games += 1
        self._check_step(record, presenter, "start", 0)
        for step in range(MAX_STEPS):
            if record.status != "active":
                break
            state = record.state
            assert state is not None
            to_act = self.rules.to_act(state)
            seat = rng.choice(to_act)
            legal = self.rules.legal(state, seat)
            action = ai.choose(self.spec, state, seat, levels[seat], rng.getrandbits(32))
            index = legal.index(action)
            presenter.clear()
            await manager.act(record.id, players[seat].user_id, manager.prompt_version(record, seat), index)
            self.figures.steps += 1
            where = f"game {game_index} step {step}"
            self._check_events(state, seat, action, record, where)
            self._check_moment(state, seat, action, record, where)
            self._check_step(record, presenter, where, step + 1)
        else:
            self.figures.unfinished += 1
            self._problem(f"{self.spec.id} game {game_index}: not over after {MAX_STEPS} steps")
            return
        if record.status == "active":
            self.figures.unfinished += 1
            return
        self._check_result(record, presenter, f"game {game_index} end")

    # -- checks --

    def _twin(self, state: State, seat: int) -> State | None:
        """A state ``seat`` cannot tell from ``state``; None (and counted) if determinize breaks its contract."""
        twin = self.rules.determinize(self.rules.view(state, seat), seat, self.rng.getrandbits(62))
        if self.rules.view(twin, seat) != self.rules.view(state, seat):
            self.figures.determinize_mismatches += 1
            self._problem(f"{self.spec.id}: determinize(view(state, {seat})) gives a state with another view")
            return None
        return twin

    def _check_step(self, record: SessionRecord, presenter: CapturePresenter, where: str, step: int) -> None:
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
        # A DM whose text did not change is not sent again (bot.delivery keeps one message per player
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
        for swapped in SWAPS[self.spec.id](state, audience):
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
                self._problem(f"{self.spec.id} {where}: an empty channel post")

    def _event_lines(self, events: tuple[Event, ...], seat: int, names: list[str], lang: str) -> list[str]:
        """The private event lines the presenter puts in ``seat``'s DM (public events reach people only
        through the state's log, which the views carry and the message checks cover)."""
        return [self.spec.render.event(e, names, self.trs[lang], seat) for e in events if e.to and seat in e.to]

    def _check_events(self, pre: State, actor: int, action: dict[str, Any], record: SessionRecord, where: str) -> None:
        """Event lines a seat sees must follow from its views before and after the move (twin transitions)."""
        transition = self.rules.apply(pre, actor, action)
        post = transition.state
        if post != record.state:
            self._problem(f"{self.spec.id} {where}: replaying the move did not give the stored state")
            return
        names = record.names()
        for seat in range(len(record.seats)):
            if not any(e.to and seat in e.to for e in transition.events):
                continue
            real = {lang: self._event_lines(transition.events, seat, names, lang) for lang in LANGS}
            post_view = self.rules.view(post, seat)
            keys = CARD_KEYS.get(self.spec.id)
            if keys:
                told = set().union(*(_cards_in(e.args, keys) for e in transition.events if e.to and seat in e.to))
                seen = _cards_in(self.rules.view(pre, seat), keys) | _cards_in(post_view, keys)
                self.figures.knowledge_checks += 1
                if told - seen:
                    self.figures.leaks += 1
                    self._problem(
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

    def _check_moment(self, pre: State, actor: int, action: dict[str, Any], record: SessionRecord, where: str) -> None:
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

    def _check_result(self, record: SessionRecord, presenter: CapturePresenter, where: str) -> None:
        """The closing line in the channel: the same in every state a seat cannot tell apart."""
        state = record.state
        assert state is not None
        real = {lang: self._result(record, lang) for lang in LANGS}
        if real.get(record.locale) not in presenter.posts:
            self._problem(f"{self.spec.id} {where}: the result line posted is not payloads.result_text's")
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


@contextlib.contextmanager
def pictures_as_digests(game: str, draw: bool) -> Iterator[None]:
    """Unless ``draw``, replace the game's pictures by a digest of what they are drawn from.

    A picture is a pure function of a view, the names and the language
    (``picture.board(view, names, tr)``, ``picture.hand(view, seat, names,
    tr)``: tests/pictures proves byte-identical pictures for equal views), and
    drawing one costs ~5–50 ms, dozens of text renders: with the digest a twin
    whose view differs still shows a different "picture", so every comparison
    keeps its meaning, and the scan stays within the test run's budget.
    """
    module = get(game).picture
    if module is None or draw:
        yield
        return
    real = {name: getattr(module, name) for name in ("board", "hand") if hasattr(module, name)}

    def digest_of(kind: str) -> Any:
        def draw_digest(view: dict[str, Any], *rest: Any) -> bytes:
            tr = rest[-1]
            raw = json.dumps([kind, view, list(rest[:-1]), tr.locale], sort_keys=True, ensure_ascii=False).encode()
            return b"picture:" + hashlib.blake2b(raw, digest_size=16).digest()

        return draw_digest

    for name in real:
        setattr(module, name, digest_of(name))
    try:
        yield
    finally:
        for name, function in real.items():
            setattr(module, name, function)


async def scan(
    game: str, games: int, *, seed: int, twins: int = 1, event_tries: int = 2, draw_pictures: bool = False
) -> Figures:
    """Play ``games`` seeded games of ``game`` and check every message; returns the figures."""
    scanner = LeakScanner(game, seed=seed, twins=twins, event_tries=event_tries)
    started = time.perf_counter()
    with pictures_as_digests(game, draw_pictures):
        for i in range(games):
            await scanner.play(i)
    scanner.figures.seconds = time.perf_counter() - started
    return scanner.figures


def scan_sync(game: str, games: int, seed: int, draw_pictures: bool = False) -> Figures:
    """:func:`scan` for a worker process (bench/leak_scan.py runs several)."""
    return asyncio.run(scan(game, games, seed=seed, draw_pictures=draw_pictures))
