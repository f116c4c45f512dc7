"""The stats' trend chart: drawn from two points on, small, and the same bytes for the same numbers."""

from __future__ import annotations

from bot.frontend.drawing.rating_chart import chart
from bot.pictures import MAX_BYTES


def test_chart_draws_each_game_with_two_points_or_more() -> None:
    assert chart({}, "t") is None and chart({"PORTAS": [1500]}, "t") is None  # one point is no trend
    png = chart({"PORTAS": [1500, 1569, 1540], "エミニットの秘宝": [1500, 1466]}, "直近のレーティングの推移")
    assert png is not None and png.startswith(b"\x89PNG") and len(png) < MAX_BYTES
    assert png == chart({"PORTAS": [1500, 1569, 1540], "エミニットの秘宝": [1500, 1466]}, "直近のレーティングの推移")
    assert png != chart({"PORTAS": [1500, 1569, 1541], "エミニットの秘宝": [1500, 1466]}, "直近のレーティングの推移")
