"""Settings from the environment, typed and checked once at start-up.

Everything a server owner sets lives in ``.env`` (see ``.env.example``).  The
``KADO_*`` variables are for tests and unusual deployments: they point the bot
at a local Discord emulator and shorten delays.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from bot.core.turns import WORK_SLOTS


class ConfigError(Exception):
    """A setting is missing or malformed; the message is shown to the operator as is."""


@dataclass(frozen=True)
class Settings:
    token: str = field(repr=False)  # never let the token reach a log line
    database_path: Path
    dev_guild_id: int | None
    log_level: str
    api_base: str | None  # e.g. http://127.0.0.1:PORT/api/v10 (tests)
    gateway_url: str | None  # e.g. ws://127.0.0.1:PORT/gateway (tests)
    guild_ready_timeout: float
    ai_delay: float  # seconds an AI "thinks" visibly before it moves
    turn_timeout: float = 120.0  # seconds for an ordinary turn
    pick_timeout: float = 30.0  # seconds for a hidden simultaneous pick
    afk_limit: int = 3  # consecutive timeouts before an AI keeps the seat
    lobby_ttl: float = 15 * 60  # an untouched lobby closes itself
    idle_ttl: float = 24 * 3600  # a game with no human move ends itself
    members_intent: bool = False  # needs "Server Members Intent" enabled in the Developer Portal
    seed: int | None = None  # tests only: make session seeds reproducible (KADO_SEED)
    work_slots: int = WORK_SLOTS  # channels changing at once (KADO_WORK_SLOTS; see bot.core.turns)
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    database_url: str | None = None  # postgresql://… selects PostgreSQL (bot/core/store/postgres.py); else SQLite
    history_days: int = 0  # moves of games ended longer ago are pruned (bot/core/retention.py); 0 keeps everything
    turn_ping_grace: float = 8.0  # seconds before a player who must act is pinged in the channel (core/slow/notify.py)
    slow_notice_delay: float = 600.0  # seconds before a waited-for seat of a slow game is DMed (bot/core/slow/pace.py)
    token_reuse: float = 840.0  # seconds a click token edits its message (KADO_TOKEN_REUSE; transport/edits.py)
    answer_within: float = 0.25  # seconds a move click waits to be answered by its move (KADO_ANSWER_WITHIN; acks.py)
    dm_retry: float = 180.0  # seconds between two tries of a player's closed DMs (KADO_DM_RETRY; delivery.py)
    metrics_port: int | None = None  # serve Prometheus metrics on this port (bot/runtime/metrics.py); None: off
    metrics_host: str = "127.0.0.1"  # where the metrics port listens: this machine only unless told otherwise
    ai_workers: int = 1  # processes the strong AI searches in (AI_WORKERS; bot/core/ai/pool.py); 0: threads
    picture_workers: int = 1  # processes pictures are drawn in (PICTURE_WORKERS; drawing/picture_pool.py); 0: threads


def default_ai_workers() -> int:
    """One worker per CPU this process may use but one (left to the bot's own loop); at least one."""
    try:
        cpus = len(os.sched_getaffinity(0))  # a container's or taskset's CPUs, not the host's
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, cpus - 1)


DEFAULT_PICTURE_WORKERS = 1
"""One process draws ~250 pictures a second, more than one bot process's clicks ask for (docs/deploy.md)."""


def _workers(name: str, env: dict[str, str], default: int) -> int:
    """Worker processes: empty gives ``default``; 0 keeps their work in threads of the bot."""
    workers = _int_or_none(name, env)
    if workers is None:
        return default
    if workers < 0:
        raise ConfigError(f"{name} must be 0 (work in threads) or a number of worker processes (got {workers}).")
    return workers


def _int_or_none(name: str, env: dict[str, str]) -> int | None:
    raw = env.get(name, "").strip()
    if not raw:
        return None
    try:
        return int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number (got {raw!r}).") from None


def _float(name: str, env: dict[str, str], default: float) -> float:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        return float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number (got {raw!r}).") from None


