"""What every picture writes, and how large it reads on a phone: a recorder of the text runs a picture draws.

Why: most players see a board on a phone, where Discord shows it about 320 px
wide, so a 14 px label on a 720 px picture reads as 6 px.  The recorder gives
every text run its font size, its ink box in picture pixels and the piece it
had to fit in, so a test (or ``bench.screens.phone_text``) can say how small the
smallest text reads and whether any text is cut, clipped or on top of another.

How: while :func:`record` runs a drawing function it

* follows :meth:`Canvas.text <bot.pictures.canvas.Canvas.text>` down to the one
  bitmap it pastes (the exact pixels, so anchors and rounding are the real ones),
* records any other ``ImageDraw.text`` call directly (a picture that bypasses
  the canvas is still measured),
* makes every kept piece a miss (``tiles.get``), so pieces are drawn now, and
  follows ``Image.paste`` so text drawn in a piece lands at the right place,
  with the piece's box as the panel it must stay inside,
* takes the picture's size from the image handed to ``encoding.encode``.

Only pictures drawn by the calling thread are recorded; one recording at a time.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageChops, ImageColor, ImageDraw

from bot import i18n
from bot.pictures import canvas as canvas_module
from bot.pictures import encoding, samples, tiles

PHONE = 320
"""How wide Discord shows a picture on a phone (px)."""

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Run:
    """One text drawn: ``text`` as drawn (after any "…"), ``asked`` as the picture asked for it."""

    text: str
    asked: str
    size: int
    box: Box  # ink box in picture pixels: x0, y0, x1, y1 (exclusive)
    panel: Box | None  # the piece it was drawn in (it must stay inside), None if drawn on the picture itself
    hidden: float = 0.0  # share of its solid glyph pixels not in its colour in the finished picture (drawn over)

    @property
    def cut(self) -> bool:
        """Shortened with "…" (or "...") to fit."""
        return self.text != self.asked and self.text.endswith(("…", "..."))


@dataclass
class Recording:
    """The runs of one picture and its size."""

    runs: list[Run] = field(default_factory=list)
    width: int = 0
    height: int = 0


def phone_px(run: Run, width: int) -> float:
    """``run``'s font size as a phone shows it: pictures wider than 320 px are shrunk to 320."""
    return run.size * min(1.0, PHONE / width)


# --------------------------------------------------------------------------- recording


@dataclass
class _Pending:
    text: str
    asked: str
    size: int
    box: Box
    panel: Box | None
    mask: Image.Image | None = None  # the glyphs' coverage over ``box``
    fill: tuple[int, int, int] | None = None


class _State(threading.local):
    def __init__(self) -> None:
        self.active = False
        self.depth = 0  # inside a hooked text call: its own ImageDraw.text is not a second run
        self.asked: str | None = None
        self.mask: tuple[Image.Image, str, int] | None = None
        self.fill: Any = None
        self.on: dict[int, list[_Pending]] = {}
        self.keep: list[Any] = []  # images runs were drawn on, kept alive so their ids stay theirs
        self.final: Image.Image | None = None


_state = _State()
_lock = threading.Lock()


def _add(image: Image.Image, run: _Pending) -> None:
    if id(image) not in _state.on:
        _state.keep.append(image)
    _state.on.setdefault(id(image), []).append(run)


def _ink(mask: Image.Image, x: int, y: int) -> Box | None:
    bbox = mask.getbbox()
    if bbox is None:
        return None
    return (x + bbox[0], y + bbox[1], x + bbox[2], y + bbox[3])


class _CoreProxy:
    """A canvas's Pillow core, seeing the one ``draw_bitmap`` of each :meth:`Canvas.text`."""

    def __init__(self, core: Any, image: Image.Image) -> None:
        self._core = core
        self._image = image

    def draw_bitmap(self, xy: tuple[int, int], bitmap: Any, ink: int) -> Any:
        if _state.active and _state.mask is not None:
            mask, text, size = _state.mask
            _state.mask = None
            box = _ink(mask, xy[0], xy[1])
            if box is not None:
                glyphs = mask.crop((box[0] - xy[0], box[1] - xy[1], box[2] - xy[0], box[3] - xy[1]))
                _add(self._image, _Pending(text, _state.asked or text, size, box, None, glyphs, _rgb(_state.fill)))
        return self._core.draw_bitmap(xy, bitmap, ink)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._core, name)


