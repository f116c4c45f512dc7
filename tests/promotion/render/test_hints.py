"""Honest hints: a row button's prediction is what the reveal does whenever nothing else interferes.

A pick's button says, e.g., "Row 4: ♦♥ (as now: ♦5→9 ♥8→9)".  The others' picks are hidden, so the
hint is the raise as the cards lie at pick time; the DM says what that assumes.  Here, over many random
rounds: whenever no other pick touches the row's suits (nobody's row-1 special, no other pick of the
same or an earlier row sharing a suit) and no King ends the round first, the resolution raises exactly
as the hint said — and the hint is never shown as certain when something did interfere.
"""

from __future__ import annotations

import random

from bot import i18n
from cogs.promotion import rules
from cogs.promotion.render import control
from cogs.promotion.render.hints import moves_text, row_hint
from cogs.promotion.rules import postcard
from cogs.promotion.rules.state import sides
from cogs.promotion.strings import STRINGS

i18n.register(STRINGS)
EN = i18n.translator("en")
NAMES = ["alice", "bob", "carol", "dave"]


def _touched(state: dict, seat: int, row: int) -> bool:
    """Whether another pick can change what ``seat``'s ``row`` does: a special, or a shared suit no later."""
    picks = state["picks"]
    layout = sides(state)
    mine = set(postcard.facing(layout, seat, state["r"]).row(row))
    for other, pick in enumerate(picks):
        if other == seat:
            continue
        if pick == 1:
            return True
        if pick <= row and mine & set(postcard.facing(layout, other, state["r"]).row(pick)):
            return True
    return False


def _rounds(games: int) -> list[tuple[dict, dict, list]]:
    """(state at pick time, state at the reveal, the round's events) for every round of ``games`` random games."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = rules.new(4, seed, {})
        at_pick, events = None, []
        while rules.result(state) is None:
            if state["phase"] == "pick" and at_pick is None:
                at_pick, events = state, []
            seat = rules.to_act(state)[0]
            step = rules.apply(state, seat, rng.choice(rules.legal(state, seat)))
            if at_pick is not None and state["phase"] == "pick" and step.state["phase"] != "pick":
                revealed = step.state  # the four picks are in (the reveal and resolution start in this step)
            events += step.events
            state = step.state
            if at_pick is not None and (state["round"] != at_pick["round"] or state["phase"] == "over"):
                out.append((at_pick, revealed, events))  # the round is resolved (or the game ended in it)
                at_pick = None
    return out


def test_the_hint_is_the_resolved_result_whenever_no_other_pick_touches_its_suits() -> None:
    checked = differed = 0
    for at_pick, revealed, events in _rounds(150):
        kings = [e for e in events if e.kind == "king"]
        for seat in range(4):
            row = revealed["picks"][seat]
            if row is None or row == 1:
                continue
            got = [(e.args["suit"], e.args["old"] if e.kind == "raise" else e.args["value"],
                    e.args["new"] if e.kind == "raise" else None)
                   for e in events if e.kind in ("raise", "raise_none") and e.args["seat"] == seat]
            hint = row_hint(rules.view(at_pick, seat), seat, row)
            if _touched(revealed, seat, row):
                differed += got != hint
                continue
            king_rows = [e for e in events if e.kind == "row" and e.args["row"] < row]
            if kings and not got and king_rows:
                continue  # a King in an earlier row ended the round before this one
            assert got == hint, (seat, row, got, hint)
            checked += 1
    assert checked >= 40, checked
    assert differed, "no interfered pick differed from its hint: the assumption would not need saying"


def test_the_button_shows_the_hint_and_says_it_is_as_things_lie_now() -> None:
    state = rules.new(4, 7, {})
    rng = random.Random(7)
    while state["phase"] != "pick":
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rng.choice(rules.legal(state, seat))).state
    view = rules.view(state, 0)
    for action in rules.legal(state, 0):
        if action["type"] == "pick" and action["row"] > 1:
            label = control(action, view, 0, NAMES, EN).label
            assert label.endswith(f"(as now: {moves_text(row_hint(view, 0, action['row']))})"), label
