"""Build message payloads (embed, components, image) for lobbies, boards and private views.

Game-agnostic: the words come from the game's ``render`` module, the layout
from here.  Payloads are plain ``dict`` kwargs for ``send``/``edit``.
"""

from __future__ import annotations

import hashlib
import io
from typing import Any

import discord

from bot import ai, guildconf, i18n
from bot.games import GameSpec
from bot.gameui import Board, Control
from bot.i18n import Tr
from bot.names import shown, shown_names
from bot.store import SessionRecord
from bot.ui.components import ActButton, AiLevelButton, HandButton, LobbyButton, RematchButton, Static

COLOUR = discord.Colour(0x3B7DD8)
BOARD_IMAGE = "board.png"
MAX_BUTTONS = 25
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def game_name(spec: GameSpec, tr: Tr) -> str:
    return tr(f"{spec.id}.name")


# -- lobby ------------------------------------------------------------------------------------------------------


def lobby(record: SessionRecord, spec: GameSpec, tr: Tr) -> dict[str, Any]:
    name = game_name(spec, tr)
    embed = discord.Embed(title=tr("lobby.title", game=name), colour=COLOUR)
    host = next((shown(s.name) for s in record.seats if s.user_id == record.host_id), "?")
    embed.description = tr("lobby.host", name=host)
    lines = []
    for s in record.seats:
        name = shown(s.name)
        label = name if not s.is_ai else tr("lobby.ai_seat", name=name, level=tr("ai." + (s.ai_level or "normal")))
        lines.append(f"{s.seat + 1}. {label}")
    embed.add_field(
        name=tr("lobby.players", count=len(record.seats), max=spec.max_seats),
        value="\n".join(lines) or "—",
        inline=False,
    )
    need = "lobby.need_exact" if spec.min_seats == spec.max_seats else "lobby.need"
    embed.set_footer(text=tr(need, min=spec.min_seats, max=spec.max_seats))
    changed = [  # in words, as the settings show them: players read these, not the identifiers
        f"{guildconf.option_label(spec, o.name, tr)}: {guildconf.value_label(spec, o, record.options[o.name], tr)}"
        for o in spec.options
        if record.options.get(o.name, o.default) != o.default
    ]
    if changed:
        embed.add_field(name=tr("lobby.options"), value=_clip("\n".join(changed), 1024), inline=False)
    view = Static()
    full = len(record.seats) >= spec.max_seats
    view.add_item(LobbyButton(record.id, "join", tr("lobby.join"), discord.ButtonStyle.success, disabled=full))
    view.add_item(LobbyButton(record.id, "leave", tr("lobby.leave")))
    view.add_item(LobbyButton(record.id, "ai", tr("lobby.add_ai"), disabled=full))
    view.add_item(LobbyButton(record.id, "start", tr("lobby.start"), discord.ButtonStyle.primary))
    view.add_item(LobbyButton(record.id, "cancel", tr("lobby.cancel"), discord.ButtonStyle.danger))
    return {"content": None, "embed": embed, "view": view}


def ai_levels(record: SessionRecord, tr: Tr, levels: list[str] | None = None) -> dict[str, Any]:
    """The "which AI?" buttons: every level, or only those the server allows."""
    view = Static()
    for level in ai.LEVELS if levels is None else levels:
        view.add_item(AiLevelButton(record.id, level, tr(f"ai.{level}")))
    return {"content": tr("lobby.pick_ai"), "view": view}


# -- controls ---------------------------------------------------------------------------------------------------


def controls(
    record: SessionRecord,
    spec: GameSpec,
    seat: int,
    legal: list[dict[str, Any]],
    pv: int,
    tr: Tr,
    view: Static | None = None,
) -> Static:
    """One button per legal action of ``seat``, laid out by the game's row hints when they fit."""
    view = view or Static()
    if not legal:
        return view
    names = record.names()
    seat_view = spec.rules.view(record.state, seat)
    made: list[tuple[Control, int]] = []
    for idx, action in enumerate(legal[:MAX_BUTTONS]):
        made.append((spec.render.control(action, seat_view, seat, names, tr), idx))
    rows: dict[int, int] = {}
    use_rows = all(c.row is not None for c, _ in made)
    if use_rows:
        for c, _ in made:
            rows[c.row] = rows.get(c.row, 0) + 1  # type: ignore[index]
        use_rows = all(0 <= r <= 4 and n <= 5 for r, n in rows.items())
    for c, idx in made:
        view.add_item(
            ActButton(
                record.id,
                pv,
                idx,
                _clip(c.label, 80),
                _STYLES.get(c.style, discord.ButtonStyle.secondary),
                c.emoji,
                c.row if use_rows else None,
            )
        )
    return view


