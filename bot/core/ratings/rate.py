"""Rating one finished game: who is rated, against what, and what their ratings become.

Pure (no database, no clock): the store calls :func:`rate_result` inside the
transaction that records the result, and the recompute calls it again over
every stored result in the order the games ended, so both give the same numbers.

Who sits in a result (its ``seats``):

* a player (``user_id``), also one whose seat an AI finished after timeouts:
  rated, from their rating in that server and game;
* a player who used ``/game forget-me`` after the game: rated under the
  anonymous number the forgetting gave them (``anon``), so a recompute still
  finds the same opponents' numbers, while nothing links it to them;
* an AI seat (``ai`` set, no player): its level's fixed rating
  (:mod:`bot.core.ratings.levels`); it takes part but never moves;
* a player who left a game of three or more seats (``left``: the AI played
  their seat on): rated as that player, placed last whatever the AI made of
  the seat after them (in a game of two seats, leaving ends the game as their
  forfeit, already last);
* a player who asked for a hint during the game (``hinted``): their rating
  takes part for the others, as it stood, but the game does not move it (the
  strong AI helped them choose).

Every gain goes through :func:`bot.core.ratings.ceiling.capped`: wins over
opponents far below earn nothing, so ratings cannot be farmed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.core.ratings import levels
from bot.core.ratings.ceiling import capped
from bot.core.ratings.placements import places_of
from bot.core.ratings.scale import Skill, model

RATE_AI_GAMES = "rate_ai_games"
"""The server setting (``guild_settings``) saying whether games with AI seats are rated; missing: rated."""


@dataclass(frozen=True)
class Change:
    """One rated player's rating before and after one game."""

    seat: int
    user_id: int
    before: Skill
    after: Skill

    @property
    def delta(self) -> int:
        return self.after.shown - self.before.shown


def player_of(seat: Mapping[str, Any]) -> int | None:
    """The rated identity of a result's seat: its user id, the one who left it, its anonymous number, or None."""
    if seat.get("left") is not None:
        return int(seat["left"])
    if seat.get("user_id") is not None:
        return int(seat["user_id"])
    if seat.get("anon") is not None:
        return int(seat["anon"])
    return None


def is_ai(seat: Mapping[str, Any]) -> bool:
    return player_of(seat) is None and seat.get("ai") is not None


def moves(seat: Mapping[str, Any]) -> bool:
    """Whether this seat's player has their rating changed by the game (a player who took no hint)."""
    return player_of(seat) is not None and not seat.get("hinted")


def rated(result: Mapping[str, Any], guild_id: int | None, settings: Mapping[str, Any] | None = None) -> bool:
    """Whether a stored result counts for ratings in its server.

    Only games played in a server (ratings are per server), with at least two
    seats and one rated player (one who took no hint); games with an AI seat unless the server turned
    that off.  A game ended by a reset or by expiry has no result at all, so it
    never gets here.
    """
    seats = result.get("seats") or []
    if guild_id is None or len(seats) < 2 or not any(moves(s) for s in seats):
        return False
    return bool((settings or {}).get(RATE_AI_GAMES, True)) or not any(is_ai(s) for s in seats)


def rate_result(game: str, result: Mapping[str, Any], current: Mapping[int, Skill]) -> list[Change]:
    """The rated players' changes for one result; ``current`` holds the ratings known so far (others are new).

    A forgotten player from before ratings existed (no id, no anonymous
    number, no AI level) plays as a new player and is not kept.
    """
    seats = result.get("seats") or []
    m = model()
    before: list[Skill] = []
    for s in seats:
        who = player_of(s)
        if who is not None:
            before.append(current.get(who, Skill()))
        elif s.get("ai") is not None:
            before.append(levels.level_skill(game, s.get("ai")))
        else:
            before.append(Skill())
    teams = [[m.rating(mu=b.mu, sigma=b.sigma)] for b in before]
    ranks = ranks_of(result)
    after = m.rate(teams, ranks=ranks)
    mus = [b.mu for b in before]
    changes = []
    for i, s in enumerate(seats):
        who = player_of(s)
        if who is None or not moves(s):
            continue  # an AI's rating never moves, nor a hinted player's
        new = after[i][0]
        mu = capped(i, mus, float(new.mu), ranks)
        changes.append(Change(i, who, before[i], Skill(mu, float(new.sigma), before[i].games + 1)))
    return changes


def ranks_of(result: Mapping[str, Any]) -> list[int]:
    """The places :func:`rate_result` rates by: the result's, with whoever left a seat mid-game last of all."""
    places = places_of(result)
    seats = result.get("seats") or []
    gone = [i for i, s in enumerate(seats) if s.get("left") is not None]
    if not gone:
        return places
    stayed = sorted({p for i, p in enumerate(places) if i not in gone})
    dense = {p: k for k, p in enumerate(stayed)}  # the others keep their order, closed up
    return [len(stayed) if i in gone else dense[p] for i, p in enumerate(places)]


def win_chances(skills: list[Skill]) -> list[float]:
    """Each seat's chance to win, from the shown numbers: Plackett–Luce's ``exp(mu / c)`` shares (they add up to 1).

    Why not ``openskill``'s ``predict_win``: it weighs each seat's own σ in a
    way that gave a new player (σ 8.3) a smaller chance than an AI level
    shown at the same number.  Here one spread ``c`` (the model's, from every
    seat's σ and β) serves the whole table, so equal numbers have equal
    chances and a higher number always the higher chance.
    """
    if len(skills) < 2:
        return [1.0] * len(skills)
    beta = model().beta
    c = math.sqrt(sum(s.sigma**2 + beta**2 for s in skills))
    top = max(s.mu for s in skills)
    weights = [math.exp((s.mu - top) / c) for s in skills]
    total = sum(weights)
    return [w / total for w in weights]
