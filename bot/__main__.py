"""Entry point: ``python -m bot`` (or the ``kado`` console script).

Loads ``.env``, checks the settings, and runs the bot.  A missing token is an
operator mistake, not a crash: one clear line and exit code 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys

from dotenv import load_dotenv

from bot import config


def main() -> int:
    load_dotenv()
    try:
        settings = config.load()
    except config.ConfigError as exc:
        print(f"kado: {exc}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level,
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    from bot.app import run  # imported late: discord.py is slow to import and not needed for --help errors

    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(run(settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
