"""A rating history drawn as an inline SVG line chart on the server: no script, no CDN; its
look is the site's stylesheet's (the Content-Security-Policy lets no page style inline)."""

from __future__ import annotations

from collections.abc import Sequence

from django.template.defaultfilters import floatformat
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

WIDTH, HEIGHT = 600, 220
# Room for the rating labels on the left and the match numbers below.
LEFT, RIGHT, TOP, BOTTOM = 48, 12, 12, 28


def _scale(values: Sequence[float]) -> tuple[float, float]:
    """The range drawn: the values' own, at least 50 points tall, so small moves look small."""
    low, high = min(values), max(values)
    if high - low < 50:
        middle = (high + low) / 2
        low, high = middle - 25, middle + 25
    return low, high


def rating_chart(values: Sequence[float], *, label: str) -> SafeString:
    """Draw the ratings (the starting one first, then one per match) as a polyline."""
    if len(values) < 2:
        raise ValueError("a chart needs the starting rating and at least one match")
    low, high = _scale(values)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    step = plot_w / (len(values) - 1)

    def x(index: int) -> float:
        return LEFT + index * step

    def y(value: float) -> float:
        return TOP + (high - value) / (high - low) * plot_h

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    levels = [(f"{y(v):.1f}", floatformat(v, "0g")) for v in (low, (low + high) / 2, high)]
    ticks = format_html_join(
        "",
        '<line x1="{}" y1="{}" x2="{}" y2="{}" class="grid"/>'
        '<text x="{}" y="{}" text-anchor="end" dominant-baseline="middle">{}</text>',
        ((LEFT, at, WIDTH - RIGHT, at, LEFT - 6, at, text) for at, text in levels),
    )
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {w} {h}" role="img" aria-label="{label}">'
        "<title>{label}</title>"
        "{ticks}"
        '<polyline class="line" points="{points}"/>'
        '<text x="{left}" y="{bottom}">{start}</text>'
        '<text x="{right}" y="{bottom}" text-anchor="end">{last}</text>'
        "</svg>",
        w=WIDTH,
        h=HEIGHT,
        label=label,
        ticks=ticks,
        points=points,
        left=LEFT,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - 8,
        start=_("start"),
        last=_("match %(number)s") % {"number": len(values) - 1},
    )
