"""How the site starts: the notebook shown first gets its kernel as the
page loads (the one the address names, or the one in front when the page
was left), and that kernel is the notebook's own, never a second one
beside it; an address naming no notebook leaves no kernel running for
it; a link to a notebook starts its kernel, not that of the notebook
restored in front of it; the first reload after a first visit keeps the site's service worker
instead of registering it again, which held every kernel back for
seconds; and the kernel imports from the drive.  Offline: no request
leaves 127.0.0.1."""

from __future__ import annotations

import pytest

from .lite import KERNELS, RUNNING, expose_the_app, open_lite_notebook, workers_settled_at

pytestmark = pytest.mark.browser

#: The notebook whose kernel the page started as it loaded, as the page notes it.
FIRST = "() => document.documentElement.dataset.playbookFirstKernel ?? null"
#: What JupyterLite logs when it registers its service worker.
REGISTERING = ("unregistering existing service workers", "Registering new JupyterLite ServiceWorker")


def assert_one_kernel_and_the_notebooks(page, name: str) -> None:
    """Assert that the page runs one kernel, notebook ``name``'s: by the
    page's own record, and by its workers."""
    running = page.evaluate(RUNNING)
    assert running["notebooks"] == [name], running
    assert running["kernels"] == running["ofNotebooks"], running
    assert len(running["kernels"]) == 1, running
    assert workers_settled_at(page, 1) == 1


def test_the_first_notebook_starts_its_kernel_with_the_page_and_only_one(offline_page, lite_site):
    page, refused, errors = offline_page
    logged: list[str] = []
    page.on("console", lambda message: logged.append(message.text))
    page.context.route("**/jupyter-lite.json", expose_the_app)
    open_lite_notebook(page, lite_site, "kelasu.ipynb")
    assert page.evaluate(FIRST) == "kelasu.ipynb"
    assert page.evaluate(KERNELS) == ["Python (Pyodide)"]
    assert_one_kernel_and_the_notebooks(page, "kelasu.ipynb")
    assert any(REGISTERING[1] in text for text in logged)  # the first visit registers it
    # Reloaded, the page opens the notebook it left in front, with no address.
    logged.clear()
    page.reload()
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=120000)
    page.get_by_text("| Idle").wait_for(timeout=180000)
    assert "path=" not in page.url
    assert page.evaluate(FIRST) == "kelasu.ipynb"
    assert page.evaluate(KERNELS) == ["Python (Pyodide)"]
    assert_one_kernel_and_the_notebooks(page, "kelasu.ipynb")
    assert not [text for text in logged if any(words in text for words in REGISTERING)]
    # The kernel is the notebook's, with the drive as its folder: a module
    # written there is imported from there, in the same cell.
    page.locator(".jp-Notebook:visible .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text("import importlib, os; open('written_here.py', 'w').write('ANSWER = 42'); "
                              "importlib.invalidate_caches(); import written_here; "
                              "print('from', os.path.dirname(written_here.__file__), written_here.ANSWER)")
    page.keyboard.press("Control+Enter")
    page.locator(".jp-Notebook:visible .jp-OutputArea-output", has_text="from /drive 42").wait_for(timeout=120000)
    assert errors == []
    assert refused == []


def test_an_address_naming_no_notebook_leaves_no_kernel_for_it(offline_page, lite_site):
    page, refused, _ = offline_page
    page.context.route("**/jupyter-lite.json", expose_the_app)
    open_lite_notebook(page, lite_site, "kelasu.ipynb")  # restored behind the address's tab
    page.goto(f"{lite_site}/lab/index.html?path=no_such_notebook.ipynb")
    # The page notes the early start's outcome once it is done (the kernel
    # it started shut down again): no notebook kept.
    page.wait_for_function(f"() => ({FIRST})() !== null", timeout=120000)
    assert page.evaluate(FIRST) == ""
    # JupyterLab says the notebook is missing (in a dialog over the page);
    # kelasu, shown, has its kernel.
    page.locator(".jp-Dialog", has_text="no_such_notebook.ipynb").wait_for(timeout=60000)
    page.evaluate("""() => {
        const shell = window.jupyterapp.shell;
        shell.activateById([...shell.widgets('main')].find((w) => w.context?.path === 'kelasu.ipynb').id);
    }""")
    # The one kernel left is kelasu's.  A kernel ends a moment after its
    # session is shut down (its Python is told to stop, and answers), and a
    # new one runs a moment before its session is made, longer on a loaded
    # machine: the page is asked until it runs one kernel and one session.
    page.wait_for_function(f"""async () => {{
        const running = await ({RUNNING})();
        return running.kernels.length === 1 && running.notebooks.length === 1;
    }}""", timeout=120000)
    running = page.evaluate(RUNNING)
    assert running["notebooks"] == ["kelasu.ipynb"], running
    assert running["kernels"] == running["ofNotebooks"], running
    assert refused == []


def test_a_link_starts_the_kernel_of_its_notebook_and_not_of_the_one_restored_in_front(offline_page, lite_site):
    page, refused, errors = offline_page
    page.context.route("**/jupyter-lite.json", expose_the_app)
    open_lite_notebook(page, lite_site, "kelasu.ipynb")  # in front when the page is left
    # A link to another notebook: kelasu's tab is restored, in front until the link's notebook opens.
    open_lite_notebook(page, lite_site, "ccc.ipynb")
    assert page.evaluate(FIRST) == "ccc.ipynb"
    assert page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab").count() == 2
    assert_one_kernel_and_the_notebooks(page, "ccc.ipynb")
    # Shown, the restored notebook starts its own.
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="kelasu.ipynb").click()
    page.wait_for_function(f"async () => (await ({RUNNING})()).notebooks.length === 2", timeout=120000)
    running = page.evaluate(RUNNING)
    assert sorted(running["notebooks"]) == ["ccc.ipynb", "kelasu.ipynb"], running
    assert sorted(running["kernels"]) == sorted(running["ofNotebooks"]), running
    assert workers_settled_at(page, 2) == 2
    assert errors == []
    assert refused == []
