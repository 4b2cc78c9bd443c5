"""The picture of a board saved with a notebook's output.

Beside the live view, a board's output holds a picture of it as
sanitizer-safe HTML: JupyterLab shows it where it does not trust the
saved output or has no live kernel, and static viewers (nbviewer, GitHub)
show it always.
"""

from __future__ import annotations

import html
from typing import Any

from .. import render
from .base import BoardBase

__all__ = ["SavedPicture", "with_picture"]

#: What a widget gives to display: its data by type, and their metadata.
Bundle = tuple[dict[str, Any], dict[str, Any]]


class SavedPicture(BoardBase):
    """A board whose output carries its picture beside the live view."""

    def _repr_mimebundle_(self, **kwargs: Any) -> Bundle | None:
        return with_picture(super()._repr_mimebundle_(**kwargs), self)

    def picture_html(self) -> str:
        """The board as shown, as an HTML ``<img>`` holding its SVG (with
        the status lines under it) in a ``data:`` URI: the same text for the
        same board, so a saved notebook compares equal run after run."""
        state = self.state
        if self.curtain:
            # Hot-seat play: what is behind the curtain stays private.
            return f'<p class="pb-picture">{html.escape(self.curtain)}</p>'
        last = state.last_action.cells() if state.last_action is not None and self.cursor > 0 else []
        drawing = render.svg(state.view(), flip=self.flipped, last=last, arrows=self.arrows,
                             highlight=self.highlights)
        return render.picture_html(drawing, f"{state.game.title}: {state.status()}",
                                   "A picture of the board: run the cell to play on it")


def with_picture(bundle: Bundle | dict[str, Any] | None, board: SavedPicture) -> Bundle | None:
    """A widget's display ``bundle`` with ``board``'s picture added as
    ``text/html``, so a saved notebook shows the board where the live view
    cannot be drawn (an untrusted notebook, no kernel, a static viewer)."""
    if bundle is None:
        return None
    data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
    return {**data, "text/html": board.picture_html()}, metadata
