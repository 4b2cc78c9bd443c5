"""Building the documentation site for the tests, and reading what it built.

A build writes the pages it makes from the sources into ``docs/generated/``,
so two builds at once (two test processes) take turns through a lock; each
writes to its own output folder.  The command is the one the teacher's
guide gives, with ``-W``: any warning fails it.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def build(out: Path, lite: bool, env: dict | None = None) -> subprocess.CompletedProcess:
    """Build the site into ``out`` (with the in-browser JupyterLab when
    ``lite``), returning the finished command with its output."""
    environment = {**os.environ, "PLAYBOOK_DOCS_LITE": "1" if lite else "0", **(env or {})}
    lock = DOCS / ".build.lock"
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        return subprocess.run(
            [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-d", str(out / ".doctrees"),
             str(DOCS), str(out)],
            capture_output=True, text=True, env=environment, cwd=ROOT)


class Page(HTMLParser):
    """One built page: its ids, its links (``<a href>``) and what it loads
    (``src`` of scripts, images and frames, ``href`` of style sheets)."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.loads: list[str] = []
        #: The text a reader sees outside code (where markup shows as written).
        self.prose: list[str] = []
        self._in_code = 0
        self.feed(path.read_text())

    def handle_endtag(self, tag):
        if tag in ("pre", "code", "script", "style"):
            self._in_code -= 1

    def handle_data(self, data):
        if not self._in_code:
            self.prose.append(data)

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag in ("pre", "code", "script", "style"):
            self._in_code += 1
        if found.get("id"):
            self.ids.add(found["id"])
        if tag == "a" and found.get("href"):
            self.links.append(found["href"])
        elif tag in ("script", "img", "iframe", "source", "audio", "video") and found.get("src"):
            self.loads.append(found["src"])
        elif tag == "link" and found.get("href"):
            self.loads.append(found["href"])


def pages(site: Path) -> dict[Path, Page]:
    """Every HTML page of the site but the in-browser JupyterLab's own (``lite/``)."""
    return {path: Page(path) for path in sorted(site.rglob("*.html")) if "lite" not in path.relative_to(site).parts[:1]}


def target(page: Path, reference: str) -> tuple[Path, str] | None:
    """The file and fragment a relative ``reference`` on ``page`` points to,
    or None for one that leaves the site (another scheme or host)."""
    parts = urlsplit(reference)
    if parts.scheme or parts.netloc:
        return None
    path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    return path, unquote(parts.fragment)
