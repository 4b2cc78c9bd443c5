"""The JupyterLite site against JupyterLab: how long a learner waits.

    python benchmarks/lite_timing.py [--rounds N] [--site DIR] [--no-breakdown]

The offline JupyterLite site (built by ``playbook lite``, served on
127.0.0.1 to a Chromium that reaches no other host) and a JupyterLab
server on the same notebooks, in headless Chromium, one round of each in
turn (so that both meet the same load on a shared machine), each round in
a fresh browser profile.  For each it prints the median, the fastest and
the slowest round of:

- cold: from opening ``cosmic_chess.ipynb`` with nothing cached to its
  first board holding the kernel's position after Run All (the page, the
  kernel started, ``playbook`` imported, the board drawn), and when the
  notebook showed and its kernel was idle on the way;
- warm: the same after reloading the page (the browser's cache holds
  what the first visit fetched; JupyterLab's kernel is shut down first, so
  that both start one);
- three tabs: reloaded with three notebooks open, which JupyterLab
  restores, until the first board of the one shown is live (JupyterLab's
  kernels shut down first; it starts one for each restored notebook, the
  site one for the notebook shown);
- engine hint: from a click on Hint to the hint on the board, for a board
  whose advisor searches Cosmic Chess's start to depth 3 (the same search
  in both: Python in the browser against Python on a server);

and the site's cold and warm time as a multiple of JupyterLab's, round by
round.  Then, unless ``--no-breakdown``, where the site's start goes:
a page of the site loads the runtime as the kernel does, installs each
wheel the kernel and the first board need, imports what the kernel
imports as it starts, and draws the first board, timing each step, cold
and after a reload.

A script that prints, not a test: the numbers depend on the machine and
its load (say which when quoting them).  ``--site DIR`` reuses a site
already built.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from browser.lab import CHROMIUM_ARGS, chromium_path, run_all, running_lab  # noqa: E402
from browser.lite import OFFLINE_ARGS, block_other_hosts, build_site, serving, wait_for_saved_layout  # noqa: E402

NOTEBOOK = "cosmic_chess.ipynb"
#: The other tabs open when the site is reloaded with three.
OTHERS = ("kelasu.ipynb", "ccc.ipynb")
ENGINE = ("from playbook import load, BoardWidget; from playbook.analysis import AlphaBeta; "
          "hinted = BoardWidget(load('cosmic').initial(), human='white', opponent=AlphaBeta(depth=1, time_limit=None), "
          "advisor=AlphaBeta(depth=3, time_limit=None), show_evaluation=False); hinted")
HINT = """async (root) => {
  const t0 = performance.now();
  root.querySelector('button[aria-label="Hint"]').click();
  while (root.getAttribute('data-hint-level') !== '1') await new Promise((ok) => requestAnimationFrame(ok));
  return performance.now() - t0;
}"""
WAIT = 300000  # ms: patience, not a limit on what is measured
#: Whether the layout a JupyterLab server restores on the next visit (its
#: default workspace) holds notebook ``name``: a function for the page.
SERVER_LAYOUT_HOLDS = """async (name) => {
  const answer = await fetch('/lab/api/workspaces/default');
  if (!answer.ok) return false;
  const main = (await answer.json()).data?.['layout-restorer:data']?.main;
  return Boolean(main) && JSON.stringify(main).includes(`"notebook:${name}"`);
}"""


def live_board(page, load) -> dict[str, float]:
    """Run ``load()`` (opening or reloading the notebook), then Run All;
    the seconds until the notebook showed, its kernel was idle and its
    first board was live."""
    start = time.perf_counter()
    load()
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=WAIT)
    shown = time.perf_counter() - start
    page.get_by_text("| Idle").wait_for(timeout=WAIT)
    idle = time.perf_counter() - start
    run_all(page, wait=False)
    page.locator(".jp-Notebook:visible .pb-widget[data-position]").first.wait_for(timeout=WAIT)
    return {"shown": shown, "idle": idle, "board": time.perf_counter() - start}


def hint_ms(page) -> float:
    """Add a cell with an engine board under the notebook, run it and time a hint, in ms."""
    page.get_by_text("| Idle").wait_for(timeout=WAIT)
    page.locator(".jp-Notebook:visible .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(ENGINE)
    page.keyboard.press("Control+Enter")
    widget = page.locator(".jp-Notebook:visible .jp-Cell").last.locator(".pb-widget[data-position]")
    widget.wait_for(timeout=WAIT)
    return widget.evaluate(HINT)


def new_page(browser, offline: bool):
    """A page in a fresh profile (nothing cached); with ``offline``, every
    request to a host other than 127.0.0.1 is refused and reported."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    refused: list[str] = []
    if offline:
        block_other_hosts(context, refused)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return context, page, refused


