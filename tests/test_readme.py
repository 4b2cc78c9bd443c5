"""The README, the repository's front page: its picture is the board the
package draws today, and its links into the documentation site name pages
the site has."""

from __future__ import annotations

import re
from pathlib import Path

from playbook import load

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()
SITE = re.search(r'^Documentation = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.MULTILINE).group(1)
#: The pages the site makes from the sources at build time (docs/_ext/playbook_docs).
MADE = {"generated/games/index", "generated/tutorials/index", "generated/try/index"}


def test_the_readme_picture_is_the_board_the_package_draws():
    picture = ROOT / "docs" / "readme-board.svg"
    assert f'src="{picture.relative_to(ROOT).as_posix()}"' in README
    drawn = load("cosmic").initial().play("c2-d3").svg()
    assert picture.read_text() == drawn, (
        "the drawing changed: write the picture again with python -c \"from playbook import load; "
        "open('docs/readme-board.svg', 'w').write(load('cosmic').initial().play('c2-d3').svg())\"")


def test_the_readme_links_into_the_site_reach_its_pages():
    assert SITE.endswith("/")
    linked = re.findall(re.escape(SITE) + r"([\w/.-]*)", README)
    pages = {p.removesuffix(".html") for p in linked if p.endswith(".html")}
    assert {"guides/learner", "guides/teacher", "guides/analyst", "guides/designer", "guides/contributor"} <= pages
    for page in pages:
        written = any((ROOT / "docs" / f"{page}{suffix}").is_file() for suffix in (".md", ".rst"))
        assert written or page in MADE, f"the README links to {page}.html, which the site does not have"
