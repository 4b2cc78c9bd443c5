"""Progress that stays: which exercises a learner has solved, kept across
kernels and days.

The record is one JSON file, ``progress.json``, in the folder named by the
``PLAYBOOK_HOME`` environment variable, or else in the user's data folder
(``platformdirs.user_data_dir("playbook")``: ``~/.local/share/playbook`` on
Linux).  In the browser (JupyterLite's Pyodide kernel, see
:mod:`playbook.lite`) the kernel's home folder is lost with the page, so the
file lives in the folder ``.playbook`` of the site's drive (``/drive``, kept
in the browser's storage with the notebooks) and survives a reload.

It holds, for each tutorial title, the prompts of the exercises solved::

    {"format": 1, "tutorials": {"Kelasu, part 1": ["Capture the red general.", ...]}}

Other kinds of progress live in the same file under keys of their own
(:meth:`Progress.section` and :meth:`Progress.keep`); each write leaves the
others as they are.  The file is read
afresh each time, so two notebooks open at once see each other's progress.

A missing file is an empty record.  A file that cannot be read (corrupted,
or of the wrong shape) or written (a read-only folder) never stops a
tutorial: a :class:`ProgressWarning` says what happened and the tutorial
carries on, remembering nothing new.  A corrupted file is kept beside the
new one as ``progress.json.bad`` when the record is next written.

:func:`overview` reads the tutorial notebooks of a folder and tells how far
the learner has got in each, as the start notebook shows it.
"""

from __future__ import annotations

import ast
import json
import os
import sys
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ENV", "FILENAME", "Progress", "ProgressWarning", "home", "overview", "Overview"]

#: The environment variable that names the folder holding the progress file.
ENV = "PLAYBOOK_HOME"
#: Where JupyterLite's Pyodide kernel mounts the site's drive, the
#: browser's persistent storage.
BROWSER_DRIVE = Path("/drive")
#: The progress file's name in that folder.
FILENAME = "progress.json"
FORMAT = 1


class ProgressWarning(UserWarning):
    """The progress file could not be read or written; the tutorial goes
    on without it."""


