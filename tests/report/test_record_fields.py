"""The one table of record fields (bench/record_fields.tsv): every field of
the committed main-job runs is classified, and the report splits a result by
it (scripts/gamebench_report/record.py). `gamebench compare` reads the same
table (tests/report_tools_test.cc runs it on two real runs). Run by ctest
(ReportPackage.UnitTests)."""

import glob
import json
import os
import re
import sys
import tempfile
import unittest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "scripts"))

from gamebench_report import record  # noqa: E402
from gamebench_report.record import (benchmark_threads, field_class, field_table,  # noqa: E402
                                     read_field_table, run_records, split_fields)

# What `gamebench solve 'nim(heaps=3;5;7)' --json` prints (abridged).
NIM = {"game": "nim(heaps=3;5;7,misere=false)", "solver": "tt", "value": "win", "winner": "first",
       "best_moves": ["1:1", "2:1", "3:1"], "nodes": 212, "seconds": 0.0004, "remoteness": None,
       "complete": True, "tt_hit_rate": 0.41, "peak_memory_bytes": 6033408}


class TableTest(unittest.TestCase):
    def test_every_field_of_the_committed_runs_is_classified(self):
        runs = glob.glob(os.path.join(ROOT, "results", "**", "run.json"), recursive=True)
        self.assertTrue(runs, "no committed results/run.json")
        missing = set()
        fields = 0
        for path in runs:
            with open(path, encoding="utf-8") as f:
                run = json.load(f)
            for r in run["records"]:
                scope = "benchmark" if r["kind"] == "benchmark" else "tool"
                for group in ("values", "counts", "measures"):
                    for key in r.get(group, {}):
                        fields += 1
                        if (scope, key) not in field_table():
                            missing.add(f"{scope}/{key} ({os.path.relpath(path, ROOT)}, {r['id']})")
        self.assertGreater(fields, 1000)
        self.assertEqual(sorted(missing), [], "add them to bench/record_fields.tsv")

    def test_every_benchmark_counter_is_classified(self):
        # The counters the benchmarks set by name (bench/*_bench.cc), whether
        # or not the committed run has them yet.
        names = set()
        for path in glob.glob(os.path.join(ROOT, "bench", "*_bench.cc")):
            with open(path, encoding="utf-8") as f:
                names |= set(re.findall(r'counters\["(\w+)"\]', f.read()))
        self.assertGreater(len(names), 10)
        self.assertEqual(sorted(n for n in names if ("benchmark", n) not in field_table()), [],
                         "add them to bench/record_fields.tsv (scope benchmark)")

    def test_every_row_has_a_reason(self):
        path = os.path.join(ROOT, "bench", "record_fields.tsv")
        with open(path, encoding="utf-8") as f:
            rows = [line.rstrip("\n").split("\t") for line in f
                    if line.strip() and not line.startswith("#")]
        self.assertEqual(rows[0][:4], ["scope", "field", "class", "why"])
        for row in rows[1:]:
            self.assertEqual(len(row), 4, row)
            self.assertTrue(row[3].strip(), f"no reason for {row[0]}/{row[1]}")

    def test_times_and_counts_of_parallel_work_are_measures(self):
        for scope, key in [("tool", "seconds"), ("tool", "wall_seconds"), ("benchmark", "mean_us"),
                           ("benchmark", "median_us"), ("benchmark", "peer_ratio"),
                           ("benchmark", "real_time_seconds"), ("tool", "peak_memory_bytes")]:
            self.assertEqual(field_class(scope, key), "measure", key)
        for scope, key in [("tool", "nodes"), ("tool", "main_thread_nodes"), ("tool", "tt_hits"),
                           ("benchmark", "nodes"), ("benchmark", "main_nodes")]:
            self.assertEqual(field_class(scope, key, threads=1), "count", key)
            self.assertEqual(field_class(scope, key, threads=2), "measure", key)
        # A result is exact on any number of threads.
        self.assertEqual(field_class("tool", "positions", threads=2), "count")
        self.assertEqual(field_class("tool", "value", threads=2), "value")
        self.assertIsNone(field_class("tool", "unheard_of"))

    def test_a_damaged_table_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "fields.tsv")
            for text in ("scope\tfield\tclass\twhy\ntool\tnodes\tsometimes\tx\n",
                         "scope\tfield\tclass\twhy\ngame\tnodes\tcount\tx\n",
                         "scope\tfield\tclass\twhy\ntool\tnodes\tcount\tx\ntool\tnodes\tmeasure\tx\n"):
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                with self.assertRaises(ValueError):
                    read_field_table(path)


class SplitTest(unittest.TestCase):
    def test_split(self):
        values, counts, measures = split_fields(NIM)
        self.assertEqual(counts, {"nodes": 212, "tt_hit_rate": 0.41})
        self.assertEqual(measures, {"seconds": 0.0004, "peak_memory_bytes": 6033408})
        self.assertEqual(values["best_moves"], ["1:1", "2:1", "3:1"])
        self.assertNotIn("nodes", values)

    def test_threads_make_counts_of_work_measures(self):
        _, counts, measures = split_fields({"threads": 2, "nodes": 3, "tt_used": 1, "positions": 9})
        self.assertEqual(counts, {"threads": 2, "positions": 9})
        self.assertEqual(measures, {"nodes": 3, "tt_used": 1})
        _, counts, _ = split_fields({"threads": 1, "nodes": 3})
        self.assertEqual(counts, {"threads": 1, "nodes": 3})

    def test_an_unclassified_field_is_kept_as_exact(self):
        record._WARNED.discard(("tool", "unheard_of"))
        values, counts, _ = split_fields({"unheard_of": 3, "unheard_of_text": "x"})
        self.assertEqual(counts, {"unheard_of": 3})
        self.assertEqual(values, {"unheard_of_text": "x"})

    def test_benchmark_threads_come_from_the_name(self):
        self.assertEqual(benchmark_threads("BM_Parallel/c4/solver:1/threads:2/iterations:1"), 2)
        self.assertEqual(benchmark_threads("BM_Parallel/c4/solver:1/threads:1"), 1)
        self.assertEqual(benchmark_threads("BM_SimSolveTt/7"), 1)

    def test_benchmark_records(self):
        bench = [{"binary": "parallel_search_bench", "benchmarks": [
            {"name": "BM_Parallel/x/solver:1/threads:2", "real_time": 0.5, "cpu_time": 0.9,
             "label": "lazy-smp", "counters": {"nodes": 10.0, "main_nodes": 6.0, "value": 0.0}},
            {"name": "BM_Parallel/x/solver:1/threads:1", "real_time": 0.5, "cpu_time": 0.5,
             "label": "", "counters": {"nodes": 9.0, "main_nodes": 9.0, "value": 0.0}}]}]
        two, one = run_records([], [], [], bench)
        self.assertEqual(two["values"], {"value": 0.0, "label": "lazy-smp"})
        self.assertEqual(two["counts"], {})
        self.assertEqual(set(two["measures"]), {"real_time_seconds", "cpu_time_seconds", "nodes",
                                                "main_nodes"})
        self.assertEqual(one["counts"], {"nodes": 9.0, "main_nodes": 9.0})


if __name__ == "__main__":
    unittest.main()
