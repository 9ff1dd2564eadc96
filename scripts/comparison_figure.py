#!/usr/bin/env python3
"""The figure of results/proof_number_comparison.md: nodes per case and solver
(log scale) as an SVG bar chart, from the markdown table that
scripts/solver_comparison.py prints. No plotting library (none is a Debian
dependency of the suite): plain SVG.

    scripts/comparison_figure.py TABLE.md > results/proof_number_comparison.svg

A run stopped by the time limit ("?") is drawn hatched-light: its bar is the
nodes done when it stopped, a lower bound.
"""

import argparse
import math

COLORS = {"pns": "#1b9e77", "dfpn": "#d95f02", "tt": "#7570b3", "alphabeta": "#e7298a",
          "ptt": "#66a61e"}


def read_rows(path):
    rows = []
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 5 or cells[0] in ("game", "---") or cells[0].startswith("-"):
            continue
        try:
            nodes = int(cells[3].replace(",", ""))
        except ValueError:
            continue
        rows.append((cells[0], cells[1], cells[2], nodes))
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("table", metavar="TABLE.md", help="the markdown table of scripts/solver_comparison.py")
    rows = read_rows(ap.parse_args().table)
    cases = list(dict.fromkeys(r[0] for r in rows))
    solvers = list(dict.fromkeys(r[1] for r in rows))
    top = max(math.log10(max(r[3], 1)) for r in rows)
    bar, gap, left = 9, 14, 330
    width = 900
    scale = (width - left - 20) / math.ceil(top)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
           f'height="{60 + len(cases) * (len(solvers) * bar + gap)}" font-family="sans-serif" '
           f'font-size="11">',
           '<text x="10" y="16" font-size="13">Nodes to solve (log scale; pale bar: stopped '
           'at the time limit)</text>']
    for i, s in enumerate(solvers):
        out.append(f'<rect x="{left + i * 90}" y="24" width="10" height="10" '
                   f'fill="{COLORS.get(s, "#999")}"/><text x="{left + 14 + i * 90}" '
                   f'y="33">{s}</text>')
    for d in range(int(math.ceil(top)) + 1):
        x = left + d * scale
        out.append(f'<line x1="{x}" y1="40" x2="{x}" y2="{60 + len(cases) * (len(solvers) * bar + gap)}" '
                   f'stroke="#ddd"/><text x="{x - 8}" y="50" fill="#666">1e{d}</text>')
    y = 56
    for case in cases:
        label = case if len(case) < 48 else case[:45] + "..."
        out.append(f'<text x="{left - 6}" y="{y + len(solvers) * bar / 2 + 4}" '
                   f'text-anchor="end">{label}</text>')
        for s in solvers:
            for r in rows:
                if r[0] == case and r[1] == s:
                    w = max(1.0, math.log10(max(r[3], 1)) * scale)
                    opacity = "0.35" if r[2] == "?" else "1"
                    out.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar - 1}" '
                               f'fill="{COLORS.get(s, "#999")}" fill-opacity="{opacity}"/>')
            y += bar
        y += gap
    out.append("</svg>")
    print("\n".join(out))


if __name__ == "__main__":
    main()
