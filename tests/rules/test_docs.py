"""Docs that cannot drift: what docs/*.md, README.md and the code's comments
name exists in the tree, and every script answers --help. Run by ctest
(Rules.DocsAndScripts):
    python3 -m unittest discover -s tests/rules

What counts (docs/testing.md, "Docs that cannot drift"):
  - a PATH is a word that starts with a top folder of the tree (core/ games/
    solvers/ cgt/ tool/ bench/ results/ tests/ docs/ scripts/ python/ fuzz/ .ci/),
    anywhere in the text of the docs and in any comment of a C++ file, or
    README.md / CMakeLists.txt in backticks. `<name>` and `*` in it match
    any name, `{a,b}` either; it must name at least one file or folder;
  - a SYMBOL is a backticked name in the docs or in a header's opening
    comment that looks like code: CamelCase (`SolveReport`,
    `retro::ChildFold`, `ReusesTable<S, G>`, `MoveOrder(s, m)`), a constant
    (`kName`), a snake_case name with an underscore (`split_fields`) or a
    GAMEBENCH_ macro; in a header's opening comment also a name with an
    inner capital without backticks (TableAlphaBeta); it must occur as a word
    in the tree's code (any file outside docs/, README.md and results/, its
    comments left out). Written "`Symbol` in `path`" (in a comment also
    "Name in path"), it must occur in that file (or under that folder);
  - every script under scripts/ runs with --help (exit status 0);
  - the CI stage times are quoted in the README only; other docs link to it;
  - no text speaks of the current branch ("this branch" names nothing once
    it is merged).
Exceptions are listed below, each with its reason.
"""

import glob
import os
import re
import subprocess
import sys
import unittest

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

TOP_FOLDERS = ("core", "games", "solvers", "cgt", "tool", "bench", "results", "tests", "docs", "scripts",
               "python", "fuzz", ".ci")

# Paths that are named but need not exist, and why.
PATH_EXCEPTIONS = {
    "results/full/": "written by `scripts/main_job.sh --full`, not committed until such a run",
    "results/full/REPORT.md": "written by `scripts/main_job.sh --full`",
    "results/tmp/": "a scratch folder of the main job, ignored by git",
}

# Symbols that are named but are not in our code, and why.
SYMBOL_EXCEPTIONS = {
    "MPI_Alltoallv": "Open MPI's call, named where the tiered analysis exchanges positions",
    "KeyboardInterrupt": "Python's exception",
    "ValueError": "Python's exception",
    "TypeError": "Python's exception",
    "GamesmanOne": "the peer whose tier solver the split follows",
    "GamesCrafters": "the group that wrote GamesmanOne",
    "ThreadSanitizer": "the sanitizer (a tool, not our code)",
    "TypeName": "a placeholder: GAMEBENCH_TOOL_GAME_UNIT(TypeName)",
    "do_wp_page": "a Linux kernel function, in a perf profile",
    "flush_tlb_mm_range": "a Linux kernel function, in a perf profile",
    "smp_call_function_many_cond": "a Linux kernel function, in a perf profile",
    "clear_page_erms": "a Linux kernel function, in a perf profile",
    "deadline_exceeded": "an absl status code as the tool's JSON error prints it (lower case)",
}

# Docs whose paths may also be relative to a folder they describe.
PATH_BASES = {
    os.path.join("docs", "results.md"): ["results"],  # its table of what results/ holds
}

PATH_RE = re.compile(r"(?<![\w./~-])((?:%s)/[\w.+\-/<>*{},]*)" %
                     "|".join(re.escape(f) for f in TOP_FOLDERS))