def one_round(browser, url: str, offline: bool, tabs: list[str] | None, before_reload=lambda: None) -> dict[str, float]:
    """Cold, warm and (given ``tabs``, the URLs of the notebooks to open in
    turn, the last one that of ``url``'s notebook) three-tab times of one
    round, with an engine hint; ``before_reload()`` runs before each
    reload."""
    context, page, refused = new_page(browser, offline)
    try:
        times = {f"cold {k}": v for k, v in live_board(page, lambda: page.goto(url)).items()}
        times["hint"] = hint_ms(page) / 1000
        before_reload()
        times.update({f"warm {k}": v for k, v in live_board(page, page.reload).items()})
        if tabs:
            for other in tabs:  # open them, then come back to the first, as a learner leaves the site
                address = urlsplit(other)
                name = parse_qs(address.query).get("path", [address.path.rpartition("/")[2]])[0]
                page.goto(other)
                # The restored notebooks show first, the address's once opened.
                page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.jp-mod-current", has_text=name).wait_for(timeout=WAIT)
                page.get_by_text("| Idle").wait_for(timeout=WAIT)
                if offline:  # else the reload may not restore it
                    wait_for_saved_layout(page, name)
                else:
                    page.wait_for_function(SERVER_LAYOUT_HOLDS, arg=name, timeout=WAIT)
            tabs_open = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab").count()
            before_reload()
            times.update({f"3 tabs {k}": v for k, v in live_board(page, page.reload).items()})
            if tabs_open < 3:
                print(f"  (only {tabs_open} tabs were open)")
        return times
    finally:
        context.close()
        if refused:
            print(f"  (refused {len(refused)} requests to other hosts, e.g. {refused[0]})")


def shut_kernels_down(base: str, token: str) -> None:
    """Shut down every kernel of the JupyterLab server, so that a reloaded
    page starts one afresh, as the site's page does."""
    with urllib.request.urlopen(f"{base}/api/kernels?token={token}") as answer:
        kernels = json.load(answer)
    for kernel in kernels:
        urllib.request.urlopen(urllib.request.Request(f"{base}/api/kernels/{kernel['id']}?token={token}",
                                                      method="DELETE"))


def median(rounds: list[dict[str, float]], key: str) -> str:
    """The median of ``key`` over ``rounds``, with the fastest and the slowest."""
    values = [r[key] for r in rounds if key in r]
    if not values:
        return "-"
    if key == "hint":
        values = [v * 1000 for v in values]
        return f"{statistics.median(values):6.0f} ms ({min(values):.0f}-{max(values):.0f})"
    return f"{statistics.median(values):6.1f} s ({min(values):.1f}-{max(values):.1f})"


def report(lite: list[dict[str, float]], lab: list[dict[str, float]]) -> None:
    """The table: each measure's median (fastest-slowest) in both, and the site over JupyterLab."""
    keys = ["cold shown", "cold idle", "cold board", "warm shown", "warm idle", "warm board",
            "3 tabs shown", "3 tabs idle", "3 tabs board", "hint"]
    print(f"\n{'':26s}{'JupyterLite (site)':>26s}{'JupyterLab (server)':>26s}")
    for key in keys:
        name = {"hint": "engine hint (depth 3)", "cold board": "cold: first live board",
                "warm board": "warm: first live board", "3 tabs board": "3 tabs: first live board"}.get(key, key)
        print(f"{name:26s}{median(lite, key):>26s}{median(lab, key):>26s}")
    for key in ("cold board", "warm board", "3 tabs board"):
        ratios = [a[key] / b[key] for a, b in zip(lite, lab, strict=True) if key in a and key in b]
        if not ratios:
            continue
        print(f"site / JupyterLab, {key.rpartition(' ')[0]}: median {statistics.median(ratios):.2f}x "
              f"(rounds: {', '.join(f'{r:.2f}' for r in ratios)})")
    for name, rounds in (("site", lite), ("JupyterLab", lab)):
        more = [r["3 tabs board"] - r["warm board"] for r in rounds if "3 tabs board" in r]
        if more:
            print(f"{name}, three tabs restored against one (warm): median {statistics.median(more):+.1f} s "
                  f"(rounds: {', '.join(f'{m:+.1f}' for m in more)})")


# ---------------------------------------------------------------- the breakdown

