"""Requests per move in relaxed and correspondence games, on a simulated clock: :mod:`bench.requests` ``--pace``.

Why a simulated clock: a slow game's moves are minutes to days apart, and
what they cost depends on it.  A click's interaction token edits messages for
the bot's 14 minutes only (Discord: 15), so hours after a click the board and
the other players' DMs are edited with the bot token; and a DM notice is
posted only for a seat that has not acted within the notice delay (10 min,
``SLOW_NOTICE_DELAY``), then costs a post and a delete — a followup of the
seat's last DM click if its token still lives, else two bot-token requests.

How: :mod:`bench.requests` plays its games through the real bot at a slow pace
as fast as the bench clicks, with DM notices never due (a delay longer than the
run), and logs every click: the request index it came at, its token, its
player.  Each scenario then lays those clicks on a simulated clock, seeded
per game: a player's first click of a turn comes after a reply time drawn
from the scenario's distribution (:data:`SCENARIOS`), a further click of the
same turn :data:`SUB_STEP` later.  Every request of the run is dated by the
click before it in its game; one made with a click's token becomes a
bot-token request when that token is older than :data:`TOKEN_REUSE` at that
date (a click's own answer, its callback, is always immediate).  The DM notices
are laid on the same clock as :mod:`bot.frontend.presenting.slow.dm_notices` makes them:
a notice when the reply takes longer than the delay, a reminder (a new message,
the first deleted) when it takes longer than half the turn, each posted and
deleted through the seat's last DM click's token while it lives (the board
games' players never click their DM: always the bot token).  The DM screens' catch-ups
(bot/frontend/presenting/slow/dm_refresh.py) never fall due at bench speed either: they are laid
here too, one per player an interval after a public change (a board edit) that left their screen as
it was, unless an edit of their own came first, with the bot token unless their last DM click's
token still lives.  Every bot-token request is attributed by kind (the board, a DM, a followup).

What the model leaves out: a rule-defined window is shorter than a turn (an
away seat's window would run out, answered by the rule's default: one notice,
as here); replies of seats asked at once are drawn one after the other (longer
waits, more notices: the pessimistic side).
"""

from __future__ import annotations

import collections
import random
from dataclasses import dataclass, field
from typing import Any

from bot.core.slow import pace

TOKEN_REUSE = 840.0
"""Seconds the bot uses a click's token (bot/transport/edits.py; Discord honours it 15 minutes)."""
DELAY = pace.NOTICE_DELAY
SUB_STEP = (2.0, 20.0)
"""Seconds between two clicks of one turn (play a card, then pick its target)."""
MINUTE, HOUR = 60.0, pace.HOUR


@dataclass(frozen=True)
class Scenario:
    name: str
    away: float  # the share of turns a player answers hours later, not at the table
    words: str

    def reply(self, rng: random.Random, turn: float) -> float:
        """Seconds a player takes to answer a choice opened for them."""
        if rng.random() < self.away:
            return rng.uniform(HOUR, 0.75 * turn)  # away: an hour to three quarters of the turn
        return rng.uniform(10.0, 5 * MINUTE)  # at the table: within the delay


SCENARIOS = (
    Scenario("table", 0.0, "every reply 10 s – 5 min (within the 10-min delay)"),
    Scenario("away", 1.0, "every reply 1 h – ¾ turn (past half the turn a third of the time: a reminder)"),
    Scenario("mix", 0.25, "a quarter of the replies away as above, the rest at the table"),
)


@dataclass
class Click:
    at: int  # the index of the first request made after it
    token: str
    user: str
    dm: bool  # on the player's DM (its token can post there), not the board


@dataclass
class GameLog:
    """One game's clicks in order; the set-up's (joins, Start) apart."""

    setup: list[Click] = field(default_factory=list)
    play: list[Click] = field(default_factory=list)
    dms: dict[int, str] = field(default_factory=dict)  # a player's DM channel -> the player
    board: int | None = None  # the game's channel


@dataclass
class Cost:
    bot: int = 0  # bot-token requests of the run, re-dated
    notices: int = 0  # DM notices and reminders posted
    notice_requests: int = 0  # their bot-token posts and deletes
    catch_ups: int = 0  # a slow game's DM screens caught up after the interval (edits on their own)
    catch_up_requests: int = 0  # those made with the bot token (the seat's last DM click's token dead)
    kinds: collections.Counter[str] = field(default_factory=collections.Counter)  # bot-token requests by kind


def _dates(log: GameLog, scenario: Scenario, turn: float, rng: random.Random) -> tuple[list[float], list[float]]:
    """Each play click's simulated time, and the reply time of each (0 for a further click of the same turn)."""
    now, last, dates, replies = 0.0, None, [], []
    for click in log.play:
        new_turn = click.user != last
        gap = scenario.reply(rng, turn) if new_turn else rng.uniform(*SUB_STEP)
        now += gap
        dates.append(now)
        replies.append(gap if new_turn else 0.0)
        last = click.user
    return dates, replies


