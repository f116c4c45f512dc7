"""What lobbies, boards and private views say and which buttons they carry (laid out by :mod:`bot.frontend.ui.screens`).

Game-agnostic: the words come from the game's ``render`` module, the
pictures from its ``picture`` module (through :class:`bot.core.games.Game`),
the layout from :mod:`bot.frontend.ui.screens`.  Payloads are plain ``dict`` kwargs
for ``edit`` (``content``/``embed`` None clear what an older embed message
showed; ``attachments`` replace the message's files); :func:`for_send` turns
one into kwargs for a new message.  Every screen is Components V2.
"""

from __future__ import annotations

import enum
import hashlib
import io
from typing import Any

import discord

from bot import i18n
from bot.core import ai
from bot.core import pace_words as slow_words
from bot.core import settings as server_settings
from bot.core.names import shown, shown_names
from bot.core.ratings import Skill
from bot.core.slow import pace
from bot.core.store import CHANNEL_GONE, TUTORIAL, SessionRecord
from bot.frontend.drawing import picture_jobs
from bot.frontend.ui import cycles, hint_text, layout, legend, ratings, screens, seat_status
from bot.frontend.ui.components import (
    ActButton,
    AiLevelButton,
    DetailsButton,
    HandButton,
    LobbyButton,
    PlayRealButton,
    RematchButton,
    Static,
)
from bot.frontend.ui.screens import BOARD_IMAGE, HAND_IMAGE, BoardData
from bot.frontend.ui.seat_status import asked_own_move
from bot.gamefacts import Game
from bot.gameui import Board
from bot.gameui import clip as _clip
from bot.i18n import Tr
from bot.i18n.words import and_list

COLOUR = discord.Colour(0x3B7DD8)  # the platform's own colour (rules, notices); each game has its accent
MAX_BUTTONS = 25
SUMMARY_FALLBACK_LINES = 3
_STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def game_name(spec: Game, tr: Tr) -> str:
    """The game's name in ``tr``'s language, from its own catalogue: the platform spells no game's name."""
    return tr(f"{spec.id}.name")


def _screen(view: discord.ui.LayoutView, files: list[discord.File] | None = None) -> dict[str, Any]:
    """A V2 payload; ``content``/``embed`` None so an edit also converts a message sent before V2."""
    return {"content": None, "embed": None, "view": view, "attachments": files or []}


