"""A small drawing surface: cached text, rounded panels and cards, PNG bytes out.

Why text goes through cached masks: a picture draws the same card names and
player names again and again (every board, every move), and FreeType
rasterising a CJK string costs far more than pasting a cached mask.  That
keeps a whole board inside its drawing budget (docs/performance.md).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Hashable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import encoding, tiles
from .fonts import font, printable
from .palette import RGB, mix

ELLIPSIS = "…"


def _mask(text: str, size: int, bold: bool) -> tuple[Image.Image, int]:
    """``text`` rasterised once as an 8-bit mask, with the ascent above its baseline.

    Kept on the text shelf of :mod:`bot.pictures.tiles` (bounded in bytes, not in count: a
    popular bot draws thousands of players' names, each needed again on their next board).
    """
    key = (text, size, bold)
    mask = tiles.get(key, "text")
    if mask is None:
        face = font(size, bold)
        ascent, descent = face.getmetrics()
        mask = Image.new("L", (max(1, int(face.getlength(text)) + 2), ascent + descent))
        ImageDraw.Draw(mask).text((0, 0), text, font=face, fill=255)
        tiles.put(key, mask, "text")
    return mask, _ascent(size, bold)


@lru_cache(maxsize=64)
def _ascent(size: int, bold: bool) -> int:
    return int(font(size, bold).getmetrics()[0])


@lru_cache(maxsize=16384)
def width(text: str, size: int, bold: bool = False) -> int:
    """How many pixels ``text`` takes at ``size``."""
    return int(font(size, bold).getlength(text))


@lru_cache(maxsize=16384)
def fit(text: str, size: int, bold: bool, max_width: int) -> str:
    """``text`` cut to ``max_width`` pixels, ending in … when cut (binary search on the prefix).

    Characters the font cannot draw are dropped first (an emoji would be a box).
    """
    text = printable(text)
    face = font(size, bold)
    if face.getlength(text) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if face.getlength(text[:mid].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


# Baseline offsets (fractions of the size) that put Latin capitals and kanji where
# an anchor says: "t" = top of a capital, "m" = visual middle, "b" = bottom of a kanji.
_BASELINE = {"t": 0.88, "m": 0.37, "s": 0.0, "b": -0.12}


class Canvas:
    """An RGB image plus the few primitives every game picture needs."""

    def __init__(self, width: int, height: int, background: RGB) -> None:
        self.image = Image.new("RGB", (width, height), background)
        self.draw = ImageDraw.Draw(self.image)
        # Pillow's drawing core, called directly on the hot paths (panels, cards, text): ImageDraw's
        # Python layer (ink lookup, image loading) cost more than the pixels of a small shape.
        self._core: Any = self.draw.draw
        self._inks: dict[RGB, int] = {}
        self.width = width
        self.height = height
        self.background = background

    # ------------------------------------------------------------------ text

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB,
        *,
        bold: bool = False,
        anchor: str = "lm",
        max_width: int | None = None,
    ) -> int:
        """Draw ``text`` anchored like Pillow's anchors ("l"/"m"/"r" then "t"/"m"/"s"/"b"); returns its width.

        With ``max_width`` the text is cut with … to fit.
        """
        text = printable(text) if max_width is None else fit(text, size, bold, max(8, int(max_width)))
        if not text:
            return 0
        mask, ascent = _mask(text, size, bold)
        w = mask.width - 2
        x, y = xy
        if anchor[0] == "m":
            x -= w / 2
        elif anchor[0] == "r":
            x -= w
        baseline = y + size * _BASELINE[anchor[1]]
        self._core.draw_bitmap((round(x), round(baseline - ascent)), _core_of(mask), self._ink(fill))
        return w

    # ------------------------------------------------------------------ shapes

    def panel(
        self,
        box: tuple[float, float, float, float],
        fill: RGB,
        radius: int = 12,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        """A rounded rectangle with anti-aliased corners (and an optional outline ``width`` pixels thick)."""
        self.rounded(box, radius, fill, outline, width)

    def rounded(
        self,
        box: tuple[float, float, float, float],
        radius: float,
        fill: RGB | None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        """Pillow's ``rounded_rectangle`` with smooth corners.

        Straight parts are plain rectangles; each corner is a quarter circle
        from a small cached 4x-supersampled mask, so any size costs the same
        few pastes and the caches stay tiny (keyed by radius, not by size).
        """
        x0, y0, x1, y1 = round(box[0]), round(box[1]), round(box[2]), round(box[3])
        w, h = x1 - x0 + 1, y1 - y0 + 1
        if w < 1 or h < 1:
            return
        r = max(0, min(round(radius), w // 2, h // 2))
        core = self._core
        corners = ((x0, y0), (x1 - r + 1, y0), (x0, y1 - r + 1), (x1 - r + 1, y1 - r + 1))
        if fill is not None:
            ink = self._ink(fill)
            _rect(core, (x0 + r, y0, x1 - r, y1), ink)
            if r:
                _rect(core, (x0, y0 + r, x0 + r - 1, y1 - r), ink)
                _rect(core, (x1 - r + 1, y0 + r, x1, y1 - r), ink)
                for xy, mask in zip(corners, _corner_cores(r, 0), strict=True):
                    core.draw_bitmap(xy, mask, ink)
        if outline is not None and width > 0:
            ink = self._ink(outline)
            wd = min(width, r) if r else width
            _rect(core, (x0 + r, y0, x1 - r, y0 + width - 1), ink)
            _rect(core, (x0 + r, y1 - width + 1, x1 - r, y1), ink)
            _rect(core, (x0, y0 + r, x0 + width - 1, y1 - r), ink)
            _rect(core, (x1 - width + 1, y0 + r, x1, y1 - r), ink)
            if r:
                for xy, mask in zip(corners, _corner_cores(r, wd), strict=True):
                    core.draw_bitmap(xy, mask, ink)

    def _ink(self, colour: RGB) -> int:
        """Pillow's packed ink for ``colour`` on this image, kept per canvas (a board uses a few dozen)."""
        ink = self._inks.get(colour)
        if ink is None:
            ink = self._inks[colour] = self._core.draw_ink(colour)
        return ink

    def sprite(self, draw: Callable[..., None], centre: tuple[float, float], r: float, args: tuple[Any, ...]) -> None:
        """Paste an icon drawn once at 4x and shrunk (smooth edges), cached by icon, radius and arguments."""
        image = _sprite(draw, round(r * 4) / 4, args)
        self.image.paste(image, (round(centre[0] - image.width / 2), round(centre[1] - image.height / 2)), image)

    def card(
        self,
        box: tuple[float, float, float, float],
        face: RGB,
        *,
        edge: RGB | None = None,
        radius: int = 8,
        shadow: RGB | None = (0, 0, 0),
        glow: RGB | None = None,
    ) -> None:
        """A playing card: soft drop shadow, rounded face, thin edge; ``glow`` rings it (a highlight)."""
        x0, y0, x1, y1 = box
        if shadow is not None:
            self.rounded((x0 + 1, y0 + 3, x1 + 1, y1 + 3), radius, mix(shadow, face, 0.15))
        if glow is not None:
            self.rounded((x0 - 3, y0 - 3, x1 + 3, y1 + 3), radius + 3, glow)
        self.rounded(box, radius, face, edge or mix(face, (0, 0, 0), 0.25))

    def card_back(self, box: tuple[float, float, float, float], back: RGB, mark: RGB, radius: int = 6) -> None:
        """A face-down card: a coloured back with an inset frame and a diamond, the same for every card."""
        self.card(box, back, edge=mix(back, (0, 0, 0), 0.35), radius=radius)
        x0, y0, x1, y1 = box
        inset = max(3, int((x1 - x0) * 0.12))
        self.rounded((x0 + inset, y0 + inset, x1 - inset, y1 - inset), max(2, radius - 3), None, mark)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        r = min(x1 - x0, y1 - y0) * 0.18
        self.draw.polygon([(cx, cy - r * 1.4), (cx + r, cy), (cx, cy + r * 1.4), (cx - r, cy)], fill=mark)

    def pill(self, box: tuple[float, float, float, float], fill: RGB) -> None:
        """A fully rounded bar (badges, progress bars)."""
        self.rounded(box, (box[3] - box[1]) / 2, fill)

    def badge(self, xy: tuple[float, float], text: str, size: int, fill: RGB, ink: RGB, *, anchor: str = "lm") -> int:
        """Text on a pill; returns the badge's width.  ``anchor`` as for :meth:`text`, vertical "m" only."""
        pad = size * 0.45
        w = width(text, size, True) + pad * 2
        h = size * 1.45
        x, y = xy
        if anchor[0] == "m":
            x -= w / 2
        elif anchor[0] == "r":
            x -= w
        self.pill((x, y - h / 2, x + w, y + h / 2), fill)
        self.text((x + w / 2, y), text, size, ink, bold=True, anchor="mm")
        return int(w)

    def tile(
        self,
        xy: tuple[int, int],
        size: tuple[int, int],
        key: Hashable,
        draw: Callable[[Canvas], None],
        *,
        under: RGB | None = None,
    ) -> None:
        """Paste a piece of the picture drawn once, and kept by ``key`` (what it shows), at ``xy``.

        Why: a board repeats its pieces move after move (the same port cards in
        a hand, the untouched treasure), and pasting a drawn piece costs a few
        microseconds where drawing it costs tens of Pillow calls.  ``draw``
        draws on a ``size`` canvas of colour ``under`` (default: this canvas's
        background) with coordinates relative to ``xy``.  The piece's whole
        box is pasted, so it must lie on plain ``under`` with nothing drawn
        there before it; ``key`` must hold everything the piece is drawn from
        (so a piece can only show what its view gave).  Pieces are kept on
        shelves bounded in bytes (:mod:`bot.pictures.tiles`).
        """
        ground = self.background if under is None else under
        full = (key, size, ground)
        piece = tiles.get(full)
        if piece is None:
            fresh = Canvas(size[0], size[1], ground)
            draw(fresh)
            piece = fresh.image
            tiles.put(full, piece)
        self.image.paste(piece, xy)

    def tile_box(
        self,
        box: tuple[float, float, float, float],
        key: Hashable,
        draw: Callable[[Canvas, tuple[float, float, float, float]], None],
        *,
        pad: tuple[int, int, int, int] = (0, 0, 1, 1),
        even: bool = False,
    ) -> None:
        """:meth:`tile` for a piece drawn in ``box`` (fractional): ``draw(piece, local_box)``.

        Why: a panel laid out in float coordinates must land on the same pixels
        pasted as drawn in place, so the piece starts on the whole pixel below
        ``box`` (on an even one with ``even``: text placed with ``round()``,
        which halves to even, then lands where it would in place) and is drawn
        at the box's offset from there, which joins ``key``.  ``pad`` (left,
        top, right, bottom) widens the piece for what reaches past the box (a
        shadow, an outline).
        """
        left, top, right, bottom = pad
        step = 2 if even else 1
        x0 = step * math.floor(box[0] / step) - left
        y0 = step * math.floor(box[1] / step) - top
        local = (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0)
        size = (math.ceil(local[2]) + right, math.ceil(local[3]) + bottom)
        self.tile((x0, y0), size, (key, local), lambda piece: draw(piece, local))

    # ------------------------------------------------------------------ out

    def png(self) -> bytes:
        """The picture as PNG bytes, in its game's trained palette (see :mod:`bot.pictures.encoding`)."""
        return encoding.encode(self.image, encoding.scheme_of(self.background))


SUPERSAMPLE = 4



@lru_cache(maxsize=256)
def _corners(r: int, ring: int) -> tuple[Image.Image, Image.Image, Image.Image, Image.Image]:
    """The four quarter-circle masks of radius ``r`` (top-left, top-right, bottom-left, bottom-right),
    solid (``ring`` 0) or a ``ring``-pixel arc, anti-aliased by drawing at 4x and shrinking."""
    big = 2 * r * SUPERSAMPLE
    image = Image.new("L", (big, big))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, big - 1, big - 1), fill=255)
    if ring:
        inset = ring * SUPERSAMPLE
        if big - 2 * inset > 0:
            draw.ellipse((inset, inset, big - 1 - inset, big - 1 - inset), fill=0)
    small = image.resize((2 * r, 2 * r), Image.Resampling.BOX)
    return (
        small.crop((0, 0, r, r)),
        small.crop((r, 0, 2 * r, r)),
        small.crop((0, r, r, 2 * r)),
        small.crop((r, r, 2 * r, 2 * r)),
    )


