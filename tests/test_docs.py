"""The documentation site: it builds with no warning, every link and every
file a page loads is on the site, and the pages made from the sources
cover them all (every notebook, game, module and command).

The build here leaves out the in-browser JupyterLab (``PLAYBOOK_DOCS_LITE=0``,
so the try-it pages must say so and link nowhere) and can reach no other
host; the browser test
(tests/browser/test_docs_site.py) builds the whole site and opens it.
"""

from __future__ import annotations

import ast
import html
import importlib
import inspect
import os
import pkgutil
import re

import pytest
from docs_site import ROOT, build, pages, target

import playbook
from playbook.site import lite

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs") / "html"
    # Every request to another host goes to a closed port of this machine, so
    # a build that reached out (an inventory, a theme's font) would fail.
    nowhere = {name: "http://127.0.0.1:9" for name in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy")}
    done = build(out, lite=False, env={**nowhere, "NO_PROXY": "127.0.0.1,localhost", "no_proxy": "127.0.0.1,localhost"})
    assert done.returncode == 0, f"the build failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    assert "WARNING" not in done.stderr and "ERROR" not in done.stderr, done.stderr
    return out


@pytest.fixture(scope="module")
def parsed(site):
    return pages(site)


def test_every_link_and_anchor_on_the_site_is_there(site, parsed):
    broken = []
    for path, page in parsed.items():
        for reference in page.links + page.loads:
            found = target(path, reference)
            if found is None or reference.startswith("data:"):
                continue
            file, fragment = found
            if not file.is_file():
                broken.append(f"{path.relative_to(site)}: {reference} (no file)")
            elif fragment and file.suffix == ".html" and fragment not in parsed[file].ids:
                broken.append(f"{path.relative_to(site)}: {reference} (no #{fragment})")
    assert not broken, "\n".join(broken[:40])


def test_no_page_loads_anything_from_another_host(site, parsed):
    outside = [f"{path.relative_to(site)}: {ref}" for path, page in parsed.items() for ref in page.loads
               if target(path, ref) is None and not ref.startswith("data:")]
    assert not outside, "\n".join(outside[:40])


def test_no_page_shows_markup_its_source_meant_as_a_link(site, parsed):
    # A role the parser did not read (inside emphasis, say) shows as typed.
    role = re.compile(r":(?:py:)?(?:doc|ref|mod|class|func|meth|attr|data|obj|exc):`")
    shown = [f"{path.relative_to(site)}: {text.strip()[:80]}" for path, page in parsed.items()
             for text in page.prose if role.search(text)]
    assert not shown, "\n".join(shown[:20])


def test_every_notebook_has_its_page_with_its_board_pictures(site):
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "examples").rglob("*.ipynb"))
    assert len(notebooks) > 10
    for notebook in notebooks:
        page = site / "generated" / "tutorials" / f"{notebook.stem}.html"
        assert page.is_file(), f"{notebook.relative_to(ROOT)} has no page"
        # Every board a notebook saved (a picture in its output) is on its page.
        saved = notebook.read_text().count('class=\\"pb-picture\\"')
        assert page.read_text().count('class="pb-picture"') >= saved, notebook.name
    # A tutorial: its saved outputs hold board pictures, so its page shows them.
    assert site.joinpath("generated/tutorials/cosmic_chess.html").read_text().count('class="pb-picture"') >= 5


def test_every_installed_game_has_its_rules_page_with_its_clarifications(site):
    for key in playbook.available():
        page = (site / "generated" / "games" / f"{key}.html").read_text()
        assert playbook.load(key).title in page
        assert "Rules clarifications" in page or "rules clarifications" in page.lower(), key


