"""House style of the Japanese catalogues (docs/style-ja.md), checked on every registered text.

Two mistakes a native reader spots at once and a key-by-key review misses:

* **Half-width punctuation in Japanese prose.**  ``:`` ``,`` ``!`` ``?`` ``(`` ``)``
  read as foreign inside Japanese text; the ja catalogue writes ``：、！？（）``.
  *Precisely:* a text is first masked — placeholders ``{…}``, inline code
  ```…```, Discord tokens ``<t:…:R>`` / ``<@…>`` / ``<番号>``, URLs and
  digit:digit times (``12:30``) and the publisher's Latin card names
  (``Down!``, :data:`PUBLISHED_NAMES`) are set aside — then every line that still holds
  a Japanese character (kana, kanji, full-width forms, CJK punctuation) must
  hold none of those six marks.  "Adjacent" is taken line-wide on purpose:
  ``{mention}: DMを送れません`` has only a placeholder and a space between the
  colon and the Japanese, and reads just as wrong.  Emoji, markdown (``**``),
  numbers and arrows (``1 → 13``) are not punctuation here and pass.
* **Untranslated texts.**  A ja text identical to its English text while it has
  letters outside its placeholders was forgotten, not translated.  Proper names
  that are the same in both languages go in :data:`SAME_IN_BOTH`.

Command names follow Discord's rule for localised names (checked here for both
languages, every ``cmd.*`` key that is a name rather than a description).
"""

from __future__ import annotations

import random
import re
import unicodedata

import pytest

from bot import i18n
from bot.core import games

SAME_IN_BOTH: set[str] = set()
"""Keys whose ja text may equal the English one (proper names written alike in both); none today."""

PUBLISHED_NAMES = ("Change!", "Down!", "Wild!")
"""Card names printed in Latin on the cards (Promotion's specials): the publisher's spelling, ``!`` included."""

HALF_WIDTH = set(":,!?()")
_JA = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff5e\uff61-\uff9f]")
_MASKS = (
    re.compile("|".join(re.escape(n) for n in PUBLISHED_NAMES)),  # the publisher's own Latin card names
    re.compile(r"`[^`]*`"),  # inline code
    re.compile(r"https?://\S+"),  # URLs
    re.compile(r"\{[^{}]*\}"),  # str.format placeholders
    re.compile(r"<[^<>\s]*>"),  # Discord tokens (<t:…:R>, <@…>) and syntax placeholders (<番号>)
    re.compile(r"(?<=\d):(?=\d)"),  # times and ratios written digit:digit
    re.compile(r"\]\([^()]*\)"),  # a markdown link's target: [text](link)
)


def _catalogue() -> dict[str, dict[str, str]]:
    for game_id in games.available():
        games.load(game_id)
    return {loc: i18n.catalogue(loc) for loc in ("en", "ja")}


def _masked(text: str) -> str:
    for pattern in _MASKS:
        text = pattern.sub("\x00", text)
    return text


def half_width_marks(text: str) -> list[str]:
    """The Japanese lines of ``text`` that hold a half-width mark outside the masked spans."""
    return [line for line in _masked(text).splitlines() if _JA.search(line) and HALF_WIDTH.intersection(line)]


def test_the_rule_catches_what_it_should_and_spares_what_it_should() -> None:
    """The rule itself, on hand-made texts: each line a case a reviewer would argue about."""
    assert half_width_marks("待っています: {names}")
    assert half_width_marks("{mention}: DMを送れません")
    assert half_width_marks("AIの強さ({level})")
    assert half_width_marks("勝ち!")
    assert not half_width_marks("残りは <t:{ts}:R> まで、{a}{b:>3}です")
    assert not half_width_marks("`{cmd}` で `option:1` を選びます")
    assert not half_width_marks("開始は12:30、詳しくは https://example.com/a(b) へ")
    assert not half_width_marks("**{name}**の番です 🏆 1 → 13")
    assert not half_width_marks("Down!：{name}が下げるカードを選んでいます。")  # a card name, not prose
    assert half_width_marks("Kを手に入れた!")
    assert not half_width_marks("Score: {n} (en)")  # no Japanese on the line: not ja prose


