"""JupyterLab in headless Chromium, for tests that click real boards.

One JupyterLab server per test session, on a free loopback port with a
token, serving a temporary copy of notebooks/ with its own settings (news
pop-up off).  Debian's chromium is driven by Playwright through
``executable_path``; no browser is downloaded.  Without chromium the tests
are skipped for a normal user, who cannot install it; as root (who can) and
under CI (``CI=true``) that is a failure, unless ``-m`` leaves them out.
"""

from __future__ import annotations

import json
import os
import shutil

import pytest

from .lab import CHROMIUM_ARGS, chromium_path, running_lab
from .lite import OFFLINE_ARGS, block_other_hosts, build_site, serving

#: What a browser test says when it cannot run for want of chromium.
NO_CHROMIUM = "no chromium: install Debian's package (apt-get install -y chromium) to run the browser tests"
#: Marks the one browser test that fails, when chromium is missing where it could be installed.
CHROMIUM_REQUIRED = pytest.StashKey[bool]()


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    # Last, so that the browser tests a -m expression leaves out are gone
    # already: the quick tier runs anywhere.  As root (who can install
    # chromium) and under CI the first browser test fails, saying how to
    # install it, and the others are skipped; a normal user's are skipped.
    browser = [item for item in items if "browser" in item.keywords]
    if chromium_path() is not None or not browser:
        return
    skip = pytest.mark.skip(reason=NO_CHROMIUM)
    if os.environ.get("CI", "").lower() == "true" or os.geteuid() == 0:
        browser[0].stash[CHROMIUM_REQUIRED] = True
        browser = browser[1:]
    for item in browser:
        item.add_marker(skip)


def pytest_runtest_setup(item):
    """Fail the test chosen to say that chromium is missing, before its fixtures start a browser."""
    if item.stash.get(CHROMIUM_REQUIRED, False):
        pytest.fail("the browser tests need Debian's chromium, which this run could install: apt-get install -y "
                    "chromium (or leave them out: python -m pytest -m 'not browser')", pytrace=False)


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


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory):
    """The JupyterLite site built by ``playbook lite`` from this repository,
    served on 127.0.0.1: yields its base URL."""
    if shutil.which("npm") is None and os.environ.get("CI", "").lower() != "true":
        pytest.skip("no npm to fetch the Pyodide runtime with: install Debian's npm to test the JupyterLite site")
    with serving(build_site(tmp_path_factory.mktemp("lite") / "site")) as base:
        yield base


@pytest.fixture
def offline_page(playwright):
    """A page in a browser that reaches no host but 127.0.0.1: yields it,
    the requests to other hosts it refused, and the errors the page and its
    workers logged (each as its text)."""
    refused: list[str] = []
    errors: list[str] = []
    browser = playwright.chromium.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    block_other_hosts(context, refused)
    page = context.new_page()
    page.on("console", lambda message: errors.append(f"{message.text} ({message.location.get('url')})")
            if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    # A reload with the notebook changed asks first: leave.
    page.on("dialog", lambda dialog: dialog.accept())
    yield page, refused, errors
    context.close()
    browser.close()
