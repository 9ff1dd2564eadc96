"""Unit tests of the SVG charts (scripts/gamebench_report/plot.py) against
fixed expected output (tests/report/expected_*.svg, checked by eye once:
regenerate with GAMEBENCH_UPDATE_EXPECTED=1 only after a deliberate change)."""

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))

from gamebench_report.plot import svg_chart  # noqa: E402

SERIES = {"alphabeta": [0.002, None, 0.5], "tt": [0.001, 0.01, 0.02]}


def draw(name, **kw):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "figures", name)
        drawn = svg_chart(path, "nim: time per solver", ["3;5;7", "2;3;4;5", "4;5;6;7"], SERIES,
                          "seconds", **kw)
        text = open(path, encoding="utf-8").read() if drawn else None
    expected_path = os.path.join(HERE, "expected_" + name)
    if text is not None and os.environ.get("GAMEBENCH_UPDATE_EXPECTED") == "1":
        with open(expected_path, "w", encoding="utf-8") as f:
            f.write(text)
    return text, expected_path


class PlotTest(unittest.TestCase):
    def test_categorical_axis_has_dots_not_lines(self):
        text, expected = draw("categorical.svg")
        self.assertNotIn("<polyline", text)
        self.assertEqual(text.count("<circle"), 5)  # one per point present
        with open(expected, encoding="utf-8") as f:
            self.assertEqual(text, f.read())

    def test_numeric_axis_joins_points(self):
        text, expected = draw("numeric.svg", numeric_x=True, x_label="heaps")
        # tt: one line through 3 points; alphabeta: a gap, so no segment of 2.
        self.assertEqual(text.count("<polyline"), 1)
        with open(expected, encoding="utf-8") as f:
            self.assertEqual(text, f.read())

    def test_nothing_to_draw(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "x.svg")
            self.assertFalse(svg_chart(path, "t", ["a"], {"s": [None]}, "y"))
            self.assertFalse(os.path.exists(path))


if __name__ == "__main__":
    unittest.main()
