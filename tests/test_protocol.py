"""The widgets' protocol is listed once (playbook/widget/protocol.json) and
both sides keep to it: every message type the front end sends, with its
fields, every answer the kernel sends, and every synced trait, each used
by both sides and none that the list lacks.  The front end is read from
its sources (widgets/src), the Python side from its widget classes and
its sources; the checks are tried on made-up sources with a stray name,
so they can fail."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import anywidget
import pytest
import traitlets

import playbook
from playbook.widget import BoardWidget, ReviewGraph
from playbook.widget import CONTROLS
from playbook.widget.bundle import ESM
from playbook.widget.messages import HANDLERS
from playbook.widget.protocol import FROM_BROWSER, PAGE_SETS, TO_BROWSER, TRAITS, dispatch_table, message

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "widgets" / "src"

# The constants widgets/src/protocol.js makes of the list, and the part of it each reads.
GROUPS = {"SEND": "from_browser", "ANSWER": "to_browser", "BOARD": "board", "GRAPH": "review-graph"}


def listed() -> dict[str, set[str]]:
    """The names the list holds, by the part of the list they are in."""
    return {"from_browser": set(FROM_BROWSER), "to_browser": set(TO_BROWSER),
            **{widget: set(traits) for widget, traits in TRAITS.items()}}


def wire_name(group: str, key: str) -> str:
    """The listed name a constant stands for: SEND.editPlace is "edit-place"."""
    return re.sub(r"[A-Z]", lambda m: "-" + m.group().lower(), key) if group in ("SEND", "ANSWER") else key


def top_level_keys(body: str) -> list[str]:
    """The keys of a JavaScript object literal's body (``type: X, steps, index: i``)."""
    parts, depth, current = [], 0, ""
    for char in body:
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += char
    parts.append(current)
    return [re.match(r"\s*(\w+)", part).group(1) for part in parts if part.strip()]


CONSTANT = r"(?:BOARD|GRAPH)\.\w+"
# Where the front end names a message or a trait, with what each place must hold.
PLACES = [
    (re.compile(r"model\.(?:get|set)\(\s*([^,)]*)"), re.compile(CONSTANT), "a trait read or set"),
    (re.compile(r"\btype:\s*([^,}\s]*)"), re.compile(r"SEND\.\w+"), "a message type sent"),
    (re.compile(r"\.type\s*[!=]==?\s*([^\s)&|;]*)"), re.compile(r"ANSWER\.\w+"), "a message type read"),
    (re.compile(r"onChange\(\s*\w+,\s*\[([^\]]*)\]"), re.compile(rf"{CONSTANT}(?:,\s*{CONSTANT})*"), "traits watched"),
]


def front_end_uses(sources: dict[str, str]) -> tuple[dict[str, set[str]], dict[str, dict[str, set[str]]], list[str]]:
    """What the front end's ``sources`` (file name -> text, widgets/src's
    protocol.js left out: it makes the constants) use: the listed names
    by part of the list, the fields each message type is sent with, and
    the faults found (a name written out where a constant belongs, a
    constant looked up by a computed key, a change event named by hand)."""
    used: dict[str, set[str]] = {part: set() for part in GROUPS.values()}
    fields: dict[str, set[str]] = {}
    faults = []
    for name, text in sources.items():
        for group, key in re.findall(r"\b(SEND|ANSWER|BOARD|GRAPH)\.(\w+)", text):
            used[GROUPS[group]].add(wire_name(group, key))
        faults += [f"{name}: {group}[...] is looked up by a computed key"
                   for group in re.findall(r"\b(SEND|ANSWER|BOARD|GRAPH)\[", text)]
        faults += [f"{name}: a change event named by hand ({m.group()}); use onChange"
                   for m in re.finditer(r"[\"'`]change:", text)]
        for place, allowed, what in PLACES:
            faults += [f"{name}: {what} is {m.group(1).strip()!r}, not a constant from protocol.js"
                       for m in place.finditer(text) if not allowed.fullmatch(m.group(1).strip())]
        for body in re.findall(r"\{\s*(type:\s*SEND\.\w+(?:[^{}]|\([^()]*\))*)\}", text):
            keys = top_level_keys(body)
            kind = wire_name("SEND", re.match(r"type:\s*SEND\.(\w+)", body).group(1))
            fields.setdefault(kind, set()).update(k for k in keys if k != "type")
    return used, fields, faults


def differences(names: dict[str, set[str]], used: dict[str, set[str]], side: str) -> list[str]:
    """Each name one side uses that the list lacks, and each listed name it never uses."""
    stray = [f"{side} uses {part} {n!r}, which protocol.json lacks" for part in used for n in used[part] - names[part]]
    unused = [f"{side} never uses the listed {part} {n!r}" for part in used for n in names[part] - used[part]]
    return sorted(stray + unused)


def front_end_sources() -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(SOURCES.glob("*.js")) if p.name != "protocol.js"}


