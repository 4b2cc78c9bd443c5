"""The check that plays a game on its live board: JupyterLab in headless
Chromium, a notebook showing the board, a move entered by clicks."""

from __future__ import annotations

from ..core import Game
from .lab import board, click, open_notebook, run_all, wait_for_move, write_notebook
from .registry import Session, check

__all__: list[str] = []


def _clicked(game: Game) -> str | None:
    state = game.initial()
    if any(a.steps and all(s.kind == "cell" for s in a.steps) for a in state.legal_actions()):
        return None
    return "its start has no action entered by clicks on cells alone"


@check("the live board in JupyterLab takes a move entered by clicks (the first action of the start entered by "
       "cells alone) and lists it", tier="browser", applies=_clicked)
def live_board_takes_a_move_by_clicks(game: Game, session: Session) -> None:
    action = next(a for a in game.initial().legal_actions() if a.steps and all(s.kind == "cell" for s in a.steps))
    browser = session.browser()
    lab = session.lab()
    name = write_notebook(lab[2], f"check_{game.name}.ipynb",
                          ["from playbook import BoardWidget, load", f"BoardWidget(load({game.name!r}).initial())"])
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = context.new_page()
        open_notebook(page, lab, name)
        run_all(page)
        widget = board(page)
        for cell in action.cells():
            click(widget, cell)
        wait_for_move(widget, action.text)
    finally:
        context.close()
