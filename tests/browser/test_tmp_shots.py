import pytest
from .lab import open_board, board, ROOT
pytestmark = pytest.mark.browser

CELLS = ["""from playbook import load, Record, BoardWidget
from playbook.analysis import review, AlphaBeta, RandomAgent
g = load("cosmic")
s = g.initial(); acts = []
a1, r1 = AlphaBeta(depth=2), RandomAgent(seed=3)
for i in range(40):
    if s.outcome: break
    a = (a1 if i % 2 == 0 else r1).choose(s); acts.append(a); s = s.play(a)
rv = review(Record.of(g.initial(), acts), human="white")
shown = rv.board(show_evaluation=True)
shown.show(9)
shown""", """w = load("wheel")
s = w.initial(); acts = []
r = RandomAgent(seed=5)
for i in range(24):
    if s.outcome: break
    a = r.choose(s); acts.append(a); s = s.play(a)
b = BoardWidget(w.initial())
for a in acts: b._play(a)
b"""]

@pytest.mark.parametrize("theme", ["light", "dark"])
def test_shots(page, lab, dark_lab, theme):
    server = lab if theme == "light" else dark_lab
    open_board(page, server, f"shots-{theme}.ipynb", CELLS)
    page.set_viewport_size({"width": 1300, "height": 1400})
    out = page.locator(".jp-OutputArea-output:has(.pb-review)")
    out.locator(".pb-review-move").first.wait_for(timeout=60000)
    out.screenshot(path=f"/tmp/shots/review-live-{theme}.png")
    wb = board(page, 1)
    wb.scroll_into_view_if_needed()
    wb.screenshot(path=f"/tmp/shots/wheel-moves-{theme}.png")
