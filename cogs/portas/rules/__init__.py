"""The PORTAS engine (docs/rules/portas.md §1): pure, JSON state, no I/O.

Module-level names satisfy :class:`bot.engine.Engine`.

Shapes (all JSON):

* **Action** — ``{"type": "port", "card": 3, "treasure": 13}`` plays a hand
  card *by value* onto the open treasure *whose value is 13*.  Treasure
  values 11–15 are unique, so the value is a stable id: a button made before
  a refill still names the same treasure, and duplicate hand cards give one
  action, not two.  ``{"type": "pass"}`` exists only under the
  ``pass_rule="voluntary"`` option.
* **Forced passes are automatic.**  When the player about to move has no
  legal port, :func:`apply` passes for them and emits a ``passed`` event with
  ``forced=True``; so :func:`to_act` always names a seat that has a real
  choice, and the platform never needs a one-button prompt.  Two passes in a
  row end the game.  The turn-start draw also happens inside :func:`apply`,
  so the player to act always holds their full hand.
* **Events** (all public) — ``ported`` {seat, card, treasure, total},
  ``took`` {seat, treasure, value, points, lost}, ``revealed`` {treasure},
  ``passed`` {seat, forced}, ``game_over`` {winners, scores, reason,
  decided_by}.  Draws have no event: hands are public.
* **State** — see :func:`new`.  Deck lists are drawn from the *end*
  (``deck[-1]`` is the top card); hands are kept sorted.
* **View** — the state without ``decks``, ``treasure_deck`` and ``rng``; in
  their place deck sizes and each deck's *contents in value order* (public
  anyway: every card not in a deck is face up), which is what a player at
  the table could work out.

Copy-on-write: :func:`apply` copies only the containers it changes and
shares the rest with the input state, which is never mutated.  Move events
are built once and shared by every game that makes the same move (see
``_logged``), their args dict also being the state's ``recent`` entry.
Treat states, events and their args as immutable; the port actions
:func:`legal` returns are shared too, and read-only (see ``_Port``).  This
keeps a random full game at a few hundred microseconds (``bench/engines.py``),
which the strong AI's rollouts need.  ``tests/portas/plain.py`` is the same
rule set without any of these shortcuts; ``tests/portas/engine/test_fast_paths.py``
holds the two to the same states, events and errors.
"""

from __future__ import annotations

from bot.engine import (
    JSON,
    State,
    View,
    draw_rng,
    resolve_options,
)

from .. import views
from .moves import _ARG_NAMES, _LOGGED, apply
from .parts import (
    _DEFAULT_OPTIONS,
    ERROR_CODES,
    GAME,
    HAND_SIZE,
    MAX_SEATS,
    MIN_SEATS,
    OPEN_SLOTS,
    OPTIONS,
    PORT_DECK,
    RECENT,
    TREASURES,
    PortasError,
    _fresh_treasure,
)
from .queries import _legal_plain, legal, result, timeout_action, to_act
from .state import _randbelow, _shuffle

__all__ = [  # the engine (bot.engine.Engine) is this module's names; cards/queries/moves/views hold the code
    "ERROR_CODES",
    "GAME",
    "HAND_SIZE",
    "MAX_SEATS",
    "MIN_SEATS",
    "OPEN_SLOTS",
    "OPTIONS",
    "PORT_DECK",
    "RECENT",
    "TREASURES",
    "_ARG_NAMES",
    "_LOGGED",
    "PortasError",
    "_legal_plain",
    "apply",
    "determinize",
    "from_deal",
    "is_own_turn",
    "is_reaction",
    "legal",
    "new",
    "result",
    "timeout_action",
    "to_act",
    "view",
]

# --------------------------------------------------------------------------- setup


