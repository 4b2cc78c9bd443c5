"""Imports from the site's drive, read once a second: shipped into the
browser's Python as its ``sitecustomize`` by :mod:`playbook.site.lite`.

In the JupyterLite site the kernel's working folder is the site's drive
(``/drive``, the browser's storage, where the notebooks are), and the
runtime puts that folder first on ``sys.path``.  So every import, of the
standard library as much as of playbook, first asks the drive whether it
holds the module; each question is a request through the site's service
worker to the page, about a hundred of them while the kernel starts and
as many again while the first cell imports playbook.

:func:`install` (run as the runtime starts, when this module is its
``sitecustomize``) gives the drive's folders a finder that reads a folder's
listing at most once a second and answers from it: a name the folder does
not hold costs nothing.  Python's own finder rereads a folder only when its
time stamp changes, and asks for that stamp at every import; this one asks
once a second instead, and at once after ``importlib.invalidate_caches()``,
which Python's documentation already asks for after writing a module to be
imported.  A name the listing holds is found by Python's own finder.  The
listing itself is one question to the drive (see :func:`_names_in`).
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import time

__all__ = ["DRIVE", "DriveFinder", "install"]

#: Where the site's kernel mounts the drive.
DRIVE = "/drive"
#: How long a folder's listing is trusted, in seconds.
FRESH_FOR = 1.0


class DriveFinder:
    """The path entry finder of one folder on the drive: Python's
    ``FileFinder`` behind a listing of the folder read at most once every
    :data:`FRESH_FOR` seconds."""

    def __init__(self, path: str):
        self.path = path
        self._finder = importlib.machinery.FileFinder(path, *_loaders())
        self._names: set[str] = set()
        self._read_at: float | None = None

    def _listing(self) -> set[str]:
        now = time.monotonic()
        if self._read_at is None or now - self._read_at >= FRESH_FOR:
            try:
                self._names = set(_names_in(self.path))
            except Exception:  # noqa: BLE001 - the runtime's errors are JavaScript's; none means no names
                self._names = set()
            self._read_at = now
        return self._names

    def find_spec(self, fullname: str, target=None):
        """The spec of module ``fullname`` in this folder, or None; asks
        the drive only when the folder's listing holds its name."""
        tail = fullname.rpartition(".")[2]
        if not any(name == tail or name.partition(".")[0] == tail for name in self._listing()):
            return None
        return self._finder.find_spec(fullname, target)

    def invalidate_caches(self) -> None:
        """Forget the listing, as ``importlib.invalidate_caches()`` asks."""
        self._read_at = None
        self._finder.invalidate_caches()


def _names_in(folder: str) -> list[str]:
    """The names folder ``folder`` holds.  In the browser the runtime's own
    file system call asks the drive once; ``os.listdir`` would ask it once
    more for each name, to learn what kind of file it is (a question to the
    page each, which waits whenever the page is busy drawing).  Elsewhere,
    or before the runtime has loaded its JavaScript side (``pyodide_js``,
    loaded as it installs its first packages), ``os.listdir``."""
    runtime = sys.modules.get("pyodide_js")
    if runtime is not None:
        return [name for name in runtime.FS.readdir(folder).to_py() if name not in (".", "..")]
    return os.listdir(folder)


def _loaders():
    """The loaders of each kind of module file, as Python's own path hook has them."""
    machinery = importlib.machinery
    return [(machinery.ExtensionFileLoader, machinery.EXTENSION_SUFFIXES),
            (machinery.SourceFileLoader, machinery.SOURCE_SUFFIXES),
            (machinery.SourcelessFileLoader, machinery.BYTECODE_SUFFIXES)]


def _hook(path: str) -> DriveFinder:
    """``sys.path_hooks`` entry: a :class:`DriveFinder` for the drive's folders, none for others."""
    if path == DRIVE or path.startswith(DRIVE + "/"):
        return DriveFinder(path)
    raise ImportError(f"{path} is not on the drive")


def install() -> None:
    """Put :func:`_hook` before Python's own path hooks (once)."""
    if _hook not in sys.path_hooks:
        sys.path_hooks.insert(0, _hook)
        sys.path_importer_cache.clear()


if __name__ == "sitecustomize":
    install()
