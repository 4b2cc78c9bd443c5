"""The Sphinx extension that makes the playbook site follow its sources.

At the start of a build it writes, under ``docs/generated/`` (never kept in
git), the pages that would otherwise go stale by hand:

- :mod:`.tutorials`: every notebook of ``notebooks/`` and ``examples/``,
  grouped by game through each game's descriptor;
- :mod:`.games`: a page of each installed game's rules as playbook plays
  them, from its package's docstring;
- :mod:`.tryit`: a "Try it" page for each notebook of the JupyterLite site,
  which is built by ``playbook lite`` into the site's ``lite/`` folder;
- :mod:`.api`: the API reference, a page for each module of the package
  with every public name it defines.

It also gives the pages a ``board`` directive (:mod:`.boards`: a picture
the package draws) and tidies docstrings for the API reference
(:mod:`.docstrings`).
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

from . import api, boards, docstrings, games, tryit, tutorials
from .generated import Generated
from .tutorials import ROOT


def _write_pages(app: Sphinx) -> None:
    generated = Path(app.srcdir) / "generated"
    for module, write in [(tutorials, lambda out: tutorials.write(out, ROOT)), (games, games.write),
                          (tryit, lambda out: tryit.write(out, ROOT, app.config.playbook_lite)),
                          (api, api.write)]:
        out = Generated(generated / module.FOLDER)
        write(out)
        out.remove_stale()


def setup(app: Sphinx) -> dict:
    """Register the directive, the hooks and the ``playbook_lite`` setting."""
    app.add_config_value("playbook_lite", True, "env", bool)
    app.connect("builder-inited", tryit.check_available, priority=400)
    app.connect("builder-inited", _write_pages, priority=450)
    app.connect("build-finished", lambda app, exc: tryit.build_site(app, exc, ROOT))
    app.add_directive("board", boards.BoardDirective)
    docstrings.setup(app)
    api.setup(app)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
