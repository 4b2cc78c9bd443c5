"""JupyterLab in headless Chromium, for the check that clicks a live board.

One JupyterLab on a free loopback port with a token, serving a folder of
its own with its own settings (the news pop-up off, every cell kept on
the page); the system's Chromium driven by Playwright through
``executable_path`` (no browser is downloaded).  The project's browser
tests use the same pieces.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM_ARGS", "chromium_path", "running_lab", "write_notebook", "open_notebook", "run_all", "board",
           "click", "wait_for_move"]

#: How Chromium runs headless on a machine without a display, a GPU or the network.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    """The system's Chromium (Debian's ``chromium`` package), or None."""
    for candidate in ("/usr/bin/chromium", shutil.which("chromium"), shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def running_lab(home: Path, notebooks: Path | None = None) -> Iterator[tuple[str, str, Path]]:
    """Run JupyterLab with its settings under ``home``, serving ``home/root``
    (a copy of the folder ``notebooks``, if given); yields (base_url, token,
    root_dir) and stops the server and its kernels afterwards."""
    root = home / "root"
    if notebooks is not None:
        shutil.copytree(notebooks, root)
    else:
        root.mkdir(parents=True)
    settings = home / "settings"
    (settings / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
    (settings / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Every cell stays attached to the page, so a board scrolled out of view
    # is still the n-th board of the page.
    (settings / "@jupyterlab" / "notebook-extension").mkdir(parents=True)
    (settings / "@jupyterlab" / "notebook-extension" / "tracker.jupyterlab-settings").write_text(
        json.dumps({"windowingMode": "none"})
    )
    env = {
        **os.environ,
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTERLAB_SETTINGS_DIR": str(settings),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        # What learners solve in this JupyterLab stays in its own folder: the
        # progress of the process that started it would reach the notebooks
        # nbval runs after it, whose saved outputs show a learner who has
        # solved nothing.
        "PLAYBOOK_HOME": str(home / "playbook-home"),
    }
    port, token = _free_port(), "playbook-check-token"
    log = open(home / "lab.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--no-browser", f"--port={port}", "--ServerApp.port_retries=0",
         f"--IdentityProvider.token={token}", "--ServerApp.ip=127.0.0.1", f"--ServerApp.root_dir={root}",
         "--allow-root"],
        env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=1)
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError((home / "lab.log").read_text()) from None
                time.sleep(0.5)
        else:
            raise RuntimeError("JupyterLab did not start:\n" + (home / "lab.log").read_text())
        yield base, token, root
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def write_notebook(root: Path, name: str, sources: list[str]) -> str:
    """Write a notebook of code cells into the server's root; returns its name."""
    cells: list[dict[str, Any]] = [
        {"cell_type": "code", "metadata": {}, "source": s, "outputs": [], "execution_count": None} for s in sources]
    kernel = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb = {"cells": cells, "metadata": {"kernelspec": kernel}, "nbformat": 4, "nbformat_minor": 5}
    (root / name).write_text(json.dumps(nb))
    return name


def open_notebook(page: Any, lab: tuple[str, str, Path], name: str) -> None:
    """Open the notebook ``name`` of the lab's root on ``page`` and wait for its kernel."""
    base, token, _ = lab
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook", timeout=60000)
    page.get_by_text("| Idle").wait_for(timeout=60000)


def run_all(page: Any, wait: bool = True) -> None:
    """Run every cell from the Run menu; unless ``wait`` is False, wait
    until the run is over: no cell waiting or running, the kernel idle (a
    test whose last cell keeps the kernel busy on purpose does not wait).

    Running all clears every code cell's output and marks its prompt
    ``[*]`` at once, before the first cell runs; so an output found after
    the wait is this run's, never one the notebook was saved with."""
    notebook = page.locator(".jp-Notebook:visible").first  # the one shown, where several are open
    notebook.click()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile("^Run All Cells")).click()
    if wait:
        # A whole tutorial in the browser's own Python, on a loaded machine, takes minutes.
        notebook.locator(".jp-InputPrompt").filter(has_text="[*]").first.wait_for(state="detached", timeout=300000)
        page.get_by_text("| Idle").wait_for(timeout=60000)


def board(page: Any, index: int = 0) -> Any:
    """The ``index``-th board widget on the page, once its cells are drawn."""
    widget = page.locator(".pb-widget").nth(index)
    widget.locator("[data-cell]").first.wait_for(timeout=60000)
    return widget


def click(widget: Any, cell: str, **options: Any) -> None:
    """Click cell ``cell`` of the board (``options`` go to Playwright's
    ``click``, e.g. ``button="right"``)."""
    widget.locator(f'[data-cell="{cell}"]').click(**options)


def wait_for_move(widget: Any, text: str) -> None:
    """Wait until the board's move list ends with ``text`` (the kernel played it)."""
    widget.page.wait_for_function(
        """([el, text]) => {
            const moves = el.querySelectorAll('.pb-moves .pb-move');
            return moves.length > 1 && moves[moves.length - 1].textContent === text;
        }""",
        arg=[widget.element_handle(), text], timeout=60000,
    )
