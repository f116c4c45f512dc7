"""``python -m tests.emulator.screens page.html out.png [width]``: screenshot a saved screen page."""

from __future__ import annotations

import sys

from .shoot import screenshot


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    width = int(argv[2]) if len(argv) == 3 else 800
    print(screenshot(argv[0], argv[1], width=width))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