def test_the_front_end_uses_every_listed_name_and_no_other():
    used, _, faults = front_end_uses(front_end_sources())
    assert faults == []
    assert differences(listed(), used, "the front end") == []


def test_the_front_end_sends_each_message_with_its_listed_fields():
    _, fields, _ = front_end_uses(front_end_sources())
    assert fields == {kind: set(m.fields) for kind, m in FROM_BROWSER.items()}


def test_the_front_end_check_finds_a_stray_name_a_written_out_name_and_an_unused_one():
    sources = front_end_sources()
    sources["stray.js"] = "\n".join([
        "model.send({ type: SEND.teleport, to: cell });",  # a message the list lacks
        'model.get("svg");',  # a trait written out
        "model.get(BOARD.colour);",  # a trait the list lacks
        "model.send({ type: SEND.jump, index, when: now });",  # a field the list lacks
        'model.on("change:svg", draw);',
        "model.get(BOARD[name]);",
        'if (msg.type === "refused") cancel();',
    ])
    used, fields, faults = front_end_uses(sources)
    assert sorted(differences(listed(), used, "js")) == [
        "js uses board 'colour', which protocol.json lacks",
        "js uses from_browser 'teleport', which protocol.json lacks",
    ]
    assert fields["jump"] == {"index", "when"}
    assert len(faults) == 5 and all(f.startswith("stray.js: ") for f in faults), faults
    unused = {name: text.replace("ANSWER.subtree", "null") for name, text in front_end_sources().items()}
    assert differences(listed(), front_end_uses(unused)[0], "js") == ["js never uses the listed to_browser 'subtree'"]


def traits_set(sources: dict[str, str]) -> dict[str, set[str]]:
    """The traits the front end's ``sources`` set (``model.set(GRAPH.cursor, i)``), by the list's widget."""
    found: dict[str, set[str]] = {widget: set() for widget in TRAITS}
    for text in sources.values():
        for group, key in re.findall(r"model\.set\(\s*(BOARD|GRAPH)\.(\w+)", text):
            found[GROUPS[group]].add(key)
    return found


def test_the_front_end_sets_only_the_traits_the_page_owns():
    # Every other trait the kernel alone sets (the page asks by message); a change the page
    # made to one would be refused and sent back (tests/test_board_offers.py).
    assert set(PAGE_SETS) == set(TRAITS)
    assert traits_set(front_end_sources()) == {widget: set(names) for widget, names in PAGE_SETS.items()}
    stray = {**front_end_sources(), "stray.js": "model.set(BOARD.cursor, 99); model.save_changes();"}
    assert traits_set(stray)["board"] == {"cursor"}


def test_every_message_a_board_takes_only_when_it_offers_it_names_what_it_needs():
    # Each button's message needs the button (its name among the controls), each of the
    # editor's the editor; the others come from every board.
    needs = {kind: m.needs for kind, m in FROM_BROWSER.items()}
    assert {k for k, n in needs.items() if n == "control"} == set(CONTROLS)
    assert {k for k, n in needs.items() if n == "editor"} == {k for k in FROM_BROWSER if k.startswith("edit-")}
    # Roll comes from every board, taken only while the board shows it (see test_widget_dice.py).
    assert {k for k, n in needs.items() if not n} == {"action", "expand", "next", "jump", "roll", "keeps-pictures"}


def answer_fields_read(sources: dict[str, str]) -> set[str]:
    """The fields the front end reads from the kernel's answers (``msg.tree``), besides their type."""
    return {field for text in sources.values() for field in re.findall(r"\bmsg\.(\w+)", text)} - {"type"}


def test_the_front_end_reads_no_field_of_an_answer_the_list_lacks():
    listed_fields = {field for answer in TO_BROWSER.values() for field in answer.fields}
    assert answer_fields_read(front_end_sources()) <= listed_fields
    assert answer_fields_read({"stray.js": "widget.node = msg.subtree;"}) - listed_fields == {"subtree"}