BACKTICK_RE = re.compile(r"`([^`\n]+)`")
CAMEL = r"[A-Z][A-Za-z0-9_]*[a-z][A-Za-z0-9_]*"
SYMBOL_RES = [
    # CamelCase, maybe qualified, maybe with template or call arguments.
    re.compile(r"^(?:[A-Za-z_]\w*::)*(%s)(?:<[^`]*>)?(?:\([^`]*\))?$" % CAMEL),
    re.compile(r"^(?:[A-Za-z_]\w*::)*(k[A-Z]\w*)(?:<[^`]*>)?$"),
    re.compile(r"^([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:\(\))?$"),
    re.compile(r"^(GAMEBENCH_[A-Z0-9_]+)(?:=\S*)?$"),
]
SYMBOL_IN_PATH_RE = re.compile(r"`([^`\n]+)` (?:in|of|from) `([^`\n]+)`")
# In a comment, a name with an inner capital (TableAlphaBeta, SolveReport).
PLAIN_SYMBOL_RE = re.compile(r"(?<![\w:])(?:[A-Za-z_]\w*::)*([A-Z][a-z0-9]+[A-Z]\w*)")
# The same in plain text (comments): a name with an inner capital or a macro.
PLAIN_SYMBOL_IN_PATH_RE = re.compile(
    r"(?<![\w`])((?:[A-Za-z_]\w*::)*(?:[A-Z][a-z0-9]+[A-Z]\w*|GAMEBENCH_[A-Z0-9_]+))(?:\(\w*\))?"
    r"\s+(?:in|of|from)\s+((?:%s)/[\w.+\-/]*\w)" % "|".join(re.escape(f) for f in TOP_FOLDERS))
CODE_EXTENSIONS = (".h", ".cc", ".py", ".pyi", ".sh", ".cmake", ".txt", ".tsv", ".toml", ".cfg")


def tree_files():
    """The tree's files, relative to ROOT, without build trees and caches."""
    out = []
    for dirpath, dirnames, filenames in os.walk(ROOT):
        rel = os.path.relpath(dirpath, ROOT)
        dirnames[:] = [d for d in dirnames if not (d.startswith("build") and rel == ".")
                       and d not in (".git", "__pycache__")]
        for f in filenames:
            out.append(os.path.normpath(os.path.join(rel, f)))
    return out


FILES = tree_files()


def without_comments(path, text):
    """The text without its comments (// in C++, # in Python, shell and
    CMake), so that a name mentioned only in a comment does not count."""
    marker = "//" if path.endswith((".h", ".cc")) else "#" if path.endswith(
        (".py", ".pyi", ".sh", ".cmake", ".txt")) or os.path.basename(path) == "run" else None
    if marker is None:
        return text
    lines = []
    for line in text.splitlines():
        i = line.find(marker)
        while i >= 0 and line.count('"', 0, i) % 2 == 1:  # inside a string
            i = line.find(marker, i + 1)
        lines.append(line if i < 0 else line[:i])
    return "\n".join(lines)


def code_text():
    """All code of the tree in one text, without comments (not the docs, not
    the results, not this test)."""
    parts = []
    for f in FILES:
        if (f.startswith(("docs" + os.sep, "results" + os.sep, os.path.join("tests", "rules")))
                or f == "README.md"):
            continue
        if f.endswith(CODE_EXTENSIONS) or os.path.basename(f) in ("CMakeLists.txt", "run"):
            with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
                parts.append(without_comments(f, fh.read()))
    return "\n".join(parts)


CODE = code_text()
CODE_WORDS = set(re.findall(r"[A-Za-z0-9_]+", CODE))
# A build target is named after its file (bench/tt_start_bench.cc: tt_start_bench).
FILE_STEMS = {os.path.splitext(os.path.basename(f))[0] for f in FILES}


def doc_files():
    return sorted(glob.glob(os.path.join(ROOT, "docs", "*.md"))) + [os.path.join(ROOT, "README.md")]


def comments(path):
    """The // comments of a C++ file, as (line number, text)."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            i = line.find("//")
            if i >= 0 and line.count('"', 0, i) % 2 == 0:
                out.append((n, line[i + 2:]))
    return out


def opening_comment(path):
    """A header's opening comment: the // lines after its include guard,
    before the first line of code."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            s = line.strip()
            if s.startswith(("#ifndef", "#define")) and not out:
                continue
            if s.startswith("//"):
                out.append((n, s[2:]))
            elif s == "" and (not out or n < 5):
                continue
            elif s == "":
                out.append((n, ""))
            else:
                break
    return out


def cpp_files(ext):
    return sorted(f for f in FILES if f.endswith(ext) and f.split(os.sep)[0] in TOP_FOLDERS)


def expand_braces(path):
    m = re.search(r"\{([^{}]*)\}", path)
    if not m:
        return [path]
    return [p for alt in m.group(1).split(",")
            for p in expand_braces(path[:m.start()] + alt + path[m.end():])]


