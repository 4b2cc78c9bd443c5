"""A board's pictures: the live view's drawing, and the picture saved with a notebook's output.

:meth:`SavedPicture.draw` draws the position for the live view (the board's
``svg``, ``details`` and ``occupied``); the picture saved beside it is drawn
the same way, with its caption.

Beside the live view, a board's output holds a picture of it as
sanitizer-safe HTML: JupyterLab shows it where it does not trust the
saved output, static viewers (nbviewer, GitHub) show it always, and
playbook's JupyterLab extension shows it wherever the live view cannot be
drawn (a notebook reopened without the kernel that made the board).  So
nothing of a saved board depends on the widget state JupyterLab may or
may not save with the notebook.

A board is shown in an output of its own (``display_data`` with a display
id), and once its front end says the page keeps pictures (the extension
draws a new picture without touching the live view), each change of the
board sends the output its new picture: what JupyterLab saves shows the
board as it was last seen.  Elsewhere (a front end without the extension
would draw the live view afresh on each update) the picture stays as the
board was when shown.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from IPython.display import display, update_display

from .. import render
from ..core import State
from ..render import Scene

if TYPE_CHECKING:
    from . import BoardWidget

__all__ = ["SavedPicture", "Bundle", "with_picture", "show"]

#: What a widget gives to display: its data by type, and their metadata.
Bundle = tuple[dict[str, Any], dict[str, Any]]


class SavedPicture:
    """The pictures of ``board``: the live view's drawing, and the one its
    outputs carry beside the live view, kept up to date where the page
    allows it.  A board has one, as ``board.picture``."""

    def __init__(self, board: BoardWidget):
        self.board = board
        #: The outputs showing this board (or a widget holding it), each
        #: with the bundle it shows now.
        self.outputs: list[tuple[Any, Callable[[], Bundle | None]]] = []
        #: True once a front end has said its page keeps the outputs' pictures.
        self.kept = False

    def draw(self, state: State, status: str, last: bool = True) -> None:
        """Draw ``state`` in the live view: the board (with its ``last``
        move marked) without its caption, since the ``status`` is shown
        once, outside the picture, the caption's other lines under it, and
        the cells its pieces stand on."""
        board = self.board
        scene = state.view()
        board.svg = self._drawing(state, scene, caption=False, last=last)
        board.details = _details(scene.caption, status)
        board.occupied = sorted({cell for piece in scene.pieces for cell in piece.cells})

    def _drawing(self, state: State, scene: Scene, caption: bool = True, last: bool = True) -> str:
        """The SVG of ``scene`` (``state``'s view) as the board shows it:
        turned, with its arrows and highlights, and the last move of the
        line marked where ``last``."""
        board = self.board
        cells = state.last_action.cells() if last and state.last_action is not None and board.cursor > 0 else []
        return render.svg(scene, flip=board.flipped, last=cells, caption=caption, arrows=board.arrows,
                          highlight=board.highlights)

    def keep(self) -> None:
        """The front end's page keeps pictures: send them from now on, starting with the present one."""
        self.kept = True
        self.update()

    def update(self) -> None:
        """Bring the picture of every output showing this board up to date."""
        if not self.kept:
            return
        for display_id, bundle in self.outputs:
            shown = bundle()
            if shown is not None:
                update_display(shown[0], metadata=shown[1], raw=True, display_id=display_id)

    def html(self) -> str:
        """The board as shown, as an HTML ``<img>`` holding its SVG (with
        the status lines under it) in a ``data:`` URI: the same text for the
        same board, so a saved notebook compares equal run after run."""
        board = self.board
        state = board.state
        if board.curtain:
            # Hot-seat play: what is behind the curtain stays private.
            return f'<p class="pb-picture">{html.escape(board.curtain)}</p>'
        drawing = self._drawing(state, state.view())
        return render.picture_html(drawing, f"{state.game.title}: {state.status()}",
                                   "A picture of the board: run the cell to play on it")


def _details(caption: Iterable[str], status: str) -> list[str]:
    """The caption's lines without the status line they repeat."""
    lines = []
    for line in caption:
        if status and status in line:
            line = line.replace(status, "").strip(" .")
        if line:
            lines.append(line)
    return lines


def with_picture(bundle: Bundle | dict[str, Any] | None, board: BoardWidget) -> Bundle | None:
    """A widget's display ``bundle`` with ``board``'s picture added as
    ``text/html``, so a saved notebook shows the board where the live view
    cannot be drawn (an untrusted notebook, no kernel, a static viewer)."""
    if bundle is None:
        return None
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return {**data, "text/html": board.picture_html()}, metadata


def show(widget: Any, board: BoardWidget) -> None:
    """Display ``widget`` (``board`` itself, or a widget holding it) in an
    output of its own whose picture follows ``board``."""
    shown = widget._repr_mimebundle_()
    if shown is None:
        return
    handle = display(shown[0], metadata=shown[1], raw=True, display_id=True)
    if handle is not None:
        board.picture.outputs.append((handle.display_id, widget._repr_mimebundle_))
