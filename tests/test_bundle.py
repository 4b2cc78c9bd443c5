"""The board's front end: ES modules in widgets/src, one concern each, and
widgets/board.js, their bundle, which anywidget loads.  The committed bundle
must be what esbuild makes of the sources today: checked by building it
afresh where npm is at hand, and everywhere by the fingerprint of its
sources that the build writes in its second line."""

import importlib.util
import re
from pathlib import Path

import fingerprint
import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "widgets" / "src"


def build_hook():
    """hatch_build.py, the build hook that bundles the sources, as a module."""
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_bundle_is_a_fresh_build_of_the_sources(tmp_path):
    hook = build_hook()
    reason = hook.npm_missing()
    if reason:
        pytest.skip(f"the bundle cannot be rebuilt here: {reason}")
    fresh = tmp_path / "board.js"
    hook.bundle(fresh)
    committed = (ROOT / "widgets" / "board.js").read_text()
    assert committed.splitlines()[0].startswith("// Built from widgets/src by `npm run build`")
    assert committed == fresh.read_text(), "widgets/board.js is stale: run `npm run build` in widgets/ and commit it"


def sources_fingerprint(widgets: Path) -> str:
    """The bundle's fingerprint: the sources, the protocol's list (which the
    Python package reads too) and the build's own files."""
    files = ["../playbook/widget/protocol.json", "build.mjs", "package-lock.json"]
    return fingerprint.sources_fingerprint(widgets, files)


def test_the_committed_bundle_was_built_from_the_sources_as_they_are_without_npm():
    stated = re.match(r"// Built from widgets/src .*\n// sources sha256 ([0-9a-f]{64})\n",
                      (ROOT / "widgets" / "board.js").read_text())
    assert stated, "widgets/board.js does not say which sources it was built from: run `npm run build` in widgets/"
    assert stated.group(1) == sources_fingerprint(ROOT / "widgets"), (
        "widgets/board.js is stale: run `npm ci && npm run build` in widgets/ and commit it")


def test_the_fingerprint_changes_with_any_source(tmp_path):
    widgets = tmp_path / "widgets"
    (widgets / "src").mkdir(parents=True)
    (tmp_path / "playbook" / "widget").mkdir(parents=True)
    for name in ("build.mjs", "package-lock.json", "src/a.js", "src/b.js", "../playbook/widget/protocol.json"):
        (widgets / name).write_text(f"// {name}\n")
    before = sources_fingerprint(widgets)
    # A message or trait added to the protocol's list makes the bundle stale.
    (tmp_path / "playbook" / "widget" / "protocol.json").write_text('{"from_browser": {"stray": {}}}\n')
    assert sources_fingerprint(widgets) != before
    (tmp_path / "playbook" / "widget" / "protocol.json").write_text("// ../playbook/widget/protocol.json\n")
    assert sources_fingerprint(widgets) == before
    (widgets / "src" / "b.js").write_text("// b.js changed\n")
    assert sources_fingerprint(widgets) != before
    # Moving text from one file's end to the next file's start changes it too.
    (widgets / "src" / "b.js").write_text("// src/b.js\n")
    (widgets / "src" / "a.js").write_text("// src/a.js\n// src/b.js\n")
    (widgets / "src" / "b.js").write_text("")
    assert sources_fingerprint(widgets) != before


def test_every_source_module_is_small_and_bundled():
    sources = sorted(SOURCES.glob("*.js"))
    sizes = {path.name: len(path.read_text().splitlines()) for path in sources}
    assert {"index.js", "entry.js", "drag.js", "animation.js", "drawings.js", "keyboard.js", "editor.js",
            "curtain.js", "status.js", "moves.js"} <= set(sizes)
    assert max(sizes.values()) <= 150, sizes
    # esbuild names each module it bundles in a comment: every source is reached from index.js.
    bundle = (ROOT / "widgets" / "board.js").read_text()
    assert [name for name in sizes if f"// src/{name}\n" not in bundle] == []


def test_the_style_sheet_closes_every_rule_it_opens():
    # Two branches adding rules at the end of board.css once merged into a rule left open, which
    # swallowed every rule after it: no rule may open inside another (an @media block holds whole rules).
    stack: list[tuple[int, bool]] = []  # (line, is an @-block) of each brace open
    for number, line in enumerate((ROOT / "widgets" / "board.css").read_text().splitlines(), start=1):
        code = line.split("/*")[0]
        for char in code:
            if char == "{":
                inside_rule = any(not block for _, block in stack)
                assert not inside_rule, f"board.css line {number}: a rule opens inside the rule of line {stack[-1][0]}"
                stack.append((number, code.lstrip().startswith("@")))
            elif char == "}":
                assert stack, f"board.css line {number}: a brace closes nothing"
                stack.pop()
    assert stack == [], f"board.css: the rule of line {stack[-1][0] if stack else 0} is never closed"


def test_the_board_keeps_its_texts_no_smaller_than_the_drawings_promise():
    # The front end keeps a board wide enough for its texts to stay at render.MIN_TEXT_PX pixels.
    from playbook.render import MIN_TEXT_PX

    view = (SOURCES / "view.js").read_text()
    assert f"const MIN_TEXT_PX = {MIN_TEXT_PX};" in view
