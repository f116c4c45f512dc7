"""Japanese catalogues: one word for Done in every game, and no 「×」 outside a formula.

「終了」 is also "game over" (「ゲーム終了」), so a Done button named 「終了」 in one
game and 「完了」 in another read as two things; and 「×」 in a name or title
(「スティール&押しつけ×バリア」) reads as a count (docs/style-ja.md).
"""

from __future__ import annotations

import re

from bot import i18n
from bot.core import games

for _game in games.available():
    games.get(_game)  # each game registers its catalogue when loaded
EN, JA = i18n.catalogue("en"), i18n.catalogue("ja")


def test_done_is_one_word_in_every_game() -> None:
    buttons = {key: JA[key] for key, text in EN.items() if text == "Done" and key in JA}
    assert len(buttons) >= 2, buttons  # several games' (or steps') Done buttons, or this test checks nothing
    assert set(buttons.values()) == {"完了"}, buttons
    for key, text in EN.items():  # a text that names the button quotes the same word
        if key in JA and re.search(r"\bpress Done\b|\bor Done\b", text):
            assert "「完了」" in JA[key] and "「終了」" not in JA[key], (key, JA[key])


def test_no_times_sign_outside_a_formula() -> None:
    bad = {key: text for key, text in JA.items() for m in re.finditer("×", text)
           if not text[: m.start()].rstrip()[-1:].isdigit()}
    assert not bad, bad
