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
of the wrong shape, nested past what Python reads) or written (a
read-only folder) never stops a tutorial: a :class:`ProgressWarning` says
what happened and the tutorial carries on, remembering nothing new.  A
corrupted file is kept beside the new one when the record is next
written, and so is a file whose section of another owner (the puzzle
trainer's) was found damaged and is about to be replaced: as
``progress.json.bad``, then ``progress.json.bad-2`` and on, so no damaged
copy is ever written over (one already kept, byte for byte, is not kept
twice).

:func:`overview` reads the tutorial notebooks of a folder and tells how far
the learner has got in each, as the start notebook shows it; a notebook it
cannot read is left out, and the overview says which.
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

__all__ = ["ENV", "FILENAME", "Progress", "ProgressWarning", "home", "overview", "Overview", "Unreadable"]

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
    if sys.platform == "emscripten":
        if BROWSER_DRIVE.is_dir():
            return BROWSER_DRIVE / ".playbook"
        _warn_once_without_a_drive()
    import platformdirs

    return Path(platformdirs.user_data_dir("playbook", appauthor=False))


_WARNED_WITHOUT_A_DRIVE: list[bool] = []


def _warn_once_without_a_drive() -> None:
    """Say once a kernel that the browser gave it no drive, so progress
    lives in the page's memory only."""
    if not _WARNED_WITHOUT_A_DRIVE:
        _WARNED_WITHOUT_A_DRIVE.append(True)
        _warn("this page's Python has no drive in the browser's storage (the browser may allow no service "
              "worker, as in a private window): what you solve now is forgotten when the page is reloaded")


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
        except (ValueError, RecursionError) as exc:  # RecursionError: nested deeper than Python reads
            reason = "nested too deep" if isinstance(exc, RecursionError) else str(exc)[:200]
            _warn(f"the progress file {path} is damaged ({reason}); carrying on as if nothing was solved")
            return empty, True
        data.setdefault("tutorials", {})
        return data, False

    def set_aside(self) -> Path | None:
        """Keep a copy of the file as it is, because a part of it is
        damaged and may be written over: beside it as the next free
        ``progress.json.bad``, ``.bad-2``, ... (no new copy when one holds
        the same bytes already).  Returns the copy, or None when there is
        no file or no copy could be made."""
        path = self.path
        try:
            copy = _kept_copy(path)
            if copy is not None and not copy.exists():
                copy.write_bytes(path.read_bytes())
            return copy
        except OSError:
            return None

    def _write(self, data: dict, broken: bool) -> None:
        path = self.path
        written = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if broken and path.is_file():
                copy = _kept_copy(path)
                if copy is None or copy.exists():
                    path.unlink()  # that damage is kept already, byte for byte
                else:
                    os.replace(path, copy)
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


def _kept_copy(path: Path) -> Path | None:
    """Where the file at ``path`` is kept as a damaged copy: the copy
    already holding the same bytes (which exists), else the first free
    name of ``progress.json.bad``, ``progress.json.bad-2``, ...; None when
    there is no file."""
    if not path.is_file():
        return None
    content = path.read_bytes()
    number = 1
    while True:
        copy = path.with_name(path.name + (".bad" if number == 1 else f".bad-{number}"))
        if not copy.exists() or copy.read_bytes() == content:
            return copy
        number += 1


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
    file, tutorial title, exercises solved, exercises); ``unread``: the
    notebooks that could not be read, each with the reason."""

    rows: tuple[tuple[str, str, int, int], ...]
    unread: tuple[tuple[str, str], ...] = ()

    def _unread_line(self) -> str:
        if not self.unread:
            return ""
        names = ", ".join(f"{file} ({reason})" for file, reason in self.unread)
        return f"Left out, as they could not be read: {names}"

    def __repr__(self) -> str:
        lines = [f"{title}: {solved} of {total} exercises" for _file, title, solved, total in self.rows]
        lines = lines or ["No tutorial notebooks found."]
        return "\n".join(lines + ([self._unread_line()] if self.unread else []))

    def _repr_markdown_(self) -> str:
        if not self.rows:
            return repr(self)
        lines = ["| tutorial | exercises solved |", "|---|---|"]
        for file, title, solved, total in self.rows:
            lines.append(f"| [{title}]({file}) | {solved} of {total} |")
        return "\n".join(lines + ([f"\n{self._unread_line()}"] if self.unread else []))


def overview(folder: str | os.PathLike = ".", progress: Progress | None = None) -> Overview:
    """The progress in every tutorial notebook of ``folder`` (default: the
    current folder, the notebooks' own when called from one of them).  A
    tutorial notebook is one that makes a ``Tutorial("title")``; its
    exercises are the prompts of its ``Exercise(...)`` calls."""
    progress = progress if progress is not None else Progress()
    rows, unread = [], []
    for path in sorted(Path(folder).glob("*.ipynb")):
        try:
            found = _exercises(path)
        except Unreadable as exc:
            unread.append((path.name, str(exc)))
            continue
        if found is None:
            continue
        title, prompts = found
        solved = set(progress.solved(title))
        rows.append((path.name, title, sum(1 for p in prompts if p in solved), len(prompts)))
    if unread:
        _warn(f"the progress overview left out {len(unread)} notebook{'s' * (len(unread) > 1)} it could not read: "
              + ", ".join(f"{file} ({reason})" for file, reason in unread))
    return Overview(tuple(rows), tuple(unread))


class Unreadable(ValueError):
    """A notebook the overview cannot read, with the reason."""


def _exercises(path: Path) -> tuple[str, list[str]] | None:
    """The tutorial title and exercise prompts written in a notebook's code
    (None if it makes no titled tutorial); :class:`Unreadable` when the
    file is no notebook that can be read."""
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise Unreadable(f"cannot be read: {exc.strerror or exc}" if isinstance(exc, OSError)
                         else "not UTF-8 text") from None
    except RecursionError:
        raise Unreadable("nested too deep") from None
    except ValueError:
        raise Unreadable("not JSON") from None
    cells = notebook.get("cells", []) if isinstance(notebook, dict) else None
    if not isinstance(cells, list):
        raise Unreadable("not a notebook")
    title, prompts = None, []
    for cell in cells:
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        try:
            tree = ast.parse(source if isinstance(source, str) else "".join(map(str, source)))
            nodes = list(ast.walk(tree))
        except (SyntaxError, ValueError):
            continue  # code that does not parse makes no tutorial
        except (RecursionError, MemoryError):
            raise Unreadable("its code is nested too deep to read") from None
        for node in nodes:
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