@contextlib.contextmanager
def _patched() -> Iterator[None]:
    Canvas = canvas_module.Canvas
    saved_init, saved_text, saved_mask = Canvas.__init__, Canvas.text, canvas_module._mask
    saved_get, saved_encode = tiles.get, encoding.encode
    saved_paste, saved_imagedraw_text = Image.Image.paste, ImageDraw.ImageDraw.text

    def init(self: Any, *args: Any, **kw: Any) -> None:
        saved_init(self, *args, **kw)
        self._core = _CoreProxy(self._core, self.image)

    def text(self: Any, xy: Any, text: str, size: int, *args: Any, **kw: Any) -> int:
        _state.depth += 1
        _state.asked = text
        _state.fill = args[0] if args else kw.get("fill")
        try:
            return saved_text(self, xy, text, size, *args, **kw)
        finally:
            _state.depth -= 1
            _state.asked = None
            _state.mask = None

    def mask(text: str, size: int, bold: bool) -> Any:
        got = saved_mask(text, size, bold)
        _state.mask = (got[0], text, size)
        return got

    def paste(self: Image.Image, im: Any, box: Any = None, mask: Any = None) -> None:
        saved_paste(self, im, box, mask)
        if not isinstance(im, Image.Image) or id(im) not in _state.on or self is im:
            return
        x, y = (0, 0) if box is None else (int(box[0]), int(box[1]))
        piece = (x, y, x + im.width, y + im.height)
        for run in _state.on[id(im)]:
            moved = (run.box[0] + x, run.box[1] + y, run.box[2] + x, run.box[3] + y)
            if run.panel is None:
                panel = piece
            else:
                inner = (run.panel[0] + x, run.panel[1] + y, run.panel[2] + x, run.panel[3] + y)
                panel = (max(inner[0], x), max(inner[1], y), min(inner[2], piece[2]), min(inner[3], piece[3]))
            _add(self, _Pending(run.text, run.asked, run.size, moved, panel, run.mask, run.fill))

    def imagedraw_text(self: Any, xy: Any, text: Any, fill: Any = None, font: Any = None, anchor: Any = None,
                       *args: Any, **kw: Any) -> Any:
        if _state.active and _state.depth == 0 and isinstance(text, str) and font is not None:
            left, top, right, bottom = self.textbbox(xy, text, font=font, anchor=anchor)
            size = int(getattr(font, "size", 0))
            _add(self._image, _Pending(text, text, size, (int(left), int(top), int(right), int(bottom)), None))
        return saved_imagedraw_text(self, xy, text, fill, font, anchor, *args, **kw)

    def encode(image: Image.Image, *args: Any, **kw: Any) -> bytes:
        _state.final = image
        return saved_encode(image, *args, **kw)

    Canvas.__init__, Canvas.text, canvas_module._mask = init, text, mask
    tiles.get = lambda *a, **k: None
    encoding.encode = encode
    Image.Image.paste = paste
    ImageDraw.ImageDraw.text = imagedraw_text
    try:
        yield
    finally:
        Canvas.__init__, Canvas.text, canvas_module._mask = saved_init, saved_text, saved_mask
        tiles.get, encoding.encode = saved_get, saved_encode
        Image.Image.paste, ImageDraw.ImageDraw.text = saved_paste, saved_imagedraw_text


def record(draw_fn: Callable[..., Any], *args: Any, **kw: Any) -> Recording:
    """Run ``draw_fn(*args, **kw)`` (a picture function returning PNG bytes) and record every text it draws."""
    with _lock, _patched():
        _state.active, _state.on, _state.keep, _state.final = True, {}, [], None
        try:
            data = draw_fn(*args, **kw)
            final = _state.final
            if final is None:  # drawn without the shared encoder: its size from the bytes
                final = Image.open(io.BytesIO(data))
            rgb = final.convert("RGB")
            runs = [Run(r.text, r.asked, r.size, r.box, r.panel, _hidden(rgb, r)) for r in _state.on.get(id(final), [])]
            return Recording(runs=runs, width=final.width, height=final.height)
        finally:
            _state.active, _state.on, _state.keep, _state.final = False, {}, [], None


def _rgb(fill: Any) -> tuple[int, int, int] | None:
    if isinstance(fill, str):
        return ImageColor.getrgb(fill)[:3]
    if isinstance(fill, tuple) and len(fill) >= 3:
        return (int(fill[0]), int(fill[1]), int(fill[2]))
    return None


