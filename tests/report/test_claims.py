"""Unit tests of the claim checker (scripts/gamebench_report/claims.py) and
the refusal codes (tool.py); the run record's split is in
test_record_fields.py. Run by ctest (ReportPackage.UnitTests):
    python3 -m unittest discover -s tests/report
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))

from gamebench_report.claims import check, game_names, json_text  # noqa: E402
from gamebench_report.tool import REFUSAL_STATUS, error_code  # noqa: E402

# What `gamebench solve 'nim(heaps=3;5;7)' --json` prints (abridged).
NIM = {"game": "nim(heaps=3;5;7,misere=false)", "solver": "tt", "value": "win", "winner": "first",
       "best_moves": ["1:1", "2:1", "3:1"], "nodes": 212, "seconds": 0.0004, "remoteness": None,
       "complete": True, "tt_hit_rate": 0.41, "peak_memory_bytes": 6033408}


class CheckTest(unittest.TestCase):
    def test_value(self):
        self.assertEqual(check(NIM, "value=win"), (True, "value", "win", "win"))
        self.assertEqual(check(NIM, "value=loss"), (False, "value", "win", "loss"))

    def test_numbers_and_null(self):
        self.assertEqual(check(NIM, "nodes=212"), (True, "nodes", "212", "212"))
        self.assertEqual(check(NIM, "remoteness=null"), (True, "remoteness", "null", "null"))
        self.assertEqual(check(NIM, "complete=true"), (True, "complete", "true", "true"))

    def test_set_ignores_order_but_not_members(self):
        self.assertEqual(check(NIM, "best_moves={3:1,1:1,2:1}"),
                         (True, "best_moves", "{1:1,2:1,3:1}", "{3:1,1:1,2:1}"))
        self.assertFalse(check(NIM, "best_moves={1:1,2:1}")[0])
        self.assertFalse(check(NIM, "best_moves={1:1,2:1,3:1,3:2}")[0])

    def test_contains(self):
        self.assertEqual(check(NIM, "best_moves[]=2:1"), (True, "best_moves", "{1:1,2:1,3:1}", "∋ 2:1"))
        self.assertFalse(check(NIM, "best_moves[]=2:2")[0])

    def test_missing_key_and_bad_token(self):
        self.assertEqual(check(NIM, "nosuch=1"), (False, "nosuch", "(missing)", "1"))
        self.assertEqual(check(NIM, "not a check"), (False, "not a check", "bad check", "not a check"))

    def test_nested_key(self):
        self.assertEqual(check({"a": {"b": 3}}, "a.b=3"), (True, "a.b", "3", "3"))

    def test_json_text(self):
        self.assertEqual(json_text([1, "x", None, True]), "{1,x,null,true}")
        self.assertEqual(json_text(2.5), "2.5")

    def test_game_names(self):
        self.assertEqual(game_names("sum(kayles(n=7),nim(heaps=3;5))"), ["sum", "kayles", "nim"])


class ErrorCodeTest(unittest.TestCase):
    def test_refusals_classified_by_code(self):
        out = '{"error":{"code":"resource_exhausted","message":"needs about 3 GiB"}}\n'
        self.assertEqual(error_code(out), "resource_exhausted")
        self.assertEqual(REFUSAL_STATUS[error_code(out)], "memory")
        self.assertIsNone(error_code("not json"))
        self.assertIsNone(error_code('{"value":"win"}'))


if __name__ == "__main__":
    unittest.main()
