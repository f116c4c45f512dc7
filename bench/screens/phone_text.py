"""How small the smallest text of each game's pictures reads on a phone, and what is clipped.

Run: ``.venv/bin/python -m bench.screens.phone_text [seeds]``

Every board and hand of every game (each seat count, en and ja, early /
middle / finished positions, 32-character names) is drawn through
:mod:`tests.pictures.textprobe`, which records every text run; a run reads
``size × min(1, 320 / width)`` px on a phone, where Discord shows a picture
about 320 px wide.  Target: ≥ 10 px, and no text clipped, cut (other than a
long player name), drawn over or overlapping another.  A size, not a time:
this script measures no speed.
"""

from __future__ import annotations

import sys
from collections import defaultdict

from tests.pictures import textprobe

TARGET_PX = 10.0


def main(argv: list[str]) -> int:
    seeds = tuple(range(1, 1 + (int(argv[0]) if argv else 2)))
    smallest: dict[str, tuple[float, str]] = {}
    widths: dict[str, set[int]] = defaultdict(set)
    faults: dict[str, list[str]] = defaultdict(list)
    drawn: dict[str, int] = defaultdict(int)
    for case in textprobe.cases(seeds=seeds):
        rec = textprobe.record(case.draw)
        drawn[case.game] += 1
        widths[case.game].add(rec.width)
        for run in rec.runs:
            px = textprobe.phone_px(run, rec.width)
            if px < smallest.get(case.game, (float("inf"), ""))[0]:
                smallest[case.game] = (px, f"{run.text!r} {run.size} px ({case.label})")
        faults[case.game] += [f"{case.label}: {p}" for p in textprobe.problems(rec, case.names)]
    missed = False
    print(f"{'game':<11}{'pictures':>9}{'width px':>10}{'smallest':>10}{'faults':>8}  smallest text")
    for game in textprobe.GAMES:
        px, what = smallest.get(game, (float("inf"), ""))
        wide = "/".join(str(w) for w in sorted(widths[game]))
        print(f"{game:<11}{drawn[game]:>9}{wide:>10}{px:>10.1f}{len(faults[game]):>8}  {what}")
        missed |= px < TARGET_PX or bool(faults[game])
    for game in textprobe.GAMES:
        for line in faults[game][:3]:
            print(f"  {line}")
    verdict = "MISSED" if missed else "met"
    print(f"phone text: target smallest text >= {TARGET_PX:.0f} px at 320 px wide, nothing clipped: {verdict}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
