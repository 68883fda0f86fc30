"""A player's rating over time as an SVG line chart, drawn on the server.

No charting library and no script: the page shows an ``<img>`` (or inlines the markup), which
the Content-Security-Policy allows, and the chart reads the same without JavaScript. Colours
are presentation attributes (not ``style``), also allowed by that policy. Text is escaped.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import UTC, datetime
from html import escape

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 14, 28
INK, GRID, LINE = "#1f2a44", "#d8dde8", "#2f6fde"


def _date(ms: int) -> str:
    return datetime.fromtimestamp(ms / 1000, UTC).strftime("%d/%m/%Y")


def _ticks(low: int, high: int, count: int = 4) -> list[int]:
    """Round rating values spanning [low, high]."""
    span = max(high - low, 1)
    raw = span / count
    step = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= step * factor:
            step *= factor
            break
    first = math.ceil(low / step) * step
    return list(range(int(first), high + 1, int(step)))


def rating_svg(points: Sequence[tuple[int, int]], title: str) -> str:
    """``points``: (epoch ms, rating), oldest first. An empty list draws an empty chart
    that says so (in French)."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
             f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(title)}" '
             'font-family="sans-serif" font-size="11">',
             f"<title>{escape(title)}</title>",
             f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>']
    if not points:
        parts.append(f'<text x="{WIDTH // 2}" y="{HEIGHT // 2}" text-anchor="middle" '
                     f'fill="{INK}">Pas encore de partie classée.</text></svg>')
        return "".join(parts)
    ratings = [r for _, r in points]
    low, high = min(ratings) - 20, max(ratings) + 20
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (plot_w * i / (len(points) - 1) if len(points) > 1 else plot_w / 2)

    def y(rating: float) -> float:
        return TOP + plot_h * (high - rating) / (high - low)

    for tick in _ticks(low, high):
        parts.append(f'<line x1="{LEFT}" y1="{y(tick):.1f}" x2="{WIDTH - RIGHT}" '
                     f'y2="{y(tick):.1f}" stroke="{GRID}"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" text-anchor="end" '
                     f'fill="{INK}">{tick}</text>')
    path = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (_, r) in enumerate(points))
    parts.append(f'<polyline points="{path}" fill="none" stroke="{LINE}" stroke-width="2"/>')
    last_x, last_y = x(len(points) - 1), y(ratings[-1])
    parts.append(f'<circle cx="{last_x:.1f}" cy="{last_y:.1f}" r="3.5" fill="{LINE}"/>')
    parts.append(f'<text x="{LEFT}" y="{HEIGHT - 8}" fill="{INK}">{_date(points[0][0])}</text>')
    parts.append(f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 8}" text-anchor="end" '
                 f'fill="{INK}">{_date(points[-1][0])}</text>')
    parts.append("</svg>")
    return "".join(parts)
