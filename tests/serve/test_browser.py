"""The explorer as a person uses it, in headless Chromium (ctest:
Serve.Browser; Debian's chromium, chromium-driver and python3-selenium).

Plays tic-tac-toe against perfect play (checking every move's value and
colour against `gamebench solve`, then a deliberate blunder that perfect play
must punish), undoes and redoes, loads a Connect Four position and checks its
moves' scores, sorts a results table, and saves a screenshot of each page
into the test's scratch folder (GAMEBENCH_SCREENSHOT_DIR keeps them: that is
how docs/explorer.md's were made).
"""

import os
import re
import shutil
import unittest

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from serve_helper import SOURCE_DIR, Server, scratch_dir, solve_json, solve_word

CONNECT4_POSITION = "7422341735647741166133573473242566"  # Pons' Test_L3_R1, line 2
# GamesmanUni's colours (its styles/_index.scss).
COLOURS = {"win": (0, 128, 0), "tie": (255, 255, 0), "draw": (255, 255, 0), "lose": (128, 0, 0)}


def make_driver(tmp):
    """Chromium with its profile and temporary files in `tmp` (it leaves files in
    its temp dir: the test's own scratch folder, removed at the end)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--window-size=1100,860", "--disable-extensions", "--no-first-run"]:
        options.add_argument(a)
    options.add_argument("--user-data-dir=" + os.path.join(tmp, "profile"))
    env = dict(os.environ, TMPDIR=tmp, HOME=tmp)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver", env=env), options=options)


def rgba(css):
    m = re.match(r"rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)", css)
    assert m, css
    return tuple(int(m.group(i)) for i in (1, 2, 3)), float(m.group(4) or 1)


class Browser(unittest.TestCase):
    def setUp(self):
        self.keep = os.environ.get("GAMEBENCH_SCREENSHOT_DIR")
        self.shots = self.keep or scratch_dir()
        self.browser_tmp = scratch_dir()
        self.server = Server("--results", os.path.join(SOURCE_DIR, "results"))
        self.driver = make_driver(self.browser_tmp)

    def tearDown(self):
        self.driver.quit()
        status, err = self.server.stop()
        self.assertEqual(status, 0, err)
        shutil.rmtree(self.browser_tmp)
        if not self.keep:
            shutil.rmtree(self.shots)

    def wait_ready(self, ply=None):
        def ready(d):
            body = d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes"
            value = d.find_element(By.ID, "value").get_attribute("data-ply")
            return body and (ply is None or value == str(ply))
        WebDriverWait(self.driver, 60, poll_frequency=0.05).until(ready)
        self.assertEqual(self.driver.find_element(By.ID, "error").text, "")

    def screenshot(self, name):
        path = os.path.join(self.shots, name)
        self.assertTrue(self.driver.save_screenshot(path))
        with open(path, "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")

    def moves(self):
        out = []
        for b in self.driver.find_elements(By.CSS_SELECTOR, "#moves button.move"):
            out.append({k: b.get_attribute("data-" + k)
                        for k in ("move", "value", "position", "score", "opacity")})
            out[-1]["element"] = b
            out[-1]["colour"] = rgba(b.value_of_css_property("background-color"))
        return out

    def check_moves(self, spec, moves, scored=False):
        """Each move's value against `gamebench solve` of its child; its colour GamesmanUni's."""
        for m in moves:
            child = solve_json(spec, m["position"])
            if scored:
                self.assertEqual(int(m["score"]), -child["value"], m)
            else:
                self.assertEqual(m["value"], solve_word({"win": "loss", "loss": "win",
                                                         "draw": "draw"}[child["value"]]), m)
            rgb, alpha = m["colour"]
            self.assertEqual(rgb, COLOURS[m["value"]], m)
            self.assertAlmostEqual(alpha, float(m["opacity"]), places=2)

    def test_play_tictactoe_then_connect4_then_results(self):
        d = self.driver
        # --- tic-tac-toe against perfect play, the person moving first.
        d.get(self.server.url + "#tictactoe/regular")
        self.wait_ready(0)
        Select(d.find_element(By.ID, "mode")).select_by_value("second")
        ply, blundered = 0, False
        while True:
            moves = self.moves()
            if not moves:
                break
            self.check_moves("tictactoe", moves)
            # The board's empty cells wear the same colours as the list.
            for m in moves:
                cell = d.find_element(By.CSS_SELECTOR, f'#board rect[data-cell="{m["move"]}"]')
                self.assertEqual(rgba(cell.get_attribute("fill"))[0], m["colour"][0])
            losing = [m for m in moves if m["value"] == "lose"]
            if ply >= 2 and losing and not blundered:
                choice, blundered = losing[0], True
                self.screenshot("explorer-tictactoe.png")  # every kind of move on the board
            else:
                choice = moves[0]
            d.find_element(By.CSS_SELECTOR, f'#board rect[data-cell="{choice["move"]}"]').click()
            # Perfect play answers at once unless the game is over.
            WebDriverWait(d, 60, poll_frequency=0.05).until(
                lambda d: d.find_element(By.ID, "value").get_attribute("data-ply") != str(ply) and
                d.find_element(By.TAG_NAME, "body").get_attribute("data-ready") == "yes")
            ply = int(d.find_element(By.ID, "value").get_attribute("data-ply"))
        self.assertTrue(blundered)
        # Perfect play won: the game ended on the person's turn, lost.
        self.assertEqual(ply % 2, 0)
        self.assertEqual(d.find_element(By.ID, "value").get_attribute("data-value"), "lose")
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#history circle")), ply + 1)
        d.find_element(By.ID, "undo").click()
        self.wait_ready(ply - 2)
        self.assertEqual(len(d.find_elements(By.CSS_SELECTOR, "#history circle")), ply - 1)
        d.find_element(By.ID, "redo").click()
        self.wait_ready(ply)
        link = d.find_element(By.ID, "json-link").get_attribute("href")
        self.assertIn("/api/v1/tictactoe/regular/positions/?p=", link)

        # --- a Connect Four position: every column's score.
        d.get(self.server.url + "index.html?connect4#connect4/regular/" + CONNECT4_POSITION)
        self.wait_ready(0)
        moves = self.moves()
        self.assertEqual(len(moves), len(d.find_elements(By.CSS_SELECTOR, "#board rect.hint")))
        self.check_moves("connect4", moves, scored=True)
        self.assertEqual([int(m["score"]) for m in moves],
                         sorted((int(m["score"]) for m in moves), reverse=True))
        self.assertIn("score 1", d.find_element(By.ID, "value").text)
        self.screenshot("explorer-connect4.png")

        # --- the results page: a sortable table of the run's records.
        d.get(self.server.url + "results.html")
        WebDriverWait(d, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#records tbody tr"))
        Select(d.find_element(By.ID, "kind")).select_by_value("solve")
        columns = [th.get_attribute("data-column")
                   for th in d.find_elements(By.CSS_SELECTOR, "#records th")]
        col = columns.index("nodes")
        for descending in (False, True):
            d.find_element(By.CSS_SELECTOR, '#records th[data-column="nodes"]').click()
            cells = d.find_elements(By.CSS_SELECTOR, f"#records tbody tr td:nth-child({col + 1})")
            nodes = [int(c.text) for c in cells if c.text]
            self.assertGreater(len(nodes), 10)
            self.assertEqual(nodes, sorted(nodes, reverse=descending))
        self.assertGreater(len(d.find_elements(By.CSS_SELECTOR, "#figures img")), 0)
        d.execute_script("window.scrollTo(0, 0)")
        self.screenshot("explorer-results.png")


if __name__ == "__main__":
    unittest.main()
