"""Reading an action's text into the steps that enter it."""

from __future__ import annotations

from ...core import IllegalAction, NotationError, Step
from .board import ABILITY_OWNER, BASIC, DONE, INDEX, CELLS

def steps_from_text(s, text: str) -> tuple[Step, ...]:
    """The steps that enter the action written ``text``."""
    if not text:
        raise NotationError("an empty action")
    words = text.split()
    verb = words[0]
    if verb == "place":
        if len(words) != 3:
            raise NotationError("write 'place <umbration> <cell>'", text, len(text) - 1)
        return (Step.choice(words[1]), _cell_step(words[2], text))
    if verb == "choose":
        if len(words) != 2:
            raise NotationError("write 'choose left' or 'choose right'", text, len(text) - 1)
        return (Step.choice(words[1]),)
    if verb == "document":
        return (Step.choice("document"), Step.text(" ".join(words[1:]), "nine words"))
    if verb == "travel":
        if len(words) != 3:
            raise NotationError("write 'travel <from> <to>'", text, len(text) - 1)
        return (_cell_step(words[1], text), _cell_step(words[2], text))
    if verb != "perform":
        raise NotationError("an action starts with travel, perform, document, place or choose", text, 0)
    if len(words) < 3:
        raise NotationError("write 'perform <cell> <ability> ...'", text, len(text) - 1)
    steps = [_cell_step(words[1], text), Step.choice(words[2])]
    name, params = words[2], words[3:]
    if name not in ABILITY_OWNER and name != "repair":
        raise NotationError(f"unknown ability {name!r}", text, text.index(name))
    steps += _param_steps(s, INDEX[words[1]], name, params, text)
    return tuple(steps)


def _cell_step(word: str, text: str) -> Step:
    if word not in INDEX:
        raise NotationError(f"{word!r} is not a cell (A1 to I3)", text, text.index(word))
    return Step.cell(word)


def _param_steps(s, performer_cell, name, params, text):
    if name == "propaganda":
        return [_cell_step(w, text) for w in params] + [DONE]
    if name == "flock-together":
        out = []
        for w in params:
            if ">" not in w:
                raise NotationError("Flock Together lists <from>><to> pairs", text, text.index(w))
            out.append(_cell_step(w.split(">")[1], text))
        return out
    if name == "tectonic-failure":
        moves = {}
        for w in params:
            if ">" not in w:
                raise NotationError("Tectonic Failure lists <from>><to> moves", text, text.index(w))
            a, b = w.split(">", 1)
            _cell_step(a, text), _cell_step(b, text)
            moves[a] = w
        things = sorted([p.cell for p in s.pieces if not p.dead] + [c for c, _ in s.monuments])
        unknown = set(moves) - {CELLS[c] for c in things}
        if unknown:
            raise IllegalAction(f"nothing Tectonic Failure can move stands on {', '.join(sorted(unknown))}", rule="tectonic failure")
        return [Step.choice(moves.get(CELLS[c], f"{CELLS[c]}=")) for c in things]
    if name == "interpretative-dance":
        if len(params) < 2:
            raise NotationError("write 'interpretative-dance <world piece> <its ability> ...'", text, len(text) - 1)
        source_cell = INDEX.get(params[0])
        if source_cell is None:
            raise NotationError(f"{params[0]!r} is not a cell", text, text.index(params[0]))
        source = s.piece_at(source_cell)
        if source is not None and BASIC[source.umbration] != params[1]:
            raise IllegalAction(f"the piece on {params[0]} is {source.umbration}: its basic ability is "
                                f"{BASIC[source.umbration]}, not {params[1]}", rule="interpretative dance")
        return [Step.cell(params[0])] + _param_steps(s, performer_cell, params[1], params[2:], text)
    out = []
    for w in params:
        out.append(Step.cell(w) if w in INDEX else Step.choice(w))
    return out
