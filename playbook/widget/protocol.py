"""The widgets' protocol: every message and synced trait, listed once.

``protocol.json`` beside this module lists what a board's front end sends
(:data:`FROM_BROWSER`), what the kernel sends back (:data:`TO_BROWSER`),
each with its fields and their types and what a board must offer to
take it, the synced traits of each widget the bundle draws
(:data:`TRAITS`) and the few of them the page may set (:data:`PAGE_SETS`,
which :class:`PageTraits` keeps to).  This module reads it for the
Python side; the front end imports the same file into its bundle
(``widgets/src/protocol.js``), so a change to the list makes the committed
bundle stale.  The board dispatches what it receives through
:func:`dispatch_table`, and sends through :func:`message`; both refuse a
name the list lacks, and ``tests/test_protocol.py`` checks that both
sides use every listed name and no other.

>>> sorted(TO_BROWSER)
['edit-refused', 'refused', 'subtree']
>>> FROM_BROWSER["jump"].fault({"type": "jump", "index": "two"})
'Refused: a jump needs a move number.'
>>> message("refused", reason="Refused: not your turn.")
{'type': 'refused', 'reason': 'Refused: not your turn.'}
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, cast

import traitlets

__all__ = ["FieldType", "Message", "FROM_BROWSER", "TO_BROWSER", "TRAITS", "PAGE_SETS", "PageTraits", "message",
           "dispatch_table"]

#: The types a message's field or a synced trait may have, as the list writes them.
FieldType = Literal["string", "integer", "boolean", "list", "object", "string or null", "boolean or list"]

_CHECKS: dict[str, Callable[[Any], bool]] = {
    "string": lambda v: isinstance(v, str),
    # JSON has no separate booleans for Python: True is an int there, and no move number.
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "string or null": lambda v: v is None or isinstance(v, str),
    "boolean or list": lambda v: isinstance(v, (bool, list)),
}


@dataclass(frozen=True)
class Message:
    """One type of message: its ``type`` (the name on the wire), what it
    means (``doc``), its fields by name with their types, the reason a
    malformed one is refused with (``refusal``; a general one when empty),
    and what a board must offer to take it (``needs``: ``"editor"``, a
    board with the position editor; ``"control"``, a board that shows the
    button of that name; empty: every board)."""

    type: str
    doc: str
    fields: Mapping[str, FieldType]
    refusal: str = ""
    needs: str = ""

    def fault(self, content: Mapping[str, Any]) -> str | None:
        """Why ``content`` is not a well-formed message of this type (a
        refusal for the status line), or None when it is."""
        for name, kind in self.fields.items():
            if name not in content or not _CHECKS[kind](content[name]):
                return self.refusal or f"Refused: the {self.type!r} message needs {name!r} as {kind}."
        return None


def _read() -> dict[str, Any]:
    return cast(dict[str, Any], json.loads((pathlib.Path(__file__).parent / "protocol.json").read_text("utf-8")))


def _messages(listed: Mapping[str, Any]) -> dict[str, Message]:
    for entry in listed.values():
        unknown = set(entry["fields"].values()) - set(_CHECKS)
        if unknown:
            raise ValueError(f"protocol.json names unknown types {sorted(unknown)}")
    needs = {entry.get("needs", "") for entry in listed.values()} - {"", "editor", "control"}
    if needs:
        raise ValueError(f"protocol.json names unknown needs {sorted(needs)}")
    return {name: Message(name, entry["doc"], dict(entry["fields"]), entry.get("refusal", ""), entry.get("needs", ""))
            for name, entry in listed.items()}


_LIST = _read()
#: The messages a board's front end sends the kernel, by type.
FROM_BROWSER: dict[str, Message] = _messages(_LIST["from_browser"])
#: The messages the kernel sends a board's front end, by type.
TO_BROWSER: dict[str, Message] = _messages(_LIST["to_browser"])
#: The synced traits of each widget the bundle draws ("board", "review-graph"): name -> type.
TRAITS: dict[str, dict[str, FieldType]] = {widget: dict(traits) for widget, traits in _LIST["traits"].items()}
#: The synced traits the page may set, by widget: the review graph's cursor
#: (a click on the graph); a board's page sets none, and asks by message.
PAGE_SETS: dict[str, list[str]] = {widget: list(names) for widget, names in _LIST["page_sets"].items()}


class PageTraits:
    """What a widget drawn by the bundle takes from its page's copy of the
    synced traits: only the changes :data:`PAGE_SETS` lists for it (the
    widget's ``kind``, else "board").  Any other change, and one its trait
    refuses (a value out of range), leaves the kernel's value as it was
    and sends it back, so the page shows it again; :meth:`_refuse_traits`
    is then told which.  Notebook code sets every trait as before."""

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The page's changes to synced traits (what ipywidgets calls for them), kept to those the page owns."""
        owned = PAGE_SETS[getattr(self, "kind", "board")]
        taken = {name: value for name, value in sync_data.items() if name in owned}
        refused = sorted(set(sync_data) - set(taken))
        if taken:
            try:
                super().set_state(taken)  # type: ignore[misc]
            except traitlets.TraitError:
                refused += sorted(taken)
        if refused:
            kept = [name for name in refused if name in self.keys]  # type: ignore[attr-defined]
            if kept:
                self.send_state(kept)  # type: ignore[attr-defined]
            self._refuse_traits(refused)

    def _refuse_traits(self, names: list[str]) -> None:
        """Told the names of the traits whose change from the page was refused; nothing by default."""


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """The message of type ``kind`` with ``fields``, to send to a front end.
    Raises ``ValueError`` for a type :data:`TO_BROWSER` lacks or fields it
    does not list: a message the front end could not read is a bug here."""
    if kind not in TO_BROWSER:
        raise ValueError(f"no message {kind!r} goes to the browser; protocol.json lists {sorted(TO_BROWSER)}")
    content = {"type": kind, **fields}
    listed = TO_BROWSER[kind]
    if set(fields) != set(listed.fields) or listed.fault(content):
        raise ValueError(f"a {kind!r} message has the fields {dict(listed.fields)}, not {sorted(fields)}")
    return content


Handler = TypeVar("Handler")


def dispatch_table(handlers: Mapping[str, Handler]) -> dict[str, Handler]:
    """``handlers`` (message type -> what handles it) as the table a board
    dispatches by, after checking it handles every type in
    :data:`FROM_BROWSER` and no other; raises ``ValueError`` otherwise."""
    missing = sorted(set(FROM_BROWSER) - set(handlers))
    stray = sorted(set(handlers) - set(FROM_BROWSER))
    if missing or stray:
        raise ValueError(f"the handlers miss the listed messages {missing} and handle unlisted ones {stray}")
    return dict(handlers)
