"""GETGEM rollouts for the strong AI: a cheaper view for :mod:`cogs.getgem.ai`, and its tuning.

The heuristic needs none of the copies ``views.build_view`` makes; the view
here shares the state's lists and masks the pending sub-step exactly as the
real view does (``tests/ai/test_fast.py`` checks the heuristic decides the
same with it).  :mod:`bot.core.games` loads ``TUNING`` into the game's ``Game``.
"""

from __future__ import annotations

from bot.engine import State, View

from . import views as getgem_views


def fast_view(state: State, seat: int) -> View:
    """The parts of ``cogs.getgem.views.build_view`` the GETGEM heuristic reads, shared not copied.

    ``build_view`` copies the log and every list; the heuristic needs none of
    that.  The pending sub-step is masked exactly as the real view masks it
    (an uncommitted step of another seat, a push's taken card).
    """
    return {
        "n": state["n"],
        "seat": seat,
        "cat": state["cat"],
        "hand": state["hands"][seat],
        "hand_sizes": [len(h) for h in state["hands"]],
        "decl": state["decl"],
        "discard": state["discard"],
        "elements": state["elements"],
        "pending": getgem_views._pending_view(state, seat),
        "known": state["known"][seat],
        "turn": state["turn"],
        "peeped": state["peeped"],
    }


TUNING = {"rollout": "heuristic", "fast_view": fast_view}
"""Measured with bench/ai/strength.py (docs/ai.md); fields of :class:`bot.core.ai.tuning.Tuning`."""
