"""The Discord-free guards: where a click may act (bot.core.origin), how a name is shown (bot.core.names)."""

from __future__ import annotations

import pytest

from bot.core import names, origin
from bot.core.sessions import SessionError
from bot.core.store import SeatRecord, SessionRecord

GUILD, CHANNEL, BOARD = 10, 20, 30


def _record() -> SessionRecord:
    return SessionRecord(
        id=1, game="portas", guild_id=GUILD, channel_id=CHANNEL, host_id=1, status="active", seed=0,
        created_at=0.0, updated_at=0.0, locale="en",
        seats=[SeatRecord(seat=0, name="<@99> [x](https://e.example)", user_id=1, locale="en")],
        board_message_id=BOARD,
    )  # fmt: skip


def _click(user: int = 1, guild: int | None = GUILD, channel: int | None = CHANNEL, message: int = BOARD,
           private: bool = False) -> origin.Click:  # fmt: skip
    return origin.Click(user, guild, channel, message, private)


@pytest.mark.parametrize(
    ("click", "code"),
    [
        (_click(), None),
        (_click(user=2), None),  # anyone in the channel may click (the session judges who may do what)
        (_click(guild=11), "wrong_origin"),  # another server
        (_click(channel=21), "wrong_origin"),  # another channel of the same server
        (_click(guild=None, channel=5), None),  # a DM of a seated player
        (_click(user=2, guild=None, channel=5), "wrong_origin"),  # a DM of anyone else
    ],
)
def test_a_session_is_acted_on_only_from_where_it_lives(click: origin.Click, code: str | None) -> None:
    if code is None:
        origin.check_session(click, _record(), from_dm=True)
    else:
        with pytest.raises(SessionError) as err:
            origin.check_session(click, _record(), from_dm=True)
        assert err.value.code == code
    if click.guild_id is None:  # only move buttons live in DMs: a lobby button there is refused even for a player
        with pytest.raises(SessionError, match="wrong_origin"):
            origin.check_session(click, _record())


def test_only_the_clickers_own_ephemeral_may_be_changed_and_only_allowed_ai_levels_added() -> None:
    origin.check_private_message(_click(private=True))
    with pytest.raises(SessionError, match="wrong_message"):
        origin.check_private_message(_click())
    origin.check_ai_level("easy", ["easy", "normal"])
    with pytest.raises(SessionError, match="ai_not_allowed"):
        origin.check_ai_level("strong", ["easy", "normal"])


def test_shown_names_escape_for_text_and_keep_the_raw_name_for_pictures() -> None:
    (name,) = names.shown_names(_record())
    assert name == "\\<\\@99\\> \\[x\\]\\(https\\://e.example\\)"
    assert names.raw(name) == "<@99> [x](https://e.example)" and names.raw("plain") == "plain"
    assert names.shown(name) is name  # escaping twice would show backslashes
    assert names.escape("a_b*c~d`e|f") == "a\\_b\\*c\\~d\\`e\\|f" and names.escape("ありす") == "ありす"
