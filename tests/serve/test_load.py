"""A bounded load test of `gamebench serve` on loopback (ctest: Serve.Load):
8 clients send 1,000 position requests in all (tic-tac-toe positions along
random games), every answer is checked against an independent minimax in
Python, none may be refused, and the server's resident memory after the
second half is within a few MiB of what it was after the first half."""

import functools
import random
import sys
import threading
import unittest

from serve_helper import Server

CLIENTS = 8
REQUESTS = 1000
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]
WORD = {1: "win", 0: "tie", -1: "lose"}


@functools.lru_cache(maxsize=None)
def value(board):
    """The value of a tic-tac-toe board (row by row, X O .) for the player to move."""
    mover = "X" if board.count("X") == board.count("O") else "O"
    other = "O" if mover == "X" else "X"
    if any(all(board[i] == other for i in line) for line in LINES):
        return -1
    empty = [i for i, c in enumerate(board) if c == "."]
    if not empty:
        return 0
    return max(-value(board[:i] + mover + board[i + 1:]) for i in empty)


class Load(unittest.TestCase):
    def test_thousand_requests_from_eight_clients(self):
        with Server("--workers", "2", "--queue", "16") as server:
            errors = []
            lock = threading.Lock()

            def client(seed, count):
                rng = random.Random(seed)
                board = "........."
                for _ in range(count):
                    status, data = server.position("tictactoe", "regular", board)
                    if status != 200:
                        with lock:
                            errors.append((board, status, data))
                        return
                    want = value(board)
                    got = [data["positionValue"] == WORD[want]]
                    for m in data["moves"]:
                        got.append(m["positionValue"] == WORD[value(m["position"])])
                        got.append(m["moveValue"] == WORD[-value(m["position"])])
                    if not all(got):
                        with lock:
                            errors.append((board, "wrong", data))
                        return
                    board = rng.choice(data["moves"])["position"] if data["moves"] else "........."

            def wave(seed):
                per = REQUESTS // 2 // CLIENTS
                threads = [threading.Thread(target=client, args=(seed * 100 + i, per))
                           for i in range(CLIENTS)]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()

            wave(1)
            rss_half = server.rss_kib()
            wave(2)
            rss_end = server.rss_kib()
            print(f"load: {REQUESTS} requests from {CLIENTS} clients; resident memory "
                  f"{rss_half} KiB after the first half, {rss_end} KiB after all", file=sys.stderr)
            self.assertEqual(errors, [])
            # Flat: the cache is bounded, each request's table is freed.
            self.assertLess(rss_end - rss_half, 8 * 1024, (rss_half, rss_end))
            status, err = server.stop()
            self.assertEqual(status, 0, err)


if __name__ == "__main__":
    unittest.main()