def _hidden(image: Image.Image, run: _Pending) -> float:
    """The share of ``run``'s solid glyph pixels that no longer show its colour: something was drawn over it."""
    if run.mask is None or run.fill is None:
        return 0.0
    x0, y0 = max(0, run.box[0]), max(0, run.box[1])
    x1, y1 = min(image.width, run.box[2]), min(image.height, run.box[3])
    if x1 <= x0 or y1 <= y0:
        return 0.0
    dx, dy = x0 - run.box[0], y0 - run.box[1]
    solid = run.mask.crop((dx, dy, dx + x1 - x0, dy + y1 - y0)).point(lambda v: 255 if v >= 250 else 0)
    diff = ImageChops.difference(image.crop((x0, y0, x1, y1)), Image.new("RGB", solid.size, run.fill))
    red, green, blue = diff.split()
    off = ImageChops.lighter(ImageChops.lighter(red, green), blue).point(lambda v: 255 if v > 48 else 0)
    total = solid.histogram()[255]
    covered = ImageChops.multiply(solid, off).histogram()[255]
    return covered / total if total else 0.0


# --------------------------------------------------------------------------- what a picture does wrong


def smallest(recording: Recording) -> float:
    """The smallest on-phone size of any text in the picture (inf if it has none)."""
    return min((phone_px(run, recording.width) for run in recording.runs), default=float("inf"))


def _inside(box: Box, bounds: Box) -> bool:
    return box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2] and box[3] <= bounds[3]


def _overlap(a: Box, b: Box, slack: int) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > slack and min(a[3], b[3]) - max(a[1], b[1]) > slack


def problems(recording: Recording, names: list[str] | tuple[str, ...] = (), slack: int = 1) -> list[str]:
    """Every text that leaves the picture or its panel, overlaps another text, or is cut but is no player's name.

    ``slack``: pixels two ink boxes may share (anti-aliased edges of neighbouring glyph runs).
    A player's name may be shortened with "…" (32 characters never fit a seat label); nothing else may.
    """
    found: list[str] = []
    bounds = (0, 0, recording.width, recording.height)
    runs = recording.runs
    for run in runs:
        if not _inside(run.box, bounds):
            found.append(f"outside the picture: {run.text!r} at {run.box}")
        elif run.panel is not None and not _inside(run.box, run.panel):
            found.append(f"outside its panel {run.panel}: {run.text!r} at {run.box}")
        if run.hidden > 0.25:
            found.append(f"drawn over ({run.hidden:.0%} of its glyphs hidden): {run.text!r} at {run.box}")
        if run.cut and not any(name and (name in run.asked or run.asked in name) for name in names):
            found.append(f"cut: {run.asked!r} drawn as {run.text!r}")
    for i, a in enumerate(runs):
        for b in runs[i + 1 :]:
            if _overlap(a.box, b.box, slack):
                found.append(f"overlap: {a.text!r} at {a.box} and {b.text!r} at {b.box}")
    return found


# --------------------------------------------------------------------------- every picture of every game

GAMES = samples.GAMES
STAGES = (("early", 3), ("mid", 24), ("end", 5000))
SEEDS = (1, 2)


@dataclass(frozen=True)
class Case:
    """One picture to draw: ``draw()`` returns its PNG bytes; ``names`` are the seats' names it shows."""

    game: str
    seats: int
    locale: str
    kind: str  # "board" or "hand<seat>"
    stage: str
    seed: int
    names: tuple[str, ...]
    draw: Callable[[], bytes]

    @property
    def label(self) -> str:
        return f"{self.game} {self.seats}p {self.locale} {self.stage} s{self.seed} {self.kind}"


def seat_counts(game: str) -> tuple[int, ...]:
    return samples.SEATS.get(game, (4,))


def cases(games: tuple[str, ...] = GAMES, seeds: tuple[int, ...] = SEEDS) -> Iterator[Case]:
    """Every board and every hand of ``games``: each seat count, en and ja, three stages, 32-character names."""
    for game in games:
        i18n.register(importlib.import_module(f"cogs.{game}.strings").STRINGS)
        engine = samples.rules(game)
        pic = importlib.import_module(f"cogs.{game}.picture")
        for seats in seat_counts(game):
            names = tuple(samples.LONG_NAMES[:seats])
            for seed in seeds:
                for stage, moves in STAGES:
                    state = samples.play(game, seats, seed, moves)
                    for locale in ("en", "ja"):
                        tr = i18n.translator(locale)
                        board = engine.view(state, None)
                        yield Case(game, seats, locale, "board", stage, seed, names,
                                   lambda p=pic, v=board, t=tr, n=names: p.board(v, list(n), t))
                        if not hasattr(pic, "hand"):
                            continue
                        for seat in range(seats):
                            own = engine.view(state, seat)
                            yield Case(game, seats, locale, f"hand{seat}", stage, seed, names,
                                       lambda p=pic, v=own, s=seat, t=tr, n=names: p.hand(v, s, list(n), t))
