"""SVG figures, standard library only."""

import math
import os

from .common import esc, short


PALETTE = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
           "#17becf", "#7f7f7f", "#bcbd22"]


def svg_chart(path, title, x_labels, series, y_label, x_label="", log_y=True, numeric_x=False):
    """A chart with one colour per series (None: no point), log y by default.
    The points of a series are joined by lines only when x is numeric (sizes,
    thread counts, in increasing order); over categorical x (instances) they
    are dots, since a line between unrelated instances means nothing. Returns
    False (and writes nothing) when there is nothing to draw."""
    pts = [v for ys in series.values() for v in ys if v is not None and v > 0]
    if not pts or not x_labels:
        return False
    W, H, L, R, T, B = 760, 430, 80, 170, 40, 90
    pw, ph = W - L - R, H - T - B
    if log_y:
        lo = 10 ** math.floor(math.log10(min(pts)))
        hi = 10 ** math.ceil(math.log10(max(pts)))
        if hi <= lo:
            hi = lo * 10
        def y(v):
            return T + (1 - (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))) * ph
        ticks = [10 ** e for e in range(int(round(math.log10(lo))), int(round(math.log10(hi))) + 1)]
    else:
        lo, hi = 0.0, max(pts) * 1.1
        def y(v):
            return T + (1 - (v - lo) / (hi - lo)) * ph
        step = 10 ** math.floor(math.log10(hi / 2))
        ticks = [i * step for i in range(int(hi / step) + 1)]

    def x(i):
        return L + (i + 0.5) * pw / len(x_labels)

    def tick_text(v):
        if not log_y:
            return f"{v:g}"
        e = int(round(math.log10(v)))
        return f"1e{e}" if abs(e) > 3 else f"{v:g}"

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
         f'viewBox="0 0 {W} {H}" font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{H}" fill="white"/>',
         f'<text x="{W / 2:.1f}" y="22" text-anchor="middle" font-size="15">{esc(title)}</text>']
    for t in ticks:
        ty = y(t)
        o.append(f'<line x1="{L}" y1="{ty:.1f}" x2="{L + pw}" y2="{ty:.1f}" stroke="#ddd"/>')
        o.append(f'<text x="{L - 6}" y="{ty + 4:.1f}" text-anchor="end">{tick_text(t)}</text>')
    o.append(f'<rect x="{L}" y="{T}" width="{pw}" height="{ph}" fill="none" stroke="#333"/>')
    rotate = max(len(s) for s in x_labels) > 6
    for i, lab in enumerate(x_labels):
        tx = x(i)
        if rotate:
            o.append(f'<text x="{tx:.1f}" y="{T + ph + 14}" text-anchor="end" font-size="10" '
                     f'transform="rotate(-30 {tx:.1f} {T + ph + 14})">{esc(short(lab, 28))}</text>')
        else:
            o.append(f'<text x="{tx:.1f}" y="{T + ph + 16}" text-anchor="middle">{esc(lab)}</text>')
    if x_label:
        o.append(f'<text x="{L + pw / 2:.1f}" y="{H - 8}" text-anchor="middle">{esc(x_label)}</text>')
    o.append(f'<text x="18" y="{T + ph / 2:.1f}" text-anchor="middle" '
             f'transform="rotate(-90 18 {T + ph / 2:.1f})">{esc(y_label)}{" (log scale)" if log_y else ""}</text>')
    for k, (name, ys) in enumerate(series.items()):
        color = PALETTE[k % len(PALETTE)]
        seg = []
        for i, v in enumerate((ys if numeric_x else []) + [None]):
            if v is not None and v > 0:
                seg.append(f"{x(i):.1f},{y(v):.1f}")
            else:
                if len(seg) > 1:
                    o.append(f'<polyline points="{" ".join(seg)}" fill="none" stroke="{color}" stroke-width="2"/>')
                seg = []
        for i, v in enumerate(ys):
            if v is not None and v > 0:
                o.append(f'<circle cx="{x(i):.1f}" cy="{y(v):.1f}" r="3.5" fill="{color}"/>')
        ly = T + 10 + 20 * k
        o.append(f'<line x1="{L + pw + 15}" y1="{ly}" x2="{L + pw + 40}" y2="{ly}" stroke="{color}" stroke-width="3"/>')
        o.append(f'<text x="{L + pw + 46}" y="{ly + 4}">{esc(short(name, 18))}</text>')
    o.append("</svg>")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(o) + "\n")
    return True
