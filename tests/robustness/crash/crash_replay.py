"""The database a crashed bot left, checked by replaying every session from its seed.

Why apart from :mod:`tests.robustness.crash.crashkit` (which kills and restarts
the bot) and :mod:`tests.robustness.crash.crash_players` (the users): this is the
judge, and reads only the database.  Each
stored action must have been legal, the replayed state must equal the stored
snapshot (commits are atomic), and the human moves come out as (user, prompt
version, button index), to be matched with the clicks the players sent.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.core import games
from bot.core.sessions.prompts import digest as _digest

GAME = "portas"


def subsequence(small: list[Any], big: list[Any]) -> int:
    """How many items of ``small`` match, in order, items of ``big`` (greedy; keys are unique)."""
    matched, pos = 0, 0
    for item in small:
        while pos < len(big) and big[pos] != item:
            pos += 1
        if pos == len(big):
            break
        matched += 1
        pos += 1
    return matched


@dataclass
class Replayed:
    """A stored session replayed from its seed: the human moves as (user, prompt version, index)."""

    sid: int
    channel_id: int
    status: str
    human: list[tuple[int, int, int]]
    ai_moves: int
    state: dict[str, Any] | None
    prompts: dict[str, list[Any]]
    seat_users: list[int | None]


def replay_db(db_path: Path) -> tuple[list[Replayed], list[str]]:
    """Replay every started session of ``db_path``; problems are returned as sentences."""
    rules = games.get(GAME).rules
    problems: list[str] = []
    out: list[Replayed] = []
    con = sqlite3.connect(db_path, timeout=10)
    try:
        rows = con.execute(
            "SELECT id, channel_id, status, seed, options, state, version, prompts FROM sessions ORDER BY id"
        ).fetchall()
        for sid, channel_id, status, seed, options, state_json, version, prompts_json in rows:
            seat_users = [
                r[0] for r in con.execute("SELECT user_id FROM seats WHERE session_id=? ORDER BY seat", (sid,))
            ]
            actions = con.execute(
                "SELECT version, seat, user_id, payload FROM actions WHERE session_id=? ORDER BY version", (sid,)
            ).fetchall()
            if state_json is None:
                if actions:
                    problems.append(f"session {sid}: actions stored for a game that never started")
                continue
            state = rules.new(len(seat_users), seed, json.loads(options))
            prompts = {str(s): [0, _digest(rules.legal(state, s))] for s in range(len(seat_users))}
            human: list[tuple[int, int, int]] = []
            ai_moves = 0
            for k, (v, seat, user_id, payload_json) in enumerate(actions, start=1):
                payload = json.loads(payload_json)
                legal = rules.legal(state, seat)
                if v != k:
                    problems.append(f"session {sid}: action versions are not 1..n (found {v} at position {k})")
                    break
                if payload not in legal:
                    problems.append(f"session {sid}: stored action {k} {payload} was not legal for seat {seat}")
                    break
                if user_id is None:
                    ai_moves += 1
                else:
                    human.append((user_id, int(prompts[str(seat)][0]), legal.index(payload)))
                state = rules.apply(state, seat, payload).state
                if rules.result(state) is None:
                    for s in range(len(seat_users)):
                        digest = _digest(rules.legal(state, s))
                        if prompts[str(s)][1] != digest or s == seat:  # the mover's button is spent
                            prompts[str(s)] = [k, digest]
            stored = json.loads(state_json)
            if json.loads(json.dumps(state)) != stored:
                problems.append(f"session {sid}: stored state differs from the replay of its {len(actions)} actions")
            if version != len(actions):
                problems.append(f"session {sid}: version {version} but {len(actions)} stored actions")
            stored_prompts = json.loads(prompts_json)
            if status == "active" and stored_prompts != prompts:
                problems.append(f"session {sid}: stored prompt versions {stored_prompts} differ from replay {prompts}")
            out.append(Replayed(sid, channel_id, status, human, ai_moves, stored, stored_prompts, seat_users))
    finally:
        con.close()
    return out, problems


def expected_act_ids(rep: Replayed) -> set[str]:
    """The act-button custom_ids a current board of this stored session must carry."""
    rules = games.get(GAME).rules
    assert rep.state is not None
    ids: set[str] = set()
    for seat in rules.to_act(rep.state):
        if rep.seat_users[seat] is None:
            continue
        legal = rules.legal(rep.state, seat)
        pv = int(rep.prompts[str(seat)][0])
        ids |= {f"k:a:{rep.sid}:{pv}:{i}" for i in range(min(len(legal), 25))}
    return ids
