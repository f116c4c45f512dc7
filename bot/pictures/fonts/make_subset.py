"""Rebuild the bundled font subsets from Debian's ``fonts-noto-cjk`` (Noto Sans CJK, SIL OFL 1.1).

Run once by a developer, never at runtime (fontTools is a build-only tool)::

    apt-get install -y fonts-noto-cjk
    .venv/bin/pip install fonttools
    .venv/bin/python -m bot.pictures.fonts.make_subset

Why a subset: the full collections are ~20 MB each and carry Korean and Chinese
forms we never draw.  We keep face 0 of the collection (the Japanese ``JP``
face) and only the characters pictures can show: Latin, punctuation, kana,
JIS X 0208 (level 1 + 2 kanji, i.e. every character Shift_JIS encodes),
full-width forms, circled numbers, arrows, card suits and the few symbols we
draw.  Player names with other characters lose those characters on pictures
(:func:`bot.pictures.fonts.printable`); the embeds still show them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SOURCES = {
    "NotoSansJP-Subset-Regular.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "NotoSansJP-Subset-Bold.otf": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}
FACE = 0  # NotoSansCJK*.ttc face 0 is "Noto Sans CJK JP"

RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1 supplement, Latin Extended-A (names like "Zoë", "Łukasz")
    (0x2000, 0x206F),  # general punctuation (… – — • ‥)
    (0x2070, 0x209F),  # super/subscripts
    (0x20A0, 0x20BF),  # currency
    (0x2100, 0x214F),  # letterlike (№ ™)
    (0x2150, 0x218F),  # number forms (Ⅰ Ⅱ)
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # maths (× ± ≤ = ≠)
    (0x2460, 0x24FF),  # circled numbers ① … ⑳
    (0x2500, 0x257F),  # box drawing
    (0x25A0, 0x25FF),  # geometric shapes (▶ ● ◆)
    (0x2600, 0x26FF),  # misc symbols (★ ♠ ♥ ♦ ♣)
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x309F),  # hiragana
    (0x30A0, 0x30FF),  # katakana
    (0x31F0, 0x31FF),  # katakana phonetic extensions
    (0xFF00, 0xFFEF),  # half- and full-width forms
)


def jis_x_0208() -> set[int]:
    """Every character of JIS X 0208 (kanji levels 1 and 2 plus its symbols), via the EUC-JP codec."""
    out: set[int] = set()
    for hi in range(0xA1, 0xFF):
        for lo in range(0xA1, 0xFF):
            try:
                text = bytes((hi, lo)).decode("euc_jp")
            except UnicodeDecodeError:
                continue
            out.update(ord(ch) for ch in text)
    return out


def codepoints() -> list[int]:
    points = jis_x_0208()
    for lo, hi in RANGES:
        points.update(range(lo, hi + 1))
    points.update(ord(c) for c in "々〆ヶ♪☆★")
    return sorted(points)


def main() -> None:
    here = Path(__file__).resolve().parent
    unicodes = ",".join(f"U+{cp:04X}" for cp in codepoints())
    for name, source in SOURCES.items():
        subprocess.run(
            [
                sys.executable,
                "-m",
                "fontTools.subset",
                source,
                f"--font-number={FACE}",
                f"--unicodes={unicodes}",
                "--layout-features=kern",  # alternates (vert, locl...) would double the glyph count
                "--no-layout-closure",
                "--drop-tables+=vhea,vmtx,VORG,BASE",  # horizontal text only
                "--name-IDs=*",
                "--name-legacy",
                "--no-hinting",
                f"--output-file={here / name}",
            ],
            check=True,
        )
        print(name, (here / name).stat().st_size, "bytes")
    write_coverage(here / "NotoSansJP-Subset-Regular.otf", here / "coverage.txt")


def write_coverage(font_path: Path, out: Path) -> None:
    """The subset's cmap as ``XXXX-YYYY`` code-point ranges, so the runtime knows what it can draw without fontTools."""
    from fontTools.ttLib import TTFont

    points = sorted(TTFont(font_path).getBestCmap())
    ranges: list[list[int]] = []
    for cp in points:
        if ranges and cp == ranges[-1][1] + 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    out.write_text("".join(f"{lo:04X}-{hi:04X}\n" for lo, hi in ranges))
    print(out.name, len(points), "code points in", len(ranges), "ranges")


if __name__ == "__main__":
    main()
