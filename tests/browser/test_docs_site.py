"""The documentation site in headless Chromium, offline: built whole (the
in-browser JupyterLab in its ``lite/`` folder), served on 127.0.0.1, and
opened in a browser that can reach no other host, so a page that needed a
CDN would show it here.  Each test opens one kind of page and checks what
a reader sees: the front page's board, a tutorial's board pictures, an API
page, a try-it page running its notebook.  Screenshots of each go to
``gallery/`` (not kept in git).  Every wait is for something the page
shows, never for a time."""

from __future__ import annotations

import os
import shutil

import pytest
from docs_site import build

from .lab import ROOT, chromium_path
from .lite import OFFLINE_ARGS, block_other_hosts, serving

pytestmark = pytest.mark.browser

GALLERY = ROOT / "gallery"
#: Every picture on the page has loaded and has a size.
PICTURES_DRAWN = """selector => {
    const pictures = [...document.querySelectorAll(selector)];
    return pictures.length > 0 && pictures.every(p => p.complete && p.naturalWidth > 0);
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if chromium_path() is None:
        pytest.skip("no chromium to open the site in")
    if shutil.which("npm") is None and os.environ.get("CI", "").lower() != "true":
        pytest.skip("no npm to fetch the Pyodide runtime with: install Debian's npm to build the try-it pages")
    out = tmp_path_factory.mktemp("docs") / "html"
    done = build(out, lite=True)
    assert done.returncode == 0, f"the build failed:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    with serving(out) as base:
        yield base


@pytest.fixture(scope="module")
def browser(site, playwright):
    launched = playwright.chromium.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
    yield launched
    launched.close()


@pytest.fixture
def page(browser):
    """A page of its own, with the requests to other hosts it tried (none, if all is well)."""
    refused: list[str] = []
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    block_other_hosts(context, refused)
    opened = context.new_page()
    yield opened
    context.close()
    assert not refused, f"the page asked other hosts for: {refused}"


def shot(page, name: str) -> None:
    GALLERY.mkdir(exist_ok=True)
    page.screenshot(path=str(GALLERY / f"docs-{name}.png"))


def test_the_front_page_shows_a_board_the_package_drew_and_the_two_commands(page, site):
    page.goto(f"{site}/index.html")
    page.wait_for_function(PICTURES_DRAWN, arg=".pb-board-picture img.pb-picture")
    assert "Cosmic Chess" in page.locator(".pb-board-picture img").get_attribute("alt")
    assert page.get_by_role("heading", name="Two commands").is_visible()
    assert page.locator("pre", has_text="jupyter lab --allow-root notebooks/00_start_here.ipynb").count() == 1
    assert page.locator("pre", has_text=".venv/bin/python -m pytest").count() >= 1
    shot(page, "front-page")


def test_a_tutorial_page_shows_its_boards(page, site):
    page.goto(f"{site}/generated/tutorials/cosmic_chess.html")
    page.wait_for_function(PICTURES_DRAWN, arg="img.pb-picture")
    assert page.locator("img.pb-picture").count() >= 5
    # An exercise's set-up (its answer) is folded away, as in JupyterLab.
    assert page.locator("details.above-input").count() >= 1
    page.locator("img.pb-picture").first.scroll_into_view_if_needed()
    shot(page, "tutorial")


def test_an_api_page_documents_the_contract(page, site):
    page.goto(f"{site}/generated/api/playbook.core.html")
    play = page.locator('[id="playbook.core.State.play"]')
    play.wait_for()
    assert "play" in play.inner_text()
    shot(page, "api")


def test_a_try_it_page_runs_its_notebook_in_the_page(page, site):
    page.goto(f"{site}/generated/try/cosmic_chess.html")
    frame = page.frame_locator("iframe.pb-lite")
    # The notebook opens in the frame, and its kernel (Python in the page) starts.
    frame.locator(".jp-RenderedMarkdown h1", has_text="Cosmic Chess, part 1").wait_for(timeout=120000)
    frame.locator(".jp-KernelStatus-success").wait_for(timeout=180000)
    # The first code cell (imports), the chapter's text, then the cell that prints the start.
    frame.locator(".jp-CodeCell .jp-InputArea-editor").first.click()
    for _ in range(3):
        page.keyboard.press("Shift+Enter")
    frame.locator(".jp-OutputArea-output", has_text="3nrk/3pnr/4pn/NP4/RNP3/KRN3 w").wait_for(timeout=180000)
    shot(page, "try-it")