def path_exists(path, bases=()):
    """Whether PATH names something in the tree; a module named without its
    extension (core/memory) names its header."""
    path = path.rstrip(".,:;)'\"")
    if path in PATH_EXCEPTIONS:
        return True
    for p in expand_braces(path):
        pattern = re.sub(r"<[^>]*>", "*", p)
        if not any(glob.glob(os.path.join(ROOT, base, candidate))
                   for base in ("", *bases) for candidate in (pattern, pattern + ".h")):
            return False
    return True


def paths_in(text):
    return [m.group(1) for m in PATH_RE.finditer(text)]


def symbol_of(token):
    """The name a backticked token names, or None when it is not a symbol."""
    token = token.strip()
    for r in SYMBOL_RES:
        m = r.match(token)
        if m:
            return m.group(1)
    return None


def occurs(name, text):
    return re.search(r"(?<![A-Za-z0-9_])%s(?![A-Za-z0-9_])" % re.escape(name), text) is not None


def in_code(name):
    return name in CODE_WORDS or name in FILE_STEMS


class DocsNameWhatExists(unittest.TestCase):
    def check_paths(self, where, lines):
        bases = PATH_BASES.get(where, [])
        missing = []
        for n, text in lines:
            for token in BACKTICK_RE.findall(text):
                if token in ("README.md", "CMakeLists.txt") and not os.path.exists(os.path.join(ROOT, token)):
                    missing.append(f"{where}:{n}: {token}")
            for p in paths_in(text):
                if not path_exists(p, bases):
                    missing.append(f"{where}:{n}: {p}")
        return missing

    def check_symbols(self, where, lines, plain=False):
        """Backticked symbols; with PLAIN, also names with an inner capital
        outside backticks (a header's comment names code without them)."""
        missing = []
        for n, text in lines:
            for token in BACKTICK_RE.findall(text):
                name = symbol_of(token)
                if name and name not in SYMBOL_EXCEPTIONS and not in_code(name):
                    missing.append(f"{where}:{n}: `{token}`")
            if plain:
                for name in PLAIN_SYMBOL_RE.findall(BACKTICK_RE.sub("", text)):
                    if name not in SYMBOL_EXCEPTIONS and not in_code(name):
                        missing.append(f"{where}:{n}: {name}")
        return missing

    def check_symbols_in_paths(self, where, text):
        wrong = []
        for m in list(SYMBOL_IN_PATH_RE.finditer(text)) + list(PLAIN_SYMBOL_IN_PATH_RE.finditer(text)):
            name, path = symbol_of(m.group(1)), m.group(2)
            if not name or name in SYMBOL_EXCEPTIONS or not PATH_RE.fullmatch(path):
                continue
            full = os.path.join(ROOT, path)
            texts = []
            if os.path.isfile(full):
                texts = [full]
            elif os.path.isdir(full):
                texts = [os.path.join(d, f) for d, _, fs in os.walk(full) for f in fs]
            else:
                continue  # the path check reports it
            found = False
            for t in texts:
                with open(t, encoding="utf-8", errors="replace") as fh:
                    if occurs(name, fh.read()):
                        found = True
                        break
            if not found:
                line = text.count("\n", 0, m.start()) + 1
                wrong.append(f"{where}:{line}: `{m.group(1)}` is not in {path}")
        return wrong

    def test_docs(self):
        problems = []
        for path in doc_files():
            rel = os.path.relpath(path, ROOT)
            with open(path, encoding="utf-8") as f:
                text = f.read()
            lines = list(enumerate(text.splitlines(), 1))
            problems += self.check_paths(rel, lines)
            problems += self.check_symbols(rel, lines)
            problems += self.check_symbols_in_paths(rel, text)
        self.assertEqual(problems, [], "the docs name what is not in the tree")

    def test_header_opening_comments(self):
        problems = []
        for rel in cpp_files(".h"):
            lines = opening_comment(os.path.join(ROOT, rel))
            problems += self.check_symbols(rel, lines, plain=True)
            problems += self.check_symbols_in_paths(rel, "\n".join(t for _, t in lines))
        self.assertEqual(problems, [], "headers' opening comments name what is not in the tree")

    def test_paths_in_code_comments(self):
        problems = []
        for rel in cpp_files(".h") + cpp_files(".cc"):
            lines = comments(os.path.join(ROOT, rel))
            problems += self.check_paths(rel, lines)
            problems += self.check_symbols_in_paths(rel, "\n".join(t for _, t in lines))
        self.assertEqual(problems, [], "comments name files that are not in the tree")

    def test_the_check_can_fail(self):
        self.assertFalse(path_exists("core/no_such_file.h"))
        self.assertFalse(path_exists("games/<name>/no_such_<name>.h"))
        self.assertTrue(path_exists("games/<name>/<name>_test.cc"))
        self.assertTrue(path_exists("tool/operations/{list,solve}.cc"))
        self.assertFalse(path_exists("tool/operations/{list,nosuch}.cc"))
        self.assertEqual(symbol_of("retro::ChildFold"), "ChildFold")
        self.assertEqual(symbol_of("ReusesTable<S, G>"), "ReusesTable")
        self.assertEqual(symbol_of("split_fields"), "split_fields")
        self.assertIsNone(symbol_of("--json"))
        self.assertIsNone(symbol_of("nodes"))
        self.assertFalse(in_code("NoSuchSymbolAnywhere"))
        self.assertEqual(len(self.check_paths("x", [(1, "see core/no_such.h, core/game.h")])), 1)
        self.assertEqual(len(self.check_symbols("x", [(1, "`NoSuchSymbolAnywhere`, `SolveReport`")])), 1)
        self.assertEqual(len(self.check_symbols("x", [(1, "DecideValue gives SolveReport")], plain=True)), 1)
        self.assertEqual(len(self.check_symbols_in_paths(
            "x", "`split_fields` in `scripts/report.py`")), 1)
        self.assertEqual(self.check_symbols_in_paths(
            "x", "`split_fields` in `scripts/gamebench_report/record.py`"), [])
        self.assertEqual(len(self.check_symbols_in_paths(
            "x", "for every pair: GAMEBENCH_TOOL_GAME_UNIT in\n tool/per_game_unit.h")), 1)
        self.assertEqual(self.check_symbols_in_paths(
            "x", "for every pair: GAMEBENCH_TOOL_GAME_UNIT in\n tool/game_handle_impl.h"), [])