# -- board ------------------------------------------------------------------------------------------------------


def _embed_from(board: Board, colour: discord.Colour = COLOUR) -> discord.Embed:
    embed = discord.Embed(
        title=_clip(board.title, 256), description=_clip(board.description, 4000) or None, colour=colour
    )
    for name, value in board.fields[:20]:
        embed.add_field(name=_clip(name, 256) or "\u200b", value=_clip(value, 1024) or "—", inline=False)
    if board.footer:
        embed.set_footer(text=_clip(board.footer, 2048))
    return embed


def waiting_line(record: SessionRecord, spec: GameSpec, tr: Tr) -> str:
    if record.status != "active" or record.state is None:
        return tr("board.over")
    to_act = spec.rules.to_act(record.state)
    ais = [shown(record.seats[s].name) for s in to_act if record.seats[s].is_ai]
    humans = [shown(record.seats[s].name) for s in to_act if not record.seats[s].is_ai]
    parts = []
    sep = tr("list.sep")  # "、" in Japanese: a half-width comma reads as foreign there
    if humans:
        parts.append(tr("board.waiting", names=sep.join(humans)))
        if record.deadline:
            parts.append(tr("board.deadline", ts=int(record.deadline)))
    if ais:
        parts.append(tr("board.thinking", name=sep.join(ais)))
    return " ".join(parts)


def board(record: SessionRecord, spec: GameSpec, tr: Tr) -> dict[str, Any]:
    """The channel board: spectator view only, so nothing hidden can reach the channel."""
    assert record.state is not None
    names = shown_names(record)
    rendered = spec.render.board(spec.rules.view(record.state, None), names, tr)
    embed = _embed_from(rendered)
    status = waiting_line(record, spec, tr)
    if not spec.public_controls and record.status == "active":
        status += "\n" + tr("board.check_dm")
    embed.add_field(name="\u200b", value=_clip(status, 1024), inline=False)
    view = Static()
    if record.status == "active":
        if spec.public_controls:
            for seat in spec.rules.to_act(record.state):
                # an AFK player's seat (AI standing in) keeps its buttons: a click takes it back
                if record.seats[seat].user_id is not None:
                    legal = spec.rules.legal(record.state, seat)
                    pv = int(record.prompts.get(str(seat), [0])[0])
                    controls(record, spec, seat, legal, pv, tr, view)
        else:
            view.add_item(HandButton(record.id, tr("board.my_hand")))
    elif record.status == "finished":
        view.add_item(RematchButton(record.id, tr("board.rematch")))
    payload: dict[str, Any] = {"content": None, "embed": embed, "view": view}
    if rendered.image_png:
        embed.set_image(url=f"attachment://{BOARD_IMAGE}")
        payload["attachments"] = [discord.File(io.BytesIO(rendered.image_png), filename=BOARD_IMAGE)]
    else:
        payload["attachments"] = []
    return payload


def without_picture(payload: dict[str, Any], tr: Tr) -> dict[str, Any]:
    """``payload`` with its picture taken out and a line saying why: for a channel where the bot may not attach files.

    The board's fields carry the game in text as well, so players can go on;
    ``attachments=[]`` also removes a picture an earlier edit left on the message.
    """
    embed = payload["embed"].copy()
    embed.set_image(url=None)
    embed.description = "\n".join(filter(None, [embed.description, tr("board.no_picture")]))
    return {**payload, "embed": embed, "attachments": []}


