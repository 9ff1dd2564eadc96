"""Unit tests of the parallel search's section of REPORT.md
(scripts/gamebench_report/parallel_search.py). Run by ctest
(ReportPackage.UnitTests):
    python3 -m unittest discover -s tests/report
"""

import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))

from gamebench_report.parallel_search import parallel_rows, parallel_search_section  # noqa: E402


def bench(instance, solver, threads, label, seconds, nodes):
    """One median as runners.run_gbench records it."""
    return {"name": f"BM_Parallel/{instance}/solver:{solver}/threads:{threads}/iterations:1/"
                    "process_time/real_time",
            "real_time": seconds, "cpu_time": seconds * threads, "label": label,
            "counters": {"nodes": nodes, "main_nodes": nodes / threads, "value": 0}, "error": None}


GBENCH = [{"binary": "solve_bench", "benchmarks": [bench("x", 2, 2, "abdada", 1.0, 10)]},
          {"binary": "parallel_search_bench", "benchmarks": [
              bench("connect4_6x5_start", 0, 1, "tt", 0.52, 2946284),
              bench("connect4_6x5_start", 2, 1, "abdada", 0.50, 2946284),
              bench("connect4_6x5_start", 2, 2, "abdada", 0.25, 3240912),
              bench("connect4_6x5_start", 1, 2, "lazy-smp", 0.40, 4000000),
              bench("small_tictactoe", 2, 1, "abdada", 0.001, 235)]}]


class ParallelSearchSectionTest(unittest.TestCase):
    def test_rows_come_from_the_parallel_benchmark_only(self):
        rows = parallel_rows(GBENCH)
        self.assertEqual(sorted(rows), ["connect4_6x5_start", "small_tictactoe"])
        self.assertIn(("lazy-smp", 2), rows["connect4_6x5_start"])

    def test_speed_ups_and_core_count(self):
        with tempfile.TemporaryDirectory() as out:
            os.makedirs(os.path.join(out, "figures"))
            lines = parallel_search_section(GBENCH, 64, out)
            text = "\n".join(lines)
            self.assertIn("measured on 64 cores", text)
            row = next(l for l in lines if l.startswith("| connect4_6x5_start"))
            # 0.50 / 0.25 over ptt on 1 thread, 0.52 / 0.25 over tt, +10 % nodes.
            self.assertIn("| 2.00× | 2.08× | +10.0% (3,240,912) |", row)
            # An instance without its 2-thread run has no row.
            self.assertNotIn("small_tictactoe", text.split("| instance |")[1])
            self.assertTrue(os.path.exists(os.path.join(out, "figures", "parallel-search-job-speedup.svg")))

    def test_nothing_when_the_benchmark_did_not_run(self):
        self.assertEqual(parallel_search_section(GBENCH[:1], 2, "/nonexistent"), [])


if __name__ == "__main__":
    unittest.main()
