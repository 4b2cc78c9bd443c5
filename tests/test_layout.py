"""How the package is laid out: the engines know no game, and the project's
modules import each other at the top, not inside functions."""

from __future__ import annotations

import ast
import pathlib
import re

from playbook import available, load

PACKAGE = pathlib.Path(__file__).resolve().parent.parent / "playbook"


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings in ``tree``."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                ids.add(id(body[0].value))
    return ids


def whole_words(text: str) -> set[str]:
    """The whole words of ``text``, lower case: its runs of letters, digits
    and underscores, and the parts of those between underscores."""
    runs = re.findall(r"[a-z0-9_]+", text.lower())
    return set(runs) | {part for run in runs for part in run.split("_") if part}


def test_game_names_are_matched_as_whole_words_only():
    assert "go" not in whole_words("algorithm going") and "go" in whole_words("play go") and "go" in whole_words("GO_RULES")
    assert "lines" in whole_words("Lines of Action") and "cosmic" in whole_words("cosmic_value")


def game_names() -> set[str]:
    """The names games answer to as words: each installed game's key and aliases."""
    return {name for key in available() for name in (key, *load(key).descriptor.aliases)}


def test_game_names_are_keys_and_aliases_never_the_words_of_a_title():
    # A title's words ("and", "of", "chess") name no game: "Lines of Action" would make "of" one.
    names = game_names()
    assert {"cosmic", "cosmic_chess", "wheel", "chess_wheel"} <= names
    assert not {"of", "and", "the", "chess", "cosmic chess"} & names


def test_the_engines_import_no_game_and_name_none():
    names = game_names()
    found = []
    for path in sorted((PACKAGE / "analysis").rglob("*.py")):
        tree = ast.parse(path.read_text())
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            words = []
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level == 2 and module.startswith("games.") or module.startswith("playbook.games."):
                    found.append(f"{path.name}:{node.lineno} imports {module}")
                words = [module] + [a.name for a in node.names]
            elif isinstance(node, ast.Name):
                words = [node.id]
            elif isinstance(node, ast.Attribute):
                words = [node.attr]
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                words = [node.name]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                words = [node.value]
            for word in words:
                hit = sorted(names & whole_words(word))
                if hit:
                    found.append(f"{path.name}:{node.lineno} names {hit[0]} in {word[:40]!r}")
    assert not found, "\n".join(found)


def _imports_inside_functions():
    """(path, line, has a comment) of every import of the project's own
    modules made inside a function."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text()
        lines = text.splitlines()
        for fn in ast.walk(ast.parse(text)):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                own = (isinstance(node, ast.ImportFrom) and (node.level > 0 or (node.module or "").startswith("playbook"))
                       or isinstance(node, ast.Import) and any(a.name.startswith("playbook") for a in node.names))
                if own:
                    said = "#" in lines[node.lineno - 1] or lines[node.lineno - 2].strip().startswith("#")
                    found.append((path.relative_to(PACKAGE.parent), node.lineno, said))
    return found


def test_at_most_seven_of_the_projects_imports_sit_inside_functions_each_with_its_reason():
    # Among them: core's renderer, imported when a position is first drawn,
    # and the Chess Wheel+ puzzle hook's exercise (the board widget with it),
    # imported when a learner's exercise is built, so that processes that
    # only play or check (self-play workers, the puzzle checker) load neither;
    # and the shared checks, imported by the pytest plugin only for a test
    # that uses them, since every pytest run where playbook is installed
    # loads the plugin; and the command's own modules, loaded where a Ctrl-C is already taken.
    inside = _imports_inside_functions()
    assert len(inside) <= 7, inside
    assert all(said for _, _, said in inside), [f"{p}:{n}" for p, n, said in inside if not said]


def test_the_contract_imports_no_game_and_not_the_games_registry():
    tree = ast.parse((PACKAGE / "core.py").read_text())
    modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level > 0]
    modules += [a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names]
    assert not [m for m in modules if m == "games" or m.startswith("games.") or "playbook.games" in m], modules


def test_the_contract_imports_the_renderer_only_when_a_position_is_drawn():
    # At the top of core.py no import names the renderer: only drawing a position loads it.
    tree = ast.parse((PACKAGE / "core.py").read_text())
    top = [node for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom))]
    named = [a.name for node in top for a in node.names] + [node.module or "" for node in top
                                                             if isinstance(node, ast.ImportFrom)]
    assert not [name for name in named if "render" in name], named


def _oversized(paths, class_lines: int = 350, function_lines: int = 100) -> list[str]:
    """The classes and functions in ``paths`` longer than their limits."""
    found = []
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text())):
            limit = (class_lines if isinstance(node, ast.ClassDef)
                     else function_lines if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None)
            if limit is not None and node.end_lineno - node.lineno + 1 > limit:
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}")
    return found


def test_the_board_widget_is_joined_from_parts_none_over_350_lines_and_no_function_over_100():
    parts = sorted((PACKAGE / "widget").glob("*.py"))
    assert len(parts) > 1
    assert not _oversized(parts)


def test_no_class_in_the_package_is_over_350_lines_and_no_function_over_100():
    assert not _oversized(sorted(PACKAGE.rglob("*.py")))
