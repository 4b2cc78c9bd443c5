"""Build hook: bundle the board's front end before a wheel is built.

The front end is written as ES modules in ``widgets/src``; anywidget loads a
single module, so esbuild (pinned in ``widgets/package.json`` and
``widgets/package-lock.json``) bundles them into ``widgets/board.js``, which
is committed.  When a wheel is built and npm is at hand, the wheel takes a
bundle made afresh in a temporary folder (``npm ci`` first, only when the
pinned esbuild is not installed yet, into the git-ignored
``widgets/node_modules``), so it always matches the sources; no tracked
file changes.  Without npm, or when npm cannot fetch
esbuild, the wheel takes the committed bundle, with a note saying why.  Set
``PLAYBOOK_BUNDLE=0`` to skip the bundling.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # imported outside a build, by the test of the bundle
    BuildHookInterface = object

WIDGETS = Path(__file__).resolve().parent / "widgets"
BUNDLE = WIDGETS / "board.js"


def npm_missing() -> str | None:
    """Why the bundle cannot be made here (no npm or node on the PATH), or None."""
    missing = [tool for tool in ("npm", "node") if shutil.which(tool) is None]
    return f"{' and '.join(missing)} not found on the PATH" if missing else None


def esbuild_installed() -> bool:
    """Whether widgets/node_modules holds the esbuild version package.json pins."""
    pinned = json.loads((WIDGETS / "package.json").read_text())["devDependencies"]["esbuild"]
    installed = WIDGETS / "node_modules" / "esbuild" / "package.json"
    return installed.exists() and json.loads(installed.read_text())["version"] == pinned


def bundle(outfile: Path, timeout: float | None = None) -> None:
    """Bundle widgets/src into ``outfile`` with the pinned esbuild, installing
    it with ``npm ci`` first when needed.  Raises ``subprocess.SubprocessError``
    or ``OSError`` when npm or esbuild fails."""
    if not esbuild_installed():
        # No retries: offline, npm would otherwise retry for over a minute before failing.
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--prefer-offline", "--fetch-retries=0"],
                       cwd=WIDGETS, check=True, capture_output=True, timeout=timeout)
    subprocess.run(["node", "build.mjs", str(outfile)],
                   cwd=WIDGETS, check=True, capture_output=True, timeout=timeout)


class BundleHook(BuildHookInterface):
    """Put a fresh bundle of widgets/src in the wheel as playbook/static/board.js,
    or the committed widgets/board.js when it cannot be made here."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict) -> None:
        """Bundle the front end into a temporary folder for the wheel."""
        if self.target_name != "wheel":
            return
        build_data["force_include"][str(self.fresh_bundle() or BUNDLE)] = "playbook/static/board.js"

    def fresh_bundle(self) -> Path | None:
        """A fresh bundle in a temporary folder, or None (with the reason shown) when it cannot be made."""
        reason = "PLAYBOOK_BUNDLE=0" if os.environ.get("PLAYBOOK_BUNDLE") == "0" else npm_missing()
        if reason:
            self.app.display_info(f"playbook: {reason}; the wheel takes the committed widgets/board.js")
            return None
        self.folder = tempfile.mkdtemp(prefix="playbook-bundle-")
        fresh = Path(self.folder) / "board.js"
        try:
            # A network that drops packets could still hold npm: give up after two minutes.
            bundle(fresh, timeout=120)
        except (OSError, subprocess.SubprocessError) as error:
            said = (getattr(error, "stderr", None) or b"").decode(errors="replace").strip()
            self.app.display_warning(f"playbook: could not bundle widgets/src ({error} {said[-300:]}); "
                                     "the wheel takes the committed widgets/board.js")
            return None
        if fresh.read_bytes() != BUNDLE.read_bytes():
            self.app.display_warning("playbook: widgets/board.js differs from a bundle of widgets/src; the wheel takes "
                                     "a fresh bundle (run `npm run build` in widgets/ and commit it)")
        return fresh

    def finalize(self, version: str, build_data: dict, artifact_path: str) -> None:
        """Remove the temporary folder of the fresh bundle."""
        if getattr(self, "folder", None):
            shutil.rmtree(self.folder, ignore_errors=True)
