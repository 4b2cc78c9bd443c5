"""Board latency in a real JupyterLab, in headless Chromium.

    python benchmarks/widget_latency.py [rounds]

Measures, in the page, (1) from a click on a piece to its targets being in
the DOM, and (2) from the click that completes a move to the new board
being in the DOM (a round trip through the kernel).  Targets: highlight
median under 16 ms (one frame), new board median under 150 ms.
"""

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from browser.lab import CHROMIUM_ARGS, board, chromium_path, open_notebook, run_all, running_lab, write_notebook  # noqa: E402

MEASURE = """async ([from, to]) => {
  const root = document.querySelector('.pb-widget');
  const cell = (id) => root.querySelector(`[data-cell="${id}"]`);
  const click = (id) => cell(id).dispatchEvent(new MouseEvent('click', {bubbles: true}));
  let t0 = performance.now();
  click(from);
  await new Promise((ok) => {
    const check = () => root.querySelector('.pb-hl-target') ? ok() : requestAnimationFrame(check);
    check();
  });
  const highlight = performance.now() - t0;
  const oldSvg = root.querySelector('svg');
  t0 = performance.now();
  const changed = new Promise((ok) => {
    const obs = new MutationObserver(() => {
      if (root.querySelector('svg') !== oldSvg) { obs.disconnect(); ok(); }
    });
    obs.observe(root, {childList: true, subtree: true});
  });
  click(to);
  await changed;
  const move = performance.now() - t0;
  return [highlight, move];
}"""

UNDO = """async () => {
  const root = document.querySelector('.pb-widget');
  const oldSvg = root.querySelector('svg');
  const changed = new Promise((ok) => {
    const obs = new MutationObserver(() => {
      if (root.querySelector('svg') !== oldSvg) { obs.disconnect(); ok(); }
    });
    obs.observe(root, {childList: true, subtree: true});
  });
  root.querySelector('button[title="Undo"]').click();
  await changed;
}"""


def summary(name, values):
    return f"{name:34s} min {min(values):7.1f} ms   median {statistics.median(values):7.1f} ms   max {max(values):7.1f} ms"


def main(rounds: int = 30) -> None:
    from playwright.sync_api import sync_playwright

    if chromium_path() is None:
        sys.exit("needs Debian's chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as home, running_lab(Path(home)) as lab:
        name = write_notebook(lab[2], "latency.ipynb", [
            "from playbook import load, BoardWidget\nboard = BoardWidget(load('cosmic').initial())\nboard",
        ])
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1200, "height": 1000})
            open_notebook(page, lab, name)
            run_all(page)
            board(page)
            highlights, moves = [], []
            for _ in range(rounds):
                h, m = page.evaluate(MEASURE, ["c2", "d3"])
                highlights.append(h)
                moves.append(m)
                page.evaluate(UNDO)
            browser.close()
    print(f"{rounds} clicks each, Cosmic Chess board in JupyterLab, headless Chromium")
    print(summary("click on piece -> highlights", highlights), "  (target median < 16 ms)")
    print(summary("final click -> new board", moves), "  (target median < 150 ms)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
