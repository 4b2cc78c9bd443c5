"""A shipped notebook opens in JupyterLab unmodified.

JupyterLab 4.6 rewrites a notebook's metadata when it opens it: the
kernelspec's display name to the one the installed kernel gives ("Python 3
(ipykernel)"), and the language to what the kernel reports.  A notebook
that saved widget state has it restored into live models, which marks it
modified too.  Either way closing an untouched tutorial asks to save, and
the two-minute autosave writes dead boards over the shipped pictures.  So
every notebook ships the metadata JupyterLab would write, and no widget
state (its boards show as pictures until it runs).

The kernel's own words are read from ipykernel and its kernelspec, so a
new ipykernel that names itself otherwise fails this test, rather than
marking every notebook modified; the Python version in ``language_info`` is
the one machine's that ran it and is not compared.  The browser test
``test_a_shipped_notebook_opens_unmodified`` opens one in JupyterLab."""

from __future__ import annotations

import json
import pathlib

import pytest
from ipykernel.ipkernel import IPythonKernel
from ipykernel.kernelspec import get_kernel_dict

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
#: Every shipped notebook: the tutorials and studies, and the example games'.
ALL = sorted(str(p.relative_to(ROOT)) for p in [*NOTEBOOKS.glob("*.ipynb"), *ROOT.glob("examples/**/*.ipynb")])

#: What JupyterLab writes for the installed Python kernel.
KERNELSPEC = {"display_name": get_kernel_dict()["display_name"], "language": "python", "name": "python3"}


def problems(metadata: dict) -> list[str]:
    """What JupyterLab would rewrite in a notebook's metadata, in words."""
    found = []
    if metadata.get("kernelspec") != KERNELSPEC:
        found.append(f"kernelspec {metadata.get('kernelspec')} is not {KERNELSPEC}")
    language = dict(metadata.get("language_info", {}))
    language.pop("version", None)
    expected = {k: v for k, v in IPythonKernel.language_info.items() if k != "version"}
    if language != expected:
        found.append(f"language_info {language} is not {expected}")
    if metadata.get("widgets"):
        found.append("saved widget state, restored (and so modified) on opening")
    return found


def test_the_kernels_words_are_the_ones_jupyterlab_shows():
    # Worked out by opening a notebook in JupyterLab 4.6 with ipykernel 7.4
    # and saving it untouched: these are the words it wrote.
    assert KERNELSPEC == {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def test_metadata_jupyterlab_would_rewrite_is_found():
    assert problems({"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"},
                     "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {"a": {}}}}}) == [
        "kernelspec {'display_name': 'Python 3', 'language': 'python', 'name': 'python3'} is not "
        "{'display_name': 'Python 3 (ipykernel)', 'language': 'python', 'name': 'python3'}",
        "language_info {'name': 'python'} is not " + str({k: v for k, v in IPythonKernel.language_info.items()
                                                           if k != "version"}),
        "saved widget state, restored (and so modified) on opening",
    ]


@pytest.mark.parametrize("name", ALL)
def test_a_notebook_ships_the_metadata_jupyterlab_writes(name):
    nb = json.loads((ROOT / name).read_text())
    assert problems(nb["metadata"]) == [], name
    assert (nb["nbformat"], nb["nbformat_minor"]) == (4, 5), name