def _notices(log: GameLog, dates: list[float], replies: list[float], turn: float, cost: Cost) -> None:
    """The DM notices of slow seats: posted after the delay, replaced at half time, deleted at the move."""
    last_dm: dict[str, float] = {}  # player -> date of their last DM click (its token)
    for i, click in enumerate(log.play):
        reply = replies[i]
        if reply > DELAY:
            opened = dates[i] - reply
            token_until = last_dm[click.user] + TOKEN_REUSE if click.user in last_dm else -1.0
            posts = [opened + DELAY] + ([opened + turn / 2] if reply > turn / 2 else [])
            for n, posted in enumerate(posts):
                gone = posts[n + 1] if n + 1 < len(posts) else dates[i]  # replaced by the reminder, or the move
                by_token = posted <= token_until  # posted as a followup of the last DM click
                cost.notices += 1
                cost.notice_requests += (not by_token) + (not (by_token and gone <= token_until))
        if click.dm:
            last_dm[click.user] = dates[i]


def cost(logs: list[GameLog], requests: list[Any], mark: int, scenario: Scenario, game_pace: str,
         seed: str) -> Cost:
    """The play phase's bot-token requests (from index ``mark``) and the DM notices, on the scenario's clock."""
    turn = pace.turn_seconds(game_pace, pace.LIVE_REFERENCE)
    out = Cost()
    when: dict[str, tuple[int, float]] = {}  # token -> (its game, its click's date)
    timelines: list[tuple[list[int], list[float]]] = []
    clicks = {c.token: c for log in logs for c in log.setup + log.play}
    for g, log in enumerate(logs):
        rng = random.Random(f"{seed}-{scenario.name}-{g}")
        dates, replies = _dates(log, scenario, turn, rng)
        _notices(log, dates, replies, turn, out)
        for click in log.setup:
            when[click.token] = (g, -1.0)  # the set-up: a minute before the first move at most
        for click, date in zip(log.play, dates, strict=True):
            when[click.token] = (g, date)
        timelines.append(([c.at for c in log.play], dates))
    for index in range(mark, len(requests)):
        r = requests[index]
        if r.token_kind == "bot":
            out.bot += 1
            continue
        if r.path.startswith("/interactions/"):
            continue  # a click's answer: at once, whatever the clock
        token = r.path.split("/")[3]
        if token not in when:
            continue
        g, born = when[token]
        ats, dates = timelines[g]
        i = _last_before(ats, index)
        now = dates[i] if i >= 0 else 0.0
        if now - born > TOKEN_REUSE:
            out.bot += 1  # that token is dead by now: the bot token makes the request
            what = "followup" if not r.path.endswith("@original") else "DM" if clicks[token].dm else "board"
            out.kinds[f"{r.method} {what} (its token dead)"] += 1
    for index in range(mark, len(requests)):
        r = requests[index]
        if r.token_kind == "bot":
            out.kinds[_kind(r, logs)] += 1
    for g, log in enumerate(logs):
        _catch_ups(log, requests, mark, timelines[g][1], out)
    return out


def _kind(r: Any, logs: list[GameLog]) -> str:
    """A bot-token request's kind: its method and whether it goes to a player's DM or a game's channel."""
    parts = r.path.split("/")
    channel = int(parts[2]) if len(parts) > 2 and parts[1] == "channels" and parts[2].isdigit() else None
    where = "DM" if any(channel in log.dms for log in logs) else "channel" if channel is not None else r.path
    return f"{r.method} {where}" + (" message" if "/messages" in r.path else "")


def _edited(r: Any, log: GameLog, tokens: dict[str, Click]) -> str | None:
    """What of ``log``'s game request ``r`` edits: a player's DM screen (the player), its board ("board"), or None."""
    parts = r.path.split("/")
    if r.method == "PATCH" and parts[1] == "channels" and parts[2].isdigit() and parts[3] == "messages":
        channel = int(parts[2])
        return log.dms.get(channel) or ("board" if channel == log.board else None)
    token = None
    if r.method == "PATCH" and parts[1] == "webhooks" and r.path.endswith("/@original"):
        token = parts[3]
    elif parts[1] == "interactions" and isinstance(r.json, dict) and r.json.get("type") == 7:
        token = parts[3]  # a click answered by its message's update
    click = tokens.get(token or "")
    if click is None:
        return None
    return click.user if click.dm else "board"


