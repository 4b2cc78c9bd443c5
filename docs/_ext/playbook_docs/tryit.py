"""The "Try it" pages: each notebook of the JupyterLite site (the one
``playbook lite`` builds, with the same notebooks) running in the page,
and the site itself, built into the documentation's ``lite/`` folder.

The site needs the ``lite`` extra and the Pyodide runtime (npm fetches it
once; :mod:`playbook.site.lite` keeps it).  When it cannot be built the build
stops and says why, rather than publish pages whose frames are empty; a
build asked to go without it (``PLAYBOOK_DOCS_LITE=0``) makes pages that
say so and link nowhere.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from playbook.site import lite

from .generated import Generated
from .tutorials import ROOT

#: Where the pages go, under docs/generated/; the site goes to lite/ in the output.
FOLDER = "try"
SITE = "lite"
#: From a page of FOLDER to the output's root.
UP = "../../"

logger = logging.getLogger(__name__)


def missing() -> str:
    """Why the JupyterLite site cannot be built here, or ``""`` when it can."""
    for module in ("jupyterlite_core", "jupyterlite_pyodide_kernel"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[docs]' installs it)"
    version, _ = lite.pyodide_version()
    if shutil.which("npm") is None and not (lite.cache_dir() / f"pyodide-{version}").is_dir():
        return (f"npm is not on the PATH to fetch the Pyodide runtime {version} "
                f"(and {lite.cache_dir()} holds no copy of it)")
    return ""


def check_available(app: Sphinx) -> None:
    """Stop the build at once, saying why, when the site is wanted and cannot be built."""
    if not app.config.playbook_lite:
        logger.info("try-it pages: built without the in-browser JupyterLab (PLAYBOOK_DOCS_LITE=0)")
        return
    if app.builder.format != "html":
        return
    reason = missing()
    if not reason:
        try:
            lite.check_out(Path(app.outdir) / SITE, ROOT)
        except lite.LiteError as exc:
            reason = f"{exc} (remove that lite/ folder if an older build of these pages wrote it)"
    if reason:
        raise ExtensionError(
            f"the try-it pages need the JupyterLite site, which cannot be built here: {reason}. "
            "Build without it with PLAYBOOK_DOCS_LITE=0 (the try-it pages then say it is missing).")


def frame(name: str) -> str:
    """The HTML that runs notebook ``name`` of the site inside a page."""
    src = f"{UP}{SITE}/notebooks/index.html?path={name}"
    return (f'<iframe class="pb-lite" src="{src}" title="{name} running in your browser" loading="lazy" '
            'style="width: 100%; height: 85vh; border: 1px solid var(--color-background-border)"></iframe>\n\n'
            f'<p><a href="{UP}{SITE}/lab/index.html?path={name}">Open it in the whole JupyterLab</a>, '
            "with the other notebooks beside it.</p>")


WITHOUT = ("```{note}\nThis copy of the documentation was built without the in-browser JupyterLab "
           "(`PLAYBOOK_DOCS_LITE=0`), so nothing runs on this page. The published site has it; "
           "here, open the notebook in JupyterLab (see the [learner's guide](../../guides/learner.md)).\n```\n")


def write(out: Generated, root: Path, with_site: bool) -> None:
    """Write a page for each of the site's notebooks, and their index."""
    names = [path.name for path in lite.site_notebooks(root)]
    for name in names:
        title = _title(root / "notebooks" / name)
        body = frame(name) if with_site else WITHOUT
        out.write(f"{Path(name).stem}.md", f"# Try it: {title}\n\n{body}\n")
    intro = [
        "# Try it in your browser",
        "",
        "JupyterLab and Python run inside these pages (Python compiled to WebAssembly by "
        "Pyodide), from the same static files `playbook lite` builds: nothing is installed and no "
        "server runs the code. The first cell takes a few seconds while Python starts. Solved "
        "exercises and puzzle ratings stay in your browser's storage. `analysis.ipynb` is not here: "
        "Dask, Parquet and worker processes do not run in a browser.",
        "",
    ]
    if with_site:
        intro += [f'<p><a href="{UP}{SITE}/index.html">Open the whole JupyterLab</a> on the start page.</p>', ""]
    else:
        intro += [WITHOUT, ""]
    intro += ["```{toctree}", ":maxdepth: 1", "", *[Path(n).stem for n in names], "```", ""]
    out.write("index.md", "\n".join(intro))


def _title(notebook: Path) -> str:
    """The notebook's first heading."""
    for cell in json.loads(notebook.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return notebook.stem


def build_site(app: Sphinx, exc: Exception | None, root: Path) -> None:
    """Build the JupyterLite site into the output's ``lite/`` folder, once the pages are written."""
    if exc is not None or not app.config.playbook_lite or app.builder.format != "html":
        return
    folder = Path(app.outdir) / SITE
    logger.info("building the in-browser JupyterLab into %s/ (playbook lite)", SITE)
    try:
        site = lite.build(root, folder)
    except (OSError, ValueError, RuntimeError) as exc:
        raise ExtensionError(f"the in-browser JupyterLab could not be built into {folder}: {exc}") from None
    logger.info("built %s/: %d notebooks, %d wheels", SITE, len(site.notebooks), len(site.packages))
