"""The type stubs name what the module has, and the docstrings say what each
argument does."""
import ast
import inspect
import os

import gamebench

STUBS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "gamebench.pyi")


def public(names):
    return {n for n in names if not n.startswith("_")}


def test_stubs_match_the_module():
    tree = ast.parse(open(STUBS).read())
    functions = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    module_names = public(dir(gamebench))
    module_classes = {n for n in module_names if inspect.isclass(getattr(gamebench, n))}
    assert set(classes) == module_classes
    assert functions == module_names - module_classes
    for name, node in classes.items():
        members = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        assert public(members) == public(dir(getattr(gamebench, name))), name


def test_docstrings_name_every_argument():
    for name, args in [
        ("solve", ["spec", "solver", "position", "time_limit", "memory", "threads", "options"]),
        ("analyze", ["spec", "solver", "save", "checkpoint", "checkpoint_every"]),
        ("grundy", ["spec", "upto", "method", "stop_when_proved", "time_limit"]),
    ]:
        doc = getattr(gamebench, name).__doc__
        for a in args:
            assert a in doc, (name, a)
    for name in ["start", "moves", "play", "terminal", "format", "parse", "key"]:
        assert getattr(gamebench.Game, name).__doc__
    for name in ["query", "value", "remoteness", "counts", "save"]:
        assert getattr(gamebench.Table, name).__doc__