def widget_classes() -> list[type]:
    """Every anywidget class the package defines (each module imported),
    mixins left out, and so are the classes traitlets makes for a widget's
    own traits (anywidget gives each widget its ``_esm`` trait that way)."""
    for module in pkgutil.walk_packages(playbook.__path__, "playbook."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    found, todo = set(), [anywidget.AnyWidget]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.add(sub)
            todo.append(sub)
    return sorted((c for c in found if c.__module__.startswith("playbook.") and getattr(c, "_esm", None) is not None
                   and not isinstance(c._esm, traitlets.TraitType)), key=lambda c: c.__qualname__)


TRAIT_TYPES = {traitlets.Unicode: "string", traitlets.Bool: "boolean", traitlets.Int: "integer",
               traitlets.List: "list", traitlets.Dict: "object"}


def trait_type(trait: traitlets.TraitType) -> str:
    if isinstance(trait, traitlets.Union):
        return " or ".join(trait_type(t) for t in trait.trait_types)
    return next(name for kind, name in TRAIT_TYPES.items() if isinstance(trait, kind))


def synced_traits(cls: type) -> dict[str, str]:
    """The synced traits ``cls`` adds to anywidget's own, with their types as the list writes them."""
    own = set(anywidget.AnyWidget.class_traits(sync=True))
    return {name: trait_type(t) for name, t in cls.class_traits(sync=True).items() if name not in own}


def listed_widget(cls: type) -> str:
    """Which of the list's widgets ``cls`` is: its ``kind``, else a board."""
    traits = cls.class_traits()
    return traits["kind"].default_value if "kind" in traits else "board"


def test_every_widget_class_is_drawn_by_the_one_bundle_and_syncs_the_listed_traits():
    classes = widget_classes()
    assert {BoardWidget, ReviewGraph} <= set(classes)
    # anywidget holds the module's text (a file's, watched): it must be the bundle's.
    assert [c.__qualname__ for c in classes if str(c._esm) != ESM.read_text()] == [], (
        "a front end besides widgets/board.js")
    for cls in classes:
        assert synced_traits(cls) == TRAITS[listed_widget(cls)], cls.__qualname__
    assert {listed_widget(c) for c in classes} == set(TRAITS)


def test_the_trait_check_finds_a_trait_the_list_lacks():
    class Stray(BoardWidget):
        colour = traitlets.Unicode("").tag(sync=True)

    assert set(synced_traits(Stray)) - set(TRAITS["board"]) == {"colour"}


def python_sends(paths: list[Path]) -> tuple[set[str], list[str]]:
    """The message types the Python sources send, and each ``send`` that does not build its message with ``message``."""
    kinds, faults = set(), []
    for path in paths:
        text = path.read_text()
        kinds |= set(re.findall(r"\bmessage\(\s*\"([\w-]+)\"", text))
        faults += [f"{path.name}: {m.group()}" for m in re.finditer(r"\.send\((?!message\()[^)]*", text)]
    return kinds, faults


def test_the_kernel_sends_every_listed_answer_and_no_other():
    kinds, faults = python_sends(sorted((ROOT / "playbook").rglob("*.py")))
    assert faults == []
    assert kinds == set(TO_BROWSER)


def test_the_send_check_finds_a_message_built_by_hand(tmp_path):
    stray = tmp_path / "stray.py"
    stray.write_text('self.send({"type": "refused", "reason": why})\nself.send(message("hurray"))\n')
    kinds, faults = python_sends([stray])
    assert kinds == {"hurray"} and len(faults) == 1


def test_the_board_handles_every_listed_message_and_no_other():
    assert set(HANDLERS) == set(FROM_BROWSER)
    # The handlers read only listed fields, which the board checks before it calls them.
    read = set(re.findall(r"content\[\"(\w+)\"\]", (ROOT / "playbook" / "widget" / "messages.py").read_text()))
    assert read - {"type"} <= {field for m in FROM_BROWSER.values() for field in m.fields}
    assert {"steps", "position", "prefix", "index", "cell", "piece", "side", "text"} <= read
    # The buttons under the board send their own names.
    assert set(CONTROLS) <= set(FROM_BROWSER)


def test_a_dispatch_table_missing_a_listed_message_or_holding_a_stray_one_is_refused():
    handlers = dict(HANDLERS)
    del handlers["jump"]
    with pytest.raises(ValueError, match=r"miss the listed messages \['jump'\]"):
        dispatch_table(handlers)
    with pytest.raises(ValueError, match=r"unlisted ones \['teleport'\]"):
        dispatch_table({**HANDLERS, "teleport": HANDLERS["jump"]})


def test_a_message_the_list_lacks_or_with_other_fields_is_never_sent():
    said = "Refused: no king."
    assert message("edit-refused", reason=said) == {"type": "edit-refused", "reason": said}
    with pytest.raises(ValueError, match="no message 'hurray'"):
        message("hurray")
    with pytest.raises(ValueError, match="fields"):
        message("refused", why="no")
    with pytest.raises(ValueError, match="fields"):
        message("refused", reason=3)


def test_a_malformed_field_is_refused_with_the_lists_reason_or_a_general_one():
    # Worked out from the list: 'index' is an integer (a bool is not a move number),
    # 'piece' a string or null, and 'steps' a list.
    assert FROM_BROWSER["jump"].fault({"type": "jump", "index": True}) == "Refused: a jump needs a move number."
    assert FROM_BROWSER["jump"].fault({"type": "jump", "index": 3}) is None
    assert FROM_BROWSER["edit-place"].fault({"type": "edit-place", "cell": "a1", "piece": None}) is None
    assert FROM_BROWSER["edit-place"].fault({"type": "edit-place", "cell": "a1"}) is not None
    assert FROM_BROWSER["action"].fault({"type": "action", "steps": "c2-d3", "position": "x"}) == (
        "Refused: the 'action' message needs 'steps' as list.")


def test_every_listed_message_says_what_it_means():
    assert all(m.doc for m in [*FROM_BROWSER.values(), *TO_BROWSER.values()])