def test_ja_texts_use_full_width_punctuation() -> None:
    ja = _catalogue()["ja"]
    bad = {key: lines for key, text in ja.items() if (lines := half_width_marks(text))}
    assert not bad, "half-width punctuation in Japanese text:\n" + "\n".join(
        f"  {key}: {line!r}" for key, lines in sorted(bad.items()) for line in lines
    )


def _has_letters(text: str) -> bool:
    return any(ch.isalpha() for ch in _masked(text))


def test_ja_texts_are_translated() -> None:
    cat = _catalogue()
    same = sorted(
        key
        for key, text in cat["ja"].items()
        if key not in SAME_IN_BOTH and cat["en"].get(key) == text and _has_letters(text)
    )
    assert not same, f"ja text identical to English (untranslated?): {same}"


def _valid_command_name(name: str) -> bool:
    """Discord: ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$, and lowercase where a letter has case."""
    if not 1 <= len(name) <= 32 or name != name.lower():
        return False
    return all(
        ch in "-_" or unicodedata.category(ch)[0] in "LN" or unicodedata.name(ch, "").startswith(("DEVANAGARI", "THAI"))
        for ch in name
    )


def test_validity_check_rejects_bad_names() -> None:
    assert _valid_command_name("ゲーム") and _valid_command_name("forget-me") and _valid_command_name("aiの強さ")
    assert not _valid_command_name("My hand") and not _valid_command_name("Reset") and not _valid_command_name("")
    assert not _valid_command_name("a" * 33) and not _valid_command_name("ルール:変更")


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_command_names_fit_discords_pattern(locale: str) -> None:
    texts = _catalogue()[locale]
    names = {k: v for k, v in texts.items() if k.startswith("cmd.") and not k.endswith(".desc")}
    assert len(names) > 20  # the walk found the command catalogue
    bad = {k: v for k, v in names.items() if not _valid_command_name(v)}
    assert not bad, bad


def test_game_command_groups_are_named_alike_in_both_languages() -> None:
    """Each game's group: its id in English, its Japanese name (or that name's first word) in Japanese."""
    import asyncio

    from discord import Locale, app_commands

    from bot.frontend.slash import gamecog
    from bot.frontend.ui.slash import CatalogueTranslator

    translator = CatalogueTranslator()
    for game_id in games.available():
        group = gamecog.cog_class(game_id)
        name = group.__cog_group_name__
        assert name == game_id == i18n.translate("en", f"cmd.{game_id}")
        ja = i18n.translate("ja", f"cmd.{game_id}")
        assert ja != f"cmd.{game_id}" and i18n.translate("ja", f"{game_id}.name").startswith(ja), game_id
        context = app_commands.TranslationContext(app_commands.TranslationContextLocation.group_name, None)
        shown = asyncio.run(translator.translate(app_commands.locale_str(name), Locale.japanese, context))
        assert shown == ja and i18n.command_path("ja", f"{game_id}.new") == f"/{ja} 新規"


# -- what a Japanese reader sees once texts are put together ------------------------------------------------

_DOT = "·"  # U+00B7: the ja texts' middle dot is ・ (lists) only; clauses on one line are joined by ／ (words.dot)
_COUNT_X = re.compile(r"×\s*\d")  # "×4" as a count: ja counts say 4枚; × stays in the rulebook's dual card names
_SIDE_BY_SIDE = re.compile(r"\d \d")  # "AI 1 27点", "5 6 7": two numbers read as one
_ASIDE = re.compile(r"`[^`]*`|<[^<>]*>")  # inline code and Discord tokens are not prose