def private(
    record: SessionRecord, spec: GameSpec, seat: int, tr: Tr, channel_name: str, recent: list[str] | None = None
) -> dict[str, Any]:
    """A player's own message: their view of the game and buttons for their choices."""
    assert record.state is not None
    names = shown_names(record)
    seat_view = spec.rules.view(record.state, seat)
    text = spec.render.private(seat_view, seat, names, tr)
    legal = spec.rules.legal(record.state, seat) if record.status == "active" else []
    embed = discord.Embed(
        title=tr("dm.title", game=game_name(spec, tr), channel=channel_name),
        description=_clip(text, 3500),
        colour=COLOUR,
    )
    if recent:
        embed.add_field(name=tr("dm.recent"), value=_clip("\n".join(f"• {r}" for r in recent), 1024), inline=False)
    if record.status == "active":
        if seat in spec.rules.to_act(record.state):
            embed.set_footer(text=tr("dm.your_turn"))
            if record.deadline:  # a footer cannot show a Discord timestamp: the deadline goes in the text
                embed.description = _clip(text, 3400) + "\n\n" + tr("dm.deadline", ts=int(record.deadline))
        else:  # buttons without being waited for: an optional change (Promotion's re-pick)
            embed.set_footer(text=tr("dm.may_change") if legal else tr("dm.wait"))
    else:
        embed.set_footer(text=tr("board.over"))
    pv = int(record.prompts.get(str(seat), [0])[0])
    return {"content": None, "embed": embed, "view": controls(record, spec, seat, legal, pv, tr)}


def result_text(record: SessionRecord, spec: GameSpec, tr: Tr, result: Any) -> str:
    """The closing line posted to the channel when a session ends."""
    names = shown_names(record)
    if result is None:
        if record.end_reason == "expired":
            return tr("result.expired")
        if record.end_reason == "reset":
            return tr("result.abandoned")
        return tr("lobby.cancelled") if record.status == "cancelled" else tr("result.abandoned")
    lines = []
    if record.end_reason == "forfeit" and record.ended_by is not None:
        leaver = next((shown(s.name) for s in record.seats if s.user_id == record.ended_by), "?")
        lines.append(tr("result.forfeit", name=leaver))
    if result.winners:
        lines.append(tr("result.winner", names=", ".join(names[w] for w in result.winners)))
    else:
        lines.append(tr("result.draw"))
    if _has_points(result):
        # winners first, then the others in seat order: "bob 8 pts · alice 0 pts" cannot be read backwards
        order = [*result.winners, *(s for s in range(len(result.scores)) if s not in result.winners)]
        lines.append(tr("result.scores", scores=" · ".join(_points(names[s], result.scores[s], tr) for s in order)))
    return f"**{game_name(spec, tr)}** — " + "\n".join(lines)


def _has_points(result: Any) -> bool:
    """Whether the result's scores say more than who won.

    A game without points reports 0s, or (GETGEM) 1 for each winner and 0
    otherwise: a "Scores" row would only repeat the winner line, as points.
    """
    scores = list(result.scores)
    if not any(scores):
        return False
    return scores != [1.0 if seat in result.winners else 0.0 for seat in range(len(scores))]


def _points(name: str, points: float, tr: Tr) -> str:
    return tr("result.points.one" if points == 1 else "result.points.other", name=name, points=f"{points:g}")


def translator_for(record: SessionRecord) -> Tr:
    return i18n.translator(record.locale)


def digest(payload: dict[str, Any]) -> str:
    """A fingerprint of what a message would show, to skip edits that change nothing.

    Discord rate-limits message edits per channel; a hidden move that leaves the
    public board as it was should cost no request.
    """
    parts = [repr(payload.get("content"))]
    embed = payload.get("embed")
    if embed is not None:
        parts.append(repr(embed.to_dict()))
    view = payload.get("view")
    if view is not None:
        parts.append(repr(view.to_components()))
    for file in payload.get("attachments") or ():
        fp = getattr(file, "fp", None)
        parts.append(hashlib.blake2b(fp.getvalue() if isinstance(fp, io.BytesIO) else b"?").hexdigest())
    return hashlib.blake2b("|".join(parts).encode(), digest_size=12).hexdigest()