def _days(name: str, env: dict[str, str]) -> int:
    """A whole number of days, 0 or more (empty: 0); a typo must not silently prune, or keep, history."""
    days = _int_or_none(name, env)
    if days is None:
        return 0
    if days < 0:
        raise ConfigError(f"{name} must be 0 (keep everything) or a number of days (got {days}).")
    return days


def database_path(env: Mapping[str, str]) -> Path:
    """Where the SQLite database is (``DATABASE_PATH``, relative to where Kado is started)."""
    return Path(env.get("DATABASE_PATH", "").strip() or "data/kado.sqlite3")


def load(env: dict[str, str] | None = None) -> Settings:
    env = dict(os.environ if env is None else env)
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError("DISCORD_TOKEN is not set. Copy .env.example to .env and put your bot's token in it.")
    level = env.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
    if level not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
        raise ConfigError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL (got {level!r}).")
    shard_count = _int_or_none("SHARD_COUNT", env)
    shard_ids_raw = env.get("SHARD_IDS", "").strip()
    shard_ids = tuple(int(x) for x in shard_ids_raw.split(",") if x.strip()) if shard_ids_raw else None
    database_url = env.get("DATABASE_URL", "").strip() or None
    if database_url and not database_url.startswith(("postgresql://", "postgres://")):
        raise ConfigError(
            f"DATABASE_URL must be a postgresql://user:password@host/db URL (got {database_url.split(':')[0]}:…);"
            " leave it empty to use SQLite at DATABASE_PATH."
        )
    if shard_ids and (shard_count is None or any(not 0 <= i < shard_count for i in shard_ids)):
        raise ConfigError("SHARD_IDS needs SHARD_COUNT, and every id must be below it (ids start at 0).")
    metrics_port = _int_or_none("METRICS_PORT", env)
    if metrics_port is not None and not 0 < metrics_port < 65536:
        raise ConfigError(f"METRICS_PORT must be a port number from 1 to 65535 (got {metrics_port}).")
    return Settings(
        token=token,
        database_path=database_path(env),
        dev_guild_id=_int_or_none("DEV_GUILD_ID", env),
        log_level=level,
        api_base=env.get("KADO_API_BASE", "").strip() or None,
        gateway_url=env.get("KADO_GATEWAY_URL", "").strip() or None,
        guild_ready_timeout=_float("KADO_GUILD_READY_TIMEOUT", env, 2.0),
        ai_delay=_float("KADO_AI_DELAY", env, 1.0),
        turn_timeout=_float("TURN_TIMEOUT", env, 120.0),
        pick_timeout=_float("PICK_TIMEOUT", env, 30.0),
        afk_limit=int(_float("AFK_LIMIT", env, 3)),
        lobby_ttl=_float("LOBBY_TTL", env, 15 * 60),
        idle_ttl=_float("IDLE_TTL", env, 24 * 3600),
        seed=_int_or_none("KADO_SEED", env),
        work_slots=max(1, int(_float("KADO_WORK_SLOTS", env, WORK_SLOTS))),
        members_intent=env.get("MEMBERS_INTENT", "").strip().lower() in {"1", "true", "yes"},
        shard_count=shard_count,
        shard_ids=shard_ids,
        database_url=database_url,
        history_days=_days("HISTORY_DAYS", env),
        turn_ping_grace=max(0.0, _float("TURN_PING_GRACE", env, 8.0)),
        slow_notice_delay=max(0.0, _float("SLOW_NOTICE_DELAY", env, 600.0)),
        token_reuse=min(840.0, max(0.0, _float("KADO_TOKEN_REUSE", env, 840.0))),  # never past Discord's 15 min
        answer_within=min(1.0, max(0.0, _float("KADO_ANSWER_WITHIN", env, 0.25))),  # far from Discord's 3 s
        dm_retry=max(0.0, _float("KADO_DM_RETRY", env, 180.0)),
        metrics_port=metrics_port,
        metrics_host=env.get("METRICS_HOST", "").strip() or "127.0.0.1",
        ai_workers=_workers("AI_WORKERS", env, default_ai_workers()),
        picture_workers=_workers("PICTURE_WORKERS", env, DEFAULT_PICTURE_WORKERS),
    )


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's shard of a server; events outside servers (DMs) go to shard 0."""
    return (guild_id >> 22) % shard_count if guild_id else 0