def _catch_ups(log: GameLog, requests: list[Any], mark: int, dates: list[float], out: Cost) -> None:
    """The DM screens' catch-ups on the simulated clock (bot/frontend/presenting/slow/dm_refresh.py).

    A public change (the board edited) that did not edit a player's screen leaves it stale; one
    catch-up an interval (the notice delay) after the first such change brings it up to date, unless
    an edit of its own came first.  At bench speed no catch-up ever falls due, so they are laid here:
    each a bot-token edit unless that player's last DM click's token still lives.
    """
    if not log.dms or not log.play:
        return
    tokens = {c.token: c for c in log.setup + log.play}
    ats = [c.at for c in log.play]
    edits: list[set[str]] = [set() for _ in log.play]  # per play click: what its showing edited
    for index in range(mark, len(requests)):
        i = _last_before(ats, index)
        what = _edited(requests[index], log, tokens) if i >= 0 else None
        if what is not None:
            edits[i].add(what)
    for player in set(log.dms.values()):
        stale, last_click = None, -1.0
        for i, click in enumerate(log.play):
            if stale is not None and stale + DELAY <= dates[i]:
                out.catch_ups += 1
                out.catch_up_requests += stale + DELAY - last_click > TOKEN_REUSE
                stale = None
            if click.user == player and click.dm:
                last_click = dates[i]
            if player in edits[i]:
                stale = None
            elif "board" in edits[i] and stale is None:
                stale = dates[i]


def _last_before(ats: list[int], index: int) -> int:
    """The position of the last click made before request ``index`` (-1: none)."""
    lo, hi = 0, len(ats)
    while lo < hi:
        mid = (lo + hi) // 2
        if ats[mid] <= index:
            lo = mid + 1
        else:
            hi = mid
    return lo - 1


class ClickRecorder:
    """The emulator as the bench's players see it, every click logged (tests.e2e.dmplay clicks through ``.emu``)."""

    def __init__(self, emu: Any, log: GameLog, *, setup: bool) -> None:
        self._emu = emu
        self.log = log
        self.setup = setup

    def __getattr__(self, name: str) -> Any:
        return getattr(self._emu, name)

    async def click(self, user: Any, message: Any, button: Any, **kwargs: Any) -> Any:
        at = len(self._emu.requests)
        res = await self._emu.click(user, message, button, **kwargs)
        dm = message.channel_id == user.dm_channel_id
        if dm:
            self.log.dms[message.channel_id] = user.name
        else:
            self.log.board = message.channel_id
        (self.log.setup if self.setup else self.log.play).append(Click(at, res.token, user.name, dm))
        return res


def report(rows: list[dict[str, Any]], game_pace: str) -> None:
    """Per game and size: bot-token requests per move in each scenario; per notice where notices were due."""
    print(f"\npace {game_pace}, on a simulated clock (notice delay {DELAY / MINUTE:.0f} min, tokens "
          f"{TOKEN_REUSE / MINUTE:.0f} min, turn {pace.turn_seconds(game_pace, 120) / HOUR:.0f} h):")
    for s in SCENARIOS:
        print(f"  {s.name}: {s.words}")
    def per_move(r: dict[str, Any], name: str) -> float:
        c: Cost = r["slow"][name]
        return (c.bot + c.notice_requests + c.catch_up_requests + r["setup"]) / r["moves"]

    head = "".join(f"{s.name + ' /move':>13}{'notices':>9}{'/notice':>9}" for s in SCENARIOS)
    print("  (/move: bot-token requests per move, set-up and notices included; notices: the notices' requests per "
          "move; /notice: requests per notice posted)")
    print(f"  {'game':<10}{'seats':>5}{'moves':>7}{'set-up/game':>12}{head}")
    for r in rows:
        cells = ""
        for s in SCENARIOS:
            c: Cost = r["slow"][s.name]
            per_notice = f"{c.notice_requests / c.notices:.2f}" if c.notices else "—"
            cells += f"{per_move(r, s.name):>13.2f}{c.notice_requests / r['moves']:>9.2f}{per_notice:>9}"
        print(f"  {r['game']:<10}{r['size']:>5}{r['moves']:>7}{r['setup'] / r['games']:>12.1f}{cells}")
    for r in rows:
        for s in SCENARIOS:
            c = r["slow"][s.name]
            kinds = ", ".join(f"{k} {n / r['moves']:.2f}" for k, n in c.kinds.most_common(5))
            print(f"  {r['game']} {r['size']} {s.name}: bot-token requests per move by kind: {kinds or '—'}; "
                  f"DM catch-ups {c.catch_ups / r['moves']:.2f} ({c.catch_up_requests / r['moves']:.2f} bot-token)")
    for s in SCENARIOS:
        summary = ", ".join(f"{r['game']} {r['size']} {per_move(r, s.name):.2f}" for r in rows)
        print(f"bot-token requests per move ({game_pace}, {s.name}; set-up and notices included): {summary}")
