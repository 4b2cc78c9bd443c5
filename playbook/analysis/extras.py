"""The optional libraries of the ``analysis`` extra, fetched where a call needs one.

The engines, self-play and the statistics in plain numbers run on the
base install.  Tables (pandas), plots (matplotlib), results folders
(pyarrow), a few fits and exact tests (numpy) and clusters (Dask's
``distributed``) come with ``pip install "playbook-games[analysis]"``.
A call that needs one asks :func:`need` for it by name: this is the one
place in the analysis where a module is imported late, so importing
:mod:`playbook.analysis` never needs the extra, and a missing library is
named in an error that says what to install (and, in the in-browser
site, where to go instead: :func:`playbook.browser.missing`).
"""

from __future__ import annotations

import importlib
from types import ModuleType

from ..browser import missing

__all__ = ["need", "EXTRA"]

#: The libraries of the ``analysis`` extra (their import names), which :func:`need` fetches.
EXTRA = frozenset({"pandas", "numpy", "matplotlib", "pyarrow", "distributed"})


def need(module: str, what: str) -> ModuleType:
    """The module ``module`` (a library of the ``analysis`` extra, or one
    of its modules such as ``"matplotlib.pyplot"``), imported now for
    ``what`` (the call that needs it, as the error names it).  Raises
    :class:`ImportError` naming the extra to install when the library is
    missing; an error raised while the library itself loads is left as
    it is."""
    top = module.partition(".")[0]
    if top not in EXTRA:
        raise ValueError(f"{module!r} is not a library of the analysis extra ({', '.join(sorted(EXTRA))})")
    try:
        importlib.import_module(top)
    except ModuleNotFoundError as exc:
        if exc.name != top:  # the library is there, but something it imports is not: its own error says what
            raise
        raise missing(top, what) from exc
    return importlib.import_module(module)
