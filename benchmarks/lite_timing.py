"""The JupyterLite site against JupyterLab: how long a learner waits.

    python benchmarks/lite_timing.py [--rounds N] [--site DIR]

For each of the offline JupyterLite site (built by ``playbook lite``,
served on 127.0.0.1 to a Chromium that reaches no other host) and a
JupyterLab server on the same notebooks, in headless Chromium with a
fresh profile each round (a cold page: nothing cached), prints:

- cold page to live board: from opening ``cosmic_chess.ipynb`` to its first
  board holding the kernel's position after Run All (the kernel started,
  ``playbook`` imported, the board drawn by the kernel);
- engine hint: from a click on Hint to the hint on the board, for a board
  whose advisor searches Cosmic Chess's start to depth 3 when asked (no
  evaluation shown before, so the search itself is timed; the same search
  in both, so it compares Python in the browser with Python on a server).

A script that prints, not a test: the numbers depend on the machine and
its load.  ``--site DIR`` reuses a site already built.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from browser.lab import CHROMIUM_ARGS, chromium_path, run_all, running_lab  # noqa: E402
from browser.lite import OFFLINE_ARGS, block_other_hosts, build_site, serving  # noqa: E402

NOTEBOOK = "cosmic_chess.ipynb"
ENGINE = ("from playbook import load, BoardWidget; from playbook.analysis import AlphaBeta; "
          "hinted = BoardWidget(load('cosmic').initial(), human='white', opponent=AlphaBeta(depth=1, time_limit=None), "
          "advisor=AlphaBeta(depth=3, time_limit=None), show_evaluation=False); hinted")
HINT = """async (root) => {
  const t0 = performance.now();
  root.querySelector('button[aria-label="Hint"]').click();
  while (root.getAttribute('data-hint-level') !== '1') await new Promise((ok) => requestAnimationFrame(ok));
  return performance.now() - t0;
}"""


def live_board(page, url: str) -> float:
    """Open ``url`` (the notebook), run it all and return the seconds until its first board is live."""
    start = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(".jp-Notebook", timeout=300000)
    page.get_by_text("| Idle").wait_for(timeout=300000)
    run_all(page, wait=False)
    page.locator(".pb-widget[data-position]").first.wait_for(timeout=300000)
    return time.perf_counter() - start


def hint_ms(page) -> float:
    """Add a cell with an engine board under the notebook, run it and time a hint, in ms."""
    page.get_by_text("| Idle").wait_for(timeout=300000)
    page.locator(".jp-Notebook .jp-Cell").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(ENGINE)
    page.keyboard.press("Control+Enter")
    widget = page.locator(".jp-Notebook .jp-Cell").last.locator(".pb-widget[data-position]")
    widget.wait_for(timeout=300000)
    return widget.evaluate(HINT)


def measure(browser, url: str, args: list[str], offline: bool) -> tuple[float, float]:
    """One cold round: (seconds to a live board, ms for a hint)."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    refused: list[str] = []
    if offline:
        block_other_hosts(context, refused)
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    try:
        return live_board(page, url), hint_ms(page)
    finally:
        context.close()
        if refused:
            print(f"  (refused {len(refused)} requests to other hosts, e.g. {refused[0]})")


def report(name: str, rounds: list[tuple[float, float]]) -> None:
    boards, hints = zip(*rounds, strict=True)
    print(f"{name:11s} cold page to live board: median {statistics.median(boards):6.1f} s "
          f"(min {min(boards):.1f}, max {max(boards):.1f});   engine hint (depth 3): median "
          f"{statistics.median(hints):7.0f} ms (min {min(hints):.0f}, max {max(hints):.0f});   {len(rounds)} rounds")


def main() -> None:
    """Measure both and print them side by side."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--site", type=Path, help="a site already built by playbook lite")
    options = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as scratch, sync_playwright() as p:
        site = options.site or build_site(Path(scratch) / "site")
        with serving(site) as base:
            browser = p.chromium.launch(executable_path=chromium_path(), args=OFFLINE_ARGS)
            lite_rounds = [measure(browser, f"{base}/lab/index.html?path={NOTEBOOK}", OFFLINE_ARGS, True)
                           for _ in range(options.rounds)]
            browser.close()
        with running_lab(Path(scratch) / "lab") as (lab_base, token, _root):
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            lab_rounds = [measure(browser, f"{lab_base}/lab/tree/{NOTEBOOK}?reset&token={token}", CHROMIUM_ARGS, False)
                          for _ in range(options.rounds)]
            browser.close()
    report("JupyterLite", lite_rounds)
    report("JupyterLab", lab_rounds)


if __name__ == "__main__":
    main()