class _Sprite:
    """The drawing surface an icon sees while it is drawn large for :func:`_sprite` (it only uses ``draw``)."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)


@lru_cache(maxsize=512)
def _sprite(draw: Callable[..., None], r: float, args: tuple[Any, ...]) -> Image.Image:
    size = int(r * 2.8) + 4
    big = Image.new("RGBA", (size * SUPERSAMPLE, size * SUPERSAMPLE), (0, 0, 0, 0))
    centre = size * SUPERSAMPLE / 2
    draw(_Sprite(big), (centre, centre), r * SUPERSAMPLE, *args)
    return big.resize((size, size), Image.Resampling.BOX)


def sprite(draw: Callable[..., None]) -> Callable[..., None]:
    """Make an icon function ``draw(canvas, centre, r, *args)`` smooth: on a :class:`Canvas` it is drawn at 4x
    once, shrunk and cached; while being drawn large (or nested in another icon) it draws directly."""

    @functools.wraps(draw)
    def icon(canvas: Any, centre: tuple[float, float], r: float, *args: Any) -> None:
        if isinstance(canvas, Canvas):
            canvas.sprite(draw, centre, r, args)
        else:
            draw(canvas, centre, r, *args)

    return icon


def encode(image: Image.Image) -> bytes:
    """PNG bytes of ``image`` with its own 256-colour palette (pictures on no game's table; see :mod:`.encoding`)."""
    return encoding.encode(image)


def _rect(core: Any, box: tuple[int, int, int, int], ink: int) -> None:
    """A filled rectangle (Pillow's core, packed ``ink``), skipped when empty (a corner-only strip of a small pill)."""
    if box[2] >= box[0] and box[3] >= box[1]:
        core.draw_rectangle(box, ink, 1)


@lru_cache(maxsize=256)
def _corner_cores(r: int, ring: int) -> tuple[Any, Any, Any, Any]:
    """:func:`_corners` as Pillow's core images, what ``draw_bitmap`` takes."""
    return tuple(_core_of(mask) for mask in _corners(r, ring))  # type: ignore[return-value]


def _core_of(mask: Image.Image) -> Any:
    mask.load()
    return mask.im