# Loads the runtime as the kernel does, then each wheel, the kernel's
# imports and the first board, timing each step (ms).  Run in a page of the site.
BREAKDOWN = """async ([order, board]) => {
  const steps = [];
  let last = performance.now();
  const step = (name) => { const now = performance.now(); steps.push([name, now - last]); last = now; };
  const { loadPyodide } = await import('./static/pyodide/pyodide.mjs');
  step('runtime script');
  const pyodide = await loadPyodide({ indexURL: './static/pyodide/' });
  step('runtime: wasm fetched and compiled, Python started');
  for (const name of order) {
    await pyodide.loadPackage([name], { messageCallback: () => {} });
    step(`install ${name}`);
  }
  pyodide.runPython('import IPython');
  step('import IPython (with jedi, prompt_toolkit, pygments)');
  await pyodide.runPythonAsync('import pyodide_kernel');
  step('import pyodide_kernel (the kernel itself)');
  pyodide.runPython('import ipywidgets, anywidget');
  step('first cell: import ipywidgets, anywidget');
  pyodide.runPython('from playbook import BoardWidget, load');
  step('first cell: from playbook import BoardWidget, load');
  pyodide.runPython(board);
  step("first board's picture (load('cosmic'), its SVG)");
  return steps;
}"""
BOARD = "from playbook import render\nrender.svg(load('cosmic').initial().view())"


def install_order(site: Path) -> list[str]:
    """The wheels the kernel and a first board need, each after what it depends on."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from playbook.site.lite import KERNEL_START

    packages = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text())["packages"]
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order or name not in packages:
            return
        for dependency in packages[name]["depends"]:
            visit(dependency)
        order.append(name)

    for name in [*KERNEL_START, "playbook-games"]:
        visit(name)
    return order


def breakdown(browser, site: Path, base: str, rounds: int) -> None:
    """Print where the site's start goes, cold and after a reload: the median of ``rounds``."""
    order = install_order(site)
    cold: dict[str, list[float]] = {}
    warm: dict[str, list[float]] = {}
    for _ in range(rounds):
        context, page, _refused = new_page(browser, offline=True)
        try:
            for kept in (cold, warm):
                page.goto(f"{base}/probe.html")
                for name, ms in page.evaluate(BREAKDOWN, [order, BOARD]):
                    kept.setdefault(name, []).append(ms / 1000)
        finally:
            context.close()
    print(f"\nWhere the site's start goes (a page of the site doing what the kernel and the first cell do; "
          f"median of {rounds}):")
    print(f"{'':58s}{'cold':>8s}{'warm':>8s}")
    for name in cold:
        print(f"{name:58s}{statistics.median(cold[name]):7.2f}s{statistics.median(warm[name]):7.2f}s")
    total_cold = sum(statistics.median(v) for v in cold.values())
    total_warm = sum(statistics.median(v) for v in warm.values())
    print(f"{'total':58s}{total_cold:7.2f}s{total_warm:7.2f}s")


def main() -> None:
    """Measure both, round by round, and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a site already built by playbook lite")
    parser.add_argument("--no-breakdown", action="store_true", help="leave out where the site's start goes")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as p:
        site = Path(scratch) / "site"
        if options.site:
            shutil.copytree(options.site, site)
        else:
            build_site(site)
        (site / "probe.html").write_text("<!doctype html><title>probe</title>\n")
        lite_browser = p.chromium.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
        lab_browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        lite: list[dict[str, float]] = []
        lab: list[dict[str, float]] = []
        with serving(site) as base, running_lab(Path(scratch) / "lab") as (lab_base, token, _root):
            for n in range(options.rounds):
                lite.append(one_round(lite_browser, f"{base}/lab/index.html?path={NOTEBOOK}", True,
                                      [f"{base}/lab/index.html?path={name}" for name in [*OTHERS, NOTEBOOK]]))
                lab.append(one_round(lab_browser, f"{lab_base}/lab/tree/{NOTEBOOK}?reset&token={token}", False,
                                     [f"{lab_base}/lab/tree/{name}?token={token}" for name in [*OTHERS, NOTEBOOK]],
                                     lambda: shut_kernels_down(lab_base, token)))
                print(f"round {n + 1}: site {lite[-1]['cold board']:.1f} s cold, {lite[-1]['warm board']:.1f} s warm; "
                      f"JupyterLab {lab[-1]['cold board']:.1f} s cold, {lab[-1]['warm board']:.1f} s warm", flush=True)
            report(lite, lab)
            if not options.no_breakdown:
                breakdown(lite_browser, site, base, options.rounds)
        lite_browser.close()
        lab_browser.close()


if __name__ == "__main__":
    main()