def for_send(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` as kwargs for a new message (``send``/``send_message``): files, nothing left as None."""
    out = {k: v for k, v in payload.items() if k != "attachments" and v is not None}
    if payload.get("attachments"):
        out["files"] = payload["attachments"]
    return out


# -- lobby ------------------------------------------------------------------------------------------------------


def lobby(record: SessionRecord, spec: Game, tr: Tr, skills: list[Skill] | None = None) -> dict[str, Any]:
    """The lobby; ``skills``: each seat's rating (:func:`bot.frontend.ui.ratings.seat_skills`), shown beside it."""
    name = game_name(spec, tr)
    host = next((shown(s.name) for s in record.seats if s.user_id == record.host_id), "?")
    labels = []
    for s in record.seats:
        seat_name = shown(s.name)
        level = tr("ai." + (s.ai_level or "normal"))
        labels.append(seat_name if not s.is_ai else tr("lobby.ai_seat", name=seat_name, level=level))
    chances = ""
    if skills is not None and len(skills) == len(labels):  # once the seats can start: each one's chance to win
        can_start = len(record.seats) >= spec.min_seats
        labels, chances = ratings.lobby_lines(labels, skills, tr, chances=can_start)
    lines = [f"{i + 1}. {label}" for i, label in enumerate(labels)] + ([chances] if chances else [])
    need = "lobby.need_exact" if spec.min_seats == spec.max_seats else "lobby.need"
    changed = [  # in words, as the settings show them: players read these, not the identifiers
        tr(
            "words.option_line",
            label=server_settings.option_label(spec, o.name, tr),
            value=server_settings.value_label(spec, o, record.options[o.name], tr),
        )
        for o in spec.options
        if record.options.get(o.name, o.default) != o.default
    ]
    full = len(record.seats) >= spec.max_seats
    buttons = [
        LobbyButton(record.id, "join", tr("lobby.join"), discord.ButtonStyle.success, disabled=full),
        LobbyButton(record.id, "leave", tr("lobby.leave")),
        LobbyButton(record.id, "ai", tr("lobby.add_ai"), disabled=full),
        LobbyButton(record.id, "start", tr("lobby.start"), discord.ButtonStyle.primary),
        LobbyButton(record.id, "cancel", tr("lobby.cancel"), discord.ButtonStyle.danger),
    ]
    buttons.append(LobbyButton(record.id, "pace", tr("pace.button", pace=slow_words.label(tr, record))))  # cycles
    view = screens.lobby_screen(
        layout.accent(spec.accent, "active"),
        tr("lobby.title", game=name),
        tr("words.dot").join([tr("lobby.host", name=host), slow_words.pace_line(tr, record)]),
        tr("lobby.players", count=len(record.seats), max=spec.max_seats),
        lines,
        tr("lobby.options"),
        [f"• {line}" for line in changed],
        tr(need, min=spec.min_seats, max=spec.max_seats),
        buttons,
    )
    return _screen(view)


def lobby_closed(spec: Game, tr: Tr) -> dict[str, Any]:
    """What a cancelled lobby's message turns into: one greyed line, no buttons."""
    return _screen(layout.card(layout.accent(spec.accent, "over"), [layout.text(tr("lobby.cancelled"))]))


def failure(text: str) -> dict[str, Any]:
    """A public answer that failed, as one line in a V2 card (no buttons, no picture).

    V2, because the message it replaces may already be V2 (a lobby shown
    just before the failure) and Discord never lets a V2 message take plain
    ``content`` again; a "thinking…" message takes either.
    """
    return _screen(layout.card(COLOUR.value, [layout.text(text)]))


def board_moved(spec: Game, tr: Tr, link: str) -> dict[str, Any]:
    """What a board posted again (``/game status``) leaves behind: one greyed line pointing down, no buttons."""
    return _screen(layout.card(layout.accent(spec.accent, "over"), [layout.text(tr("board.moved", link=link))]))


def ai_levels(record: SessionRecord, tr: Tr, levels: list[str] | None = None) -> dict[str, Any]:
    """The "which AI?" buttons: every level, or only those the server allows."""
    view = Static()
    for level in ai.LEVELS if levels is None else levels:
        view.add_item(AiLevelButton(record.id, level, tr(f"ai.{level}")))
    return {"content": tr("lobby.pick_ai"), "view": view}


# -- controls ---------------------------------------------------------------------------------------------------


def controls(
    record: SessionRecord,
    spec: Game,
    seat: int,
    legal: list[dict[str, Any]],
    pv: int,
    tr: Tr,
    seat_view: Any = None,
) -> list[layout.Part]:
    """Rows of buttons, one per legal action of ``seat``, laid out by the game's row hints when they fit.

    ``seat_view``: the seat's view, if the caller has it (its buttons' labels are worded from it).
    """
    if not legal:
        return []
    names = record.names()
    if seat_view is None:
        seat_view = spec.rules.view(record.state, seat)
    buttons: list[discord.ui.Item[Any]] = []
    hints: list[int | None] = []
    for idx, action in enumerate(legal[:MAX_BUTTONS]):
        c = spec.render.control(action, seat_view, seat, names, tr)
        style = _STYLES.get(c.style, discord.ButtonStyle.secondary)
        buttons.append(ActButton(record.id, pv, idx, _clip(c.label, 80), style, c.emoji))
        hints.append(c.row if c.row is not None and 0 <= c.row <= 4 else None)
    return layout.rows(buttons, hints)


# -- board ------------------------------------------------------------------------------------------------------


def waiting_line(record: SessionRecord, spec: Game, tr: Tr) -> str:
    """Whom the table waits for and until when, said by the platform so every game's board says it alike."""
    if record.status != "active" or record.state is None:
        return tr("board.over")
    to_act = spec.rules.to_act(record.state)
    names = shown_names(record)  # an AI standing in for a player is marked here as on the board (record.names)
    ais = [names[s] for s in to_act if record.seats[s].is_ai]
    humans = [names[s] for s in to_act if not record.seats[s].is_ai]
    parts = []
    sep = tr("list.sep")  # "、" in Japanese: a half-width comma reads as foreign there
    if humans:
        parts.append(tr("board.waiting", names=sep.join(humans)))
        if record.deadline:
            parts.append(tr("board.deadline", ts=int(record.deadline)))
    if ais:  # "AI 1 is thinking…", "AI 1 and AI 2 are thinking…"
        parts.append(i18n.counted(tr, "words.thinking", len(ais), names=and_list(ais, tr)))
    return tr("words.dot").join(parts + slow_words.board_parts(tr, record))


def summary_lines(rendered: Board, *, unfinished: bool = False) -> list[str]:
    """The game's short lines, or the first lines of its long text for a game that gives none.

    ``unfinished`` (reset, expired): only the log lines (``-# …``); the game's own status line ("alice
    chooses the suit…") would read as if the game went on, above the line that says it ended.
    """
    lines = rendered.summary or [ln for ln in rendered.description.splitlines() if ln.strip()][:SUMMARY_FALLBACK_LINES]
    if unfinished:
        lines = [line for line in lines if line.startswith("-# ")]
    out: list[str] = []
    for line in lines:  # a log line repeating the result ("🏆 alice wins!") says nothing new
        if line.removeprefix("-# ").strip() not in {o.removeprefix("-# ").strip() for o in out}:
            out.append(line)
    return out


class Picture(enum.Enum):
    """A marker for the ``picture`` argument, distinct from "no picture" (None) and from the bytes themselves."""

    DRAW = "draw"
    """No picture handed in: keep or draw it here, on the caller's thread (the presenter hands in its pool's)."""


def board_picture(record: SessionRecord, spec: Game, tr: Tr, view: Any, rendered: Board) -> bytes | None:
    """The board picture, drawn again only when what it shows changed: ``view`` must be the spectator view."""
    job = picture_jobs.board_job(record, spec, tr, view)
    return rendered.image_png if job is None else picture_jobs.draw_here(job)  # no job: the render's own, if any


def board(
    record: SessionRecord,
    spec: Game,
    tr: Tr,
    *,
    interactive: bool = True,
    picture: bytes | Picture | None = Picture.DRAW,
    view: Any = None,
    status: list[str] | None = None,
) -> dict[str, Any]:
    """The channel board: spectator view only, so nothing hidden can reach the channel.

    Short: the picture, a few lines and whose turn; the long text is behind
    "Details".  ``interactive=False`` (a spectator's private copy) leaves the
    move, hand and rematch buttons out.  ``picture``: the board picture
    already drawn from :func:`bot.frontend.drawing.picture_jobs.board_job` (by the pool).  ``view``: the spectator
    view of ``record.state`` if the caller has it already (it is computed otherwise).  ``status``: lines in
    place of whose turn it is (a spectator's snapshot says it is one).
    """
    assert record.state is not None
    names = shown_names(record)  # for the words; the picture draws the raw names
    public = spec.rules.view(record.state, None) if view is None else view
    rendered = spec.render.board(public, names, tr)
    png = board_picture(record, spec, tr, public, rendered) if picture is Picture.DRAW else picture
    active = record.status == "active"
    status = [waiting_line(record, spec, tr)] if status is None else status
    moves: list[layout.Part] = []
    footer: list[discord.ui.Item[Any]] = []
    if active and interactive:
        if spec.public_controls:
            for seat in spec.rules.to_act(record.state):
                # an AFK player's seat (AI standing in) keeps its buttons: a click takes it back
                if record.seats[seat].user_id is not None:
                    legal = spec.rules.legal(record.state, seat)
                    pv = int(record.prompts.get(str(seat), [0])[0])
                    moves += controls(record, spec, seat, legal, pv, tr)
            if moves and rendered.hint:  # how to read the buttons, for the human who has them
                status.append(f"-# {rendered.hint}")
            footer += hint_text.board_buttons(record, spec, tr)
        else:
            status.append(f"-# {tr('board.check_dm')}")
            footer.append(HandButton(record.id, tr("board.my_hand")))
    elif record.status == "finished" and interactive:  # a tutorial leads to a real game, a game to a rematch
        footer.append(PlayRealButton(record.game, tr("learn.play_real")) if record.options.get(TUTORIAL)
                      else RematchButton(record.id, tr("board.rematch")))
    data = BoardData(
        title=_clip(rendered.title, 200),
        lines=summary_lines(rendered, unfinished=record.status == "abandoned"),
        status=status,
        colour=layout.accent(spec.accent, "active" if active else "over"),
        details=DetailsButton(record.id, tr("board.details")),
        picture_alt=tr("board.picture_alt", game=game_name(spec, tr)),
        has_picture=png is not None,
        no_picture_line=tr("board.no_picture"),
        moves=moves,
        footer_buttons=footer,
    )
    files = [cycles.File(io.BytesIO(png), filename=BOARD_IMAGE)] if png else []
    payload = _screen(screens.board_screen(data), files)
    payload["view"].text_only = lambda: screens.board_screen(data, picture=False)
    return payload


def without_picture(payload: dict[str, Any], tr: Tr) -> dict[str, Any]:
    """``payload`` with its picture taken out and a line saying why: for a channel where the bot may not attach files.

    The short lines and "Details" carry the game in text as well, so players
    can go on; ``attachments=[]`` also removes a picture an earlier edit left
    on the message.
    """
    text_only = getattr(payload.get("view"), "text_only", None)
    view = text_only() if text_only is not None else payload.get("view")
    return {**payload, "view": view, "attachments": []}


def details(record: SessionRecord, spec: Game, tr: Tr) -> dict[str, Any]:
    """The long board text the short board leaves out: log and per-player detail, from the spectator view."""
    assert record.state is not None
    rendered = spec.render.board(spec.rules.view(record.state, None), shown_names(record), tr)
    footer = tr("words.dot").join(filter(None, [rendered.footer, tr("board.details_public")]))
    view = screens.details_screen(
        layout.accent(spec.accent, "active" if record.status == "active" else "over"),
        tr("board.details_title", game=_clip(rendered.title, 200)),
        rendered.description,
        rendered.fields,
        footer,
        legend.legend_text(spec, tr),
    )
    return _screen(view)


_ENDED_BECAUSE = {CHANNEL_GONE: "dm.channel_gone", "reset": "dm.reset", "expired": "result.expired"}
"""What an unfinished game's last DM says, by its end reason."""


def private(
    record: SessionRecord,
    spec: Game,
    seat: int,
    tr: Tr,
    channel_name: str | None,
    recent: list[str] | None = None,
    *,
    picture: bytes | Picture | None = Picture.DRAW,
    view: Any = None,
    tips: list[str] | None = None,
) -> dict[str, Any]:
    """A player's own message: their view of the game (words and their hand's picture) and their choices.

    ``picture``: the hand picture already drawn from :func:`bot.frontend.drawing.picture_jobs.hand_job` (by the pool).
    ``view``: ``seat``'s view of ``record.state`` if the caller has it already (computed otherwise).
    """
    assert record.state is not None
    names = shown_names(record)
    seat_view = spec.rules.view(record.state, seat) if view is None else view
    # A game ended unfinished (reset, expired, its channel gone): the game's own words and hand picture would
    # read as if it went on ("Waiting for bob.", a turn marker), so the DM says only that it ended, and why.
    unfinished = record.status == "abandoned"
    text = "" if unfinished else spec.render.private(seat_view, seat, names, tr)
    legal = spec.rules.legal(record.state, seat) if record.status == "active" else []
    state = "over"
    if record.status == "active":
        if seat in spec.rules.to_act(record.state):
            state, status = "turn", tr("dm.your_turn" if asked_own_move(spec, record, seat) else "dm.your_choice")
            if record.deadline:
                status += " " + tr("board.deadline", ts=int(record.deadline))
        else:  # buttons without being waited for: an optional change (Promotion's re-pick)
            state, status = "wait", tr("dm.may_change") if legal else tr("dm.wait")
            if pace.is_slow(record.pace):  # others' public moves reach this DM by a catch-up (presenting/slow)
                text = f"{text}\n{tr('dm.slow_wait')}" if text else tr("dm.slow_wait")
        status = seat_status.stood_in(record.seats[seat], tr) or status  # the AI plays it: say so
    else:
        status = tr(_ENDED_BECAUSE.get(record.end_reason or "", "board.over") if unfinished else "board.over")
    if picture is Picture.DRAW:
        job = picture_jobs.hand_job(record, spec, tr, seat, seat_view)
        picture = None if job is None else picture_jobs.draw_here(job)
    png = picture
    pv = int(record.prompts.get(str(seat), [0])[0])
    view = screens.private_screen(
        layout.accent(spec.accent, state),
        tr("dm.title", game=game_name(spec, tr), channel=channel_name) if channel_name else game_name(spec, tr),
        status,
        text,
        tr("dm.recent"),
        recent or [],
        [*controls(record, spec, seat, legal, pv, tr, seat_view), *hint_text.button_row(record, seat, legal, tr)],
        hand_alt=tr("dm.hand_alt") if png else None, tips=tips,  # tips: a tutorial's lines (tutorial_lines)
    )
    return _screen(view, [cycles.File(io.BytesIO(png), filename=HAND_IMAGE)] if png else [])


def translator_for(record: SessionRecord) -> Tr:
    """The session's channel language (``record.locale``), for what everyone there reads; never a clicker's."""
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