def public_names(name: str) -> list[str]:
    """Every public name the module ``name`` defines, found here apart from
    the site's own code: the classes and functions whose home it is, each
    class's members, and the names it assigns at its top level (not those it
    imports): those its ``__all__`` lists, or without one all but those
    starting with an underscore."""
    module = importlib.import_module(name)
    listed = getattr(module, "__all__", None)

    def public(attr: str) -> bool:
        return attr in listed if listed is not None else not attr.startswith("_")

    found = []
    for attr, value in vars(module).items():
        if not public(attr) or getattr(value, "__module__", None) != name:
            continue
        if inspect.isclass(value) or (callable(value) and getattr(value, "__qualname__", None) == attr):
            found.append(f"{name}.{attr}")
        if inspect.isclass(value):
            found += [f"{name}.{attr}.{member}" for member in vars(value) if not member.startswith("_")]
    body = list(ast.parse(inspect.getsource(module)).body)
    while body:
        statement = body.pop()
        if isinstance(statement, (ast.If, ast.Try)):
            body += [*statement.body, *statement.orelse]
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            found += [f"{name}.{n.id}" for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)
                      and public(n.id) and not inspect.ismodule(getattr(module, n.id, None))]
    return sorted(set(found))


def test_every_public_name_of_every_module_is_on_its_api_page(site):
    modules = [m.name for m in pkgutil.walk_packages(playbook.__path__, "playbook.") if not m.name.endswith("__main__")]
    missing = []
    for name in ["playbook", *modules]:
        page = site / "generated" / "api" / f"{name}.html"
        ids = set(re.findall(r'id="([^"]+)"', page.read_text())) if page.is_file() else set()
        # The page is the module's (playbook.analysis binds compare, the
        # module's name, to the function it holds: the page is still the module's).
        missing += [n for n in [f"module-{name}", *public_names(name)] if n not in ids]
    assert not missing, f"{len(missing)} names have no entry on their module's page: {missing[:30]}"
    core = (site / "generated" / "api" / "playbook.core.html").read_text()
    # A public name of the contract, its signature and its docstring.
    assert 'id="playbook.core.State.play"' in core and "IllegalAction" in core
    # A constant shows its value (the source's ORTH = ("n", "e", "s", "w")); a
    # table too long to read beside its name (DIRS, a dict of eight vectors) does not.
    board_page = (site / "generated" / "api" / "playbook.games.ccc.board.html").read_text()
    board = html.unescape(re.sub(r"<[^>]+>", "", board_page))
    assert "ORTH = ('n', 'e', 's', 'w')" in board
    assert "DIRS =" not in board and "DIRS" in board


def test_every_subcommand_is_on_the_commands_page(site):
    from playbook.command.cli import _parser

    page = (site / "reference" / "commands.html").read_text()
    commands = next(a for a in _parser()._actions if a.dest == "command").choices
    assert len(commands) >= 4
    for name, parser in commands.items():
        assert re.search(rf">\s*{re.escape(name)}\s*<", page), name
        for action in parser._actions:
            for option in action.option_strings:
                assert option in page, f"{name} {option}"


def test_the_try_it_pages_say_the_site_is_missing_and_link_nowhere(site, parsed):
    for notebook in lite.site_notebooks(ROOT):
        page = site / "generated" / "try" / f"{notebook.stem}.html"
        assert "built without the in-browser JupyterLab" in page.read_text()
        assert not any("lite/" in ref for ref in parsed[page].links + parsed[page].loads)
    assert not (site / "lite").exists()


def test_a_build_that_cannot_make_the_in_browser_site_says_so(tmp_path):
    # No npm on the PATH and no runtime kept: the site cannot be built.
    bare = tmp_path / "bin"
    bare.mkdir()
    os.symlink(os.sys.executable, bare / "python")
    done = build(tmp_path / "html", lite=True, env={"PATH": str(bare), "PLAYBOOK_LITE_CACHE": str(tmp_path / "cache")})
    assert done.returncode != 0
    assert "the try-it pages need the JupyterLite site, which cannot be built here: npm is not on the PATH" in (
        done.stderr.replace("\n", " "))
    assert "PLAYBOOK_DOCS_LITE=0" in done.stderr
    assert not (tmp_path / "html" / "index.html").exists()
