"""The ``board`` directive: a position drawn by the package at build time,
so a page's board is never a stale screenshot.

.. code-block:: md

   ```{board} cosmic
   :play: c2-d3 d5-c4
   ```

draws Cosmic Chess's start with those actions played; ``:position:`` gives
a position's text instead (as ``game.parse`` reads it).
"""

from __future__ import annotations

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.util.docutils import SphinxDirective

import playbook


class BoardDirective(SphinxDirective):
    """A board picture: ``game`` as its argument, ``:position:`` or ``:play:`` as options."""

    required_arguments = 1
    option_spec = {"position": directives.unchanged, "play": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        try:
            game = playbook.load(self.arguments[0])
            state = game.parse(self.options["position"]) if "position" in self.options else game.initial()
            for action in self.options.get("play", "").split():
                state = state.play(action)
        except playbook.PlaybookError as exc:
            raise self.error(f"board {self.arguments[0]!r}: {exc}") from None
        picture = state.diagram()._repr_html_()
        return [nodes.raw("", f'<p class="pb-board-picture">{picture}</p>', format="html")]
