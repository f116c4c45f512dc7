"""A small drawing surface: cached text, rounded panels and cards, PNG bytes out.

Why text goes through cached masks: a picture draws the same card names and
player names again and again (every board, every move), and FreeType
rasterising a CJK string costs ~0.2 ms; a cached mask is pasted in a few
microseconds.  That keeps a whole board inside the 15 ms budget.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from .fonts import font, printable
from .palette import RGB, mix

ELLIPSIS = "…"


@lru_cache(maxsize=4096)
def _mask(text: str, size: int, bold: bool) -> tuple[Image.Image, int]:
    """``text`` rasterised once as an 8-bit mask, with the ascent above its baseline."""
    face = font(size, bold)
    ascent, descent = face.getmetrics()
    width = max(1, int(face.getlength(text)) + 2)
    mask = Image.new("L", (width, ascent + descent))
    ImageDraw.Draw(mask).text((0, 0), text, font=face, fill=255)
    return mask, ascent


@lru_cache(maxsize=4096)
def width(text: str, size: int, bold: bool = False) -> int:
    """How many pixels ``text`` takes at ``size``."""
    return int(font(size, bold).getlength(text))


@lru_cache(maxsize=4096)
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
        self.width = width
        self.height = height

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
        self.draw.bitmap((round(x), round(baseline - ascent)), mask, fill=fill)
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
        """Pillow's ``rounded_rectangle`` with smooth corners: a cached 4x-supersampled mask, filled in one paste."""
        x0, y0, x1, y1 = _ints(box)
        w, h = x1 - x0 + 1, y1 - y0 + 1
        if w < 1 or h < 1:
            return
        r = max(0, min(round(radius), w // 2, h // 2))
        if fill is not None:
            self.draw.bitmap((x0, y0), _rounded_mask(w, h, r), fill=fill)
        if outline is not None and width > 0:
            self.draw.bitmap((x0, y0), _ring_mask(w, h, r, width), fill=outline)

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

    # ------------------------------------------------------------------ out

    def png(self) -> bytes:
        """The picture as PNG bytes (see :func:`encode`)."""
        return encode(self.image)


SUPERSAMPLE = 4


@lru_cache(maxsize=2048)
def _rounded_mask(w: int, h: int, r: int) -> Image.Image:
    big = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE))
    ImageDraw.Draw(big).rounded_rectangle((0, 0, w * SUPERSAMPLE - 1, h * SUPERSAMPLE - 1), r * SUPERSAMPLE, fill=255)
    return big.resize((w, h), Image.Resampling.BOX)


@lru_cache(maxsize=1024)
def _ring_mask(w: int, h: int, r: int, width: int) -> Image.Image:
    big = Image.new("L", (w * SUPERSAMPLE, h * SUPERSAMPLE))
    draw = ImageDraw.Draw(big)
    draw.rounded_rectangle((0, 0, w * SUPERSAMPLE - 1, h * SUPERSAMPLE - 1), r * SUPERSAMPLE, fill=255)
    inset = width * SUPERSAMPLE
    inner = (inset, inset, w * SUPERSAMPLE - 1 - inset, h * SUPERSAMPLE - 1 - inset)
    if inner[2] > inner[0] and inner[3] > inner[1]:
        draw.rounded_rectangle(inner, max(0, r - width) * SUPERSAMPLE, fill=0)
    return big.resize((w, h), Image.Resampling.BOX)


class _Sprite:
    """The drawing surface an icon sees while it is drawn large for :func:`_sprite` (it only uses ``draw``)."""

    def __init__(self, image: Image.Image) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)


@lru_cache(maxsize=2048)
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
    """PNG bytes, small and deterministic.

    Flat colours and anti-aliased text fit a 256-colour palette with no
    visible loss; the palette image compresses to a fraction of the RGB one
    and encodes faster too.  No dithering (it would speckle flat panels) and
    no timestamps or text chunks, so the same picture is the same bytes.
    """
    quantised = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    quantised.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def _ints(box: tuple[float, float, float, float]) -> tuple[int, int, int, int]:
    return (round(box[0]), round(box[1]), round(box[2]), round(box[3]))
