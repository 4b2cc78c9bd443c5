"""JupyterLab in headless Chromium, for tests that click real boards.

One JupyterLab server per test session, on a free loopback port with a
token, serving a temporary copy of notebooks/ with its own settings (news
pop-up off).  Debian's chromium is driven by Playwright through
``executable_path``; no browser is downloaded.  Without chromium the tests
are skipped, except under CI (``CI=true``), where that is a failure.
"""

from __future__ import annotations

import json
import os

import pytest

from .lab import CHROMIUM_ARGS, chromium_path, running_lab


def pytest_collection_modifyitems(config, items):
    if chromium_path() is not None:
        return
    if os.environ.get("CI", "").lower() == "true":
        raise pytest.UsageError("CI needs Debian's chromium for the browser tests: apt-get install -y chromium")
    skip = pytest.mark.skip(reason="no chromium: install Debian's package (apt-get install chromium) to run browser tests")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def lab(tmp_path_factory):
    """A running JupyterLab on a copy of notebooks/: yields (base_url, token, root_dir)."""
    with running_lab(tmp_path_factory.mktemp("lab")) as server:
        yield server


@pytest.fixture(scope="session")
def dark_lab(tmp_path_factory):
    """A second JupyterLab like :func:`lab`, in JupyterLab's dark theme."""
    home = tmp_path_factory.mktemp("dark")
    with running_lab(home) as server:
        # Read when the page loads, so writing it after the server started is enough.
        (home / "settings" / "@jupyterlab" / "apputils-extension" / "themes.jupyterlab-settings").write_text(
            json.dumps({"theme": "JupyterLab Dark"}))
        yield server


@pytest.fixture(scope="session")
def playwright(playbook_session):
    """The one Playwright of this test process: its sync API refuses to start
    a second one while the first runs, so every browser comes from this, and
    the shared checks' session (which clicks boards too) holds it."""
    return playbook_session.playwright()


@pytest.fixture(scope="session")
def browser(playwright):
    b = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
    yield b
    b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    page = context.new_page()
    yield page
    context.close()