def new(num_seats: int, seed: int, options: dict[str, JSON] | None = None) -> State:
    """Shuffle, reveal 2 treasures and 4 cards per hand, pick the first player.

    State keys: ``game``, ``options`` (resolved), ``rng``, ``first``, ``turn``
    (``None`` once over), ``hands`` (2 sorted lists), ``decks`` (2 lists, top
    last), ``treasure_deck`` (top last), ``open`` (list of ``{"value",
    "total", "ports": [seat0 cards, seat1 cards]}``), ``taken`` (per seat, a
    list of ``{"value", "ports", "points"}``), ``scores``, ``passes``
    (consecutive), ``last_taker``, ``recent`` (last move events as JSON) and
    ``result`` (``None`` or ``{"winners", "scores", "reason", "decided_by"}``).
    """
    if not MIN_SEATS <= num_seats <= MAX_SEATS:
        raise ValueError(f"PORTAS needs exactly 2 seats, not {num_seats}")
    opts = resolve_options(OPTIONS, options) if options else dict(_DEFAULT_OPTIONS)
    seeded: State = {"rng": seed}
    getrandbits = draw_rng(seeded).getrandbits
    treasures = list(TREASURES)
    _shuffle(treasures, getrandbits)
    decks = []
    for _ in range(2):
        deck = list(PORT_DECK)
        _shuffle(deck, getrandbits)
        decks.append(deck)
    first = _randbelow(2, getrandbits) if opts["first_player"] == "random" else 0
    return from_deal({"treasures": treasures, "decks": decks, "first": first}, seeded["rng"], opts)


def from_deal(deal: dict[str, JSON], rng: int, options: dict[str, JSON] | None = None) -> State:
    """The state :func:`new` deals, from a deal given whole: a guided first game's curated one.

    ``deal``: ``treasures`` (all 5 values, the top last), ``decks`` (each seat's 14 port cards,
    the top last) and ``first`` (the seat that starts).  The top 2 treasures open and the top 4
    cards of each deck become its hand, as in :func:`new`; ``rng`` seeds what is random later
    (nothing, in PORTAS, but the state keeps it).  A deal that is not a full set of cards raises.
    """
    opts = resolve_options(OPTIONS, options) if options else dict(_DEFAULT_OPTIONS)
    treasures = list(deal["treasures"])  # type: ignore[arg-type]
    decks = [list(d) for d in deal["decks"]]  # type: ignore[union-attr]
    first = deal["first"]
    if sorted(treasures) != sorted(TREASURES) or len(decks) != 2 or first not in (0, 1):
        raise ValueError("a PORTAS deal has the 5 treasures, 2 decks and a first seat")
    if any(sorted(d) != sorted(PORT_DECK) for d in decks):
        raise ValueError("each PORTAS deck is the 14 port cards")
    opened = [_fresh_treasure(treasures.pop()) for _ in range(OPEN_SLOTS)]
    hands = []
    for deck in decks:
        hand = sorted(deck[-HAND_SIZE:])
        del deck[-HAND_SIZE:]
        hands.append(hand)
    # No draw or forced pass can be due yet: hands are full and every card fits an empty treasure.
    return {
        "game": GAME,
        "options": opts,
        "rng": rng,
        "first": first,
        "turn": first,
        "hands": hands,
        "decks": decks,
        "treasure_deck": treasures,
        "open": opened,
        "taken": [[], []],
        "scores": [0, 0],
        "passes": 0,
        "last_taker": None,
        "recent": [],
        "result": None,
    }



# --------------------------------------------------------------------------- views (cogs/portas/views.py)


def is_reaction(state: State, seat: int) -> bool:
    """Never: PORTAS has turns only."""
    return False


def is_own_turn(state: State, seat: int) -> bool:
    """Always for the seat asked: PORTAS asks nobody anything in another's turn."""
    return seat in to_act(state)


def view(state: State, seat: int | None) -> View:
    """Everything but deck order (see :func:`cogs.portas.views.view`), with who is to act."""
    return views.view(state, seat, to_act(state))


determinize = views.determinize