class ScriptsAnswerHelp(unittest.TestCase):
    def test_every_script_runs_with_help(self):
        scripts = sorted(glob.glob(os.path.join(ROOT, "scripts", "*.py")) +
                         glob.glob(os.path.join(ROOT, "scripts", "*.sh")))
        self.assertGreater(len(scripts), 10)
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        for script in scripts:
            runner = [sys.executable] if script.endswith(".py") else ["bash"]
            with self.subTest(script=os.path.relpath(script, ROOT)):
                p = subprocess.run(runner + [script, "--help"], capture_output=True, text=True,
                                   timeout=60, env=env, stdin=subprocess.DEVNULL)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertGreater(len(p.stdout.strip().splitlines()), 1, p.stdout)

    def test_the_report_package_imports(self):
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
        p = subprocess.run([sys.executable, "-c", "import gamebench_report.main"],
                           cwd=os.path.join(ROOT, "scripts"), capture_output=True, text=True,
                           timeout=60, env=env)
        self.assertEqual(p.returncode, 0, p.stderr)


class NoWordOfBranches(unittest.TestCase):
    # A branch is merged and gone; "this branch" then names nothing.
    BRANCH_TALK = re.compile(r"\bthis branch\b|\bbranch is merged\b|until (?:its|their|those) \w+ (?:is|are) merged")

    def test_no_text_speaks_of_a_branch(self):
        found = []
        for f in FILES:
            if f.startswith(os.path.join("tests", "rules")) or not f.endswith(
                    (".md", ".h", ".cc", ".py", ".sh", ".txt", ".tsv")):
                continue
            with open(os.path.join(ROOT, f), encoding="utf-8", errors="replace") as fh:
                for n, line in enumerate(fh, 1):
                    if self.BRANCH_TALK.search(line):
                        found.append(f"{f}:{n}: {line.strip()}")
        self.assertEqual(found, [], "say which commit instead")


class StageTimesInOnePlace(unittest.TestCase):
    # A quoted stage time: "done at 452 s", "step 1: 3.5 min", "at 1,194 s".
    STAGE_TIME = re.compile(r"(?:\bat [\d,]+ s\b|step \d+: [\d.]+ min)")

    def test_only_the_readme_quotes_the_ci_stage_times(self):
        with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
            self.assertRegex(f.read(), self.STAGE_TIME)
        for path in doc_files():
            if path.endswith("README.md"):
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            self.assertIsNone(self.STAGE_TIME.search(text),
                              f"{os.path.relpath(path, ROOT)} quotes CI stage times: link to the README")


if __name__ == "__main__":
    unittest.main()
