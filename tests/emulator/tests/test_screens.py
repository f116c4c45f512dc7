"""The screen renderer's HTML (no Chromium needed): what a player would see is on the page."""

from __future__ import annotations

from tests.emulator.clients.sample_bot import tiny_png
from tests.emulator.models import Attachment, Message
from tests.emulator.screens import page
from tests.emulator.screens.markdown import render, timestamp
from tests.emulator.state import components as v2rules

NOW = 1_700_000_000.0


def _att(aid: int, name: str) -> Attachment:
    data = tiny_png(3, 2)
    return Attachment(
        id=aid, filename=name, size=len(data), url=f"http://x/{aid}/{name}", content_type="image/png", data=data
    )


def _v2_message() -> Message:
    board, hidden = _att(11, "board.png"), _att(12, "secret-hand.png")
    comps = [
        {
            "type": 17,
            "accent_color": 0xE67E22,
            "components": [
                {
                    "type": 9,
                    "components": [{"type": 10, "content": "# Lobby\n**2** joined · <t:1700000300:R>\n- one\n- two"}],
                    "accessory": {"type": 2, "style": 3, "label": "Join", "custom_id": "j", "emoji": {"name": "🎲"}},
                },
                {"type": 14, "divider": True, "spacing": 2},
                {"type": 12, "items": [{"media": {"url": "attachment://board.png"}, "description": "the board"}]},
                {
                    "type": 1,
                    "components": [
                        {"type": 2, "style": 4, "label": "Leave", "custom_id": "l", "disabled": True},
                        {"type": 2, "style": 5, "label": "Rules", "url": "https://example.com"},
                    ],
                },
            ],
        }
    ]
    return Message(
        id=100,
        channel_id=1,
        guild_id=2,
        author_id=3,
        flags=1 << 15,
        components=v2rules.normalize(comps, [board, hidden], iter(range(1000, 2000)).__next__),
        attachments=[board, hidden],
    )


def test_v2_layout_is_drawn() -> None:
    html = page([_v2_message()], title="games", now=NOW)
    assert "border-left:4px solid #e67e22" in html  # container accent bar
    assert "<h1>Lobby</h1>" in html and "<strong>2</strong> joined" in html
    assert "in 5 minutes" in html  # <t:…:R> as the viewer reads it
    assert "<li>one</li><li>two</li>" in html
    assert 'class="btn success"' in html and "🎲" in html and "Join" in html
    assert 'class="btn danger disabled"' in html and "↗" in html  # disabled button, link arrow
    assert 'class="sep line large"' in html
    assert html.count("data:image/png;base64,") == 1  # the gallery image; the unreferenced upload is hidden
    assert "secret-hand" not in html


def test_embed_plain_message_ephemeral_and_escaping() -> None:
    att = _att(21, "pic.png")
    msg = Message(
        id=101,
        channel_id=1,
        guild_id=2,
        author_id=3,
        content="<script>alert(1)</script> hi *there*",
        flags=1 << 6,
        embeds=[
            {
                "title": "Board",
                "color": 0x3498DB,
                "description": "`code`",
                "fields": [{"name": "A", "value": "1", "inline": True}],
                "image": {"url": "attachment://pic.png"},
                "footer": {"text": "foot"},
            }
        ],
        attachments=[att],
    )
    html = page([msg], title="games", now=NOW)
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<em>there</em>" in html
    assert "border-left-color:#3498db" in html and "<code>code</code>" in html and "e-field inline" in html
    assert "data:image/png;base64," in html and "Only you can see this" in html


def test_markdown_blocks_and_timestamps() -> None:
    out = render("```\na<b\n```\n> quoted\n-# small\n## Head", now=NOW)
    assert "<pre>a&lt;b</pre>" in out and "<blockquote>quoted</blockquote>" in out
    assert '<div class="subtext">small</div>' in out and "<h2>Head</h2>" in out
    assert timestamp(int(NOW) - 7200, "R", NOW) == "2 hours ago"
    assert timestamp(int(NOW) + 60, "R", NOW) == "in 1 minute"


def test_consecutive_messages_of_one_author_are_grouped() -> None:
    msgs = [Message(id=i, channel_id=1, guild_id=2, author_id=3, content=f"line {i}") for i in (1, 2)]
    msgs.append(Message(id=3, channel_id=1, guild_id=2, author_id=4, content="other"))
    html = page(msgs, title="games", now=NOW)
    assert html.count('class="avatar"') == 2 and html.count("msg grouped") == 1
