"""Sphinx settings for the playbook documentation site.

Build it from the repository's root with one command:

    python -m sphinx -M html docs docs/_build -W --keep-going

(``-W`` turns every warning into an error) writes the site to
``docs/_build/html``.  The pages that follow the
sources are made at build time, so adding a tutorial part, a command, a
module or a game needs no edit here: see ``docs/_ext/playbook_docs``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import playbook  # noqa: E402  (after the path above, as Sphinx reads this file)

project = "playbook"
author = "The playbook developers"
copyright = "The playbook developers"
release = version = playbook.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinxarg.ext",
    "playbook_docs",
]

# Pages are MyST Markdown; notebooks come from notebooks/ and examples/ as
# they are saved (their outputs are checked by nbval, not run again here).
source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "README.md"]
root_doc = "index"
nitpicky = False

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3
nb_execution_mode = "off"
# Markdown a cell prints (the start page's progress table) links to the notebooks as their pages.
nb_render_markdown_format = "myst"
# A board's output holds a live view and its saved picture; a static page
# shows the picture (a widget would need its scripts from a CDN).
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_ipywidgets_js: dict = {}

# The API reference: one page a module, found by walking the package
# (written by the playbook_docs extension).
autodoc_default_options: dict = {}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
add_module_names = False
# Classes and functions stay out of the pages' outlines: with them every page
# would carry the whole reference in its navigation, and the build would
# spend most of its time drawing it.
toc_object_entries = False

html_theme = "furo"
html_title = f"playbook {release}"
html_static_path: list[str] = []
html_show_sourcelink = False
html_copy_source = False

# The in-browser JupyterLab ("Try it" pages) is built by playbook lite into
# the site's lite/ folder.  PLAYBOOK_DOCS_LITE=0 builds without it: the try-it
# pages then say so instead of linking to a site that is not there.
playbook_lite = os.environ.get("PLAYBOOK_DOCS_LITE", "1") != "0"