def ja_mistakes(text: str) -> list[str]:
    """The lines of a Japanese ``text`` breaking docs/style-ja.md's rules, each prefixed with the rule."""
    out = [f"half-width: {line}" for line in half_width_marks(text)]
    for line in text.splitlines():
        prose = _ASIDE.sub("\x00", line)
        if "）（" in prose:
            out.append(f"doubled brackets: {line}")
        if _DOT in prose or "･" in prose:
            out.append(f"second middle dot: {line}")
        if _COUNT_X.search(prose):
            out.append(f"× as a count: {line}")
        if _SIDE_BY_SIDE.search(prose):  # a ja screen's line, Japanese letters on it or not
            out.append(f"numbers side by side: {line}")
    return out


def test_the_issue_38_rules_catch_what_they_should() -> None:
    assert ja_mistakes("🏆 **alice**の勝ち（27対18）（宝がすべて獲得された）")
    assert ja_mistakes("得点：AI 1 27点")
    assert ja_mistakes("バリアの枚数: 5")
    assert ja_mistakes("手番：alice · 残り3枚")
    assert ja_mistakes("🔥×4 💧×4")
    assert ja_mistakes("♠ 5 6 7 8")
    assert not ja_mistakes("🏆 **alice**の勝ち、27対18（宝がすべて獲得された）")
    assert not ja_mistakes("得点：AI 1（27点）／alice（18点）")
    assert not ja_mistakes("スティール&押しつけ×バリア：`1 → 13 (12/13)` <t:1:R>")
    assert not ja_mistakes("♠ 5・6・7・8")


def test_ja_catalogue_follows_the_issue_38_rules() -> None:
    ja = _catalogue()["ja"]
    bad = {key: found for key, text in ja.items() if (found := ja_mistakes(text))}
    assert not bad, bad
    suit_words = {word for word in ("マーク", "スート") if any(word in text for text in ja.values())}
    assert len(suit_words) == 1, f"one word for a card's suit, not {suit_words}"


def _rendered_ja() -> list[tuple[str, str]]:
    """Every text a few random games show in Japanese: boards, DMs, log lines, moments, the result."""
    from bot.core.store import SeatRecord, SessionRecord
    from bot.frontend.presenting import results

    _catalogue()
    tr = i18n.translator("ja")
    out: list[tuple[str, str]] = []
    for game_id in games.available():
        spec = games.get(game_id)
        for seats in sorted({spec.min_seats, spec.max_seats}):
            names = ["alice", "AI 1", "AI 2", "bob", "carol"][:seats]
            state = spec.rules.new(seats, 1, spec.resolve_options({}))
            rng = random.Random(seats)
            for _ in range(300):
                board = spec.render.board(spec.rules.view(state, None), names, tr)
                texts = [board.title, board.description, board.footer, *(board.summary or [])]
                texts += [part for pair in board.fields for part in pair]
                texts += [spec.render.private(spec.rules.view(state, s), s, names, tr) for s in range(seats)]
                if not spec.rules.to_act(state):
                    break
                seat = rng.choice(spec.rules.to_act(state))
                step = spec.rules.apply(state, seat, rng.choice(spec.rules.legal(state, seat)))
                texts += [spec.render.event(e, names, tr) for e in step.events]
                moment = getattr(spec.render, "moment", None)  # not every game posts moments
                texts.append((moment(list(step.events), names, tr) if moment else None) or "")
                out += [(f"{game_id}/{seats}", t) for t in texts if t]
                state = step.state
            record = SessionRecord(
                id=1, game=game_id, guild_id=1, channel_id=2, host_id=1, status="finished", seed=1, created_at=0.0,
                updated_at=0.0, options=spec.resolve_options({}), state=state, version=1, locale="ja",
                seats=[SeatRecord(seat=i, name=n, user_id=None if n.startswith("AI") else i + 1,
                                  ai_level="normal" if n.startswith("AI") else None) for i, n in enumerate(names)],
            )
            result = spec.rules.result(state)
            if result is not None:
                out.append((f"{game_id}/result", results.result_text(record, spec, tr, result)))
    return out


def test_japanese_texts_as_players_see_them_follow_the_issue_38_rules() -> None:
    bad = [(where, found) for where, text in _rendered_ja() for found in ja_mistakes(text)]
    assert not bad, "\n".join(f"{where}: {found}" for where, found in bad[:20])