def home() -> Path:
    """The folder of the progress file: ``$PLAYBOOK_HOME``, or in the
    browser the drive's ``.playbook`` folder, or the user's data folder for
    playbook."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen).expanduser()
    if sys.platform == "emscripten" and BROWSER_DRIVE.is_dir():
        return BROWSER_DRIVE / ".playbook"
    import platformdirs

    return Path(platformdirs.user_data_dir("playbook", appauthor=False))


class Progress:
    """The progress file at ``path`` (default: ``home() / FILENAME``, looked
    up on each use so a changed ``PLAYBOOK_HOME`` takes effect at once)."""

    def __init__(self, path: str | os.PathLike | None = None):
        self._path = Path(path) if path is not None else None

    @property
    def path(self) -> Path:
        """Where the progress is kept."""
        return self._path if self._path is not None else home() / FILENAME

    def solved(self, title: str) -> list[str]:
        """The prompts solved in the tutorial ``title``, in the order they
        were first solved."""
        return list(self._read()[0]["tutorials"].get(title, []))

    def add(self, title: str, prompt: str) -> None:
        """Remember that the exercise ``prompt`` of ``title`` is solved."""
        data, broken = self._read()
        solved = data["tutorials"].setdefault(title, [])
        if prompt not in solved:
            solved.append(prompt)
            self._write(data, broken)

    def forget(self, title: str) -> None:
        """Forget every exercise solved in ``title``."""
        data, broken = self._read()
        if data["tutorials"].pop(title, None) is not None:
            self._write(data, broken)

    def section(self, key: str, default=None):
        """The top-level entry ``key`` of the record (``default`` when there
        is none): where progress other than tutorials' (puzzles, ratings)
        is kept, in whatever JSON shape its owner gives it."""
        return self._read()[0].get(key, default)

    def keep(self, key: str, value) -> None:
        """Store ``value`` (JSON-able) as the top-level entry ``key``,
        leaving the rest of the record as it is."""
        if key in ("format", "tutorials"):
            raise ValueError(f"{key!r} is kept by the progress file itself")
        data, broken = self._read()
        data[key] = value
        self._write(data, broken)

    # ---- the file

    def _read(self) -> tuple[dict, bool]:
        """The record (an empty one when there is none) and whether the
        file was there but unreadable."""
        path = self.path
        empty = {"format": FORMAT, "tutorials": {}}
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return empty, False
        except (OSError, UnicodeDecodeError) as exc:
            _warn(f"could not read the progress file {path} ({exc}); carrying on without it")
            return empty, True
        try:
            data = json.loads(text)
            _check(data)
        except ValueError as exc:
            _warn(f"the progress file {path} is damaged ({exc}); carrying on as if nothing was solved")
            return empty, True
        data.setdefault("tutorials", {})
        return data, False

    def _write(self, data: dict, broken: bool) -> None:
        path = self.path
        written = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if broken and path.is_file():
                os.replace(path, path.with_name(path.name + ".bad"))
            # Written beside it, then moved in place: a reader never sees half a file.
            with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, prefix=".progress-",
                                             suffix=".json", delete=False) as out:
                written = out.name
                json.dump({**data, "format": FORMAT}, out, indent=1, ensure_ascii=False)
            os.replace(written, path)
        except OSError as exc:
            if written is not None:
                Path(written).unlink(missing_ok=True)
            _warn(f"could not save progress to {path} ({exc}); the tutorial goes on, but will not remember this")

    def __repr__(self) -> str:
        return f"Progress({str(self.path)!r})"


def _check(data) -> None:
    """Refuse, with a ValueError naming the fault, a record of the wrong shape."""
    if not isinstance(data, dict):
        raise ValueError(f"expected a JSON object, not {type(data).__name__}")
    tutorials = data.get("tutorials", {})
    if not isinstance(tutorials, dict):
        raise ValueError("'tutorials' must be an object")
    for title, prompts in tutorials.items():
        if not (isinstance(prompts, list) and all(isinstance(p, str) for p in prompts)):
            raise ValueError(f"the exercises of {title!r} must be a list of texts")


def _warn(message: str) -> None:
    warnings.warn(message, ProgressWarning, stacklevel=4)


# ---------------------------------------------------------------- overview


@dataclass(frozen=True)
class Overview:
    """How far the learner has got in each tutorial: rows of (notebook
    file, tutorial title, exercises solved, exercises)."""

    rows: tuple[tuple[str, str, int, int], ...]

    def __repr__(self) -> str:
        if not self.rows:
            return "No tutorial notebooks found."
        return "\n".join(f"{title}: {solved} of {total} exercises" for _file, title, solved, total in self.rows)

    def _repr_markdown_(self) -> str:
        lines = ["| tutorial | exercises solved |", "|---|---|"]
        for file, title, solved, total in self.rows:
            lines.append(f"| [{title}]({file}) | {solved} of {total} |")
        return "\n".join(lines) if self.rows else repr(self)


def overview(folder: str | os.PathLike = ".", progress: Progress | None = None) -> Overview:
    """The progress in every tutorial notebook of ``folder`` (default: the
    current folder, the notebooks' own when called from one of them).  A
    tutorial notebook is one that makes a ``Tutorial("title")``; its
    exercises are the prompts of its ``Exercise(...)`` calls."""
    progress = progress if progress is not None else Progress()
    rows = []
    for path in sorted(Path(folder).glob("*.ipynb")):
        found = _exercises(path)
        if found is None:
            continue
        title, prompts = found
        solved = set(progress.solved(title))
        rows.append((path.name, title, sum(1 for p in prompts if p in solved), len(prompts)))
    return Overview(tuple(rows))


def _exercises(path: Path) -> tuple[str, list[str]] | None:
    """The tutorial title and exercise prompts written in a notebook's code
    (None if it makes no titled tutorial)."""
    try:
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return None
    title, prompts = None, []
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        try:
            tree = ast.parse(source if isinstance(source, str) else "".join(source))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id == "Tutorial" and node.args and _text(node.args[0]) and title is None:
                title = _text(node.args[0])
            elif node.func.id == "Exercise":
                prompt = _text(node.args[1]) if len(node.args) > 1 else _text(
                    next((k.value for k in node.keywords if k.arg == "prompt"), None))
                if prompt and prompt not in prompts:
                    prompts.append(prompt)
    return (title, prompts) if title else None


def _text(node) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None
