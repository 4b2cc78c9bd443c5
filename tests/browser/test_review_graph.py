"""The review graph's front end in Chromium, on a plain page: one point and
one move a move, labels marked, numbers beside their moves, and a click on
a point or a move sets the cursor the board follows.  The front end is the
board's own bundle (widgets/board.js), which draws the graph for a model
whose ``kind`` says so.  The model is a stand-in with anywidget's
``get``/``set``/``save_changes``/``on``, so no JupyterLab is needed."""

import json

import pytest

from playbook import Record, load
from playbook.analysis import review
from playbook.widget import ReviewGraph
from playbook.widget.bundle import CSS, ESM

pytestmark = pytest.mark.browser

PAGE = """
<style>%s</style>
<div id="root" style="width: 480px"></div>
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
    graph = ReviewGraph(review(Record.of(start, ["b1-a1", "a4x*"])), cursor=2, comment="1… a4x* (black): won.")
    keys = ("kind", "svg", "labels", "moves", "numbers", "marks", "cursor", "comment")
    data = {k: getattr(graph, k) for k in keys}
    page.set_content(PAGE % (CSS.read_text(), json.dumps(data), json.dumps(ESM.read_text())))
    page.wait_for_selector("body[data-ready=yes]")
    assert page.locator(".pb-review-comment").inner_text() == "1… a4x* (black): won."
    assert page.locator("circle[data-ply]").count() == 2
    # The cursor (after the second move) is a line through the second point.
    assert page.locator(".pb-review-cursor").get_attribute("x1") == \
        page.locator("circle[data-ply='2']").get_attribute("cx")
    # The blunder's point in the blunder's colour (#d55e00), the other one in the sheet's grey.
    fills = page.evaluate("() => [...document.querySelectorAll('circle[data-ply]')]"
                          ".map((c) => getComputedStyle(c).fill)")
    assert fills[0] == "rgb(213, 94, 0)" and fills[1] != fills[0]
    # White's move and Black's reply make one numbered turn: "1." beside b1-a1.
    assert page.locator(".pb-review-move").all_inner_texts() == ["b1-a1??", "a4x*"]
    assert [t.replace("\n", " ") for t in page.locator(".pb-review-turn").all_inner_texts()] == ["1. b1-a1?? a4x*"]
    page.locator("circle[data-ply='1']").dispatch_event("click")
    assert page.evaluate("window.sets") == [["cursor", 1]]
    page.locator(".pb-review-move[data-ply='2']").click()
    assert page.evaluate("window.sets") == [["cursor", 1], ["cursor", 2]]
    # A click on the graph away from any point selects the move whose point is nearest across:
    # just left of the second point (x 472 of 480), over White's area, is the second move.
    box = page.locator("svg.pb-review-graph").bounding_box()
    page.mouse.click(box["x"] + box["width"] * 465 / 480, box["y"] + box["height"] * 20 / 150)
    assert page.evaluate("window.sets")[-1] == ["cursor", 2]
    page.mouse.click(box["x"] + box["width"] * 200 / 480, box["y"] + box["height"] * 20 / 150)
    assert page.evaluate("window.sets")[-1] == ["cursor", 1]


def test_the_move_numbers_sit_beside_their_moves_inside_the_list(page):
    # A long game in a narrow list: every number is on the line of the move
    # it numbers, left of it and touching none, and nothing starts left of the list.
    start = load("cosmic").initial()
    record = Record.of(start, [])
    state, actions = start, []
    for _ in range(30):
        if state.outcome is not None:
            break
        action = state.legal_actions()[0]
        actions.append(action)
        state = state.play(action)
    record = Record.of(start, actions)
    graph = ReviewGraph(review(record, depth=1), cursor=0)
    data = {k: getattr(graph, k) for k in ("kind", "svg", "labels", "moves", "numbers", "marks", "cursor")}
    page.set_content(PAGE % (CSS.read_text(), json.dumps(data), json.dumps(ESM.read_text())))
    page.wait_for_selector("body[data-ready=yes]")
    boxes = page.evaluate("""() => {
      const list = document.querySelector('.pb-review-moves').getBoundingClientRect();
      return [...document.querySelectorAll('.pb-review-turn')].map((turn) => {
        const num = turn.querySelector('.pb-num').getBoundingClientRect();
        const move = turn.querySelector('.pb-review-move').getBoundingClientRect();
        return [list.left, num.left, num.right, num.top, move.left, move.top];
      });
    }""")
    assert len(boxes) == (len(actions) + 1) // 2
    for left, num_left, num_right, num_top, move_left, move_top in boxes:
        assert num_left >= left and num_right <= move_left and abs(num_top - move_top) < 2
