"""Promotion (プロモーション): tomo000's 4-player postcard game, as a pure engine plus its renderer.

Engine: ``rules`` (the contract and the set-up/pick steps), ``resolve`` (a
round's resolution), ``core`` (state copy, events, card moves), ``options``
(every docs/rules/promotion.md reading as a switch), ``postcard`` (the card's layouts as data).
Words and pictures: ``render`` (board, private text, buttons), ``events`` (log
lines), ``moment`` (a reveal's channel post), ``rulestext``, ``words``,
``picture`` + ``shapes`` + ``recap`` (the board picture), ``layoutpicture``
(the rules page's card pictures); ``strings`` (+ ``strings_moment``) is the
catalogue and ``ai`` the normal-level heuristic.  Nothing
here imports Discord except ``cog``.
"""
