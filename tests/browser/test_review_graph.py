"""The review graph's front end in Chromium, on a plain page: one point and
one move a move, labels marked, and a click on a point or a move sets the
cursor the board follows.  The model is a stand-in with anywidget's
``get``/``set``/``save_changes``/``on``, so no JupyterLab is needed."""

import json

import pytest

from playbook import Record, load
from playbook.analysis import review
from playbook.analysis.review_board import _ESM, ReviewGraph

pytestmark = pytest.mark.browser

PAGE = """
<div id="root"></div>
<script type="module">
const data = %s;
const listeners = [];
window.sets = [];
const model = {
  get: (k) => data[k],
  set: (k, v) => { data[k] = v; window.sets.push([k, v]); },
  save_changes: () => listeners.forEach((f) => f()),
  on: (_event, f) => listeners.push(f),
};
const url = URL.createObjectURL(new Blob([%s], { type: "text/javascript" }));
const module = await import(url);
module.default.render({ model, el: document.getElementById("root") });
document.body.dataset.ready = "yes";
</script>
"""


def test_a_click_on_a_point_or_a_move_sets_the_cursor(page):
    start = load("cosmic").parse("5k/6/r5/6/6/1K2R1 w")
    graph = ReviewGraph(review(Record.of(start, ["b1-a1", "a4x*"])), cursor=2)
    data = {k: getattr(graph, k) for k in ("points", "labels", "moves", "marks", "cursor")}
    page.set_content(PAGE % (json.dumps(data), json.dumps(_ESM)))
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator("circle[data-ply]").count() == 2
    assert page.locator("li[data-ply]").all_inner_texts() == ["b1-a1??", "a4x*"]
    page.locator("circle[data-ply='1']").dispatch_event("click")
    assert page.evaluate("window.sets") == [["cursor", 1]]
    page.locator("li[data-ply='2']").click()
    assert page.evaluate("window.sets") == [["cursor", 1], ["cursor", 2]]
