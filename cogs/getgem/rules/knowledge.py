"""Who has seen which card in whose hand: the ``known`` record kept in a GETGEM state.

``state["known"][k][o]`` lists the cards seat ``k`` has *seen* enter or sit in
seat ``o``'s hand and can still be sure are there: cards it lost to ``o`` or
pushed onto ``o``, cards ``o`` dug up or took back (public), a peeped or a
revealed hand, the hand it handed over in a Full Exchange.  Whenever ``o``
loses a card ``k`` could not see go (a random steal by someone else, a push
to someone else), ``k``'s record of ``o`` is dropped: keeping it would be
wrong, and pruning it by the true card would leak which card went.  So the
record is always a subset of the true hand and derived only from what ``k``
saw, which is what lets views show it (the property tests check both).
"""

from __future__ import annotations

from bot.engine import State


def forget(s: State, owner: int, cards: list[int]) -> None:
    """Cards left ``owner``'s hand in public view: nobody 'knows' them there any more."""
    for row in s["known"]:
        lst = row[owner]
        for c in cards:
            if c in lst:
                lst.remove(c)


def public_add(s: State, owner: int, cards: list[int]) -> None:
    """Everyone saw these cards enter ``owner``'s hand (dug up, taken back)."""
    for k, row in enumerate(s["known"]):
        if k != owner:
            row[owner].extend(cards)


def reveal(s: State, owner: int) -> None:
    """``owner``'s whole hand was shown to everyone (a victory check)."""
    for k, row in enumerate(s["known"]):
        if k != owner:
            row[owner] = s["hands"][owner][:]


def blur(s: State, owner: int, except_: tuple[int, ...]) -> None:
    """``owner`` lost a card others could not see: their record of ``owner`` is no longer sure."""
    for k, row in enumerate(s["known"]):
        if k not in except_ and row[owner]:
            row[owner] = []


def exchange(s: State, a: int, b: int, hand_a: list[int], hand_b: list[int]) -> None:
    """Seats ``a`` and ``b`` swapped whole hands (``hand_a``/``hand_b`` are the hands before).

    Everyone else's records move with the hands; each swapper knows exactly
    what it handed over.
    """
    known = s["known"]
    for k, row in enumerate(known):
        if k not in (a, b):
            row[a], row[b] = row[b], row[a]
    known[a][b] = hand_a[:]
    known[b][a] = hand_b[:]
