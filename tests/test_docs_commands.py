"""The command lines the README and the site's pages show: every
``playbook ...`` in a shell block is one the command accepts, with every
option spelled as its parser knows it.  (They are read, not run: a run of
a million games has no place in a test; the Python blocks run, through
sybil, see conftest.py.)"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from playbook.command.cli import _parser

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "docs").glob("*/*.md"))]
SHELL = re.compile(r"^```(?:bash|sh|console)\n(?P<body>.*?)^```", re.MULTILINE | re.DOTALL)


def command_lines(text: str) -> list[str]:
    """Each ``playbook`` command of the shell blocks in ``text``, its words
    after ``playbook`` (continued lines joined, a comment and the commands
    around it on the line left out)."""
    found = []
    for block in SHELL.finditer(text):
        for line in block["body"].replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            while words:
                cut = words.index("&&") if "&&" in words else len(words)
                command, words = words[:cut], words[cut + 1:]
                named = [i for i, word in enumerate(command) if word == "playbook" or word.endswith("/playbook")]
                if named:
                    found.append(shlex.join(command[named[0] + 1:]))
    return found


def test_the_command_lines_are_found_in_the_blocks():
    text = ("```bash\nplaybook selfplay cosmic \\\n    --games 3 # a comment\nplaybook new-game x && pip install x\n"
            "pip install y && .venv/bin/playbook lite --out _site\n```\n")
    assert command_lines(text) == ["selfplay cosmic --games 3", "new-game x", "lite --out _site"]
    assert command_lines("```python\nplaybook = 1\n```\n") == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_command_a_page_shows_is_one_the_command_accepts(page):
    for line in command_lines(page.read_text()):
        refused = io.StringIO()
        try:
            with contextlib.redirect_stderr(refused):
                _parser().parse_args(shlex.split(line))
        except SystemExit:
            pytest.fail(f"{page.relative_to(ROOT)}: playbook {line}\n{refused.getvalue()}")


def test_the_analysts_guide_shows_its_commands():
    # Its five runs (two selfplay, summary, balance, compare) and the pipx one.
    assert len(command_lines((ROOT / "docs" / "guides" / "analyst.md").read_text())) == 6
