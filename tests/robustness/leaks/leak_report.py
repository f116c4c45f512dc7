"""What a leak scan saw and found: the figures it counts and the sentences it reports.

Apart from the scanner so that bench/leak_scan.py can add up figures from several worker
processes (``Figures.add``) and print them without knowing how they were gathered.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

MAX_PROBLEMS = 20  # findings kept as sentences; past this they are only counted


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
        self.problems.extend(other.problems[: max(0, MAX_PROBLEMS - len(self.problems))])

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


def first_diff(a: str, b: str) -> str:
    """Where two texts part, with some context either side: what a leak report shows of the difference."""
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"…{a[max(0, i - 60):i + 60]!r} vs …{b[max(0, i - 60):i + 60]!r}"
    return f"lengths {len(a)} vs {len(b)}"
