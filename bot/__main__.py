"""Entry point: ``python -m bot`` (or the ``kado`` console script).

Loads ``.env``, checks the settings, and runs the bot.  Operator mistakes are
not crashes: each is one clear line on stderr and a distinct exit code, so a
service manager (``Restart=``) and the person reading its journal both see
what is wrong without a traceback:

- 2: the token is missing or Discord refused it (``DISCORD_TOKEN`` in ``.env``);
- 3: the database cannot be used (unreadable, damaged, or from a newer Kado).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from dotenv import load_dotenv

from bot.core import config
from bot.runtime import logredact

EXIT_SETTINGS = 2
EXIT_DATABASE = 3
# Operator-facing lines (the console, not players): English, like the rest of the log.
REFUSED_TOKEN = "Discord refused the token: copy a fresh one (Bot → Reset Token) into DISCORD_TOKEN in .env"
INTENT_NOT_ENABLED = "MEMBERS_INTENT=true needs Server Members Intent enabled for the bot in the developer portal"


def main() -> int:
    """Run Kado until it is stopped; the exit code says which operator mistake stopped it (module docstring)."""
    load_dotenv()
    try:
        settings = config.load()
    except config.ConfigError as exc:
        return _fail(str(exc), EXIT_SETTINGS)
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    logredact.install(settings.token)
    import discord  # imported late: slow to import and not needed for the settings errors above

    from bot.app import run
    from bot.core.store import StoreUnavailable

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(run(settings))
    except discord.LoginFailure:
        return _fail(REFUSED_TOKEN, EXIT_SETTINGS)
    except discord.PrivilegedIntentsRequired:
        return _fail(INTENT_NOT_ENABLED, EXIT_SETTINGS)
    except StoreUnavailable as exc:
        return _fail(str(exc), EXIT_DATABASE)
    except config.ConfigError as exc:  # found once running: METRICS_PORT without its package, or its port taken
        return _fail(str(exc), EXIT_SETTINGS)
    return 0


def _fail(message: str, code: int) -> int:
    print(f"kado: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
