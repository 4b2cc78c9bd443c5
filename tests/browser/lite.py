"""The JupyterLite site in headless Chromium, offline: built once a test
session by ``playbook lite`` (its pieces cached, see :mod:`playbook.site.lite`),
served by a thread on 127.0.0.1, opened in a browser that cannot reach any
other host (its page, its service worker and the kernel's web worker)."""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from .lab import CHROMIUM_ARGS, ROOT

# Every host name but 127.0.0.1 resolves to nothing, so no request, from
# any of the page's workers, can leave the machine.
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    # The runtime is an ES module and a WebAssembly file: the browser wants their types.
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


@contextlib.contextmanager
def serving(folder: Path):
    """Serve ``folder`` on a free port of 127.0.0.1; yields its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(folder)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def build_site(out: Path) -> Path:
    """Build the site from this repository into ``out``."""
    from playbook.site import lite

    lite.build(ROOT, out)
    return out


def block_other_hosts(context, refused: list[str]) -> None:
    """Abort, and note in ``refused``, every request of ``context`` to a
    host other than 127.0.0.1."""

    def route(r):
        if urlsplit(r.request.url).hostname == "127.0.0.1":
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    context.route("**/*", route)


#: The value kept under ``key`` in object store ``store`` of the site's
#: storage (JupyterLite's databases in the browser's IndexedDB), or
#: undefined: a function for the page, called with ``(store, key)``.
STORED = """async (store, key) => {
    const open = (db) => new Promise((ok, fail) => {
        const req = indexedDB.open(db); req.onsuccess = () => ok(req.result); req.onerror = () => fail(req.error);
    });
    for (const { name: db } of await indexedDB.databases()) {
        if (!db.startsWith('JupyterLite Storage')) continue;
        const handle = await open(db);
        if (!handle.objectStoreNames.contains(store)) { handle.close(); continue; }
        const value = await new Promise((ok, fail) => {
            const req = handle.transaction(store).objectStore(store).get(key);
            req.onsuccess = () => ok(req.result); req.onerror = () => fail(req.error);
        });
        handle.close();
        if (value !== undefined) return value;
    }
    return undefined;
}"""

#: Whether the layout the site restores on the next visit (JupyterLab's
#: state, kept in the site's storage) holds notebook ``name``.
LAYOUT_HOLDS = f"""async (name) => {{
    const state = await ({STORED})('statedb', 'default');
    const main = state?.data?.['layout-restorer:data']?.main;
    return Boolean(main) && JSON.stringify(main).includes(`"notebook:${{name}}"`);
}}"""


def wait_for_saved_layout(page, name: str) -> None:
    """Wait until the layout the site will restore holds notebook ``name``:
    JupyterLab saves it a moment after it changes, and a page left sooner
    forgets the notebook."""
    page.wait_for_function(LAYOUT_HOLDS, arg=name, timeout=60000)


def workers_settled_at(page, count: int) -> int:
    """How many workers (each kernel is a Python in one) Playwright reports
    for the page, once they are ``count`` or a minute has passed: it reports
    a worker a moment after the page starts it, and one a page has ended (a
    page left, reloaded or a kernel shut down) a moment after, both later on
    a loaded machine."""
    deadline = time.monotonic() + 60
    while len(page.workers) != count and time.monotonic() < deadline:
        page.wait_for_timeout(100)  # lets Playwright deliver the page's events
    return len(page.workers)


#: The kernel each open notebook shows in its toolbar ("No Kernel" for none yet).
KERNELS = "() => [...document.querySelectorAll('.jp-NotebookPanel .jp-Toolbar-kernelName')].map((k) => k.textContent)"

#: The page's own record of what runs (JupyterLab's session and kernel
#: managers, asked afresh): each session's notebook, each running kernel,
#: and the kernel of each session.  Needs the app exposed (:func:`expose_the_app`).
RUNNING = """async () => {
    const { sessions, kernels } = window.jupyterapp.serviceManager;
    await Promise.all([sessions.refreshRunning(), kernels.refreshRunning()]);
    return {
        notebooks: [...sessions.running()].map((s) => s.path),
        kernels: [...kernels.running()].map((k) => k.id),
        ofNotebooks: [...sessions.running()].map((s) => s.kernel?.id),
    };
}"""


def expose_the_app(route) -> None:
    """Answer a request for the site's settings with them and
    ``exposeAppInBrowser``, under which JupyterLab gives the page its app
    as ``window.jupyterapp`` (and so its session and kernel managers).  For
    ``context.route("**/jupyter-lite.json", expose_the_app)``."""
    answer = route.fetch()
    settings = answer.json()
    settings.get("jupyter-config-data", {})["exposeAppInBrowser"] = True
    route.fulfill(response=answer, json=settings)


def open_lite_notebook(page, base: str, name: str) -> None:
    """Open notebook ``name`` in the site and wait until its kernel is idle
    and the layout restored on the next visit holds it."""
    page.goto(f"{base}/lab/index.html?path={name}")
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=120000)
    page.get_by_text("| Idle").wait_for(timeout=180000)
    wait_for_saved_layout(page, name)


def saved_size(page, name: str) -> int:
    """The size in bytes of notebook ``name`` as the site keeps it (in the
    browser's storage: JupyterLite's "files" store in IndexedDB), written
    as JSON."""
    return page.evaluate(f"""async (name) => {{
        const model = await ({STORED})('files', name);
        if (!model) throw new Error(`${{name}} is not in the site's storage`);
        return new TextEncoder().encode(JSON.stringify(model.content, null, 1)).length;
    }}""", name)
