"""The board's front end: ES modules in widgets/src, one concern each, and
widgets/board.js, their bundle, which anywidget loads.  The committed bundle
must be what esbuild makes of the sources today."""

import importlib.util
from pathlib import Path

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


def test_every_source_module_is_small_and_bundled():
    sources = sorted(SOURCES.glob("*.js"))
    sizes = {path.name: len(path.read_text().splitlines()) for path in sources}
    assert {"index.js", "entry.js", "drag.js", "animation.js", "drawings.js", "keyboard.js", "editor.js",
            "curtain.js", "status.js", "moves.js"} <= set(sizes)
    assert max(sizes.values()) <= 150, sizes
    # esbuild names each module it bundles in a comment: every source is reached from index.js.
    bundle = (ROOT / "widgets" / "board.js").read_text()
    assert [name for name in sizes if f"// src/{name}\n" not in bundle] == []
