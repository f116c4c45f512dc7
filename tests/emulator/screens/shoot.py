"""Screenshots of rendered screens with headless Chromium (Debian's ``chromium`` package).

A developer tool for looking at what players see; CI does not need Chromium.  The page is drawn in a
tall window and the empty dark band below the last message is cropped off with Pillow.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

BACKGROUND = (0x31, 0x33, 0x38)


def chromium() -> str | None:
    """Path of the Chromium binary (``KADO_CHROMIUM`` overrides), or None when not installed."""
    explicit = os.environ.get("KADO_CHROMIUM")
    if explicit:
        return explicit
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


def screenshot(html_path: str | Path, png_path: str | Path, *, width: int = 800, height: int = 4000) -> Path:
    """Render ``html_path`` to ``png_path`` (``width`` px wide, cropped to the content)."""
    binary = chromium()
    if binary is None:
        raise RuntimeError("chromium not found: apt-get install -y chromium (or set KADO_CHROMIUM)")
    html_path, png_path = Path(html_path).resolve(), Path(png_path).resolve()
    with tempfile.TemporaryDirectory(prefix="kado-chromium-") as profile:
        cmd = [
            binary,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
            "--force-device-scale-factor=1",
            f"--user-data-dir={profile}",
            f"--screenshot={png_path}",
            f"--window-size={width},{height}",
            html_path.as_uri(),
        ]
        subprocess.run(cmd, check=True, capture_output=True, timeout=120)
    _crop(png_path)
    return png_path


def _crop(png_path: Path, margin: int = 16) -> None:
    """Cut the page background below the last drawn row (keeps ``margin`` px)."""
    from PIL import Image

    with Image.open(png_path) as img:
        rgb = img.convert("RGB")
    w, h = rgb.size
    px = rgb.load()
    bottom = 0
    for y in range(h - 1, -1, -1):
        if any(px[x, y] != BACKGROUND for x in range(0, w, 4)):
            bottom = y
            break
    rgb.crop((0, 0, w, min(h, bottom + margin))).save(png_path)
