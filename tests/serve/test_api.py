"""`gamebench serve`'s JSON API, every route and every kind of bad input
(run by ctest as Serve.Api; tests/serve/serve_helper.py starts the server).

Values are checked against `gamebench solve` of each child position, and
against a table written by `gamebench analyze`.
"""

import json
import os
import shutil
import threading
import unittest
import urllib.parse

from serve_helper import Server, mover_value, run_tool, scratch_dir, solve_json, solve_word

CONNECT4_POSITION = "7422341735647741166133573473242566"  # Pons' Test_L3_R1, line 2


class Routes(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()

    @classmethod
    def tearDownClass(cls):
        status, err = cls.server.stop()
        assert status == 0, err
        assert "stopped" in err, err

    def test_games_are_the_catalog(self):
        status, games = self.server.get("/api/v1/")
        self.assertEqual(status, 200)
        _, _, ctype = self.server.raw("/api/v1/")
        self.assertEqual(ctype, "application/json")
        _, out, _ = run_tool("list", "--json")
        catalog = [g["name"] for g in json.loads(out)["games"]]
        self.assertEqual([g["id"] for g in games], catalog)
        for g in games:
            self.assertEqual(set(g), {"id", "name", "type", "gui", "description"})

    def test_every_game_has_its_regular_variant_and_start(self):
        _, games = self.server.get("/api/v1/")
        for g in games:
            status, info = self.server.get(f"/api/v1/{g['id']}/")
            self.assertEqual(status, 200, info)
            self.assertEqual(info["variants"][0]["id"], "regular")
            status, variant = self.server.get(f"/api/v1/{g['id']}/regular/")
            self.assertEqual(status, 200, variant)
            self.assertTrue(variant["spec"].startswith(g["id"]))
            self.assertEqual(variant["startPosition"], variant["autoguiStartPosition"])

    def test_variant_in_canonical_form(self):
        status, v = self.server.get("/api/v1/connect4/" + urllib.parse.quote("w=5,h=4") + "/")
        self.assertEqual(status, 200, v)
        self.assertEqual(v["spec"], "connect4(w=5,h=4,score=exact)")
        self.assertEqual(v["variant"], "w=5,h=4,score=exact")
        self.assertEqual(v["startPosition"], "...../...../...../.....")

    def check_against_solve(self, spec, data, solver="tt"):
        """Every move's value (and score) is the negated value of its child."""
        scored = "score" in data
        for m in data["moves"]:
            child = solve_json(spec, m["position"], solver)
            if scored:
                self.assertEqual(m["moveScore"], -child["value"], m)
                self.assertEqual(m["score"], child["value"], m)
            else:
                self.assertEqual(m["positionValue"], solve_word(child["value"]), m)
        # Sorted best first; the position's value is its best move's.
        keys = [m["moveScore"] if scored else mover_value(m["moveValue"]) for m in data["moves"]]
        self.assertEqual(keys, sorted(keys, reverse=True))
        if data["moves"]:
            self.assertEqual(data["positionValue"], data["moves"][0]["moveValue"])

    def test_tictactoe_positions_against_solve(self):
        for p in [".........", "X...O....", "XX..O....", "XO.XO...."]:
            status, data = self.server.position("tictactoe", "regular", p)
            self.assertEqual(status, 200, data)
            self.assertEqual(data["position"], p)
            self.assertEqual(data["source"], "search")
            self.assertEqual(len(data["moves"]), p.count("."))
            self.check_against_solve("tictactoe", data)
        _, start = self.server.position("tictactoe", "regular", ".........")
        self.assertEqual(start["positionValue"], "tie")
        self.assertEqual({m["moveValue"] for m in start["moves"]}, {"tie"})
        _, data = self.server.position("tictactoe", "regular", "XO.......")
        self.assertEqual(data["positionValue"], "win")  # O on an edge next to X loses
        self.assertEqual({m["moveValue"] for m in data["moves"]}, {"win", "tie"})

    def test_connect4_position_against_solve(self):
        status, data = self.server.position("connect4", "regular", CONNECT4_POSITION)
        self.assertEqual(status, 200, data)
        self.assertEqual(data["score"], 1)  # the set's expected score
        self.check_against_solve("connect4", data)

    def test_move_parameter_and_game_over(self):
        status, data = self.server.position("tictactoe", "regular", "XX.OO....", move="c1")
        self.assertEqual(status, 200, data)
        self.assertEqual(data["position"], "XXXOO....")
        self.assertEqual(data["moves"], [])
        self.assertTrue(data["terminal"])
        self.assertEqual(data["positionValue"], "lose")
        self.assertEqual(data["remoteness"], 0)

    def test_impartial_and_loopy_games(self):
        status, data = self.server.position("nim", "regular", "3;5;7")
        self.assertEqual(status, 200, data)
        self.assertEqual(data["positionValue"], "win")
        self.assertEqual([m["move"] for m in data["moves"] if m["moveValue"] == "win"],
                         ["1:1", "2:1", "3:1"])
        # Impartial: the Grundy value ("mex", the API's name), 3^5^7 = 1; a winning
        # move goes to 0.
        self.assertEqual((data["mex"], data["grundy"]), ("*1", 1))
        for m in data["moves"]:
            self.assertEqual(m["mex"] == "*0", m["moveValue"] == "win", m)
        _, kayles = self.server.position("kayles", "n=5", "5")
        self.assertEqual(kayles.get("mex"), "*4", kayles)  # Kayles' Grundy sequence: 0 1 2 3 1 4
        _, misere = self.server.position("nim", "heaps=3;5;7,misere=true", "3;5;7")
        self.assertNotIn("mex", misere)  # no Grundy value under misere play
        self.assertNotIn("mex", self.server.position("tictactoe", "regular", ".........")[1])
        # Dodgem's positions recur: tt does not apply, the first solver that does is used.
        status, v = self.server.get("/api/v1/dodgem/regular/")
        status, data = self.server.position("dodgem", "regular", v["startPosition"])
        self.assertEqual(status, 200, data)
        self.assertNotEqual(data["solver"], "tt")
        solved = solve_json("dodgem", v["startPosition"], data["solver"])
        self.assertEqual(data["positionValue"], solve_word(solved["value"]))

    def expect_error(self, path, status, code):
        got, body = self.server.get(path)
        self.assertEqual(got, status, body)
        self.assertEqual(set(body), {"error"})
        self.assertEqual(body["error"]["code"], code, body)
        self.assertTrue(body["error"]["message"])
        self.assertNotIn("\n", body["error"]["message"])
        return body["error"]["message"]

    def test_bad_input(self):
        self.expect_error("/api/v1/chess/", 404, "not_found")
        self.expect_error("/api/v1/chess/regular/", 404, "not_found")
        self.expect_error("/api/v1/chess/regular/positions/?p=x", 404, "not_found")
        self.expect_error("/api/v1/connect4/w=99/", 400, "out_of_range")
        self.expect_error("/api/v1/connect4/colour=red/", 400, "invalid_argument")
        self.expect_error("/api/v1/connect4/w=(/", 400, "invalid_argument")
        self.expect_error("/api/v1/tictactoe/regular/positions/", 400, "invalid_argument")
        self.expect_error("/api/v1/tictactoe/regular/positions/?p=XXXX", 400, "invalid_argument")
        self.expect_error("/api/v1/tictactoe/regular/positions/?p=XXX......", 400, "invalid_argument")
        msg = self.expect_error("/api/v1/tictactoe/regular/positions/?p=X........&m=a1", 400,
                                "invalid_argument")
        self.assertIn("taken", msg)
        self.expect_error("/api/v1/tictactoe/regular/positions/?p=.........&m=z9", 400,
                          "invalid_argument")
        self.expect_error("/api/v1/tictactoe/regular/positions/?p=XXXOO....&m=a3", 400,
                          "invalid_argument")
        self.expect_error("/api/v1/connect4/regular/positions/?p=" + "1" * 7, 400,
                          "invalid_argument")  # a full column
        self.expect_error("/api/v1/connect4/regular/positions/?p=" + "%00%ff" * 300, 400,
                          "invalid_argument")
        self.expect_error("/api/v2/", 404, "not_found")
        self.expect_error("/api/v1/tictactoe/regular/positions/extra", 404, "not_found")

    def test_page_and_path_traversal(self):
        status, body, ctype = self.server.raw("/")
        self.assertEqual(status, 200)
        self.assertIn("text/html", ctype)
        self.assertIn(b"explorer.js", body)
        for f in ["explorer.js", "renderers.js", "history_chart.js", "explorer.css", "results.html"]:
            self.assertEqual(self.server.raw("/" + f)[0], 200, f)
        # Nothing outside the static folder, however the path is written.
        for path in ["/../CMakeLists.txt", "/../../CMakeLists.txt", "/%2e%2e/%2e%2e/CMakeLists.txt",
                     "/..%2f..%2fCMakeLists.txt", "/static/../routes.cc", "/../routes.cc",
                     "/%2e%2e%2froutes.cc", "//etc/passwd", "/etc/passwd", "/./../server.cc",
                     "/results/../../../CMakeLists.txt", "/nosuchfile.html", "/.", "/..",
                     "/index.html/../../routes.cc", "/%2Fetc%2Fpasswd"]:
            status, body, _ = self.server.raw(path)
            self.assertIn(status, (400, 404), path)
            self.assertNotIn(b"cmake_minimum_required", body, path)
            self.assertNotIn(b"root:", body, path)
            self.assertNotIn(b"#include", body, path)

    def test_results_without_folder(self):
        status, info = self.server.get("/api/results/")
        self.assertEqual((status, info["available"]), (200, False))
        self.assertEqual(self.server.raw("/results/run.json")[0], 404)


class Tables(unittest.TestCase):
    """--table: answers from a table written by `analyze`, with remoteness."""

    def test_table_file_and_tier_directory(self):
        d = scratch_dir()
        try:
            table = os.path.join(d, "ttt.table")
            tiers = os.path.join(d, "c4tiers")
            status, _, err = run_tool("analyze", "tictactoe", "--save", table, "--no-progress")
            self.assertEqual(status, 0, err)
            status, _, err = run_tool("analyze", "connect4(w=4,h=4)", "--tiers", tiers,
                                      "--no-progress")
            self.assertEqual(status, 0, err)
            with Server("--table", table, "--table", tiers) as server:
                _, info = server.get("/api/v1/connect4/")
                self.assertIn("w=4,h=4,score=exact", [v["id"] for v in info["variants"]])
                for p in [".........", "X...O....", "XO.XO....", "XO......."]:
                    status, data = server.position("tictactoe", "regular", p)
                    self.assertEqual(status, 200, data)
                    self.assertEqual((data["source"], data["table"]), ("table", table))
                    # The table knows the remoteness of every win and loss.
                    if data["positionValue"] != "tie":
                        self.assertGreaterEqual(data["remoteness"], 0)
                    for m in data["moves"]:
                        child = solve_json("tictactoe", m["position"])
                        self.assertEqual(m["positionValue"], solve_word(child["value"]))
                        if m["positionValue"] != "tie":
                            self.assertGreaterEqual(m["remoteness"], 0)
                    wins = [m for m in data["moves"] if m["moveValue"] == "win"]
                    if wins:
                        self.assertEqual(data["remoteness"], wins[0]["remoteness"] + 1)
                status, data = server.position("connect4", "w=4,h=4", "-")
                self.assertEqual(status, 200, data)
                self.assertEqual(data["source"], "table")
                self.assertEqual(len(data["moves"]), 4)
                self.assertEqual(data["positionValue"], data["moves"][0]["moveValue"])
                # A position the table does not hold is refused, not guessed.
                self.assertEqual(server.position("tictactoe", "regular", "XXXOOO...")[0], 400)
        finally:
            shutil.rmtree(d)

    def test_bad_table(self):
        d = scratch_dir()
        try:
            bad = os.path.join(d, "bad.table")
            with open(bad, "wb") as f:
                f.write(b"not a table")
            for args in [["--table", bad], ["--table", os.path.join(d, "missing")]]:
                status, out, err = run_tool("serve", "--port", "0", *args)
                self.assertEqual(status, 2, err)
                self.assertEqual(len(err.strip().splitlines()), 1, err)
        finally:
            shutil.rmtree(d)


class Limits(unittest.TestCase):
    def test_bad_flags(self):
        for args in [["--port", "70000"], ["--port", "x"], ["--workers", "0"], ["--bogus"],
                     ["--static", "/nonexistent"], ["--results", "/nonexistent"],
                     ["--time-limit", "-1"], ["extra"], ["--host", "256.1.1.1"]]:
            status, out, err = run_tool("serve", "--port", "0", *args) if args[0] != "--port" \
                else run_tool("serve", *args)
            self.assertEqual(status, 2, (args, err))
            self.assertEqual(len(err.strip().splitlines()), 1, (args, err))
            self.assertIn("error", err)

    def test_time_limit_and_busy(self):
        # One worker, no queue: while the first hard search runs (until its
        # 3 s limit), the others are refused at once as busy.
        with Server("--workers", "1", "--queue", "0", "--time-limit", "3") as server:
            results = []
            def ask(p):
                results.append(server.position("connect4", "regular", p))
            threads = [threading.Thread(target=ask, args=(p,)) for p in ["4", "44", "43"]]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            codes = sorted((s, b["error"]["code"]) for s, b in results)
            self.assertEqual(codes, [(503, "unavailable"), (503, "unavailable"),
                                     (504, "deadline_exceeded")], results)
            msg = [b["error"]["message"] for s, b in results if s == 504][0]
            self.assertIn("--time-limit", msg)
            busy = [b["error"]["message"] for s, b in results if s == 503][0]
            self.assertIn("busy", busy)
            # Free again afterwards.
            self.assertEqual(server.position("tictactoe", "regular", ".........")[0], 200)

    def test_sigterm_stops_cleanly(self):
        server = Server()
        self.assertEqual(server.get("/api/v1/")[0], 200)
        status, err = server.stop(sig=15)
        self.assertEqual(status, 0, err)


if __name__ == "__main__":
    unittest.main()
