"""Where the widgets' front end is: the bundle anywidget loads and its sheet.

In a checkout the repository's ``widgets/`` folder is used, so edits show
at once (an editable install would otherwise serve a stale copy); an
installed wheel carries the same files as ``playbook/static``.  The board
and the review's graph load the same bundle (``widgets/board.js``, built
from ``widgets/src``) and the same sheet.
"""

from __future__ import annotations

import pathlib

__all__ = ["ESM", "CSS", "static_dir"]


def static_dir() -> pathlib.Path:
    """The folder holding ``board.js`` and ``board.css``."""
    package = pathlib.Path(__file__).resolve().parent.parent
    repo = package.parent / "widgets"
    return repo if (repo / "board.js").exists() else package / "static"


#: The front end's ES module, bundled from ``widgets/src``.
ESM = static_dir() / "board.js"
#: The front end's style sheet.
CSS = static_dir() / "board.css"
